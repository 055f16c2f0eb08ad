"""The preferences page: a person's time zone and which notifications they
want on the site and by e-mail. Thin: one form, one service."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from league.errors import ServiceError
from league.forms import WebForm, show_refusal
from league.notifications.kinds import Kind
from league.preferences.services import preferences_get, preferences_save
from league.preferences.zones import (
    BROWSER_COOKIE,
    SESSION_KEY,
    browser_zone,
    site_zone,
    zone_choices,
)


class PreferencesForm(WebForm):
    time_zone = forms.ChoiceField(
        label="Time zone",
        required=False,
        help_text="Dates and deadlines are shown in this zone, on the site "
        "and in e-mails.",
    )

    def __init__(self, *args: Any, default_label: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["time_zone"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", default_label), *zone_choices()]
        for kind in Kind:
            self.fields[f"site-{kind.value}"] = forms.BooleanField(
                required=False, label=f"On the site: {kind.label}"
            )
            self.fields[f"email-{kind.value}"] = forms.BooleanField(
                required=False, label=f"By e-mail: {kind.label}"
            )

    def rows(self) -> list[tuple[str, forms.BoundField, forms.BoundField]]:
        return [
            (kind.label, self[f"site-{kind.value}"], self[f"email-{kind.value}"])
            for kind in Kind
        ]

    def switched_off(self, channel: str) -> list[str]:
        return [
            kind.value
            for kind in Kind
            if not self.cleaned_data.get(f"{channel}-{kind.value}")
        ]


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def preferences_page(request: HttpRequest) -> HttpResponse:
    browser = browser_zone(request.COOKIES.get(BROWSER_COOKIE))
    default_label = (
        f"My browser's ({browser})" if browser else f"The site's ({site_zone()})"
    )
    prefs = preferences_get(request.user)  # type: ignore[arg-type]
    if request.method == "POST":
        form = PreferencesForm(request.POST, default_label=default_label)
        if form.is_valid():
            try:
                saved = preferences_save(
                    person=request.user,  # type: ignore[arg-type]
                    time_zone=form.cleaned_data["time_zone"],
                    site_off=form.switched_off("site"),
                    email_off=form.switched_off("email"),
                )
            except ServiceError as exc:
                show_refusal(exc.violations, form)
            else:
                request.session[SESSION_KEY] = saved.time_zone
                messages.success(request, "Preferences saved.")
                return redirect("web:preferences")
    else:
        initial: dict[str, Any] = {"time_zone": prefs.time_zone}
        for kind in Kind:
            initial[f"site-{kind.value}"] = kind.value not in prefs.site_off
            initial[f"email-{kind.value}"] = kind.value not in prefs.email_off
        form = PreferencesForm(initial=initial, default_label=default_label)
    return render(
        request,
        "league/preferences/preferences.html",
        {"form": form, "has_email": bool(getattr(request.user, "email", ""))},
        status=400 if form.errors else 200,
    )

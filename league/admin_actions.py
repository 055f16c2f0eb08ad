"""Admin actions that need a reason: a confirmation page with a form (the
reason, required, and whatever else the action asks), then the service call
for each selected object. A refused form writes nothing and shows the page
again; a service refusal is reported per object with its code."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse

from league.errors import ServiceError


class ReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=300,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
        help_text="Required: kept in the league's audit log.",
    )


def money(amount: int | None) -> str:
    """Gold pieces as the rulebook prints them: 1,000,000."""
    return "-" if amount is None else f"{amount:,}"


def target(value: int | None) -> str:
    """A characteristic rolled against (AG, PA, AV) as the rules write it:
    3+; a player with no PA has "-"."""
    return "-" if value is None else f"{value}+"


def reason_action(
    model_admin: admin.ModelAdmin[Any],
    request: HttpRequest,
    queryset: QuerySet[Any],
    *,
    title: str,
    run: Callable[[Any, dict[str, Any]], str],
    form_class: type[ReasonForm] = ReasonForm,
    explain: Sequence[str] = (),
    single: bool = False,
) -> TemplateResponse | None:
    """The confirmation page of an action, or (once the form is valid) run
    ``run(obj, cleaned_data)`` for each selected object and go back to the
    list with one message each. ``single`` actions take exactly one object."""
    if not model_admin.has_change_permission(request):
        raise PermissionDenied
    objects: list[Model] = list(queryset)
    if single and len(objects) != 1:
        model_admin.message_user(
            request, "Select exactly one for this action.", messages.ERROR
        )
        return None
    submitted = "apply" in request.POST
    form = form_class(request.POST if submitted else None)
    if submitted and form.is_valid():
        for obj in objects:
            try:
                done = run(obj, form.cleaned_data)
            except ServiceError as exc:
                codes = ", ".join(v.code for v in exc.violations)
                model_admin.message_user(
                    request, f"{obj}: refused ({codes}): {exc}", messages.ERROR
                )
            else:
                model_admin.message_user(request, f"{obj}: {done}", messages.SUCCESS)
        return None
    context = {
        **model_admin.admin_site.each_context(request),
        "title": title,
        "form": form,
        "objects": objects,
        "explain": explain,
        "action": request.POST.get("action", ""),
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        "opts": model_admin.model._meta,
    }
    return TemplateResponse(request, "admin/dugout/reason_action.html", context)

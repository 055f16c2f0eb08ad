"""The page where a person makes, names and revokes their API tokens."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from league.errors import ServiceError
from league.forms import WebForm, show_refusal
from league.tokens.models import ApiToken
from league.tokens.services import MAX_TOKENS, api_token_create, api_token_revoke


class TokenForm(WebForm):
    name = forms.CharField(
        label="Name",
        max_length=60,
        help_text="What the token is for, e.g. “league bot” or “my laptop”.",
    )


def _page(
    request: HttpRequest, form: TokenForm, *, new_key: str = "", status: int = 200
) -> HttpResponse:
    tokens = ApiToken.objects.filter(user_id=request.user.pk)
    return render(
        request,
        "league/tokens/tokens.html",
        {
            "form": form,
            "live": [t for t in tokens if t.revoked_at is None],
            "revoked": [t for t in tokens if t.revoked_at is not None][:10],
            "new_key": new_key,
            "max_tokens": MAX_TOKENS,
        },
        status=status,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def api_tokens(request: HttpRequest) -> HttpResponse:
    """GET: the person's tokens; POST: make one, shown once on the page
    that answers (never stored, so never shown again)."""
    if request.method in ("GET", "HEAD"):
        return _page(request, TokenForm())
    form = TokenForm(request.POST)
    if form.is_valid():
        try:
            token, key = api_token_create(
                user=request.user,  # type: ignore[arg-type]
                name=form.cleaned_data["name"],
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form)
        else:
            return _page(request, TokenForm(), new_key=key)
    return _page(request, form, status=400)


@require_POST
@login_required
def api_token_revoke_view(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        token = api_token_revoke(
            user=request.user,  # type: ignore[arg-type]
            token_id=token_id,
        )
    except ServiceError as exc:
        for v in exc.violations:
            messages.error(request, v.message)
    else:
        messages.success(
            request, f"The token {token.name!r} is revoked: the API refuses it now."
        )
    return redirect("web:api-tokens")

"""The commissioner's invitation forms on the members page."""

from __future__ import annotations

from django import forms

from league.forms import WebForm
from league.invites.services import LINK_DAYS, LINK_MAX_USES


class InviteLinkForm(WebForm):
    max_uses = forms.IntegerField(
        label="Joins allowed",
        min_value=1,
        max_value=1000,
        required=False,
        initial=LINK_MAX_USES,
        help_text="How many people may join through the new link; empty for no limit.",
    )
    days = forms.IntegerField(
        label="Days valid",
        min_value=1,
        max_value=365,
        required=False,
        initial=LINK_DAYS,
        help_text="How long the new link works; empty for no end.",
    )


class EmailInviteForm(WebForm):
    email = forms.EmailField(
        label="E-mail address",
        help_text="They get a link to join, with or without a Dugout account.",
    )

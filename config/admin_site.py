"""The admin site: the superuser, and each league's commissioner for the
leagues they run.

Decision: ``is_staff`` alone lets no one in. A commissioner is let in
because they run a league (``League.commissioner``), not because a flag was
set by hand, and loses access the moment they run none; a staff account
that is neither superuser nor commissioner is refused like any coach,
unless it was given the "Can add league" permission, which lets it in to
create leagues (``league.admin_scope.may_add_league``). What a commissioner
sees and may do inside is decided per model admin (``league/admin_scope.py``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin import AdminSite
from django.contrib.admin.forms import AdminAuthenticationForm
from django.http import HttpRequest


def admin_allowed(user: Any) -> bool:
    """The superuser, an active user who commissions at least one league, or
    a staff account allowed to create leagues."""
    from league.admin_scope import may_add_league

    return may_add_league(user)


class CommissionerAuthenticationForm(AdminAuthenticationForm):
    def confirm_login_allowed(self, user: Any) -> None:
        if not admin_allowed(user):
            raise forms.ValidationError(
                "This account runs no league: the admin is for commissioners.",
                code="not_commissioner",
            )


class DugoutAdminSite(AdminSite):
    site_header = "Dugout — commissioner admin"
    site_title = "Dugout admin"
    index_title = "Your leagues"
    login_form = CommissionerAuthenticationForm

    def has_permission(self, request: HttpRequest) -> bool:
        return admin_allowed(request.user)

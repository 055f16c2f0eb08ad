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
from django.contrib.admin import AdminSite, ModelAdmin
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


def _superuser(request: HttpRequest) -> bool:
    return bool(getattr(request.user, "is_superuser", False))


class SuperuserOnly:
    """Mixed into every model admin that is not a league's (users, groups,
    tokens, e-mail addresses, the Discord app and accounts): the superuser's
    alone. A commissioner gets into the admin without a staff flag, so the
    staff gate that keeps Django's model permissions inside the admin for
    everyone else is not there: a permission a commissioner was given (a
    group's) must not open the user list, its addresses or the tokens."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return _superuser(request) and super().has_module_permission(request)  # type: ignore[misc]

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _superuser(request) and super().has_view_permission(request, obj)  # type: ignore[misc]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _superuser(request) and super().has_change_permission(request, obj)  # type: ignore[misc]

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return _superuser(request) and super().has_add_permission(request, *args)  # type: ignore[misc]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _superuser(request) and super().has_delete_permission(request, obj)  # type: ignore[misc]


class DugoutAdminSite(AdminSite):
    site_header = "Dugout — commissioner admin"
    site_title = "Dugout admin"
    index_title = "Your leagues"
    login_form = CommissionerAuthenticationForm

    def has_permission(self, request: HttpRequest) -> bool:
        return admin_allowed(request.user)

    def register(
        self, model_or_iterable: Any, admin_class: Any = None, **options: Any
    ) -> None:
        """Register as Django does; a model admin that is not scoped to
        the commissioner's leagues (``CommissionerScope``) is the
        superuser's alone (:class:`SuperuserOnly`)."""
        from league.admin_scope import CommissionerScope

        admin_class = admin_class or ModelAdmin
        if not issubclass(admin_class, CommissionerScope):
            admin_class = type(
                admin_class.__name__,
                (SuperuserOnly, admin_class),
                {"__module__": admin_class.__module__},
            )
        super().register(model_or_iterable, admin_class, **options)

"""A person's notifications: the list, opening one (a POST from the list,
which marks it read) and marking them all read. Thin: each calls one
service or selector."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from league.notifications.selectors import notification_list, notifications_unread
from league.notifications.services import notification_open, notifications_read_all


@login_required
@require_safe
def notification_list_page(request: HttpRequest) -> HttpResponse:
    # Every unread one, as the navigation counts them, not only those among
    # the latest listed: an older one unread still offers "Mark all read".
    return render(
        request,
        "league/notifications/list.html",
        {
            "notifications": list(notification_list(request.user)),
            "unread": notifications_unread(request.user).count(),
        },
    )


@login_required
@require_POST
def notification_open_view(request: HttpRequest, notification_id: int) -> HttpResponse:
    """Follow a notification to where it points, marking it read: a POST
    (the list's button), since it writes; a GET is refused and marks
    nothing."""
    url = notification_open(
        notification_id=notification_id,
        person=request.user,  # type: ignore[arg-type]
    )
    return redirect(url or "web:notifications")


@login_required
@require_POST
def notifications_read_view(request: HttpRequest) -> HttpResponse:
    count = notifications_read_all(person=request.user)  # type: ignore[arg-type]
    messages.success(
        request, f"{count} notification{'s' if count != 1 else ''} marked read."
    )
    return redirect("web:notifications")

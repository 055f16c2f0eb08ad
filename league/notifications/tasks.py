"""The notifications' e-mails, sent in the background (thin: one service)."""

from __future__ import annotations

import logging
from smtplib import SMTPException

from celery import shared_task
from django.conf import settings

from league.notifications.services import notification_mail

log = logging.getLogger(__name__)
RETRY_SECONDS = 60


@shared_task(bind=True, acks_late=True, ignore_result=True, max_retries=5)
def notification_mail_task(self, notification_id: int) -> None:  # type: ignore[no-untyped-def]
    """Mail one notification. A mail server that fails is tried again a
    minute later, up to five times. Eager (the embedded default) does not
    wait: the failure is logged and the notification stays on the site."""
    try:
        notification_mail(notification_id=notification_id)
    except (SMTPException, OSError) as exc:
        if settings.CELERY_TASK_ALWAYS_EAGER:
            log.warning("notification %s not mailed: %s", notification_id, exc)
            return
        raise self.retry(exc=exc, countdown=RETRY_SECONDS) from None

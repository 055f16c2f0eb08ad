"""Every e-mail Dugout sends goes through here: its subject is built by
:func:`mail_subject`, and :func:`mail_send` sends only a subject built so.
The mails: an invitation by e-mail (``league/invites/services.py``), a
notification (``league/notifications/services.py``) and django-allauth's
account mails — address verification, password reset and the like — whose
subjects the account adapter builds here (``league/accounts/adapter.py``).
No other module imports ``django.core.mail`` (``tests/league/test_mail.py``
checks it, and renders the subject of every mail kind)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.core.mail import send_mail

SITE_TAG = "[Dugout]"
SUBJECT_MAX = 120
# What every subject looks like (the league's part is optional).
SUBJECT_PATTERN = re.compile(r"\A\[Dugout\] \S[^\r\n]*\Z")


class Subject(str):
    """A subject built by :func:`mail_subject`; :func:`mail_send` takes no
    other."""

    __slots__ = ()


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


# Decision: a subject reads "[Dugout] <League name>: <what happened>" for a
# mail about a league, and "[Dugout] <what happened>" for one about the
# account. "[Dugout] " is the prefix the invitation and allauth's mails had
# already (the notifications had "Dugout: "); the league's name right after
# it tells a coach of several leagues which one a mail is about. A "what"
# that begins with the league's name and a colon (a season scheduled) does
# not repeat it; one that names the league further on keeps its words, as
# the notification on the site reads. A subject is one line of at most
# SUBJECT_MAX characters, cut with an ellipsis.
def mail_subject(what: str, *, league: str | None = None) -> Subject:
    """``[Dugout] <league>: <what>``, or ``[Dugout] <what>`` without a
    league (see the Decision above)."""
    what = _one_line(what)
    if league:
        name = _one_line(league)
        what = f"{name}: {what.removeprefix(f'{name}: ')}"
    subject = f"{SITE_TAG} {what}"
    if len(subject) > SUBJECT_MAX:
        subject = subject[: SUBJECT_MAX - 1] + "…"
    return Subject(subject)


def mail_send(*, subject: Subject, body: str, to: Sequence[str]) -> None:
    """Send one plain-text mail from ``DEFAULT_FROM_EMAIL``."""
    if not isinstance(subject, Subject):
        raise TypeError("a mail's subject is built by league.mail.mail_subject")
    send_mail(str(subject), body, None, list(to))

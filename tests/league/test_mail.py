"""Every e-mail's subject follows one pattern, built by one helper
(``league/mail.py``): ``[Dugout] <League name>: <what happened>``, or
``[Dugout] <what happened>`` for an account's mail. The source is searched
for every place that sends a mail or builds a subject, so a new mail that
bypasses the helper, or one whose subject no test here renders, fails."""

from __future__ import annotations

import ast
from pathlib import Path

import allauth
import pytest
from allauth.account.adapter import get_adapter
from allauth.core.context import request_context
from django.core import mail
from django.template.loader import get_template
from django.test import RequestFactory

from league.invites.services import invite_email_send
from league.mail import SUBJECT_MAX, SUBJECT_PATTERN, mail_send, mail_subject
from league.models import Notification
from league.notifications.kinds import Kind
from league.notifications.services import notification_mail, notify
from tests.league.accounts_support import sign_up

ROOT = Path(__file__).resolve().parents[2]
APPS = ("league", "matches", "config")
HELPER = "league/mail.py"

# Every function of the apps that builds a mail's subject or sends a mail,
# and the test below that renders that mail's subject.
RENDERED = {
    "league/invites/services.py:_invite_mail": "test_the_invitation_by_email",
    "league/notifications/services.py:notification_email": "test_every_notification",
    "league/notifications/services.py:notification_mail": "test_every_notification",
    "league/accounts/adapter.py:AccountAdapter.format_email_subject": (
        "test_every_account_mail_of_allauth"
    ),
}


def follows_the_pattern(subject: str, league: str | None) -> bool:
    head = f"[Dugout] {league}: " if league else "[Dugout] "
    return (
        SUBJECT_PATTERN.match(subject) is not None
        and subject.startswith(head)
        and len(subject) > len(head)
        and len(subject) <= SUBJECT_MAX
    )


# --- the helper -------------------------------------------------------------------


def test_the_subject_names_the_league_then_what_happened():
    assert mail_subject("bob reported a result", league="Sevens Cup") == (
        "[Dugout] Sevens Cup: bob reported a result"
    )
    assert mail_subject("Please Confirm Your Email Address") == (
        "[Dugout] Please Confirm Your Email Address"
    )


def test_a_what_that_begins_with_the_league_does_not_repeat_it():
    assert mail_subject("Sevens Cup: Spring is scheduled", league="Sevens Cup") == (
        "[Dugout] Sevens Cup: Spring is scheduled"
    )


def test_a_subject_is_one_line_cut_at_its_length():
    subject = mail_subject("a\nb  " + "x" * 300, league="Sevens\r\nCup")

    assert subject.startswith("[Dugout] Sevens Cup: a b xxx")
    assert len(subject) == SUBJECT_MAX == 120
    assert subject.endswith("x…")


def test_only_a_built_subject_is_sent():
    with pytest.raises(TypeError):
        mail_send(subject="Dugout: hello", body="", to=["bob@example.org"])  # type: ignore[arg-type]

    assert mail.outbox == []


# --- every mail kind ------------------------------------------------------------------


def test_the_invitation_by_email(sevens, alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invite_email_send(
            league_id=sevens.pk,
            email="nelly@example.org",
            actor=alice,
            site="http://testserver",
        )

    [sent] = mail.outbox
    assert sent.to == ["nelly@example.org"]
    assert sent.subject == "[Dugout] Sevens Cup: alice invites you to join the league"
    assert follows_the_pattern(sent.subject, "Sevens Cup")


@pytest.mark.parametrize("kind", list(Kind))
@pytest.mark.parametrize("in_league", [True, False])
def test_every_notification(
    sevens, bob, kind, in_league, django_capture_on_commit_callbacks
):
    bob.email = "bob@example.org"
    bob.save(update_fields=["email"])
    text = f"Something about {kind.label.lower()}"

    with django_capture_on_commit_callbacks(execute=True):
        notify(
            recipients=[bob.pk],
            kind=kind,
            text=text,
            key=f"test:{kind}",
            league_id=sevens.pk if in_league else None,
        )

    [sent] = mail.outbox
    league = "Sevens Cup" if in_league else None
    head = "[Dugout] Sevens Cup: " if in_league else "[Dugout] "
    assert sent.subject == head + text
    assert follows_the_pattern(sent.subject, league)
    assert Notification.objects.get().emailed_at is not None


def test_a_long_notification_is_cut_in_the_subject_only(
    sevens, bob, django_capture_on_commit_callbacks
):
    bob.email = "bob@example.org"
    bob.save(update_fields=["email"])
    text = "x" * 200
    with django_capture_on_commit_callbacks(execute=False):
        notify(
            recipients=[bob.pk],
            kind=Kind.SEASON_SCHEDULED,
            text=text,
            key="k",
            league_id=sevens.pk,
        )

    assert notification_mail(notification_id=Notification.objects.get().pk)

    [sent] = mail.outbox
    assert sent.subject == "[Dugout] Sevens Cup: " + "x" * (120 - 21 - 1) + "…"
    assert text in sent.body


def _allauth_mails() -> list[str]:
    folder = Path(allauth.__file__).parent / "templates" / "account" / "email"
    return sorted(
        f"account/email/{p.name.removesuffix('_subject.txt')}"
        for p in folder.glob("*_subject.txt")
    )


def test_every_account_mail_of_allauth(db):
    """Each of allauth's mails (its subject templates), rendered by the
    site's adapter."""
    prefixes = _allauth_mails()
    assert "account/email/email_confirmation_signup" in prefixes
    assert "account/email/password_reset_key" in prefixes
    request = RequestFactory().get("/")
    with request_context(request):
        adapter = get_adapter(request)
        for prefix in prefixes:
            plain = get_template(f"{prefix}_subject.txt").render({}).strip()
            message = adapter.render_mail(prefix, "nelly@example.org", {})
            assert message.subject == f"[Dugout] {' '.join(plain.split())}", prefix
            assert follows_the_pattern(message.subject, None), prefix


def test_the_sign_up_mail_as_sent(client, db):
    sign_up(client, "nelly", "nelly@example.org")

    [sent] = mail.outbox
    assert sent.subject == "[Dugout] Please Confirm Your Email Address"


def test_the_password_reset_mail_as_sent(client, bob):
    bob.email = "bob@example.org"
    bob.save(update_fields=["email"])

    client.post("/accounts/password/reset/", {"email": "bob@example.org"})

    [sent] = mail.outbox
    assert sent.subject == "[Dugout] Password Reset Email"


# --- nobody sends a mail another way ------------------------------------------------


def _sources() -> list[Path]:
    return sorted(
        path
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    )


def _imports_mail(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            names = {a.name for a in node.names}
            if node.module.startswith("django.core.mail") or (
                node.module == "django.core" and "mail" in names
            ):
                lines.append(node.lineno)
        elif isinstance(node, ast.Import):
            if any(a.name.startswith("django.core.mail") for a in node.names):
                lines.append(node.lineno)
    return lines


def test_only_the_helper_imports_django_mail():
    """send_mail, EmailMessage, mail_admins, get_connection, ...: only
    through league/mail.py."""
    found = {
        str(path.relative_to(ROOT)): lines
        for path in _sources()
        if (lines := _imports_mail(ast.parse(path.read_text())))
    }
    assert found == {HELPER: found.get(HELPER, [])}
    assert found[HELPER]


class _Callers(ast.NodeVisitor):
    """The functions (``Class.method`` or ``function``) that call
    ``mail_subject`` or ``mail_send``."""

    def __init__(self) -> None:
        self.scope: list[str] = []
        self.found: set[str] = set()

    def _enter(self, node: ast.AST, name: str) -> None:
        self.scope.append(name)
        self.generic_visit(node)
        self.scope.pop()

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._enter(node, node.name)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._enter(node, node.name)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._enter(node, node.name)

    def visit_Name(self, node: ast.Name) -> None:
        if node.id in {"mail_subject", "mail_send"} and isinstance(node.ctx, ast.Load):
            self.found.add(".".join(self.scope) or "<module>")


def test_every_mail_is_built_by_the_helper_and_rendered_here():
    callers = set()
    for path in _sources():
        name = str(path.relative_to(ROOT))
        if name == HELPER:
            continue
        visitor = _Callers()
        visitor.visit(ast.parse(path.read_text()))
        callers |= {f"{name}:{function}" for function in visitor.found}

    assert callers == set(RENDERED)
    for test in RENDERED.values():
        assert callable(globals()[test])

"""Saving a person's preferences."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from league.errors import ServiceError, Violation
from league.notifications.kinds import Kind
from league.preferences.models import Preferences
from league.preferences.zones import valid_zone


def preferences_get(person: AbstractBaseUser) -> Preferences:
    """The person's preferences, or the defaults (unsaved) if they have none."""
    found = Preferences.objects.filter(person_id=person.pk).first()
    return found if found is not None else Preferences(person_id=person.pk)


@transaction.atomic
def preferences_save(
    *,
    person: AbstractBaseUser,
    time_zone: str,
    site_off: Iterable[str],
    email_off: Iterable[str],
) -> Preferences:
    """Save the time zone ("" for the browser's) and the notification kinds
    switched off on the site and by e-mail. Refused, with nothing written,
    for an unknown zone or kind."""
    site, email = sorted(set(site_off)), sorted(set(email_off))
    problems = []
    if time_zone.strip() and valid_zone(time_zone) is None:
        problems.append(
            Violation(
                "unknown_zone", "time_zone", f"there is no time zone {time_zone!r}"
            )
        )
    for field, kinds in (("site_off", site), ("email_off", email)):
        problems += [
            Violation("unknown_kind", field, f"there is no notification {kind!r}")
            for kind in kinds
            if kind not in Kind.values
        ]
    if problems:
        raise ServiceError(problems)
    prefs = Preferences.objects.select_for_update().filter(person_id=person.pk).first()
    if prefs is None:
        prefs = Preferences(person_id=person.pk)
    prefs.time_zone = time_zone.strip()
    prefs.site_off = site
    prefs.email_off = email
    prefs.full_clean(exclude=["person"], validate_constraints=False)
    prefs.save()
    return prefs

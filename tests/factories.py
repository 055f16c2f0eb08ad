"""factory_boy factories. Teams are drafted through the real service so
every test team is a legal one with a true ledger."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from engine.core.rules_data import rules_data
from engine.variants import get_variant
from league.models import League, LeagueMembership
from league.services.teams import PlayerRequest, team_draft


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"coach{n}")
    password = factory.django.Password("password")


class LeagueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = League

    name = factory.Sequence(lambda n: f"League {n}")
    format = "sevens"
    # the format's own rules data, as league_create pins it (a BB2025
    # league on BB2020's data would test the wrong edition)
    rules_version = factory.LazyAttribute(
        lambda league: get_variant(league.format).rules_data_version
    )
    commissioner = factory.SubFactory(UserFactory)


def lineman_requests(roster_slug: str, n: int) -> list[PlayerRequest]:
    roster = rules_data().rosters[roster_slug]
    lineman = min(roster.lineman_positions, key=lambda p: p.cost)
    return [PlayerRequest(lineman.slug, f"{lineman.name} {i}") for i in range(1, n + 1)]


def make_member(league, *coaches):
    """Make ``coaches`` members of ``league`` in one step, without the
    invitation and its audit-log lines (the membership services have their
    own tests). The commissioner needs no row."""
    for coach in coaches:
        if coach.pk != league.commissioner_id:
            LeagueMembership.objects.update_or_create(
                league=league,
                coach=coach,
                defaults={"status": LeagueMembership.Status.MEMBER},
            )


def draft_team(league, coach, *, roster="orc", name=None, extra=(), **options):
    """Draft a minimal legal team: linemen to the format's minimum plus
    ``extra`` (position, name) pairs. Only members draft: the coach becomes
    one first."""
    make_member(league, coach)
    fmt = get_variant(league.format)
    players = lineman_requests(roster, fmt.min_players) + [
        PlayerRequest(*p) for p in extra
    ]
    return team_draft(
        league=league,
        coach=coach,
        name=name or f"{coach.username}'s {roster}",
        roster=roster,
        players=players,
        **options,
    )

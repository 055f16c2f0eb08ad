"""Demo data for a newcomer's first ``make demo``: accounts, a league of each
format (eight Sevens teams, four Blood Bowl teams of each edition, four
classic teams, four Blitz Bowl team cards), all drafted. The leagues are open to requests to join, and the demo coaches are members,
invited by the commissioner as a real league would do it."""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.db import transaction

from engine.facade import get_variant, rules_data, suggest_draft
from league.models import League, LeagueMembership, Team
from league.names.suggestions import names_suggest
from league.services.card_teams import team_draft_card
from league.services.leagues import league_create
from league.services.membership import (
    league_set_open,
    membership_accept,
    membership_approve,
    membership_invite,
)
from league.services.teams import PlayerRequest, team_draft

# (username, password, superuser); demo only, printed by the command.
DEMO_ACCOUNTS = (
    ("admin", "admin", True),
    ("commish", "commish", False),
    ("bob", "bob", False),
    ("carla", "carla", False),
)
DEMO_LEAGUES = (
    (
        "Badlands Sevens",
        "sevens",
        [
            ("bob", "orc", "Gouged Eye"),
            ("carla", "human", "Reikland Reavers"),
            ("bob", "skaven", "Skavenblight Scramblers"),
            ("carla", "wood-elf", "Athelorn Avengers"),
            ("bob", "dwarf", "Grudgebearers"),
            ("carla", "lizardmen", "Lustria Croakers"),
            ("bob", "chaos-chosen", "Chaos All-Stars"),
            ("carla", "shambling-undead", "Champions of Death"),
        ],
    ),
    (
        "Old World Classic",
        "bb2020",
        [
            ("bob", "dwarf", "Dwarf Giants"),
            ("carla", "lizardmen", "Sotek's Serpents"),
            ("bob", "chaos-chosen", "Khorne's Hounds"),
            ("carla", "shambling-undead", "Middenheim Mourners"),
        ],
    ),
    (
        # Dungeon Bowl: the eight Colleges of Magic
        "Magisterium Dungeon Bowl",
        "dungeon-bowl",
        [
            ("bob", "college-of-fire", "Blazing Axes"),
            ("carla", "college-of-shadows", "Grey Wardens"),
            ("bob", "college-of-metal", "Golden Order"),
            ("carla", "college-of-light", "Pyramid Lights"),
            ("bob", "college-of-death", "Amethyst Reapers"),
            ("carla", "college-of-life", "Jade Thorns"),
            ("bob", "college-of-beasts", "Amber Hunters"),
            ("carla", "college-of-heavens", "Celestial Comets"),
        ],
    ),
    (
        # Blood Bowl 2025 (the Third Season Edition), with its new Bretonnians
        "Couronne Open",
        "bb2025",
        [
            ("bob", "bretonnian", "Couronne Chevaliers"),
            ("carla", "human", "Bögenhafen Barons"),
            ("bob", "orc", "Grimtooth Gitz"),
            ("carla", "wood-elf", "Loren Wardens"),
        ],
    ),
    (
        "Lustria Classic Cup",
        "classic",
        [
            ("bob", "orc", "Orcland Raiders"),
            ("carla", "human", "Altdorf Oldboys"),
            ("bob", "skaven", "Warpstone Runners"),
            ("carla", "wood-elf", "Laurelorn Lions"),
        ],
    ),
)

# Leagues of a format where a team is a team card (Blitz Bowl, a house
# format): each team picks a card, so no roster or budget.
DEMO_CARD_LEAGUES = (
    (
        "Blitz Bowl Open",
        "blitz-bowl",
        [
            ("bob", "human", "Altdorf Blitzers"),
            ("carla", "orc", "Da Blitz Boyz"),
            ("bob", "dwarf", "Karak Hammers"),
            ("carla", "skaven", "Warpfire Sprinters"),
        ],
    ),
)

DEMO_SPECIAL_RULES = {"Khorne's Hounds": "favoured-of-khorne"}
# League options of a demo league, by its name: the Sevens league takes seed
# 004's Star Player Points option, so its players earn SPP and advance.
DEMO_LEAGUE_OPTIONS: dict[str, dict[str, bool]] = {
    "Badlands Sevens": {"sevens_spp": True},
    # the dungeon's optional time limit: every demo match ends in its round
    "Magisterium Dungeon Bowl": {"time_limit": True},
}


def demo_player_names(
    league_name: str, team_name: str, roster: str, positions: Sequence[str]
) -> list[str]:
    """The names of a demo team's players, in the order of ``positions``,
    from the name book the draft page suggests from.

    Decision: drawn with a generator seeded by the league's and the team's
    names, so every ``make demo`` names each team's players alike, and two
    teams of one roster get different squads."""
    rng = random.Random(f"{league_name}/{team_name}")
    return names_suggest(roster, positions, rng=rng)


def _account(
    username: str, password: str, superuser: bool
) -> tuple[AbstractUser, bool]:
    user, created = get_user_model().objects.get_or_create(username=username)
    user.is_staff = user.is_superuser = superuser
    user.set_password(password)
    user.save(update_fields=["is_staff", "is_superuser", "password"])
    return user, created


@transaction.atomic
def demo_build() -> list[str]:
    """Create (or keep) the demo world; return a line per thing done.

    Idempotent: a second run keeps what exists, restores the demo passwords,
    and creates nothing twice.
    """
    lines: list[str] = []
    users = {}
    for username, password, superuser in DEMO_ACCOUNTS:
        users[username], created = _account(username, password, superuser)
        role = "superuser" if superuser else "user"
        lines.append(
            f"{'created' if created else 'kept'} {role} {username!r} "
            f"with password {password!r}"
        )
    for league_name, fmt_slug, teams in (*DEMO_LEAGUES, *DEMO_CARD_LEAGUES):
        league = League.objects.filter(name=league_name).first()
        if league is None:
            league = league_create(
                commissioner=users["commish"],
                name=league_name,
                format=fmt_slug,
                **DEMO_LEAGUE_OPTIONS.get(league_name, {}),
            )
            lines.append(
                f"created league {league_name!r} ({get_variant(fmt_slug).label})"
            )
        if not league.is_open:
            league_set_open(league_id=league.pk, is_open=True, actor=users["commish"])
            lines.append(f"opened {league_name!r} to requests to join")
        for coach in sorted({coach for coach, _, _ in teams}):
            status = (
                LeagueMembership.objects.filter(league=league, coach_id=users[coach].pk)
                .values_list("status", flat=True)
                .first()
            )
            if status == LeagueMembership.Status.MEMBER:
                continue
            if status == LeagueMembership.Status.REQUESTED:
                membership_approve(
                    league_id=league.pk,
                    coach_id=users[coach].pk,
                    actor=users["commish"],
                )
            else:
                if status != LeagueMembership.Status.INVITED:
                    membership_invite(
                        league_id=league.pk, username=coach, actor=users["commish"]
                    )
                membership_accept(league_id=league.pk, actor=users[coach])
            lines.append(f"{coach} joined {league_name!r}")
        for coach, roster_slug, team_name in teams:
            if Team.objects.filter(league=league, name=team_name).exists():
                continue
            fmt = get_variant(fmt_slug)
            if fmt.drafts_team_card:
                team = team_draft_card(
                    league=league,
                    coach=users[coach],
                    name=team_name,
                    card=roster_slug,
                    player_names=demo_player_names(
                        league_name,
                        team_name,
                        roster_slug,
                        [p.position for p in fmt.card_players(roster_slug)],
                    ),
                )
                lines.append(
                    f"drafted {team_name!r} ({fmt.team_cards()[roster_slug]} team "
                    f"card, coach {coach}) in {league_name!r}: "
                    f"{team.players.count()} players"
                )
                continue
            request = suggest_draft(
                fmt, rules_data(fmt.rules_data_version).rosters[roster_slug]
            )
            # Decision: the demo's Chaos teams take the favour their name
            # says; the others the suggested draft's first option.
            choice = DEMO_SPECIAL_RULES.get(team_name, request.special_rule)
            positions = [position for position, _ in request.players]
            names = demo_player_names(league_name, team_name, roster_slug, positions)
            team = team_draft(
                league=league,
                coach=users[coach],
                name=team_name,
                roster=roster_slug,
                players=[
                    PlayerRequest(position, name)
                    for position, name in zip(positions, names, strict=True)
                ],
                rerolls=request.rerolls,
                apothecary=request.apothecary,
                special_rule=choice or "",
            )
            lines.append(
                f"drafted {team_name!r} ({roster_slug}, coach {coach}) "
                f"in {league_name!r}: {len(request.players)} players, "
                f"{team.treasury:,} left in the treasury"
            )
    return lines

"""Reads for the web pages of the league app: the draft's live budget and
the rows of a printed team sheet. Nothing here writes, and nothing here
runs a query per player."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from engine.facade import (
    BORROWED_POSITIONS,
    DraftError,
    DraftRequest,
    Roster,
    SkillRef,
    StarPlayer,
    Variant,
    Violation,
    draft_check,
    get_variant,
    rules_data,
)
from league.models import League, LeagueMembership, Player, Team
from league.selectors import league_membership_get, team_list

CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")


@dataclass(frozen=True, slots=True)
class DraftBudget:
    """What a draft in progress costs, item by item, and what the rules say
    about it so far (the same check the draft service runs)."""

    budget: int
    players: int
    rerolls: int
    staff: int
    dedicated_fans: int
    total: int
    player_count: int
    problems: tuple[Violation, ...]
    # the format's team fields: the lines a draft of it may have
    fields: frozenset[str] = frozenset()

    @property
    def has_staff(self) -> bool:
        return bool({"assistant_coaches", "cheerleaders", "apothecary"} & self.fields)

    @property
    def remaining(self) -> int:
        return self.budget - self.total

    @property
    def over(self) -> bool:
        return self.total > self.budget

    @property
    def overspend(self) -> int:
        """By how much the draft is over budget (0 within it)."""
        return max(self.total - self.budget, 0)

    @property
    def percent(self) -> int:
        return min(100, round(100 * self.total / self.budget)) if self.budget else 0


def draft_budget(fmt: Variant, roster: Roster, request: DraftRequest) -> DraftBudget:
    """Price ``request`` at the format's draft prices. Unknown positions cost
    nothing here; ``problems`` lists them with every other broken rule."""
    known = {p.slug: p for p in roster.positions}
    players = sum(known[s].cost for s, _ in request.players if s in known)
    rerolls = request.rerolls * (fmt.reroll_cost(roster, at_draft=True) or 0)
    staff = (
        request.assistant_coaches * (fmt.staff_cost(roster, "assistant_coach") or 0)
        + request.cheerleaders * (fmt.staff_cost(roster, "cheerleader") or 0)
        + (fmt.staff_cost(roster, "apothecary") or 0) * int(request.apothecary)
    )
    fans = max(request.dedicated_fans - 1, 0) * fmt.dedicated_fan_cost
    try:
        draft_check(fmt, roster, request)
        problems: tuple[Violation, ...] = ()
    except DraftError as exc:
        problems = exc.violations
    return DraftBudget(
        budget=fmt.budget,
        players=players,
        rerolls=rerolls,
        staff=staff,
        dedicated_fans=fans,
        total=players + rerolls + staff + fans,
        player_count=len(request.players),
        problems=problems,
        fields=fmt.team_fields,
    )


@dataclass(frozen=True, slots=True)
class StarOffer:
    """A Star Player who plays for a roster's teams; ``requires`` names the
    special rules, among those the roster chooses from at the draft, one
    of which the team must take for him (empty: every team)."""

    star: StarPlayer
    requires: tuple[str, ...]


def roster_star_offers(fmt: Variant, roster: Roster, version: str) -> list[StarOffer]:
    """The Star Players a team of ``roster`` may hire in ``fmt``, cheapest
    first (none in a format without Star Players)."""
    if not fmt.star_players:
        return []
    data = rules_data(version)
    options = roster.special_rule_choice or (None,)
    offers = []
    for star in sorted(data.star_players.values(), key=lambda s: (s.cost, s.name)):
        via = [o for o in options if star.plays_for(roster.team_rules(o))]
        if not via:
            continue
        requires = () if len(via) == len(options) else tuple(via)
        offers.append(
            StarOffer(
                star,
                tuple(
                    data.special_rules[r].name if r in data.special_rules else r
                    for r in requires
                    if r is not None
                ),
            )
        )
    return offers


@dataclass(frozen=True, slots=True)
class Characteristic:
    name: str
    value: str
    lost: int


@dataclass(frozen=True, slots=True)
class SkillLabel:
    """A skill as a sheet shows it ("Mighty Blow (+1)"); ``slug`` and
    ``param`` let ``{% skill %}`` find its description."""

    label: str
    gained: bool
    slug: str = ""
    param: str | None = None


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of a team sheet. A team card's player (a format that drafts
    a team card) has the card's characteristics (Move, Block, Throw,
    Armour) and ``abilities`` (name, rules text) instead of skills."""

    player: Player
    position: str
    characteristics: tuple[Characteristic, ...]
    skills: tuple[SkillLabel, ...]
    abilities: tuple[tuple[str, str], ...] = ()
    card: bool = False


def _characteristic(player: Player, name: str) -> Characteristic:
    value = getattr(player, name)
    lost = int(player.reductions.get(name, 0)) if player.reductions else 0
    if value is None:
        shown = "–"
    elif name in ("ag", "pa", "av"):
        shown = f"{value}+"
    else:
        shown = str(value)
    return Characteristic(name.upper(), shown, lost)


def card_sheet_rows(fmt: Variant, team: Team, players: list[Player]) -> list[SheetRow]:
    """Rows for ``players`` of a team card's ``team``: the position as the
    card names it, Move, Block, Throw and Armour as the card prints them
    (engine/variants/blitz_bowl.py ``card_players`` stores a "D6" Move as 0
    and a "-" Throw as None, a "-" Armour as 0) and the position's
    abilities."""
    names = fmt.ability_names()
    by_position = {p.position: p.abilities for p in fmt.card_players(team.roster)}
    return [
        SheetRow(
            player=p,
            position=p.position,
            characteristics=(
                Characteristic("Move", str(p.ma) if p.ma else "D6", 0),
                Characteristic("Block", str(p.st), 0),
                Characteristic("Throw", f"{p.pa}+" if p.pa else "–", 0),
                Characteristic("Armour", f"{p.av}+" if p.av else "–", 0),
            ),
            skills=(),
            abilities=tuple(
                names.get(a, (a, "")) for a in by_position.get(p.position, ())
            ),
            card=True,
        )
        for p in players
    ]


def team_sheet_rows(team: Team, players: list[Player]) -> list[SheetRow]:
    """Rows for ``players`` of ``team``: position names, characteristics with
    their lasting-injury losses, starting skills then gained ones (marked).
    A team of a format that drafts a team card has its card's rows
    (:func:`card_sheet_rows`)."""
    fmt = get_variant(team.league.format)
    if fmt.drafts_team_card:
        return card_sheet_rows(fmt, team, players)
    data = rules_data(team.league.rules_version)
    roster = data.rosters[team.roster]
    positions = {p.slug: p for p in roster.positions}
    rows = []
    for player in players:
        position = positions.get(player.position)
        if position is None and player.position in BORROWED_POSITIONS:
            position = data.position_of(team.roster, player.position)
        starting = [
            SkillLabel(ref.label(data.skills), False, ref.skill, ref.param)
            for ref in (position.skills if position else ())
        ]
        gained = [
            SkillLabel(
                SkillRef(s["skill"], s.get("param")).label(data.skills)
                if s["skill"] in data.skills
                else s["skill"],
                True,
                s["skill"],
                s.get("param"),
            )
            for s in player.gained_skills or ()
        ]
        rows.append(
            SheetRow(
                player=player,
                position=position.name if position else player.position,
                characteristics=tuple(
                    _characteristic(player, c) for c in CHARACTERISTICS
                ),
                skills=tuple(starting + gained),
            )
        )
    return rows


def skill_label(rules_version: str, skill: str, param: str | None = None) -> str:
    """A skill as the rules name it ("Mighty Blow (+1)"); an unknown slug
    as it is stored."""
    skills = rules_data(rules_version).skills
    return SkillRef(skill, param).label(skills) if skill in skills else skill


def team_former_players(team: Team) -> QuerySet[Player]:
    """Players who left the roster for good (dead or fired), latest first."""
    return Player.objects.filter(
        team=team, status__in=(Player.Status.DEAD, Player.Status.FIRED)
    ).order_by("-id")


def user_teams(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Team]:
    if not user.is_authenticated:
        return Team.objects.none()
    return team_list(coach_id=user.pk)


def league_commissioned(user: AbstractBaseUser | AnonymousUser, league: League) -> bool:
    """Whether ``user`` may run ``league`` (the rule of
    ``league.access.league_get_for_commissioner``, without the fetch)."""
    if not user.is_authenticated:
        return False
    return user.pk == league.commissioner_id or bool(
        getattr(user, "is_superuser", False)
    )


@dataclass(frozen=True, slots=True)
class DraftAccess:
    """Whether a user may draft a team into a league, and if not, why and
    what they can do about it (ask to join an open league, answer an
    invitation, wait for the commissioner)."""

    may_draft: bool
    reason: str = ""
    can_ask: bool = False
    invited: bool = False


def league_draft_access(
    league: League, user: AbstractBaseUser | AnonymousUser
) -> DraftAccess:
    if not user.is_authenticated:
        return DraftAccess(False, "Log in to draft a team.")
    if user.pk == league.commissioner_id:
        return DraftAccess(True)
    membership = league_membership_get(league, user)
    status = membership.status if membership is not None else None
    Status = LeagueMembership.Status
    if status == Status.MEMBER:
        return DraftAccess(True)
    if status == Status.INVITED:
        return DraftAccess(
            False,
            f"You are invited to {league.name}: accept the invitation to "
            "become a member, then draft your team.",
            invited=True,
        )
    if status == Status.REQUESTED:
        return DraftAccess(
            False,
            f"You have asked to join {league.name}; you can draft once its "
            "commissioner approves.",
        )
    if league.is_open:
        return DraftAccess(
            False,
            f"Only members of {league.name} draft teams there. It is open: "
            "ask to join, and draft once its commissioner approves.",
            can_ask=True,
        )
    return DraftAccess(
        False,
        f"Only members of {league.name} draft teams there, and it is closed: "
        "its commissioner invites the coaches.",
    )

"""League, Team, Player and the treasury ledger.

Models hold fields and constraints; every write goes through
``league/services``. What must never happen is a database constraint.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from engine.facade import DEFAULT_VERSION, variants


def format_choices() -> list[tuple[str, str]]:
    """Every registered game format (engine.variants), read when asked so a
    format registered later is a choice too."""
    return [(v.name, v.label) for v in variants().values()]


# cas_for: the casualties a team caused (the standings' casualties for).
# score_diff / score_for: the match score for minus against, and for: the
# same as td_diff / td_for where scores count touchdowns, and points for /
# against where they count points (Blitz Bowl, the variant's score_name).
TIEBREAKERS = (
    "points",
    "td_diff",
    "cas_diff",
    "head_to_head",
    "td_for",
    "wins",
    "score_diff",
    "score_for",
    "cas_for",
)


def default_tiebreakers() -> list[str]:
    """A new league's order, as a Blood Bowl league's (the format's own:
    ``LeagueFormat.default_tiebreakers``)."""
    return ["points", "td_for", "cas_for", "head_to_head"]


def new_seed() -> int:
    """A random 63-bit seed (fits a signed BigInteger)."""
    return secrets.randbits(63)


# A live match's turn clock, in seconds: under half a minute a coach cannot
# read the board before the clock (checked every 10 seconds) ends the turn;
# over an hour the match is no longer played live.
LIVE_TURN_SECONDS_MIN = 30
LIVE_TURN_SECONDS_MAX = 3600


class League(models.Model):
    class CasualtyTable(models.TextChoices):
        BB2020 = "bb2020", "Blood Bowl 2020 (D16)"
        BB2025 = "bb2025", "Blood Bowl 2025 (D16)"
        CLASSIC = "classic", "Classic (D100)"
        DUNGEON_BOWL = "dungeon_bowl", "Dungeon Bowl"

    name = models.CharField(max_length=100, unique=True)
    format = models.CharField(max_length=20, choices=format_choices)
    rules_version = models.CharField(max_length=20, default=DEFAULT_VERSION)
    commissioner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="leagues"
    )
    points_win = models.PositiveSmallIntegerField(default=3)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    tiebreakers = models.JSONField(default=default_tiebreakers)
    casualty_table = models.CharField(
        max_length=20, choices=CasualtyTable.choices, default=CasualtyTable.BB2020
    )
    # Leagues of a format whose SPP are optional (the variant's spp_optional:
    # Sevens, seed 004) track Star Player Points only with this option;
    # otherwise players advance through the post-game skill instead. Ignored
    # by formats that always track SPP.
    sevens_spp = models.BooleanField(default=False)
    # Leagues of a format whose game ends at the first touchdown (Dungeon
    # Bowl) may play with its optional time limit ("Time Limits"): only then
    # may a report give a level score (0-0). Ignored by other formats.
    time_limit = models.BooleanField(default=False)
    # Whether the format's casualty bonus counts (Dungeon Bowl: +1 League
    # point for 3 or more SPP casualties, which the rules make optional).
    casualty_bonus = models.BooleanField(default=True)
    # Whether the league awards its format's optional bonus League points
    # (BB2020 "League Scoring": +1 for 3 or more touchdowns, +1 for
    # conceding none, +1 for 3 or more SPP casualties). Off unless the
    # commissioner takes them ("may wish to award"). Ignored by formats
    # without them.
    bonus_points = models.BooleanField(default=False)
    # Whether the league caps every team's Re-Draft Budget at 1,300,000
    # (league_and_exhibition_play.md "2. Raise Funds": "League commissioners
    # may, at their own discretion, place a cap"). Off unless the
    # commissioner places it. Decision: the re-draft reads the league's
    # setting when it is made (the cap is the off-season's, not pinned by
    # the season just closed). Ignored by formats that do not re-draft.
    redraft_cap = models.BooleanField(default=False)
    # Dice between matches (advancement rolls, the Sevens post-game skill)
    # derive their seed from this and what is being rolled, so a retried
    # request rolls the same dice.
    seed = models.BigIntegerField(default=new_seed, editable=False)
    # Decision: a new league is closed (coaches join only when the
    # commissioner invites them) until its commissioner opens it to requests.
    is_open = models.BooleanField(default=False)
    # Reports the other coach confirms: 0, a coach's report
    # stands at once; otherwise it waits for the opposing coach for this many
    # days, then stands (a disputed one waits for the commissioner).
    report_confirmation_days = models.PositiveSmallIntegerField(
        default=0,
        help_text="0: a coach's report stands at once; otherwise the opposing "
        "coach has this many days to confirm or dispute it, then it stands",
    )
    # Live play in the browser: whether a coach may play a fixture against
    # the bot (a no-show, practice), and each coach's turn clock.
    live_bot_allowed = models.BooleanField(
        default=False,
        help_text="A coach may play a fixture live against the bot",
    )
    live_turn_seconds = models.PositiveSmallIntegerField(
        default=240,
        help_text="Each coach's clock for a turn of a live match, in seconds "
        "(30 to 3600)",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            # "Reavers" and "reavers" are one name to the people who read it.
            models.UniqueConstraint(
                Lower("name"),
                name="league_name_unique_any_case",
                violation_error_code="name_taken",
                violation_error_message="A league of that name already exists.",
            ),
            models.CheckConstraint(
                condition=models.Q(report_confirmation_days__lte=60),
                name="league_confirmation_days_at_most_60",
            ),
            models.CheckConstraint(
                condition=models.Q(
                    live_turn_seconds__gte=LIVE_TURN_SECONDS_MIN,
                    live_turn_seconds__lte=LIVE_TURN_SECONDS_MAX,
                ),
                name="league_live_turn_seconds_in_range",
                violation_error_code="out_of_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """What the new-league page and the API refuse, refused too where a
        league is saved from a model form (the admin): a league whose
        standings could not be ordered, or ordered upside down."""
        errors: dict[str, ValidationError] = {}
        for name in ("points_win", "points_draw", "points_loss"):
            value = getattr(self, name)
            if value is not None and value > POINTS_MAX:
                errors[name] = ValidationError(
                    f"at most {POINTS_MAX} points", code="out_of_range"
                )
        if not errors:
            problem = points_order_problem(
                self.points_win, self.points_draw, self.points_loss
            )
            if problem is not None:
                errors[problem[0]] = ValidationError(problem[1], code="points_order")
        seconds = self.live_turn_seconds
        if seconds is not None and not (
            LIVE_TURN_SECONDS_MIN <= seconds <= LIVE_TURN_SECONDS_MAX
        ):
            errors["live_turn_seconds"] = ValidationError(
                f"from {LIVE_TURN_SECONDS_MIN} to {LIVE_TURN_SECONDS_MAX} seconds",
                code="out_of_range",
            )
        order = tiebreakers_problem(self.tiebreakers)
        if order is not None:
            errors["tiebreakers"] = ValidationError(order[1], code=order[0])
        if errors:
            raise ValidationError(errors)


# The most league points a result may be worth (the new-league page's and
# the API's bound).
POINTS_MAX = 10


def tiebreakers_problem(order: object) -> tuple[str, str] | None:
    """(code, reason) when ``order`` is not a list of known tiebreakers, each
    once: the standings read each one as a column of the table."""
    if not isinstance(order, list) or not all(isinstance(t, str) for t in order):
        return "invalid", "a list of tiebreakers: " + ", ".join(TIEBREAKERS)
    unknown = [t for t in order if t not in TIEBREAKERS]
    if unknown:
        return "invalid_choice", (
            f"{unknown[0]!r} is not a tiebreaker: " + ", ".join(TIEBREAKERS)
        )
    if len(set(order)) != len(order):
        return "duplicate", "each tiebreaker may appear once"
    return None


def points_order_problem(win: int, draw: int, loss: int) -> tuple[str, str] | None:
    """(field, reason) when a league's points do not go win >= draw >= loss:
    a draw worth more than a win, or a loss more than a draw, would rank
    the teams upside down."""
    if draw > win:
        return "points_draw", "a draw cannot be worth more points than a win"
    if loss > draw:
        return "points_loss", "a loss cannot be worth more points than a draw"
    return None


class LeagueMembership(models.Model):
    """A coach's place in a league: invited by the commissioner, asked for by
    the coach, a member, or no longer one (declined, removed). One row per
    league and coach, moved only by ``league/services/membership.py``; the
    league's audit log keeps every step. Only members (and the
    commissioner, a member of their own league without a row) draft teams
    there, and only their teams are taken into a new season."""

    class Status(models.TextChoices):
        INVITED = "invited", "Invited"
        REQUESTED = "requested", "Asked to join"
        MEMBER = "member", "Member"
        DECLINED = "declined", "Declined"
        REMOVED = "removed", "Removed"

    league = models.ForeignKey(
        League, on_delete=models.PROTECT, related_name="memberships"
    )
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="league_memberships",
    )
    status = models.CharField(max_length=20, choices=Status.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["league", "coach"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "coach"], name="league_membership_once_per_coach"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.coach} in {self.league}: {self.status}"


class Team(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        READY = "ready", "Ready"
        PLAYING = "playing", "Playing"
        POST_GAME = "post_game", "Post-game"
        RETIRED = "retired", "Retired"

    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="teams")
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="teams"
    )
    roster = models.CharField(max_length=40)
    name = models.CharField(max_length=100)
    status = models.CharField(
        max_length=20, choices=Status.choices, default=Status.DRAFT
    )
    rerolls = models.PositiveSmallIntegerField(default=0)
    assistant_coaches = models.PositiveSmallIntegerField(default=0)
    cheerleaders = models.PositiveSmallIntegerField(default=0)
    apothecary = models.BooleanField(default=False)
    dedicated_fans = models.PositiveSmallIntegerField(default=1)
    # The special rule chosen at the draft where the roster says "Choose
    # either:" (e.g. "favoured-of-khorne"); blank for the other rosters.
    special_rule = models.CharField(max_length=40, blank=True, default="")
    # The player the coach named captain (BB2025 Team Captain); None when
    # the format or the roster has no such rule, or none is named.
    captain = models.ForeignKey(
        "Player",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # The coach's standing MVP nominations (BB2025: up to
    # ``LeagueFormat.mvp_nominations`` player ids, in his order), which the
    # post-game draws the MVP from when a match carries none for the team
    # (``league.services.mvp``, ``matches.postgame.mvp``); empty: none.
    mvp_nominations = models.JSONField(default=list, blank=True)
    # Cached balance of the TreasuryEntry ledger, moved only by the treasury
    # services with F() in the same transaction as the ledger row.
    treasury = models.IntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(treasury__gte=0), name="team_treasury_never_negative"
            ),
            models.CheckConstraint(
                condition=Q(dedicated_fans__gte=1),
                name="team_dedicated_fans_at_least_1",
            ),
            models.UniqueConstraint(
                "league",
                Lower("name"),
                name="team_name_unique_in_league",
                violation_error_code="name_taken",
                violation_error_message="The league already has a team of that name.",
            ),
        ]

    def __str__(self) -> str:
        return self.name


# The range of each characteristic a player of any format may have, as the
# columns store it (AG, PA and AV as target numbers, PA None for "-"): the
# Characteristic Table (rules_and_regulations.md, the same in BB2025, Sevens
# and Dungeon Bowl; the classic game plays BB2020's rosters and limits) caps
# them at MA 1-9, ST 1-8, AG 1+-6+, PA 1+-6+, AV 3+-11+. A Blitz Bowl team
# card's players are stored in the same columns (BlitzBowl.card_players):
# MA 0 for a "D6" Move, AG 0 (no AG on a card), AV 0 for "-" and Armour 2+.
# The database admits the union; the admin checks a player against his own
# format (league.selectors.player_profile_violations).
PROFILE_RANGES: dict[str, tuple[int, int]] = {
    "ma": (0, 9),
    "st": (1, 8),
    "ag": (0, 6),
    "pa": (1, 6),
    "av": (0, 11),
}
# post-game_sequence.md "Characteristic Improvements": "no characteristic
# can ever be improved more than twice".
MOST_IMPROVEMENTS = 2
# The most lasting injuries one characteristic can have recorded: a
# reduction never takes it below the table's minimum, so it loses at most
# the steps from the table's best to its worst, plus the two improvements
# it may have regained (MA 9 to 1 is 8, and 2 more: 10).
MOST_REDUCTIONS: dict[str, int] = {
    "ma": 9 - 1 + MOST_IMPROVEMENTS,
    "st": 8 - 1 + MOST_IMPROVEMENTS,
    "ag": 6 - 1 + MOST_IMPROVEMENTS,
    "pa": 6 - 1 + MOST_IMPROVEMENTS,
    "av": 11 - 3 + MOST_IMPROVEMENTS,
}


def _count_at_most(field: str, key: str, most: int) -> Q:
    """``field``'s count for ``key`` is absent or a number from 0 to
    ``most`` (a JSON string, boolean or null is not: jsonb orders them
    apart from numbers)."""
    return Q(**{f"{field}__{key}__isnull": True}) | Q(
        **{f"{field}__{key}__gte": 0, f"{field}__{key}__lte": most}
    )


def player_profile_constraints() -> list[models.BaseConstraint]:
    """The characteristics within ``PROFILE_RANGES`` and the counts of
    improvements and lasting injuries within the rules' bounds."""
    ranges: list[models.BaseConstraint] = []
    for name, (low, high) in PROFILE_RANGES.items():
        condition = Q(**{f"{name}__gte": low, f"{name}__lte": high})
        if name == "pa":
            condition |= Q(pa__isnull=True)  # PA "-"
        ranges.append(
            models.CheckConstraint(
                condition=condition,
                name=f"player_{name}_in_range",
                violation_error_code="out_of_range",
            )
        )
    counts: list[models.BaseConstraint] = [
        models.CheckConstraint(
            condition=Q(
                *(
                    _count_at_most("improvements", key, MOST_IMPROVEMENTS)
                    for key in PROFILE_RANGES
                )
            ),
            name="player_improved_at_most_twice",
            violation_error_code="out_of_range",
        ),
        models.CheckConstraint(
            condition=Q(
                *(
                    _count_at_most("reductions", key, most)
                    for key, most in MOST_REDUCTIONS.items()
                )
            ),
            name="player_reductions_in_range",
            violation_error_code="out_of_range",
        ),
    ]
    return ranges + counts


class Player(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        RETIRED = "retired", "Temporarily retired"
        DEAD = "dead", "Dead"
        FIRED = "fired", "Fired"
        # A journeyman who was not hired leaves when his team's next match
        # kicks off.
        RELEASED = "released", "Released journeyman"

    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="players")
    position = models.CharField(max_length=60)
    name = models.CharField(max_length=100)
    number = models.PositiveSmallIntegerField()
    ma = models.PositiveSmallIntegerField()
    st = models.PositiveSmallIntegerField()
    ag = models.PositiveSmallIntegerField()
    pa = models.PositiveSmallIntegerField(null=True, blank=True)
    av = models.PositiveSmallIntegerField()
    # Skills gained in the league, as [{"skill": slug, "param": str|None}];
    # starting skills come from the roster position.
    gained_skills = models.JSONField(default=list, blank=True)
    spp = models.IntegerField(default=0)
    spp_earned = models.IntegerField(default=0)
    advancements = models.PositiveSmallIntegerField(default=0)
    value = models.PositiveIntegerField()
    miss_next_game = models.BooleanField(default=False)
    niggling_injuries = models.PositiveSmallIntegerField(default=0)
    # Lasting injuries per characteristic, as {"ma": 1, "av": 1}.
    reductions = models.JSONField(default=dict, blank=True)
    # Characteristic improvements bought with advancements, as {"ma": 1};
    # no characteristic may be improved more than twice.
    improvements = models.JSONField(default=dict, blank=True)
    journeyman = models.BooleanField(default=False)
    status = models.CharField(
        max_length=20, choices=Status.choices, default=Status.ACTIVE
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["team", "number"]
        constraints = [
            # Decision: numbers are unique among players still on the roster
            # (active or temporarily retired); the dead and the fired free
            # their shirt for a new hire but keep it in the history.
            models.UniqueConstraint(
                fields=["team", "number"],
                condition=Q(status__in=["active", "retired"]),
                name="player_number_unique_on_roster",
            ),
            models.CheckConstraint(
                condition=Q(spp__gte=0), name="player_spp_never_negative"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1) & Q(number__lte=99),
                name="player_number_1_to_99",
            ),
            *player_profile_constraints(),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"


class TreasuryEntry(models.Model):
    class Reason(models.TextChoices):
        DRAFT_BUDGET = "draft_budget", "Draft budget"
        DRAFT = "draft", "Draft purchases"
        HIRE = "hire", "Player hired"
        PURCHASE = "purchase", "Purchase"
        WINNINGS = "winnings", "Winnings"
        INDUCEMENTS = "inducements", "Inducements"
        # what a treasury paid for inducements, back when their match was
        # postponed in its pre-game or recorded unplayed
        INDUCEMENTS_REFUND = "inducements_refund", "Inducements refunded"
        EXPENSIVE_MISTAKE = "expensive_mistake", "Expensive mistake"
        ADJUSTMENT = "adjustment", "Commissioner adjustment"
        TREASURE_ROOM = "treasure_room", "Treasure Room funds"
        PRIZE = "prize", "Season prize"

    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="ledger")
    amount = models.IntegerField()
    reason = models.CharField(max_length=30, choices=Reason.choices)
    note = models.CharField(max_length=300, blank=True)
    balance_after = models.IntegerField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    cause_type = models.ForeignKey(
        ContentType, null=True, blank=True, on_delete=models.PROTECT
    )
    cause_id = models.PositiveBigIntegerField(null=True, blank=True)
    cause = GenericForeignKey("cause_type", "cause_id")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["team", "id"]
        verbose_name_plural = "treasury entries"
        constraints = [
            models.CheckConstraint(
                condition=Q(balance_after__gte=0), name="ledger_balance_never_negative"
            ),
            models.CheckConstraint(
                condition=~Q(amount=0), name="ledger_amount_not_zero"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.amount:+,} ({self.reason})"


class LeagueEvent(models.Model):
    """One line of a league's audit log: every roll and every manual action
    between matches (advancements, journeymen, retirements, treasury
    adjustments, membership). ``match_id`` is a plain number, not a foreign key, so the
    league app never depends on the matches app."""

    class Type(models.TextChoices):
        ADVANCEMENT = "advancement", "Advancement"
        ADVANCEMENT_ROLLED = "advancement_rolled", "Advancement rolled, choice pending"
        SEVENS_ADVANCEMENT = "sevens_advancement", "Sevens post-game skill"
        JOURNEYMEN_TAKEN = "journeymen_taken", "Journeymen taken on"
        JOURNEYMEN_RELEASED = "journeymen_released", "Journeymen released"
        JOURNEYMAN_HIRED = "journeyman_hired", "Journeyman hired"
        PLAYER_RETIRED = "player_retired", "Player temporarily retired"
        PLAYER_UNRETIRED = "player_unretired", "Player back from retirement"
        TREASURY_ADJUSTMENT = "treasury_adjustment", "Treasury adjustment"
        LEAGUE_OPENED = "league_opened", "League opened to requests"
        LEAGUE_CLOSED = "league_closed", "League closed to requests"
        MEMBER_INVITED = "member_invited", "Coach invited"
        INVITATION_ACCEPTED = "invitation_accepted", "Invitation accepted"
        INVITATION_DECLINED = "invitation_declined", "Invitation declined"
        JOIN_REQUESTED = "join_requested", "Coach asked to join"
        REQUEST_APPROVED = "request_approved", "Request to join approved"
        REQUEST_DECLINED = "request_declined", "Request to join declined"
        MEMBER_REMOVED = "member_removed", "Coach removed"
        SPECIAL_RULE_CHOSEN = "special_rule_chosen", "Team special rule chosen"
        STAFF_FIRED = "staff_fired", "Sideline Staff fired"
        CAPTAIN_NAMED = "captain_named", "Team Captain named"
        MVP_NOMINATIONS_SET = "mvp_nominations_set", "Standing MVP nominees set"
        PLAYER_RAISED = "player_raised", "Killed opponent raised (Masters of Undeath)"
        SEASON_SCHEDULED = "season_scheduled", "Season scheduled"
        SEASON_RESOLVE_STARTED = "season_resolve_started", "Resolution started"
        MATCH_POSTPONED = "match_postponed", "Match postponed"
        MATCH_UNPLAYED = "match_unplayed", "Unplayed fixture recorded"
        RESULT_OVERRIDDEN = "result_overridden", "Result overridden"
        POINTS_DOCKED = "points_docked", "League points docked"
        POINTS_WITHDRAWN = "points_withdrawn", "Docked League points withdrawn"
        SEASON_CLOSED = "season_closed", "Season closed"
        REDRAFT_APPROVED = "redraft_approved", "Re-draft approved"
        REPORT_SUBMITTED = "report_submitted", "Report waiting for confirmation"
        REPORT_CONFIRMED = "report_confirmed", "Report confirmed"
        REPORT_DISPUTED = "report_disputed", "Report disputed"
        REPORT_DECIDED = "report_decided", "Disputed report decided"
        REPORT_STOOD = "report_stood", "Report stood after its deadline"
        REPORT_WITHDRAWN = "report_withdrawn", "Report withdrawn"
        INVITE_LINK_MADE = "invite_link_made", "Invite link made"
        INVITE_EMAILED = "invite_emailed", "Coach invited by e-mail"
        JOINED_BY_INVITE = "joined_by_invite", "Coach joined through an invitation"

    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="events")
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    match_id = models.BigIntegerField(null=True, blank=True)
    type = models.CharField(max_length=40, choices=Type.choices)
    payload = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["league", "type"], name="league_event_type_idx"),
            models.Index(fields=["match_id"], name="league_event_match_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.league_id}#{self.pk} {self.type}"


class SevensAdvancement(models.Model):
    """The Sevens post-game skill (blood_bowl_sevens.md "Player
    Advancement") a team took for one match it played: at most one per team
    and match, which the database enforces."""

    class Mode(models.TextChoices):
        CHOSEN_PLAYER_PRIMARY = (
            "chosen_player_primary",
            "Chosen player, random Primary skill",
        )
        RANDOM_PLAYER_SECONDARY = (
            "random_player_secondary",
            "Random player, random Secondary skill",
        )

    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="sevens_advancements"
    )
    match_id = models.BigIntegerField()
    mode = models.CharField(max_length=30, choices=Mode.choices)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    skill = models.CharField(max_length=60)
    param = models.CharField(max_length=20, blank=True)
    value_increase = models.PositiveIntegerField()
    event = models.OneToOneField(
        LeagueEvent, on_delete=models.PROTECT, related_name="sevens_advancement"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["team", "match_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "match_id"], name="sevens_advancement_once_per_match"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.skill} after match {self.match_id}"


from league.advancements.models import PendingAdvancement  # noqa: E402 - own package
from league.invites.models import LeagueInvite  # noqa: E402 - in its own package
from league.notifications.models import Notification  # noqa: E402 - in its own package
from league.preferences.models import Preferences  # noqa: E402 - in its own package
from league.tokens.models import ApiToken  # noqa: E402 - in its own package

__all__ = [
    "ApiToken",
    "League",
    "LeagueEvent",
    "LeagueInvite",
    "LeagueMembership",
    "Notification",
    "PendingAdvancement",
    "Player",
    "Preferences",
    "SevensAdvancement",
    "Team",
    "TreasuryEntry",
]

"""Opening, accepting and playing a live match.

Each write locks the live match's row, rebuilds the engine's match from the
fixture's frozen rosters, its seed and the decisions stored so far, applies
one decision (and the bot's, when the bot plays the other side) and stores
them. A refusal raises :class:`LiveRefused` with a stable code and writes
nothing."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from league.errors import ServiceError
from matches.live.broadcast import live_broadcast
from matches.live.games import game_bot_choice, game_save_result, is_card_game
from matches.live.models import LiveMatch
from matches.live.referee import live_format_problem, skill_problem
from matches.live.selectors import (
    invitation_coach_id,
    live_engine,
    live_engine_seen,
    live_get,
    live_payload,
    live_per_viewer,
    match_awaits_play,
    side_coach_id,
)
from matches.models import Match
from matches.postgame.end import postgame_end_before_match
from matches.prematch.kickoff import TeamNotReady, match_kick_off, match_qs_for_update
from matches.prematch.pregame import PregameElsewhere
from matches.resolution.resolve import match_engine_inputs
from matches.seasons.offseason import RedraftRequired, match_require_redrafted

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

# The most decisions the bot makes in a row before a coach decides again
# (a Sevens match has about 800 in all).
BOT_RUN_LIMIT = 20_000


def _secret_seed() -> int:
    return secrets.randbits(62)


class LiveRefused(ServiceError):
    """A live request refused: ``code`` says why; nothing was written."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(ServiceError.one(code, None, message).violations)
        self.code = code


def _locked(live_id: int) -> LiveMatch:
    try:
        return (
            LiveMatch.objects.select_for_update(of=("self",))
            .select_related(
                "match__season__league", "match__home__coach", "match__away__coach"
            )
            .get(pk=live_id)
        )
    except LiveMatch.DoesNotExist:
        raise LiveRefused("not_found", "There is no such live match.") from None


def _redraft_refused(exc: RedraftRequired) -> LiveRefused:
    """A team owing its re-draft as the live endpoints refuse it: one error
    (no field: they read a whole body) naming every such team."""
    return LiveRefused("redraft_required", str(exc))


def _require_redrafted(match: Match) -> None:
    """Refuse to open ``match`` for live play while a team of it owes its
    re-draft (``redraft_required``): it would not kick off."""
    try:
        match_require_redrafted(match)
    except RedraftRequired as exc:
        raise _redraft_refused(exc) from None


def _kick_off(match: Match) -> None:
    """Freeze the rosters (as for an engine-resolved match) and check the
    engine can play them. A team still in another game or its post-game
    is refused (``team_busy``), as is one in another match's pre-game, and
    one owing its re-draft (``redraft_required``)."""
    try:
        postgame_end_before_match(match_id=match.pk)
        match_kick_off(match_id=match.pk)
    except (TeamNotReady, PregameElsewhere) as exc:
        raise LiveRefused("team_busy", exc.violations[0].message) from None
    except RedraftRequired as exc:
        raise _redraft_refused(exc) from None
    if is_card_game(match):
        return  # a team card's players have the card's abilities only
    problem = skill_problem(match_engine_inputs(match))
    if problem:
        raise LiveRefused("unplayable", problem)


# The kind of a set-up decision (a pitch's, a dungeon's deployment, each
# player a card game's coach places).
SETUP = "setup"


def _bots(live: LiveMatch, m: Any) -> bool:
    """The bot decides for its side until a coach must decide; returns
    whether it set up (a set-up began in between)."""
    set_up = False
    for _ in range(BOT_RUN_LIMIT):
        d = m.pending
        if d is None or not getattr(live, f"{d.team}_bot"):
            return set_up
        set_up = set_up or d.kind == SETUP
        choice = game_bot_choice(live, m)
        m.apply(choice)
        live.decisions.append(list(choice))
    raise RuntimeError("the bot did not hand over")


# The engine's events that end a team turn or start one (a pitch's and a
# card game's).
TURN_EVENTS = frozenset({"turn_end", "turn_start"})

# Who decides, how many events the game had told and the decision's kind.
Mark = tuple[str | None, int, str | None]


def live_mark(m: Any) -> Mark:
    """Who decides, how many events the game has told so far and what kind
    of decision it is: what :func:`_save` compares with to tell whether a
    new team turn or set-up has begun."""
    d = m.pending
    if d is None:
        return (None, len(m.events), None)
    return (d.team, len(m.events), d.kind)


def _new_turn(m: Any, before: Mark | None, bot_set_up: bool = False) -> bool:
    """Whether a new team turn or set-up has begun since ``before`` (None:
    play starts), so each coach's clock starts whole: a turn ended or began
    (the coach who scored sets up the next drive, a half's last turn is
    followed by a set-up), the bot set up (``bot_set_up``), or the side now
    deciding starts a set-up (after the other's, or after winning the coin
    toss). The other side deciding within a turn is no new turn."""
    d = m.pending
    if before is None or bot_set_up:
        return True
    if d.kind == SETUP and (before[0], before[2]) != (d.team, SETUP):
        return True
    return any(e.to_dict()["type"] in TURN_EVENTS for e in m.events[before[1] :])


def _clock(live: LiveMatch, m: Any, before: Mark | None, bot_set_up: bool) -> None:
    """Run the clock of the side now deciding: a whole one in a new team
    turn or set-up; else, when the other side decided before, its clock
    waits (with what it used) and this side's goes on from where it
    stopped; else it runs on.

    Decision: a coach deciding within the other's turn (the block dice, an
    interception, an apothecary) has one clock for that turn too, waiting
    while the other decides as the turn's own coach's does: the docs give
    each coach a clock for each turn and set-up, and a coach with none
    could hold the game up. Against the bot, which decides at once, the
    coach's clock runs on."""
    d = m.pending
    now = timezone.now()
    if (
        before is None
        or live.clock_started_at is None
        or _new_turn(m, before, bot_set_up)
    ):
        live.clock_started_at = now
        live.paused_clock_used = timedelta(0)
    elif d.team != before[0]:
        used = now - live.clock_started_at
        live.clock_started_at = now - live.paused_clock_used
        live.paused_clock_used = used


def _save(
    live: LiveMatch,
    m: Any,
    before: Mark | None,
    *,
    bot_set_up: bool = False,
) -> None:
    """Store the decisions, run the clock (:func:`_clock`; ``before``:
    :func:`live_mark` before the decisions made), record the result once
    the match is over, and tell the page."""
    if m.pending is not None:
        _clock(live, m, before, bot_set_up)
    if live.state == LiveMatch.State.ACCEPTED and live.decisions:
        live.state = LiveMatch.State.PLAYING
    if m.done:
        live.clock_started_at = None
        match = match_qs_for_update().get(pk=live.match_id)
        live.state = game_save_result(match, m)
    live.save()
    # A card game's state differs by viewer: each page's socket asks for
    # its own (None here); a pitch's is the same for all and goes as is.
    payload = None if live_per_viewer(live) else live_payload(live, m)
    live.sent = payload

    def committed() -> None:
        live_engine_seen(live, m)
        live_broadcast(live.pk, payload)

    transaction.on_commit(committed)


@transaction.atomic
def live_match_open(
    *, match_id: int, user: AbstractBaseUser | AnonymousUser, against_bot: bool = False
) -> LiveMatch:
    """A coach of a scheduled fixture opens it for live play: the other coach
    is invited, or (when the league allows it) the bot plays the other side
    and the match starts at once."""
    try:
        match = match_qs_for_update().select_related("home", "away").get(pk=match_id)
    except Match.DoesNotExist:
        raise LiveRefused("not_found", "There is no such match.") from None
    sides = [s for s in ("home", "away") if getattr(match, s).coach_id == user.pk]
    if not sides:
        raise LiveRefused("not_a_coach", "Only the fixture's coaches can play it live.")
    if not match_awaits_play(match):
        raise LiveRefused("not_scheduled", "The match is not waiting to be played.")
    problem = live_format_problem(str(match.season.settings["format"]))
    if problem:
        raise LiveRefused("format", problem)
    if LiveMatch.objects.filter(match=match).exists():
        raise LiveRefused("already_open", "The match is already open for live play.")
    _require_redrafted(match)
    league = match.season.league
    if against_bot and not league.live_bot_allowed:
        raise LiveRefused("no_bot", "This league does not let coaches play the bot.")
    live = LiveMatch(
        match=match,
        opened_by_id=getattr(match, sides[0]).coach_id,  # the user
        opened_from=sides[0],
        # Decision: the live game rolls its own dice (and shuffles its own
        # deck) from a secret seed, kept on the server: the fixture's seed
        # is public (the API shows it, and it comes from the season's), and
        # from it anyone could read the dice to come or a deck's order.
        seed=_secret_seed(),
        turn_seconds=league.live_turn_seconds,
    )
    if against_bot:
        # The coach plays the side he opened from (home when he coaches both).
        setattr(live, "away_bot" if sides[0] == "home" else "home_bot", True)
        _kick_off(match)
        live.state = LiveMatch.State.ACCEPTED
        live.save()
        m = live_engine(live)
        _bots(live, m)
        _save(live, m, None)
    else:
        live.save()
    return live


@transaction.atomic
def live_match_accept(
    *, live_id: int, user: AbstractBaseUser | AnonymousUser
) -> LiveMatch:
    """The invited team's coach (whoever coaches it now: see
    ``LiveMatch.opened_from``) accepts: the rosters freeze and play starts."""
    live = _locked(live_id)
    match = live.match
    if live.state != LiveMatch.State.INVITED:
        raise LiveRefused("not_invited", "The match is not waiting for an answer.")
    if user.pk is None or user.pk != invitation_coach_id(live, invited=True):
        raise LiveRefused("not_invited", "Only the invited team's coach can accept.")
    match = match_qs_for_update().get(pk=match.pk)
    if not match_awaits_play(match):
        raise LiveRefused("not_scheduled", "The match is not waiting to be played.")
    _kick_off(match)
    live.state = LiveMatch.State.ACCEPTED
    m = live_engine(live)
    _save(live, m, None)
    return live


@transaction.atomic
def live_match_withdraw(*, live_id: int, user: AbstractBaseUser | AnonymousUser) -> int:
    """The inviting team's coach (whoever coaches it now: see
    ``LiveMatch.opened_from``) withdraws the invitation while it waits for
    an answer: the live match goes, so the fixture may be opened again (the
    bot for a no-show, where the league allows it). Returns the match's id.

    Only the live match's row is locked, as :func:`live_match_accept` locks
    it first (then the match) and :func:`live_match_open` locks the match
    and only reads the live match: no two of them wait for each other's
    rows in opposite orders. An accept that waited on the lock finds no
    live match (``not_found``); one that got it first leaves the match in
    play (``not_invited``)."""
    live = _locked(live_id)
    match = live.match
    if user.pk not in {match.home.coach_id, match.away.coach_id}:
        raise LiveRefused("not_a_coach", "Only the fixture's coaches can withdraw.")
    if user.pk != invitation_coach_id(live, invited=False):
        raise LiveRefused(
            "not_yours", "Only the coach of the team that invited can withdraw."
        )
    if live.state != LiveMatch.State.INVITED:
        raise LiveRefused("not_invited", "The match is not waiting for an answer.")
    live.delete()
    return match.pk


@transaction.atomic
def live_match_decide(
    *,
    live_id: int,
    user: AbstractBaseUser | AnonymousUser,
    option_index: int,
    at: int | None = None,
) -> LiveMatch:
    """The coach whose decision is pending picks option ``option_index`` of
    it; ``at`` is the number of decisions the page had seen (a click on an
    older board is refused as stale). The bot then plays on for its side."""
    live, m, d = live_coach_turn(live_id=live_id, user=user, at=at)
    if isinstance(option_index, bool) or not 0 <= option_index < len(d.options):
        raise LiveRefused("bad_option", "That is not one of the options.")
    choice = d.options[option_index]
    before = live_mark(m)
    m.apply(choice)
    live_record(live, m, list(choice), before)
    return live


def _require_player(live: LiveMatch, user: AbstractBaseUser | AnonymousUser) -> None:
    """Refuse (``not_a_coach``) anyone but a coach who decides for a side of
    ``live`` (the bot's side has none)."""
    players = {side_coach_id(live, side) for side in ("home", "away")} - {None}
    if user.pk is None or user.pk not in players:
        raise LiveRefused(
            "not_a_coach", "Only the coaches playing this match decide in it."
        )


def live_require_player(
    *, live_id: int, user: AbstractBaseUser | AnonymousUser
) -> None:
    """What a decision or set-up is refused before its body is read: no such
    live match (``not_found``), or ``user`` plays no side of it
    (``not_a_coach``), so a stranger is refused as such, never told what
    the body lacks. :func:`live_coach_turn` checks it again under its lock."""
    live = live_get(live_id)
    if live is None:
        raise LiveRefused("not_found", "There is no such live match.")
    _require_player(live, user)


def live_coach_turn(
    *, live_id: int, user: AbstractBaseUser | AnonymousUser, at: int | None
) -> tuple[LiveMatch, Any, Any]:
    """The live match (locked), its engine game and the pending decision,
    when that decision is ``user``'s and the page saw the board as it is
    (``at`` decisions); refused otherwise, a stranger first of all.
    Called inside the caller's transaction."""
    live = _locked(live_id)
    _require_player(live, user)
    if live.over:
        raise LiveRefused("finished", "The match is over.")
    if live.state == LiveMatch.State.INVITED:
        raise LiveRefused("not_started", "The invited coach has not accepted yet.")
    if at is not None and at != len(live.decisions):
        raise LiveRefused("stale", "The board has changed since; look again.")
    m = live_engine(live)
    d = m.pending
    assert d is not None  # a live match not over has a pending decision
    if user.pk is None or side_coach_id(live, d.team) != user.pk:
        raise LiveRefused("not_your_turn", "The pending decision is not yours.")
    if _out_of_time(live):
        # Decision: the turn ends when the clock runs out (docs/coach.md
        # "Play live"), not when the server next looks: a click sent after
        # that (before the sweep or a page asks the clock) is refused and
        # writes nothing, so a coach cannot play on past his time; the
        # clock (live_match_clock) then ends the turn as ever.
        raise LiveRefused(
            "out_of_time", "Your time has run out: the clock ends your turn."
        )
    return live, m, d


def _out_of_time(live: LiveMatch) -> bool:
    """Whether the clock of the side deciding now has run out."""
    started = live.clock_started_at
    return started is not None and timezone.now() >= started + timedelta(
        seconds=live.turn_seconds
    )


def live_record(live: LiveMatch, m: Any, choice: list[Any], before: Mark) -> None:
    """Store the coach's ``choice`` (already applied to ``m``, which stood
    at ``before``: :func:`live_mark`), let the bot play on for its side, and
    save."""
    live.decisions.append(choice)
    _save(live, m, before, bot_set_up=_bots(live, m))


def _timed_out_choice(m: Any, live: LiveMatch) -> Any:
    """What the clock decides for a coach out of time: the turn ends when
    the engine offers it; otherwise the bot finishes what is under way."""
    d = m.pending
    assert d is not None
    for option in d.options:
        if option == ("end_turn",):
            return option
    return game_bot_choice(live, m)


@transaction.atomic
def live_match_clock(*, live_id: int) -> bool:
    """End the turn of a coach whose clock has run out (anyone watching may
    ask; the server checks the time). Returns whether it did."""
    live = _locked(live_id)
    if live.over or not _out_of_time(live):
        return False
    m = live_engine(live)
    before = live_mark(m)
    for _ in range(BOT_RUN_LIMIT):
        # The side out of time is done once its turn or set-up is over:
        # what comes next (its own set-up after it scored or won the coin
        # toss) is not the clock's to decide, nor what the other coach
        # decides within the turn (his clock runs; this side's waits, used
        # up, and the next call goes on). The bot reacts as ever.
        d = m.pending
        if d is None or _new_turn(m, before):
            break
        if d.team != before[0] and not getattr(live, f"{d.team}_bot"):
            break
        choice = _timed_out_choice(m, live)
        m.apply(choice)
        live.decisions.append(list(choice))
        if choice == ("end_turn",):
            break
    _save(live, m, before, bot_set_up=_bots(live, m))
    return True

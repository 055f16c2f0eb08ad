"""Inducements in the match (inducements_in_detail.md): Bloodweiser Kegs,
Halfling Master Chef, Weather Mage, Biased Referee, Mortuary Assistant,
Plague Doctor and Josef Bugman. The Hireling Sports-Wizard is :mod:`engine.rules.wizard`; extra
team re-rolls, assistant coaches, cheerleaders, Bribes and Prayers to
Nuffle need no rule of their own here; Wandering Apothecaries are
:mod:`engine.rules.apothecaries`. Which players were induced (Mercenaries,
Star Players, Bugman) is told here too.

Each effect emits an :class:`~engine.core.events.Induced` event whose type names
the inducement, so the match log and replay show it.
"""

from __future__ import annotations

from engine.core.events import Induced, KORecovery, Roll, Weather
from engine.core.model import PlayerSheet
from engine.core.state import KO, RESERVES, SENT_OFF, GameState
from engine.rules.setup import available_players

WEATHER_MAGE_USED = "weather_mage_used_{}"
WEATHER_MAGE_RESTORE = "weather_mage"
DOCTOR_USED = "doctor_used_{}"
NICE = "perfect"


def ko_recovers(g: GameState, p: int) -> bool:
    """A Knocked-out player's recovery roll: D6, 4+; each Bloodweiser Keg
    adds +1 ("any dice rolls ... to see if any of your players recovers from
    being KO'd"), for every player on the team."""
    d = g.dice.d6()
    t = g.team[p]
    if d == 1 and g.sheets[t].bugman:
        # Bugman's XXXXXX: "rolls of a 1 can be re-rolled" (always done).
        again = g.dice.d6()
        g.emit(Induced("bugman_xxxxxx", g.tname(t), g.pid[p], (d, again), "re-roll"))
        d = again
    kegs = g.sheets[t].kegs
    if kegs:
        g.emit(Induced("keg_bonus", g.tname(t), g.pid[p], (d,), f"+{kegs}"))
    return _recovered(g, p, d, d + kegs >= 4)


def _recovered(g: GameState, p: int, d: int, ok: bool) -> bool:
    g.emit(KORecovery(g.pid[p], d, ok))
    return ok


def master_chef(g: GameState) -> None:
    """Halfling Master Chef, at the start of each half: three D6; each 4+
    gives the team an extra team re-roll for this half and takes one of the
    opposition's (none below zero). Both teams may have one; home first."""
    for t in (0, 1):
        if not g.sheets[t].master_chef:
            continue
        dice = (g.dice.d6(), g.dice.d6(), g.dice.d6())
        hits = sum(1 for d in dice if d >= 4)
        taken = min(hits, g.rerolls[1 - t])
        g.rerolls[t] += hits
        g.rerolls[1 - t] -= taken
        g.emit(
            Induced(
                "master_chef", g.tname(t), -1, dice, f"gains {hits}, steals {taken}"
            )
        )


def close_scrutiny(g: GameState, p: int) -> bool:
    """Biased Referee "Close Scrutiny": a Foul by ``p`` whose rolls showed no
    double is spotted on a D6 of 5+ when the other team paid the referee."""
    other = 1 - g.team[p]
    if not g.sheets[other].biased_referee:
        return False
    d = g.dice.d6()
    seen = d >= 5
    g.emit(
        Induced(
            "biased_referee",
            g.tname(other),
            g.pid[p],
            (d,),
            "foul_spotted" if seen else "foul_unseen",
        )
    )
    return seen


def argue_modifier(g: GameState, t: int) -> int:
    """Biased Referee "I Didn't See A Thing!": +1 to the paying team's
    Argue the Call roll."""
    return 1 if g.sheets[t].biased_referee else 0


def _hired(g: GameState, p: int) -> bool:
    return g.pid[p] in g.sheets[g.team[p]].hired


# An induced Star Player's sheet position (engine.campaign.stars.star_sheets).
STAR_POSITION = "star:"


def star_player(g: GameState, p: int) -> bool:
    """Whether ``p`` is an induced Star Player (position ``star:<slug>``)."""
    return g.sheet(p).position.startswith(STAR_POSITION)


def induced_player(g: GameState, p: int) -> bool:
    """Whether ``p`` plays for his team as an inducement, for this game
    only: a Mercenary, a Star Player or Josef Bugman (``TeamSheet.hired``,
    ``TeamSheet.bugman``). Journeymen are not Induced players."""
    sheet = g.sheets[g.team[p]]
    pid = g.pid[p]
    bugman = sheet.bugman != 0 and pid == sheet.bugman
    return pid in sheet.hired or bugman or star_player(g, p)


def mercenary(g: GameState, p: int) -> bool:
    """Whether ``p`` is an induced Mercenary: hired for this game, neither
    a Star Player nor Josef Bugman."""
    sheet = g.sheets[g.team[p]]
    pid = g.pid[p]
    return pid in sheet.hired and pid != sheet.bugman and not star_player(g, p)


def doctor_rerolls_regeneration(g: GameState, p: int) -> bool:
    """Mortuary Assistant / Plague Doctor: once per game, re-roll one failed
    Regeneration roll (not for Star Players or Mercenaries). Decision: it is
    used on the first failed roll (a failed roll means a Casualty; a coach
    would not save it). Returns whether the re-roll succeeded."""
    t = g.team[p]
    sheet = g.sheets[t]
    key = DOCTOR_USED.format(t)
    if not (sheet.mortuary_assistant or sheet.plague_doctor):
        return False
    if g.effects.get(key, False) or _hired(g, p):
        return False
    g.effects[key] = True
    what = "mortuary_assistant" if sheet.mortuary_assistant else "plague_doctor"
    d = g.dice.d6()
    ok = d >= 4
    g.emit(Induced(what, g.tname(t), g.pid[p], (d,), "regenerated" if ok else "failed"))
    g.emit(Roll("regeneration", g.pid[p], (d,), 4, 0, ok, True))
    return ok


def plague_doctor_for_ko(g: GameState, p: int) -> bool:
    """Whether the Plague Doctor (once per game, unless already used on a
    Regeneration roll) may treat Knocked-out ``p`` as an apothecary would."""
    t = g.team[p]
    return (
        g.sheets[t].plague_doctor
        and not g.effects.get(DOCTOR_USED.format(t), False)
        and not _hired(g, p)
    )


def use_plague_doctor(g: GameState, p: int) -> None:
    t = g.team[p]
    g.effects[DOCTOR_USED.format(t)] = True
    g.emit(Induced("plague_doctor", g.tname(t), g.pid[p], (), "ko_treated"))


def weather_mage(g: GameState, t: int) -> None:
    """Weather Mage, once per game at the start of one of the team's turns:
    roll 2D6 on the Weather table with a modifier of -2..+2; the result
    lasts until the end of the opposition's next team turn (or the end of
    the drive), then the replaced weather returns.

    Decision: the coach calls the Weather Mage at the start of their first
    team turn played in weather other than Nice ("perfect"), and picks the
    modifier after seeing the dice: one that gives Nice weather (one always
    does: 4-10 is within 2 of any 2D6), the smallest change of the dice
    (nearest 7) among them. The engine plays it
    for the coach: there is no better use of a once-per-game weather
    change than escaping bad weather."""
    key = WEATHER_MAGE_USED.format(t)
    if g.weather == NICE or g.effects.get(key, False):
        return
    g.effects[key] = True
    table = g.variant.weather_table
    d1, d2 = g.dice.d6(), g.dice.d6()
    best = min(
        (-2, -1, 0, 1, 2),
        key=lambda m: (
            table[max(2, min(12, d1 + d2 + m))] != NICE,
            abs(d1 + d2 + m - 7),
        ),
    )
    new = table[max(2, min(12, d1 + d2 + best))]
    g.effects[WEATHER_MAGE_RESTORE] = (g.weather, 1 - t)
    g.emit(Induced("weather_mage", g.tname(t), -1, (d1, d2), f"{best:+d} {new}"))
    g.weather = new
    g.emit(Weather((d1, d2), new))


def weather_mage_expires(g: GameState, t: int | None) -> None:
    """End of team ``t``'s turn (None: end of the drive): the Weather Mage's
    weather gives way to the weather it replaced."""
    old, until = g.effects[WEATHER_MAGE_RESTORE]
    if t is not None and t != until:
        return
    del g.effects[WEATHER_MAGE_RESTORE]
    g.weather = old
    g.emit(Induced("weather_mage", g.tname(1 - until), -1, (), f"ends {old}"))


# --- Josef Bugman ------------------------------------------------------------------

BUGMAN_USED = "bugman_used_{}"
BUGMAN_ON = "bugman_drive"


def bugman_sheet(player_id: int, number: int) -> PlayerSheet:
    """Josef Bugman's profile (MA 5, ST 3, AG 3+, PA 6+, AV 9+; Loner (5+),
    Tackle, Thick Skull, Wrestle), for the team sheet that hired him."""
    return PlayerSheet(
        id=player_id,
        name="Josef Bugman",
        number=number,
        position="Josef Bugman",
        ma=5,
        st=3,
        ag=3,
        pa=6,
        av=9,
        skills=(
            ("loner", "5+"),
            ("tackle", None),
            ("thick-skull", None),
            ("wrestle", None),
        ),
    )


def bugman_stays_out(g: GameState) -> None:
    """At the start of the game Bugman is in the dugout, not on the team."""
    for t in (0, 1):
        if g.sheets[t].bugman:
            g.box[g.idx[g.sheets[t].bugman]] = SENT_OFF


def bugman_keen_player(g: GameState) -> None:
    """Start of a drive: if his team cannot set up 11 players, Bugman joins
    them for the drive (Decision: he always does; once per game)."""
    for t in (0, 1):
        pid = g.sheets[t].bugman
        if not pid or g.effects.get(BUGMAN_USED.format(t), False):
            continue
        # "cannot set up 11 players": those able to take the field (not the
        # players Sweltering Heat keeps out of this drive).
        ready = len(available_players(g, t))
        if ready >= g.variant.players_on_pitch:
            continue
        p = g.idx[pid]
        g.effects[BUGMAN_USED.format(t)] = True
        g.effects[BUGMAN_ON] = g.effects.get(BUGMAN_ON, ()) + (p,)
        g.box[p] = RESERVES
        g.emit(Induced("bugman", g.tname(t), pid, (), f"joins ({ready} ready)"))


def bugman_leaves(g: GameState) -> None:
    """End of his drive: Bugman is Sent-off for committing a Foul and has no
    further effect on the game (his XXXXXX stays)."""
    for p in g.effects.get(BUGMAN_ON, ()):
        if g.box[p] in (RESERVES, KO):
            g.box[p] = SENT_OFF
        g.emit(Induced("bugman", g.tname(g.team[p]), g.pid[p], (), "sent_off"))

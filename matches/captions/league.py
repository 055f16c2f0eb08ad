"""Captions of what the league adds to a match's history: inducements bought,
reports and their confirmation, casualty rolls, overrides, refusals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.facade import DESPERATE_MEASURES, rules_data
from matches.captions.context import CASUALTY_TABLES, Caption, Describer, listed
from matches.captions.dates import when_words
from matches.captions.names import injury_name, skill_name, star_name, title

Event = Mapping[str, Any]

STATS = (
    ("touchdowns", "TD", "Touchdowns"),
    ("completions", "CMP", "Completions"),
    ("interceptions", "INT", "Interceptions"),
    ("deflections", "DEF", "Deflections"),
    ("casualties_inflicted", "CAS", "Casualties inflicted"),
    ("successful_landings", "TTC", "Throwing completions"),
)


def recorded_stats(fmt: Any) -> tuple[tuple[str, str, str], ...]:
    """The :data:`STATS` format ``fmt``'s matches record (its variant's
    ``player_stats``: BB2025 has no Deflection), in column order, each named
    as the format counts it (its ``stat_names``: BB2025's TTC counts the
    thrown player's safe landings too): the columns of every table of one
    format's stats."""
    names = fmt.stat_names
    return tuple(
        (key, short, names.get(key, long))
        for key, short, long in STATS
        if key in fmt.player_stats
    )


def _stats(e: Event) -> str:
    done = [f"{n} {short}" for key, short, _ in STATS if (n := e.get(key))]
    return ", ".join(done) or "no stats"


# --- inducements -------------------------------------------------------------------


def inducement_line(d: Describer, team: Any, line: Mapping[str, Any]) -> str:
    """One inducement bought, as the catalogue names it: "Bloodweiser Kegs
    ×2", "Grak (Star Player)", "a Mercenary Orc Lineman with Block"."""
    if line.get("star_player"):
        return f"{star_name(str(line['star_player']))} (Star Player)"
    spec = d.variant.inducement_catalogue().get(str(line["slug"]))
    name = spec.name if spec is not None else title(line["slug"])
    if line.get("position"):
        roster = rules_data(d.rules_version).rosters.get(str(d.rosters.get(team)))
        slug = str(line["position"])
        try:
            position = roster.position(slug).name if roster else title(slug)
        except KeyError:
            position = title(slug)
        extra = f" with {skill_name(line['skill'])}" if line.get("skill") else ""
        return f"a Mercenary {position}{extra}"
    count = int(line.get("count") or 1)
    name += f" ×{count}" if count > 1 else ""
    if line.get("results"):  # Sevens Desperate Measures, rolled when bought
        rolled = listed([DESPERATE_MEASURES[int(r) - 1] for r in line["results"]])
        name += f" (rolled: {rolled})"
    return name


def inducements(d: Describer, e: Event) -> str:
    team = e["team_id"]
    lines = [inducement_line(d, team, line) for line in e.get("lines") or ()]
    paid = [
        f"{amount:,} from {source}"
        for amount, source in (
            (e.get("petty_cash_used") or 0, "petty cash"),
            (e.get("treasury_used") or 0, "the treasury"),
        )
        if amount
    ]
    lost = e.get("petty_cash_lost") or 0
    return (
        f"Inducements for {d.t(team)}: {', '.join(lines) or 'none'}; "
        f"{int(e.get('total') or 0):,} in all"
        + (f", {listed(paid)}" if paid else "")
        + (f"; {lost:,} of petty cash left unspent is lost" if lost else "")
    )


def pregame_undone(d: Describer, e: Event) -> str:
    """A match postponed before kick-off: one team's purchases dropped
    (matches/prematch/pregame.py)."""
    total = int(e.get("total") or 0)
    refunded = int(e.get("refunded") or 0)
    petty = int(e.get("petty_cash_used") or 0)
    back = (
        f"the {refunded:,} their treasury paid is paid back"
        if refunded
        else "their treasury paid nothing"
    )
    return (
        f"The match is postponed before kick-off: the inducements {d.t(e['team_id'])} "
        f"bought ({total:,}) are dropped and {back}"
        + (f"; the {petty:,} of petty cash is lost" if petty else "")
    )


# --- reports -----------------------------------------------------------------------


def report(d: Describer, e: Event) -> str:
    roles = [
        f"{what}: {', '.join(d.p(pid) for pid in e[key])}"
        for key, what in (("knocked_out", "knocked out"), ("sent_off", "sent off"))
        if e.get(key)
    ]
    funds = e.get("gather_funds") or {}
    if any(funds.values()):
        counts = ", ".join(f"{d.t(team)} {n}" for team, n in funds.items())
        roles.append(f"Gather Funds in the Treasure Room: {counts}")
    if e.get("notes"):
        roles.append(f"notes: “{e['notes']}”")
    return f"Report by {e.get('submitted_by')}: {e['home_score']}–{e['away_score']}" + (
        "".join(f"; {line}" for line in roles)
    )


def casualty_roll(d: Describer, e: Event) -> str:
    rolled = [
        f"{label} roll of {e[key]}"
        for key, label in (
            ("casualty_roll", "Casualty"),
            ("lasting_roll", "Lasting Injury"),
        )
        if e.get(key) is not None
    ]
    table = CASUALTY_TABLES.get(str(e.get("table")), "")
    on = f" on the {table} table" if table and rolled else ""
    by = f" caused by {d.p(e['inflicted_by'])}" if e.get("inflicted_by") else ""
    after = [
        text
        for flag, text in (
            ("apothecary_used", "the apothecary was used"),
            ("regenerated", "Regeneration saves him"),
        )
        if e.get(flag)
    ]
    return (
        f"{d.p(e['player_id'])} is a casualty{by}: {injury_name(e['result'])}{on}"
        + (f" ({', '.join(rolled)})" if rolled else "")
        + "".join(f"; {text}" for text in after)
    )


def star_casualty(d: Describer, e: Event) -> str:
    victim = (
        f"{star_name(str(e['star_player']))} (Star Player)"
        if e.get("star_player")
        else d.p(e.get("player_id"))
    )
    if e.get("inflicted_by_star"):
        by = f" caused by {star_name(str(e['inflicted_by_star']))} (Star Player)"
    elif e.get("inflicted_by"):
        by = f" caused by {d.p(e['inflicted_by'])}"
    else:
        by = ""
    plague = " (Plague Ridden)" if e.get("plague_ridden") else ""
    waived = "; a Star Player's casualty is waived after the game" * bool(
        e.get("star_player")
    )
    return f"{victim} is a casualty{by}{plague}{waived}"


def plague_ridden(d: Describer, e: Event) -> str:
    star = e.get("inflicted_by_star")
    by = star_name(str(star)) if star else d.p(e.get("inflicted_by"))
    return (
        f"Plague Ridden: {by} infects {d.p(e['player_id'])}; "
        f"{d.t(e['team_id'])} gain a Rotter Lineman"
    )


def raised_dead(d: Describer, e: Event) -> str:
    joins = (
        "joins them as a rookie"
        if e.get("risen_id") is not None
        else "but they have no room for him"
    )
    return (
        f"Masters of Undeath: {d.p(e['player_id'])} rises for "
        f"{d.t(e['team_id'])} and {joins}"
    )


def result_override(d: Describer, e: Event) -> str:
    before, after = e["before"], e["after"]
    return (
        f"Result overridden by {e['by']}: {before[0]}–{before[1]} → "
        f"{after[0]}–{after[1]} ({e['reason']})"
    )


def unplayed(d: Describer, e: Event) -> str:
    """An unplayed fixture recorded (matches/commissioner/unplayed.py)."""
    why = f" ({e['reason']})" if e.get("reason") else ""
    if not e.get("conceded_by"):
        return f"Not played, recorded by {e['by']}: a loss for both teams{why}"
    return (
        f"Not played, recorded by {e['by']}: {d.t(e['conceded_by'])} conceded, "
        f"{d.score(e['home_score'], e['away_score'])}{why}"
    )


def resolve_refused(d: Describer, e: Event) -> str:
    if not e.get("skill"):
        # any other error the engine raised: its code and reason
        return (
            f"The engine cannot play this match ({e.get('code', 'engine_error')}): "
            f"{e.get('reason', '')}; the coaches report the result"
        )
    pid = e.get("player_id")
    who = d.p(pid) if pid in d.players else str(e.get("player") or "a player")
    team = f" of {e['team']}" if e.get("team") else ""
    return (
        f"The engine cannot play this match: {who}{team} has "
        f"{skill_name(e['skill'])}, which it does not play yet; the coaches "
        "report the result"
    )


# --- reports waiting for the other coach ---------------------------------------------


def _reported(d: Describer, e: Event) -> str:
    return f"{e['submitted_by']}'s report ({d.score(e['home_score'], e['away_score'])})"


def report_submitted(d: Describer, e: Event) -> str:
    by = f" by {when_words(e['deadline'])}" if e.get("deadline") else ""
    return (
        f"{_reported(d, e)} waits for the other coach to confirm or dispute "
        f"it{by}; then it stands"
    )


def report_decided(d: Describer, e: Event) -> str:
    reason = f": “{e['reason']}”" if e.get("reason") else ""
    match e.get("decision"):
        case "superseded":
            return f"{_reported(d, e)} is replaced by the commissioner's own report"
        case "accepted":
            return f"The commissioner lets {_reported(d, e)} stand{reason}"
    return f"The commissioner rejects {_reported(d, e)}{reason}"


def report_withdrawn(d: Describer, e: Event) -> str:
    reason = f": “{e['reason']}”" if e.get("reason") else ""
    return (
        f"{e.get('withdrawn_by', '')} withdraws {_reported(d, e)}{reason}; the "
        "match waits for another report"
    )


CAPTIONS: dict[str, Caption] = {
    "inducements": inducements,
    "desperate_measures": lambda d, e: (
        f"Desperate Measures for {d.t(e['team_id'])}: {', '.join(e['names'])} "
        f"(D8: {', '.join(map(str, e['dice']))})"
    ),
    "riotous_rookies": lambda d, e: (
        f"Riotous Rookies: {e['count']} journeymen join {d.t(e['team_id'])} "
        f"(2D3+1: {', '.join(map(str, e['dice']))})"
    ),
    "report": report,
    "report_player": lambda d, e: f"{d.p(e['player_id'])}: {_stats(e)}",
    "report_star": lambda d, e: (
        f"{star_name(str(e['star_player']))} (Star Player for "
        f"{d.t(e['team_id'])}): {_stats(e)}"
    ),
    "casualty_roll": casualty_roll,
    "star_casualty": star_casualty,
    "plague_ridden": plague_ridden,
    "raised_dead": raised_dead,
    "result_override": result_override,
    "unplayed": unplayed,
    "inducements_refunded": lambda d, e: (
        f"{d.t(e['team_id'])} get back the {e['amount']:,} their treasury paid "
        "for inducements: the match was not played"
    ),
    "pregame_undone": pregame_undone,
    "resolve_refused": resolve_refused,
    "report_submitted": report_submitted,
    "report_confirmed": lambda d, e: (
        f"The other coach confirms {_reported(d, e)}: it stands"
    ),
    "report_disputed": lambda d, e: (
        f"{_reported(d, e)} is disputed (“{e.get('reason', '')}”); the "
        "commissioner decides"
    ),
    "report_decided": report_decided,
    "report_stood": lambda d, e: (
        f"Nobody answered by the deadline: {_reported(d, e)} stands"
    ),
    "report_withdrawn": report_withdrawn,
}

"""The casualty table and the event log never contradict each other.

For every match of a season resolved by the engine (BB2020 and Sevens,
with Regeneration on one team and apothecaries on the others), the match
page is read as a visitor reads it: the casualty table (from
``MatchResult.casualties``) and the full event log and replay captions
(from the ``MatchEvent`` rows) are parsed, and must name the same victims,
in the same order, with the same outcome, the same apothecaries and the
same regenerations."""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass

import pytest

from matches.models import Match
from tests.factories import draft_team
from tests.world import resolve_all, scheduled_season

ROSTERS = (
    ("shambling-undead", "Rotting Rovers"),  # Regeneration, no apothecary
    ("human", "Reikland Reavers"),
    ("orc", "Gouged Eye"),
    ("dwarf", "Grudgebearers"),
)


@dataclass(frozen=True)
class Line:
    victim: str
    result: str
    apothecary: bool
    regenerated: bool


def plain(fragment: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", fragment)))


def table_lines(page: str) -> list[Line]:
    """The casualty table's rows."""
    start = page.find('<section aria-labelledby="cas-title">')
    if start == -1:
        return []
    body = page[start : page.index("</section>", start)]
    lines = []
    for row in re.findall(r"<tr>\s*<th scope=\"row\">(.*?)</tr>", body, re.S):
        victim = plain(row.split('<span class="small muted">')[0]).strip()
        cell = re.search(r'<td class="cas-result[^"]*"[^>]*>(.*?)</td>', row, re.S)[1]
        badges = re.findall(r'<span class="badge">([^<]*)</span>', cell)
        lines.append(
            Line(
                victim=victim,
                result=plain(cell.split("<span")[0]).strip(),
                apothecary="apothecary" in badges,
                regenerated="regenerated" in badges,
            )
        )
    return lines


def log_events(page: str) -> list[tuple[str, str]]:
    """(type, caption) of each line of the event log."""
    return [
        (kind, plain(text).strip())
        for kind, text in re.findall(
            r'<li value="\d+" class="ev ev-([a-z_]+)"><span class="ev-type">'
            r"[^<]*</span>(.*?)</li>",
            page,
            re.S,
        )
    ]


CASUALTY = re.compile(r"^(#\d+ .+?) suffers a Casualty: ([A-Za-z ]+?)(?:,| \(|$)")


def log_lines(events: list[tuple[str, str]]) -> list[Line]:
    """The casualties the log tells of, with the apothecary that treated
    each (the event just before it, rolls aside) and its Regeneration roll
    (the last one just after it)."""
    lines = []
    for i, (kind, text) in enumerate(events):
        if kind != "casualty":
            continue
        victim, result = CASUALTY.match(text).groups()
        before = next(
            (e for e in reversed(events[:i]) if e[0] not in ("roll", "reroll")),
            ("", ""),
        )
        apothecary = (
            before[0] == "apothecary" and f"apothecary on {victim}:" in before[1]
        )
        regenerated = False
        for k, t in events[i + 1 :]:
            if k not in ("roll", "reroll"):
                break
            if t.startswith(f"{victim}: Regeneration roll"):
                regenerated = t.endswith(": success")
        lines.append(Line(victim, result, apothecary, regenerated))
    return lines


# A season whose matches (bot play) give each format at least five victims,
# an apothecary and a regeneration to compare.
SEASON_SEED = 11


@pytest.fixture(params=["bb2020", "bb2020-classic-table", "sevens"])
def resolved(
    request, alice, bob, charlie, eleven, sevens, django_capture_on_commit_callbacks
):
    league = sevens if request.param == "sevens" else eleven
    if request.param == "bb2020-classic-table":
        # a house table: the league rolls its casualties on the Classic D100
        # table, not on the D16 the match itself rolls
        league.casualty_table = "classic"
        league.save(update_fields=["casualty_table"])
    teams = [
        draft_team(
            league,
            (bob, charlie)[i % 2],
            roster=roster,
            name=name,
            apothecary=roster != "shambling-undead",
        )
        for i, (roster, name) in enumerate(ROSTERS)
    ]
    season = scheduled_season(league, teams, seed=SEASON_SEED)
    resolve_all(season, django_capture_on_commit_callbacks)
    return season


def test_every_match_tells_the_same_casualties_in_the_table_and_the_log(
    client, resolved
):
    matches = list(resolved.matches.order_by("round", "id"))
    assert all(m.status == Match.Status.COMPLETE for m in matches)
    seen = {"victims": 0, "apothecary": 0, "regenerated": 0}
    for match in matches:
        page = client.get(f"/matches/{match.pk}/?type=all").content.decode()
        replay = client.get(f"/matches/{match.pk}/replay.json").json()

        table = table_lines(page)
        events = log_events(page)
        told = log_lines(events)

        assert table == told, match
        # the replay's captions are the log's, line for line
        assert [
            (e["type"], htmllib.unescape(e["text"]))
            for e in replay["events"]
            if e["type"] in ("casualty", "apothecary")
        ] == [e for e in events if e[0] in ("casualty", "apothecary")]
        # what the post-game applied is what the table says, victim by victim
        kept = [line for line in table if not line.regenerated]
        assert len(kept) == len(match.result.casualties), match
        seen["victims"] += len(table)
        seen["apothecary"] += sum(line.apothecary for line in table)
        seen["regenerated"] += sum(line.regenerated for line in table)
    # the season exercised what the comparison is about
    assert seen["victims"] >= 5
    assert seen["apothecary"] >= 1
    assert seen["regenerated"] >= 1


RECORDED = re.compile(
    r"^(#\d+ .+?) is a casualty(?: caused by #\d+ .+?)?: ([A-Za-z ]+?)"
    r"(?: on the .*| \(.*\)|;.*)?$"
)


def test_a_recorded_match_tells_the_same_casualties_in_the_table_and_the_log(
    client, eleven, bob, charlie, alice, django_capture_on_commit_callbacks
):
    from matches.reports.lines import CasualtyLine
    from tests.matches.conftest import one_match, play_recorded, roster

    humans = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    orcs = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    match = one_match(eleven, humans, orcs)
    h, o = roster(humans), roster(orcs)
    play_recorded(
        match,
        1,
        0,
        actor=alice,
        capture=django_capture_on_commit_callbacks,
        casualties=[
            # D16 8: Seriously Hurt (the BB2020 Casualty table, 7-9)
            CasualtyLine(player_id=h[1].pk, casualty_roll=8, inflicted_by=o[0].pk),
            CasualtyLine(player_id=o[2].pk),  # the server rolls
        ],
    )

    page = client.get(f"/matches/{match.pk}/?type=all").content.decode()

    told = [
        Line(*RECORDED.match(text).groups(), apothecary=False, regenerated=False)
        for kind, text in log_events(page)
        if kind == "casualty_roll"
    ]
    table = table_lines(page)
    assert table == told
    assert [line.victim for line in table] == [
        f"#{h[1].number} {h[1].name}",
        f"#{o[2].number} {o[2].name}",
    ]
    assert table[0].result == "Seriously Hurt"
    # the dice name the table the league rolls on, never its code
    assert 'casualty 8 <span class="muted">(Blood Bowl 2020 (D16) table)</span>' in page
    assert "(bb2020 table)" not in page


def test_casualties_the_result_leaves_out_keep_their_row_in_match_order():
    from types import SimpleNamespace

    from matches.pages.selectors import match_casualty_rows

    def engine(pid, result, **kw):
        return {"player_id": pid, "team": "home", "result": result, **kw}

    def entry(pid, result):
        return {"player_id": pid, "result": result, "apothecary_used": False}

    # a hired mercenary hurt, then #5 regenerates, is hurt again and keeps
    # it, then #7 dies: the result keeps only #5's second casualty and #7's
    result = SimpleNamespace(
        casualties=[entry(5, "seriously_hurt"), entry(7, "dead")],
        summary={
            "casualties": [
                engine(900_001, "badly_hurt", d16=3),
                engine(5, "badly_hurt", regenerated=True, d16=2),
                engine(5, "seriously_hurt", d16=8),
                engine(7, "dead", d16=16),
            ]
        },
    )
    match = SimpleNamespace(mode=Match.Mode.RESOLVED)

    rows = match_casualty_rows(match, result)

    assert [(c["player_id"], c["result"], note) for c, note in rows] == [
        (900_001, "badly_hurt", "hired"),
        (5, "badly_hurt", "regenerated"),
        (5, "seriously_hurt", ""),
        (7, "dead", ""),
    ]
    assert rows[0][0]["casualty_roll"] == 3
    # a recorded match has no engine list: the result's rows only
    recorded = SimpleNamespace(mode=Match.Mode.RECORDED)
    assert [note for _, note in match_casualty_rows(recorded, result)] == ["", ""]

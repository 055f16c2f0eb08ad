"""Every line a visitor reads about a match, on the match page and in its
replay, reads as a coach would write it, in every format the engine plays:
a match of Blood Bowl, Sevens, the classic game (its league rolling on a
house casualty table) and Dungeon Bowl, each with inducements bought, played
by the engine and its post-game run; and a reported Blood Bowl match that
waited for the other coach, with casualties, roles and an override."""

from __future__ import annotations

import html
import re

import pytest

from league.models import League, LeagueEvent
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from matches.models import MatchEvent
from matches.postgame.override import match_override_result
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.reports.confirmation import report_confirm
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.resolution.resolve import match_resolve
from tests.factories import draft_team, make_member
from tests.matches.conftest import one_match, roster
from tests.web.caption_words import developer_words

# What each format's home team buys (the format's own inducements).
BOUGHT = {
    "bb2020": [Purchase("bloodweiser_kegs", 1), Purchase("bribes", 1)],
    "sevens": [Purchase("bloodweiser_kegs", 1), Purchase("desperate_measures", 2)],
    "classic": [Purchase("bloodweiser_kegs", 1), Purchase("bribes", 1)],
    "dungeon-bowl": [Purchase("college_wizard"), Purchase("bribes", 1)],
}
ROSTERS = {
    "bb2020": ("orc", "human"),
    "sevens": ("orc", "human"),
    "classic": ("dwarf", "skaven"),
}


def page_lines(client, match) -> list[str]:
    """The event log (every type, its label and line), the post-game steps
    and the notes above them, as the match page shows them; and every
    caption and turn label of the replay."""
    page = client.get(f"/matches/{match.pk}/?type=all").content.decode()
    texts = re.findall(r'<li value="\d+" class="ev ev-[a-z_]+">(.*?)</li>', page, re.S)
    texts += re.findall(r'<ol class="postgame">(.*?)</ol>', page, re.S)
    texts += re.findall(r'<p class="note[^"]*"[^>]*>(.*?)</p>', page, re.S)
    texts += re.findall(r'<option value="[a-z_]+"[^>]*>(.*?)</option>', page)
    lines = [html.unescape(re.sub(r"<[^>]+>", " ", t)).strip() for t in texts]
    replay = client.get(f"/matches/{match.pk}/replay.json").json()
    lines += [e["text"] for e in replay["events"]]
    lines += [t["label"] for t in replay["turns"]]
    return lines


def assert_coachs_words(client, match) -> None:
    lines = page_lines(client, match)
    assert len(lines) > 40
    wrong = [(line, found) for line in lines if (found := developer_words(line))]
    assert not wrong, "\n".join(map(str, wrong[:30]))


def college(league, coach, slug, lineman, name):
    make_member(league, coach)
    return team_draft(
        league=league,
        coach=coach,
        name=name,
        roster=slug,
        players=[PlayerRequest(lineman, f"{name} {i}") for i in range(1, 12)],
    )


def played_match(fmt, alice, bob, charlie, capture):
    """A match of ``fmt`` with inducements bought, played by the engine,
    its post-game run."""
    league = league_create(commissioner=alice, name=f"The {fmt} league", format=fmt)
    if fmt == "dungeon-bowl":
        home = college(
            league, bob, "college-of-shadows", "skaven-clanrat-lineman", "Shadows"
        )
        away = college(
            league, charlie, "college-of-fire", "bloodborn-marauder-lineman", "Fire"
        )
    else:
        if fmt == "classic":
            # a house table: the league rolls casualties on the Blood Bowl
            # 2020 D16, not on the D100 the match rolls
            League.objects.filter(pk=league.pk).update(casualty_table="bb2020")
        home_roster, away_roster = ROSTERS[fmt]
        home = draft_team(league, bob, roster=home_roster, name="Gouged Eye")
        away = draft_team(league, charlie, roster=away_roster, name="Reikland Reavers")
    match = one_match(league, home, away, seed=4242)
    match_buy_inducements(
        match_id=match.pk, team_id=home.pk, actor=bob, items=BOUGHT[fmt]
    )
    with capture(execute=True):
        assert match_resolve(match_id=match.pk)
    match.refresh_from_db()
    return match


@pytest.mark.parametrize("fmt", ["bb2020", "sevens", "classic", "dungeon-bowl"])
def test_a_played_match_reads_in_a_coachs_words(
    fmt, client, alice, bob, charlie, django_capture_on_commit_callbacks
):
    match = played_match(fmt, alice, bob, charlie, django_capture_on_commit_callbacks)

    kinds = set(MatchEvent.objects.filter(match=match).values_list("type", flat=True))
    assert {"inducements", "game_start", "postgame_outcome"} <= kinds
    assert_coachs_words(client, match)


def test_the_inducements_bought_are_listed_by_name_with_the_teams_name(
    client, alice, bob, charlie, django_capture_on_commit_callbacks
):
    match = played_match(
        "bb2020", alice, bob, charlie, django_capture_on_commit_callbacks
    )

    log = client.get(f"/matches/{match.pk}/events/?type=inducements").content.decode()

    # the catalogue's prices: Bloodweiser Kegs 50,000, Bribes 100,000; equal
    # teams have no petty cash, so the treasury pays
    assert (
        "Inducements for Gouged Eye: Bloodweiser Kegs, Bribes; 150,000 in all, "
        "150,000 from the treasury"
    ) in html.unescape(log)


def test_a_reported_match_reads_in_a_coachs_words(
    client, eleven, alice, bob, charlie, django_capture_on_commit_callbacks
):
    League.objects.filter(pk=eleven.pk).update(report_confirmation_days=3)
    humans = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    orcs = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    match = one_match(eleven, humans, orcs)
    h, o = roster(humans), roster(orcs)
    report = Report(
        2,
        1,
        players=[
            PlayerLine(h[0].pk, touchdowns=2, completions=1),
            PlayerLine(o[0].pk, touchdowns=1, casualties_inflicted=1),
        ],
        casualties=[
            # D16 13: Lasting Injury; D6 3: Smashed Knee
            CasualtyLine(
                player_id=h[1].pk,
                casualty_roll=13,
                lasting_roll=3,
                inflicted_by=o[0].pk,
            ),
            CasualtyLine(player_id=o[2].pk),  # the server rolls
        ],
        fan_factor_rolls=(2, 3),
        mvps=[h[3].pk, o[3].pk],
        knocked_out=[o[4].pk],
        sent_off=[h[5].pk],
        notes="Rain all game",
    )
    with django_capture_on_commit_callbacks(execute=True):
        sub = match_submit_report(match_id=match.pk, report=report, actor=bob)
        report_confirm(submission_id=sub.pk, actor=charlie)
    with django_capture_on_commit_callbacks(execute=True):
        match_override_result(
            match_id=match.pk,
            home_score=3,
            away_score=1,
            reason="a late TD",
            actor=alice,
        )

    kinds = set(MatchEvent.objects.filter(match=match).values_list("type", flat=True))
    assert {
        "report_submitted",
        "report_confirmed",
        "report",
        "fan_factor",
        "report_player",
        "casualty_roll",
        "result_override",
        "postgame_injury",
    } <= kinds
    # submitted, confirmed, and the override (in the audit log however done)
    assert LeagueEvent.objects.filter(match_id=match.pk).count() == 3
    assert_coachs_words(client, match)
    log = html.unescape(
        client.get(f"/matches/{match.pk}/events/?type=casualty_roll").content.decode()
    )
    assert (
        f"#{h[1].number} {h[1].name} is a casualty caused by #{o[0].number} "
        f"{o[0].name}: Lasting Injury on the Blood Bowl 2020 (D16) table (Casualty "
        "roll of 13, Lasting Injury roll of 3)"
    ) in log

"""The pre-match page: both teams' TV and CTV, the gap, the underdog's petty
cash (BB2020 rules: /work/shared/rules/bb2020/), who is missing, each
team's record and position, and the head to head across seasons."""

from __future__ import annotations

import re

import pytest

from league.models import Player
from matches.models import Match
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.seasons.services import season_create, season_schedule
from tests.factories import draft_team
from tests.matches.conftest import one_match, play_recorded


def cell(html: str, testid: str) -> str:
    found = re.search(rf'data-testid="{testid}">([^<]*)<', html)
    assert found, testid
    return found.group(1)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


@pytest.fixture
def humans(eleven, charlie):
    """BB2020 Humans (Human.md): 11 Human Linemen at 50K = TV 550,000."""
    return draft_team(eleven, charlie, roster="human", name="Reikland Reavers")


@pytest.fixture
def orcs(eleven, bob):
    """BB2020 Orcs (Orc.md): 11 Orc Linemen at 50K + 1 Re-roll at 60K = TV
    610,000; 390,000 left in the treasury of the 1,000,000 draft budget."""
    return draft_team(eleven, bob, roster="orc", name="Gouged Eye", rerolls=1)


def test_the_preview_shows_tv_ctv_the_gap_and_the_underdogs_petty_cash(
    client, eleven, humans, orcs
):
    match = one_match(eleven, humans, orcs)

    html = client.get(f"/matches/{match.pk}/preview/").content.decode()

    assert [cell(html, f"{m}-home") for m in ("tv", "ctv", "petty")] == [
        "550,000",
        "550,000",
        "60,000",
    ]
    assert [cell(html, f"{m}-away") for m in ("tv", "ctv", "petty")] == [
        "610,000",
        "610,000",
        "0",
    ]
    gap = text(re.search(r'data-testid="tv-gap">(.*?)</p>', html, re.S).group(1))
    assert "CTV gap: 60,000." in gap
    assert "Reikland Reavers are the underdogs and get 60,000 petty cash" in gap


def test_what_the_favourite_spends_from_its_treasury_adds_to_the_petty_cash(
    client, eleven, humans, orcs, bob
):
    # BB2020 errata: the lower-CTV team's petty cash is the CTV difference
    # plus what the other team spent from its Treasury on inducements
    match = one_match(eleven, humans, orcs)
    match_buy_inducements(
        match_id=match.pk,
        team_id=orcs.pk,
        items=[Purchase("bloodweiser_kegs")],  # 50,000
        actor=bob,
    )

    html = client.get(f"/matches/{match.pk}/preview/").content.decode()

    assert cell(html, "petty-home") == f"{60_000 + 50_000:,}"


def test_sevens_petty_cash_is_the_plain_gap(client, sevens, bob, charlie):
    # blood_bowl_sevens.md: re-rolls cost double (Orc: 2 x 60K = 120K, and
    # TV counts them at that); the Sevens league keeps the pre-errata petty
    # cash, the CTV difference alone, whatever the favourite spends
    humans = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    orcs = draft_team(sevens, bob, roster="orc", name="Gouged Eye", rerolls=1)
    match = one_match(sevens, humans, orcs)
    match_buy_inducements(
        match_id=match.pk,
        team_id=orcs.pk,
        items=[Purchase("agency_cheerleaders")],  # 30,000 from the treasury
        actor=bob,
    )

    html = client.get(f"/matches/{match.pk}/preview/").content.decode()

    assert cell(html, "tv-home") == f"{7 * 50_000:,}"
    assert cell(html, "tv-away") == f"{7 * 50_000 + 120_000:,}"
    assert cell(html, "petty-home") == "120,000"
    assert cell(html, "petty-away") == "0"
    gap = text(re.search(r'data-testid="tv-gap">(.*?)</p>', html, re.S).group(1))
    assert "(the gap; both teams may add treasury)" in gap


def test_missing_players_are_named_and_leave_the_ctv(client, eleven, humans, orcs):
    match = one_match(eleven, humans, orcs)
    injured = orcs.players.order_by("number")[2]
    Player.objects.filter(pk=injured.pk).update(miss_next_game=True)
    retired = humans.players.order_by("number")[4]
    Player.objects.filter(pk=retired.pk).update(status=Player.Status.RETIRED)

    html = client.get(f"/matches/{match.pk}/preview/").content.decode()

    home = text(re.search(r'data-testid="missing-home">(.*?)</div>', html, re.S)[1])
    away = text(re.search(r'data-testid="missing-away">(.*?)</div>', html, re.S)[1])
    assert f"#{retired.number} {retired.name}: temporarily retired" in home
    assert f"#{injured.number} {injured.name}: misses this game (injured)" in away
    assert "Nobody missing" not in home + away
    # both still count in TV; CTV leaves each out and counts instead the
    # Journeyman (a 50K Lineman) each team takes on to field 11 players
    assert cell(html, "tv-home") == "550,000"
    assert cell(html, "ctv-home") == f"{550_000 - 50_000 + 50_000:,}"
    assert cell(html, "tv-away") == "610,000"
    assert cell(html, "ctv-away") == f"{610_000 - 50_000 + 50_000:,}"
    gap = text(re.search(r'data-testid="tv-gap">(.*?)</p>', html, re.S).group(1))
    assert "TV gap: 60,000; CTV gap: 60,000." in gap


def test_petty_cash_counts_from_ctv_not_tv(client, eleven, charlie, orcs):
    # 12 Human Linemen (600K TV), one of them out injured: 11 still play, so
    # no Journeyman, and CTV leaves him out (rules_and_regulations.md "CTV")
    humans = draft_team(
        eleven,
        charlie,
        roster="human",
        name="Reikland Reavers",
        extra=[("human-lineman", "Twelfth Man")],
    )
    hurt = humans.players.order_by("number").first()
    Player.objects.filter(pk=hurt.pk).update(miss_next_game=True)
    match = one_match(eleven, humans, orcs)

    html = client.get(f"/matches/{match.pk}/preview/").content.decode()

    assert cell(html, "tv-home") == f"{12 * 50_000:,}"
    assert cell(html, "ctv-home") == f"{11 * 50_000:,}"
    gap = text(re.search(r'data-testid="tv-gap">(.*?)</p>', html, re.S).group(1))
    assert f"TV gap: {610_000 - 600_000:,}; CTV gap: {610_000 - 550_000:,}." in gap
    assert cell(html, "petty-home") == f"{610_000 - 550_000:,}"


def test_head_to_head_lists_every_earlier_meeting_across_seasons(
    client, eleven, humans, orcs, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    first = one_match(eleven, humans, orcs)  # Season 1: humans at home
    play_recorded(first, 2, 1, actor=alice, capture=capture)
    second = one_match(eleven, orcs, humans)  # Season 2: orcs at home
    play_recorded(second, 0, 0, actor=alice, capture=capture)
    match = one_match(eleven, orcs, humans)  # Season 3, to play
    # a match of another pair is no meeting of these two
    assert Match.objects.count() == 3

    html = client.get(f"/matches/{match.pk}/preview/").content.decode()

    meetings = re.search(r'data-testid="h2h">(.*?)</ul>', html, re.S)[1]
    rows = [
        text(li).strip() for li in re.findall(r"<li[^>]*>(.*?)</li>", meetings, re.S)
    ]
    assert rows == [
        f"Reikland Reavers 2–1 Gouged Eye {first.season.name}, round 1",
        f"Gouged Eye 0–0 Reikland Reavers {second.season.name}, round 1",
    ]
    # the summary counts from this match's side: Gouged Eye are at home
    assert text(cell_block(html, "h2h-summary")) == (
        "Gouged Eye 0 wins, 1 draw, Reikland Reavers 1 win."
    )
    # each team's record in this season's table (no game played yet: the
    # seeded coin flip orders them, one first and one second)
    season = match.season.name
    records = sorted(
        text(cell_block(html, f"record-{side}")) for side in ("home", "away")
    )
    positions = sorted(int(re.search(r"#(\d)", r)[1]) for r in records)
    assert positions == [1, 2]
    assert [re.sub(r"#\d", "#N", r) for r in records] == [
        f"Gouged Eye: #N in {season} · 0 W, 0 D, 0 L · 0 pts",
        f"Reikland Reavers: #N in {season} · 0 W, 0 D, 0 L · 0 pts",
    ]


def cell_block(html: str, testid: str) -> str:
    return re.search(rf'data-testid="{testid}">(.*?)</(?:p|li)>', html, re.S)[1]


def test_with_divisions_each_teams_position_is_in_its_own_division(
    client,
    eleven,
    humans,
    orcs,
    alice,
    bob,
    charlie,
    django_capture_on_commit_callbacks,
):
    # given Upper {Humans, Orcs} and Lower {Dwarfs, Elves}, home and away:
    # the Orcs beat the Humans 1-0, the Dwarfs beat the Elves 3-0
    dwarfs = draft_team(eleven, bob, roster="dwarf", name="Grudge Bearers")
    elves = draft_team(eleven, charlie, roster="wood-elf", name="Athelorn Avengers")
    season = season_create(
        league=eleven,
        name="Split",
        seed=5,
        double_round_robin=True,
        divisions={"Upper": [humans.pk, orcs.pk], "Lower": [dwarfs.pk, elves.pk]},
    )
    matches = season_schedule(season_id=season.pk)
    first = {m.home_id: m for m in matches if m.round == 1}
    upper = first.get(humans.pk) or first[orcs.pk]
    lower = first.get(dwarfs.pk) or first[elves.pk]
    capture = django_capture_on_commit_callbacks
    winners = {orcs.pk: 1, dwarfs.pk: 3}
    for m in (upper, lower):
        play_recorded(
            m,
            winners.get(m.home_id, 0),
            winners.get(m.away_id, 0),
            actor=alice,
            capture=capture,
        )
    rematch = next(
        m
        for m in matches
        if m.round == 2 and {m.home_id, m.away_id} == {humans.pk, orcs.pk}
    )

    html = client.get(f"/matches/{rematch.pk}/preview/").content.decode()

    # then the Orcs are first and the Humans second of the Upper division (the
    # Dwarfs' bigger win in the Lower one does not count)
    records = {
        side: text(cell_block(html, f"record-{side}")) for side in ("home", "away")
    }
    orcs_side = "home" if rematch.home_id == orcs.pk else "away"
    humans_side = "away" if orcs_side == "home" else "home"
    assert records[orcs_side] == "Gouged Eye: #1 in Upper · 1 W, 0 D, 0 L · 3 pts"
    assert (
        records[humans_side] == "Reikland Reavers: #2 in Upper · 0 W, 0 D, 1 L · 0 pts"
    )


def test_only_those_who_may_see_the_inducements_and_report_links(
    client, eleven, humans, orcs, bob, dave
):
    match = one_match(eleven, humans, orcs)
    url = f"/matches/{match.pk}/preview/"
    links = (f"/matches/{match.pk}/inducements/", f"/matches/{match.pk}/report/")

    client.force_login(dave)
    outsider = client.get(url).content.decode()
    client.force_login(bob)
    coach = client.get(url).content.decode()

    assert not any(link in outsider for link in links)
    assert all(link in coach for link in links)


def test_a_played_match_has_no_preview_and_sends_to_its_page(
    client, eleven, humans, orcs, alice, django_capture_on_commit_callbacks
):
    match = one_match(eleven, humans, orcs)
    play_recorded(match, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks)

    response = client.get(f"/matches/{match.pk}/preview/")

    assert response.status_code == 302
    assert response["Location"] == f"/matches/{match.pk}/"


def test_the_match_page_of_a_scheduled_match_links_its_preview(
    client, eleven, humans, orcs
):
    match = one_match(eleven, humans, orcs)

    html = client.get(f"/matches/{match.pk}/").content.decode()

    assert f'href="/matches/{match.pk}/preview/"' in html


def test_the_preview_runs_as_many_queries_whatever_the_teams_and_history(
    client,
    eleven,
    humans,
    orcs,
    bob,
    charlie,
    alice,
    django_capture_on_commit_callbacks,
):
    from tests.web.conftest import count_queries

    small = one_match(eleven, humans, orcs)
    # bigger teams, a missing player, and two earlier meetings
    big_home = draft_team(
        eleven,
        charlie,
        roster="human",
        name="Big Humans",
        extra=[("blitzer", f"Blitzer {i}") for i in range(4)],
    )
    big_away = draft_team(eleven, bob, roster="orc", name="Big Orcs", rerolls=2)
    Player.objects.filter(pk=big_away.players.first().pk).update(miss_next_game=True)
    for _ in range(2):
        played = one_match(eleven, big_home, big_away)
        play_recorded(
            played, 1, 0, actor=alice, capture=django_capture_on_commit_callbacks
        )
    large = one_match(eleven, big_home, big_away)

    assert count_queries(client, f"/matches/{small.pk}/preview/") == count_queries(
        client, f"/matches/{large.pk}/preview/"
    )

"""Player pages and leaders boards, what coaches look for:
career numbers from the recorded results and the post-game, the history of
matches, injuries, advancements and roster moves, the leaders of a league
and of a season, and a constant number of queries."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from league.models import LeagueEvent, Player, Team
from league.services.advancement import player_advance
from matches.models import Match, MatchEvent, MatchResult, RosterSnapshot
from matches.pages.player_selectors import (
    LEADER_KEYS,
    Leader,
    leaders_rank,
    league_leaders,
    league_leaders_board,
    player_career,
)
from matches.pages.selectors import season_view
from matches.postgame.retirement import player_retire
from matches.postgame.sequence import postgame_run_current_step
from matches.prematch.inducements import Purchase, match_buy_inducements
from matches.prematch.kickoff import match_kick_off
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from tests.factories import LeagueFactory, draft_team
from tests.matches.conftest import one_match
from tests.web.conftest import (
    count_queries,
    resolve_all,
    scheduled_season,
    sevens_teams,
)

# Blood Bowl 2020 SPP (core_rules/post-game_sequence.md "Earning Star Player
# Points"): a touchdown 3, a casualty 2, the MVP 4.
TD_SPP, CAS_SPP, MVP_SPP = 3, 2, 4
# "Advancements table": a chosen Primary skill costs an Experienced player
# 6 SPP; "Current value increase table": +20,000.
CHOSEN_PRIMARY_SPP, CHOSEN_PRIMARY_VALUE = 6, 20_000


def by_testid(html: str, name: str) -> str:
    found = re.search(rf'data-testid="{name}"[^>]*>(.*?)<', html, re.S)
    assert found is not None, name
    return found[1].strip()


def _play(match: Match, actor, report: Report) -> None:
    match_submit_report(match_id=match.pk, report=report, actor=actor)
    while postgame_run_current_step(match_id=match.pk) != "done":
        pass


# the_rules_of_blood_bowl.md "Casualty Table": D16 8 Seriously Hurt, 13
# Lasting Injury; "Lasting Injury Table": D6 1 Head Injury.
SERIOUSLY_HURT, LASTING_INJURY, HEAD_INJURY = 8, 13, 1


@pytest.fixture
def reported(eleven, alice, bob, charlie, request):
    """Blood Bowl 2020: Bob's Orcs beat Charlie's Humans 2-0. Orc #1 scores
    both touchdowns, hurts Human #1 (Casualty roll D16 8: Seriously Hurt,
    so he misses the next game; or the casualty and lasting-injury rolls a
    test passes as the fixture's param) and is his team's MVP; Human #2 is
    the Humans' MVP."""
    casualty_roll, lasting_roll = getattr(request, "param", (SERIOUSLY_HURT, None))
    home = draft_team(eleven, bob, roster="orc", name="Orcs")
    away = draft_team(eleven, charlie, roster="human", name="Humans")
    match = scheduled_season(eleven, [home, away]).matches.get()
    if match.home_id != home.pk:
        Match.objects.filter(pk=match.pk).update(home=home, away=away)
        match.refresh_from_db()
    scorer = home.players.get(number=1)
    victim = away.players.get(number=1)
    human_mvp = away.players.get(number=2)
    _play(
        match,
        alice,
        Report(
            home_score=2,
            away_score=0,
            players=[PlayerLine(scorer.pk, touchdowns=2, casualties_inflicted=1)],
            casualties=[
                CasualtyLine(
                    player_id=victim.pk,
                    casualty_roll=casualty_roll,
                    lasting_roll=lasting_roll,
                    inflicted_by=scorer.pk,
                )
            ],
            mvps=[scorer.pk, human_mvp.pk],
            fan_factor_rolls=(1, 1),
        ),
    )
    return match, scorer, victim, human_mvp


def test_a_scorers_career_counts_his_report_and_his_spp(client, reported):
    # given
    match, scorer, _, _ = reported

    # when
    response = client.get(f"/players/{scorer.pk}/")

    # then: 2 TD, 1 CAS, MVP: 2x3 + 2 + 4 SPP
    html = response.content.decode()
    assert response.status_code == 200
    earned = 2 * TD_SPP + 1 * CAS_SPP + MVP_SPP
    assert earned == 12
    expected = {
        "games": "1",
        "touchdowns": "2",
        "casualties": "1",
        "completions": "0",
        "interceptions": "0",
        "mvps": "1",
        "spp-earned": str(earned),
        "spp-spent": "0",
        "spp-unspent": str(earned),
    }
    assert {name: by_testid(html, name) for name in expected} == expected
    career = player_career(scorer.pk)
    (line,) = career.matches
    assert (line.match.pk, line.outcome, line.score_for, line.score_against) == (
        match.pk,
        "Win",
        2,
        0,
    )
    assert (line.did, line.spp, line.mvp, line.played) == (
        "2 TD, 1 CAS, MVP",
        12,
        True,
        True,
    )
    assert "Win 2–0" in html
    assert f'href="/matches/{match.pk}/"' in html


def test_the_player_profile_writes_characteristics_as_the_rules_do(client, reported):
    # given: an Orc Lineman (bb2020 Orc roster: MA 5, ST 3, AG 3+, PA 4+, AV 10+)
    _, scorer, _, _ = reported

    # when
    html = client.get(f"/players/{scorer.pk}/").content.decode()

    # then
    chars = {c: by_testid(html, f"char-{c}") for c in ("ma", "st", "ag", "pa", "av")}
    assert chars == {"ma": "5", "st": "3", "ag": "3+", "pa": "4+", "av": "10+"}
    assert "Orc Lineman" in html
    assert by_testid(html, "status") == "Active"


def test_an_injured_player_shows_the_casualty_roll_and_who_caused_it(client, reported):
    # given
    match, scorer, victim, _ = reported

    # when
    html = client.get(f"/players/{victim.pk}/").content.decode()

    # then
    (injury,) = player_career(victim.pk).injuries
    assert (injury.match.pk, injury.casualty_roll, injury.result) == (
        match.pk,
        8,
        "Seriously Hurt",
    )
    assert injury.inflicted_by == f"#1 {scorer.name} (Orcs)"
    assert "D16 8" in html
    assert f"#1 {scorer.name} (Orcs)" in html
    assert "misses the next game" in html
    (line,) = player_career(victim.pk).matches
    assert (line.outcome, line.did, line.spp) == ("Loss", "suffered Seriously Hurt", 0)


def test_an_advancement_shows_its_cost_and_spp_spent_and_unspent(client, reported, bob):
    # given: the scorer (12 SPP) takes Block, a chosen Primary skill
    _, scorer, _, _ = reported
    player_advance(
        player_id=scorer.pk, kind="chosen_primary", category="general", skill="block"
    )

    # when
    html = client.get(f"/players/{scorer.pk}/").content.decode()

    # then
    assert (
        by_testid(html, "spp-earned"),
        by_testid(html, "spp-spent"),
        by_testid(html, "spp-unspent"),
    ) == ("12", str(CHOSEN_PRIMARY_SPP), str(12 - CHOSEN_PRIMARY_SPP))
    (advancement,) = player_career(scorer.pk).advancements
    assert (advancement.gained, advancement.spp_spent, advancement.value_increase) == (
        "Block",
        CHOSEN_PRIMARY_SPP,
        CHOSEN_PRIMARY_VALUE,
    )
    # the gained skill is marked, with its description
    assert re.search(
        r'<mark class="gained"><span class="skill"><button type="button" '
        r'class="skill-name" aria-describedby="tip-block-\d+">Block</button>',
        html,
    )


@pytest.mark.parametrize("reported", [(LASTING_INJURY, HEAD_INJURY)], indirect=True)
def test_roster_moves_are_in_the_history(client, reported):
    # given: the Human hurt (a Lasting Injury) retires to recover
    _, _, victim, _ = reported
    player_retire(team_id=victim.team_id, player_id=victim.pk)

    # when
    career = player_career(victim.pk)
    html = client.get(f"/players/{victim.pk}/").content.decode()

    # then
    assert [e.text for e in career.roster_events] == [
        "Joined the team",
        "Temporarily retired",
    ]
    assert by_testid(html, "status") == "Temporarily retired"
    assert by_testid(html, "games") == "1"
    assert by_testid(html, "spp-earned") == "0"


def test_an_unknown_player_is_a_404(client, reported):
    missing = Player.objects.order_by("-pk").values_list("pk", flat=True)[0] + 1

    assert client.get(f"/players/{missing}/").status_code == 404


def test_the_team_sheet_and_the_match_page_link_to_player_pages(client, reported):
    # given
    match, scorer, victim, _ = reported

    # when
    team = client.get(f"/teams/{scorer.team_id}/").content.decode()
    page = client.get(f"/matches/{match.pk}/").content.decode()

    # then
    for p in scorer.team.players.all():
        assert f'<a href="/players/{p.pk}/">{p.name}</a>' in team
    assert f'<a href="/players/{scorer.pk}/">{scorer.name}</a>' in page
    assert f'<a href="/players/{victim.pk}/">#1 {victim.name}</a>' in page


# --- leaders -------------------------------------------------------------------


def test_the_leaders_board_ranks_the_reported_match(client, reported, eleven):
    # given
    _, scorer, _, human_mvp = reported

    # when
    board = league_leaders_board(eleven.pk)
    html = client.get(f"/leagues/{eleven.pk}/leaders/").content.decode()

    # then
    assert [(x.player.pk, x.value) for x in board["touchdowns"]] == [(scorer.pk, 2)]
    assert [(x.player.pk, x.value) for x in board["casualties_inflicted"]] == [
        (scorer.pk, 1)
    ]
    # the two MVPs tie on 1: rank shared, listed by name
    mvps = board["mvps"]
    assert [(x.value, x.rank) for x in mvps] == [(1, 1), (1, 1)]
    assert [x.player.name for x in mvps] == sorted(
        [scorer.name, human_mvp.name], key=str.casefold
    )
    assert [(x.player.pk, x.value) for x in board["spp"]][0] == (scorer.pk, 12)
    # every available player of both kick-off rosters played: 11 + 11
    assert len(board["games"]) == 10  # the board's top 10
    assert {x.value for x in board["games"]} == {1}
    assert board["completions"] == []
    assert f'<a href="/players/{scorer.pk}/">{scorer.name}</a>' in html


def test_ties_share_a_rank_and_are_ordered_by_name_then_id():
    # given: three players on 5, two of them with the same name but for its
    # case, and one on 2; counted in an order that is none of those
    a, b, c, d = (
        Player(pk=i, name=n) for i, n in ((1, "zed"), (2, "Amy"), (3, "amy"), (4, "Bo"))
    )
    players = {1: a, 2: b, 3: c, 4: d}

    # when
    ranked = leaders_rank(Counter({3: 5, 4: 2, 1: 5, 2: 5}), players, top=4)

    # then: the three on 5 share rank 1, by name ("Amy" and "amy" by id);
    # the next is 4th
    assert ranked == [
        Leader(b, 5, 1),
        Leader(c, 5, 1),
        Leader(a, 5, 1),
        Leader(d, 2, 4),
    ]


def test_a_board_stops_at_its_size():
    players = {i: Player(pk=i, name=f"P{i}") for i in range(1, 5)}

    ranked = leaders_rank(Counter({1: 4, 2: 3, 3: 2, 4: 1}), players, top=2)

    assert [x.player.pk for x in ranked] == [1, 2]


def test_a_stat_outside_the_boards_is_refused(eleven):
    with pytest.raises(ValueError, match="no leaders board"):
        league_leaders(eleven.pk, stat="blocks")


def test_an_unknown_league_or_season_is_a_404(
    client, reported, eleven, sevens, bob, charlie
):
    missing = eleven.pk + sevens.pk + 100
    other = scheduled_season(sevens, sevens_teams(sevens, [bob, charlie], 2))

    assert client.get(f"/leagues/{missing}/leaders/").status_code == 404
    assert client.get(f"/leagues/{eleven.pk}/leaders/?season=x").status_code == 404
    # a digit to Unicode that is no number to int() (superscript two), and
    # more digits than int() converts
    for season in ("²", "1" + "0" * 5000):
        leaders = client.get(f"/leagues/{eleven.pk}/leaders/", {"season": season})
        assert leaders.status_code == 404
    assert (
        client.get(f"/leagues/{eleven.pk}/leaders/?season={other.pk}").status_code
        == 404
    )


def _tally_from_rows(season) -> dict[str, Counter[int]]:
    """The season's numbers counted straight from the stored rows, apart from
    the selectors."""
    totals: dict[str, Counter[int]] = {k: Counter() for k in LEADER_KEYS}
    names = {
        "touchdowns": "touchdowns",
        "casualties_inflicted": "casualties_inflicted",
        "completions": "completions",
        "interceptions": "interceptions",
    }
    for result in MatchResult.objects.filter(match__season=season):
        for pid, line in result.player_stats.items():
            for key, stored in names.items():
                totals[key][int(pid)] += line.get(stored, 0)
    for event in MatchEvent.objects.filter(match__season=season, type="postgame_mvp"):
        for pid in event.payload["player_ids"]:
            totals["mvps"][pid] += 1
    for event in MatchEvent.objects.filter(match__season=season, type="postgame_spp"):
        if "earned" in event.payload:
            totals["spp"][event.payload["player_id"]] += event.payload["earned"]
    for snap in RosterSnapshot.objects.filter(match__season=season):
        for p in snap.data["players"]:
            totals["games"][p["id"]] += int(p["available"])
    return totals


def test_a_resolved_seasons_leaders_match_its_stored_results(
    client, resolved_season, sevens
):
    # given: a four-team Sevens season the engine played
    expected = _tally_from_rows(resolved_season)
    assert sum(expected["touchdowns"].values()) == sum(
        r.home_score + r.away_score
        for r in MatchResult.objects.filter(match__season=resolved_season)
    )

    # when
    board = league_leaders_board(sevens.pk, season_id=resolved_season.pk, top=1000)

    # then: every board lists exactly the players with more than nothing
    for key in LEADER_KEYS:
        assert {x.player.pk: x.value for x in board[key]} == {
            pid: n for pid, n in expected[key].items() if n
        }, key
    # and each player's page agrees with the boards
    top = board["touchdowns"][0]
    career = player_career(top.player.pk)
    assert career.totals["touchdowns"] == expected["touchdowns"][top.player.pk]
    assert career.totals["games"] == expected["games"][top.player.pk]


def test_the_season_page_leaders_agree_with_the_leaders_board(
    resolved_season, sevens, alice
):
    # given
    view = season_view(resolved_season, alice)

    # when
    board = league_leaders_board(sevens.pk, season_id=resolved_season.pk, top=5)

    # then
    assert view.touchdowns == board["touchdowns"]
    assert view.casualties == board["casualties_inflicted"]
    assert view.spp == board["spp"]
    assert view.touchdowns  # a resolved season has scorers


# --- queries ------------------------------------------------------------------


@pytest.fixture
def two_worlds(alice, bob, charlie, django_capture_on_commit_callbacks):
    """A small league (2 teams, one match) and a large one (4 teams, two
    seasons), each resolved by the engine; in the large one a player has
    taken an advancement and one has retired."""
    small = LeagueFactory(name="Small", format="sevens", commissioner=alice)
    large = LeagueFactory(
        name="Large", format="sevens", commissioner=alice, sevens_spp=True
    )
    small_teams = sevens_teams(small, [bob, charlie], 2)
    large_teams = sevens_teams(large, [bob, charlie], 4)
    resolve_all(
        scheduled_season(small, small_teams), django_capture_on_commit_callbacks
    )
    for seed in (7, 8):
        resolve_all(
            scheduled_season(large, large_teams, seed=seed),
            django_capture_on_commit_callbacks,
        )
    return small, small_teams[0], large, large_teams[0]


def test_player_and_leaders_pages_run_a_constant_number_of_queries(client, two_worlds):
    # given
    small, small_team, large, large_team = two_worlds
    quiet = small_team.players.order_by("pk").first()
    busy = max(
        large_team.players.all(),
        key=lambda p: len(player_career(p.pk).matches),
    )
    assert len(player_career(busy.pk).matches) > len(player_career(quiet.pk).matches)
    assert (
        Match.objects.filter(season__league=large).count()
        > Match.objects.filter(season__league=small).count()
    )
    seasons = {lg.pk: lg.seasons.order_by("pk").first().pk for lg in (small, large)}

    # when / then
    pages = [
        (f"/players/{quiet.pk}/", f"/players/{busy.pk}/"),
        (f"/leagues/{small.pk}/leaders/", f"/leagues/{large.pk}/leaders/"),
        (
            f"/leagues/{small.pk}/leaders/?season={seasons[small.pk]}",
            f"/leagues/{large.pk}/leaders/?season={seasons[large.pk]}",
        ),
    ]
    counts = [
        (count_queries(client, few), count_queries(client, many)) for few, many in pages
    ]
    # the player page: his league (for the cache), the player, the kick-off
    # rosters of his matches, his post-game events, his audit entries; the
    # board: the league, its seasons, results, rosters, post-game events, the
    # players named, and the hired players (the inducements with their
    # matches, those matches' rosters, the Star Players' report lines)
    assert counts == [(5, 5), (9, 9), (9, 9)]


@pytest.mark.parametrize("reported", [(LASTING_INJURY, HEAD_INJURY)], indirect=True)
def test_the_player_page_is_cached_until_his_league_moves_on(client, reported):
    # given: the page of the Human hurt (a Lasting Injury) seen once
    _, _, victim, _ = reported
    url = f"/players/{victim.pk}/"
    client.get(url)
    assert count_queries(client, url) == 0  # an anonymous visitor: the cache only

    # when: he retires (an audit entry: the league's generation moves on)
    player_retire(team_id=victim.team_id, player_id=victim.pk)

    # then
    html = client.get(url).content.decode()
    assert by_testid(html, "status") == "Temporarily retired"
    assert LeagueEvent.objects.filter(player=victim).count() == 1


def test_the_coach_sees_an_advance_link_and_a_visitor_does_not(
    client, reported, bob, dave
):
    # given: the scorer holds 12 SPP
    _, scorer, _, _ = reported
    url = f"/players/{scorer.pk}/"
    link = f'href="/players/{scorer.pk}/advance/"'

    # when / then
    assert link not in client.get(url).content.decode()
    client.force_login(dave)
    assert link not in client.get(url).content.decode()
    client.force_login(bob)
    assert link in client.get(url).content.decode()


def test_a_league_without_spp_shows_no_spp_and_no_spp_boards(
    client, resolved_season, sevens
):
    # given: the Sevens league tracks no SPP (its players take the post-game
    # skill)
    player = Player.objects.filter(team__league=sevens).order_by("pk").first()

    # when
    page = client.get(f"/players/{player.pk}/").content.decode()
    board = client.get(f"/leagues/{sevens.pk}/leaders/").content.decode()

    # then
    assert 'data-testid="no-spp"' in page
    assert 'data-testid="spp-earned"' not in page
    assert 'data-testid="no-spp"' in board
    assert "<h4>MVP awards</h4>" not in board
    assert "<h4>Star Player Points earned</h4>" not in board
    assert "<h4>Touchdowns</h4>" in board


def test_a_journeymans_history_starts_with_his_match_as_a_journeyman(
    client, resolved_season, sevens
):
    # given: a journeyman the season took on
    event = LeagueEvent.objects.filter(
        league=sevens, type=LeagueEvent.Type.JOURNEYMEN_TAKEN
    ).earliest("id")
    journeyman = Player.objects.get(pk=event.payload["player_ids"][0])

    # when
    career = player_career(journeyman.pk)
    html = client.get(f"/players/{journeyman.pk}/").content.decode()

    # then
    assert career.roster_events[0].text == "Joined for a match as a journeyman"
    assert "Joined the team" not in [e.text for e in career.roster_events]
    assert "Joined for a match as a journeyman" in html
    assert event.match_id in [line.match.pk for line in career.matches]


def test_a_player_who_misses_a_game_does_not_count_it(client, reported, eleven, alice):
    # given: the Human hurt in the first match (Seriously Hurt: Miss Next
    # Game) sits out a second one, a 0-0 draw
    match, scorer, victim, _ = reported
    second = scheduled_season(eleven, [match.home, match.away], seed=9).matches.get()
    _play(second, alice, Report(home_score=0, away_score=0, fan_factor_rolls=(1, 1)))

    # when
    career = player_career(victim.pk)
    html = client.get(f"/players/{victim.pk}/").content.decode()

    # then
    assert [(x.match.pk, x.played, x.outcome) for x in career.matches] == [
        (match.pk, True, "Loss"),
        (second.pk, False, "Draw"),
    ]
    assert career.totals["games"] == 1
    assert by_testid(html, "games") == "1"
    assert "did not play" in html
    assert player_career(scorer.pk).totals["games"] == 2


def test_a_star_player_on_the_match_page_has_no_player_page_link(
    client, eleven, bob, charlie
):
    # given: Bob's Humans hired Mighty Zug for a match that has kicked off
    home = draft_team(eleven, bob, roster="human", name="Reavers")
    away = draft_team(eleven, charlie, roster="human", name="Marauders")
    Team.objects.filter(pk__in=[home.pk, away.pk]).update(treasury=1_000_000)
    match = one_match(eleven, home, away)
    match_buy_inducements(
        match_id=match.pk,
        team_id=home.pk,
        actor=bob,
        items=[Purchase("star_players", star_player="mighty-zug")],
    )
    match_kick_off(match_id=match.pk)

    # when
    html = client.get(f"/matches/{match.pk}/").content.decode()

    # then: Zug is listed as he is, a rostered player links to his page
    assert '<th scope="row">Mighty Zug<br>' in html
    first = home.players.order_by("number").first()
    assert f'<a href="/players/{first.pk}/">{first.name}</a>' in html


def test_improvements_and_lasting_injuries_show_on_the_characteristics(
    client, reported
):
    # given: the scorer's AG improved once (3+ to 2+) and his MA down by a
    # lasting injury (5 to 4), as the advancement and injury services store
    # them
    _, scorer, _, _ = reported
    Player.objects.filter(pk=scorer.pk).update(
        ag=2, improvements={"ag": 1}, ma=4, reductions={"ma": 1}
    )

    # when
    html = client.get(f"/players/{scorer.pk}/").content.decode()

    # then
    assert by_testid(html, "char-ag") == "2+"
    assert 'title="improved 1 time">▲1' in html
    assert by_testid(html, "char-ma") == "4"
    assert 'title="1 lasting injury">▼1' in html


def test_a_journeyman_on_a_leaders_board_is_marked_as_one(client, reported, eleven):
    # given: the scorer is (for this test) a journeyman
    _, scorer, _, _ = reported
    Player.objects.filter(pk=scorer.pk).update(journeyman=True)

    # when
    html = client.get(f"/leagues/{eleven.pk}/leaders/").content.decode()

    # then
    assert (
        f'<a href="/players/{scorer.pk}/">{scorer.name}</a> '
        '<span class="badge">journeyman</span>'
    ) in html


def test_the_career_is_the_same_without_json_containment(reported, monkeypatch):
    """The embedded default (SQLite) has no JSON containment lookup: the
    player page then picks his rows in Python, and must find the same
    career (this once answered 500 on the demo)."""
    from django.db import connection

    # given: journeymen taken by the scorer's team (not him), and the career
    # read with PostgreSQL's containment
    match, scorer, victim, _ = reported
    others = list(
        scorer.team.players.exclude(pk=scorer.pk).values_list("pk", flat=True)
    )
    LeagueEvent.objects.create(
        league=scorer.team.league,
        team=scorer.team,
        match_id=match.pk,
        type=LeagueEvent.Type.JOURNEYMEN_TAKEN,
        payload={"player_ids": others[:2]},
    )
    with_lookup = player_career(scorer.pk)
    hurt_with = player_career(victim.pk)

    # when: read as on a database without it
    monkeypatch.setattr(connection.features, "supports_json_field_contains", False)
    without = player_career(scorer.pk)
    hurt_without = player_career(victim.pk)

    # then
    assert without == with_lookup
    assert hurt_without == hurt_with
    assert [line.did for line in without.matches] == ["2 TD, 1 CAS, MVP"]
    assert len(hurt_without.injuries) == 1

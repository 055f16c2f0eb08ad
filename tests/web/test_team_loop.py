"""The coach's season loop on the team sheet: hiring a journeyman for good,
retiring a player after his Lasting Injury (and no bringing him back before
the re-draft), choosing the special rule; and what the sheet shows in plain
words (record and place, unspent and earned SPP, why CTV differs from TV,
the ledger in words). The re-draft page has its own tests
(test_redraft_page.py)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache

from engine.core.rules_data import rules_data
from engine.variants import get_variant
from league.models import LeagueEvent, Player, Team, TreasuryEntry
from league.services.journeymen import team_take_journeymen
from league.services.teams import team_buy
from matches.models import Match, SeasonTeamArchive
from matches.pages.team_sheet import ledger_sentence
from matches.postgame.sequence import postgame_run_current_step
from matches.reports.lines import CasualtyLine, PlayerLine, Report
from matches.reports.report import match_submit_report
from matches.seasons.rollover import season_close
from matches.seasons.services import season_create, season_schedule
from tests.factories import LeagueFactory, draft_team, make_member
from tests.matches.retirement_support import play_reported
from tests.web.conftest import count_queries, scheduled_season, sevens_teams
from tests.web.field_groups import field_group


def _text(response) -> str:
    """The page's text, tags stripped and spaces folded."""
    html = response.content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _state() -> tuple:
    """Everything a refused team action must leave as it was."""
    return (
        list(
            Player.objects.order_by("pk").values_list(
                "pk", "team_id", "status", "journeyman", "gained_skills", "ma", "av"
            )
        ),
        list(
            Team.objects.order_by("pk").values_list(
                "pk", "treasury", "rerolls", "special_rule", "status"
            )
        ),
        TreasuryEntry.objects.count(),
        LeagueEvent.objects.count(),
        list(SeasonTeamArchive.objects.order_by("pk").values_list("pk", "redraft")),
    )


@pytest.fixture
def played(sevens, alice, bob, charlie):
    """Bob's Orcs and Charlie's Humans in a one-match Sevens season, which
    the home team won 1-0 (its #1 scored), post-game run."""
    orcs = draft_team(sevens, bob, roster="orc", name="Gouged Eye")
    humans = draft_team(sevens, charlie, roster="human", name="Reikland Reavers")
    season = scheduled_season(sevens, [orcs, humans], seed=5)
    match = Match.objects.get(season=season)
    home = Team.objects.get(pk=match.home_id)
    scorer = home.players.get(number=1)
    match_submit_report(
        match_id=match.pk,
        actor=alice,
        report=Report(
            home_score=1,
            away_score=0,
            players=[PlayerLine(scorer.pk, touchdowns=1)],
            fan_factor_rolls=(1, 1),
        ),
    )
    while postgame_run_current_step(match_id=match.pk) != "done":
        pass
    return {
        "season": season,
        "match": match,
        "orcs": Team.objects.get(pk=orcs.pk),
        "humans": Team.objects.get(pk=humans.pk),
        "home": home,
        "away": Team.objects.get(pk=match.away_id),
    }


# --- what the sheet shows ------------------------------------------------------


def test_the_sheet_shows_record_and_league_position(client, played):
    home, away = played["home"], played["away"]
    name = played["season"].name

    home_text = _text(client.get(f"/teams/{home.pk}/"))
    away_text = _text(client.get(f"/teams/{away.pk}/"))

    # the 1-0 winner is 1st of 2 with 3 points, the loser 2nd with none
    assert (
        f"{name}: 1st of 2 · played 1: won 1, drawn 0, lost 0 · touchdowns 1 for, "
        "0 against"
    ) in home_text
    assert (
        f"{name}: 2nd of 2 · played 1: won 0, drawn 0, lost 1 · touchdowns 0 for, "
        "1 against"
    ) in away_text
    assert "· 3 points" in home_text
    assert "· 0 points" in away_text


def test_the_place_is_within_the_teams_division(client, sevens, alice, bob, charlie):
    # given four teams in two divisions; in the South the home team won 1-0
    teams = sevens_teams(sevens, [bob, charlie], 4)
    north, south = [t.pk for t in teams[:2]], [t.pk for t in teams[2:]]
    season = season_create(
        league=sevens,
        name="Split",
        seed=3,
        divisions={"North": north, "South": south},
    )
    season_schedule(season_id=season.pk)
    match = season.matches.get(home_id__in=south)
    scorer = Player.objects.get(team_id=match.home_id, number=1)
    match_submit_report(
        match_id=match.pk,
        actor=alice,
        report=Report(
            home_score=1,
            away_score=0,
            players=[PlayerLine(scorer.pk, touchdowns=1)],
            fan_factor_rolls=(1, 1),
        ),
    )

    winner = _text(client.get(f"/teams/{match.home_id}/"))
    loser = _text(client.get(f"/teams/{match.away_id}/"))

    assert "Split: 1st of 2 in South · played 1: won 1" in winner
    assert "Split: 2nd of 2 in South · played 1: won 0, drawn 0, lost 1" in loser


def test_a_team_without_a_season_says_so(client, sevens, bob):
    team = draft_team(sevens, bob, roster="orc", name="Fresh")
    assert "No season played yet." in _text(client.get(f"/teams/{team.pk}/"))


def test_unspent_and_earned_spp_are_labelled_apart(client, sevens, bob):
    team = draft_team(sevens, bob, roster="orc", name="Spenders")
    Player.objects.filter(team=team, number=1).update(spp=3, spp_earned=9)

    html = client.get(f"/teams/{team.pk}/").content.decode()

    assert 'data-label="Unspent SPP">3</td>' in html
    assert 'data-label="Earned SPP">9</td>' in html
    assert "Unspent<br><abbr" in html
    assert "Earned<br><abbr" in html


def test_the_sheet_explains_why_ctv_differs_from_tv(client, sevens, bob):
    # given: 7 Orc linemen, #2 misses the next game, #3 is retired, and one
    # journeyman joins (not on the Team Draft list)
    team = draft_team(sevens, bob, roster="orc", name="Walking Wounded", rerolls=1)
    fmt = get_variant("sevens")
    roster = rules_data().rosters["orc"]
    lineman = next(p for p in roster.positions if p.lineman).cost
    reroll = fmt.reroll_value(roster)
    Player.objects.filter(team=team, number=2).update(miss_next_game=True)
    Player.objects.filter(team=team, number=3).update(status=Player.Status.RETIRED)
    team_take_journeymen(team, minimum=6)  # 5 available: one journeyman
    tv = 7 * lineman + reroll
    ctv = tv - 2 * lineman + lineman

    response = client.get(f"/teams/{team.pk}/")
    text = _text(response)

    html = response.content.decode()
    assert f'data-testid="tv">{tv:,}<' in html
    assert f'data-testid="ctv">{ctv:,}<' in html
    assert (
        f"TV {tv:,} counts every player on the Team Draft list ({7 * lineman:,}, "
    ) in text
    assert f"re-rolls and sideline staff ({reroll:,})" in text
    assert (
        f"CTV {ctv:,} , what the next game is played at, is TV less "
        f"{2 * lineman:,} for the players who will not play plus {lineman:,} "
        "for the journeymen who will"
    ) in text
    p2, p3 = (team.players.get(number=n) for n in (2, 3))
    assert f"#2 {p2.name} misses the next game: −{lineman:,}" in text
    assert f"#3 {p3.name} temporarily retired: −{lineman:,}" in text
    assert f"#8 Journeyman #8, journeyman: +{lineman:,}" in text


def test_ctv_equal_to_tv_is_said_plainly(client, sevens, bob):
    team = draft_team(sevens, bob, roster="orc", name="All Fit")
    assert "equals TV: nobody misses the next game" in _text(
        client.get(f"/teams/{team.pk}/")
    )


def test_the_ledger_is_told_in_words(client, played, bob):
    # given: the orcs also hire a cheerleader after their game (Sevens teams
    # buy re-rolls only at the draft)
    orcs, humans = played["orcs"], played["humans"]
    fmt, roster = get_variant("sevens"), rules_data().rosters["orc"]
    price = fmt.staff_cost(roster, "cheerleader")
    team_buy(team_id=orcs.pk, item="cheerleaders", quantity=1, actor=bob)
    round_no = played["match"].round
    winnings = TreasuryEntry.objects.get(team=orcs, reason="winnings").amount
    spent = TreasuryEntry.objects.get(team=orcs, reason="draft").amount

    text = _text(client.get(f"/teams/{orcs.pk}/"))

    assert "Received a draft budget of 600,000" in text  # the Sevens budget
    assert f"Spent {-spent:,} drafting the team" in text
    assert f"Won {winnings:,} in winnings against {humans.name} (round {round_no})" in (
        text
    )
    assert f"Bought a cheerleader for {price:,}" in text
    assert "Winnings" not in text
    assert "Purchase " not in text


@pytest.mark.parametrize(
    ("reason", "amount", "note", "sentence"),
    [
        (
            "purchase",
            -20_000,
            "bought 2 × cheerleaders",
            "Bought 2 cheerleaders for 20,000",
        ),
        (
            "purchase",
            -50_000,
            "bought 1 × apothecary",
            "Bought an apothecary for 50,000",
        ),
        ("hire", -40_000, "hired Snik (Goblin)", "Hired Snik (Goblin) for 40,000"),
        (
            "hire",
            -50_000,
            "hired journeyman Journeyman #8 (Orc Lineman)",
            "Hired journeyman Journeyman #8 (Orc Lineman) for 50,000",
        ),
        (
            "draft_budget",
            900_000,
            "re-draft budget",
            "Received a re-draft budget of 900,000",
        ),
        (
            "draft",
            -130_000,
            "re-draft: the treasury goes into the re-draft budget",
            "Put 130,000 from the treasury into the re-draft budget",
        ),
        (
            "draft",
            -700_000,
            "re-draft: players re-hired and hired, staff and re-rolls",
            "Spent 700,000 on the re-draft (players kept and hired, staff and "
            "re-rolls)",
        ),
        (
            "expensive_mistake",
            -10_000,
            "minor_incident, R1: A v B",
            "Lost 10,000 to a minor incident (expensive mistakes)",
        ),
        (
            "treasure_room",
            30_000,
            "Treasure Room: 5 Gather Funds, R1: Shadows v Fire",
            "Gathered 30,000 in the Treasure Room (5 Gather Funds)",
        ),
        (
            "inducements_refund",
            130_000,
            "inducements refunded: R1: Reavers v Orcland was postponed",
            "Got back 130,000 paid for inducements: the match was postponed",
        ),
        (
            "inducements_refund",
            20_000,
            "inducements refunded: R2: Orcland v Reavers was not played",
            "Got back 20,000 paid for inducements: the match was not played",
        ),
        (
            "adjustment",
            25_000,
            "lost the receipts",
            "The commissioner added 25,000: lost the receipts",
        ),
        ("adjustment", -5_000, "fine", "The commissioner took away 5,000: fine"),
    ],
)
def test_each_ledger_reason_has_its_sentence(reason, amount, note, sentence):
    entry = TreasuryEntry(amount=amount, reason=reason, note=note, balance_after=0)
    assert ledger_sentence(entry, None) == sentence


def test_a_match_entry_names_the_opponent_and_the_round(played):
    match, home, away = played["match"], played["home"], played["away"]
    for team, opponent in ((home, away), (away, home)):
        entry = TreasuryEntry(
            team_id=team.pk, amount=-30_000, reason="inducements", balance_after=0
        )
        assert ledger_sentence(entry, match) == (
            f"Spent 30,000 on inducements against {opponent.name} (round {match.round})"
        )


# --- permissions ------------------------------------------------------------------


def _action_urls(team: Team, player: Player) -> list[str]:
    return [
        f"/teams/{team.pk}/players/{player.pk}/hire/",
        f"/teams/{team.pk}/players/{player.pk}/retire/",
        f"/teams/{team.pk}/players/{player.pk}/unretire/",
        f"/teams/{team.pk}/special-rule/",
        f"/teams/{team.pk}/redraft/",
    ]


def test_only_the_coach_and_the_commissioner_act(client, played, charlie, dave):
    orcs = played["orcs"]
    player = orcs.players.get(number=1)
    before = _state()
    for url in _action_urls(orcs, player):
        client.logout()
        assert client.post(url, {"special_rule": "x"}).status_code == 302  # login
        for outsider in (charlie, dave):  # another league coach, an outsider
            client.force_login(outsider)
            assert client.post(url, {"action": "commit"}).status_code == 403, url
    client.force_login(dave)
    assert client.get(f"/teams/{orcs.pk}/redraft/").status_code == 403
    assert _state() == before


def test_outsiders_see_no_team_actions(client, injured, dave):
    # (its coach would see Retire… beside #2, hurt for good in the last game)
    orcs = injured
    client.force_login(dave)
    html = client.get(f"/teams/{orcs.pk}/").content.decode()
    assert "Retire…" not in html
    assert "Hire for good" not in html


def test_the_actions_need_post(client, played, bob):
    orcs = played["orcs"]
    client.force_login(bob)
    player = orcs.players.get(number=1)
    for url in _action_urls(orcs, player)[:4]:
        assert client.get(url).status_code == 405


# --- retiring a player after his Lasting Injury -----------------------------------


@pytest.fixture
def injured(eleven, alice, bob, charlie, django_capture_on_commit_callbacks):
    """Bob's BB2020 Orcs after a game in which #2 suffered a Lasting Injury
    (the_rules_of_blood_bowl.md "Casualty Table" D16 13, "Lasting Injury
    Table" D6 3: Smashed Knee) and #3 a Serious Injury (D16 10)."""
    orcs = draft_team(eleven, bob, roster="orc", name="Gouged Eye")
    humans = draft_team(eleven, charlie, roster="human", name="Reikland Reavers")
    two, three = (orcs.players.get(number=n) for n in (2, 3))
    play_reported(
        eleven,
        orcs,
        humans,
        alice,
        django_capture_on_commit_callbacks,
        casualties=[
            CasualtyLine(two.pk, casualty_roll=13, lasting_roll=3),
            CasualtyLine(three.pk, casualty_roll=10),
        ],
    )
    return orcs


def test_the_coach_retires_the_player_with_a_lasting_injury(client, injured, bob):
    orcs = injured
    player = orcs.players.get(number=2)
    client.force_login(bob)

    # the confirmation is offered beside him alone
    page = client.get(f"/teams/{orcs.pk}/").content.decode()
    assert f"Retire #2 {player.name} to recover from his Lasting Injury?" in page
    assert page.count("to recover from his Lasting Injury?") == 1
    response = client.post(f"/teams/{orcs.pk}/players/{player.pk}/retire/", follow=True)

    player.refresh_from_db()
    assert player.status == Player.Status.RETIRED
    text = _text(response)
    assert (
        f"#2 {player.name} is temporarily retired: he misses the rest of the "
        "season and comes back if re-drafted."
    ) in text
    assert f"#2 {player.name} temporarily retired: −{player.value:,}" in text
    # and there is no bringing him back before the re-draft
    assert "Bring back" not in response.content.decode()
    assert "Retire…" not in response.content.decode()


def test_the_page_refuses_other_players_and_bringing_him_back(client, injured, bob):
    orcs = injured
    two, three = (orcs.players.get(number=n) for n in (2, 3))
    client.force_login(bob)
    client.post(f"/teams/{orcs.pk}/players/{two.pk}/retire/")
    before = _state()

    serious = client.post(f"/teams/{orcs.pk}/players/{three.pk}/retire/", follow=True)
    back = client.post(f"/teams/{orcs.pk}/players/{two.pk}/unretire/", follow=True)

    assert (
        f"{three.name} suffered no Lasting Injury in {orcs.name}&#x27;s latest game"
    ) in _text(serious)
    assert (
        f"{two.name} is temporarily retired for the rest of the season: he comes "
        "back only if re-drafted for the next one"
    ) in _text(back)
    assert _state() == before


def test_a_visitor_sees_the_change_through_the_page_cache(client, injured, bob):
    # given a visitor's cached team sheet
    orcs = injured
    player = orcs.players.get(number=2)
    assert "temporarily retired:" not in _text(client.get(f"/teams/{orcs.pk}/"))

    # when the coach retires a player (a second client: the visitor stays out)
    coach = client.__class__()
    coach.force_login(bob)
    coach.post(f"/teams/{orcs.pk}/players/{player.pk}/retire/")

    # then the visitor's next look shows it, and CTV without him
    text = _text(client.get(f"/teams/{orcs.pk}/"))
    assert f"#2 {player.name} temporarily retired: −{player.value:,}" in text


def test_the_commissioner_may_retire_a_coachs_player(client, injured, alice):
    orcs = injured
    player = orcs.players.get(number=2)
    client.force_login(alice)
    client.post(f"/teams/{orcs.pk}/players/{player.pk}/retire/")
    player.refresh_from_db()
    assert player.status == Player.Status.RETIRED


def test_refused_roster_steps_say_why_and_write_nothing(client, played, bob):
    orcs, humans = played["orcs"], played["humans"]
    client.force_login(bob)
    active = orcs.players.get(number=4)
    theirs = humans.players.get(number=1)
    before = _state()

    back = client.post(f"/teams/{orcs.pk}/players/{active.pk}/unretire/", follow=True)
    hire = client.post(f"/teams/{orcs.pk}/players/{active.pk}/hire/", follow=True)
    other = client.post(f"/teams/{orcs.pk}/players/{theirs.pk}/retire/", follow=True)
    sevens = client.post(f"/teams/{orcs.pk}/players/{active.pk}/retire/", follow=True)

    assert f"{active.name} is not retired" in _text(back)
    assert "Blood Bowl Sevens has no Lasting Injury" in _text(sevens)
    assert f"{active.name} is not a journeyman" in _text(hire)
    assert f"{orcs.name} has no player {theirs.pk} on its roster" in _text(other)
    assert _state() == before


# --- journeymen ------------------------------------------------------------------------


def test_the_coach_hires_a_journeyman_for_good(client, sevens, bob):
    team = draft_team(sevens, bob, roster="orc", name="Short Handed")
    Player.objects.filter(team=team, number=1).update(miss_next_game=True)
    (journeyman,) = team_take_journeymen(team, minimum=7)
    team.refresh_from_db()
    treasury = team.treasury
    cost = rules_data().rosters["orc"].position(journeyman.position).cost
    client.force_login(bob)

    page = client.get(f"/teams/{team.pk}/").content.decode()
    assert f"Hire #{journeyman.number} {journeyman.name} for good" in page
    response = client.post(
        f"/teams/{team.pk}/players/{journeyman.pk}/hire/", follow=True
    )

    journeyman.refresh_from_db()
    team.refresh_from_db()
    assert not journeyman.journeyman
    assert team.treasury == treasury - cost
    text = _text(response)
    assert f"Hired #{journeyman.number} {journeyman.name} for good" in text
    assert f"Hired journeyman {journeyman.name} (Orc Lineman) for {cost:,}" in text


def test_a_journeyman_the_treasury_cannot_pay_is_refused(client, sevens, bob):
    team = draft_team(sevens, bob, roster="orc", name="Skint")
    (journeyman,) = team_take_journeymen(team, minimum=8)
    Team.objects.filter(pk=team.pk).update(treasury=10_000)
    cost = rules_data().rosters["orc"].position(journeyman.position).cost
    client.force_login(bob)
    before = _state()

    response = client.post(
        f"/teams/{team.pk}/players/{journeyman.pk}/hire/", follow=True
    )

    assert _state() == before
    assert f"hiring costs {cost:,} but the treasury holds 10,000" in _text(response)


# --- the special rule --------------------------------------------------------------------


@pytest.fixture
def unchosen(sevens, bob):
    """A Chaos Chosen team drafted before Dugout asked for its special rule."""
    roster = rules_data().rosters["chaos-chosen"]
    team = draft_team(
        sevens,
        bob,
        roster="chaos-chosen",
        name="Undecided",
        special_rule=roster.special_rule_choice[0],
    )
    Team.objects.filter(pk=team.pk).update(special_rule="")
    return team


def test_the_coach_chooses_the_special_rule(client, unchosen, bob):
    roster = rules_data().rosters["chaos-chosen"]
    choice = roster.special_rule_choice[1]
    name = rules_data().special_rules[choice].name
    client.force_login(bob)
    page = client.get(f"/teams/{unchosen.pk}/").content.decode()
    assert "Choose the team's special rule" in page
    assert "(choice not made yet)" in page

    response = client.post(
        f"/teams/{unchosen.pk}/special-rule/", {"special_rule": choice}, follow=True
    )

    assert response.redirect_chain == [(f"/teams/{unchosen.pk}/#content", 302)]
    unchosen.refresh_from_db()
    assert unchosen.special_rule == choice
    text = _text(response)
    assert f"Undecided plays with {name}." in text
    assert name in text.split("Special rules", 1)[1]
    assert "Choose the team" not in text


def test_a_special_rule_not_offered_is_refused(client, unchosen, bob):
    client.force_login(bob)
    before = _state()
    response = client.post(
        f"/teams/{unchosen.pk}/special-rule/", {"special_rule": "nope"}
    )
    assert response.status_code == 400
    group = field_group(response.content.decode(), "id_special_rule")
    assert '<label for="id_special_rule">Special rule</label>' in group
    assert "Select a valid choice. nope is not one of the available choices." in group
    assert _state() == before


def test_a_chosen_special_rule_cannot_be_changed(client, sevens, bob):
    roster = rules_data().rosters["chaos-chosen"]
    first, second = roster.special_rule_choice[:2]
    team = draft_team(
        sevens, bob, roster="chaos-chosen", name="Decided", special_rule=first
    )
    client.force_login(bob)
    assert "Choose the team" not in client.get(f"/teams/{team.pk}/").content.decode()
    before = _state()
    response = client.post(f"/teams/{team.pk}/special-rule/", {"special_rule": second})
    assert response.status_code == 400
    group = field_group(response.content.decode(), "id_special_rule")
    assert f"Decided chose {first} at the draft" in group
    assert f'<option value="{second}" selected>' in group
    assert _state() == before


# --- queries --------------------------------------------------------------------------------


def test_the_team_page_runs_the_same_queries_in_a_small_and_a_large_league(
    client, alice, bob, charlie, django_capture_on_commit_callbacks
):
    counts = {}
    for name, size in (("small", 2), ("large", 6)):
        league = LeagueFactory(name=name, format="sevens", commissioner=alice)
        make_member(league, bob, charlie)
        teams = sevens_teams(league, [bob, charlie], size)
        season = scheduled_season(league, teams)
        for match in season.matches.all():
            match_submit_report(
                match_id=match.pk,
                actor=alice,
                report=Report(home_score=0, away_score=0, fan_factor_rolls=(1, 1)),
            )
            while postgame_run_current_step(match_id=match.pk) != "done":
                pass
        season_close(season_id=season.pk, actor=alice)
        team = teams[0]
        for who in (None, bob):
            client.logout()
            if who:
                client.force_login(who)
            cache.clear()
            counts[(name, who is not None)] = count_queries(
                client, f"/teams/{team.pk}/"
            )
    assert counts[("small", False)] == counts[("large", False)], counts
    assert counts[("small", True)] == counts[("large", True)], counts

"""The match inducements page: both sides' budgets, a form for each side
the user may buy for, purchases through the inducement service, refusals
shown with nothing written, and who may buy."""

from __future__ import annotations

import pytest

from engine.core.rules_data import rules_data
from league.models import Team, TreasuryEntry
from league.services.teams import team_hire_player
from matches.models import Match, MatchEvent, MatchInducements
from matches.seasons.services import season_create, season_schedule
from tests.factories import draft_team
from tests.web.conftest import count_queries


def _written():
    return (
        list(MatchInducements.objects.values_list("pk", "team_id", "total")),
        list(Team.objects.order_by("pk").values_list("pk", "treasury")),
        list(TreasuryEntry.objects.order_by("pk").values_list("pk", "amount")),
        MatchEvent.objects.count(),
    )


def _match(league, rich_coach, poor_coach):
    """A scheduled match where the home team (two Blitzers) is worth 120k
    more than the away team (one Goblin); both have 300k in the bank."""
    rich = draft_team(
        league,
        rich_coach,
        roster="orc",
        name=f"Rich {league.format}",
        extra=[("blitzer", "B1"), ("blitzer", "B2")],
    )
    poor = draft_team(
        league,
        poor_coach,
        roster="orc",
        name=f"Poor {league.format}",
        extra=[("goblin", "G1")],
    )
    Team.objects.filter(pk__in=[rich.pk, poor.pk]).update(treasury=300_000)
    season = season_create(league=league, name="S", seed=11)
    season_schedule(season_id=season.pk)
    match = Match.objects.get(season=season)
    if match.home_id != rich.pk:
        Match.objects.filter(pk=match.pk).update(home=rich, away=poor)
        match.refresh_from_db()
    return match


@pytest.fixture
def match(sevens, bob, charlie):
    """Sevens: Bob's rich Orcs at home, Charlie's poor Orcs away."""
    return _match(sevens, bob, charlie)


def url(match):
    return f"/matches/{match.pk}/inducements/"


# --- the page ----------------------------------------------------------------------


def test_a_coach_sees_both_budgets_and_a_form_for_their_side(client, charlie, match):
    client.force_login(charlie)

    response = client.get(url(match))

    assert response.status_code == 200
    html = response.content.decode()
    sides = {s["team"].pk: s["side"] for s in response.context["sides"]}
    home, away = sides[match.home_id], sides[match.away_id]
    assert (home.ctv - away.ctv, home.petty_cash, away.petty_cash) == (
        120_000,
        0,
        120_000,
    )
    assert "<dt>Petty cash</dt><dd>120,000</dd>" in html
    assert "<dt>Treasury available</dt><dd>300,000</dd>" in html
    assert "<dt>Can spend</dt><dd>420,000</dd>" in html
    assert f'name="t{match.away_id}-bribes"' in html
    assert f'name="t{match.home_id}-' not in html
    assert "100,000 each · 0–" in html  # Sevens bribes
    assert f'name="t{match.away_id}-mercenary_position"' in html
    assert html.count("Nothing bought yet.") == 2


def test_the_commissioner_gets_a_form_for_each_side(client, alice, match):
    client.force_login(alice)

    html = client.get(url(match)).content.decode()

    assert html.count('name="team"') == 2


@pytest.mark.parametrize("who", [None, "dave"])
def test_visitors_read_the_budgets_without_forms(client, request, match, who):
    if who:
        client.force_login(request.getfixturevalue(who))

    response = client.get(url(match))

    assert response.status_code == 200
    assert 'name="team"' not in response.content.decode()


def test_bb2020_offers_star_players_and_says_who_buys_first(
    client, eleven, bob, charlie
):
    bb = _match(eleven, bob, charlie)
    client.force_login(charlie)

    html = client.get(url(bb)).content.decode()

    assert f'name="t{bb.away_id}-star_player_1"' in html
    assert "Varag Ghoul-Chewer" in html
    assert "the team with the higher team value buys first" in html


def test_the_page_runs_the_same_queries_for_small_and_large_teams(
    client, alice, charlie, match
):
    client.force_login(alice)
    small = count_queries(client, url(match))

    lineman = min(rules_data().rosters["orc"].lineman_positions, key=lambda p: p.cost)
    for team_id in (match.home_id, match.away_id):
        for n in range(2):
            team_hire_player(team_id=team_id, position=lineman.slug, name=f"X{n}")
    client.force_login(charlie)
    client.post(url(match), {"team": match.away_id, f"t{match.away_id}-bribes": 1})
    client.force_login(alice)
    large = count_queries(client, url(match))

    assert MatchInducements.objects.count() == 1
    assert large == small


def test_the_match_page_links_to_the_inducements_while_scheduled(client, match):
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert f'href="/matches/{match.pk}/inducements/"' in html

    Match.objects.filter(pk=match.pk).update(status=Match.Status.COMPLETE)
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert "/inducements/" not in html


# --- buying ------------------------------------------------------------------------


def test_a_purchase_pays_petty_cash_first_then_the_treasury(client, charlie, match):
    client.force_login(charlie)
    away = match.away_id

    response = client.post(
        url(match),
        {
            "team": away,
            f"t{away}-extra_team_training": 1,
            f"t{away}-bribes": 1,
        },
    )

    assert response.status_code == 302
    assert response["Location"] == url(match)
    record = MatchInducements.objects.get()
    assert (record.team_id, record.total) == (away, 250_000)
    assert (record.petty_cash_used, record.treasury_used) == (120_000, 130_000)
    assert [(line["slug"], line["count"]) for line in record.lines] == [
        ("extra_team_training", 1),
        ("bribes", 1),
    ]
    assert Team.objects.get(pk=away).treasury == 170_000
    entry = TreasuryEntry.objects.filter(team_id=away).latest("id")
    assert (entry.reason, entry.amount) == ("inducements", -130_000)
    html = client.get(url(match)).content.decode()
    assert (
        "bought inducements for 250,000: 120,000 from petty cash, 130,000 "
        "from the treasury."
    ) in html
    assert '<td>Bribes</td><td class="num">1</td><td class="num">100,000</td>' in html
    assert f'name="t{away}-bribes"' not in html  # bought once


def test_a_purchase_over_the_budget_is_refused_and_writes_nothing(
    client, charlie, match
):
    Team.objects.filter(pk=match.away_id).update(treasury=0)
    client.force_login(charlie)
    before = _written()
    away = match.away_id

    response = client.post(
        url(match), {"team": away, f"t{away}-extra_team_training": 1}
    )

    assert response.status_code == 400
    (entry,) = [s for s in response.context["sides"] if s["team"].pk == away]
    assert entry["general_errors"] == [
        "inducements cost 150,000, budget is 120,000 petty cash + 0 treasury"
    ]
    assert "inducements cost 150,000, budget is 120,000" in response.content.decode()
    assert _written() == before


def test_a_count_over_the_limit_is_refused_next_to_its_field(client, charlie, match):
    client.force_login(charlie)
    before = _written()
    away = match.away_id

    response = client.post(url(match), {"team": away, f"t{away}-bribes": 9})

    assert response.status_code == 400
    (entry,) = [s for s in response.context["sides"] if s["team"].pk == away]
    assert list(entry["form"].errors) == ["bribes"]
    assert _written() == before


@pytest.mark.parametrize("count", ["9" * 30, "21"])
def test_a_huge_mercenary_count_is_refused_next_to_its_field(
    client, charlie, match, count
):
    client.force_login(charlie)
    before = _written()
    away = match.away_id

    response = client.post(
        url(match),
        {
            "team": away,
            f"t{away}-mercenaries": count,
            f"t{away}-mercenary_position": "orc-lineman",
        },
    )

    assert response.status_code == 400
    (entry,) = [s for s in response.context["sides"] if s["team"].pk == away]
    assert entry["form"].errors == {"mercenaries": ["ask for 1 to 20 at a time"]}
    assert entry["general_errors"] == []
    assert _written() == before


def test_bb2020_the_lower_team_waits_for_the_higher_one(client, eleven, bob, charlie):
    bb = _match(eleven, bob, charlie)
    client.force_login(charlie)
    before = _written()

    response = client.post(
        url(bb), {"team": bb.away_id, f"t{bb.away_id}-bloodweiser_kegs": 1}
    )

    assert response.status_code == 400
    assert (
        "the team with the higher team value buys its inducements first"
        in response.content.decode()
    )
    assert _written() == before


def test_a_second_purchase_is_refused(client, charlie, match):
    client.force_login(charlie)
    client.post(url(match), {"team": match.away_id, f"t{match.away_id}-bribes": 1})
    before = _written()

    response = client.post(
        url(match), {"team": match.away_id, f"t{match.away_id}-bribes": 1}
    )

    assert response.status_code == 400
    assert "has bought its inducements" in response.content.decode()
    assert _written() == before


# --- who may buy -------------------------------------------------------------------


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_the_opponent_and_outsiders_may_not_buy_for_a_team(client, request, match, who):
    client.force_login(request.getfixturevalue(who))
    before = _written()

    response = client.post(
        url(match), {"team": match.away_id, f"t{match.away_id}-bribes": 1}
    )

    assert response.status_code == 403
    assert _written() == before


def test_anonymous_purchases_go_to_the_login_page(client, match):
    before = _written()

    response = client.post(
        url(match), {"team": match.away_id, f"t{match.away_id}-bribes": 1}
    )

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert _written() == before


@pytest.mark.parametrize(
    "team", [None, "", "0", "abc"], ids=["none", "empty", "0", "abc"]
)
def test_an_outsider_naming_no_team_is_refused_not_told_the_team_is_unknown(
    client, dave, match, team
):
    # Dave coaches neither side: he is refused as such, whatever the form
    # names, before the form is read.
    client.force_login(dave)
    before = _written()
    data = {f"t{match.away_id}-bribes": 1} | ({} if team is None else {"team": team})

    response = client.post(url(match), data)

    assert response.status_code == 403
    assert b"unknown team" not in response.content
    assert _written() == before


@pytest.mark.parametrize(
    "team", [None, "", "0", "abc"], ids=["none", "empty", "0", "abc"]
)
def test_anonymous_naming_no_team_goes_to_the_login_page(client, match, team):
    before = _written()
    data = {} if team is None else {"team": team}

    response = client.post(url(match), data)

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert _written() == before


@pytest.mark.parametrize(
    "team", [None, "", "0", "abc"], ids=["none", "empty", "0", "abc"]
)
def test_a_coach_naming_no_team_of_the_match_gets_the_page_with_the_error(
    client, charlie, match, team
):
    # The page again (400), saying the form named neither team, with each
    # side as it was; nothing is written.
    client.force_login(charlie)
    before = _written()
    data = {f"t{match.away_id}-bribes": 1} | ({} if team is None else {"team": team})

    response = client.post(url(match), data)

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert 'data-testid="page-errors"' in html
    assert "Choose which of the match&#x27;s two teams buys" in html
    assert f'data-testid="budget-{match.away_id}"' in html
    assert _written() == before


def test_the_commissioner_may_buy_for_a_side(client, alice, match):
    client.force_login(alice)

    response = client.post(
        url(match), {"team": match.home_id, f"t{match.home_id}-bribes": 1}
    )

    assert response.status_code == 302
    assert MatchInducements.objects.get().team_id == match.home_id


def test_desperate_measures_bought_on_the_page_show_what_was_rolled(
    client, charlie, match
):
    from engine.campaign.inducements import DESPERATE_MEASURES

    client.force_login(charlie)
    assert "50,000 each · 0–5" in client.get(url(match)).content.decode()

    response = client.post(
        url(match),
        {"team": match.away_id, f"t{match.away_id}-desperate_measures": 2},
    )

    assert response.status_code == 302
    (line,) = MatchInducements.objects.get(team_id=match.away_id).lines
    names = ", ".join(DESPERATE_MEASURES[r - 1] for r in line["results"])
    html = client.get(url(match)).content.decode()
    assert f"Desperate Measures (rolled: {names})" in html

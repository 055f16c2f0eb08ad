"""The player advancement page: the menu with its SPP costs, spending SPP
through the advancement service, the dice the server rolled, refusals next
to their fields with nothing written, and who may see it."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from engine.core.rules_data import rules_data
from league.models import LeagueEvent, Player, SevensAdvancement
from league.services.leagues import league_create
from league.services.teams import PlayerRequest, team_draft
from tests.factories import make_member
from tests.league.advancement_support import everything, fix_seed, seed_where
from tests.web.conftest import count_queries


@pytest.fixture
def lineman(charlie_humans, eleven):
    """Human Lineman #1 (Primary G, Secondary A and S) with 6 SPP, in a
    league whose dice seed is fixed."""
    fix_seed(eleven, 2020)
    player = Player.objects.filter(team=charlie_humans).order_by("number").first()
    Player.objects.filter(pk=player.pk).update(spp=6, spp_earned=6)
    player.refresh_from_db()
    return player


def url(player):
    return f"/players/{player.pk}/advance/"


# --- the menu --------------------------------------------------------------------


def test_the_coach_sees_the_spp_level_and_the_affordable_options(
    client, charlie, lineman
):
    client.force_login(charlie)

    response = client.get(url(lineman))

    assert response.status_code == 200
    html = response.content.decode()
    assert '<dd data-testid="spp">6</dd>' in html
    assert '<dd data-testid="level">Rookie</dd>' in html
    assert "<dd>Experienced</dd>" in html
    assert (
        "Next advancement costs: Random Primary skill 3 SPP · Chosen Primary "
        "skill 6 SPP · Random Secondary skill 6 SPP · Chosen Secondary skill "
        "12 SPP · Characteristic improvement 18 SPP"
    ) in html
    assert html.count('name="option"') == 4
    for value, label in (
        ("random_primary:general", "Random Primary skill — General · 3 SPP"),
        ("chosen_primary:general", "Chosen Primary skill — General · 6 SPP"),
        ("random_secondary:agility", "Random Secondary skill — Agility · 6 SPP"),
        ("random_secondary:strength", "Random Secondary skill — Strength · 6 SPP"),
    ):
        assert f'value="{value}"' in html
        assert label in html
    assert "· 6 SPP · +20,000 value" in html
    assert '<option value="block">Block</option>' in html


def test_the_skills_on_offer_are_described_under_the_skill_choice(
    client, charlie, lineman
):
    client.force_login(charlie)

    html = client.get(url(lineman)).content.decode()

    # the offered categories: General (Primary), Agility and Strength
    # (Secondary); each of their skills with the rules data's description
    guide = html.split('data-testid="skill-guide">')[1].split("</details>")[0]
    skills = rules_data("bb2020").skills.values()
    offered = [s for s in skills if s.category in ("general", "agility", "strength")]
    assert len(offered) == 36
    for skill in offered:
        assert f"<dt>{escape(skill.name)}</dt><dd>{escape(skill.description)}</dd>" in (
            guide
        )
    assert guide.count("<dt>") == 36
    assert "Claws" not in guide  # a Mutation: not on offer to a Human Lineman
    # and the player's own skills carry their description too (none here:
    # a Human Lineman starts without skills)
    assert "Skills: none" in html


def test_a_player_without_enough_spp_is_told_so(client, charlie, lineman):
    Player.objects.filter(pk=lineman.pk).update(spp=2)
    client.force_login(charlie)

    html = client.get(url(lineman)).content.decode()

    assert "2 SPP is not enough for any advancement yet." in html
    assert 'name="option"' not in html


def test_the_page_runs_the_same_queries_for_a_rookie_and_a_veteran(
    client, charlie, lineman, charlie_humans
):
    client.force_login(charlie)
    small = count_queries(client, url(lineman))

    veteran = Player.objects.filter(team=charlie_humans).order_by("number")[1]
    Player.objects.filter(pk=veteran.pk).update(
        spp=40,
        advancements=2,
        gained_skills=[
            {"skill": "block", "param": None},
            {"skill": "dodge", "param": None},
        ],
    )
    big = count_queries(client, url(veteran))

    assert big == small


# --- spending SPP ------------------------------------------------------------------


def test_a_chosen_skill_is_taken_and_the_result_page_shows_it(client, charlie, lineman):
    client.force_login(charlie)

    response = client.post(
        url(lineman), {"option": "chosen_primary:general", "skill": "block"}
    )

    event = LeagueEvent.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/players/{lineman.pk}/advancements/{event.pk}/"
    lineman.refresh_from_db()
    assert lineman.gained_skills == [{"skill": "block", "param": None}]
    assert (lineman.spp, lineman.advancements, lineman.value) == (0, 1, 70_000)
    assert (event.type, event.created_by, event.payload["spp_spent"]) == (
        "advancement",
        charlie,
        6,
    )
    html = client.get(response["Location"]).content.decode()
    # the skill gained, with its description (the page's first skill)
    assert (
        'Gained <mark class="gained"><span class="skill"><button type="button" '
        'class="skill-name" aria-describedby="tip-block-1">Block</button>'
    ) in html
    assert '<dd data-testid="spp-spent">6</dd>' in html
    assert '<dd data-testid="spp-left">0</dd>' in html
    assert "No dice: the advancement was chosen." in html


def test_a_random_skill_shows_the_dice_the_server_rolled(
    client, charlie, eleven, lineman
):
    # given the league's dice will roll 5 then 3 for this advancement
    seed_where(eleven, lineman, "random_primary", (6, 5), (6, 3))
    client.force_login(charlie)

    response = client.post(
        url(lineman), {"option": "random_primary:general"}, follow=True
    )

    # then 5 and 3 give Strip Ball on the General table, 3 SPP are spent
    html = response.content.decode()
    # the skill gained, with its description (the page's first skill)
    assert (
        'Gained <mark class="gained"><span class="skill"><button type="button" '
        'class="skill-name" aria-describedby="tip-strip-ball-1">Strip Ball</button>'
    ) in html
    assert (
        "<tr><td>first die of the skill table</td><td>D6</td>"
        '<td class="num">5</td></tr>'
        "<tr><td>second die of the skill table</td><td>D6</td>"
        '<td class="num">3</td></tr>'
    ) in html
    lineman.refresh_from_db()
    assert (lineman.spp, lineman.value) == (3, 60_000)
    assert lineman.gained_skills == [{"skill": "strip-ball", "param": None}]
    assert LeagueEvent.objects.get().payload["dice"] == [
        {"purpose": "skill_first", "sides": 6, "result": 5},
        {"purpose": "skill_second", "sides": 6, "result": 3},
    ]


def test_a_characteristic_is_paid_and_rolled_then_chosen_on_the_page(
    client, charlie, eleven, lineman
):
    # given 18 SPP and a D16 that will roll 4 (MA or AV)
    Player.objects.filter(pk=lineman.pk).update(spp=18)
    seed_where(eleven, lineman, "characteristic", (16, 4))
    client.force_login(charlie)

    # when the coach asks without saying what to improve
    first = client.post(url(lineman), {"option": "characteristic:"})

    # then the 18 SPP are spent ("reduce the player's SPP ... roll D16") and
    # the page shows the roll and asks for the choice
    assert first.status_code == 302
    assert first["Location"] == url(lineman)
    lineman.refresh_from_db()
    assert (lineman.spp, lineman.advancements, lineman.av) == (0, 0, 9)
    html = client.get(url(lineman)).content.decode()
    pending = html.split('data-testid="pending"')[1].split("</section>")[0]
    assert (
        '<tr><td>Characteristic Improvement</td><td>D16</td><td class="num">4</td>'
        in pending
    )
    assert (
        "The D16 rolled 4: choose MA, AV, or a Secondary skill as &#x27;skill&#x27; "
        "instead." in pending
    )
    assert 'name="action" value="choose"' in pending
    assert 'value="ma"' in pending
    assert 'value="av"' in pending
    assert 'value="st"' not in pending
    assert '<option value="guard">Guard</option>' in pending  # Strength
    assert 'name="option"' not in html  # nothing else on offer
    before = everything()

    # when he picks ST, which the roll does not offer
    wrong = client.post(url(lineman), {"action": "choose", "characteristic": "st"})

    # then the form refuses it and nothing is written
    assert wrong.status_code == 400
    assert list(wrong.context["choice_form"].errors) == ["characteristic"]
    assert everything() == before

    # and another advancement is refused while the roll waits
    other = client.post(url(lineman), {"option": "characteristic:"})
    assert other.status_code == 400
    assert other.context["general_errors"] == [
        f"#{lineman.number} {lineman.name} rolled a characteristic advancement "
        "and it waits for the coach's choice: choose among the dice first"
    ]
    assert everything() == before

    # and picking AV improves it from the same D16
    second = client.post(url(lineman), {"action": "choose", "characteristic": "av"})
    assert second.status_code == 302
    lineman.refresh_from_db()
    assert (lineman.av, lineman.spp, lineman.advancements) == (10, 0, 1)
    html = client.get(second["Location"]).content.decode()
    assert "Improved <strong>AV</strong>" in html
    assert (
        '<tr><td>Characteristic Improvement</td><td>D16</td><td class="num">4</td>'
        in html
    )


def test_a_characteristic_roll_may_be_taken_as_a_secondary_skill_on_the_page(
    client, charlie, eleven, lineman
):
    Player.objects.filter(pk=lineman.pk).update(spp=18)
    seed_where(eleven, lineman, "characteristic", (16, 4))
    client.force_login(charlie)
    client.post(url(lineman), {"option": "characteristic:"})

    response = client.post(url(lineman), {"action": "choose", "skill": "guard"})

    # a chosen Secondary skill: +40,000, the characteristic's 18 SPP spent
    assert response.status_code == 302
    lineman.refresh_from_db()
    assert lineman.gained_skills == [{"skill": "guard", "param": None}]
    assert (lineman.spp, lineman.value, lineman.advancements) == (0, 90_000, 1)


def test_the_rolled_advancement_is_on_the_team_sheet_and_the_home_page(
    client, charlie, dave, eleven, lineman, charlie_humans
):
    Player.objects.filter(pk=lineman.pk).update(spp=18)
    seed_where(eleven, lineman, "characteristic", (16, 4))
    client.force_login(charlie)
    client.post(url(lineman), {"option": "characteristic:"})

    team = client.get(f"/teams/{charlie_humans.pk}/").content.decode()
    assert team.count('data-testid="pending-roll"') == 1
    assert (
        f'href="/players/{lineman.pk}/advance/" aria-label="Choose the rolled '
        f'advancement of #{lineman.number} {lineman.name}">Choose</a>'
    ) in team
    home = client.get("/").content.decode()
    assert (
        f"#{lineman.number} {lineman.name} of {charlie_humans.name} rolled an "
        "advancement: the D16 rolled 4: choose MA, AV, or a Secondary skill"
    ) in home

    # everyone sees the badge, only the coach the button
    client.force_login(dave)
    team = client.get(f"/teams/{charlie_humans.pk}/").content.decode()
    assert team.count('data-testid="pending-roll"') == 1
    assert ">Choose</a>" not in team


def test_choosing_without_a_roll_is_refused_and_writes_nothing(
    client, charlie, lineman
):
    client.force_login(charlie)
    before = everything()

    response = client.post(url(lineman), {"action": "choose", "skill": "block"})

    assert response.status_code == 400
    assert response.context["general_errors"] == [
        "This player has no rolled advancement to choose for."
    ]
    assert everything() == before


def test_a_skill_outside_the_category_is_refused_next_to_the_skill(
    client, charlie, lineman
):
    client.force_login(charlie)
    before = everything()

    response = client.post(
        url(lineman), {"option": "chosen_primary:general", "skill": "dodge"}
    )

    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == ["skill"]
    assert 'class="errorlist' in response.content.decode()
    assert everything() == before


def test_an_option_the_player_cannot_afford_is_not_accepted(client, charlie, lineman):
    client.force_login(charlie)
    before = everything()

    response = client.post(url(lineman), {"option": "chosen_secondary:agility"})

    assert response.status_code == 400
    assert list(response.context["form"].errors) == ["option"]
    assert everything() == before


# --- who may ------------------------------------------------------------------------


def test_the_commissioner_may_advance_any_player_of_the_league(client, alice, lineman):
    client.force_login(alice)

    assert client.get(url(lineman)).status_code == 200
    response = client.post(
        url(lineman), {"option": "chosen_primary:general", "skill": "block"}
    )

    assert response.status_code == 302
    assert LeagueEvent.objects.get().created_by == alice


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_other_coaches_and_outsiders_get_403(client, request, lineman, who, bob_orcs):
    client.force_login(request.getfixturevalue(who))
    before = everything()

    assert client.get(url(lineman)).status_code == 403
    response = client.post(
        url(lineman), {"option": "chosen_primary:general", "skill": "block"}
    )

    assert response.status_code == 403
    assert everything() == before


def test_anonymous_visitors_go_to_the_login_page(client, lineman):
    before = everything()

    for response in (
        client.get(url(lineman)),
        client.post(url(lineman), {"option": "chosen_primary:general"}),
    ):
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
    assert everything() == before


def test_an_unknown_player_is_404(client, charlie, db):
    client.force_login(charlie)
    assert client.get("/players/999999/advance/").status_code == 404


def test_the_result_page_is_for_the_teams_writers(client, charlie, dave, lineman):
    client.force_login(charlie)
    done = client.post(
        url(lineman), {"option": "chosen_primary:general", "skill": "block"}
    )["Location"]

    client.force_login(dave)
    assert client.get(done).status_code == 403


# --- the team sheet's link ---------------------------------------------------------


def test_the_team_sheet_links_players_with_spp_for_the_coach(
    client, charlie, dave, lineman, charlie_humans
):
    client.force_login(charlie)
    html = client.get(f"/teams/{charlie_humans.pk}/").content.decode()

    assert f'href="/players/{lineman.pk}/advance/"' in html
    assert html.count(">Advance</a>") == 1  # only the lineman has SPP

    client.force_login(dave)
    assert (
        ">Advance</a>"
        not in client.get(f"/teams/{charlie_humans.pk}/").content.decode()
    )


# --- Sevens without SPP -------------------------------------------------------------


def test_sevens_without_spp_offers_the_post_game_skill(
    client, bob, resolved_season, four_teams
):
    orcs = four_teams[0]
    player = Player.objects.filter(team=orcs).order_by("number").first()
    client.force_login(bob)

    html = client.get(url(player)).content.decode()

    assert "does not track SPP" in html
    assert 'name="option"' not in html
    if 'value="chosen_player_primary"' not in html:
        pytest.skip("this player did not play the team's latest match")
    response = client.post(
        url(player), {"action": "postgame_skill", "mode": "chosen_player_primary"}
    )
    if response.status_code == 400:  # several Primary categories: pick one
        category = response.context["sevens_categories"][0]
        response = client.post(
            url(player),
            {
                "action": "postgame_skill",
                "mode": "chosen_player_primary",
                "category": category,
            },
        )
    assert response.status_code == 302
    record = SevensAdvancement.objects.get()
    assert (record.team_id, record.player_id) == (orcs.pk, player.pk)
    html = client.get(response["Location"]).content.decode()
    assert '<mark class="gained">' in html
    assert "Dice rolled by the server" in html


def test_a_bb2025_random_skill_keeps_one_of_the_two_rolled_on_the_page(
    client, alice, bob
):
    # given a BB2025 Human Lineman whose dice roll 2, 2 (Dauntless) then
    # 1, 4 (Frenzy) on the General table (tables.md "Advancement costs":
    # "roll twice ..., choose one of the two")
    league = league_create(commissioner=alice, name="Page Cup", format="bb2025")
    make_member(league, bob)
    team = team_draft(
        league=league,
        coach=bob,
        name="Page Reavers",
        roster="human",
        players=[PlayerRequest("human-lineman", f"L{i}") for i in range(11)],
    )
    player = team.players.order_by("number").first()
    Player.objects.filter(pk=player.pk).update(spp=3)
    seed_where(league, player, "random_primary", (6, 2), (6, 2), (6, 1), (6, 4))
    client.force_login(bob)

    client.post(url(player), {"option": "random_primary:general"})
    html = client.get(url(player)).content.decode()

    pending = html.split('data-testid="pending"')[1].split("</section>")[0]
    assert 'type="radio" name="skill" value="dauntless"' in pending
    assert 'type="radio" name="skill" value="frenzy"' in pending
    assert 'name="characteristic"' not in pending
    response = client.post(url(player), {"action": "choose", "skill": "frenzy"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.gained_skills == [{"skill": "frenzy", "param": None}]
    # 3 SPP, a Primary skill +20,000 (Frenzy is no Elite skill)
    assert (player.spp, player.value, player.advancements) == (0, 70_000, 1)

"""The report's MVP, knocked-out and sent-off players: on the page, each
team's own players; through the report service (the same one the API
calls), refused where the rules do not allow them, with nothing written."""

from __future__ import annotations

import re

import pytest

from league.models import Player
from matches.models import Match, MatchEvent, MatchResult, RosterSnapshot
from tests.factories import draft_team
from tests.web.conftest import scheduled_season
from tests.world import api_as


@pytest.fixture
def match(eleven, bob, charlie):
    """Blood Bowl 2020 (its players earn SPP): Bob's Orcs at home to
    Charlie's Humans."""
    home = draft_team(eleven, bob, roster="orc", name="Orcs")
    away = draft_team(eleven, charlie, roster="human", name="Humans")
    m = scheduled_season(eleven, [home, away]).matches.get()
    if m.home_id != home.pk:
        Match.objects.filter(pk=m.pk).update(home=home, away=away)
        m.refresh_from_db()
    return m


def players(team):
    return list(team.players.order_by("number"))


def url(match) -> str:
    return f"/matches/{match.pk}/report/"


def form(**extra) -> dict[str, object]:
    data: dict[str, object] = {
        "action": "submit",
        "home_score": "0",
        "away_score": "0",
        "conceded_by": "",
        "fan_factor_home": "",
        "fan_factor_away": "",
        "notes": "",
        "cas-TOTAL_FORMS": "1",
        "cas-INITIAL_FORMS": "0",
        "cas-0-player": "",
        "cas-0-inflicted_by": "",
        "cas-0-casualty_roll": "",
        "cas-0-lasting_roll": "",
    }
    data.update(extra)
    return data


def written():
    return (
        MatchResult.objects.count(),
        MatchEvent.objects.count(),
        RosterSnapshot.objects.count(),
        list(Match.objects.values_list("status", flat=True)),
        sorted(Player.objects.values_list("pk", "spp", "status")),
    )


# --- the page -----------------------------------------------------------------------


def test_each_team_lists_its_own_players_for_mvp_ko_and_sent_off(client, match, bob):
    client.force_login(bob)

    response = client.get(url(match))

    assert response.status_code == 200
    form_ = response.context["form"]
    for side, team in (("home", match.home), ("away", match.away)):
        mine = [(p.pk, f"#{p.number} {p.name}") for p in players(team)]
        assert list(form_.fields[f"mvp_{side}"].choices)[1:] == mine
        assert list(form_.fields[f"knocked_out_{side}"].choices) == mine
        assert list(form_.fields[f"sent_off_{side}"].choices) == mine
    html = response.content.decode()
    assert '<label for="id_mvp_home">Orcs MVP</label>' in html
    assert 'name="knocked_out_away" value="' in html
    assert 'name="sent_off_home" value="' in html


def test_a_submitted_report_keeps_them_and_the_named_mvp_gets_the_award(
    client, match, bob, django_capture_on_commit_callbacks
):
    client.force_login(bob)
    orc, orc_2 = players(match.home)[:2]
    human, human_2 = players(match.away)[:2]

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            url(match),
            form(
                mvp_home=orc.pk,
                mvp_away=human.pk,
                knocked_out_away=[human.pk, human_2.pk],
                sent_off_home=[orc_2.pk],
            ),
        )

    assert response.status_code == 302, response.context["form"].errors
    summary = MatchResult.objects.get(match=match).summary
    assert summary["mvps"] == {str(match.home_id): orc.pk, str(match.away_id): human.pk}
    assert summary["knocked_out"] == [human.pk, human_2.pk]
    assert summary["sent_off"] == [orc_2.pk]
    report = MatchEvent.objects.get(match=match, type="report").payload
    assert (report["knocked_out"], report["sent_off"]) == (
        [human.pk, human_2.pk],
        [orc_2.pk],
    )
    awards = {
        e.payload["team_id"]: e.payload
        for e in MatchEvent.objects.filter(match=match, type="postgame_mvp")
    }
    assert awards[match.home_id]["player_ids"] == [orc.pk]
    assert awards[match.home_id]["dice"] == []  # picked at the table, not drawn
    assert awards[match.away_id]["player_ids"] == [human.pk]
    # the MVP earns 4 SPP (post-game_sequence.md "Most Valuable Player")
    orc.refresh_from_db()
    human.refresh_from_db()
    assert (orc.spp, human.spp) == (4, 4)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert f"Orcs MVP: #{orc.number} {orc.name} (picked at the table)" in page
    # the report's line in the event log names who was knocked out, sent off
    assert (
        f"Report by bob: 0–0; knocked out: #{human.number} {human.name}, "
        f"#{human_2.number} {human_2.name}; sent off: #{orc_2.number} {orc_2.name}"
    ) in page


def test_a_team_without_a_named_mvp_gets_one_drawn(
    client, match, bob, django_capture_on_commit_callbacks
):
    client.force_login(bob)
    orc = players(match.home)[0]

    with django_capture_on_commit_callbacks(execute=True):
        client.post(url(match), form(mvp_home=orc.pk))

    away = MatchEvent.objects.get(
        match=match, type="postgame_mvp", payload__team_id=match.away_id
    ).payload
    assert [d["sides"] for d in away["dice"]] == [len(players(match.away))]
    assert away["player_ids"][0] in {p.pk for p in players(match.away)}


def test_an_mvp_for_the_team_that_conceded_is_refused_on_its_field(client, match, bob):
    client.force_login(bob)
    orc = players(match.home)[0]
    before = written()

    response = client.post(url(match), form(conceded_by=match.home_id, mvp_home=orc.pk))

    assert response.status_code == 400
    assert response.context["form"].errors["mvp_home"] == [
        "a team that concedes awards no MVP"
    ]
    assert written() == before


def test_an_mvp_killed_in_the_game_is_refused_on_its_field(client, match, bob):
    client.force_login(bob)
    orc = players(match.home)[0]
    human = players(match.away)[0]
    before = written()

    # a casualty roll of 16 is DEAD on the D16 Casualty table
    response = client.post(
        url(match),
        form(
            mvp_away=human.pk,
            **{
                "cas-0-player": human.pk,
                "cas-0-inflicted_by": orc.pk,
                "cas-0-casualty_roll": "16",
                f"p{orc.pk}_casualties_inflicted": "1",
            },
        ),
    )

    assert response.status_code == 400
    assert response.context["form"].errors["mvp_away"] == [
        f"#{human.number} {human.name} was killed: he cannot be the MVP"
    ]
    assert written() == before


def test_a_player_of_another_team_is_not_offered(client, match, bob):
    client.force_login(bob)
    human = players(match.away)[0]
    before = written()

    response = client.post(
        url(match), form(mvp_home=human.pk, sent_off_home=[human.pk])
    )

    assert response.status_code == 400
    errors = response.context["form"].errors
    assert set(errors) == {"mvp_home", "sent_off_home"}
    assert written() == before


# --- the same service through the API ---------------------------------------------


@pytest.mark.parametrize(
    ("pick", "code", "field"),
    [
        (lambda home, away: {"mvps": [home[0], home[1]]}, "mvp_count", "mvps.1"),
        (lambda home, away: {"mvps": [999_999]}, "unknown_player", "mvps.0"),
        (
            lambda home, away: {"knocked_out": [away[0], away[0]]},
            "duplicate_player",
            "knocked_out.1",
        ),
        (lambda home, away: {"sent_off": [999_999]}, "unknown_player", "sent_off.0"),
    ],
)
def test_the_api_refuses_what_the_rules_do_not_allow(match, bob, pick, code, field):
    home = [p.pk for p in players(match.home)]
    away = [p.pk for p in players(match.away)]
    before = written()

    response = api_as(bob).post(
        f"/api/matches/{match.pk}/report/",
        {"home_score": 0, "away_score": 0, **pick(home, away)},
        format="json",
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        (code, field)
    ]
    assert written() == before


def test_a_player_who_misses_the_game_cannot_be_mvp_or_knocked_out(match, bob):
    orc = players(match.home)[0]
    Player.objects.filter(pk=orc.pk).update(miss_next_game=True)
    before = written()

    response = api_as(bob).post(
        f"/api/matches/{match.pk}/report/",
        {"home_score": 0, "away_score": 0, "mvps": [orc.pk], "knocked_out": [orc.pk]},
        format="json",
    )

    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("not_available", "mvps.0"),
        ("not_available", "knocked_out.0"),
    ]
    assert written() == before


# --- where the page puts them -------------------------------------------------------


def _row(html: str, player) -> str:
    """The report's table row of ``player``."""
    found = re.search(
        rf'<tr[^>]*>\s*<th scope="row">#{player.number} {re.escape(player.name)} .*?</tr>',
        html,
        re.S,
    )
    assert found is not None, player.name
    return found.group(0)


def test_each_players_row_holds_his_knocked_out_and_sent_off_boxes(client, match, bob):
    client.force_login(bob)

    html = client.get(url(match)).content.decode()

    for side, team in (("home", match.home), ("away", match.away)):
        for p in players(team):
            row = _row(html, p)
            assert row.count('type="checkbox"') == 2
            assert f'name="knocked_out_{side}" value="{p.pk}"' in row
            assert f'name="sent_off_{side}" value="{p.pk}"' in row
            assert f"#{p.number} {p.name} knocked out during the game" in row
            assert f"#{p.number} {p.name} sent off by the referee" in row


def test_a_refused_sent_off_player_is_named_on_the_page(client, match, bob):
    client.force_login(bob)
    human = players(match.away)[0]
    before = written()

    response = client.post(url(match), form(sent_off_home=[human.pk]))

    assert response.status_code == 400
    html = response.content.decode()
    message = response.context["form"].errors["sent_off_home"][0]
    assert (
        '<div class="errors" role="alert"><p>Orcs: sent off by the referee</p>'
        '<ul class="errorlist" id="id_sent_off_home_error">'
        f"<li>{message}</li></ul></div>"
    ) in html
    assert written() == before

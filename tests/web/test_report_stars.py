"""The web report names the Star Players each team fielded (scorers,
casualties, those who caused them) and records Plague Ridden, through the
same report service as the API: its refusals are shown next to the field
they concern and nothing is written."""

from __future__ import annotations

import pytest

from league.models import LeagueEvent, Player, Team
from matches.models import Match, MatchEvent, MatchResult, RosterSnapshot
from matches.prematch.inducements import Purchase, match_buy_inducements
from tests.factories import draft_team
from tests.matches.conftest import one_match
from tests.web.test_report import base, url

DEAD = 16  # the BB2020 Casualty table (D16): 15-16 DEAD
BADLY_HURT = 1  # 1-6 Badly Hurt


def state():
    """What a refused report must leave as it was."""
    return (
        sorted(Player.objects.values_list("pk", "team_id", "status", "journeyman")),
        MatchResult.objects.count(),
        MatchEvent.objects.count(),
        LeagueEvent.objects.count(),
        RosterSnapshot.objects.count(),
        sorted(Match.objects.values_list("pk", "status")),
    )


def lineman(team: Team) -> Player:
    return team.players.order_by("number").first()


@pytest.fixture
def match(eleven, bob, charlie):
    """Bob's Humans (Grak and Crumbleberry hired) at home to Charlie's
    Humans (Mighty Zug hired); both hired Griff Oberwald, so he plays for
    neither (inducements_in_detail.md "0-2 Star Players")."""
    home = draft_team(eleven, bob, roster="human", name="Reavers")
    away = draft_team(eleven, charlie, roster="human", name="Marauders")
    Team.objects.filter(pk__in=[home.pk, away.pk]).update(treasury=1_000_000)
    m = one_match(eleven, home, away)
    for team, coach, stars in (
        (home, bob, ["grak-and-crumbleberry", "griff-oberwald"]),
        (away, charlie, ["mighty-zug", "griff-oberwald"]),
    ):
        match_buy_inducements(
            match_id=m.pk,
            team_id=team.pk,
            actor=coach,
            items=[Purchase("star_players", star_player=s) for s in stars],
        )
    return m


def test_the_form_offers_each_teams_fielded_stars(client, match, bob):
    # given
    client.force_login(bob)

    # when
    response = client.get(url(match))

    # then
    html = response.content.decode()
    assert response.status_code == 200
    sides = dict(
        (team.name, [p.label for p, _, _ in rows])
        for team, rows, *_ in response.context["sides"]
    )
    assert sides["Reavers"][-2:] == [
        "Crumbleberry (Star Player)",
        "Grak (Star Player)",
    ]
    assert sides["Marauders"][-1:] == ["Mighty Zug (Star Player)"]
    for slug in ("grak", "crumbleberry", "mighty-zug"):
        assert f'name="s_{slug}_touchdowns"' in html
        assert f'<option value="star:{slug}">' in html
    # hired by both teams: plays for neither
    assert "griff-oberwald" not in html
    assert 'name="cas-0-plague_ridden"' in html


def test_a_report_naming_stars_is_recorded_without_spp(
    client, match, bob, django_capture_on_commit_callbacks
):
    # given
    client.force_login(bob)
    victim, away_victim_of_zug = lineman(match.home), lineman(match.away)

    # when
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            url(match),
            base(
                match,
                action="submit",
                home_score=1,
                away_score=0,
                **{
                    "s_crumbleberry_touchdowns": 1,
                    "s_grak_casualties_inflicted": 1,
                    # the form has no SPP or MVP for anyone: not read
                    "s_grak_spp": 4,
                    "s_grak_mvp": "on",
                    "cas-TOTAL_FORMS": 2,
                    "cas-0-player": away_victim_of_zug.pk,
                    "cas-0-inflicted_by": "star:grak",
                    "cas-0-casualty_roll": BADLY_HURT,
                    "cas-1-player": "star:mighty-zug",
                    "cas-1-inflicted_by": victim.pk,
                    "cas-1-casualty_roll": DEAD,
                    "cas-1-lasting_roll": "",
                },
            ),
        )

    # then
    assert response.status_code == 302, response.context["form"].errors
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (1, 0)
    # stars earn no SPP: no stat line; Zug's casualty is waived
    assert result.player_stats == {}
    assert [(c["player_id"], c["inflicted_by"]) for c in result.casualties] == [
        (away_victim_of_zug.pk, None)
    ]
    events = MatchEvent.objects.filter(match=match)
    star_lines = [e.payload for e in events.filter(type="report_star")]
    assert [(s["star_player"], s["team_id"]) for s in star_lines] == [
        ("crumbleberry", match.home_id),
        ("grak", match.home_id),
    ]
    assert [s["touchdowns"] for s in star_lines] == [1, 0]
    casualties = [e.payload for e in events.filter(type="star_casualty")]
    assert [(c["star_player"], c["inflicted_by_star"]) for c in casualties] == [
        (None, "grak"),
        ("mighty-zug", None),
    ]
    # and no star is MVP: each team's MVP is one of its rostered players
    rostered = set(Player.objects.values_list("pk", flat=True))
    mvps = [e.payload for e in events.filter(type="postgame_mvp")]
    assert len(mvps) == 2
    assert all(set(m["player_ids"]) <= rostered for m in mvps)


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (  # hired by neither team
            {"cas-0-player": "LINEMAN", "cas-0-inflicted_by": "star:morg-n-thorg"},
            "inflicted_by",
            "unknown player",
        ),
        (  # hired by both teams: played for neither
            {"cas-0-player": "star:griff-oberwald"},
            "player",
            "a casualty must be a player who took part",
        ),
        (  # Grak plays for the home team: he cannot hurt its players
            {"cas-0-player": "HOME_LINEMAN", "cas-0-inflicted_by": "star:grak"},
            "inflicted_by",
            "a casualty is inflicted by a player of the other team",
        ),
    ],
)
def test_a_star_the_team_did_not_field_is_refused_on_its_row(
    client, match, bob, fields, field, message
):
    # given
    client.force_login(bob)
    ids = {"LINEMAN": lineman(match.away).pk, "HOME_LINEMAN": lineman(match.home).pk}
    fields = {k: ids.get(v, v) for k, v in fields.items()}
    before = state()

    # when
    response = client.post(
        url(match), base(match, action="submit", home_score=0, away_score=0, **fields)
    )

    # then
    assert response.status_code == 400
    row = response.context["casualties"].forms[0]
    assert row.errors == {field: [message]}
    assert state() == before


def test_a_star_s_impossible_count_is_refused_next_to_it(client, match, bob):
    # given: 16 team turns, one Pass action each (docs/api.md, "implausible_stat")
    client.force_login(bob)
    before = state()

    # when
    response = client.post(
        url(match),
        base(
            match,
            action="submit",
            home_score=0,
            away_score=0,
            s_grak_completions=17,
        ),
    )

    # then
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == ["s_grak_completions"]
    assert errors["s_grak_completions"][0].startswith(
        "Grak (Star Player): at most 16 completions"
    )
    assert state() == before


# --- Plague Ridden -------------------------------------------------------------


@pytest.fixture
def nurgle_match(eleven, bob, charlie):
    nurgle = draft_team(eleven, bob, roster="nurgle", name="Rotters")
    humans = draft_team(eleven, charlie, roster="human", name="Reavers")
    return one_match(eleven, nurgle, humans)


def test_plague_ridden_from_the_page_gives_the_team_a_rotter(client, nurgle_match, bob):
    # given
    match = nurgle_match
    client.force_login(bob)
    before = set(match.home.players.values_list("pk", flat=True))

    # when
    response = client.post(
        url(match),
        base(
            match,
            action="submit",
            home_score=0,
            away_score=0,
            **{
                "cas-0-player": lineman(match.away).pk,
                "cas-0-inflicted_by": lineman(match.home).pk,
                "cas-0-casualty_roll": DEAD,
                "cas-0-plague_ridden": "on",
            },
        ),
    )

    # then
    assert response.status_code == 302
    (rotter,) = match.home.players.exclude(pk__in=before)
    assert (rotter.position, rotter.journeyman) == ("rotter-lineman", True)
    assert MatchEvent.objects.get(match=match, type="plague_ridden").payload[
        "rotter_id"
    ] == (rotter.pk)
    killer, victim = lineman(match.home), lineman(match.away)
    log = client.get(f"/matches/{match.pk}/events/?type=plague_ridden")
    assert (
        f"Plague Ridden: #{killer.number} {killer.name} infects "
        f"#{victim.number} {victim.name}; Rotters gain a Rotter Lineman"
    ) in log.content.decode()


def test_plague_ridden_on_a_victim_who_lived_is_refused_on_the_roll(
    client, nurgle_match, bob
):
    # given
    match = nurgle_match
    client.force_login(bob)
    before = state()

    # when
    response = client.post(
        url(match),
        base(
            match,
            action="submit",
            home_score=0,
            away_score=0,
            **{
                "cas-0-player": lineman(match.away).pk,
                "cas-0-inflicted_by": lineman(match.home).pk,
                "cas-0-casualty_roll": BADLY_HURT,
                "cas-0-plague_ridden": "on",
            },
        ),
    )

    # then
    assert response.status_code == 400
    assert response.context["casualties"].forms[0].errors == {
        "casualty_roll": ["Plague Ridden takes only a player the casualty roll killed"]
    }
    assert state() == before

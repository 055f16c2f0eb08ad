"""Recording a match from the web: drafts kept in the session, submission
through the report service, its refusals shown next to the fields."""

from __future__ import annotations

import pytest

from matches.models import Match, MatchResult
from tests.web.conftest import scheduled_season, sevens_teams


@pytest.fixture
def match(sevens, bob, charlie):
    """Bob's Orcs at home to Charlie's Humans."""
    home, away = sevens_teams(sevens, [bob, charlie], 2)
    m = scheduled_season(sevens, [home, away]).matches.get()
    if m.home_id != home.pk:
        Match.objects.filter(pk=m.pk).update(home=home, away=away)
        m.refresh_from_db()
    return m


def first(team):
    return team.players.order_by("number").first()


def base(match, **extra) -> dict[str, str]:
    data = {
        "home_score": "",
        "away_score": "",
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
    data.update({k: str(v) for k, v in extra.items()})
    return data


def url(match) -> str:
    return f"/matches/{match.pk}/report/"


def test_the_report_form_lists_both_teams_players(client, match, bob):
    client.force_login(bob)

    response = client.get(url(match))

    html = response.content.decode()
    assert response.status_code == 200
    for team in (match.home, match.away):
        assert f"<legend>{team.name}</legend>" in html
        for p in team.players.all():
            assert f'name="p{p.pk}_touchdowns"' in html
    assert (
        f'<label class="sr-only" for="id_p{first(match.home).pk}_touchdowns">' in html
    )


def test_a_draft_is_saved_in_the_session_and_restored(client, match, bob):
    client.force_login(bob)
    scorer = first(match.home)

    response = client.post(
        url(match),
        base(
            match,
            action="save",
            home_score=1,
            notes="muddy",
            **{f"p{scorer.pk}_touchdowns": 1},
        ),
    )

    assert response.status_code == 302
    assert not MatchResult.objects.exists()
    page = client.get(url(match))
    form = page.context["form"]
    assert form["home_score"].value() == "1"
    assert form[f"p{scorer.pk}_touchdowns"].value() == "1"
    assert "muddy" in page.content.decode()
    assert "A draft of this report is saved" in page.content.decode()


def test_add_casualty_keeps_the_draft_and_adds_a_row(client, match, bob):
    client.force_login(bob)

    client.post(url(match), base(match, action="add_casualty", home_score=2))

    page = client.get(url(match))
    assert len(page.context["casualties"].forms) == 2
    assert page.context["form"]["home_score"].value() == "2"


@pytest.mark.parametrize("rows", ["abc", "9" * 5000])
def test_add_casualty_with_a_tampered_row_count_adds_one_row(client, match, bob, rows):
    client.force_login(bob)

    response = client.post(
        url(match),
        base(match, action="add_casualty", home_score=2, **{"cas-TOTAL_FORMS": rows}),
    )

    assert response.status_code == 302
    assert response["Location"] == f"{url(match)}#casualties"
    page = client.get(url(match))
    assert len(page.context["casualties"].forms) == 1
    assert page.context["form"]["home_score"].value() == "2"
    assert not MatchResult.objects.exists()


def test_discard_forgets_the_draft(client, match, bob):
    client.force_login(bob)
    client.post(url(match), base(match, action="save", home_score=2))

    client.post(url(match), {"action": "discard"})

    page = client.get(url(match))
    assert page.context["form"]["home_score"].value() is None


def test_submitting_records_the_match_and_runs_the_post_game(
    client, match, bob, django_capture_on_commit_callbacks
):
    client.force_login(bob)
    scorer, victim = first(match.home), first(match.away)
    client.post(url(match), base(match, action="save", home_score=1))

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            url(match),
            base(
                match,
                action="submit",
                home_score=1,
                away_score=0,
                fan_factor_home=2,
                fan_factor_away=3,
                **{
                    f"p{scorer.pk}_touchdowns": 1,
                    f"p{scorer.pk}_casualties_inflicted": 1,
                    "cas-0-player": victim.pk,
                    "cas-0-inflicted_by": scorer.pk,
                    "cas-0-casualty_roll": 10,
                },
            ),
        )

    assert response.status_code == 302
    assert response["Location"] == f"/matches/{match.pk}/"
    result = MatchResult.objects.get(match=match)
    assert (result.home_score, result.away_score) == (1, 0)
    assert result.player_stats[str(scorer.pk)]["touchdowns"] == 1
    assert result.casualties[0]["player_id"] == victim.pk
    assert result.casualties[0]["casualty_roll"] == 10
    assert result.summary["fan_factor_d3"] == [2, 3]
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETE
    assert f"match-report-draft:{match.pk}" not in client.session
    page = client.get(response["Location"]).content.decode()
    assert "Report submitted" in page
    assert "badly hurt" in page.lower()


def test_a_score_the_touchdowns_do_not_add_up_to_is_refused_at_the_score(
    client, match, bob
):
    client.force_login(bob)

    response = client.post(
        url(match), base(match, action="submit", home_score=2, away_score=0)
    )

    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["home_score"] == ["the players' touchdowns add up to 0, not 2"]
    assert not MatchResult.objects.exists()
    assert Match.objects.get(pk=match.pk).status == Match.Status.SCHEDULED
    # what was typed is kept as a draft
    assert client.session[f"match-report-draft:{match.pk}"]["home_score"] == ["2"]


def test_a_missing_score_and_a_lone_fan_die_are_caught_before_the_service(
    client, match, bob
):
    client.force_login(bob)

    response = client.post(
        url(match), base(match, action="submit", away_score=0, fan_factor_home=2)
    )

    errors = response.context["form"].errors
    assert errors["home_score"] == ["Enter the score."]
    assert errors["fan_factor_home"] == ["Enter both D3s, or neither."]
    assert not MatchResult.objects.exists()


def test_impossible_casualty_dice_are_refused_on_their_row(client, match, bob):
    client.force_login(bob)
    victim = first(match.away)

    response = client.post(
        url(match),
        base(
            match,
            action="submit",
            home_score=0,
            away_score=0,
            **{"cas-0-player": victim.pk, "cas-0-casualty_roll": 40},
        ),
    )

    assert response.status_code == 400
    row = response.context["casualties"].forms[0]
    assert row.non_field_errors()
    assert "Injury table" in row.non_field_errors()[0]  # Sevens: no D16
    assert not MatchResult.objects.exists()


def test_an_implausible_count_is_refused_on_its_own_field(client, match, bob):
    client.force_login(bob)
    thrower, victim = first(match.home), first(match.away)
    team_mate = match.away.players.order_by("number")[1]

    response = client.post(
        url(match),
        base(
            match,
            action="submit",
            home_score=0,
            away_score=0,
            **{
                f"p{thrower.pk}_completions": 13,  # Sevens: 12 team turns
                "cas-0-player": victim.pk,
                "cas-0-inflicted_by": team_mate.pk,
            },
        ),
    )

    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == [f"p{thrower.pk}_completions"]
    assert "at most 12 completions" in errors[f"p{thrower.pk}_completions"][0]
    row = response.context["casualties"].forms[0]
    assert row.errors["inflicted_by"] == [
        "a casualty is inflicted by a player of the other team"
    ]
    assert not MatchResult.objects.exists()


def test_outsiders_may_not_report(client, match, dave):
    client.force_login(dave)
    assert client.get(url(match)).status_code == 403
    response = client.post(
        url(match), base(match, action="submit", home_score=0, away_score=0)
    )
    assert response.status_code == 403
    assert not MatchResult.objects.exists()


def test_the_commissioner_may_report(client, match, alice):
    client.force_login(alice)
    assert client.get(url(match)).status_code == 200


def test_a_match_with_a_result_sends_the_coach_back_to_it(
    client, match, bob, django_capture_on_commit_callbacks
):
    client.force_login(bob)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            url(match), base(match, action="submit", home_score=0, away_score=0)
        )

    response = client.get(url(match))

    assert response.status_code == 302
    assert response["Location"] == f"/matches/{match.pk}/"

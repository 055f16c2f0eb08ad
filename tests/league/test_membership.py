"""League membership: opening a league, invitations, requests to join,
removal, and what membership allows (drafting, being taken into a season)."""

import pytest
from django.core.exceptions import PermissionDenied

from league.errors import ServiceError
from league.models import League, LeagueEvent, LeagueMembership, Team
from league.services.leagues import league_create
from league.services.membership import (
    league_set_open,
    membership_accept,
    membership_approve,
    membership_decline,
    membership_invite,
    membership_reject,
    membership_remove,
    membership_request,
)
from league.services.teams import team_draft
from matches.models import Match, Season
from matches.seasons.services import season_create, season_schedule
from tests.factories import UserFactory, draft_team, lineman_requests
from tests.league.conftest import db_snapshot


def codes(exc_info):
    return [(v.code, v.field) for v in exc_info.value.violations]


def state():
    """Everything a refused membership request must leave untouched."""
    return (
        db_snapshot(),
        list(
            LeagueMembership.objects.order_by("pk").values_list(
                "pk", "league_id", "coach_id", "status"
            )
        ),
        list(LeagueEvent.objects.order_by("pk").values_list("pk", "type")),
        list(League.objects.order_by("pk").values_list("pk", "is_open")),
        list(Season.objects.order_by("pk").values_list("pk")),
    )


def status_of(league, user):
    return LeagueMembership.objects.get(league=league, coach=user).status


def last_event(league):
    event = LeagueEvent.objects.filter(league=league).latest("id")
    return event.type, event.payload, event.created_by


@pytest.fixture
def erin(db):
    return UserFactory(username="erin")


# --- opening and closing -----------------------------------------------------


def test_a_new_league_is_closed(bob):
    league = league_create(commissioner=bob, name="Badlands", format="sevens")

    assert league.is_open is False
    assert not LeagueMembership.objects.filter(league=league).exists()


def test_the_commissioner_opens_and_closes_the_league_with_an_audit_line(sevens, alice):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)

    assert League.objects.get(pk=sevens.pk).is_open is True
    assert last_event(sevens) == ("league_opened", {"is_open": True}, alice)

    league_set_open(league_id=sevens.pk, is_open=False, actor=alice)

    assert League.objects.get(pk=sevens.pk).is_open is False
    assert last_event(sevens) == ("league_closed", {"is_open": False}, alice)


def test_opening_an_open_league_writes_nothing(sevens, alice):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    before = state()

    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)

    assert state() == before


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_only_the_commissioner_opens_the_league(request, sevens, who):
    before = state()

    with pytest.raises(PermissionDenied):
        league_set_open(
            league_id=sevens.pk, is_open=True, actor=request.getfixturevalue(who)
        )

    assert state() == before


# --- invitations ---------------------------------------------------------------


def test_an_invited_coach_who_accepts_is_a_member(sevens, alice, dave):
    membership = membership_invite(league_id=sevens.pk, username="dave", actor=alice)

    assert (membership.coach, membership.status) == (dave, "invited")
    assert last_event(sevens) == (
        "member_invited",
        {"coach_id": dave.pk, "coach": "dave", "status": [None, "invited"]},
        alice,
    )

    membership_accept(league_id=sevens.pk, actor=dave)

    assert status_of(sevens, dave) == "member"
    assert last_event(sevens) == (
        "invitation_accepted",
        {"coach_id": dave.pk, "coach": "dave", "status": ["invited", "member"]},
        dave,
    )
    assert LeagueMembership.objects.filter(league=sevens, coach=dave).count() == 1


def test_a_declined_invitation_can_be_renewed(sevens, alice, dave):
    membership_invite(league_id=sevens.pk, username="dave", actor=alice)

    membership_decline(league_id=sevens.pk, actor=dave)

    assert status_of(sevens, dave) == "declined"
    assert last_event(sevens)[0] == "invitation_declined"
    membership_invite(league_id=sevens.pk, username="dave", actor=alice)
    assert status_of(sevens, dave) == "invited"


def test_refused_invitations_write_nothing(sevens, alice, bob, dave, erin):
    # given Erin invited and Dave asking to join
    membership_invite(league_id=sevens.pk, username="erin", actor=alice)
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_request(league_id=sevens.pk, actor=dave)
    before = state()
    cases = [
        ("nobody", [("unknown_user", "username")]),
        ("bob", [("already_member", "username")]),
        ("alice", [("already_member", "username")]),
        ("erin", [("already_invited", "username")]),
        ("dave", [("request_pending", "username")]),
    ]
    for username, expected in cases:
        with pytest.raises(ServiceError) as exc_info:
            membership_invite(league_id=sevens.pk, username=username, actor=alice)
        assert codes(exc_info) == expected, username
    assert state() == before


@pytest.mark.parametrize("who", ["bob", "dave", "erin"])
def test_only_the_commissioner_invites(request, sevens, alice, erin, who):
    membership_invite(league_id=sevens.pk, username="erin", actor=alice)
    before = state()

    with pytest.raises(PermissionDenied):
        membership_invite(
            league_id=sevens.pk, username="charlie", actor=request.getfixturevalue(who)
        )

    assert state() == before


@pytest.mark.parametrize("answer", [membership_accept, membership_decline])
def test_only_an_invited_coach_answers_an_invitation(sevens, alice, bob, dave, answer):
    before = state()
    # the commissioner, a member (bob), a coach never invited (dave)
    for who, code in (
        (alice, "no_invitation"),
        (bob, "already_member"),
        (dave, "no_invitation"),
    ):
        with pytest.raises(ServiceError) as exc_info:
            answer(league_id=sevens.pk, actor=who)
        assert codes(exc_info) == [(code, None)]
    assert state() == before


# --- requests to join ------------------------------------------------------------


def test_a_closed_league_takes_no_requests(sevens, dave):
    before = state()

    with pytest.raises(ServiceError) as exc_info:
        membership_request(league_id=sevens.pk, actor=dave)

    assert codes(exc_info) == [("league_closed", None)]
    assert state() == before


def test_a_request_to_an_open_league_waits_for_the_commissioner(sevens, alice, dave):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)

    membership = membership_request(league_id=sevens.pk, actor=dave)

    assert membership.status == "requested"
    assert last_event(sevens) == (
        "join_requested",
        {"coach_id": dave.pk, "coach": "dave", "status": [None, "requested"]},
        dave,
    )

    membership_approve(league_id=sevens.pk, coach_id=dave.pk, actor=alice)

    assert status_of(sevens, dave) == "member"
    assert last_event(sevens)[0] == "request_approved"
    assert last_event(sevens)[2] == alice


def test_a_declined_request_may_be_made_again(sevens, alice, dave):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_request(league_id=sevens.pk, actor=dave)

    membership_reject(league_id=sevens.pk, coach_id=dave.pk, actor=alice)

    assert status_of(sevens, dave) == "declined"
    assert last_event(sevens)[0] == "request_declined"
    membership_request(league_id=sevens.pk, actor=dave)
    assert status_of(sevens, dave) == "requested"


def test_refused_requests_write_nothing(sevens, alice, bob, dave, erin):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_invite(league_id=sevens.pk, username="erin", actor=alice)
    membership_request(league_id=sevens.pk, actor=dave)
    before = state()
    cases = [
        (alice, [("already_member", None)]),
        (bob, [("already_member", None)]),
        (erin, [("invitation_pending", None)]),
        (dave, [("already_requested", None)]),
    ]
    for who, expected in cases:
        with pytest.raises(ServiceError) as exc_info:
            membership_request(league_id=sevens.pk, actor=who)
        assert codes(exc_info) == expected, who
    assert state() == before


@pytest.mark.parametrize("answer", [membership_approve, membership_reject])
def test_only_a_pending_request_is_answered_and_only_by_the_commissioner(
    sevens, alice, bob, dave, erin, answer
):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    membership_request(league_id=sevens.pk, actor=dave)
    membership_invite(league_id=sevens.pk, username="erin", actor=alice)
    before = state()

    for coach in (bob, erin, alice):  # a member, an invited coach, the commissioner
        with pytest.raises(ServiceError) as exc_info:
            answer(league_id=sevens.pk, coach_id=coach.pk, actor=alice)
        assert codes(exc_info) == [("no_request", "coach")]
    for who in (bob, dave, erin):
        with pytest.raises(PermissionDenied):
            answer(league_id=sevens.pk, coach_id=dave.pk, actor=who)
    assert state() == before


# --- removal -----------------------------------------------------------------


def test_removing_a_coach_keeps_the_history(sevens, alice, bob, charlie, dave):
    # given a season with Bob's team in it, played
    orcs = draft_team(sevens, bob, roster="orc", name="Orcs")
    humans = draft_team(sevens, charlie, roster="human", name="Humans")
    season = season_create(league=sevens, name="Spring", seed=3)
    season_schedule(season_id=season.pk)
    teams_before = list(Team.objects.order_by("pk").values())
    matches_before = list(Match.objects.order_by("pk").values())

    # when the commissioner removes Bob
    membership = membership_remove(league_id=sevens.pk, coach_id=bob.pk, actor=alice)

    # then his teams, the season and its matches stay as they were
    assert membership.status == "removed"
    assert last_event(sevens) == (
        "member_removed",
        {"coach_id": bob.pk, "coach": "bob", "status": ["member", "removed"]},
        alice,
    )
    assert list(Team.objects.order_by("pk").values()) == teams_before
    assert list(Match.objects.order_by("pk").values()) == matches_before
    assert set(season.teams.values_list("pk", flat=True)) == {orcs.pk, humans.pk}
    # but he drafts no more there, and a new season leaves his team out
    before = state()
    with pytest.raises(ServiceError) as exc_info:
        team_draft(
            league=sevens,
            coach=bob,
            name="More Orcs",
            roster="orc",
            players=lineman_requests("orc", 7),
        )
    assert codes(exc_info) == [("not_a_member", "league")]
    assert state() == before
    draft_team(sevens, dave, roster="dwarf", name="Dwarfs")
    autumn = season_create(league=sevens, name="Autumn", seed=4)
    assert set(autumn.teams.values_list("pk", flat=True)) == {
        humans.pk,
        Team.objects.get(name="Dwarfs").pk,
    }


def test_refused_removals_write_nothing(sevens, alice, bob, dave, erin):
    membership_invite(league_id=sevens.pk, username="erin", actor=alice)
    before = state()

    for coach, expected in [
        (dave, [("not_a_member", "coach")]),
        (erin, [("not_a_member", "coach")]),
        (alice, [("commissioner", "coach")]),
    ]:
        with pytest.raises(ServiceError) as exc_info:
            membership_remove(league_id=sevens.pk, coach_id=coach.pk, actor=alice)
        assert codes(exc_info) == expected
    for who in (bob, dave, erin):
        with pytest.raises(PermissionDenied):
            membership_remove(league_id=sevens.pk, coach_id=bob.pk, actor=who)
    assert state() == before


def test_a_removed_coach_may_be_invited_back(sevens, alice, bob):
    membership_remove(league_id=sevens.pk, coach_id=bob.pk, actor=alice)

    membership_invite(league_id=sevens.pk, username="bob", actor=alice)
    membership_accept(league_id=sevens.pk, actor=bob)

    assert status_of(sevens, bob) == "member"


# --- what membership allows ------------------------------------------------------


def test_only_members_and_the_commissioner_draft(sevens, alice, bob, dave, erin):
    membership_invite(league_id=sevens.pk, username="erin", actor=alice)
    before = state()

    # a stranger and an invited coach who has not accepted are refused
    for who, how in [(dave, "it is closed"), (erin, "accept your invitation")]:
        with pytest.raises(ServiceError) as exc_info:
            team_draft(
                league=sevens,
                coach=who,
                name=f"{who}'s team",
                roster="orc",
                players=lineman_requests("orc", 7),
            )
        assert codes(exc_info) == [("not_a_member", "league")]
        assert how in exc_info.value.violations[0].message
    assert state() == before

    # a member and the commissioner draft
    for who in (bob, alice):
        team = team_draft(
            league=sevens,
            coach=who,
            name=f"{who}'s team",
            roster="orc",
            players=lineman_requests("orc", 7),
        )
        assert team.coach == who


def test_a_non_members_draft_lists_every_problem(sevens, alice, dave):
    league_set_open(league_id=sevens.pk, is_open=True, actor=alice)
    sevens.refresh_from_db()
    before = state()

    with pytest.raises(ServiceError) as exc_info:
        team_draft(
            league=sevens,
            coach=dave,
            name=" ",
            roster="orc",
            players=lineman_requests("orc", 3),
        )

    assert codes(exc_info) == [
        ("not_a_member", "league"),
        ("too_few_players", "players"),
        ("blank", "name"),
    ]
    assert "ask to join it first" in exc_info.value.violations[0].message
    assert state() == before


def test_a_season_takes_only_teams_whose_coach_is_a_member(sevens, alice, bob, dave):
    # given Dave's team, drafted while he was a member, then he was removed
    orcs = draft_team(sevens, bob, roster="orc", name="Orcs")
    commish = draft_team(sevens, alice, roster="human", name="Commish")
    dwarfs = draft_team(sevens, dave, roster="dwarf", name="Dwarfs")
    membership_remove(league_id=sevens.pk, coach_id=dave.pk, actor=alice)

    # the default takes the members' and the commissioner's ready teams
    season = season_create(league=sevens, name="Spring")
    assert set(season.teams.values_list("pk", flat=True)) == {orcs.pk, commish.pk}

    # naming Dave's team is refused, and writes nothing
    before = state()
    with pytest.raises(ServiceError) as exc_info:
        season_create(
            league=sevens, name="Autumn", team_ids=[orcs.pk, dwarfs.pk, commish.pk]
        )
    assert codes(exc_info) == [("not_a_member", "teams")]
    assert "Dwarfs" in exc_info.value.violations[0].message
    assert state() == before

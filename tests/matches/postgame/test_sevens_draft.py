"""Blood Bowl Sevens "The Draft" (blood_bowl_sevens.md "Player Advancement"):
in the post-game, a D6 for every player who has gained one or more skills;
a roll equal to or lower than the number he gained and he is poached."""

import pytest

from engine.campaign import SeededRoller
from league.models import Player
from matches.models import MatchEvent
from matches.reports.lines import Report
from matches.reports.report import match_submit_report
from matches.seasons.services import match_seed
from tests.factories import LeagueFactory, draft_team
from tests.matches.conftest import one_match, roster

TWO_SKILLS = [{"skill": "block", "param": None}, {"skill": "dodge", "param": None}]


def play(fmt, alice, bob, charlie, capture, *, seed=1234):
    """A 0-0 match of ``fmt`` whose home #1 gained two skills, #2 one and
    #3 none; the post-game has run."""
    league = LeagueFactory(format=fmt, commissioner=alice)
    home = draft_team(league, charlie, roster="human", name="H")
    away = draft_team(league, bob, roster="orc", name="O")
    match = one_match(league, home, away, seed=seed)
    h = roster(home)
    Player.objects.filter(pk=h[0].pk).update(gained_skills=TWO_SKILLS, advancements=2)
    Player.objects.filter(pk=h[1].pk).update(
        gained_skills=TWO_SKILLS[:1], advancements=1
    )
    with capture(execute=True):
        match_submit_report(match_id=match.pk, report=Report(0, 0), actor=alice)
    return match, home, h


def draft_events(match):
    return list(
        MatchEvent.objects.filter(match=match, type="postgame_draft").order_by("seq")
    )


@pytest.mark.parametrize("seed", [1234, 77, 9001])
def test_a_player_is_poached_on_a_d6_at_most_his_skills_gained(
    alice, bob, charlie, django_capture_on_commit_callbacks, seed
):
    match, home, h = play(
        "sevens", alice, bob, charlie, django_capture_on_commit_callbacks, seed=seed
    )

    # a D6 for #1 and #2 only, in shirt order, from the match's seed
    dice = SeededRoller(match_seed(match.seed, "postgame", "sevens_draft"))
    first, second = dice.d(6, "d"), dice.d(6, "d")
    gone = ({h[0].pk} if first <= 2 else set()) | ({h[1].pk} if second <= 1 else set())
    (event,) = draft_events(match)
    assert [d["result"] for d in event.payload["dice"]] == [first, second]
    assert set(event.payload["player_ids"]) == gone
    fired = Player.objects.filter(team=home, status=Player.Status.FIRED)
    assert set(fired.values_list("pk", flat=True)) == gone


def test_the_draft_is_not_played_outside_sevens(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    match, home, _ = play(
        "bb2020", alice, bob, charlie, django_capture_on_commit_callbacks
    )
    assert draft_events(match) == []
    assert not Player.objects.filter(team=home, status=Player.Status.FIRED).exists()


def test_a_journeymans_loner_is_no_skill_gained_for_the_draft(
    alice, bob, charlie, django_capture_on_commit_callbacks
):
    # given home #3 a journeyman whose only entry is his Loner
    league = LeagueFactory(format="sevens", commissioner=alice)
    home = draft_team(league, charlie, roster="human", name="H")
    away = draft_team(league, bob, roster="orc", name="O")
    match = one_match(league, home, away, seed=1234)
    h = roster(home)
    loner = [{"skill": "loner", "param": 4, "trait": True, "journeyman": True}]
    Player.objects.filter(pk=h[2].pk).update(gained_skills=loner, journeyman=True)

    # when the post-game runs
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(match_id=match.pk, report=Report(0, 0), actor=alice)

    # then nobody rolls in the Draft and he is not poached
    assert draft_events(match) == []
    assert Player.objects.get(pk=h[2].pk).status != Player.Status.FIRED

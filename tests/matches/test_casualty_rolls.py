"""Decay on the Casualty roll, resolved and recorded: skills_and_traits.md
"Decay": +1 to all rolls made against the player on the Casualty table.
The match engine adds it in the match; the post-game, which reads the
outcome again from the natural roll, must add it too, or the two disagree
(and a Lasting Injury D6 the engine needed is refused as not needed)."""

import pytest

from league.models import Player
from matches.models import Match, MatchEvent, MatchResult
from matches.reports.lines import CasualtyLine, Report
from matches.reports.report import match_submit_report
from matches.resolution.resolve import match_resolve
from tests.factories import draft_team
from tests.matches.conftest import one_match, roster

# The BB2020 Casualty table (the_rules_of_blood_bowl.md): total -> result.
D16 = {
    **dict.fromkeys(range(1, 7), "badly_hurt"),
    **dict.fromkeys(range(7, 10), "seriously_hurt"),
    **dict.fromkeys(range(10, 13), "serious_injury"),
    **dict.fromkeys(range(13, 15), "lasting_injury"),
    **dict.fromkeys(range(15, 17), "dead"),
}


@pytest.fixture
def rotters(eleven, bob):
    """Nurgle: Rotter Linemen, who have Decay."""
    return draft_team(eleven, bob, roster="nurgle", name="Rotters")


# Match seeds where a Rotter's natural D16 is 12 (+1: a Lasting Injury) and
# 14 (+1: DEAD).
@pytest.mark.parametrize("seed", [3012, 3041])
def test_a_resolved_decay_casualty_is_the_same_in_match_and_post_game(
    eleven, rotters, humans, seed, django_capture_on_commit_callbacks
):
    # given a Nurgle team at home to Humans
    match = one_match(eleven, rotters, humans)
    Match.objects.filter(pk=match.pk).update(seed=seed)
    rotter_ids = {p.pk for p in roster(rotters)}

    # when the match is resolved and its post-game runs
    with django_capture_on_commit_callbacks(execute=True):
        match_resolve(match_id=match.pk)

    # then each Rotter's Casualty roll counted Decay, in the match...
    rows = MatchEvent.objects.filter(match=match)
    in_match = [r.payload for r in rows.filter(type="casualty").order_by("seq")]
    rotters_hurt = [c for c in in_match if c["player"] in rotter_ids]
    assert any(c["d16"] in (12, 14) for c in rotters_hurt)
    for cas in rotters_hurt:
        assert cas["result"] == D16[min(cas["d16"] + 1, 16)]
    # ... and in the post-game, which applied the same results
    post = [r.payload for r in rows.filter(type="postgame_injury").order_by("seq")]
    assert [(p["player_id"], p["casualty_roll"], p["result"]) for p in post] == [
        (c["player"], c["d16"], c["result"]) for c in in_match
    ]


@pytest.mark.parametrize(
    ("roll", "lasting", "result"),
    [(12, 5, "lasting_injury"), (14, None, "dead"), (5, None, "badly_hurt")],
)
def test_a_recorded_decay_casualty_adds_one_to_the_entered_roll(
    eleven,
    rotters,
    humans,
    bob,
    roll,
    lasting,
    result,
    django_capture_on_commit_callbacks,
):
    # given a Rotter hurt in a tabletop match, its natural D16 entered
    match = one_match(eleven, rotters, humans)
    rotter = roster(rotters)[0]
    report = Report(
        0,
        0,
        casualties=[CasualtyLine(rotter.pk, casualty_roll=roll, lasting_roll=lasting)],
    )

    # when the report is submitted and its post-game runs
    with django_capture_on_commit_callbacks(execute=True):
        match_submit_report(match_id=match.pk, report=report, actor=bob)

    # then the stored casualty reads the roll with Decay's +1
    (cas,) = MatchResult.objects.get(match=match).casualties
    assert (cas["casualty_roll"], cas["lasting_roll"], cas["result"]) == (
        roll,
        lasting,
        result,
    )
    # and the post-game applied it (D6 5: Neck Injury, AG one worse)
    after = Player.objects.get(pk=rotter.pk)
    assert (after.status, after.ag) == (
        Player.Status.DEAD if result == "dead" else Player.Status.ACTIVE,
        rotter.ag + 1 if lasting == 5 else rotter.ag,
    )

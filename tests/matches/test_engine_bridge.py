"""What the engine receives from the league: team sheets built from the
rosters frozen at kick-off."""

from engine.campaign import casualty_from_roll
from league.models import Player
from matches.engine_bridge import team_sheet
from matches.models import Match, MatchEvent
from matches.prematch.kickoff import match_kick_off
from matches.resolution.resolve import match_engine_inputs, match_resolve
from tests.matches.conftest import one_match, roster


def test_niggling_injuries_reach_the_engines_team_sheet(eleven, humans, orcs):
    # given a Human with 2 Niggling Injuries and an Orc with 1
    human, orc = roster(humans)[0], roster(orcs)[3]
    Player.objects.filter(pk=human.pk).update(niggling_injuries=2)
    Player.objects.filter(pk=orc.pk).update(niggling_injuries=1)
    match = one_match(eleven, humans, orcs)

    # when the match kicks off and the engine's inputs are built
    match_kick_off(match_id=match.pk)
    inputs = match_engine_inputs(match)
    home, away = team_sheet(inputs["home"]), team_sheet(inputs["away"])

    # then each sheet carries exactly the league's Niggling Injuries
    assert {p.id: p.niggling for p in home.players} == {
        p.pk: (2 if p.pk == human.pk else 0) for p in roster(humans)
    }
    assert {p.id: p.niggling for p in away.players} == {
        p.pk: (1 if p.pk == orc.pk else 0) for p in roster(orcs)
    }


def test_the_match_and_the_post_game_agree_on_niggling_casualties(
    eleven, humans, orcs, django_capture_on_commit_callbacks
):
    """Every player carries 2 Niggling Injuries: each Casualty the engine
    rolls counts them (natural D16 + 2, the_rules_of_blood_bowl.md "NI"),
    and the post-game, which reads the same BB2020 table from the natural
    D16, applies the same results."""
    # given two teams whose every player has 2 Niggling Injuries, and a
    # match seed whose Casualty rolls cross the table's bands with +2
    Player.objects.filter(team__in=[humans, orcs]).update(niggling_injuries=2)
    match = one_match(eleven, humans, orcs)
    Match.objects.filter(pk=match.pk).update(seed=2042)

    # when the match is resolved and its post-game runs
    with django_capture_on_commit_callbacks(execute=True):
        match_resolve(match_id=match.pk)

    # then each Casualty roll in the match counted the +2
    rows = MatchEvent.objects.filter(match=match)
    in_match = [r.payload for r in rows.filter(type="casualty").order_by("seq")]
    assert len(in_match) == 3
    without = []
    for cas in in_match:
        natural, lasting = cas["d16"], cas["lasting_d6"] or None
        outcome = casualty_from_roll("bb2020", natural, lasting, niggling=2)
        assert cas["result"] == outcome.result.value
        without.append(table_result(natural))
    assert without != [c["result"] for c in in_match]  # the +2 mattered
    # and the post-game applied the very same results
    post = [r.payload for r in rows.filter(type="postgame_injury").order_by("seq")]
    assert [(p["casualty_roll"], p["result"]) for p in post] == [
        (c["d16"], c["result"]) for c in in_match
    ]


def table_result(d16: int) -> str:
    """The BB2020 Casualty table without modifiers."""
    for high, result in (
        (6, "badly_hurt"),
        (9, "seriously_hurt"),
        (12, "serious_injury"),
        (14, "lasting_injury"),
    ):
        if d16 <= high:
            return result
    return "dead"

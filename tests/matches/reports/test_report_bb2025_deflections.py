"""BB2025 has no Deflection (changes_from_bb2020.md section 9,
"Interference -> Interception only": the two-step deflection is gone;
tables.md 10: "Deflection – removed"). Its matches record none
(``player_stats``, as the API lists them), and a tabletop report naming
one is refused on that line with nothing written, as a Stalling line is
in a format without the bonus; BB2020 keeps recording them."""

from __future__ import annotations

import pytest

from engine.variants import BB2020, BB2025
from engine.variants.fields import DEFLECTIONS, INTERCEPTIONS
from league.errors import ServiceError
from matches.reports.lines import PlayerLine, Report
from matches.reports.report import match_submit_report
from tests.matches.conftest import codes, db_state, one_match, roster
from tests.matches.postgame.test_bb2025_postgame import _league, _teams
from tests.world import api_as

pytestmark = pytest.mark.django_db


@pytest.fixture
def sides(alice, bob, charlie):
    humans, orcs = _teams(_league(alice, "bb2025"), bob, charlie)
    return one_match(humans.league, humans, orcs), humans, orcs


def test_bb2025_matches_record_no_deflections():
    assert DEFLECTIONS not in BB2025.player_stats
    assert INTERCEPTIONS in BB2025.player_stats
    assert DEFLECTIONS in BB2020.player_stats
    formats = api_as(None).get("/api/formats/").json()
    listed = formats["results"] if isinstance(formats, dict) else formats
    stats = {f["slug"]: f["player_stats"] for f in listed}
    assert "deflections" not in stats["bb2025"]
    assert "deflections" in stats["bb2020"]


def test_a_bb2025_report_with_a_deflection_is_refused(sides, bob):
    match, humans, _ = sides
    h = roster(humans)
    report = Report(
        1,
        0,
        players=[
            PlayerLine(h[0].pk, touchdowns=1),
            PlayerLine(h[1].pk, interceptions=1, deflections=1),
        ],
    )
    before = db_state()

    with pytest.raises(ServiceError) as exc:
        match_submit_report(match_id=match.pk, report=report, actor=bob)

    assert codes(exc) == [("not_in_format", "players.1.deflections")]
    assert db_state() == before
    # the same report without the deflection stands
    ok = Report(
        1,
        0,
        players=[
            PlayerLine(h[0].pk, touchdowns=1),
            PlayerLine(h[1].pk, interceptions=1),
        ],
    )
    result = match_submit_report(match_id=match.pk, report=ok, actor=bob)
    assert result.player_stats[str(h[1].pk)]["interceptions"] == 1


def test_the_report_page_asks_no_deflections_in_bb2025_only(
    client, sides, bob, eleven, charlie
):
    from tests.factories import draft_team
    from tests.web.test_report_roles import url

    match, humans, _ = sides
    client.force_login(bob)
    response = client.get(url(match))
    assert response.status_code == 200
    keys = {key for key, _, _ in response.context["stats"]}
    assert "deflections" not in keys
    assert "interceptions" in keys
    fields = set(response.context["form"].fields)
    assert f"p{roster(humans)[0].pk}_deflections" not in fields
    assert f"p{roster(humans)[0].pk}_interceptions" in fields
    assert 'title="Deflections"' not in response.content.decode()

    home = draft_team(eleven, bob, roster="orc", name="Old Orcs")
    away = draft_team(eleven, charlie, roster="human", name="Old Humans")
    old = one_match(eleven, home, away)
    page = client.get(url(old))
    assert "deflections" in {key for key, _, _ in page.context["stats"]}

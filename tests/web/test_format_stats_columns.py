"""Every table of one format's player stats shows the stats that format
records (its variant's ``player_stats``) and no others: a BB2025 match
(changes_from_bb2020.md section 15: "Deflection 1 removed"; BB2025 records
no Deflections) has no Deflections column in its box score, on the match
page or the admin's; a BB2020 match keeps all six."""

from __future__ import annotations

import re

import pytest

from league.services.leagues import league_create
from matches.admin_facts import match_facts_html
from matches.models import Match, MatchResult
from tests.factories import draft_team
from tests.web.conftest import scheduled_season
from tests.web.test_report_bb2025_lines import _team, players
from tests.web.test_report_roles import form, url

pytestmark = pytest.mark.django_db

BB2020_COLUMNS = ["TD", "CMP", "INT", "DEF", "CAS", "TTC"]
BB2025_COLUMNS = ["TD", "CMP", "INT", "CAS", "TTC"]


def _played(client, coach, match: Match, **extra) -> Match:
    """``coach`` reports 1-0, the home #1 scoring; the result stands."""
    scorer = players(match.home)[0]
    client.force_login(coach)
    response = client.post(
        url(match),
        form(
            home_score="1",
            **{f"p{scorer.pk}_touchdowns": "1"},
            fan_factor_home="1",
            fan_factor_away="1",
            **extra,
        ),
    )
    assert response.status_code == 302, response.context["form"].errors
    assert MatchResult.objects.filter(match=match).exists()
    return match


def _headers(html: str, caption: str) -> list[str]:
    """The stat columns of the box score table captioned ``caption``."""
    table = html.split(f"<caption>{caption}</caption>", 1)[1].split("</thead>")[0]
    return [
        h
        for h in re.findall(r"<abbr title=\"[^\"]+\">([A-Z]+)</abbr>", table)
        if h not in ("BLK", "SPP")
    ]


@pytest.fixture
def bb2025_match(alice, bob, charlie) -> Match:
    """Orcs (Bob) at home to Humans (Charlie) in a BB2025 league."""
    league = league_create(commissioner=alice, name="Couronne Cup", format="bb2025")
    home, away = _team(league, bob, "orc"), _team(league, charlie, "human")
    m = scheduled_season(league, [home, away]).matches.get()
    if m.home_id != home.pk:
        Match.objects.filter(pk=m.pk).update(home=home, away=away)
        m.refresh_from_db()
    return m


@pytest.fixture
def bb2020_match(eleven, bob, charlie) -> Match:
    home = draft_team(eleven, bob, roster="orc", name="Orcs")
    away = draft_team(eleven, charlie, roster="human", name="Humans")
    m = scheduled_season(eleven, [home, away]).matches.get()
    if m.home_id != home.pk:
        Match.objects.filter(pk=m.pk).update(home=home, away=away)
        m.refresh_from_db()
    return m


def test_a_bb2025_box_score_has_no_deflections_column(
    client, bb2025_match, bob, django_capture_on_commit_callbacks
):
    match = bb2025_match
    with django_capture_on_commit_callbacks(execute=True):
        _played(client, bob, match, mvp_nominations_home=[players(match.home)[0].pk])
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    for team in (match.home, match.away):
        assert _headers(html, team.name) == BB2025_COLUMNS
    view = response.context["view"]
    line = view.box["home"][0]
    assert [short for short, _ in line.cells] == BB2025_COLUMNS
    assert line.cells[0] == ("TD", 1)
    assert 'data-label="DEF"' not in html
    admin = str(match_facts_html(match))
    assert "Deflections" not in admin
    assert ">TTC<" in admin


def test_a_bb2020_box_score_keeps_every_column(
    client, bb2020_match, bob, django_capture_on_commit_callbacks
):
    match = bb2020_match
    with django_capture_on_commit_callbacks(execute=True):
        _played(client, bob, match)
    response = client.get(f"/matches/{match.pk}/")
    html = response.content.decode()
    for team in (match.home, match.away):
        assert _headers(html, team.name) == BB2020_COLUMNS
    assert [short for short, _ in response.context["view"].box["home"][0].cells] == (
        BB2020_COLUMNS
    )
    assert "Deflections" in str(match_facts_html(match))


# What the TTC column counts (its long label, the column's title and the
# report's field label). BB2020 (post-game_sequence.md "Throwing
# Completions"): a superb Throw Team-mate landed safely, the thrower's.
# BB2025 (changes_from_bb2020.md "Throw Team-mate", SPP): that, and the
# thrown player's safe landing after any throw, 1 SPP each, both counted in
# the one column.
BB2020_TTC = "Throwing completions"
BB2025_TTC = "Throwing completions and safe landings"


def _title(html: str, caption: str, short: str) -> str:
    """The title of the column ``short`` of the table captioned ``caption``."""
    table = html.split(f"<caption>{caption}</caption>", 1)[1].split("</thead>")[0]
    (title,) = re.findall(rf"<abbr title=\"([^\"]+)\">{short}</abbr>", table)
    return title


@pytest.mark.parametrize(
    ("fixture", "ttc"), [("bb2025_match", BB2025_TTC), ("bb2020_match", BB2020_TTC)]
)
def test_the_ttc_column_says_what_the_format_counts_in_it(
    client, request, fixture, ttc, bob, django_capture_on_commit_callbacks
):
    match = request.getfixturevalue(fixture)
    client.force_login(bob)
    report = client.get(url(match)).content.decode()
    assert f'<abbr title="{ttc}">TTC</abbr>' in report
    assert f">{ttc} by " in report  # each player's field's label
    scorer = players(match.home)[0]

    extra = {}
    if fixture == "bb2025_match":
        extra = {"mvp_nominations_home": [scorer.pk]}
    with django_capture_on_commit_callbacks(execute=True):
        _played(client, bob, match, **extra)
    html = client.get(f"/matches/{match.pk}/").content.decode()
    for team in (match.home, match.away):
        assert _title(html, team.name, "TTC") == ttc
    assert f'<abbr title="{ttc}">TTC</abbr>' in str(match_facts_html(match))

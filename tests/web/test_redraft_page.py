"""The re-draft page after a closed season (league_and_exhibition_play.md
"The Off-season Break and Re-drafting Teams"): its preview, its refusals each
by its field or row with what the coach typed kept and nothing written, and
the commit."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache

from engine.campaign.redraft import redraft_budget
from engine.core.rules_data import rules_data
from engine.variants import get_variant
from league.models import Team
from matches.models import SeasonTeamArchive
from matches.seasons.rollover import season_close
from tests.web.test_team_loop import _state, _text, played  # noqa: F401 (a fixture)

# "an agent's fee of 20,000 gold pieces for each previous season the player has
# taken part in" (league_and_exhibition_play.md "Re-drafting")
AGENT_FEE = 20_000


def _fieldset(response, legend: str) -> str:
    """The text of the form's fieldset titled ``legend``."""
    html = response.content.decode()
    start = html.index(f"<legend>{legend}</legend>")
    return _text_of(html[start : html.index("</fieldset>", start)])


def _text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# --- the re-draft --------------------------------------------------------------------------


def _redraft_data(keep, **extra) -> dict:
    data = {
        "keep": keep,
        "rerolls": 0,
        "assistant_coaches": 0,
        "cheerleaders": 0,
        "new-TOTAL_FORMS": 4,
        "new-INITIAL_FORMS": 0,
        "new-MIN_NUM_FORMS": 0,
        "new-MAX_NUM_FORMS": 4,
        "action": "preview",
    }
    data.update(extra)
    return data


def test_there_is_nothing_to_redraft_before_the_season_closes(client, played, bob):  # noqa: F811
    orcs = played["orcs"]
    client.force_login(bob)
    assert (
        "Re-draft for the next season"
        not in client.get(f"/teams/{orcs.pk}/").content.decode()
    )
    page = client.get(f"/teams/{orcs.pk}/redraft/")
    assert page.status_code == 200
    assert "There is nothing to re-draft" in _text(page)
    before = _state()
    refused = client.post(f"/teams/{orcs.pk}/redraft/", _redraft_data([]))
    assert refused.status_code == 400
    assert _state() == before


@pytest.fixture
def closed(played, alice):  # noqa: F811
    season_close(season_id=played["season"].pk, actor=alice)
    cache.clear()
    return played


def _budget(team: Team, won: int) -> int:
    """The re-draft budget of ``team`` as the season's post-game left it: the
    close adds its Glittering Prize to the treasury (of two teams, 1st
    100,000, 2nd 60,000)."""
    prize = 100_000 if won else 60_000
    return redraft_budget(
        "sevens", treasury=team.treasury + prize, games=1, wins=won, draws=0
    ).total


def test_the_redraft_page_opens_on_the_preview_of_keeping_everyone(client, closed, bob):
    orcs = closed["orcs"]
    won = int(closed["home"].pk == orcs.pk)
    budget = _budget(orcs, won)
    client.force_login(bob)
    assert (
        "Re-draft for the next season"
        in client.get(f"/teams/{orcs.pk}/").content.decode()
    )
    before = _state()

    response = client.get(f"/teams/{orcs.pk}/redraft/")

    html = response.content.decode()
    assert f'data-testid="redraft-budget">{budget:,}' in html
    players = list(orcs.players.order_by("number"))
    # one season played: each costs his value and one agent's fee of 20,000
    for p in players:
        assert (
            f'<th scope="row">{p.name}<br><span class="small muted">value '
            f"{p.value:,} + agent's fee for 1 earlier season</span></th>"
            f'<td class="num">{p.value + AGENT_FEE:,}</td>'
        ) in html
    # 20,000 a game played and 20,000 more a win ("2. Raise Funds")
    assert f"<dd>{20_000 + 20_000 * won:,}</dd>" in html
    total = sum(p.value + AGENT_FEE for p in players)
    assert f'data-testid="redraft-total">{total:,}' in html
    assert f'data-testid="redraft-remaining">{budget - total:,}' in html
    assert html.count('type="checkbox" name="keep"') == len(players)
    assert html.count("checked") == len(players)
    assert _state() == before


def test_a_preview_prices_the_chosen_plan_and_writes_nothing(client, closed, bob):
    orcs = closed["orcs"]
    keep = list(orcs.players.order_by("number")[:5])
    roster = rules_data().rosters["orc"]
    goblin = roster.position("goblin").cost
    reroll = get_variant("sevens").reroll_cost(roster, at_draft=True)
    client.force_login(bob)
    before = _state()

    response = client.post(
        f"/teams/{orcs.pk}/redraft/",
        _redraft_data(
            [p.pk for p in keep],
            rerolls=1,
            **{"new-0-position": "goblin", "new-0-name": "Snik"},
        ),
    )

    assert response.status_code == 200
    html = response.content.decode()
    total = sum(p.value + AGENT_FEE for p in keep) + goblin + reroll
    assert f'data-testid="redraft-total">{total:,}' in html
    assert html.count('data-testid="redraft-player"') == 5
    assert _state() == before


def test_refusals_are_shown_by_their_fields_and_nothing_is_written(client, closed, bob):
    orcs = closed["orcs"]
    first = orcs.players.order_by("number").first()
    everyone = list(orcs.players.values_list("pk", flat=True))
    client.force_login(bob)
    before = _state()

    duplicate = client.post(
        f"/teams/{orcs.pk}/redraft/",
        _redraft_data([first.pk, first.pk], action="commit"),
    )
    over = client.post(
        f"/teams/{orcs.pk}/redraft/",
        _redraft_data(everyone, action="commit", cheerleaders=40),
    )
    bad_position = client.post(
        f"/teams/{orcs.pk}/redraft/",
        _redraft_data(
            everyone,
            action="commit",
            **{"new-2-position": "troll", "new-2-name": "Nope"},
        ),
    )

    assert duplicate.status_code == 400
    assert f"{first.name} is already kept" in _fieldset(duplicate, "Players who stay")
    assert over.status_code == 400
    errors = _text_of(
        over.content.decode().split('data-testid="redraft-errors"', 1)[1]
    ).split("Preview", 1)[0]
    assert re.search(r"the re-draft costs [\d,]+ but the budget is [\d,]+", errors)
    assert bad_position.status_code == 400
    new_rows = _fieldset(bad_position, "New players")
    # in the third row, after its number and before the fourth
    third = new_rows.split(" 3 ", 1)[1].split(" 4 ", 1)[0]
    assert "Select a valid choice. troll is not one of the available choices." in (
        third
    )
    assert _state() == before


def test_the_coach_commits_a_redraft(client, closed, bob):
    orcs = closed["orcs"]
    keep = list(orcs.players.order_by("number")[:6])
    won = int(closed["home"].pk == orcs.pk)
    budget = _budget(orcs, won)
    cost = (
        sum(p.value + AGENT_FEE for p in keep)
        + rules_data().rosters["orc"].position("goblin").cost
    )
    client.force_login(bob)

    response = client.post(
        f"/teams/{orcs.pk}/redraft/",
        _redraft_data(
            [p.pk for p in keep],
            action="commit",
            **{"new-0-position": "goblin", "new-0-name": "Snik"},
        ),
        follow=True,
    )

    orcs.refresh_from_db()
    assert orcs.treasury == budget - cost
    on_roster = set(orcs.players.filter(status="active").values_list("name", flat=True))
    assert on_roster == {p.name for p in keep} | {"Snik"}
    assert SeasonTeamArchive.objects.get(team=orcs).redraft is not None
    text = _text(response)
    assert f"re-drafted for the next season: {budget - cost:,} left" in text
    assert f"Received a re-draft budget of {budget:,}" in text
    assert "Re-draft for the next season" not in text
    # and only once
    before = _state()
    again = client.post(f"/teams/{orcs.pk}/redraft/", _redraft_data([]))
    assert again.status_code == 400
    assert _state() == before


def _row(response, number: int) -> str:
    """The text of new-player row ``number`` (1-4) of the page's form."""
    rows = response.content.decode().split('<li class="player-row')[1:]
    return _text_of("<li " + rows[number - 1].split("</li>", 1)[0])


def test_a_new_players_refusal_is_shown_on_his_row_with_what_was_typed(
    client, closed, bob
):
    """Each refusal about a new player stands on his own row, whatever the
    players kept before him (the first ticked twice); what the coach typed
    stays; the page says nothing of it at the top, and nothing is written.
    A blank name: "every player needs a name"; a name mixing Latin and
    Cyrillic look-alikes is refused (league/names/rules.py)."""
    orcs = closed["orcs"]
    everyone = list(orcs.players.order_by("number").values_list("pk", flat=True))
    client.force_login(bob)
    before = _state()

    response = client.post(
        f"/teams/{orcs.pk}/redraft/",
        _redraft_data(
            [everyone[0], *everyone],
            action="commit",
            **{
                "new-0-position": "goblin",
                "new-0-name": "",
                "new-1-position": "goblin",
                "new-1-name": "Snik",
                "new-2-position": "goblin",
                "new-2-name": "Gr\u043em",
                "new-3-position": "goblin",
                "new-3-name": "",
            },
        ),
    )

    assert response.status_code == 400
    html = response.content.decode()
    assert "every player needs a name" in _row(response, 1)
    assert "every player needs a name" in _row(response, 4)
    assert "cannot mix Cyrillic and Latin letters" in _row(response, 3)
    assert "needs a name" not in _row(response, 2)
    assert "cannot mix" not in _row(response, 2)
    assert 'value="Snik"' in html.split('<li class="player-row')[2]
    assert 'value="Gr\u043em"' in html.split('<li class="player-row')[3]
    keep = _fieldset(response, "Players who stay")
    assert f"{orcs.players.get(pk=everyone[0]).name} is already kept" in keep
    assert "needs a name" not in keep
    top = html.split('id="redraft-form"', 1)[0]
    assert "needs a name" not in top
    assert "cannot mix" not in top
    assert _state() == before

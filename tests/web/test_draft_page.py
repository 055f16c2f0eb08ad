"""The draft page: one counter per position (what it submits, and
the service's refusals next to the counter or name they concern, nothing
written), each position's profile, limit and skills with their
descriptions, and the ``{% skill %}`` tag that shows them everywhere."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.utils.html import escape

from engine.core.rules_data import SkillRef, rules_data
from league.models import Player, Team, TreasuryEntry
from tests.factories import draft_team
from tests.web.test_draft import draft_data

DATA = rules_data("bb2020")


def skill_text(slug: str) -> str:
    return DATA.skills[slug].description


def snapshot() -> tuple[int, int, int]:
    return (
        Team.objects.count(),
        Player.objects.count(),
        TreasuryEntry.objects.count(),
    )


# --- counters ----------------------------------------------------------------


def test_the_counters_draft_exactly_the_players_counted(client, eleven, bob):
    client.force_login(bob)
    humans = (
        [("human-lineman", f"Hans {i}") for i in range(7)]
        + [("thrower", "Tom"), ("catcher", "Kurt"), ("catcher", "Karl")]
        + [("blitzer", "Bert"), ("ogre", "Ogg")]
    )

    response = client.post(
        f"/leagues/{eleven.pk}/draft/",
        draft_data("human", humans, name="Reiklanders", rerolls=2),
    )

    team = Team.objects.get(name="Reiklanders")
    assert response.status_code == 302
    assert sorted(team.players.values_list("position", "name")) == sorted(humans)
    counts = {
        p: team.players.filter(position=p).count()
        for p in ("human-lineman", "thrower", "catcher", "blitzer", "ogre")
    }
    assert counts == {
        "human-lineman": 7,
        "thrower": 1,
        "catcher": 2,
        "blitzer": 1,
        "ogre": 1,
    }
    # 7×50k + 80k + 2×65k + 85k + 140k = 785k; 2 re-rolls × 50k = 100k
    assert team.treasury == 1_000_000 - 785_000 - 100_000
    assert list(team.players.order_by("number").values_list("number", flat=True)) == (
        list(range(1, 13))
    )


def test_the_budget_fragment_counts_the_counters(client, eleven, bob):
    client.force_login(bob)
    data = {
        "roster": "orc",
        "count-orc-lineman": "11",
        "count-untrained-troll": "1",
        "dedicated_fans": "1",
    }

    html = client.post(f"/leagues/{eleven.pk}/draft/budget/", data).content.decode()

    # 11×50k + 115k: unnamed players are priced all the same
    assert 'data-testid="spent">665,000<' in html
    assert 'data-testid="remaining">335,000<' in html
    assert "12 players" in html


def test_counts_over_a_positions_limit_are_refused_at_each_counter(client, eleven, bob):
    client.force_login(bob)
    before = snapshot()
    players = (
        [("orc-lineman", f"Ug {i}") for i in range(9)]
        + [("blitzer", f"Grak {i}") for i in range(5)]
        + [("untrained-troll", "Troll")]
    )
    data = draft_data("orc", players)
    # two Trolls asked for; only one may be named (the page has one input)
    data["count-untrained-troll"] = "2"

    response = client.post(f"/leagues/{eleven.pk}/draft/", data)

    assert response.status_code == 400
    squad = response.context["squad"]
    assert squad.errors == {
        "count-blitzer": ["Orc teams may have at most 4 Blitzer (asked for 5)"],
        "count-untrained-troll": [
            "Orc teams may have at most 1 Untrained Troll (asked for 2)"
        ],
    }
    assert response.context["squad_errors"] == []
    assert snapshot() == before
    html = response.content.decode()
    card = re.search(
        r'<li class="pos-card has-error" data-position="blitzer">.*?</li>\s*'
        r'(?=<li class="pos-card)',
        html,
        re.S,
    )
    assert card is not None
    assert "at most 4 Blitzer (asked for 5)" in card.group(0)


@pytest.mark.parametrize(
    ("value", "message"),
    [("-1", "enter 0 or more players"), ("two", "enter a whole number of players")],
)
def test_an_unreadable_counter_is_refused_in_plain_words(
    client, eleven, bob, value, message
):
    client.force_login(bob)
    before = snapshot()
    data = draft_data("orc", [("orc-lineman", f"Ug {i}") for i in range(11)])
    data["count-goblin"] = value

    response = client.post(f"/leagues/{eleven.pk}/draft/", data)

    assert response.status_code == 400
    assert response.context["squad"].errors == {"count-goblin": [message]}
    assert snapshot() == before


def test_without_javascript_the_names_button_shows_a_name_input_per_player(
    client, eleven, bob
):
    client.force_login(bob)
    before = snapshot()
    data = {"roster": "orc", "count-blitzer": "2", "dedicated_fans": "1", "names": "1"}

    response = client.post(f"/leagues/{eleven.pk}/draft/", data)

    html = response.content.decode()
    assert response.status_code == 200
    assert response.context["squad"].errors == {}
    assert response.context["general_errors"] == []
    shown = re.findall(r'<li data-name-row>\s*<label for="id_name-blitzer-(\d)"', html)
    hidden = re.findall(
        r'<li data-name-row hidden>\s*<label for="id_name-blitzer-(\d)"', html
    )
    assert (shown, hidden) == (["0", "1"], ["2", "3"])
    assert snapshot() == before


# --- what the page shows about each position -----------------------------------


def card_of(html: str, slug: str) -> str:
    match = re.search(
        rf'<li class="pos-card[^"]*" data-position="{slug}">(.*?)<ol class="names">',
        html,
        re.S,
    )
    assert match is not None, slug
    return match.group(1)


@pytest.mark.parametrize("roster", ["orc", "human", "chaos-chosen", "vampire"])
def test_every_position_shows_its_profile_limit_and_skills_described(
    client, eleven, bob, roster
):
    client.force_login(bob)

    html = client.get(f"/leagues/{eleven.pk}/draft/?roster={roster}").content.decode()

    for position in DATA.rosters[roster].positions:
        card = card_of(html, position.slug)
        assert f'<h3 id="pos-{position.slug}">{escape(position.name)}</h3>' in card
        assert f">{position.cost:,}</span> gold" in card
        assert f">0–{min(position.max, 16)}</span>" in card
        profile = re.sub(
            r"<[^>]+>|\s+", "", card.split("profile-")[1].split("</dl>")[0]
        )
        pa = f"{position.pa}+" if position.pa else "–"
        assert profile.endswith(
            f"MA{position.ma}ST{position.st}AG{position.ag}+PA{pa}AV{position.av}+"
        )
        for ref in position.skills:
            label = escape(ref.label(DATA.skills))
            assert re.search(
                r'<button type="button" class="skill-name" aria-describedby="(tip-'
                + re.escape(ref.skill)
                + r'-\d+)">'
                + re.escape(label)
                + r'</button><span class="skill-tip" role="tooltip" id="\1">'
                + r'<span class="skill-kind">[^<]+</span> '
                + re.escape(escape(skill_text(ref.skill))),
                card,
            ), (position.slug, ref.skill)


def test_a_position_without_skills_says_so_and_no_pa_reads_as_a_dash(
    client, eleven, bob
):
    client.force_login(bob)

    html = client.get(f"/leagues/{eleven.pk}/draft/?roster=human").content.decode()

    lineman = card_of(html, "human-lineman")
    assert "No skills" in lineman
    assert "skill-name" not in lineman
    big_un = card_of(
        client.get(f"/leagues/{eleven.pk}/draft/?roster=orc").content.decode(),
        "big-un",
    )
    assert "<dd>–</dd>" in big_un


def test_sevens_limits_read_as_the_formats_cap(client, sevens, bob):
    client.force_login(bob)

    html = client.get(f"/leagues/{sevens.pk}/draft/?roster=orc").content.decode()

    # 0–16 Orc Linemen on the roster, but a Sevens team has at most 11 players
    assert ">0–11</span>" in card_of(html, "orc-lineman")
    assert 'max="11"' in card_of(html, "orc-lineman")
    assert ">0–1</span>" in card_of(html, "untrained-troll")
    # Sevens hires no Star Players
    assert "Star Players who play for" not in html


def test_the_star_players_who_play_for_the_roster_show_their_special_rule(
    client, eleven, bob
):
    client.force_login(bob)

    html = client.get(f"/leagues/{eleven.pk}/draft/?roster=orc").content.decode()

    morg = DATA.star_players["morg-n-thorg"]
    stars = html.split('<details class="stars">')[1].split("</details>")[0]
    assert f"Morg &#x27;n&#x27; Thorg</strong> · {morg.cost:,} gold" in stars
    assert escape(morg.rule_name) + "</button>" in stars
    assert escape(morg.rule_text) in stars
    # an Elf-only star does not play for an Orc team
    assert "Eldril Sidewinder" not in stars


# --- the tag ---------------------------------------------------------------------


def render(source: str, **context) -> str:
    return Template("{% load skills %}" + source).render(Context(context))


@pytest.mark.parametrize(
    "value",
    [
        SkillRef("mighty-blow", "+1"),
        {"skill": "mighty-blow", "param": "+1"},
        "Mighty Blow (+1)",
    ],
)
def test_the_tag_shows_a_skills_parameter_and_its_description(value):
    html = render("{% skill s %}", s=value)

    assert ">Mighty Blow (+1)</button>" in html
    assert "Strength skill.</span> " + escape(skill_text("mighty-blow")) in html
    tip = re.search(r'aria-describedby="([^"]+)"', html)
    assert tip is not None
    assert f'role="tooltip" id="{tip.group(1)}"' in html


def test_the_tag_shows_a_trait_a_star_rule_and_a_team_rule():
    loner = render("{% skill 'loner' %}")
    star = render("{% skill 'crushing-blow' %}")
    team = render("{% skill 'badlands-brawl' %}")

    assert ">Loner</button>" in loner
    assert "Trait.</span> " + escape(skill_text("loner")) in loner
    zug = DATA.star_players["mighty-zug"]
    assert ">Crushing Blow</button>" in star
    assert "Star Player special rule, once per game.</span> " in star
    assert escape(zug.rule_text) in star
    assert ">Badlands Brawl</button>" in team
    assert escape(DATA.special_rules["badlands-brawl"].description) in team


def test_the_tag_numbers_the_descriptions_of_one_render():
    # the same ids each time, so a cached fragment equals a fresh one
    source = "{% skill 'block' %}{% skill 'block' %}{% skill 'dodge' prefix='x-' %}"

    first, again = render(source), render(source)

    ids = re.findall(r'id="(tip-[^"]+)"', first)
    assert ids == ["tip-block-1", "tip-block-2", "tip-x-dodge-3"]
    assert first == again


def test_the_tag_shows_an_unknown_skill_as_plain_escaped_text():
    assert render("{% skill s %}", s="<b>Made up</b>") == "&lt;b&gt;Made up&lt;/b&gt;"


# --- the other pages that list skills ----------------------------------------------


def test_the_team_sheet_describes_each_skill(client, eleven, bob):
    team = draft_team(eleven, bob, roster="orc", extra=[("untrained-troll", "Troll")])

    html = client.get(f"/teams/{team.pk}/").content.decode()

    assert ">Loner (4+)</button>" in html
    assert escape(skill_text("loner")) in html
    assert ">Animosity (Orc Linemen)</button>" in html
    assert escape(skill_text("animosity")) in html
    # the team's special rule too
    brawl = DATA.special_rules["badlands-brawl"]
    assert re.search(
        r'data-testid="special-rules"><span class="skill"><button type="button" '
        r'class="skill-name" aria-describedby="tip-badlands-brawl-\d+">'
        r"Badlands Brawl</button><span class=\"skill-tip\" role=\"tooltip\" "
        r'id="tip-badlands-brawl-\d+"><span class="skill-kind">Team special '
        r"rule\.</span> " + re.escape(escape(brawl.description)),
        html,
    )


def test_the_player_page_describes_the_players_skills(client, eleven, bob):
    team = draft_team(eleven, bob, roster="orc", extra=[("untrained-troll", "Troll")])
    troll = team.players.get(position="untrained-troll")

    html = client.get(f"/players/{troll.pk}/").content.decode()

    skills = html.split('data-testid="skills">')[1].split("</p>")[0]
    for ref in DATA.rosters["orc"].position("untrained-troll").skills:
        assert f">{escape(ref.label(DATA.skills))}</button>" in skills
        assert escape(skill_text(ref.skill)) in skills


def test_staff_prices_read_each_but_the_one_apothecary(client, eleven, bob):
    """A team has 0-1 apothecary (rulebook "Apothecaries"): his price is
    one price; re-rolls and other staff are priced each."""
    client.force_login(bob)

    html = client.get(f"/leagues/{eleven.pk}/draft/?roster=human").content.decode()

    apothecary = re.search(r'id="id_apothecary_helptext"[^>]*>\s*([^<]*?)\s*<', html)
    cheerleaders = re.search(
        r'id="id_cheerleaders_helptext"[^>]*>\s*([^<]*?)\s*<', html
    )
    assert apothecary is not None
    assert cheerleaders is not None
    assert apothecary.group(1) == "50,000"
    assert cheerleaders.group(1) == "10,000 each"

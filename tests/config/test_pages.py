import pytest


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "content_type"),
    [
        ("/api/", "application/json"),
        ("/api/schema/", "application/vnd.oai.openapi"),
        ("/api/docs/", "text/html"),
        ("/admin/login/", "text/html"),
        ("/accounts/login/", "text/html"),
    ],
)
def test_public_entry_points_render(client, url, content_type):
    response = client.get(url)

    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)


@pytest.mark.django_db
def test_swagger_ui_is_served_without_a_cdn(client):
    html = client.get("/api/docs/").content.decode()

    assert "cdn" not in html.lower()
    assert "/static/drf_spectacular_sidecar/" in html


@pytest.mark.django_db(transaction=True)  # post-game starts on commit
def test_demo_command_builds_the_demo_world_once(
    django_user_model, client, capsys, settings
):
    from django.core.management import call_command

    from tests.web.test_demo_pages import every_demo_page_answers

    settings.FORECAST_GAMES = 4  # the forecasts of the fixtures left, quickly

    from league.models import League, Team
    from matches.models import Season

    call_command("demo")
    first = capsys.readouterr().out
    # every page of every demo league answers (the world is built once, here)
    every_demo_page_answers(client)
    call_command("demo")
    second = capsys.readouterr().out

    admin = django_user_model.objects.get(username="admin")
    assert admin.is_superuser
    assert admin.check_password("admin")
    assert django_user_model.objects.get(username="commish").check_password("commish")
    assert sorted(League.objects.values_list("format", flat=True)) == [
        "bb2020",
        "bb2025",
        "blitz-bowl",
        "classic",
        "dungeon-bowl",
        "sevens",
    ]
    # 8 Sevens, 4 + 4 Blood Bowl (2020, 2025), 8 Dungeon Bowl, 4 classic and
    # 4 Blitz Bowl teams
    assert Team.objects.count() == 32
    assert Team.objects.filter(league__format="sevens", status="ready").count() == 8
    assert Team.objects.get(name="Khorne's Hounds").special_rule == (
        "favoured-of-khorne"
    )
    # only the Sevens league takes the Star Player Points option
    assert list(
        League.objects.filter(sevens_spp=True).values_list("name", flat=True)
    ) == ["Badlands Sevens"]
    season = Season.objects.get(name="2026 Season", league__format="sevens")
    assert season.matches.count() == 28
    assert season.matches.filter(status="complete").count() == 28
    assert "28/28 matches" in first
    assert "Standings, Badlands Sevens — 2026 Season:" in first
    # the classic league plays its season too, with D100 casualties
    cup = Season.objects.get(name="2026 Cup")
    assert cup.league.format == "classic"
    assert cup.matches.filter(status="complete").count() == 6
    assert "6/6 matches" in first
    assert "Standings, Lustria Classic Cup — 2026 Cup:" in first
    # the Blood Bowl 2025 league plays its season: the Bretonnians among its
    # four teams, 6 matches resolved by the engine
    couronne = Season.objects.get(league__format="bb2025")
    assert "bretonnian" in couronne.teams.values_list("roster", flat=True)
    assert couronne.matches.filter(status="complete", mode="resolved").count() == 6
    assert "Standings, Couronne Open — 2026 Season:" in first
    # the Dungeon Bowl league: a team of each of the eight Colleges, every
    # match played by the engine in a dungeon of its own, one touchdown at most
    dungeon = Season.objects.get(name="2026 Dungeon")
    assert dungeon.league.format == "dungeon-bowl"
    assert sorted(dungeon.teams.values_list("roster", flat=True)) == [
        "college-of-beasts",
        "college-of-death",
        "college-of-fire",
        "college-of-heavens",
        "college-of-life",
        "college-of-light",
        "college-of-metal",
        "college-of-shadows",
    ]
    played = dungeon.matches.filter(status="complete", mode="resolved")
    assert played.count() == 28
    assert all(
        m.result.home_score + m.result.away_score <= 1
        for m in played.select_related("result")
    )
    assert "Standings, Magisterium Dungeon Bowl — 2026 Dungeon:" in first
    # the Blitz Bowl league (a house format) plays its round robin too:
    # four team cards, 6 matches, the scores are points, no money moved
    blitz = Season.objects.get(name="2026 Blitz")
    assert blitz.league.format == "blitz-bowl"
    assert blitz.matches.filter(status="complete", mode="resolved").count() == 6
    assert "Standings, Blitz Bowl Open — 2026 Blitz:" in first
    assert "PF-PA" in first
    assert "drafted 'Karak Hammers' (Dwarf team card, coach bob)" in first
    from league.models import TreasuryEntry

    assert not TreasuryEntry.objects.filter(team__league=blitz.league).exists()
    # one Blood Bowl match with two Star Players, resolved once
    from matches.models import Match, MatchInducements
    from matches.pages.selectors import replay_data

    (played,) = Match.objects.filter(
        season__league__format="bb2020", status="complete", mode="resolved"
    )
    (bought,) = MatchInducements.objects.filter(match=played)
    assert [line["star_player"] for line in bought.lines] == [
        "morg-n-thorg",
        "griff-oberwald",
        None,  # the wizard
    ]
    assert Match.objects.filter(season__league__format="bb2020").count() == 6
    cast = replay_data(played)["players"].values()
    assert sorted(p["name"] for p in cast if p["position"] == "Star Player") == [
        "Griff Oberwald",
        "Morg 'n' Thorg",
    ]
    assert "Dwarf Giants hired Morg 'n' Thorg and Griff Oberwald" in first
    # ... and a Hireling Sports-Wizard, whose spell the replay shows
    assert [line["slug"] for line in bought.lines][-1] == "wizard"
    spells = [
        e["text"]
        for e in replay_data(played)["events"]
        if e["type"] in ("wizard_fireball", "wizard_zap")
    ]
    assert spells
    assert spells[0].startswith(("Wizard's Fireball (", "Wizard's Zap! ("))
    assert "hired" not in second
    # one report disputed and decided: the league asks for
    # confirmation, the away coach disputed, the commissioner let it stand
    from matches.demo import DECISION_REASON, DISPUTE_REASON
    from matches.models import MatchForecast, ReportSubmission

    (decided,) = ReportSubmission.objects.all()
    assert decided.status == "accepted"
    assert decided.dispute_reason == DISPUTE_REASON
    assert decided.decision_reason == DECISION_REASON
    assert decided.match.status == "complete"
    assert "disputed it, the commissioner let it stand" in first
    # every fixture still to play has its forecast, once
    left = Match.objects.filter(status="scheduled")
    assert left.count() == 4
    assert MatchForecast.objects.filter(match__in=left).count() == 4
    assert "forecasting 4 fixtures" in first
    assert "forecasting" not in second
    # the season's SPP were spent once: players advanced, with their dice
    from league.models import LeagueEvent, Player

    advanced = Player.objects.filter(advancements__gt=0)
    assert advanced.count() > 0
    assert all(p.gained_skills for p in advanced)
    assert LeagueEvent.objects.filter(type="advancement").count() == (
        sum(advanced.values_list("advancements", flat=True))
    )
    assert "Advancements bought" in first
    assert "Advancements bought" not in second
    assert "drafted 'Gouged Eye' (orc, coach bob)" in first
    assert "drafted" not in second
    assert "kept user 'bob'" in second
    # the demo leagues are open, and the demo coaches joined them once each
    from league.models import LeagueMembership

    assert League.objects.filter(is_open=True).count() == 6
    assert sorted(
        LeagueMembership.objects.values_list(
            "league__name", "coach__username", "status"
        )
    ) == [
        ("Badlands Sevens", "bob", "member"),
        ("Badlands Sevens", "carla", "member"),
        ("Blitz Bowl Open", "bob", "member"),
        ("Blitz Bowl Open", "carla", "member"),
        ("Couronne Open", "bob", "member"),
        ("Couronne Open", "carla", "member"),
        ("Lustria Classic Cup", "bob", "member"),
        ("Lustria Classic Cup", "carla", "member"),
        ("Magisterium Dungeon Bowl", "bob", "member"),
        ("Magisterium Dungeon Bowl", "carla", "member"),
        ("Old World Classic", "bob", "member"),
        ("Old World Classic", "carla", "member"),
    ]
    assert (
        sorted(
            LeagueEvent.objects.filter(
                type__in=["league_opened", "member_invited", "invitation_accepted"]
            ).values_list("type", flat=True)
        )
        == ["invitation_accepted"] * 12
        + ["league_opened"] * 6
        + ["member_invited"] * 12
    )
    assert "bob joined 'Badlands Sevens'" in first
    assert "joined" not in second


@pytest.mark.django_db
def test_static_files_are_served_without_debug(settings, tmp_path):
    from django.core.management import call_command
    from django.test import Client

    # the production path: collectstatic, then WhiteNoise serves the files
    settings.DEBUG = False
    settings.STATIC_ROOT = tmp_path
    call_command("collectstatic", "--noinput", verbosity=0)

    response = Client().get(
        "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui.css"
    )

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/css")

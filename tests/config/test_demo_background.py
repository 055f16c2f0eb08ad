"""``manage.py demo --background`` (what ``make demo`` runs): the server
starts as soon as the leagues exist; the seasons and the forecasts are
finished by background processes while it serves, the pages showing the
progress meanwhile."""

import socket
import subprocess
import sys
import time

import pytest
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command

from league.models import League, Player
from matches.management.commands import demo as demo_command
from matches.models import Match, MatchForecast, Season, TaskProgress
from matches.resolution import progress_bar
from matches.resolution.resolve import match_resolve
from matches.tasks import postgame_advance_task

# (league, season, matches): the seasons the background resolves
SEASONS = (
    ("Badlands Sevens", "2026 Season", 28),
    ("Lustria Classic Cup", "2026 Cup", 6),
    ("Couronne Open", "2026 Season", 6),
    ("Blitz Bowl Open", "2026 Blitz", 6),
    ("Magisterium Dungeon Bowl", "2026 Dungeon", 28),
)


def _league_page(client, name: str) -> str:
    league = League.objects.get(name=name)
    response = client.get(f"/leagues/{league.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def _bar(done: int, total: int) -> str:
    return (
        'Resolving the season: <span data-testid="progress-count">'
        f"{done} of {total}</span> matches"
    )


@pytest.mark.django_db(transaction=True)  # post-game starts on commit
def test_demo_command_in_the_background_leaves_the_seasons_to_run_while_served(
    client, capsys, settings, monkeypatch
):
    settings.FORECAST_GAMES = 4  # the forecasts of the fixtures left, quickly
    spawned: list[tuple[str, tuple[str, int]]] = []
    monkeypatch.setattr(
        demo_command, "spawn_background", lambda *part: spawned.append(part)
    )

    # when make demo's command runs
    call_command("demo", "--background", "--when-served", "127.0.0.1:8000")
    told = capsys.readouterr().out

    # then the Star Player match is played and the disputed report decided
    assert "Dwarf Giants hired Morg 'n' Thorg and Griff Oberwald" in told
    assert "disputed it, the commissioner let it stand" in told
    old_world = Season.objects.get(league__name="Old World Classic")
    assert old_world.matches.filter(status="complete").count() == 2
    # each season is scheduled, its resolution started and not played, and
    # its league page shows the progress bar
    for league, season_name, total in SEASONS:
        season = Season.objects.get(league__name=league, name=season_name)
        assert season.matches.filter(status="scheduled").count() == total
        (progress,) = TaskProgress.objects.filter(season=season, finished_at=None)
        assert (progress.kind, len(progress.match_ids)) == ("resolve_season", total)
        assert _bar(0, total) in _league_page(client, league)
        assert f"  {season} ({total} matches): its league page shows" in told
    # the forecasts are left to the background, and the season page counts them
    assert not MatchForecast.objects.exists()
    assert "  the forecasts of 4 fixtures: their season page counts them" in told
    assert "Predicted final table: 0 of 4 fixtures left have their forecast" in (
        _league_page(client, "Old World Classic")
    )
    # by two background processes that wait for the server
    assert spawned == [
        ("seasons", ("127.0.0.1", 8000)),
        ("forecasts", ("127.0.0.1", 8000)),
    ]
    # the landing league, where / leads, shows its bar
    landing = League.objects.get(name="Badlands Sevens")
    assert client.get("/")["Location"] == f"/leagues/{landing.pk}/"

    # when they have run, one after the other, after one of them had been
    # stopped between a Dungeon Bowl match and its post-game
    dungeon = Season.objects.get(name="2026 Dungeon")
    first = dungeon.matches.order_by("round", "pk").first()
    with monkeypatch.context() as stopped:
        stopped.setattr(postgame_advance_task, "delay", lambda match_id: None)
        assert match_resolve(match_id=first.pk)
    assert Match.objects.get(pk=first.pk).status == "played"
    paused: list[float] = []
    monkeypatch.setattr(progress_bar.time, "sleep", paused.append)
    with socket.create_server(("127.0.0.1", 0)) as server:
        served = f"127.0.0.1:{server.getsockname()[1]}"
        call_command("demo", "--finish", "seasons", "--when-served", served)
        call_command("demo", "--finish", "forecasts", "--when-served", served)
    finished = capsys.readouterr().out
    # the seasons' process paused after each of the 73 matches it played,
    # letting the server write in between
    assert paused == [0.2] * 73

    # then every season is complete, with no bar left on its page, the
    # landing league's first, its SPP spent
    for league, season_name, total in SEASONS:
        season = Season.objects.get(league__name=league, name=season_name)
        assert season.matches.filter(status="complete").count() == total
        assert not TaskProgress.objects.filter(season=season, finished_at=None)
        page = _league_page(client, league)
        assert "progress-bar" not in page
        assert f"{total} of {total} matches complete." in page
        assert f"demo: resolved {season} ({total} matches) in " in finished
    assert finished.index("Badlands Sevens") < finished.index("Lustria")
    assert finished.index("Blitz Bowl Open") < finished.index("Magisterium")
    assert "demo: resolved Badlands Sevens — 2026 Season (28 matches)" in finished
    assert Player.objects.filter(
        team__league__name="Badlands Sevens", advancements__gt=0
    ).exists()
    # the Dungeon Bowl match stopped half-way had its post-game once
    first.refresh_from_db()
    assert (first.status, first.postgame_step) == ("complete", "done")
    assert first.events.filter(type="postgame_winnings").count() == 1
    # every fixture still to play has its forecast
    left = Match.objects.filter(status="scheduled")
    assert left.count() == 4
    assert MatchForecast.objects.filter(match__in=left).count() == 4
    assert "demo: forecast 4 fixtures in " in finished
    old_world_page = _league_page(client, "Old World Classic")
    assert 'data-testid="prediction"' in old_world_page
    assert "prediction-waiting" not in old_world_page

    # when make demo runs again, nothing is left for the background
    spawned.clear()
    call_command("demo", "--background", "--when-served", "127.0.0.1:8000")
    again = capsys.readouterr().out
    assert spawned == []
    assert "Still to come" not in again
    assert "resolving" not in again


@pytest.mark.parametrize(
    ("when_served", "wait"),
    [(("127.0.0.1", 8001), ["--when-served", "127.0.0.1:8001"]), (None, [])],
)
def test_a_background_process_runs_this_project_in_the_terminal_s_group(
    monkeypatch, when_served, wait
):
    started = []
    monkeypatch.setattr(subprocess, "Popen", lambda *a, **kw: started.append((a, kw)))

    demo_command.spawn_background("seasons", when_served)

    # this interpreter and this project's manage.py, the same environment;
    # not a session of its own, so the Ctrl-C that stops the server stops it
    ((args, kwargs),) = started
    assert args == (
        [
            sys.executable,
            str(django_settings.BASE_DIR / "manage.py"),
            "demo",
            "--finish",
            "seasons",
            *wait,
        ],
    )
    assert kwargs == {"cwd": django_settings.BASE_DIR, "stdin": subprocess.DEVNULL}


def test_the_background_waits_for_the_server_to_answer():
    # given a server that listens
    with socket.create_server(("127.0.0.1", 0)) as server:
        address = server.getsockname()[:2]

        # then the wait is over at once
        started = time.monotonic()
        assert demo_command.wait_for_server(address, timeout=5) is True
        assert time.monotonic() - started < 2

    # and with no server there any more, it gives up after its timeout
    started = time.monotonic()
    assert demo_command.wait_for_server(address, timeout=0.5) is False
    assert 0.5 <= time.monotonic() - started < 3


@pytest.mark.parametrize(
    ("option", "error"),
    [
        (["--finish", "everything"], "invalid choice: 'everything'"),
        (["--when-served", "8000"], "'8000' is not host:port"),
        (["--when-served", "localhost:http"], "'localhost:http' is not host:port"),
        (["--when-served", "localhost:70000"], "'localhost:70000' is not host:port"),
    ],
)
def test_the_background_options_are_refused_when_malformed(option, error):
    with pytest.raises(CommandError, match=error):
        call_command("demo", *option)

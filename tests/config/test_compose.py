"""No Docker engine runs here, so the compose file is checked statically:
every command must name real modules, settings and queues."""

import importlib
import os
import re
import secrets
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
APP_SERVICES = ("web", "asgi", "worker", "forecast-worker", "beat")
WORKERS = ("worker", "forecast-worker")


def test_the_production_shape_has_its_seven_services():
    assert set(SERVICES) == {
        "web",
        "asgi",
        "worker",
        "forecast-worker",
        "beat",
        "db",
        "redis",
    }


@pytest.mark.parametrize("name", list(SERVICES))
def test_every_service_has_a_healthcheck(name):
    assert SERVICES[name]["healthcheck"]["test"]


def test_web_worker_and_beat_share_one_image_and_the_env_file():
    images = {(SERVICES[n]["build"], SERVICES[n]["image"]) for n in APP_SERVICES}
    assert images == {(".", "dugout:latest")}
    for name in APP_SERVICES:
        assert SERVICES[name]["env_file"] == ".env"
        assert (
            SERVICES[name]["environment"]["DJANGO_SETTINGS_MODULE"] == "config.settings"
        )
        importlib.import_module(SERVICES[name]["environment"]["DJANGO_SETTINGS_MODULE"])


def _words(name: str) -> list[str]:
    command = SERVICES[name]["command"]
    return shlex.split(command if isinstance(command, str) else " ".join(command))


def test_web_runs_migrations_then_gunicorn_on_the_real_wsgi_app():
    text = " ".join(_words("web"))
    assert "python manage.py migrate --noinput" in text
    target = re.search(r"gunicorn (\S+)", text).group(1)
    module, attr = target.split(":")
    assert callable(getattr(importlib.import_module(module), attr))


@pytest.mark.parametrize("name", ["worker", "forecast-worker", "beat"])
def test_celery_services_point_at_the_real_app(name):
    words = _words(name)
    assert words[:3] == ["celery", "-A", "config"]
    assert words[3] == {"worker": "worker", "forecast-worker": "worker"}.get(
        name, "beat"
    )
    from config import celery_app

    assert celery_app.main == "dugout"


def _queues(name: str) -> set[str]:
    words = _words(name)
    return set(words[words.index("--queues") + 1].split(","))


def test_the_workers_consume_every_routed_queue():
    consumed = set().union(*(_queues(name) for name in WORKERS))
    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}
    assert routed | {settings.CELERY_TASK_DEFAULT_QUEUE} <= consumed


def test_forecasts_have_a_queue_and_a_worker_of_their_own():
    # the forecast task, and only it, goes to the forecast queue
    routes = settings.CELERY_TASK_ROUTES
    assert routes["matches.tasks.match_forecast_task"] == {"queue": "forecast"}
    assert [t for t, r in routes.items() if r["queue"] == "forecast"] == [
        "matches.tasks.match_forecast_task"
    ]
    # resolves and the season driver stay on the engine queue
    assert routes["matches.tasks.match_resolve_task"] == {"queue": "engine"}
    assert routes["matches.tasks.season_resolve_task"] == {"queue": "engine"}
    # the forecast worker consumes that queue alone; the other worker never
    # takes a forecast, so a resolve never waits behind one
    assert _queues("forecast-worker") == {"forecast"}
    assert _queues("worker") == {"default", "engine"}
    # a node name of its own, which its healthcheck pings
    words = _words("forecast-worker")
    node = words[words.index("--hostname") + 1]
    assert node == "forecast@%h"
    check = " ".join(SERVICES["forecast-worker"]["healthcheck"]["test"])
    assert "--destination forecast@$HOSTNAME" in check.replace("$$", "$")


def test_the_image_copies_every_package_the_commands_import():
    dockerfile = (ROOT / "Dockerfile").read_text()
    for package in ("config", "engine", "league", "matches", "templates", "manage.py"):
        assert re.search(rf"^COPY {re.escape(package)} ", dockerfile, re.M), package


def test_env_example_lists_every_variable_the_settings_read():
    source = (ROOT / "config" / "settings.py").read_text()
    read = set(re.findall(r'env(?:str|bool|int|list|rate)\(\s*"([A-Z_]+)"', source))
    example = {
        line.split("=", 1)[0]
        for line in (ROOT / ".env.example").read_text().splitlines()
        if line and not line.startswith("#")
    }
    assert read, "the settings read no variables?"
    assert read <= example, read - example


def test_settings_refuse_to_start_without_a_secret_key_when_debug_is_off():
    env = {"PATH": "/usr/bin:/bin", "DEBUG": "False"}
    proc = subprocess.run(
        [sys.executable, "-c", "import config.settings"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode != 0
    assert "SECRET_KEY must be set" in proc.stderr


def test_the_app_services_count_throttles_in_the_shared_redis():
    from config.env import cache_from_url

    for name in APP_SERVICES:
        url = SERVICES[name]["environment"]["CACHE_URL"]
        assert url.startswith("redis://redis:6379/")
        assert cache_from_url(url)["BACKEND"].endswith("RedisCache")


# --- the production shape: DEBUG off, HTTPS behind a proxy ------------------

SECURITY_VARIABLES = {
    "DEBUG",
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
}


def _env_example() -> dict[str, str]:
    lines = (ROOT / ".env.example").read_text().splitlines()
    return dict(
        line.split("=", 1) for line in lines if line and not line.startswith("#")
    )


def _production_env() -> dict[str, str]:
    """What ``web`` runs with after the steps of docs/operations.md:
    .env.example copied to .env (env_file, and the values ``${NAME:-default}``
    reads first) with a real SECRET_KEY, under the compose file's
    environment."""
    dotenv = _env_example()
    env = dict(dotenv)
    for name, value in SERVICES["web"]["environment"].items():
        default = re.fullmatch(r"\$\{([A-Z_]+):-(.*)\}", str(value))
        env[name] = (dotenv.get(default[1]) or default[2]) if default else str(value)
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return env


def _manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_app_services_set_debug_off_and_https_by_environment():
    for name in APP_SERVICES:
        assert SECURITY_VARIABLES <= set(SERVICES[name]["environment"])
    assert _production_env()["DEBUG"] == "False"


def test_check_deploy_is_clean_in_the_production_shape():
    proc = _manage(_production_env(), "check", "--deploy", "--fail-level", "WARNING")

    assert proc.returncode == 0, proc.stderr
    assert "System check identified no issues" in proc.stdout
    assert "WARNINGS" not in proc.stderr + proc.stdout


def test_debug_off_is_secure_by_default():
    env = {"DEBUG": "False", "SECRET_KEY": secrets.token_urlsafe(50)}

    proc = _manage(env, "check", "--deploy", "--fail-level", "WARNING")

    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    "key",
    [
        "change-me-to-a-long-random-string",  # .env.example's placeholder
        "x" * 60,
        "django-insecure-" + secrets.token_urlsafe(50),
    ],
    # fixed ids: pytest-xdist workers must collect the same test names
    ids=["placeholder", "one-character", "django-insecure"],
)
def test_settings_refuse_a_weak_secret_key_when_debug_is_off(key):
    proc = _manage({"DEBUG": "False", "SECRET_KEY": key}, "check")

    assert proc.returncode != 0
    assert "SECRET_KEY must be a long random string" in proc.stderr

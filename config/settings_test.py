"""Test settings: the real settings, made quick and deterministic."""

import os
import re

os.environ.setdefault("DEBUG", "True")
# pytest-xdist worker gwN has its own test database (pytest-django) and gets
# its own Redis database (the given one + N): the real Celery workers its
# tests start never take another xdist worker's tasks.
_n = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
# The cache too: each test flushes it (tests/conftest.py _empty_cache).
for _var in ("CELERY_BROKER_URL", "CACHE_URL"):
    _redis = re.fullmatch(r"(redis://[^/]*)/?(\d*)", os.environ.get(_var, ""))
    if _n and _redis:
        os.environ[_var] = f"{_redis[1]}/{(int(_redis[2] or 0) + _n) % 16}"

from config.settings import *  # noqa: E402,F403

if DATABASES["default"]["ENGINE"].endswith("postgresql"):  # noqa: F405
    # A test database need not survive a crash: a commit (transactional
    # tests, the live server's and the Celery workers' writes seen by the
    # test) does not wait for the disk, which a busy machine makes slow.
    _options = DATABASES["default"].setdefault("OPTIONS", {})  # noqa: F405
    _options["options"] = " ".join(
        filter(None, [_options.get("options"), "-c synchronous_commit=off"])
    )

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# One process shares its memory cache (or Redis, with CACHE_URL): cache pages.
PAGE_CACHE = True
# In-process tests run tasks eagerly; the worker tests start a real worker.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
# No collectstatic in tests: WhiteNoise looks files up per request.
WHITENOISE_AUTOREFRESH = True
# Throttles stay out of the way; the throttle tests lower them.
rates = REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]  # noqa: F405
rates.update(dict.fromkeys(rates, "100000/min"))
LOGIN_FAILURES_MAX = 100_000
# Sign-ups, reset mails and logins too; tests/league/accounts lowers them.
ACCOUNT_RATE_LIMITS = {  # noqa: F405
    **ACCOUNT_RATE_LIMITS,  # noqa: F405
    **dict.fromkeys(
        ("signup", "reset_password", "reset_password_from_key", "login"),
        "100000/m/ip",
    ),
}

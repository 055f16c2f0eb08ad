"""Test settings: the real settings, made quick and deterministic."""

import os
import re

os.environ.setdefault("DEBUG", "True")
# pytest-xdist worker gwN has its own test database (pytest-django) and gets
# its own Redis database (the given one + N): the real Celery workers its
# tests start never take another xdist worker's tasks.
_n = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
_redis = re.fullmatch(
    r"(redis://[^/]*)/?(\d*)", os.environ.get("CELERY_BROKER_URL", "")
)
if _n and _redis:
    os.environ["CELERY_BROKER_URL"] = f"{_redis[1]}/{(int(_redis[2] or 0) + _n) % 16}"

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# In-process tests run tasks eagerly; the worker tests start a real worker.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
# Tests never run collectstatic: let WhiteNoise look files up per request
# instead of warning, at every start, that staticfiles/ does not exist.
WHITENOISE_AUTOREFRESH = True
# Throttles stay out of the way; the throttle tests lower them.
rates = REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]  # noqa: F405
rates.update(dict.fromkeys(rates, "100000/min"))
LOGIN_FAILURES_MAX = 100_000

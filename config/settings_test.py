"""Test settings: the real settings, made quick and deterministic."""

import os

os.environ.setdefault("DEBUG", "True")

from config.settings import *  # noqa: E402,F403

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

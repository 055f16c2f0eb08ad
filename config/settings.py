"""Dugout settings: one module, every deployment difference from the environment.

Without ``DATABASE_URL`` the project runs on SQLite in the project folder;
without ``CELERY_BROKER_URL`` Celery tasks run eagerly in-process. Together
these are the *embedded default* that ``make demo`` uses on a fresh machine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.utils.csp import CSP

from config.env import (
    ImproperEnv,
    cache_from_url,
    check_secret_key,
    database_from_url,
    envbool,
    envint,
    envlist,
    envrate,
    envstr,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = envbool("DEBUG", False)
SECRET_KEY = envstr("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperEnv("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"  # noqa: S105
elif not DEBUG:
    check_secret_key(SECRET_KEY)

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # First: its runserver serves ASGI, so the demo's live matches get their
    # websockets (config/asgi.py) from `manage.py runserver` too.
    "daphne",
    "config.apps.DugoutAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "league",
    "matches",
    "matches.live",
]

MIDDLEWARE = [
    # Outermost: every response, a redirect or an early refusal included.
    "config.middleware.PermissionsPolicyMiddleware",
    "config.middleware.ApiJsonErrorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # Serves /static/ from the app itself (gunicorn serves no files).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything reads the query, a cookie or a token from the database.
    "config.middleware.RefuseNulMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Dates in the viewer's time zone (their preference, else their browser's).
    "league.preferences.middleware.TimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                # what waits for the person, and their unread notifications
                "matches.home.context.navigation",
            ],
        },
    },
]

DATABASES = {
    "default": database_from_url(
        envstr("DATABASE_URL", "sqlite:///db.sqlite3"), base_dir=BASE_DIR
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Throttle counters live in the cache. The default is per process: with
# several gunicorn workers, CACHE_URL=redis://… keeps one count for all.
CACHES = {"default": cache_from_url(envstr("CACHE_URL"))}
# Team sheets, standings and page fragments are cached per league generation
# (league/page_cache.py). Writes move the generation on in the cache the
# writer sees, so the cache must be one for every process: on by default
# only with a shared cache (CACHE_URL=redis://…). Decision: a per-process
# memory cache would serve one gunicorn worker's stale pages after another
# worker (or a Celery worker) wrote.
PAGE_CACHE = envbool("PAGE_CACHE", bool(envstr("CACHE_URL")))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
# Failed logins per address and username before the login pages answer 429
# (config/throttling.py), and the window they are counted in, in seconds.
LOGIN_FAILURES_MAX = envint("LOGIN_FAILURES_MAX", 10)
LOGIN_FAILURES_WINDOW = envint("LOGIN_FAILURES_WINDOW", 900)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": envstr("LOG_LEVEL", "INFO")},
    # One line per task is noise in eager mode (the demo) and in workers.
    "loggers": {"celery.app.trace": {"level": "WARNING"}},
}

# --- HTTPS and browser protections ------------------------------------------
# Production sits behind a TLS-terminating proxy. Each setting comes from the
# environment; unset, it is on when DEBUG is off (the demo and the tests run
# with DEBUG on, over plain HTTP).
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", not DEBUG)
# The container's healthcheck asks for /healthz over plain HTTP from inside.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# The proxy's header that names the client's scheme, e.g. X-Forwarded-Proto.
# Set it only behind a proxy that sets it (and drops a client's own): without
# it, a redirect to HTTPS behind the proxy would loop.
_proxy_header = envstr("SECURE_PROXY_SSL_HEADER")
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_" + _proxy_header.upper().replace("-", "_"), "https")
    if _proxy_header
    else None
)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", not DEBUG)
# Asking browsers to preload HTTPS-only for the whole domain is the domain
# owner's decision (SECURE_HSTS_PRELOAD=True), not a default to warn about.
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]

# Scripts and styles come only from the site's own static files; the one
# inline script and style left (Swagger UI's start-up, in
# templates/drf_spectacular/) carry the request's nonce.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Browser features the site never uses, off for it and for anything it
# embeds (the Permissions-Policy header, config/middleware.py).
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "encrypted-media",
        "fullscreen",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "picture-in-picture",
        "publickey-credentials-get",
        "screen-wake-lock",
        "usb",
        "xr-spatial-tracking",
    )
}

# --- REST API -------------------------------------------------------------
REST_FRAMEWORK: dict[str, Any] = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # personal tokens (league/tokens) and the admin's DRF tokens
        "league.tokens.auth.ApiTokenAuthentication",
        # DRF's session authentication; a missing CSRF token is csrf_failed
        "config.api_auth.CsrfCodedSessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticatedOrReadOnly",
    ],
    # Every answer under /api/ is JSON (the browsable docs are /api/docs/).
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # ?format= naming another format is a 406 on "format", not a bare 404
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "config.api_negotiation.ApiContentNegotiation",
    # Bodies are JSON only: a form cannot carry the nested lists the inputs
    # take (a draft's players), and the schema promised form bodies too.
    "DEFAULT_PARSER_CLASSES": ["config.api_parsers.StrictJSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["league.api.filters.ApiFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "config.api_schema.ApiAutoSchema",
    "DEFAULT_PAGINATION_CLASS": "config.api_pagination.CappedLimitOffsetPagination",
    "PAGE_SIZE": 50,
    # Writes only; reads are not limited (config/throttling.py).
    "DEFAULT_THROTTLE_CLASSES": [
        "config.throttling.UserWriteThrottle",
        "config.throttling.AnonWriteThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "write_user": envrate("API_WRITE_RATE_USER", "120/min"),
        "write_anon": envrate("API_WRITE_RATE_ANON", "20/min"),
    },
    # Proxies in front that append to X-Forwarded-For: 0 trusts only the
    # connection's address, which a client cannot forge.
    "NUM_PROXIES": envint("NUM_PROXIES", 0),
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Dugout API",
    "DESCRIPTION": "Rosters, teams, leagues and match results for Blood Bowl "
    "leagues. Reads are open; writes need your session or a personal token "
    "(`Authorization: Token <key>`), which you make on "
    "[your API tokens page](/accounts/tokens/).",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI served from our own static files: no CDN needed.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # No badge from validator.swagger.io: nothing leaves the site.
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    # Choice sets that share a field's name ("kind", "mode", "status"): name
    # them apart.
    "ENUM_NAME_OVERRIDES": {
        "WebhookKindEnum": "matches.models.webhooks.LeagueWebhook.Kind",
        "MatchModeEnum": "matches.models.Match.Mode",
        "MatchStatusEnum": "matches.models.Match.Status",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.api_schema.add_links",
    ],
}

# --- Live play (Django Channels) -------------------------------------------
# The ASGI server (daphne, see docker-compose.yml) serves the pages and the
# live matches' websockets. CHANNEL_LAYER_URL (redis://...) shares the live
# pushes between server processes; without it an in-memory layer serves one
# process (the demo, the tests).
ASGI_APPLICATION = "config.asgi.application"
CHANNEL_LAYER_URL = envstr("CHANNEL_LAYER_URL")
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [CHANNEL_LAYER_URL]},
    }
    if CHANNEL_LAYER_URL
    else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
}

# --- Celery ---------------------------------------------------------------
# No broker configured means the embedded default: tasks run eagerly,
# in-process, inside the request that schedules them.
CELERY_BROKER_URL = envstr("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
if not CELERY_BROKER_URL:
    CELERY_BROKER_URL = "memory://"
CELERY_RESULT_BACKEND = envstr(
    "CELERY_RESULT_BACKEND",
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else "cache+memory://",
)
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
# Every task is idempotent, so a task is acknowledged after it ran, and a
# pool child that dies while running one (OOM killer, SIGKILL) has its
# message put back in the queue at once by the worker's main process
# instead of acknowledged as failed. (A task that kills its child every
# time would loop; ours are plain Python and database work.)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A worker keeps its database connection between tasks (Celery's default
# opens a new one for every task): config/celery.py closes it when it is
# broken or older than CONN_MAX_AGE, as Django does between requests.
CELERY_DB_REUSE_MAX = 1_000_000
CELERY_TASK_SOFT_TIME_LIMIT = envint("CELERY_TASK_SOFT_TIME_LIMIT", 240)
CELERY_TASK_TIME_LIMIT = envint("CELERY_TASK_TIME_LIMIT", 300)
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_DEFAULT_QUEUE = "default"
# Engine work (resolving matches) is CPU-bound and long: it gets its own queue
# so a busy season resolution never delays the short post-game steps.
# Forecasts play the engine too, 60 games a fixture, and beat queues dozens
# at once: on the engine queue a resolve would wait behind all of them (a
# queue is first in, first out), so they have a queue of their own, which
# its own worker consumes (docker-compose.yml, forecast-worker).
CELERY_TASK_ROUTES = {
    "matches.tasks.match_resolve_task": {"queue": "engine"},
    "matches.tasks.season_resolve_task": {"queue": "engine"},
    "matches.tasks.match_forecast_task": {"queue": "forecast"},
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Redis hands a task that a dead worker had taken (and, with late acks, not
# acknowledged) to another worker only after the visibility timeout. It must
# exceed the hard time limit, or a task still running would be handed out a
# second time: a message can wait up to one limit for a pool slot, then run
# up to another, hence twice the limit by default (10 minutes, not Redis's
# hour). Live workers look for such messages every 10 s
# (unacked_restore_interval, every call scanning: throttle 1). Faster
# recovery comes from elsewhere: see matches/tasks.py (a starting worker
# sweeps) and the beat schedule below.
visibility_timeout = envint("CELERY_VISIBILITY_TIMEOUT", 2 * CELERY_TASK_TIME_LIMIT)
if visibility_timeout <= CELERY_TASK_TIME_LIMIT:
    raise ImproperEnv(
        f"CELERY_VISIBILITY_TIMEOUT ({visibility_timeout}) must exceed "
        f"CELERY_TASK_TIME_LIMIT ({CELERY_TASK_TIME_LIMIT})"
    )
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": visibility_timeout,
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
}
# A worker that starts queues one sweep of all unfinished work (off: only
# beat's sweep and the visibility timeout bring back a dead worker's work).
WORKER_STARTUP_SWEEP = envbool("WORKER_STARTUP_SWEEP", True)
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "sweep-stuck-matches": {
        "task": "matches.tasks.matches_sweep_task",
        "schedule": 60.0,
    },
    "reports-past-deadline": {
        "task": "matches.tasks.reports_deadline_task",
        "schedule": 300.0,
    },
    "deadlines-near": {
        "task": "matches.tasks.deadlines_remind_task",
        "schedule": 900.0,
    },
    "refresh-forecasts": {
        "task": "matches.tasks.forecasts_sweep_task",
        "schedule": 300.0,
    },
    "sweep-webhook-deliveries": {
        "task": "matches.tasks.webhooks_sweep_task",
        "schedule": 60.0,
    },
    # A live match's turn clock ends the turn even when no page is open
    # (a turn lasts minutes: ending it up to 10 s late is within the clock).
    "live-turn-clocks": {
        "task": "matches.tasks.live_clocks_sweep_task",
        "schedule": 10.0,
    },
}

# Outgoing webhooks (matches/webhooks/services.py): the address pages are
# linked at in what they send, the time allowed per request, how often a
# failing receiver is tried (after BASE, 3 x BASE, 9 x BASE ... seconds) and
# whether loopback/private addresses may receive (a local receiver while
# developing; never in production, where it would let a commissioner reach
# the machine's own services).
# Games the engine plays to forecast one fixture (matches/forecasts/services.py).
FORECAST_GAMES = envint("FORECAST_GAMES", 60)
# Fixtures beat's sweep queues for a forecast at most, every five minutes.
FORECAST_SWEEP_MAX = envint("FORECAST_SWEEP_MAX", 40)
SITE_URL = envstr("SITE_URL", "http://localhost:8000").rstrip("/")
WEBHOOK_TIMEOUT = envint("WEBHOOK_TIMEOUT", 5)
WEBHOOK_MAX_ATTEMPTS = envint("WEBHOOK_MAX_ATTEMPTS", 6)
WEBHOOK_RETRY_BASE = envint("WEBHOOK_RETRY_BASE", 10)
WEBHOOK_ALLOW_PRIVATE = envbool("WEBHOOK_ALLOW_PRIVATE", DEBUG)

# --- Accounts: sign-up, e-mail, password reset, Discord (django-allauth) -----
# Everyone logs in by username or e-mail address; a new account gives both,
# and its address is verified by a link in a mail. Decision: verification
# is not needed to log in (accounts made by an administrator, the demo's
# among them, have no address to verify), only to create a league or join
# one (league/accounts/verification.py).
INSTALLED_APPS += [
    "allauth",
    "allauth.account",
    "allauth.socialaccount",
    "allauth.socialaccount.providers.discord",
]
MIDDLEWARE += ["allauth.account.middleware.AccountMiddleware"]
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_ADAPTER = "league.accounts.adapter.AccountAdapter"
SOCIALACCOUNT_ADAPTER = "league.accounts.adapter.SocialAccountAdapter"
ACCOUNT_FORMS = {
    "login": "league.accounts.forms.LoginForm",
    "signup": "league.accounts.forms.SignupForm",
}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
# Account mails' subjects: "[Dugout] <what>", built by the adapter as every
# mail's subject (league/mail.py), not from a prefix setting.
ACCOUNT_DEFAULT_HTTP_PROTOCOL = SITE_URL.split(":", 1)[0]
ACCOUNT_SIGNUP_OPEN = envbool("ACCOUNT_SIGNUP_OPEN", True)
# Sign-ups and password-reset mails per client address (and reset mails per
# address asked for), beyond which the pages answer 429. Failed logins are
# counted by config/throttling.py (LOGIN_FAILURES_*), not by allauth.
SIGNUP_RATE = envrate("SIGNUP_RATE", "10/hour")
PASSWORD_RESET_RATE = envrate("PASSWORD_RESET_RATE", "10/hour")


def _allauth_rate(rate: str, per: str) -> str:
    """``10/hour`` (DRF's notation) as allauth's ``10/h/ip``."""
    amount, unit = rate.split("/")
    return f"{amount}/{'m' if unit.startswith('min') else unit[0]}/{per}"


ACCOUNT_RATE_LIMITS = {
    "signup": _allauth_rate(SIGNUP_RATE, "ip"),
    "reset_password": ",".join(
        (_allauth_rate(PASSWORD_RESET_RATE, "ip"), _allauth_rate("3/hour", "key"))
    ),
    "reset_password_from_key": _allauth_rate(PASSWORD_RESET_RATE, "ip"),
    "login_failed": None,
}
# A person who logs in with Discord gets an account (or, with the same
# verified address, their own); offered only when DISCORD_CLIENT_ID is set.
SOCIALACCOUNT_EMAIL_REQUIRED = True
SOCIALACCOUNT_EMAIL_AUTHENTICATION = True
SOCIALACCOUNT_EMAIL_AUTHENTICATION_AUTO_CONNECT = True
SOCIALACCOUNT_AUTO_SIGNUP = True
SOCIALACCOUNT_LOGIN_ON_GET = False
SOCIALACCOUNT_PROVIDERS: dict[str, dict[str, Any]] = {}
if envstr("DISCORD_CLIENT_ID"):
    SOCIALACCOUNT_PROVIDERS["discord"] = {
        "APPS": [
            {
                "client_id": envstr("DISCORD_CLIENT_ID"),
                "secret": envstr("DISCORD_CLIENT_SECRET"),
            }
        ]
    }

# Mail (sign-up verification, password reset, invitations, notifications)
# goes to the SMTP server EMAIL_HOST (localhost, port 25, no TLS by
# default); the demo's (DEBUG on and no EMAIL_HOST) is printed on the
# console. EMAIL_BACKEND names another backend outright.
_email_host = envstr("EMAIL_HOST")
_smtp_backend = "django.core.mail.backends.smtp.EmailBackend"
_email_backend = envstr(
    "EMAIL_BACKEND",
    _smtp_backend
    if _email_host or not DEBUG
    else "django.core.mail.backends.console.EmailBackend",
)
MAILERS = {
    "default": {
        "BACKEND": _email_backend,
        "OPTIONS": {
            "host": _email_host or "localhost",
            "port": envint("EMAIL_PORT", 25),
            "username": envstr("EMAIL_HOST_USER"),
            "password": envstr("EMAIL_HOST_PASSWORD"),
            "use_tls": envbool("EMAIL_USE_TLS", False),
            "timeout": envint("EMAIL_TIMEOUT", 10),
        }
        if _email_backend == _smtp_backend
        else {},
    }
}
DEFAULT_FROM_EMAIL = envstr("DEFAULT_FROM_EMAIL", "Dugout <dugout@localhost>")

"""The test settings for the ASGI server of the browser tests
(tests/web/asgi_server.py): no persistent database connections. Under ASGI
each request's synchronous part runs in a thread of its own, and a
connection kept for reuse stays open with its thread until collected: the
server held a connection per recent request, on a PostgreSQL the machine's
test runs share."""

from config.settings_test import *  # noqa: F403

DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405

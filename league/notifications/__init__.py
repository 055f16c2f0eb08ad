"""Notifications: what happened that a person should know or act on (a
report waiting for them, an invitation, a season scheduled, a deadline
near...), listed on the site and sent by e-mail, each kind switchable off
per person (``league.preferences``).

They are created by the services that make the event happen, inside their
transaction (never by signals); the e-mail goes out from a Celery task once
that transaction commits, and a notification is mailed at most once."""

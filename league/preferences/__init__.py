"""A person's preferences: the time zone dates and deadlines are shown in,
and which notifications they want on the site and by e-mail."""

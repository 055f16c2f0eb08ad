"""A person's home page (``/me/``, and ``/`` once signed in): what waits
for them, what they may do when ready, their next fixtures, their recent
results and each of their teams with where it stands; and the count of
waiting items in the navigation. It reads leagues and matches, so it lives
in the matches app (the league app never imports this one)."""

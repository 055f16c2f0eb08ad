"""iCalendar feeds of a league's and a team's fixtures."""

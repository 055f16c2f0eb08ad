"""Before the kick-off: inducements, freezing both rosters, and the reads of the pre-match page."""

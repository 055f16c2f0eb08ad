"""Seasons: creating and scheduling them, standings, the season loop's reads, round dates and the end of a season."""

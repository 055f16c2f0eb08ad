"""The shape of the standings answer (``GET /api/seasons/{id}/standings/``,
built as a plain dict in :mod:`matches.api.seasons`; documentation only)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

Int, Str = serializers.IntegerField, serializers.CharField


class StandingsRowOutputSerializer(serializers.Serializer[Any]):
    position = Int()
    team = Int()
    team_name = Str(allow_null=True)
    played = Int()
    won = Int()
    drawn = Int()
    lost = Int()
    td_for = Int()
    td_against = Int()
    td_diff = Int()
    cas_for = Int()
    cas_against = Int()
    cas_diff = Int()
    points = Int()
    bonus_points = Int(
        help_text="bonus League points, included in points: the casualty "
        "bonus (Dungeon Bowl: +1 for 3 or more SPP casualties in a game) and, "
        "in a league that awards them, the rulebook's optional bonus points "
        "(+1 for 3 or more touchdowns, +1 for conceding none, +1 for 3 or "
        "more SPP casualties)"
    )
    unplayed = Int(
        help_text="fixtures recorded unplayed, counted in played: a loss "
        "each, or a 1-0 win where the other team conceded"
    )
    docked = Int(
        help_text="League points the commissioner docked (no-shows: 3 a time), "
        "taken off points"
    )
    tiebreaks = serializers.ListField(child=Str())


class StandingsOutputSerializer(serializers.Serializer[Any]):
    season = Int()
    tiebreakers = serializers.ListField(child=Str(), allow_null=True)
    score_name = Str(help_text="what td_for/td_against count: touchdowns or points")
    rows = StandingsRowOutputSerializer(many=True)
    divisions = serializers.DictField(
        child=StandingsRowOutputSerializer(many=True),
        required=False,
        help_text="each division's own table, when the season has divisions",
    )

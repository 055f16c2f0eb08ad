"""Input and output shapes of the league API. Inputs check types and ranges
only; the rules live in the services."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from engine.drafting import PURCHASE_ITEMS
from engine.rules_data import rules_data
from league.models import (
    FORMAT_CHOICES,
    TIEBREAKERS,
    League,
    Player,
    Team,
    TreasuryEntry,
)
from league.selectors import team_roster_players, team_value_get


class LeagueInputSerializer(serializers.Serializer[dict[str, Any]]):
    name = serializers.CharField(max_length=100)
    format = serializers.ChoiceField(choices=FORMAT_CHOICES)
    points_win = serializers.IntegerField(min_value=0, max_value=10, default=3)
    points_draw = serializers.IntegerField(min_value=0, max_value=10, default=1)
    points_loss = serializers.IntegerField(min_value=0, max_value=10, default=0)
    tiebreakers = serializers.ListField(
        child=serializers.ChoiceField(choices=TIEBREAKERS),
        required=False,
        max_length=len(TIEBREAKERS),
    )
    casualty_table = serializers.ChoiceField(
        choices=League.CasualtyTable.choices, default=League.CasualtyTable.BB2020
    )
    sevens_spp = serializers.BooleanField(default=False)


class LeagueOutputSerializer(serializers.ModelSerializer[League]):
    commissioner = serializers.CharField(source="commissioner.username")

    class Meta:
        model = League
        fields = [
            "id",
            "name",
            "format",
            "rules_version",
            "commissioner",
            "points_win",
            "points_draw",
            "points_loss",
            "tiebreakers",
            "casualty_table",
            "sevens_spp",
            "is_open",
        ]


class DraftPlayerSerializer(serializers.Serializer[dict[str, Any]]):
    position = serializers.CharField(max_length=60)
    name = serializers.CharField(max_length=100)


class TeamDraftInputSerializer(serializers.Serializer[dict[str, Any]]):
    league = serializers.PrimaryKeyRelatedField(queryset=League.objects.all())
    name = serializers.CharField(max_length=100)
    roster = serializers.CharField(max_length=40)
    players = DraftPlayerSerializer(many=True, max_length=40)
    rerolls = serializers.IntegerField(min_value=0, max_value=99, default=0)
    assistant_coaches = serializers.IntegerField(min_value=0, max_value=99, default=0)
    cheerleaders = serializers.IntegerField(min_value=0, max_value=99, default=0)
    apothecary = serializers.BooleanField(default=False)
    dedicated_fans = serializers.IntegerField(min_value=0, max_value=99, default=1)


class HireInputSerializer(serializers.Serializer[dict[str, Any]]):
    position = serializers.CharField(max_length=60)
    name = serializers.CharField(max_length=100)


class PurchaseInputSerializer(serializers.Serializer[dict[str, Any]]):
    item = serializers.ChoiceField(choices=[*PURCHASE_ITEMS, "dedicated_fans"])
    quantity = serializers.IntegerField(min_value=1, max_value=99, default=1)


class PlayerOutputSerializer(serializers.ModelSerializer[Player]):
    skills = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = [
            "id",
            "number",
            "name",
            "position",
            "ma",
            "st",
            "ag",
            "pa",
            "av",
            "skills",
            "spp",
            "value",
            "miss_next_game",
            "niggling_injuries",
            "reductions",
            "journeyman",
            "status",
        ]

    def get_skills(self, player: Player) -> list[dict[str, Any]]:
        roster = rules_data(player.team.league.rules_version).rosters[
            player.team.roster
        ]
        starting = [
            {"skill": s.skill, "param": s.param, "gained": False}
            for s in roster.position(player.position).skills
        ]
        gained = [
            {"skill": s["skill"], "param": s.get("param"), "gained": True}
            for s in player.gained_skills
        ]
        return starting + gained


class TeamOutputSerializer(serializers.ModelSerializer[Team]):
    coach = serializers.CharField(source="coach.username")
    league_name = serializers.CharField(source="league.name")
    tv = serializers.SerializerMethodField()
    ctv = serializers.SerializerMethodField()
    players = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = [
            "id",
            "league",
            "league_name",
            "coach",
            "name",
            "roster",
            "status",
            "rerolls",
            "assistant_coaches",
            "cheerleaders",
            "apothecary",
            "dedicated_fans",
            "treasury",
            "tv",
            "ctv",
            "players",
        ]

    def get_tv(self, team: Team) -> int:
        return team_value_get(team).tv

    def get_ctv(self, team: Team) -> int:
        return team_value_get(team).ctv

    def get_players(self, team: Team) -> list[dict[str, Any]]:
        players = team_roster_players(team)
        for player in players:
            player.team = team  # already loaded: no query per player
        return list(PlayerOutputSerializer(players, many=True).data)


class LedgerEntryOutputSerializer(serializers.ModelSerializer[TreasuryEntry]):
    created_by = serializers.CharField(source="created_by.username", default=None)

    class Meta:
        model = TreasuryEntry
        fields = [
            "id",
            "amount",
            "reason",
            "note",
            "balance_after",
            "created_by",
            "created_at",
        ]

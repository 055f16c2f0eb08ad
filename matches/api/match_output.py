"""What the API says of a match: its result, and for one match its box
score (every player of the match with what he did, the players hired for it
included: matches/pages/match_cast.py)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from league.rules import settings_rules
from matches.models import Match, MatchResult
from matches.pages.selectors import match_view
from matches.seasons.selectors import match_card_game


class ResultOutputSerializer(serializers.ModelSerializer[MatchResult]):
    winner = serializers.SerializerMethodField(
        help_text="The winning team's id (null for a draw): a concession "
        "loses, a level playoff is won on sudden death. Null too for an "
        "unplayed fixture nobody conceded (both_lost)."
    )
    both_lost = serializers.BooleanField(
        read_only=True,
        help_text="mode unplayed and nobody conceded: the fixture was not "
        "played and counts as a loss for both teams (a 0-0 that is no draw). "
        "An unplayed fixture one team conceded is a 1-0 win for the other "
        "(one touchdown: 4-0 in Blitz Bowl, whose scores are points).",
    )
    card_game = serializers.SerializerMethodField(
        help_text="Blitz Bowl only (else null): cards, points, touchdowns, "
        "cards_claimed [{card, challenge, points}], clean_sweeps, winner, how"
    )

    class Meta:
        model = MatchResult
        extra_kwargs = {
            side: {
                "allow_null": True,
                "help_text": "null: the format's games have no Fan Factor "
                "(GET /api/formats/ match_fields)",
            }
            for side in ("home_fan_factor", "away_fan_factor")
        } | {
            "hired_casualties": {
                "help_text": "The casualties suffered by players hired for the "
                "match (Star Players, mercenaries): [{team_id (the team that "
                "hired him), player_id (his engine id in a resolved match, "
                "else null), star_player (his slug in a recorded match, else "
                "null), inflicted_by, spp (a resolved match: the engine "
                "credited inflicted_by with it)}]. Nothing is applied to them "
                "after the game, but home_casualties and away_casualties count "
                "them."
            },
            "casualties": {
                "help_text": "The rostered players' casualties with their "
                "dice: [{player_id, team_id, inflicted_by (the opposition "
                "player who caused it, whatever the action), table, "
                "casualty_roll, lasting_roll, result, regenerated, "
                "apothecary_used, spp (a resolved match: the engine credited "
                "inflicted_by with it, a Block's casualty, not a Foul's)}]."
            },
            **{
                side: {
                    "help_text": "The casualties the team caused: every "
                    "casualty the other team's players suffered, those in "
                    "casualties and in hired_casualties."
                }
                for side in ("home_casualties", "away_casualties")
            },
        }
        fields = [
            "mode",
            "home_score",
            "away_score",
            "home_fan_factor",
            "away_fan_factor",
            "conceded_by",
            "player_stats",
            "casualties",
            "hired_casualties",
            "home_casualties",
            "away_casualties",
            "winner",
            "both_lost",
            "extra_time",
            "sudden_death",
            "card_game",
        ]

    def get_card_game(self, result: MatchResult) -> dict[str, Any] | None:
        return match_card_game(result)

    def to_representation(self, instance: MatchResult) -> dict[str, Any]:
        """The Fan Factors are null where the format's games have none (its
        ``match_fields``: Dungeon Bowl, Blitz Bowl), as a team's missing
        fields are."""
        data = dict(super().to_representation(instance))
        settings = instance.match.season.settings
        if "fan_factor" not in settings_rules(settings).variant.match_fields:
            data["home_fan_factor"] = data["away_fan_factor"] = None
        return data

    def get_winner(self, result: MatchResult) -> int | None:
        match = result.match
        side = result.winner_side(match.home_id)
        return {"home": match.home_id, "away": match.away_id}.get(side or "")


class MatchOutputSerializer(serializers.ModelSerializer[Match]):
    home_name = serializers.CharField(source="home.name")
    away_name = serializers.CharField(source="away.name")
    result = serializers.SerializerMethodField()
    seed = serializers.SerializerMethodField(
        help_text="The seed of the match's dice, once its post-game is done "
        "(null before: it rolls the match and its post-game)"
    )

    class Meta:
        model = Match
        extra_kwargs = {
            "third_place": {
                "help_text": "The playoff match between the semi-finals' two "
                "losers for 3rd place, in the final's round (not the final); "
                "false for every other match"
            }
        }
        fields = [
            "id",
            "season",
            "stage",
            "round",
            "third_place",
            "home",
            "home_name",
            "away",
            "away_name",
            "status",
            "mode",
            "postponed",
            "postgame_step",
            "seed",
            "result",
        ]

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_seed(self, match: Match) -> int | None:
        """Decision: the seed is the match's dice (the engine's game, the
        casualties the report leaves to the server, every post-game roll),
        so it is shown only once nothing is left to roll: a coach who read
        it earlier could play the match out with each roster he might field,
        or spend his treasury before an Expensive Mistakes roll he foresaw."""
        if match.postgame_step != Match.PostgameStep.DONE:
            return None
        return match.seed

    def get_result(self, match: Match) -> dict[str, Any] | None:
        result = getattr(match, "result", None)
        return dict(ResultOutputSerializer(result).data) if result is not None else None


class BoxLineOutputSerializer(serializers.Serializer[Any]):
    """One player's line of a match's box score, as the match page shows it."""

    player_id = serializers.IntegerField(
        help_text="the Player's id; a player hired for this match alone (a Star "
        "Player, a mercenary) has the engine's id (2**40 and up) and no Player"
    )
    team = serializers.IntegerField(help_text="the id of the team he played for")
    number = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.CharField(help_text='"Star Player" for a Star Player')
    hired = serializers.BooleanField(
        help_text="hired for this match alone (Star Player, mercenary): earns "
        "no Star Player Points and cannot be MVP"
    )
    star_player = serializers.CharField(
        help_text="a Star Player's slug (GET /api/star-players/), else empty"
    )
    played = serializers.BooleanField(
        help_text="available at kick-off (false: injured or missing the game)"
    )
    touchdowns = serializers.IntegerField()
    completions = serializers.IntegerField(allow_null=True)
    interceptions = serializers.IntegerField(allow_null=True)
    deflections = serializers.IntegerField(allow_null=True)
    casualties_inflicted = serializers.IntegerField(allow_null=True)
    successful_landings = serializers.IntegerField(
        allow_null=True,
        help_text="Throwing Completions: his superb Throw Team-mate actions "
        "whose team-mate landed safely (BB2025: and his own safe landings "
        "after any throw)",
    )
    mvp = serializers.BooleanField(
        allow_null=True, help_text="null where the format has no progression"
    )
    spp = serializers.IntegerField(
        allow_null=True,
        help_text="Star Player Points the post-game paid (null where the "
        "format has no progression)",
    )
    casualty = serializers.CharField(help_text="the casualty he suffered, if any")


def box_score_lines(match: Match) -> list[dict[str, Any]]:
    """The match page's box score (home team first) as plain data. What the
    format does not have is null, not 0, as a team's missing fields are: a
    statistic its matches do not record of a player (the variant's
    ``player_stats``: Blitz Bowl records only the touchdowns), and the MVP
    and SPP of a format without progression."""
    view = match_view(match)
    team_of = {"home": match.home_id, "away": match.away_id}
    variant = settings_rules(match.season.settings).variant
    progression = variant.tracks_progression

    def stats(line: Any) -> dict[str, int | None]:
        return {
            k: (v if k in variant.player_stats else None) for k, v in line.stats.items()
        }

    return [
        {
            "player_id": line.player.id,
            "team": team_of[side],
            "number": line.player.number,
            "name": line.player.name,
            "position": line.player.position,
            "hired": not line.player.rostered,
            "star_player": line.player.star,
            "played": line.player.available,
            **stats(line),
            "mvp": line.mvp if progression else None,
            "spp": line.spp if progression else None,
            "casualty": line.casualty,
        }
        for side, lines in view.box.items()
        for line in lines
    ]


class MatchDetailOutputSerializer(MatchOutputSerializer):
    box_score = serializers.SerializerMethodField(
        help_text="Every player of the match with what he did, the players "
        "hired for it included (empty before kick-off). result.player_stats "
        "holds only the lines that earn Star Player Points."
    )

    class Meta(MatchOutputSerializer.Meta):
        fields = [*MatchOutputSerializer.Meta.fields, "box_score"]

    @extend_schema_field(BoxLineOutputSerializer(many=True))
    def get_box_score(self, match: Match) -> list[dict[str, Any]]:
        return box_score_lines(match)

"""Input and output shapes of the league API. Inputs check types and ranges
only; the rules live in the services."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import (
    OpenApiExample,
    extend_schema_field,
    extend_schema_serializer,
)
from rest_framework import serializers

from engine.facade import PURCHASE_ITEMS, SIDELINE_STAFF, get_variant, rules_data
from league.access import league_is_commissioned_by
from league.api.input_types import type_errors
from league.invites.models import LeagueInvite
from league.invites.selectors import invite_link_live, invite_url
from league.models import (
    POINTS_MAX,
    TIEBREAKERS,
    League,
    Player,
    Team,
    TreasuryEntry,
    format_choices,
)
from league.selectors import (
    captain_able,
    team_captain_rule,
    team_mvp_nominees,
    team_roster_players,
    team_special_rules,
    team_value_get,
)


class InputSerializer(serializers.Serializer[dict[str, Any]]):
    """The base of every API input: a field it does not declare is refused
    with ``unknown_field`` (a typo such as ``reroll`` for ``rerolls`` must not
    be silently ignored), at any depth, and so is a value of another JSON
    type than the field's (``league.api.input_types``), along with the other
    errors found."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        given = data if isinstance(data, Mapping) else {}
        refused: dict[str, Any] = {
            key: [
                serializers.ErrorDetail(f"unknown field {key!r}", code="unknown_field")
            ]
            for key in given
            if key not in self.fields
        }
        for key, item in given.items():
            if key in self.fields and (wrong := type_errors(self.fields[key], item)):
                refused[key] = wrong
        try:
            value: dict[str, Any] = super().to_internal_value(data)
        except serializers.ValidationError as exc:
            if refused and isinstance(exc.detail, dict):
                raise serializers.ValidationError({**exc.detail, **refused}) from exc
            raise
        if refused:
            raise serializers.ValidationError(refused)
        return value


class ErrorSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(
        help_text="machine-readable: unknown_field, over_budget, not_found, ..."
    )
    field = serializers.CharField(
        allow_null=True,
        help_text="the input it concerns, dotted (players.3.name); null if none",
    )
    message = serializers.CharField()
    subjects = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="where given, the things within the field the refusal "
        "concerns: the skills to keep one of (skill_choice_required, "
        "skill_not_rolled), the positions sharing a limit "
        "(shared_limit_exceeded)",
    )


class ErrorResponseSerializer(serializers.Serializer[Any]):
    """Every refusal, whatever refuses it."""

    errors = ErrorSerializer(many=True)


class NoInputSerializer(InputSerializer):
    """The input of a write that takes no fields: an empty body or ``{}``."""


# What Swagger UI's "Try it out" fills in: a league a commissioner would
# make (without them, a random text drawn from the name's pattern).
LEAGUE_EXAMPLES = [
    OpenApiExample(
        "A Blood Bowl league",
        summary="Blood Bowl, three days to confirm a report",
        value={
            "name": "Sunday League",
            "format": "bb2020",
            "report_confirmation_days": 3,
        },
        request_only=True,
    ),
    OpenApiExample(
        "A Sevens league",
        summary="Blood Bowl Sevens, players earn Star Player Points",
        value={"name": "Sevens at the Pub", "format": "sevens", "sevens_spp": True},
        request_only=True,
    ),
    OpenApiExample(
        "A Dungeon Bowl league",
        summary="Dungeon Bowl, with a time limit, points 2/1/0",
        value={
            "name": "The Colleges' Cup",
            "format": "dungeon-bowl",
            "time_limit": True,
            "points_win": 2,
        },
        request_only=True,
    ),
]


@extend_schema_serializer(examples=LEAGUE_EXAMPLES)
class LeagueInputSerializer(InputSerializer):
    name = serializers.CharField(max_length=100)
    format = serializers.ChoiceField(
        choices=[], help_text="a format's name (GET /api/formats/)"
    )
    points_win = serializers.IntegerField(min_value=0, max_value=POINTS_MAX, default=3)
    points_draw = serializers.IntegerField(min_value=0, max_value=POINTS_MAX, default=1)
    points_loss = serializers.IntegerField(min_value=0, max_value=POINTS_MAX, default=0)
    tiebreakers = serializers.ListField(
        child=serializers.ChoiceField(choices=TIEBREAKERS),
        required=False,
        max_length=len(TIEBREAKERS),
    )
    # Default: the format's own table (the variant's).
    casualty_table = serializers.ChoiceField(
        choices=League.CasualtyTable.choices, required=False
    )
    sevens_spp = serializers.BooleanField(default=False)
    time_limit = serializers.BooleanField(
        default=False,
        help_text="Dungeon Bowl: the league plays with a time limit, so a "
        "game may end 0-0",
    )
    casualty_bonus = serializers.BooleanField(
        default=True,
        help_text="Dungeon Bowl: +1 League point for causing 3 or more SPP "
        "casualties in a game (the rules make it optional)",
    )
    bonus_points = serializers.BooleanField(
        default=False,
        help_text="Blood Bowl (and Sevens, the classic game, BB2025): the "
        "rulebook's optional bonus League points, +1 each for scoring 3 or "
        "more touchdowns, conceding none and causing 3 or more SPP casualties "
        "in a game",
    )
    redraft_cap = serializers.BooleanField(
        default=False,
        help_text="every format that re-drafts (all but Blitz Bowl): the "
        "rulebook's optional cap of 1,300,000 gold pieces on each team's "
        "Re-Draft Budget between seasons",
    )
    report_confirmation_days = serializers.IntegerField(
        min_value=0,
        max_value=60,
        default=0,
        help_text="0: a coach's report stands at once; otherwise the opposing "
        "coach confirms or disputes it within this many days",
    )
    is_open = serializers.BooleanField(
        default=False,
        help_text="the league takes requests to join from the start (as the "
        "new-league page's box); otherwise coaches join by invitation",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The formats registered now (one may be added after import), so
        # the schema lists them as the field's enum.
        self.fields["format"].choices = format_choices()


class InviteLinkOutputSerializer(serializers.Serializer[dict[str, Any]]):
    url = serializers.CharField(help_text="the address to share")
    uses = serializers.IntegerField()
    max_uses = serializers.IntegerField(allow_null=True, help_text="null: no limit")
    expires_at = serializers.DateTimeField(
        allow_null=True, help_text="null: no end date"
    )


def invite_link_data(invite: LeagueInvite) -> dict[str, Any]:
    """An invite link as the API shows it to the league's commissioner."""
    shown = {
        "url": invite_url(invite),
        "uses": invite.uses,
        "max_uses": invite.max_uses,
        "expires_at": invite.expires_at,
    }
    return dict(InviteLinkOutputSerializer(shown).data)


def _live_link(league: League) -> LeagueInvite | None:
    """The league's live link: prefetched by the list (``live_links``), or
    read."""
    prefetched = getattr(league, "live_links", None)
    if prefetched is not None:
        return prefetched[0] if prefetched else None
    return invite_link_live(league)


class LeagueOutputSerializer(serializers.ModelSerializer[League]):
    commissioner = serializers.CharField(source="commissioner.username")
    invite_link = serializers.SerializerMethodField(
        help_text="the league's shareable invite link, shown to its "
        "commissioner only (null for anyone else, or when it has none)"
    )

    @extend_schema_field(InviteLinkOutputSerializer(allow_null=True))
    def get_invite_link(self, league: League) -> dict[str, Any] | None:
        request = self.context.get("request")
        if request is None or not league_is_commissioned_by(request.user, league):
            return None
        invite = _live_link(league)
        if invite is None:
            return None
        return invite_link_data(invite)

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
            "time_limit",
            "casualty_bonus",
            "bonus_points",
            "redraft_cap",
            "report_confirmation_days",
            "is_open",
            "invite_link",
        ]


class DraftPlayerSerializer(InputSerializer):
    position = serializers.CharField(max_length=60)
    name = serializers.CharField(max_length=100)


class TeamDraftInputSerializer(InputSerializer):
    league = serializers.PrimaryKeyRelatedField(queryset=League.objects.all())
    name = serializers.CharField(max_length=100)
    roster = serializers.CharField(max_length=40)
    players = DraftPlayerSerializer(many=True, max_length=40)
    rerolls = serializers.IntegerField(min_value=0, max_value=99, default=0)
    assistant_coaches = serializers.IntegerField(min_value=0, max_value=99, default=0)
    cheerleaders = serializers.IntegerField(min_value=0, max_value=99, default=0)
    apothecary = serializers.BooleanField(default=False)
    dedicated_fans = serializers.IntegerField(min_value=0, max_value=99, default=1)
    special_rule = serializers.CharField(
        max_length=40,
        required=False,
        default="",
        allow_blank=True,
        help_text="the special rule the team takes where its roster offers a "
        "choice (Chaos Chosen, Chaos Renegades, Norse: see the roster's "
        "special_rule_choice), e.g. favoured-of-khorne",
    )


class CardDraftInputSerializer(InputSerializer):
    league = serializers.PrimaryKeyRelatedField(queryset=League.objects.all())
    name = serializers.CharField(max_length=100)
    card = serializers.CharField(
        max_length=40,
        help_text="the team card's slug (GET /api/formats/{format}/cards/)",
    )
    player_names = serializers.ListField(
        child=serializers.CharField(max_length=100, allow_blank=True),
        required=False,
        max_length=40,
        help_text="the players' names in card order; blank or missing names "
        "default to the position and shirt number",
    )


class SpecialRuleInputSerializer(InputSerializer):
    special_rule = serializers.CharField(max_length=40)


class CaptainInputSerializer(InputSerializer):
    player = serializers.IntegerField(
        min_value=1, help_text="the id of the player named captain"
    )


class MvpNominationsInputSerializer(InputSerializer):
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        allow_empty=True,
        max_length=100,
        help_text="the ids of the team's standing MVP nominees, in order "
        "(BB2025: at most 6); empty clears them",
    )


class HireInputSerializer(InputSerializer):
    position = serializers.CharField(max_length=60)
    name = serializers.CharField(max_length=100)


class PurchaseInputSerializer(InputSerializer):
    item = serializers.ChoiceField(choices=[*PURCHASE_ITEMS, "dedicated_fans"])
    quantity = serializers.IntegerField(min_value=1, max_value=99, default=1)


class StaffFireInputSerializer(InputSerializer):
    # re-rolls and fans are choices so that the service says why they stay
    item = serializers.ChoiceField(
        choices=[*SIDELINE_STAFF, "rerolls", "dedicated_fans"],
        help_text="the Sideline Staff to fire (team re-rolls and Dedicated Fans "
        "are not staff: refused with not_sideline_staff)",
    )
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
        """Starting skills (a team card's abilities, in a card format) and
        the ones gained in the league."""
        team = player.team
        variant = get_variant(team.league.format)
        if variant.drafts_team_card:
            abilities = {
                p.position: p.abilities for p in variant.card_players(team.roster)
            }
            return [
                {"skill": a, "param": None, "gained": False}
                for a in abilities.get(player.position, ())
            ]
        position = rules_data(team.league.rules_version).position_of(
            team.roster, player.position
        )
        starting = [
            {"skill": s.skill, "param": s.param, "gained": False}
            for s in position.skills
        ]
        gained = [
            {"skill": s["skill"], "param": s.get("param"), "gained": True}
            for s in player.gained_skills
        ]
        return starting + gained


# The keys of a team's representation that exist only in a format whose
# teams have that field (engine/variants/base.py TEAM_FIELDS): null otherwise.
TEAM_FIELD_KEYS = {
    "tv": "team_value",
    "ctv": "team_value",
    "treasury": "treasury",
    "rerolls": "rerolls",
    "assistant_coaches": "assistant_coaches",
    "cheerleaders": "cheerleaders",
    "apothecary": "apothecary",
    "dedicated_fans": "dedicated_fans",
}
NO_SUCH_FIELD = "null: the team's format has none (GET /api/formats/ team_fields)"


class TeamOutputSerializer(serializers.ModelSerializer[Team]):
    coach = serializers.CharField(source="coach.username")
    league_name = serializers.CharField(source="league.name")
    tv = serializers.SerializerMethodField(help_text=f"Team Value; {NO_SUCH_FIELD}")
    ctv = serializers.SerializerMethodField(
        help_text=f"Current Team Value; {NO_SUCH_FIELD}"
    )
    players = serializers.SerializerMethodField()
    special_rules = serializers.SerializerMethodField()
    captain = serializers.SerializerMethodField(
        help_text="the id of the Team Captain (BB2025 Humans and Orcs); null "
        "when the team has none named, or he died, was fired or retired"
    )
    mvp_nominations = serializers.SerializerMethodField(
        help_text="the ids of the team's standing MVP nominees (BB2025), who "
        "still play for it; null when the format has no nominations"
    )

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
            "special_rule",
            "special_rules",
            "captain",
            "mvp_nominations",
            "treasury",
            "tv",
            "ctv",
            "players",
        ]
        extra_kwargs = {
            key: {"allow_null": True, "help_text": NO_SUCH_FIELD}
            for key in TEAM_FIELD_KEYS
            if key not in ("tv", "ctv")
        }

    def get_tv(self, team: Team) -> int | None:
        return team_value_get(team).tv

    def get_ctv(self, team: Team) -> int | None:
        return team_value_get(team).ctv

    def to_representation(self, instance: Team) -> dict[str, Any]:
        """Decision: what the team's format does not have (its variant's team
        fields) is null rather than 0: a Blitz Bowl team has no treasury or
        team value at all, which 0 would misstate; the keys stay, so every
        team has the same shape."""
        data = dict(super().to_representation(instance))
        has = get_variant(instance.league.format).team_fields
        for key, field in TEAM_FIELD_KEYS.items():
            if field not in has:
                data[key] = None
        return data

    def get_captain(self, team: Team) -> int | None:
        captain = captain_able(team) if team_captain_rule(team) else None
        return captain.pk if captain is not None else None

    def get_mvp_nominations(self, team: Team) -> list[int] | None:
        nominees = team_mvp_nominees(team)
        return None if nominees is None else [p.pk for p in nominees]

    def get_special_rules(self, team: Team) -> list[str]:
        """The team's special rules: its roster's, with the one it chose."""
        return list(team_special_rules(team))

    def get_players(self, team: Team) -> list[dict[str, Any]]:
        players = team_roster_players(team)
        for player in players:
            player.team = team  # already loaded: no query per player
        return list(PlayerOutputSerializer(players, many=True).data)


class LedgerEntryOutputSerializer(serializers.ModelSerializer[TreasuryEntry]):
    created_by = serializers.CharField(
        source="created_by.username", default=None, allow_null=True
    )

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

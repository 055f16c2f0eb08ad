"""The shapes of the rules endpoints' answers (``league.api.rules`` builds
them as plain dicts; these serializers document them in the schema)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

Int, Str, Bool = (
    serializers.IntegerField,
    serializers.CharField,
    serializers.BooleanField,
)


class FormatOutputSerializer(serializers.Serializer[Any]):
    slug = Str()
    name = Str()
    ruleset = Str()
    budget = Int()
    min_players = Int()
    max_players = Int()
    max_non_linemen = Int(allow_null=True, help_text="null: no limit")
    max_rerolls = Int()
    rerolls_after_draft = Bool()
    max_assistant_coaches = Int()
    max_cheerleaders = Int()
    max_dedicated_fans_at_draft = Int()
    dedicated_fan_cost = Int()
    house_format = Bool(help_text="not an official league format")
    drafts_team_card = Bool(
        help_text="a team is one team card (POST /api/teams/card/) instead of "
        "a roster drafted within a budget"
    )
    tracks_progression = Bool(
        help_text="false: nothing carries over between matches (no SPP, "
        "injuries, treasury or team value)"
    )
    team_fields = serializers.ListField(
        child=Str(),
        help_text="what a team of this format has beside its players, among "
        "team_value (tv and ctv), treasury, rerolls, assistant_coaches, "
        "cheerleaders, apothecary and dedicated_fans; a team shows null for "
        "the others (a Blitz Bowl team has none)",
    )
    match_fields = serializers.ListField(
        child=Str(),
        help_text="what a match of this format records beside its score, "
        "among fan_factor and weather (a Dungeon Bowl game has neither)",
    )
    player_stats = serializers.ListField(
        child=Str(),
        help_text="what a match of this format records of each player, among "
        "touchdowns, completions, casualties_inflicted, interceptions, "
        "deflections and successful_landings (throwing completions; a "
        "Blitz Bowl game only touchdowns)",
    )
    score_name = Str(help_text="what a match's scores count: touchdowns or points")
    rules_version = Str(help_text="the rules data its leagues play by")
    rosters = serializers.ListField(
        child=Str(),
        help_text="the slugs of the rosters a team of this format drafts "
        "(GET /api/formats/{slug}/rosters/); empty for a team-card format",
    )


class CardPositionOutputSerializer(serializers.Serializer[Any]):
    name = Str()
    count = Int()
    move = Int(allow_null=True, help_text="null: D6, rolled for each Run")
    block = Int()
    throw = Int(allow_null=True, help_text="null: never takes a ball")
    armour = Int(allow_null=True, help_text="null: fails every Armour Check")
    abilities = serializers.ListField(child=Str())


class TeamCardOutputSerializer(serializers.Serializer[Any]):
    slug = Str()
    name = Str()
    players = Int()
    positions = CardPositionOutputSerializer(many=True)


class RosterSummaryOutputSerializer(serializers.Serializer[Any]):
    slug = Str()
    name = Str()
    tier = Int()
    reroll_cost = Int()
    apothecary = Bool()


class StaffPricesOutputSerializer(serializers.Serializer[Any]):
    assistant_coach = Int()
    cheerleader = Int()
    apothecary = Int(allow_null=True, help_text="null: the roster may not hire one")


class SpecialRuleOutputSerializer(serializers.Serializer[Any]):
    slug = Str()
    name = Str()
    kind = Str()


class PositionSkillOutputSerializer(serializers.Serializer[Any]):
    skill = Str()
    param = Str(allow_null=True)
    label = Str()


class ProfileOutputSerializer(serializers.Serializer[Any]):
    """A player profile as the rules print it: characteristics and skills
    (a roster position, a Star Player)."""

    slug = Str()
    name = Str()
    ma = Int()
    st = Int()
    ag = Int()
    pa = Int(allow_null=True, help_text="null: the player never passes")
    av = Int()
    skills = PositionSkillOutputSerializer(many=True)


class PositionOutputSerializer(ProfileOutputSerializer):
    max = Int()
    lineman = Bool()
    cost = Int()
    primary = serializers.ListField(child=Str())
    secondary = serializers.ListField(child=Str())
    keywords = serializers.ListField(
        child=Str(), help_text="the position's keywords (BB2025; none before)"
    )
    unplayed_skills = serializers.ListField(
        child=Str(),
        help_text="its skills the match engine does not play yet: a draft of "
        "the position is refused while any are listed",
    )


class RosterStarOutputSerializer(serializers.Serializer[Any]):
    slug = Str()
    name = Str()
    cost = Int()
    members = serializers.ListField(child=Str())
    requires_choice = serializers.ListField(
        child=Str(),
        help_text="the special rules, one of which the team must have chosen "
        "for this star (empty: every team of the roster)",
    )


class SharedLimitOutputSerializer(serializers.Serializer[Any]):
    slug = Str()
    name = Str()
    max = Int()
    positions = serializers.ListField(child=Str())


class RosterDetailOutputSerializer(RosterSummaryOutputSerializer):
    format = Str()
    reroll_cost_after_draft = Int(
        allow_null=True, help_text="null: re-rolls are bought only at the draft"
    )
    staff = StaffPricesOutputSerializer()
    max_non_linemen = Int(allow_null=True, help_text="null: no limit")
    special_rules = SpecialRuleOutputSerializer(many=True)
    special_rule_choice = serializers.ListField(child=Str())
    star_players = RosterStarOutputSerializer(many=True)
    positions = PositionOutputSerializer(many=True)
    shared_limits = SharedLimitOutputSerializer(
        many=True,
        help_text="quantity lines several positions share (a Dungeon Bowl "
        "college's '0-4 Runners'); a squad keeps each within its max",
    )


class CatalogueSkillOutputSerializer(serializers.Serializer[Any]):
    slug = Str()
    name = Str()
    category = Str()
    param = Str(allow_null=True)
    compulsory = Bool()
    description = Str()


class StarPlaysForOutputSerializer(serializers.Serializer[Any]):
    any_team = Bool()
    rules = serializers.ListField(child=Str())
    except_rules = serializers.ListField(child=Str())


class StarRuleOutputSerializer(serializers.Serializer[Any]):
    name = Str()
    limit = Str()
    text = Str()


class StarMemberOutputSerializer(ProfileOutputSerializer):
    pass


class StarPlayerOutputSerializer(serializers.Serializer[Any]):
    slug = Str()
    name = Str()
    cost = Int()
    plays_for = StarPlaysForOutputSerializer()
    special_rule = StarRuleOutputSerializer()
    members = StarMemberOutputSerializer(many=True)

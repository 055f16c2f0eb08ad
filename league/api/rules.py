"""Read-only API over the rules data: formats, rosters as they apply in a
format, and the skills catalogue (in a format's words)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.facade import (
    DEFAULT_VERSION,
    Roster,
    Skill,
    StarPlayer,
    Variant,
    rules_data,
    unplayed_skills,
    variants,
)
from league.api.rules_serializers import (
    CatalogueSkillOutputSerializer,
    FormatOutputSerializer,
    RosterDetailOutputSerializer,
    RosterSummaryOutputSerializer,
    StarPlayerOutputSerializer,
)


def format_dict(fmt: Variant) -> dict[str, Any]:
    return {
        "slug": fmt.name,
        "name": fmt.label,
        "ruleset": fmt.name,
        "budget": fmt.budget,
        "min_players": fmt.min_players,
        "max_players": fmt.max_players,
        "max_non_linemen": fmt.max_non_linemen,
        "max_rerolls": fmt.max_rerolls,
        "rerolls_after_draft": fmt.reroll_later_multiplier is not None,
        "max_assistant_coaches": fmt.max_assistant_coaches,
        "max_cheerleaders": fmt.max_cheerleaders,
        "max_dedicated_fans_at_draft": fmt.max_dedicated_fans_at_draft,
        "dedicated_fan_cost": fmt.dedicated_fan_cost,
        "house_format": fmt.house_format,
        "drafts_team_card": fmt.drafts_team_card,
        "tracks_progression": fmt.tracks_progression,
        "team_fields": sorted(fmt.team_fields),
        "match_fields": sorted(fmt.match_fields),
        "player_stats": sorted(fmt.player_stats),
        "score_name": fmt.score_name,
        "rules_version": fmt.rules_data_version,
        "rosters": sorted(roster.slug for roster in format_rosters(fmt)),
    }


def roster_summary(fmt: Variant, roster: Roster) -> dict[str, Any]:
    return {
        "slug": roster.slug,
        "name": roster.name,
        "tier": roster.tier,
        "reroll_cost": fmt.reroll_cost(roster, at_draft=True),
        "apothecary": roster.apothecary,
    }


def roster_detail(fmt: Variant, roster: Roster, version: str) -> dict[str, Any]:
    skills = rules_data(version).skills
    special = rules_data(version).special_rules
    return {
        **roster_summary(fmt, roster),
        "format": fmt.name,
        "reroll_cost_after_draft": fmt.reroll_cost(roster, at_draft=False),
        "staff": {
            "assistant_coach": fmt.staff_cost(roster, "assistant_coach"),
            "cheerleader": fmt.staff_cost(roster, "cheerleader"),
            "apothecary": fmt.staff_cost(roster, "apothecary"),
        },
        "max_non_linemen": fmt.max_non_linemen,
        "special_rules": [
            {"slug": s, "name": special[s].name, "kind": special[s].kind}
            for s in roster.special_rules
        ],
        "special_rule_choice": list(roster.special_rule_choice),
        "star_players": roster_stars(fmt, roster, version),
        "positions": [
            {
                "slug": p.slug,
                "name": p.name,
                "max": min(p.max, fmt.max_players),
                "lineman": p.lineman,
                "cost": p.cost,
                "ma": p.ma,
                "st": p.st,
                "ag": p.ag,
                "pa": p.pa,
                "av": p.av,
                "skills": [
                    {"skill": s.skill, "param": s.param, "label": s.label(skills)}
                    for s in p.skills
                ],
                "primary": list(p.primary),
                "secondary": list(p.secondary),
                "keywords": list(p.keywords),
                "unplayed_skills": list(unplayed_skills(fmt, p)),
            }
            for p in roster.positions
        ],
        "shared_limits": [
            {
                "slug": line.slug,
                "name": line.name,
                "max": line.max,
                "positions": list(line.positions),
            }
            for line in roster.shared_limits
        ],
    }


def star_dict(star: StarPlayer, skills: Mapping[str, Skill]) -> dict[str, Any]:
    return {
        "slug": star.slug,
        "name": star.name,
        "cost": star.cost,
        "plays_for": {
            "any_team": star.any_team,
            "rules": list(star.rules),
            "except_rules": list(star.except_rules),
        },
        "special_rule": {
            "name": star.rule_name,
            "limit": star.rule_limit,
            "text": star.rule_text,
        },
        "members": [
            {
                "slug": m.slug,
                "name": m.name,
                "ma": m.ma,
                "st": m.st,
                "ag": m.ag,
                "pa": m.pa,
                "av": m.av,
                "skills": [
                    {"skill": k.skill, "param": k.param, "label": k.label(skills)}
                    for k in m.skills
                ],
            }
            for m in star.members
        ],
    }


def roster_stars(fmt: Variant, roster: Roster, version: str) -> list[dict[str, Any]]:
    """The Star Players who play for teams of this roster (none in a format
    without Star Players); ``requires_choice`` lists the special rules, among
    the roster's choice, one of which the team must have chosen for the star
    (empty: every team of the roster)."""
    if not fmt.star_players:
        return []
    data = rules_data(version)
    options = roster.special_rule_choice or (None,)
    out = []
    for star in sorted(data.star_players.values(), key=lambda s: (s.cost, s.name)):
        via = [o for o in options if star.plays_for(roster.team_rules(o))]
        if not via:
            continue
        out.append(
            {
                "slug": star.slug,
                "name": star.name,
                "cost": star.cost,
                "members": [m.name for m in star.members],
                "requires_choice": [] if len(via) == len(options) else via,
            }
        )
    return out


def _format_or_404(slug: str) -> Variant:
    fmt = variants().get(slug)
    if fmt is None:
        raise Http404(f"no format {slug!r}")
    return fmt


class FormatListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: FormatOutputSerializer(many=True)},
        summary="League formats and their draft rules",
        operation_id="formats_list",
    )
    def get(self, request: Request) -> Response:
        return Response([format_dict(f) for f in variants().values()])


def format_rosters(fmt: Any) -> list[Any]:
    """The rosters a team of ``fmt`` is drafted from: none in a card format
    (its teams are team cards: ``/api/formats/{format}/cards/``)."""
    if fmt.drafts_team_card:
        return []
    return list(rules_data(fmt.rules_data_version).rosters.values())


class RosterListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: RosterSummaryOutputSerializer(many=True)},
        summary="Rosters available in a format",
        operation_id="formats_rosters_list",
    )
    def get(self, request: Request, format_slug: str) -> Response:
        fmt = _format_or_404(format_slug)
        return Response([roster_summary(fmt, r) for r in format_rosters(fmt)])


class RosterDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: RosterDetailOutputSerializer},
        summary="One roster: positions, costs, stats, skills and limits in this format",
    )
    def get(self, request: Request, format_slug: str, roster_slug: str) -> Response:
        fmt = _format_or_404(format_slug)
        version = fmt.rules_data_version
        roster = {r.slug: r for r in format_rosters(fmt)}.get(roster_slug)
        if roster is None:
            raise Http404(f"no roster {roster_slug!r}")
        return Response(roster_detail(fmt, roster, version))


def skill_catalogue(fmt: Variant | None) -> list[dict[str, Any]]:
    """The skills and traits of ``fmt``'s rules data, in its own words where
    it has them (its ``skill_descriptions``); None: BB2020's, as written."""
    data = rules_data(fmt.rules_data_version if fmt else DEFAULT_VERSION)
    own = fmt.skill_descriptions if fmt else {}
    return [
        {
            "slug": s.slug,
            "name": s.name,
            "category": s.category,
            "param": s.param,
            "compulsory": s.compulsory,
            "description": own.get(s.slug, s.description),
        }
        for s in data.skills.values()
    ]


class SkillListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: CatalogueSkillOutputSerializer(many=True)},
        summary="The skills and traits catalogue (Blood Bowl 2020's)",
        operation_id="skills_list",
    )
    def get(self, request: Request) -> Response:
        return Response(skill_catalogue(None))


class FormatSkillListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: CatalogueSkillOutputSerializer(many=True)},
        summary="The skills and traits of a format, in its own words",
        operation_id="formats_skills_list",
    )
    def get(self, request: Request, format_slug: str) -> Response:
        return Response(skill_catalogue(_format_or_404(format_slug)))


def star_catalogue(version: str) -> list[dict[str, Any]]:
    """The Star Players of the rules data ``version``, by name."""
    data = rules_data(version)
    return [
        star_dict(s, data.skills)
        for s in sorted(data.star_players.values(), key=lambda s: s.name)
    ]


class StarPlayerListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: StarPlayerOutputSerializer(many=True)},
        summary="The Star Players: profiles, who they play for, special rules",
        operation_id="star_players_list",
    )
    def get(self, request: Request) -> Response:
        return Response(star_catalogue(DEFAULT_VERSION))


class FormatStarPlayerListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: StarPlayerOutputSerializer(many=True)},
        summary="The Star Players a format's teams may hire (none in a format "
        "without them)",
        operation_id="formats_star_players_list",
    )
    def get(self, request: Request, format_slug: str) -> Response:
        fmt = _format_or_404(format_slug)
        if not fmt.star_players:
            return Response([])
        return Response(star_catalogue(fmt.rules_data_version))

"""Read-only API over the rules data: formats, rosters as they apply in a
format, and the skills catalogue."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.rules_data import DEFAULT_VERSION, Roster, rules_data
from engine.variants import Variant, variants


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
            }
            for p in roster.positions
        ],
    }


def _format_or_404(slug: str) -> Variant:
    fmt = variants().get(slug)
    if fmt is None:
        raise Http404(f"no format {slug!r}")
    return fmt


AnyJson = OpenApiTypes.OBJECT


class FormatListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyJson}, summary="League formats and their draft rules"
    )
    def get(self, request: Request) -> Response:
        return Response([format_dict(f) for f in variants().values()])


class RosterListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyJson},
        summary="Rosters available in a format",
        operation_id="formats_rosters_list",
    )
    def get(self, request: Request, format_slug: str) -> Response:
        fmt = _format_or_404(format_slug)
        rosters = rules_data(DEFAULT_VERSION).rosters.values()
        return Response([roster_summary(fmt, r) for r in rosters])


class RosterDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: AnyJson},
        summary="One roster: positions, costs, stats, skills and limits in this format",
    )
    def get(self, request: Request, format_slug: str, roster_slug: str) -> Response:
        fmt = _format_or_404(format_slug)
        roster = rules_data(DEFAULT_VERSION).rosters.get(roster_slug)
        if roster is None:
            raise Http404(f"no roster {roster_slug!r}")
        return Response(roster_detail(fmt, roster, DEFAULT_VERSION))


class SkillListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: AnyJson}, summary="The skills and traits catalogue")
    def get(self, request: Request) -> Response:
        data = rules_data(DEFAULT_VERSION)
        return Response(
            [
                {
                    "slug": s.slug,
                    "name": s.name,
                    "category": s.category,
                    "param": s.param,
                    "compulsory": s.compulsory,
                    "description": s.description,
                }
                for s in data.skills.values()
            ]
        )

"""``{% skill s %}``: a skill, trait or special rule shown with its
description, on hover, on keyboard focus and on a tap.

The descriptions are the rules data's own short wording (``skills.json``,
``special_rules.json``, and each Star Player's special rule in
``star_players.json``), the same texts ``GET /api/skills/`` serves; a page
of one format passes it (``fmt``), and the format's own wording of a skill
it plays differently (its variant's ``skill_descriptions``: the classic
game's Stunty) replaces the rules data's.

Markup: a ``<button type="button">`` (reachable with Tab, announced as a
button) whose ``aria-describedby`` points at the description, so a screen
reader reads it after the name. dugout.css shows the description on hover
and ``:focus-within``; dugout.js toggles it on a tap (Safari gives a tapped
button no focus), hides it on Escape and keeps it inside the viewport.
Decision: a button with a tooltip rather than ``<details>``, because
``<details>`` pushes the rows below it down when it opens, which makes a
hover flicker in a table of skills; the tap toggle gives the same
open-and-close on a phone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from django import template
from django.utils.html import format_html

from engine.facade import DEFAULT_VERSION, get_variant, rules_data

register = template.Library()

# How often a Star Player's special rule may be used, in words.
RULE_LIMITS = {
    "game": "once per game",
    "half": "once per half",
    "drive": "once per drive",
    "team-turn": "once per team turn",
    "activation": "once per activation",
    "none": "",
}


@dataclass(frozen=True, slots=True)
class RuleText:
    """What a skill element shows: its name and its description."""

    name: str
    kind: str
    description: str


@cache
def rule_texts(version: str, fmt: str = "") -> dict[str, RuleText]:
    """Every skill, trait, team special rule and Star Player special rule of
    a rules version, by slug (skills first where a slug is shared; stars
    who share a rule, such as Crushing Blow, share its text too), in the
    words of format ``fmt`` where it has its own ("": the rules data's)."""
    if fmt:
        own = get_variant(fmt).skill_descriptions
        return {
            slug: replace(text, description=own[slug]) if slug in own else text
            for slug, text in rule_texts(version).items()
        }
    data = rules_data(version)
    texts: dict[str, RuleText] = {}
    for rule in data.special_rules.values():
        texts[rule.slug] = RuleText(rule.name, "Team special rule", rule.description)
    for star in data.star_players.values():
        limit = RULE_LIMITS.get(star.rule_limit, "")
        texts[star.rule_slug] = RuleText(
            star.rule_name,
            "Star Player special rule" + (f", {limit}" if limit else ""),
            star.rule_text,
        )
    for skill in data.skills.values():
        kind = "Trait" if skill.category == "trait" else f"{skill.category} skill"
        texts[skill.slug] = RuleText(skill.name, kind.capitalize(), skill.description)
    return texts


@cache
def slugs_by_name(version: str) -> dict[str, str]:
    """Slugs by lower-case name, for pages that hold only a label."""
    return {t.name.lower(): slug for slug, t in rule_texts(version).items()}


def _from_label(label: str, version: str) -> tuple[str, str | None]:
    """A slug and parameter from a slug or a label ("Mighty Blow (+1)")."""
    if label in rule_texts(version):
        return label, None
    name, _, rest = label.partition(" (")
    param = rest[:-1] if rest.endswith(")") else None
    slug = slugs_by_name(version).get(name.strip().lower())
    if slug is None:
        return label, None
    return slug, param


def _slug_and_label(
    value: Any, texts: dict[str, RuleText], version: str
) -> tuple[str, str]:
    """The slug and the label to show for a skill given as a slug, a
    ``SkillRef`` (``skill``, ``param``), a sheet's ``SkillLabel`` (``slug``,
    ``label``) or a mapping with ``skill`` and ``param`` (the JSON a player's
    gained skills are stored as); a string may be a slug or a label."""
    if isinstance(value, str):
        slug, param = _from_label(value, version)
    elif isinstance(value, dict):
        slug, param = (
            str(value.get("skill") or value.get("slug") or ""),
            value.get("param"),
        )
    else:
        slug = getattr(value, "skill", None) or getattr(value, "slug", "") or ""
        param = getattr(value, "param", None)
        label = getattr(value, "label", None)
        if isinstance(label, str) and label:
            return slug, label
    text = texts.get(slug)
    name = text.name if text else slug
    return slug, f"{name} ({param})" if param else name


@register.simple_tag(takes_context=True)
def skill(
    context: template.Context,
    value: Any,
    version: str = DEFAULT_VERSION,
    prefix: str = "",
    fmt: str = "",
) -> str:
    """A skill (or special rule) with its description; unknown ones are
    shown as their plain label. ``fmt``: the format whose game the page
    shows (its own wording of a skill it plays differently).

    Decision: description ids count the skills of one render
    (``tip-<slug>-<n>``), so a cached fragment is the same as a fresh one
    (the page cache's tests compare them); a fragment rendered on its own
    that shares a page with other skills passes a ``prefix``."""
    texts = rule_texts(version or DEFAULT_VERSION, fmt)
    slug, label = _slug_and_label(value, texts, version or DEFAULT_VERSION)
    text = texts.get(slug)
    if text is None or not text.description:
        return format_html("{}", label)
    number = getattr(context, "skill_tips", 0) + 1
    context.skill_tips = number  # type: ignore[attr-defined]
    tip = f"tip-{prefix}{slug}-{number}"
    return format_html(
        '<span class="skill"><button type="button" class="skill-name" '
        'aria-describedby="{}">{}</button><span class="skill-tip" '
        'role="tooltip" id="{}"><span class="skill-kind">{}.</span> {}</span>'
        "</span>",
        tip,
        label,
        tip,
        text.kind,
        text.description,
    )


@register.simple_tag
def skill_text(value: Any, version: str = DEFAULT_VERSION, fmt: str = "") -> str:
    """The description alone, for a page that lists skills in full."""
    texts = rule_texts(version or DEFAULT_VERSION, fmt)
    slug, _ = _slug_and_label(value, texts, version or DEFAULT_VERSION)
    text = texts.get(slug)
    return text.description if text else ""

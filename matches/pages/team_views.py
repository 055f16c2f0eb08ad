"""The coach's team actions between matches and seasons, from the team
sheet: hire a journeyman for good, retire a player (bringing him back is
refused until the re-draft), end the post-game (rolling Expensive
Mistakes), choose the team's special rule, and re-draft
after a closed season (with its preview).

Each view checks who may write (the team's coach or the league's
commissioner, as the API: 403 otherwise), parses a form, and calls the one
service the API calls; a refused form shows the team page again (400) with
each reason by its field, a refused button a message, and nothing is
written then. It lives in the matches app because the re-draft
service does (the league app never imports the matches app).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.forms import BaseFormSet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from league.access import team_get_for_write
from league.errors import ServiceError
from league.forms import show_refusal
from league.models import Player, Team
from league.selectors import team_redraft_candidates, team_roster_players
from league.services.captain import team_name_captain
from league.services.journeymen import journeyman_hire
from league.services.mvp import team_set_mvp_nominations
from league.services.roster import player_unretire
from league.services.teams import (
    league_format,
    league_roster,
    team_choose_special_rule,
)
from league.team_forms import (
    STAFF_FIELDS,
    CaptainForm,
    MvpNominationsForm,
    RedraftForm,
    SpecialRuleForm,
    redraft_player_formset,
)
from matches.models import SeasonTeamArchive
from matches.pages.league_views import team_page_refused
from matches.pages.team_sheet import team_redraft_due
from matches.postgame.end import team_postgame_end
from matches.postgame.retirement import player_retire
from matches.seasons.rollover import (
    RedraftPlan,
    RedraftPreview,
    redraft_rerolls_bought,
    team_redraft,
)


def team_url(team_id: int, anchor: str = "") -> str:
    return reverse("web:team", kwargs={"team_id": team_id}) + anchor


# The team page's forms post to ``…/hire/#hire``, so that a refused one opens
# on its form; a redirect without a fragment would inherit that one and leave
# the message at the top out of view: a form's success names the top.
DONE = "#content"


def flash_refusal(request: HttpRequest, exc: ServiceError) -> None:
    for v in exc.violations:
        messages.error(request, v.message)


def _player_step(
    request: HttpRequest,
    team_id: int,
    player_id: int,
    step: Callable[..., Player],
    done: str,
) -> HttpResponse:
    """Run one roster step on one of the team's players (the service refuses
    a player who is not on the team's roster), then back to the sheet."""
    team = team_get_for_write(request.user, team_id)
    try:
        player = step(team_id=team.pk, player_id=player_id, actor=request.user)
    except ServiceError as exc:
        flash_refusal(request, exc)
    else:
        messages.success(request, done.format(player=player))
    return redirect(team_url(team.pk))


@require_POST
@login_required
def team_journeyman_hire(
    request: HttpRequest, team_id: int, player_id: int
) -> HttpResponse:
    return _player_step(
        request,
        team_id,
        player_id,
        journeyman_hire,
        "Hired #{player.number} {player.name} for good: he is on the Team "
        "Draft list now.",
    )


@require_POST
@login_required
def team_player_retire(
    request: HttpRequest, team_id: int, player_id: int
) -> HttpResponse:
    return _player_step(
        request,
        team_id,
        player_id,
        player_retire,
        "#{player.number} {player.name} is temporarily retired: he misses "
        "the rest of the season and comes back if re-drafted.",
    )


@require_POST
@login_required
def team_end_postgame(request: HttpRequest, team_id: int) -> HttpResponse:
    """ "Done: roll Expensive Mistakes": end the team's open post-game."""
    team = team_get_for_write(request.user, team_id)
    try:
        row = team_postgame_end(team_id=team.pk, actor=request.user)  # type: ignore[arg-type]
    except ServiceError as exc:
        flash_refusal(request, exc)
    else:
        if row.treasury_before is None or row.treasury_before < 100_000:
            outcome = "under 100,000 in the treasury: no roll"
        elif row.lost:
            outcome = f"{row.incident.replace('_', ' ')}, lost {row.lost:,}"
        else:
            outcome = "crisis averted, nothing lost"
        messages.success(request, f"Post-game over. Expensive Mistakes: {outcome}.")
    return redirect(team_url(team.pk, DONE))


@require_POST
@login_required
def team_player_unretire(
    request: HttpRequest, team_id: int, player_id: int
) -> HttpResponse:
    """Always refused (the service says why): a temporarily retired player
    comes back only by the re-draft."""
    team = team_get_for_write(request.user, team_id)
    try:
        player_unretire(team_id=team.pk, player_id=player_id)
    except ServiceError as exc:
        flash_refusal(request, exc)
    return redirect(team_url(team.pk))


@require_POST
@login_required
def team_special_rule(request: HttpRequest, team_id: int) -> HttpResponse:
    team = team_get_for_write(request.user, team_id)
    roster = league_roster(team.league, team.roster)
    form = SpecialRuleForm(
        request.POST, roster=roster, rules_version=team.league.rules_version
    )
    if form.is_valid():
        try:
            team_choose_special_rule(
                team_id=team.pk,
                special_rule=form.cleaned_data["special_rule"],
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form)
        else:
            label = dict(form.fields["special_rule"].choices)[  # type: ignore[attr-defined]
                form.cleaned_data["special_rule"]
            ]
            messages.success(request, f"{team.name} plays with {label}.")
            return redirect(team_url(team.pk, DONE))
    return team_page_refused(request, team.pk, special_rule_form=form)


@require_POST
@login_required
def team_captain(request: HttpRequest, team_id: int) -> HttpResponse:
    team = team_get_for_write(request.user, team_id)
    form = CaptainForm(request.POST, players=team_roster_players(team))
    if form.is_valid():
        try:
            team = team_name_captain(
                team_id=team.pk,
                player_id=form.cleaned_data["player"],
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            show_refusal(exc.violations, form)
        else:
            captain = team.captain
            assert captain is not None
            messages.success(
                request, f"#{captain.number} {captain.name} is {team.name}'s captain."
            )
            return redirect(team_url(team.pk, DONE))
    return team_page_refused(request, team.pk, captain_form=form)


@require_POST
@login_required
def team_mvp_nominations(request: HttpRequest, team_id: int) -> HttpResponse:
    team = team_get_for_write(request.user, team_id)
    limit = league_format(team.league).mvp_nominations or 0
    form = MvpNominationsForm(
        request.POST, players=team_roster_players(team), limit=limit
    )
    if form.is_valid():
        nominees = form.cleaned_data["players"]
        try:
            team_set_mvp_nominations(
                team_id=team.pk,
                player_ids=nominees,
                actor=request.user,  # type: ignore[arg-type]
            )
        except ServiceError as exc:
            # the service's ``mvp_nominations.<n>`` is the n-th one ticked
            aliases = {"mvp_nominations": "players"} | {
                f"mvp_nominations.{n}": "players" for n in range(len(nominees))
            }
            show_refusal(exc.violations, form, aliases=aliases)
        else:
            if nominees:
                messages.success(request, f"{team.name}'s MVP nominees are set.")
            else:
                messages.success(
                    request,
                    f"{team.name} has no MVP nominees: the six with most SPP stand in.",
                )
            return redirect(team_url(team.pk, DONE))
    return team_page_refused(request, team.pk, mvp_form=form)


# --- the re-draft ----------------------------------------------------------------


def _plan(form: RedraftForm, formset: BaseFormSet[Any]) -> tuple[RedraftPlan, dict]:
    """The plan from valid forms, and which formset row each new player
    (``new_players.<n>``) came from."""
    rows: dict[int, int] = {}
    new: list[tuple[str, str]] = []
    for index, row in enumerate(formset.forms):
        if row.is_blank:  # type: ignore[attr-defined]
            continue
        rows[len(new)] = index
        new.append((row.cleaned_data["position"], row.cleaned_data["name"]))
    plan = RedraftPlan(
        keep=form.cleaned_data["keep"], new_players=new, **_staff(form.cleaned_data)
    )
    return plan, rows


def _show(
    violations: Sequence[Any],
    form: RedraftForm,
    formset: BaseFormSet[Any],
    *,
    rows: dict[int, int],
) -> list[str]:
    """Put each refusal next to its field, as the service names it:
    ``keep.<n>`` by the players who stay, ``new_players.<n>.<field>`` on
    that new player's row (``rows``: his row of the formset). Returns the
    refusals about the whole re-draft (squad size, budget)."""
    general: list[str] = []
    for v in violations:
        field = v.field or ""
        parts = field.split(".")
        new_row = (
            int(parts[1])
            if parts[0] == "new_players" and len(parts) > 1 and parts[1].isdigit()
            else None
        )
        if new_row is not None and new_row in rows:
            target = formset.forms[rows[new_row]]
            name = parts[2] if len(parts) > 2 else None
            target.add_error(name if name in target.fields else None, v.message)
        elif parts[0] == "keep":
            form.add_error("keep", v.message)
        elif field in form.fields:
            form.add_error(field, v.message)
        else:
            general.append(v.message)
    return general


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def team_redraft_page(request: HttpRequest, team_id: int) -> HttpResponse:
    """Re-draft after a closed season. The preview (who stays, what each
    costs to re-hire, the budget) is the service's own (``commit=False``,
    nothing written); "Re-draft" commits the same plan, and a plan the
    preview refuses is shown again with its refusals, nothing written."""
    team = team_get_for_write(request.user, team_id)
    archive = team_redraft_due(team)
    context: dict[str, Any] = {"team": team, "archive": archive}
    if archive is None:
        status = 400 if request.method == "POST" else 200
        return render(request, "matches/team_redraft.html", context, status=status)
    roster = league_roster(team.league, team.roster)
    players = list(team_redraft_candidates(team))
    data = request.POST if request.method == "POST" else None
    team_fields = league_format(team.league).team_fields
    form = RedraftForm(
        data,
        players=players,
        team_fields=team_fields,
        initial={"keep": [p.pk for p in players]} | _staff_now(team, archive),
    )
    formset = redraft_player_formset(data, roster=roster)
    preview: RedraftPreview | None = None
    general: list[str] = []
    refused = False
    if data is None:
        # Decision: the page opens on the preview of keeping everyone, with
        # the staff and re-rolls the team has now.
        plan = RedraftPlan(keep=form.initial["keep"], **_staff(form.initial))
        preview = _preview(request, team, archive.season_id, plan)
        general = [v.message for v in preview.violations]
    elif not (form.is_valid() and formset.is_valid()):
        refused = True
    else:
        plan, rows = _plan(form, formset)
        try:
            preview = _preview(request, team, archive.season_id, plan)
            refused = bool(preview.violations)
            if not refused and request.POST.get("action") == "commit":
                done = team_redraft(
                    team_id=team.pk,
                    season_id=archive.season_id,
                    plan=plan,
                    actor=request.user,  # type: ignore[arg-type]
                    commit=True,
                )
                messages.success(
                    request,
                    f"{team.name} re-drafted for the next season: "
                    f"{done.remaining:,} left in the treasury.",
                )
                return redirect(team_url(team.pk))
            violations: Sequence[Any] = preview.violations
        except ServiceError as exc:
            refused, violations = True, exc.violations
        general = _show(violations, form, formset, rows=rows)
    context.update(
        form=form,
        formset=formset,
        preview=preview,
        general_errors=general,
        # the part of the budget its games, wins and draws raised
        from_games=preview.budget["total"]
        - preview.budget["base"]
        - preview.budget["treasury"]
        if preview is not None and not preview.budget["capped"]
        else None,
    )
    status = 400 if refused and request.POST.get("action") == "commit" else 200
    return render(request, "matches/team_redraft.html", context, status=status)


def _staff_now(team: Team, archive: SeasonTeamArchive) -> dict[str, Any]:
    """The re-rolls and staff the team has, as its format counts them; the
    re-rolls those it bought (a trophy's free ones are the re-draft's own:
    :func:`redraft_rerolls_bought`)."""
    fields = league_format(team.league).team_fields
    now = {f: getattr(team, f) for f in STAFF_FIELDS if f in fields}
    if "rerolls" in now:
        now["rerolls"] = redraft_rerolls_bought(team, archive)
    return now


def _staff(data: dict[str, Any]) -> dict[str, Any]:
    """The re-rolls and staff ``data`` holds (a format without some has no
    field for them: the plan keeps none)."""
    return {name: data[name] for name in STAFF_FIELDS if name in data}


def _preview(
    request: HttpRequest, team: Team, season_id: int, plan: RedraftPlan
) -> RedraftPreview:
    return team_redraft(
        team_id=team.pk,
        season_id=season_id,
        plan=plan,
        actor=request.user,  # type: ignore[arg-type]
        commit=False,
    )

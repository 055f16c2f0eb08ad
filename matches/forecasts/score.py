"""How good the forecasts are: the Brier score of the engine's forecasts
of played matches against what happened, beside the naive forecast from
team value alone and the uniform one.

Each complete league match with its kick-off rosters (``RosterSnapshot``)
is forecast again from those rosters — what a forecast made just before
kick-off would have played, inducements given as
:mod:`matches.forecasts.services` gives them — and scored with the
three-outcome Brier score: the sum over home win, draw and away win of
(chance − outcome)², averaged over the matches (0 is perfect; always
saying a third each scores 2/3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from statistics import mean

from engine.facade import forecast, get_variant
from league.rules import settings_rules
from matches.forecasts.services import forecast_seed, inputs_from_snapshots
from matches.forecasts.table import NAIVE_SCALE, naive_chances
from matches.models import Match, Season


def brier(chances: tuple[float, float, float], outcome: int) -> float:
    """Three-outcome Brier score; ``outcome`` 0 home win, 1 draw, 2 away win."""
    return sum((p - (1.0 if i == outcome else 0.0)) ** 2 for i, p in enumerate(chances))


@dataclass(frozen=True, slots=True)
class Scored:
    match_id: int
    outcome: int
    engine: tuple[float, float, float]
    home_tv: int
    away_tv: int
    seconds: float


@dataclass(frozen=True, slots=True)
class BrierReport:
    matches: int
    games_per_match: int
    engine: float
    naive_tv: float
    uniform: float
    draw_share: float
    seconds_per_forecast: float

    def as_dict(self) -> dict[str, float | int]:
        return {
            "matches": self.matches,
            "games_per_match": self.games_per_match,
            "brier_engine": round(self.engine, 4),
            "brier_naive_tv": round(self.naive_tv, 4),
            "brier_uniform": round(self.uniform, 4),
            "draw_share": round(self.draw_share, 4),
            "seconds_per_forecast": round(self.seconds_per_forecast, 3),
        }


def scoreable_matches(league_id: int | None = None) -> list[Match]:
    """Complete league-stage matches of complete or closed seasons, in a
    roster format, with both kick-off rosters. Decision: card formats (Blitz
    Bowl) are left out: their teams have no team value for the naive
    forecast to compare with."""
    qs = (
        Match.objects.filter(
            status=Match.Status.COMPLETE,
            stage=Match.Stage.LEAGUE,
            season__status__in=[Season.Status.COMPLETE, Season.Status.CLOSED],
        )
        .select_related("season", "result")
        .prefetch_related("snapshots")
        .order_by("pk")
    )
    if league_id is not None:
        qs = qs.filter(season__league_id=league_id)
    out = []
    for m in qs:
        if get_variant(m.season.settings["format"]).drafts_team_card:
            continue
        if len({s.team_id for s in m.snapshots.all()}) == 2:
            out.append(m)
    return out


def _outcome(m: Match) -> int:
    side = m.result.winner_side(m.home_id)
    return {"home": 0, None: 1, "away": 2}[side]


def score_forecasts(
    matches: list[Match],
    *,
    games: int,
    progress: Callable[[int, int], None] | None = None,
) -> BrierReport:
    scored: list[Scored] = []
    for i, m in enumerate(matches):
        snaps = {s.team_id: s.data for s in m.snapshots.all()}
        home, away = snaps[m.home_id], snaps[m.away_id]
        variant = get_variant(m.season.settings["format"])
        inputs = inputs_from_snapshots(
            variant, home, away, rules_version=m.season.settings.get("rules_version")
        )
        f = forecast(
            variant,
            inputs.home,
            inputs.away,
            games=games,
            seed=forecast_seed(m.seed),
            time_limit=settings_rules(m.season.settings).time_limit,
        )
        scored.append(
            Scored(
                m.pk,
                _outcome(m),
                (f.home_win, f.draw, f.away_win),
                int(home["tv"]),
                int(away["tv"]),
                f.seconds,
            )
        )
        if progress is not None:
            progress(i + 1, len(matches))
    if not scored:
        raise ValueError("no complete match with its kick-off rosters to score")
    draw_share = sum(1 for s in scored if s.outcome == 1) / len(scored)
    return BrierReport(
        matches=len(scored),
        games_per_match=games,
        engine=mean(brier(s.engine, s.outcome) for s in scored),
        naive_tv=mean(
            brier(
                naive_chances(s.home_tv, s.away_tv, draw_share, NAIVE_SCALE), s.outcome
            )
            for s in scored
        ),
        uniform=mean(brier((1 / 3, 1 / 3, 1 / 3), s.outcome) for s in scored),
        draw_share=draw_share,
        seconds_per_forecast=mean(s.seconds for s in scored),
    )

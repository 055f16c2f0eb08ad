"""The demo seasons: the Sevens, Blood Bowl 2025, classic, Dungeon Bowl and
Blitz Bowl demo leagues each play a whole round robin."""

from __future__ import annotations

from engine.facade import RANDOM_PRIMARY, inducement_catalogue, rules_data
from league.models import League, Player
from league.selectors import team_special_rules
from league.services.advancement import (
    PendingRoll,
    player_advance,
    player_advancement_choose,
    player_advancements_get,
)
from league.services.treasury import treasury_adjust
from matches.models import Match, Season
from matches.prematch.inducements import (
    Purchase,
    inducement_sides,
    match_buy_inducements,
)
from matches.seasons.services import season_create, season_schedule

DEMO_SEASONS = (
    ("Badlands Sevens", "2026 Season", 2026),
    ("Lustria Classic Cup", "2026 Cup", 1987),
    # Blood Bowl 2025: four teams, six matches
    ("Couronne Open", "2026 Season", 2025),
    # Dungeon Bowl: eight Colleges, each match in a dungeon of its own
    ("Magisterium Dungeon Bowl", "2026 Dungeon", 1592),
    # Blitz Bowl, a house format: the engine plays every match
    ("Blitz Bowl Open", "2026 Blitz", 2014),
)
DEMO_SEASON = DEMO_SEASONS[0]


def demo_season(which: tuple[str, str, int] = DEMO_SEASON) -> tuple[Season, bool]:
    """A demo season, created and scheduled if it does not exist yet."""
    league_name, season_name, seed = which
    league = League.objects.get(name=league_name)
    season = Season.objects.filter(league=league, name=season_name).first()
    if season is not None:
        return season, False
    season = season_create(league=league, name=season_name, seed=seed)
    season_schedule(season_id=season.pk)
    return season, True


def demo_seasons_in_order() -> list[Season]:
    """The demo seasons in the order the demo plays them: the landing
    league's (``/`` redirects to it), then the others, fewest matches left
    first (so that more leagues are complete sooner)."""
    landing = demo_season(DEMO_SEASON)[0]
    others = [demo_season(which)[0] for which in DEMO_SEASONS if which != DEMO_SEASON]
    return [landing, *sorted(others, key=demo_matches_left)]


def demo_matches_left(season: Season) -> int:
    return season.matches.exclude(status=Match.Status.COMPLETE).count()


def demo_postgames_left(season: Season) -> list[int]:
    """The matches of ``season`` played but with their post-game not done
    (a stopped run): the season's resolution waits for them."""
    return list(
        season.matches.filter(
            status__in=(Match.Status.PLAYED, Match.Status.POST_GAME)
        ).values_list("pk", flat=True)
    )


def demo_advance_players(season: Season) -> list[str]:
    """Spend the demo season's Star Player Points: every player who can
    afford a random Primary skill rolls for one (through the same service as
    a coach's request, dice logged), keeping the first skill rolled where
    the format rolls two (BB2025). Returns a line per advancement."""
    lines = []
    players = Player.objects.filter(
        team__in=season.teams.all(), status=Player.Status.ACTIVE, spp__gt=0
    ).select_related("team__league")
    for player in players.order_by("team__name", "number"):
        menu = player_advancements_get(player)
        option = next((o for o in menu.options if o.kind == RANDOM_PRIMARY), None)
        if option is None:
            continue
        advanced = player_advance(
            player_id=player.pk, kind=option.kind, category=option.category
        )
        if isinstance(advanced, PendingRoll):
            # the dice are binding: keep the first skill rolled
            advanced = player_advancement_choose(
                player_id=player.pk, skill=advanced.skills[0]
            )
        skill = advanced.result.skill
        lines.append(
            f"{player.team.name} #{player.number} {player.name} rolled "
            f"{skill.skill if skill else 'a skill'} ({option.category})"
        )
    return lines


# The Old World Classic league (Blood Bowl 2020) plays one match of its
# season in the demo: its home side hires two Star Players, paid for by a
# commissioner's treasury adjustment (a sponsor), so the replay shows them.
STAR_SEASON = ("Old World Classic", "2026 Season", 2020)
STAR_PREFERENCE = (
    "morg-n-thorg",
    "griff-oberwald",
    "grombrindal",
    "mighty-zug",
    "count-luthor-von-drakenborg",
    "anqi-panqi",
)
SPONSOR_NOTE = "Demo: a sponsor pays for two Star Players"


def demo_star_match() -> tuple[Match, list[str]] | None:
    """The Old World Classic season's first match, with two Star Players and
    a Hireling Sports-Wizard bought by the side that buys first; None once
    it has been played."""
    season, _ = demo_season(STAR_SEASON)
    match = season.matches.order_by("round", "id").first()
    if match is None or match.status != Match.Status.SCHEDULED:
        return None
    home, away = inducement_sides(match)
    side = away if home.must_wait else home
    team = side.team
    league = team.league
    data = rules_data(league.rules_version)
    rules = team_special_rules(team)
    picks = [
        s
        for s in STAR_PREFERENCE
        if s in data.star_players and data.star_players[s].plays_for(rules)
    ][:2]
    wizard = inducement_catalogue(league.format)["wizard"].price or 0
    cost = sum(data.star_players[s].cost for s in picks) + wizard
    short = cost - side.petty_cash - side.treasury_available
    if short > 0:
        treasury_adjust(
            team=team, amount=short, note=SPONSOR_NOTE, actor=league.commissioner
        )
    match_buy_inducements(
        match_id=match.pk,
        team_id=team.pk,
        actor=league.commissioner,
        items=[Purchase("star_players", star_player=s) for s in picks]
        + [Purchase("wizard")],
    )
    names = [data.star_players[s].name for s in picks] + ["a Hireling Sports-Wizard"]
    return match, [f"{team.name} hired {' and '.join(names)} for {match}"]


DISPUTE_REASON = "Our thrower scored on the last turn: it was 1-1"
DECISION_REASON = "The photo of the final turn shows the ball short of the End Zone"


def demo_disputed_report() -> list[str]:
    """The Old World Classic league asks coaches to confirm reports: the
    next match between two different coaches is reported 1-0 by its home
    coach, disputed by the away coach and let stand by the commissioner,
    with their reasons. Nothing once done."""
    from matches.models import ReportSubmission
    from matches.reports.confirmation import report_decide, report_dispute
    from matches.reports.lines import PlayerLine, Report
    from matches.reports.report import match_submit_report

    season, _ = demo_season(STAR_SEASON)
    if ReportSubmission.objects.filter(match__season=season).exists():
        return []
    league = season.league
    League.objects.filter(pk=league.pk).update(report_confirmation_days=3)
    match = next(
        (
            m
            for m in season.matches.filter(status=Match.Status.SCHEDULED)
            .select_related("home", "away")
            .order_by("round", "id")
            if m.home.coach_id != m.away.coach_id
        ),
        None,
    )
    if match is None:
        return []
    scorer = (
        Player.objects.filter(team=match.home, status=Player.Status.ACTIVE)
        .order_by("number")
        .first()
    )
    assert scorer is not None
    sub = match_submit_report(
        match_id=match.pk,
        report=Report(1, 0, players=[PlayerLine(scorer.pk, touchdowns=1)]),
        actor=match.home.coach,
    )
    assert isinstance(sub, ReportSubmission)
    report_dispute(submission_id=sub.pk, actor=match.away.coach, reason=DISPUTE_REASON)
    report_decide(
        submission_id=sub.pk,
        actor=league.commissioner,
        accept=True,
        reason=DECISION_REASON,
    )
    return [
        f"{match}: {match.home.coach} reported 1-0, {match.away.coach} disputed it, "
        f"the commissioner let it stand"
    ]

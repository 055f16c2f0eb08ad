"""The casualties suffered by players hired for a match (Star Players,
mercenaries) count as casualties caused: each result gains the list of them,
and its two counts are worked out again.

A resolved match's are in its engine summary (``summary["casualties"]``,
the engine ids of hired players from ``MERCENARY_ID_BASE`` up); a recorded
match's are its ``star_casualty`` events naming a ``star_player``, each
star's team being the one whose inducements hired him. Running it again
gives the same counts."""

from django.db import migrations, models

from engine.facade import is_mercenary
from engine.facade import find_star
from engine.facade import rules_data


def _star_teams(match, inducements):
    """Each Star Player slug that may name a star of ``match`` (a pair's
    members by their own slugs), with the id of the team that hired him."""
    teams = {}
    season = match.season
    data = rules_data(
        str(season.settings.get("rules_version", "")) or season.league.rules_version
    )
    for record in inducements:
        for line in record.lines:
            slug = line.get("star_player")
            if line.get("slug") != "star_players" or not slug:
                continue
            star = find_star(data, str(slug))
            members = [m.slug for m in star.members] if star is not None else []
            for member in (str(slug), *members):
                teams[member] = record.team_id
    return teams


def _resolved_hired(result):
    """A resolved match's hired players' casualties, from its summary."""
    match = result.match
    sides = {"home": match.home_id, "away": match.away_id}
    return [
        {
            "team_id": sides[cas["team"]],
            "player_id": int(cas["player_id"]),
            "star_player": None,
            "inflicted_by": cas.get("inflicted_by"),
        }
        for cas in (result.summary or {}).get("casualties") or ()
        if cas.get("team") in sides
        and is_mercenary(int(cas.get("player_id") or 0))
        and not cas.get("regenerated")
    ]


def _recorded_hired(result, events, inducements):
    """A recorded match's Star Players' casualties, from its
    ``star_casualty`` events."""
    teams = _star_teams(result.match, inducements)
    hired = []
    for payload in events:
        slug = payload.get("star_player")
        if not slug or slug not in teams:
            continue
        hired.append(
            {
                "team_id": teams[slug],
                "player_id": None,
                "star_player": slug,
                "inflicted_by": payload.get("inflicted_by"),
            }
        )
    return hired


def recount_casualties(apps, schema_editor):
    """Fill every result's ``hired_casualties`` and count each team's
    casualties caused again: the casualties the other team's players
    suffered, rostered (``casualties``) and hired."""
    MatchResult = apps.get_model("matches", "MatchResult")
    MatchEvent = apps.get_model("matches", "MatchEvent")
    MatchInducements = apps.get_model("matches", "MatchInducements")
    results = MatchResult.objects.select_related("match__season__league").order_by("pk")
    for result in results.iterator(chunk_size=500):
        match = result.match
        if result.mode == "resolved":
            hired = _resolved_hired(result)
        else:
            events = list(
                MatchEvent.objects.filter(match_id=match.pk, type="star_casualty")
                .order_by("seq")
                .values_list("payload", flat=True)
            )
            hired = (
                _recorded_hired(
                    result,
                    events,
                    list(MatchInducements.objects.filter(match_id=match.pk)),
                )
                if events
                else []
            )
        suffered = [c["team_id"] for c in (*result.casualties, *hired)]
        home = suffered.count(match.away_id)
        away = suffered.count(match.home_id)
        if (result.hired_casualties, result.home_casualties, result.away_casualties) != (
            hired,
            home,
            away,
        ):
            result.hired_casualties = hired
            result.home_casualties, result.away_casualties = home, away
            result.save(
                update_fields=["hired_casualties", "home_casualties", "away_casualties"]
            )


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0011_report_submission"),
    ]

    operations = [
        migrations.AddField(
            model_name="matchresult",
            name="hired_casualties",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(recount_casualties, migrations.RunPython.noop),
    ]

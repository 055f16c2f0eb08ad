"""Low Cost Linemen (the_teams.md; BB2025 section 16): a permanently hired
Lineman of a team with the rule has a Current Value without his hiring fee.
Values are stored (``Player.value``), so the ones already written with the
fee lose it: every player of such a team who is not a journeyman and plays a
Lineman position (``LeagueFormat.is_lineman``) in a format that plays the
rule (``LeagueFormat.low_cost_linemen_rule``). Going back adds the fee again.
Journeymen keep theirs (not permanently hired)."""

from django.db import migrations

from engine.facade import RuleError, fee_in_value, get_variant, rules_data


def _fees(apps):
    """(player id, hiring fee left out of his value) for every such player."""
    Player = apps.get_model("league", "Player")
    players = Player.objects.filter(journeyman=False).select_related("team__league")
    for player in players.iterator():
        team = player.team
        league = team.league
        try:
            fmt = get_variant(league.format)
            roster = rules_data(league.rules_version).rosters[team.roster]
            position = roster.position(player.position)
        except (RuleError, KeyError, OSError):
            continue
        rules = roster.team_rules(team.special_rule or None)
        if not fee_in_value(fmt, position, rules):
            yield player, position.cost


def leave_fee_out(apps, schema_editor):
    for player, fee in _fees(apps):
        if player.value >= fee:
            player.value -= fee
            player.save(update_fields=["value"])


def put_fee_back(apps, schema_editor):
    for player, fee in _fees(apps):
        player.value += fee
        player.save(update_fields=["value"])


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0016_team_captain"),
    ]

    operations = [
        migrations.RunPython(leave_fee_out, put_fee_back),
    ]

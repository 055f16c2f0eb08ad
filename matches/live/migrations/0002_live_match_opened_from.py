from django.conf import settings
from django.db import migrations, models
from django.db.models import F, Q


def side_opened_from(apps, schema_editor):
    """A live match opened before the field: the side its opener coached
    then (home when he coached both, as the service chose); against the
    bot, the side the bot does not play."""
    live_match = apps.get_model("live", "LiveMatch")
    live_match.objects.filter(home_bot=True).update(opened_from="away")
    live_match.objects.filter(
        Q(opened_by=F("match__away__coach")) & ~Q(opened_by=F("match__home__coach")),
        home_bot=False,
        away_bot=False,
    ).update(opened_from="away")


class Migration(migrations.Migration):
    dependencies = [
        ("live", "0001_initial"),
        ("matches", "0015_match_third_place"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="livematch",
            name="opened_from",
            field=models.CharField(
                choices=[("home", "Home"), ("away", "Away")],
                default="home",
                max_length=4,
            ),
        ),
        migrations.RunPython(side_opened_from, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="livematch",
            constraint=models.CheckConstraint(
                condition=models.Q(("opened_from__in", ["home", "away"])),
                name="live_match_opened_from_a_side",
            ),
        ),
    ]

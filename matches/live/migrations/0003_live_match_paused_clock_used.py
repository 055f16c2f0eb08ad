from datetime import timedelta

from django.db import migrations, models


class Migration(migrations.Migration):
    """A match in play keeps its deciding side's clock; the other side's
    starts unused."""

    dependencies = [
        ("live", "0002_live_match_opened_from"),
    ]

    operations = [
        migrations.AddField(
            model_name="livematch",
            name="paused_clock_used",
            field=models.DurationField(default=timedelta(0)),
        ),
    ]

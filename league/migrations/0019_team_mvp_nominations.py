"""A team's standing MVP nominations (BB2025): the players the post-game
draws the MVP from when a match carries no nominations for the team."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0018_invitation_declined_notification"),
    ]

    operations = [
        migrations.AddField(
            model_name="team",
            name="mvp_nominations",
            field=models.JSONField(blank=True, default=list),
        ),
    ]

"""A notification kind for the commissioner: a coach declined the
invitation."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0017_low_cost_linemen_value"),
    ]

    operations = [
        migrations.AlterField(
            model_name="notification",
            name="kind",
            field=models.CharField(
                choices=[
                    (
                        "report_waiting",
                        "A report of your match waits for you to confirm or dispute it",
                    ),
                    ("report_confirmed", "Your report was confirmed"),
                    ("report_disputed", "A report was disputed"),
                    (
                        "report_decided",
                        "A report was decided by the commissioner or stood after its deadline",
                    ),
                    ("invitation", "You are invited to a league"),
                    ("join_request", "A coach asks to join your league"),
                    ("join_answered", "Your request to join a league was answered"),
                    (
                        "member_joined",
                        "A coach joined your league through an invitation or its invite link",
                    ),
                    (
                        "invitation_declined",
                        "A coach declined your invitation to your league",
                    ),
                    ("season_scheduled", "A season with your team is scheduled"),
                    ("deadline_near", "A deadline of yours is near"),
                    (
                        "spp_to_spend",
                        "A player of yours has SPP to spend, or a skill to pick",
                    ),
                ],
                max_length=30,
            ),
        ),
    ]

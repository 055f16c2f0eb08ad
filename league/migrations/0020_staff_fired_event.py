"""The league event that records Sideline Staff a team fired."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0019_team_mvp_nominations"),
    ]

    operations = [
        migrations.AlterField(
            model_name="leagueevent",
            name="type",
            field=models.CharField(
                choices=[
                    ("advancement", "Advancement"),
                    ("sevens_advancement", "Sevens post-game skill"),
                    ("journeymen_taken", "Journeymen taken on"),
                    ("journeymen_released", "Journeymen released"),
                    ("journeyman_hired", "Journeyman hired"),
                    ("player_retired", "Player temporarily retired"),
                    ("player_unretired", "Player back from retirement"),
                    ("treasury_adjustment", "Treasury adjustment"),
                    ("league_opened", "League opened to requests"),
                    ("league_closed", "League closed to requests"),
                    ("member_invited", "Coach invited"),
                    ("invitation_accepted", "Invitation accepted"),
                    ("invitation_declined", "Invitation declined"),
                    ("join_requested", "Coach asked to join"),
                    ("request_approved", "Request to join approved"),
                    ("request_declined", "Request to join declined"),
                    ("member_removed", "Coach removed"),
                    ("special_rule_chosen", "Team special rule chosen"),
                    ("staff_fired", "Sideline Staff fired"),
                    ("captain_named", "Team Captain named"),
                    ("mvp_nominations_set", "Standing MVP nominees set"),
                    ("player_raised", "Killed opponent raised (Masters of Undeath)"),
                    ("season_scheduled", "Season scheduled"),
                    ("season_resolve_started", "Resolution started"),
                    ("match_postponed", "Match postponed"),
                    ("result_overridden", "Result overridden"),
                    ("season_closed", "Season closed"),
                    ("redraft_approved", "Re-draft approved"),
                    ("report_submitted", "Report waiting for confirmation"),
                    ("report_confirmed", "Report confirmed"),
                    ("report_disputed", "Report disputed"),
                    ("report_decided", "Disputed report decided"),
                    ("report_stood", "Report stood after its deadline"),
                    ("invite_link_made", "Invite link made"),
                    ("invite_emailed", "Coach invited by e-mail"),
                    ("joined_by_invite", "Coach joined through an invitation"),
                ],
                max_length=40,
            ),
        ),
    ]

"""The web pages' URL map (server-rendered, under the site root)."""

from django.urls import include, path

from league import member_views
from league import views as league_views
from league.creation import views as creation_views
from league.invites import views as invite_views
from league.notifications import views as notification_views
from league.preferences import views as preference_views
from league.tokens import views as token_views
from matches.calendar import views as ical_views
from matches.home import views as home_views
from matches.pages import (
    confirm_views,
    inducement_views,
    player_pages,
    player_views,
    prematch_views,
    season_views,
    team_manage_views,
    team_views,
)
from matches.pages import league_views as page_views
from matches.pages import views as match_views

app_name = "web"

urlpatterns = [
    path("", home_views.front_page, name="home"),
    path("leagues/", league_views.league_index, name="leagues"),
    path("leagues/new/", creation_views.league_new, name="league-new"),
    path("invite/<str:token>/", invite_views.invite_page, name="invite"),
    path("accounts/tokens/", token_views.api_tokens, name="api-tokens"),
    path(
        "accounts/tokens/<int:token_id>/revoke/",
        token_views.api_token_revoke_view,
        name="api-token-revoke",
    ),
    path("me/", home_views.my_home, name="my-teams"),
    path(
        "me/notifications/",
        notification_views.notification_list_page,
        name="notifications",
    ),
    path(
        "me/notifications/<int:notification_id>/",
        notification_views.notification_open_view,
        name="notification-open",
    ),
    path(
        "me/notifications/read/",
        notification_views.notifications_read_view,
        name="notifications-read",
    ),
    path("me/preferences/", preference_views.preferences_page, name="preferences"),
    path("leagues/<int:league_id>/", page_views.league_page, name="league"),
    path(
        "leagues/<int:league_id>/fixtures.ics",
        ical_views.league_calendar,
        name="league-calendar",
    ),
    path(
        "leagues/<int:league_id>/draft/",
        league_views.team_draft_page,
        name="team-draft",
    ),
    path(
        "leagues/<int:league_id>/draft/budget/",
        league_views.team_draft_budget,
        name="team-draft-budget",
    ),
    path("leagues/<int:league_id>/join/", league_views.league_join, name="league-join"),
    path(
        "leagues/<int:league_id>/invitation/accept/",
        league_views.league_invitation_accept,
        name="league-invitation-accept",
    ),
    path(
        "leagues/<int:league_id>/invitation/decline/",
        league_views.league_invitation_decline,
        name="league-invitation-decline",
    ),
    path(
        "leagues/<int:league_id>/members/",
        member_views.league_members,
        name="league-members",
    ),
    path(
        "leagues/<int:league_id>/members/invite/",
        member_views.league_invite,
        name="league-invite",
    ),
    path(
        "leagues/<int:league_id>/members/invite-link/",
        invite_views.league_invite_link,
        name="league-invite-link",
    ),
    path(
        "leagues/<int:league_id>/members/invite-email/",
        invite_views.league_invite_email,
        name="league-invite-email",
    ),
    path(
        "leagues/<int:league_id>/members/open/",
        member_views.league_open,
        name="league-open",
    ),
    path(
        "leagues/<int:league_id>/members/<int:coach_id>/remove/",
        member_views.league_member_remove,
        name="league-member-remove",
    ),
    path(
        "leagues/<int:league_id>/requests/<int:coach_id>/approve/",
        member_views.league_request_approve,
        name="league-request-approve",
    ),
    path(
        "leagues/<int:league_id>/requests/<int:coach_id>/decline/",
        member_views.league_request_decline,
        name="league-request-decline",
    ),
    path(
        "leagues/<int:league_id>/seasons/new/",
        match_views.season_new,
        name="season-new",
    ),
    path("seasons/<int:season_id>/", page_views.season_page, name="season"),
    path(
        "seasons/<int:season_id>/schedule/",
        match_views.season_generate_schedule,
        name="season-schedule",
    ),
    path(
        "seasons/<int:season_id>/playoffs/",
        match_views.season_generate_playoffs,
        name="season-playoffs",
    ),
    path(
        "seasons/<int:season_id>/resolve/",
        match_views.season_resolve,
        name="season-resolve",
    ),
    path(
        "seasons/<int:season_id>/close/",
        season_views.season_close_page,
        name="season-close",
    ),
    path(
        "seasons/<int:season_id>/round-dates/",
        season_views.season_round_dates_page,
        name="season-round-dates",
    ),
    path(
        "matches/<int:match_id>/postpone/",
        season_views.match_postpone_page,
        name="match-postpone",
    ),
    path(
        "matches/<int:match_id>/unplayed/",
        season_views.match_unplayed_page,
        name="match-unplayed",
    ),
    path("progress/<uuid:progress_id>/", match_views.task_progress, name="progress"),
    path("teams/<int:team_id>/", page_views.team_page, name="team"),
    path(
        "teams/<int:team_id>/fixtures.ics",
        ical_views.team_calendar,
        name="team-calendar",
    ),
    path("teams/<int:team_id>/hire/", team_manage_views.team_hire, name="team-hire"),
    path(
        "teams/<int:team_id>/players/<int:player_id>/fire/",
        team_manage_views.team_fire,
        name="team-fire",
    ),
    path("teams/<int:team_id>/buy/", team_manage_views.team_purchase, name="team-buy"),
    path(
        "teams/<int:team_id>/staff/fire/",
        team_manage_views.team_staff_fire,
        name="team-staff-fire",
    ),
    path(
        "teams/<int:team_id>/players/<int:player_id>/hire/",
        team_views.team_journeyman_hire,
        name="team-journeyman-hire",
    ),
    path(
        "teams/<int:team_id>/players/<int:player_id>/retire/",
        team_views.team_player_retire,
        name="team-retire",
    ),
    path(
        "teams/<int:team_id>/postgame/end/",
        team_views.team_end_postgame,
        name="team-postgame-end",
    ),
    path(
        "teams/<int:team_id>/players/<int:player_id>/unretire/",
        team_views.team_player_unretire,
        name="team-unretire",
    ),
    path(
        "teams/<int:team_id>/special-rule/",
        team_views.team_special_rule,
        name="team-special-rule",
    ),
    path(
        "teams/<int:team_id>/captain/",
        team_views.team_captain,
        name="team-captain",
    ),
    path(
        "teams/<int:team_id>/mvp-nominations/",
        team_views.team_mvp_nominations,
        name="team-mvp-nominations",
    ),
    path(
        "teams/<int:team_id>/redraft/",
        team_views.team_redraft_page,
        name="team-redraft",
    ),
    path(
        "leagues/<int:league_id>/leaders/",
        player_pages.league_leaders_page,
        name="league-leaders",
    ),
    path("players/<int:player_id>/", player_pages.player_page, name="player"),
    path(
        "players/<int:player_id>/advance/",
        player_views.player_advance_page,
        name="player-advance",
    ),
    path(
        "players/<int:player_id>/advancements/<int:event_id>/",
        player_views.player_advancement,
        name="player-advancement",
    ),
    path("matches/<int:match_id>/", match_views.match_page, name="match"),
    path(
        "reports/<int:submission_id>/confirm/",
        confirm_views.submission_confirm,
        name="submission-confirm",
    ),
    path(
        "reports/<int:submission_id>/dispute/",
        confirm_views.submission_dispute,
        name="submission-dispute",
    ),
    path(
        "reports/<int:submission_id>/decide/",
        confirm_views.submission_decide,
        name="submission-decide",
    ),
    path(
        "reports/<int:submission_id>/withdraw/",
        confirm_views.submission_withdraw,
        name="submission-withdraw",
    ),
    path(
        "matches/<int:match_id>/preview/",
        prematch_views.match_preview_page,
        name="match-preview",
    ),
    path(
        "matches/<int:match_id>/resolve/",
        season_views.match_resolve_page,
        name="match-resolve",
    ),
    path(
        "matches/<int:match_id>/inducements/",
        inducement_views.match_inducements,
        name="match-inducements",
    ),
    path(
        "matches/<int:match_id>/events/", match_views.match_events, name="match-events"
    ),
    path(
        "matches/<int:match_id>/replay.json",
        match_views.match_replay,
        name="match-replay",
    ),
    path(
        "matches/<int:match_id>/report/", match_views.match_report, name="match-report"
    ),
    path(
        "matches/<int:match_id>/override/",
        match_views.match_override,
        name="match-override",
    ),
    # Live play in the browser (matches/live/).
    path("", include("matches.live.urls")),
]

from django.urls import path

from league.api import card_teams, membership, players, rules, views

urlpatterns = [
    path("formats/", rules.FormatListApi.as_view(), name="format-list"),
    path(
        "formats/<str:format_slug>/rosters/",
        rules.RosterListApi.as_view(),
        name="roster-list",
    ),
    path(
        "formats/<str:format_slug>/rosters/<str:roster_slug>/",
        rules.RosterDetailApi.as_view(),
        name="roster-detail",
    ),
    path(
        "formats/<str:format_slug>/cards/",
        card_teams.TeamCardListApi.as_view(),
        name="team-card-list",
    ),
    path(
        "formats/<str:format_slug>/skills/",
        rules.FormatSkillListApi.as_view(),
        name="format-skill-list",
    ),
    path(
        "formats/<str:format_slug>/star-players/",
        rules.FormatStarPlayerListApi.as_view(),
        name="format-star-player-list",
    ),
    path("skills/", rules.SkillListApi.as_view(), name="skill-list"),
    path("star-players/", rules.StarPlayerListApi.as_view(), name="star-player-list"),
    path("leagues/", views.LeagueListApi.as_view(), name="league-list"),
    path("leagues/<int:pk>/", views.LeagueDetailApi.as_view(), name="league-detail"),
    path(
        "leagues/<int:league_id>/members/",
        membership.LeagueMembersApi.as_view(),
        name="league-members",
    ),
    path(
        "leagues/<int:league_id>/members/<int:coach_id>/",
        membership.LeagueMemberDetailApi.as_view(),
        name="league-member-detail",
    ),
    path(
        "leagues/<int:league_id>/invite-link/",
        membership.LeagueInviteLinkApi.as_view(),
        name="league-invite-link",
    ),
    path(
        "leagues/<int:league_id>/join/",
        membership.LeagueJoinApi.as_view(),
        name="league-join",
    ),
    path(
        "leagues/<int:league_id>/invitation/accept/",
        membership.LeagueInvitationAcceptApi.as_view(),
        name="league-invitation-accept",
    ),
    path(
        "leagues/<int:league_id>/invitation/decline/",
        membership.LeagueInvitationDeclineApi.as_view(),
        name="league-invitation-decline",
    ),
    path(
        "leagues/<int:league_id>/requests/<int:coach_id>/approve/",
        membership.LeagueRequestApproveApi.as_view(),
        name="league-request-approve",
    ),
    path(
        "leagues/<int:league_id>/requests/<int:coach_id>/decline/",
        membership.LeagueRequestDeclineApi.as_view(),
        name="league-request-decline",
    ),
    path(
        "leagues/<int:league_id>/open/",
        membership.LeagueOpenApi.as_view(),
        name="league-open",
    ),
    path("teams/", views.TeamListApi.as_view(), name="team-list"),
    path("teams/card/", card_teams.TeamCardDraftApi.as_view(), name="team-card-draft"),
    path("teams/<int:team_id>/", views.TeamDetailApi.as_view(), name="team-detail"),
    path(
        "teams/<int:team_id>/players/",
        views.TeamPlayersApi.as_view(),
        name="team-players",
    ),
    path(
        "teams/<int:team_id>/players/<int:player_id>/",
        views.TeamPlayerDetailApi.as_view(),
        name="team-player-detail",
    ),
    path(
        "teams/<int:team_id>/special-rule/",
        views.TeamSpecialRuleApi.as_view(),
        name="team-special-rule",
    ),
    path(
        "teams/<int:team_id>/captain/",
        views.TeamCaptainApi.as_view(),
        name="team-captain",
    ),
    path(
        "teams/<int:team_id>/mvp-nominations/",
        views.TeamMvpNominationsApi.as_view(),
        name="team-mvp-nominations",
    ),
    path(
        "teams/<int:team_id>/purchases/",
        views.TeamPurchasesApi.as_view(),
        name="team-purchases",
    ),
    path(
        "teams/<int:team_id>/staff/fire/",
        views.TeamStaffFireApi.as_view(),
        name="team-staff-fire",
    ),
    path(
        "teams/<int:team_id>/ledger/", views.TeamLedgerApi.as_view(), name="team-ledger"
    ),
    path(
        "players/<int:player_id>/advancements/",
        players.PlayerAdvancementsApi.as_view(),
        name="player-advancements",
    ),
    path(
        "players/<int:player_id>/advancements/pending/",
        players.PlayerAdvancementChoiceApi.as_view(),
        name="player-advancement-choice",
    ),
    path(
        "players/<int:player_id>/hire/",
        players.JourneymanHireApi.as_view(),
        name="player-hire",
    ),
    path(
        "players/<int:player_id>/unretire/",
        players.PlayerUnretireApi.as_view(),
        name="player-unretire",
    ),
    path(
        "leagues/<int:league_id>/events/",
        players.LeagueEventListApi.as_view(),
        name="league-events",
    ),
]

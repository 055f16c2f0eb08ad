from django.urls import path

from matches.api import cards as api_cards
from matches.api import confirm as api_confirm
from matches.api import deductions as api_deductions
from matches.api import forecasts as api_forecasts
from matches.api import inducements as api_inducements
from matches.api import postgame_end as api_postgame_end
from matches.api import postgame_skill as api_postgame_skill
from matches.api import retirement as api_retirement
from matches.api import rollover as api_rollover
from matches.api import rounds as api_rounds
from matches.api import seasons as api
from matches.api import unplayed as api_unplayed
from matches.api import webhooks as api_webhooks

urlpatterns = [
    path(
        "matches/<int:pk>/submissions/",
        api_confirm.MatchSubmissionsApi.as_view(),
        name="match-submissions",
    ),
    path(
        "matches/<int:pk>/submissions/<int:submission_id>/confirm/",
        api_confirm.SubmissionConfirmApi.as_view(),
        name="submission-confirm",
    ),
    path(
        "matches/<int:pk>/submissions/<int:submission_id>/dispute/",
        api_confirm.SubmissionDisputeApi.as_view(),
        name="submission-dispute",
    ),
    path(
        "matches/<int:pk>/submissions/<int:submission_id>/decide/",
        api_confirm.SubmissionDecideApi.as_view(),
        name="submission-decide",
    ),
    path(
        "matches/<int:pk>/submissions/<int:submission_id>/withdraw/",
        api_confirm.SubmissionWithdrawApi.as_view(),
        name="submission-withdraw",
    ),
    path(
        "leagues/<int:league_id>/webhooks/",
        api_webhooks.LeagueWebhookListApi.as_view(),
        name="league-webhooks",
    ),
    path(
        "leagues/<int:league_id>/webhooks/<int:webhook_id>/",
        api_webhooks.LeagueWebhookDetailApi.as_view(),
        name="league-webhook",
    ),
    path(
        "leagues/<int:league_id>/webhooks/<int:webhook_id>/deliveries/",
        api_webhooks.WebhookDeliveriesApi.as_view(),
        name="league-webhook-deliveries",
    ),
    path(
        "teams/<int:team_id>/sevens-advancement/",
        api_postgame_skill.TeamSevensAdvancementApi.as_view(),
        name="team-sevens-advancement",
    ),
    path(
        "teams/<int:team_id>/postgame/end/",
        api_postgame_end.TeamPostgameEndApi.as_view(),
        name="team-postgame-end",
    ),
    path(
        "players/<int:player_id>/retire/",
        api_retirement.PlayerRetireApi.as_view(),
        name="player-retire",
    ),
    path("seasons/", api.SeasonListApi.as_view(), name="season-list"),
    path("seasons/<int:pk>/", api.SeasonDetailApi.as_view(), name="season-detail"),
    path(
        "seasons/<int:season_id>/schedule/",
        api.SeasonScheduleApi.as_view(),
        name="season-schedule",
    ),
    path(
        "seasons/<int:season_id>/playoffs/",
        api.SeasonPlayoffsApi.as_view(),
        name="season-playoffs",
    ),
    path(
        "seasons/<int:season_id>/resolve/",
        api.SeasonResolveApi.as_view(),
        name="season-resolve",
    ),
    path(
        "seasons/<int:season_id>/matches/",
        api.SeasonMatchesApi.as_view(),
        name="season-matches",
    ),
    path(
        "seasons/<int:season_id>/standings/",
        api.SeasonStandingsApi.as_view(),
        name="season-standings",
    ),
    path(
        "seasons/<int:season_id>/forecasts/",
        api_forecasts.SeasonForecastsApi.as_view(),
        name="season-forecasts",
    ),
    path(
        "seasons/<int:season_id>/close/",
        api_rollover.SeasonCloseApi.as_view(),
        name="season-close",
    ),
    path(
        "seasons/<int:season_id>/points-deductions/",
        api_deductions.SeasonDeductionsApi.as_view(),
        name="season-points-deductions",
    ),
    path(
        "seasons/<int:season_id>/points-deductions/<int:deduction_id>/withdraw/",
        api_deductions.SeasonDeductionWithdrawApi.as_view(),
        name="season-points-deduction-withdraw",
    ),
    path(
        "seasons/<int:season_id>/round-dates/",
        api_rounds.SeasonRoundDatesApi.as_view(),
        name="season-round-dates",
    ),
    path(
        "teams/<int:team_id>/redraft/",
        api_rollover.TeamRedraftApi.as_view(),
        name="team-redraft",
    ),
    path("tasks/<uuid:task_id>/", api.TaskDetailApi.as_view(), name="task-detail"),
    path("matches/<int:pk>/", api.MatchDetailApi.as_view(), name="match-detail"),
    path("matches/<int:pk>/events/", api.MatchEventsApi.as_view(), name="match-events"),
    path(
        "matches/<int:pk>/forecast/",
        api_forecasts.MatchForecastApi.as_view(),
        name="match-forecast",
    ),
    path("matches/<int:pk>/report/", api.MatchReportApi.as_view(), name="match-report"),
    path(
        "matches/<int:pk>/card-report/",
        api_cards.MatchCardReportApi.as_view(),
        name="match-card-report",
    ),
    path(
        "matches/<int:pk>/resolve/", api.MatchResolveApi.as_view(), name="match-resolve"
    ),
    path(
        "matches/<int:pk>/override/",
        api.MatchOverrideApi.as_view(),
        name="match-override",
    ),
    path(
        "matches/<int:pk>/inducements/",
        api_inducements.MatchInducementsApi.as_view(),
        name="match-inducements",
    ),
    path(
        "matches/<int:pk>/postpone/",
        api.MatchPostponeApi.as_view(),
        name="match-postpone",
    ),
    path(
        "matches/<int:pk>/unplayed/",
        api_unplayed.MatchUnplayedApi.as_view(),
        name="match-unplayed",
    ),
]

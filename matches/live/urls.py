from django.urls import path

from matches.live import views

app_name = "live"

urlpatterns = [
    path("matches/<int:match_id>/live/", views.live_page, name="page"),
    path("matches/<int:match_id>/live/open/", views.live_open, name="open"),
    path("live/<int:live_id>/accept/", views.live_accept, name="accept"),
    path("live/<int:live_id>/withdraw/", views.live_withdraw, name="withdraw"),
    path("live/<int:live_id>/state.json", views.live_state, name="state"),
    path("live/<int:live_id>/decide/", views.live_decide, name="decide"),
    path("live/<int:live_id>/setup/", views.live_setup, name="setup"),
    path("live/<int:live_id>/clock/", views.live_clock, name="clock"),
]

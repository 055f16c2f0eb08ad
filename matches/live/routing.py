from django.urls import path

from matches.live.consumers import LiveMatchConsumer

websocket_urlpatterns = [
    path("ws/live/<int:live_id>/", LiveMatchConsumer.as_asgi()),
]

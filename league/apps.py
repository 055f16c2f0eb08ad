from django.apps import AppConfig


class LeagueConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "league"

    def ready(self) -> None:
        # the person's time zone kept in their session at login
        from league.preferences import signals  # noqa: F401

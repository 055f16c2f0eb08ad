from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "matches.live"
    label = "live"
    verbose_name = "Live matches"
    default_auto_field = "django.db.models.BigAutoField"

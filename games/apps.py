from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Django's documented place for wiring that needs the models loaded.
        from games import permissions  # noqa: F401, PLC0415

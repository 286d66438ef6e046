from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project package as an app, so that its system checks (config/checks.py) register."""

    name = "config"
    label = "site_config"
    verbose_name = "Damas"

    def ready(self) -> None:
        from config import checks  # noqa: F401 -- registers the checks

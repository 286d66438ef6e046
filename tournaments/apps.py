from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # The cache table after every migrate, and a deploy check for every cache
        # (config/cache_health.py): production must not depend on how it was first migrated.
        from django.core import checks
        from django.db.models.signals import post_migrate

        from config.cache_health import check_caches, create_cache_tables

        post_migrate.connect(create_cache_tables, sender=self, dispatch_uid="damas-cache-tables")
        checks.register(check_caches, checks.Tags.caches, deploy=True)

        # Admin edits of a tournament, player or entry move the pages' version (issue 15).
        from tournaments.cache import versions  # noqa: F401

        # ...and once committed, the pages compute the new version's pieces (`committed`).
        from tournaments.pages import pieces  # noqa: F401

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArbitrationConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "arbitration"
    verbose_name = _("Arbitration")

    def ready(self) -> None:
        # Every result entry or correction, wherever it comes from, lands in the audit log.
        from tournaments.models import Game, Tournament
        from tournaments.signals import result_changed, tournament_changed

        from .audit import on_result_changed, on_tournament_changed

        result_changed.connect(on_result_changed, sender=Game, dispatch_uid="arbitration-audit")
        tournament_changed.connect(on_tournament_changed, sender=Tournament,
                                   dispatch_uid="arbitration-audit-tournament")

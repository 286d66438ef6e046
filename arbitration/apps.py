from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArbitrationConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "arbitration"
    verbose_name = _("Arbitration")

    def ready(self) -> None:
        # Every result entry or correction, wherever it comes from, lands in the audit log.
        from arbitration.audit import on_result_changed, on_tournament_changed
        from tournaments.models import Game, Tournament
        from tournaments.signals import result_changed, tournament_changed

        result_changed.connect(on_result_changed, sender=Game, dispatch_uid="arbitration-audit")
        # ...and so does every step an organiser or arbiter takes on the whole tournament, in
        # the site or in Django's admin (tournaments.signals.tournament_changed).
        tournament_changed.connect(on_tournament_changed, sender=Tournament,
                                   dispatch_uid="arbitration-audit-tournament")

        # Sheets and claims freeze their tournament's board and profile
        # (tournaments/models/frozen.py).
        from arbitration.models import has_sheets_or_claims
        from tournaments.models.frozen import register_recorded_play

        register_recorded_play(has_sheets_or_claims)

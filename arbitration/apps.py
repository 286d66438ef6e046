from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArbitrationConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "arbitration"
    verbose_name = _("Arbitration")

    def ready(self) -> None:
        # Every result entry or correction, wherever it comes from, lands in the audit log.
        from tournaments.models import Game, Tournament
        from tournaments.signals import official_action, result_changed

        from .audit import on_official_action, on_result_changed

        result_changed.connect(on_result_changed, sender=Game, dispatch_uid="arbitration-audit")

        # Sheets and claims freeze their tournament's board and profile (tournaments/frozen.py).
        from tournaments.frozen import register_recorded_play

        from .models import has_sheets_or_claims

        register_recorded_play(has_sheets_or_claims)
        # ...and so does every withdrawal and every tournament edit made in Django's admin.
        official_action.connect(on_official_action, sender=Tournament,
                                dispatch_uid="arbitration-audit-official")

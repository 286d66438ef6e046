from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    """Events as federations run them: one championship, several tournaments as its sections."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "events"
    verbose_name = _("Events")

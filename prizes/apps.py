from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrizesConfig(AppConfig):
    """Categories inside a tournament (age, sex, rating, a list) and the prizes of each."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "prizes"
    verbose_name = _("Categories and prizes")

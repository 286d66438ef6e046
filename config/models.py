"""The site's own tables, outside any tournament: failed sign-ins (config/login_limit.py)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class LoginFailure(models.Model):
    """Failed sign-ins within one window: per username and address, or per address alone.

    In the database, not the cache, so that no other traffic can evict a lockout (issue 20);
    an administrator lists and unlocks them in the admin.
    """

    class Kind(models.TextChoices):
        ACCOUNT = "account", pgettext_lazy("sign-in limit", "username from an address")
        ADDRESS = "address", pgettext_lazy("sign-in limit", "address, any username")
        RESET = "reset", pgettext_lazy("sign-in limit",
                                       "password resets for an email from an address")

    kind = models.CharField(_("counted for"), max_length=8, choices=Kind.choices)
    username = models.CharField(_("username"), max_length=150, blank=True)
    address = models.CharField(_("address"), max_length=64, blank=True)
    count = models.PositiveIntegerField(_("failed sign-ins"), default=0)
    window_ends = models.DateTimeField(_("counted until"), db_index=True)

    class Meta:
        verbose_name = _("failed sign-in count")
        verbose_name_plural = _("failed sign-in counts")
        ordering = ["-window_ends"]
        constraints = [
            models.UniqueConstraint(fields=["kind", "username", "address"],
                                    name="login_failure_once_per_kind_username_address"),
        ]

    def __str__(self) -> str:
        return f"{self.username or '*'} @ {self.address}"

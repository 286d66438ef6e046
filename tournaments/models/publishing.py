"""Publishing from the venue (issue 27): the public server's tokens and the venue's outbox.

On the public server an organiser of a tournament issues a `PublishingToken` for it; the venue
sends its copy of the tournament with that token (tournaments/files/publishing.py), which
replaces this server's copy and marks it published (`Tournament.published_at`). A published copy
is read-only: `cache.versions.bump()`, which every write calls in its transaction, raises
`PublishedCopyError` for it, so the write rolls back, unless the write is the publishing itself
(`applying_publication`).

At the venue, `PublishingOutbox` holds where one tournament is published and how far: the
tournament's version last sent, the sequence number of the last send, its digest, the failures
and when to try again. A tournament whose version moved past `sent_version` is pending; nothing
marks it, so no write pays for it.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

TOKEN_PREFIX_LENGTH = 8  # what the token page shows of a token


class PublishedCopyError(Exception):
    """A write to a tournament that is a copy published from the venue."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id
        super().__init__(str(_("This tournament is a copy published from the venue: it is "
                               "read-only here. Change it at the venue and publish it again.")))


_applying = threading.local()


@contextmanager
def applying_publication() -> Iterator[None]:
    """Within it, the publishing step may write to a published copy."""
    before = getattr(_applying, "active", False)
    _applying.active = True
    try:
        yield
    finally:
        _applying.active = before


def is_applying_publication() -> bool:
    return getattr(_applying, "active", False)


def token_digest(token: str) -> str:
    """Tokens are stored as their SHA-256: long random strings need no slow hash."""
    return hashlib.sha256(token.encode()).hexdigest()


class PublishingToken(models.Model):
    """What lets a venue replace the public copy of one tournament. Shown once, kept hashed."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="publishing_tokens",
                                   verbose_name=_("tournament"))
    digest = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(_("begins with"), max_length=TOKEN_PREFIX_LENGTH, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+",
                                   verbose_name=_("issued by"))
    created_at = models.DateTimeField(_("issued at"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    last_used_at = models.DateTimeField(_("last used at"), null=True, blank=True)
    # The last send applied (or found identical): a lower sequence is stale.
    last_sequence = models.PositiveBigIntegerField(default=0)
    last_digest = models.CharField(max_length=64, blank=True)
    # Sends counted in the current minute, for the rate limit.
    window_start = models.DateTimeField(null=True, blank=True)
    window_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("publishing token")

    def __str__(self) -> str:
        return f"{self.prefix}…"


class PublishingOutbox(models.Model):
    """At the venue: one tournament's publishing to a public server, and what is left to send."""

    tournament = models.OneToOneField("tournaments.Tournament", on_delete=models.CASCADE,
                                      related_name="publishing_outbox",
                                      verbose_name=_("tournament"))
    url = models.URLField(_("public server's address"), max_length=500)
    token = models.CharField(_("publishing token"), max_length=100)
    sequence = models.PositiveBigIntegerField(default=0)
    sent_version = models.PositiveBigIntegerField(null=True, blank=True)
    last_digest = models.CharField(max_length=64, blank=True)
    last_sent_at = models.DateTimeField(_("last sent at"), null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    next_try = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("publishing outbox")

    def __str__(self) -> str:
        return self.url

"""Publishing from the venue (issue 27): the steps that set it up, on either side.

Public server: `issue_token` (the token is returned once and stored as its SHA-256) and
`revoke_token`. Venue: `set_up_publishing` keeps where a tournament is published and with which
token (its outbox), `queue_publishing` asks for a send as soon as possible. Sending is
tournaments/files/publish_send.py; receiving, tournaments/files/publishing.py.
"""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    TOKEN_PREFIX_LENGTH,
    PublishingOutbox,
    PublishingToken,
    Tournament,
    token_digest,
)
from tournaments.services.errors import TournamentError

# Plain http only to this machine (tests, a server on the same laptop); anywhere else, HTTPS.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


class PublishingError(TournamentError):
    """Publishing cannot be set up as asked; the message says why."""


def issue_token(tournament: Tournament, user) -> str:
    """A new token for publishing to this tournament: shown once, only its digest is kept."""
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        PublishingToken.objects.create(tournament=tournament, digest=token_digest(token),
                                       prefix=token[:TOKEN_PREFIX_LENGTH], created_by=user)
    return token


def revoke_token(tournament: Tournament, token_id: int) -> bool:
    """Refuse every later send with this token; False if it was not this tournament's."""
    with transaction.atomic():
        return bool(PublishingToken.objects.filter(
            pk=token_id, tournament=tournament, revoked_at__isnull=True).update(
            revoked_at=timezone.now()))


def check_address(url: str) -> str:
    """The public server's publishing address: HTTPS, or http to this machine only."""
    url = url.strip()
    try:
        URLValidator(schemes=["http", "https"])(url)
    except ValidationError as error:
        raise PublishingError(_("%(url)s is not a web address.") % {"url": url}) from error
    parts = urlsplit(url)
    if parts.scheme != "https" and parts.hostname not in LOCAL_HOSTS:
        raise PublishingError(_("Publish over HTTPS (https://...): plain http is accepted only "
                                "to this machine (localhost)."))
    return url


def set_up_publishing(tournament: Tournament, url: str, token: str) -> PublishingOutbox:
    """Keep the address and token of the tournament's publishing; a new address starts over."""
    url = check_address(url)
    token = token.strip()
    if not token or len(token) > 100 or any(character.isspace() for character in token):
        raise PublishingError(_("Paste the publishing token the public server showed."))
    with transaction.atomic():
        outbox, created = PublishingOutbox.objects.get_or_create(
            tournament=tournament, defaults={"url": url, "token": token})
        if not created and (outbox.url, outbox.token) != (url, token):
            # Another copy, or a new token: send everything again, and at once.
            outbox.url, outbox.token = url, token
            outbox.sent_version, outbox.last_digest = None, ""
            outbox.attempts, outbox.last_error, outbox.next_try = 0, "", None
            outbox.save()
    return outbox


def stop_publishing(tournament: Tournament) -> None:
    with transaction.atomic():
        PublishingOutbox.objects.filter(tournament=tournament).delete()


def queue_publishing(tournament: Tournament) -> PublishingOutbox | None:
    """Ask for a send now, failures' wait forgotten; None if publishing is not set up."""
    with transaction.atomic():
        PublishingOutbox.objects.filter(tournament=tournament).update(next_try=None)
        return PublishingOutbox.objects.filter(tournament=tournament).first()

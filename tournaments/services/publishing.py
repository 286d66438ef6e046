"""Publishing from the venue (issue 27): the steps that set it up, on either side.

Public server: `issue_token` (the token is returned once and stored as its SHA-256),
`revoke_token`, and for a published copy `unlock_copy` (it becomes an ordinary tournament,
editable here, and every token issued so far is revoked: the venue's later sends are refused as
"unlocked", tournaments/files/publishing.py) and `delete_copy`. Venue: `set_up_publishing` keeps
where a tournament is published and with which token (its outbox), `queue_publishing` asks for a
send as soon as possible. Sending is tournaments/files/publish_send.py; receiving,
tournaments/files/publishing.py.
"""

from __future__ import annotations

import logging
import secrets
from urllib.parse import urlsplit

from django.contrib.admin.models import DELETION, LogEntry
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.cache.versions import bump
from tournaments.models import (
    TOKEN_PREFIX_LENGTH,
    Player,
    PublishingOutbox,
    PublishingToken,
    Tournament,
    applying_publication,
    token_digest,
)
from tournaments.services.errors import TournamentError
from tournaments.services.tournament import announce
from tournaments.signals import COPY_UNLOCKED

logger = logging.getLogger(__name__)

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


def was_unlocked(tournament: Tournament) -> bool:
    """A copy the venue published here once, which its organiser unlocked: no longer published,
    yet one of its tokens (all revoked by the unlocking) had a send applied."""
    return tournament.published_at is None and tournament.publishing_tokens.exclude(
        last_digest="").exists()


def unlock_copy(tournament: Tournament, user) -> int:
    """Turn a published copy into an ordinary tournament, editable here, and revoke its tokens so
    the venue's later sends are refused; audited. Returns how many tokens were revoked."""
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if locked.published_at is None:
            raise PublishingError(_("This tournament is not a copy published from the venue: "
                                    "there is nothing to unlock."))
        published_at = locked.published_at
        Tournament.objects.filter(pk=locked.pk).update(published_at=None)
        revoked = PublishingToken.objects.filter(tournament=locked, revoked_at__isnull=True).update(
            revoked_at=timezone.now())
        bump(locked.pk)  # its pages lose the "published from the venue" line
        announce(locked, COPY_UNLOCKED, user=user,
                 before={"published_at": published_at.isoformat()},
                 after={"published_at": None, "tokens_revoked": revoked})
    tournament.published_at = None
    return revoked


def delete_copy(tournament: Tournament, user) -> None:
    """Delete a copy published from the venue (or one unlocked since), with the players only it
    brought into the registry. Its audit log goes with it, so the deletion is recorded in the
    admin's log (LogEntry, "Recent actions"), which outlives the tournament."""
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if locked.published_at is None and not was_unlocked(locked):
            raise PublishingError(_("Only a copy published from the venue can be deleted here."))
        players = list(locked.entries.values_list("player_id", flat=True))
        description = str(_("Deleted from its publishing page: the copy published from the venue "
                            "(published at %(published)s), %(players)d players, %(rounds)d "
                            "rounds.") % {
            "published": locked.published_at.isoformat() if locked.published_at else "-",
            "players": len(players), "rounds": locked.rounds.count()})
        LogEntry.objects.log_actions(
            user_id=user.pk, queryset=[locked], action_flag=DELETION,
            change_message=description, single_object=True)
        with applying_publication():  # its entries' deletion moves a published copy's version
            locked.delete()
        Player.objects.filter(pk__in=players, federation_id="", entries__isnull=True).delete()
    logger.info("tournament %s (%s) deleted by %s: %s", tournament.slug, tournament.pk,
                user.get_username(), description)


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

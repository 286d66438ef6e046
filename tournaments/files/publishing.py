"""The public server's side of publishing from the venue (issue 27): a send replaces the copy.

A send is a JSON object
    {"sequence": n, "digest": "sha256 hex", "tournament": {the backup, tournaments/files/backup.py}}
authenticated by a token an organiser of the tournament issued here. `digest` is the SHA-256 of
the tournament in canonical JSON (`canonical_json`: keys sorted, no spaces, UTF-8), which this
side computes again, so a send cut short or altered on the way is refused, never half-read.

`receive` answers, in order: 404 when no tournament has the slug (deleted here, or a wrong
address), 410 for a token of a copy its organiser here unlocked (it is an ordinary tournament
now: tournaments/services/publishing.py revoked its tokens), 401 for an unknown or revoked token
(or one of another tournament), 429 past the rate per token, 400 naming the key for anything
malformed (the backup's own checks), 200 with nothing written when the digest is the last one
applied (a send repeated after a lost answer), 409 for a sequence number not above the last
applied (a stale send overtaken by a newer one), and otherwise replaces the tournament's
players, rounds, games and the extensions' records with the file's, in one transaction, keeping
the tournament's row (its slug, organisers, arbiters, event and prizes), and marks it published,
read-only here.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.cache.versions import bump
from tournaments.files.backup_check import PLAYER_FACTS, check_depth, check_tournament, too_deep
from tournaments.files.backup_extensions import extensions
from tournaments.files.backup_save import save_tournament
from tournaments.files.backup_values import BackupError
from tournaments.models import (
    Player,
    PublishingOutbox,
    PublishingToken,
    Tournament,
    applying_publication,
    token_digest,
)
from tournaments.services.publishing import was_unlocked

DIGEST = re.compile(r"[0-9a-f]{64}")
# Sends accepted per token and minute; a venue sends after each change, at most every few seconds.
DEFAULT_RATE_PER_MINUTE = 30
# A 250-player Swiss with its score sheets and audit log is well under this.
DEFAULT_MAX_BYTES = 10 * 1024 * 1024


def canonical_json(data: Any) -> bytes:
    """The bytes the digest is taken of, the same on both sides for the same tournament."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode()


def content_digest(data: Any) -> str:
    return hashlib.sha256(canonical_json(data)).hexdigest()


def max_bytes() -> int:
    return getattr(settings, "PUBLISH_MAX_BYTES", DEFAULT_MAX_BYTES)


@dataclass
class Answer:
    status: int
    body: dict[str, Any] = field(default_factory=dict)


def refusal(status: int, message: str, **extra: Any) -> Answer:
    return Answer(status, {"error": message, **extra})


def receive(slug: str, token: str, body: bytes) -> Answer:
    """Check and apply one send to the tournament at `slug`; never raises for bad input."""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:  # deleted here (its tokens with it), or a wrong address
        return _no_tournament()
    found = (PublishingToken.objects.filter(digest=token_digest(token), tournament=tournament)
             .first() if token else None)
    if found is None or found.revoked_at is not None:
        return _refused_token(tournament)
    if not _within_rate(found):
        return refusal(429, _("Too many sends with this token: wait a minute."))
    try:
        send = _read(body)
    except BackupError as error:
        return refusal(400, str(error))
    return _apply(found.pk, send)


def _no_tournament() -> Answer:
    return refusal(404, _("This public server has no tournament at this address: it was deleted "
                          "here, or the address is wrong."))


def _refused_token(tournament: Tournament) -> Answer:
    """401 for an unknown or revoked token; 410 once the organiser here unlocked the copy (it is
    an ordinary tournament now, and no send of the venue may replace it)."""
    if was_unlocked(tournament):
        return refusal(410, _("The public server's organiser unlocked this tournament: it is no "
                              "longer a copy published from the venue, and sends are refused."),
                       unlocked=True)
    return refusal(401, _("Unknown or revoked publishing token for this tournament."))


def _within_rate(token: PublishingToken) -> bool:
    """Count the send in the token's current minute, in its own transaction."""
    rate = getattr(settings, "PUBLISH_RATE_PER_MINUTE", DEFAULT_RATE_PER_MINUTE)
    now = timezone.now()
    with transaction.atomic():
        rows = PublishingToken.objects.filter(pk=token.pk)
        if not rows.filter(window_start__gt=now - timedelta(minutes=1)).update(
                window_count=F("window_count") + 1):
            rows.update(window_start=now, window_count=1)
        return rows.values_list("window_count", flat=True).first() <= rate


def _read(body: bytes) -> dict[str, Any]:
    """The send, checked whole before anything is written (BackupError naming the key)."""
    if len(body) > max_bytes():
        raise BackupError(_("The send is larger than %(size)d bytes.") % {"size": max_bytes()})
    try:
        text = body.decode()
        plain = json.loads(text)  # floats: the digest is taken of what the venue wrote
        exact = json.loads(text, parse_float=Decimal)  # Decimals: 0.5 exact in the scoring
    except UnicodeDecodeError as error:
        raise BackupError(_("The send is not UTF-8.")) from error
    except json.JSONDecodeError as error:
        raise BackupError(_("Not valid JSON: line %(line)d, column %(column)d: %(message)s") % {
            "line": error.lineno, "column": error.colno, "message": error.msg}) from error
    except RecursionError as error:
        raise too_deep() from error
    check_depth(exact)
    if not isinstance(exact, dict):
        raise BackupError(_("The send must be a JSON object with sequence, digest and "
                            "tournament."))
    for key in ("sequence", "digest", "tournament"):
        if key not in exact:
            raise BackupError(_("%(key)s: missing") % {"key": key})
    sequence = exact["sequence"]
    if not isinstance(sequence, int) or isinstance(sequence, bool) or not 1 <= sequence < 2**62:
        raise BackupError(_("sequence: a whole number from 1 up is expected"))
    if not isinstance(exact["digest"], str) or not DIGEST.fullmatch(exact["digest"]):
        raise BackupError(_("digest: 64 lowercase hexadecimal digits (SHA-256) are expected"))
    if content_digest(plain["tournament"]) != exact["digest"]:
        raise BackupError(_("digest: it does not match the tournament sent"))
    checked = check_tournament(exact["tournament"])
    return {"sequence": sequence, "digest": exact["digest"], "checked": checked}


def _apply(token_id: int, send: dict[str, Any]) -> Answer:
    with transaction.atomic():
        token = PublishingToken.objects.select_for_update().select_related("tournament").filter(
            pk=token_id, revoked_at__isnull=True).first()
        if token is None:  # revoked, or the copy unlocked, since the token was checked
            tournament = Tournament.objects.filter(
                publishing_tokens__pk=token_id).first()
            return _refused_token(tournament) if tournament else _no_tournament()
        tournament = Tournament.objects.select_for_update().get(pk=token.tournament_id)
        if send["digest"] == token.last_digest:  # the copy already shows it: write nothing
            return Answer(200, _answer(tournament, token.last_sequence, send["digest"], False))
        if send["sequence"] <= token.last_sequence:
            return refusal(409, _("A newer send (sequence %(last)d) was applied already.") % {
                "last": token.last_sequence}, last_sequence=token.last_sequence)
        now = timezone.now()
        with applying_publication():
            replace(tournament, send["checked"])
            Tournament.objects.filter(pk=tournament.pk).update(published_at=now)
            bump(tournament.pk)
        PublishingToken.objects.filter(pk=token.pk).update(
            last_sequence=send["sequence"], last_digest=send["digest"], last_used_at=now)
        tournament.refresh_from_db()
        return Answer(200, _answer(tournament, send["sequence"], send["digest"], True))


def _answer(tournament: Tournament, sequence: int, digest: str, applied: bool) -> dict:
    return {"applied": applied, "slug": tournament.slug, "sequence": sequence, "digest": digest,
            "published_at": tournament.published_at.isoformat() if tournament.published_at
            else None, "players": tournament.entries.count(),
            "rounds": tournament.rounds.count()}


def replace(tournament: Tournament, checked: dict[str, Any]) -> None:
    """Empty the tournament of what a backup carries and save the checked file into its row."""
    old_players = list(tournament.entries.values_list("player_id", flat=True))
    kept = {PublishingToken, PublishingOutbox}
    owners = {"tournaments", *(module.__name__.rpartition(".")[0] for module in extensions())}
    # Rounds (with their games and team matches) first: a team match restricts its teams' deletion.
    relations = sorted(
        (relation for relation in Tournament._meta.related_objects
         if (relation.one_to_many or relation.one_to_one)
         and relation.related_model not in kept
         and relation.related_model._meta.app_config.name in owners),
        key=lambda relation: relation.related_model._meta.model_name != "round")
    for relation in relations:
        relation.related_model._default_manager.filter(
            **{relation.field.name: tournament}).delete()
    checked["slug"] = tournament.slug
    save_tournament(checked, (), into=tournament)
    _take_the_venue_s_players(checked["players"])
    # The registry keeps no player the old copy alone had brought (one without a federation id
    # is created anew by each send).
    Player.objects.filter(pk__in=old_players, federation_id="", entries__isnull=True).delete()


def _take_the_venue_s_players(players: list[dict[str, Any]]) -> None:
    """The copy shows the players as the venue sends them. The import reuses a person this
    server already knows by his federation id as he is (right for a backup restored into a
    registry of its own); a copy whose person kept the first send's rating or club showed them
    after the venue had changed them (a newer rating list, a corrected club)."""
    fields = ["name", "club", "rating", *PLAYER_FACTS]
    sent = {player["federation_id"]: player for player in players if player["federation_id"]}
    changed = []
    for known in Player.objects.filter(federation_id__in=sent):
        player = sent[known.federation_id]
        if any(getattr(known, name) != player[name] for name in fields):
            for name in fields:
                setattr(known, name, player[name])
            changed.append(known)
    Player.objects.bulk_update(changed, fields, batch_size=500)

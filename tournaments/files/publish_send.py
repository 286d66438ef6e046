"""The venue's side of publishing (issue 27): send a tournament to the public server, or keep it
pending and try again later, losing nothing.

`send(outbox)` reads the tournament's version and exports it in one short transaction, takes a
new sequence number (committed before the send, so a send cut off and tried again never reuses
one), then sends with no transaction open: the venue's writes never wait for the network. A
digest equal to the last one the server acknowledged sends nothing. The answer is recorded in
another short transaction: on success the version sent (a tournament whose version moved past it
is pending again); on failure the error and the next try, after 1, 2, 4... minutes, at most an
hour. `send_pending()` sends every outbox that is pending and due: `manage.py publish --pending`
from cron, and the desk's button in a thread after its commit.
"""

from __future__ import annotations

import errno
import http.client
import json
import socket
import ssl
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import timedelta

from django.db import close_old_connections, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.files.backup import export_tournament
from tournaments.files.publishing import canonical_json, content_digest
from tournaments.models import PublishingOutbox, Tournament
from tournaments.services.publishing import PublishingError, check_address

TIMEOUT_SECONDS = 30
MAX_WAIT = timedelta(hours=1)


# The public server's refusals that no retry mends, said here in the venue's words (whatever
# language the server answered in) with what to do.
REFUSALS = {
    401: lambda: _("the public server does not know this publishing token, or it was revoked "
                   "there. Ask its organiser for a new token and save it on this page."),
    404: lambda: _("the public server has no tournament at this address any more (it was "
                   "deleted there, or the address is wrong). Check the address with its "
                   "organiser."),
    410: lambda: _("the public server's organiser unlocked the published copy: it is an "
                   "ordinary tournament there now and refuses the venue's sends. To publish "
                   "again, ask the organiser for a new token (the copy will be replaced) or for "
                   "another tournament."),
}


@dataclass
class Outcome:
    ok: bool
    message: str
    applied: bool = False


def pending() -> list[PublishingOutbox]:
    """The outboxes with something to send whose next try is due."""
    return list(PublishingOutbox.objects.filter(
        Q(sent_version__isnull=True) | Q(sent_version__lt=F("tournament__version")),
        Q(next_try__isnull=True) | Q(next_try__lte=timezone.now()),
    ).select_related("tournament").order_by("pk"))


def is_pending(outbox: PublishingOutbox) -> bool:
    version = Tournament.objects.filter(pk=outbox.tournament_id).values_list(
        "version", flat=True).first()
    return outbox.sent_version is None or outbox.sent_version < version


def send_pending() -> list[tuple[PublishingOutbox, Outcome]]:
    return [(outbox, send(outbox)) for outbox in pending()]


def send(outbox: PublishingOutbox, *, timeout: float = TIMEOUT_SECONDS,
         force: bool = False) -> Outcome:
    """Send the tournament if it changed since the last send acknowledged; `force` sends it even
    so (the server answers that it had it, writing nothing, or applies it if it had not)."""
    with transaction.atomic():
        tournament = Tournament.objects.get(pk=outbox.tournament_id)
        version = tournament.version  # read first: a write meanwhile is sent next time
        data = export_tournament(tournament)
    digest = content_digest(data)
    outbox.refresh_from_db()
    if digest == outbox.last_digest and not force:  # the server has this already
        _record(outbox, version, digest, outbox.sequence)
        return Outcome(True, _("Nothing changed since the last send."))
    with transaction.atomic():
        PublishingOutbox.objects.filter(pk=outbox.pk).update(sequence=F("sequence") + 1)
    sequence = PublishingOutbox.objects.values_list("sequence", flat=True).get(pk=outbox.pk)
    body = b'{"sequence":%d,"digest":"%s","tournament":%s}' % (
        sequence, digest.encode(), canonical_json(data))
    try:
        status, answer = _post(outbox.url, outbox.token, body, timeout)
    except (OSError, http.client.HTTPException, PublishingError) as error:
        return _failed(outbox, _describe(error))
    if status == 200:
        _record(outbox, version, digest, sequence)
        applied = bool(answer.get("applied"))
        message = (_("Published: %(players)s players, %(rounds)s rounds.") if applied else
                   _("The public server had this copy already (%(players)s players, "
                     "%(rounds)s rounds): nothing changed there."))
        return Outcome(True, message % {"players": answer.get("players"),
                                        "rounds": answer.get("rounds")}, applied=applied)
    if status == 409 and isinstance(answer.get("last_sequence"), int):
        # The server applied a later number (an outbox set up again): go on from there.
        PublishingOutbox.objects.filter(pk=outbox.pk, sequence__lt=answer["last_sequence"]).update(
            sequence=answer["last_sequence"])
    if status in REFUSALS:  # trying again changes nothing until someone acts: wait the longest
        return _failed(outbox, _("The server answered %(status)d: %(error)s") % {
            "status": status, "error": REFUSALS[status]()}, wait=MAX_WAIT)
    return _failed(outbox, _("The server answered %(status)d: %(error)s") % {
        "status": status, "error": answer.get("error", "")})


def _post(url: str, token: str, body: bytes, timeout: float) -> tuple[int, dict]:
    check_address(url)
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json",
        "Accept": "application/json"})
    context = ssl.create_default_context()  # the server's certificate is checked
    try:
        with urllib.request.urlopen(request, timeout=timeout, context=context) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        answer = json.loads(raw.decode())
    except (UnicodeDecodeError, json.JSONDecodeError):
        answer = {"error": raw[:200].decode(errors="replace")}
    return status, answer if isinstance(answer, dict) else {}


# What went wrong on the way, in the venue's words: the library's own text is English and
# technical ("Remote end closed connection without response"), so it is shown only for a cause
# not named here. The first match wins: the more particular classes come first.
NETWORK_CAUSES = (
    (ssl.SSLCertVerificationError,
     lambda: _("the server's certificate could not be verified")),
    (ssl.SSLError, lambda: _("the secure connection (HTTPS) failed")),
    (socket.gaierror,
     lambda: _("the server's name was not found: no internet here, or a wrong address")),
    (TimeoutError, lambda: _("the server took too long to answer")),
    (ConnectionRefusedError,
     lambda: _("the server refused the connection: is it running, is the address right?")),
    ((ConnectionResetError, ConnectionAbortedError, BrokenPipeError,
      http.client.RemoteDisconnected, http.client.IncompleteRead),
     lambda: _("the connection was cut in the middle of the send")),
)


def _describe(error: BaseException) -> str:
    if isinstance(error, urllib.error.URLError) and not isinstance(error, urllib.error.HTTPError):
        error = error.reason if isinstance(error.reason, BaseException) else error
    cause = next((words() for kind, words in NETWORK_CAUSES if isinstance(error, kind)), None)
    if cause is None and isinstance(error, OSError) and error.errno == errno.ENETUNREACH:
        cause = _("no network here")
    return _("No answer from the server (%(error)s); it will be sent again later.") % {
        "error": cause or str(error) or type(error).__name__}


def _record(outbox: PublishingOutbox, version: int, digest: str, sequence: int) -> None:
    with transaction.atomic():  # a later send recorded meanwhile is not turned back
        PublishingOutbox.objects.filter(pk=outbox.pk, sequence=sequence).update(
            sent_version=version, last_digest=digest, last_sent_at=timezone.now(), attempts=0,
            last_error="", next_try=None)


def _failed(outbox: PublishingOutbox, message: str,
            wait: timedelta | None = None) -> Outcome:
    with transaction.atomic():
        outbox.refresh_from_db()
        outbox.attempts += 1
        wait = wait or min(timedelta(minutes=2 ** (outbox.attempts - 1)), MAX_WAIT)
        outbox.last_error, outbox.next_try = message, timezone.now() + wait
        outbox.save(update_fields=["attempts", "last_error", "next_try"])
    return Outcome(False, message)


def send_after_commit(outbox_id: int, *, force: bool = False) -> None:
    """The desk's button: send in a thread once the request's transaction has committed, so the
    arbiter never waits; if the thread dies with the process, cron's `publish --pending` sends."""
    def run() -> None:
        try:
            outbox = PublishingOutbox.objects.filter(pk=outbox_id).first()
            if outbox is not None:
                send(outbox, force=force)
        finally:
            close_old_connections()

    transaction.on_commit(lambda: threading.Thread(target=run, daemon=True).start())

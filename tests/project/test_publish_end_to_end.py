"""Publishing from the venue, end to end (issue 27): two servers on one machine, two databases.

The public server is a gunicorn with its own SQLite file, where an organiser made a tournament
and issued a publishing token; the venue is this test's own database, publishing through
`manage.py publish` to the server through a small TCP proxy the test controls. After every round
the copy the public server shows (its `export_tournament`, its pages) is compared with the
venue's export; in the middle, the proxy cuts the connection halfway through a send's body, and
then lets a send through but cuts the server's answer: nothing is lost or half-applied, and the
outbox's retry brings the copy level.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import threading
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone, translation

from tests.project.test_shared_cache_servers import Browser, free_port, stop, wait_for
from tests.tournaments.tournament_factories import game_at, make_tournament, play
from tournaments import services
from tournaments.files.backup import export_tournament
from tournaments.models import PublishingOutbox

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SETUP = """
from django.contrib.auth import get_user_model
from tournaments import services
from tournaments.services.publishing import issue_token
user = get_user_model().objects.create_user("organizador-publico")
slot = services.create_tournament(created_by=user, name="Aberto publicado")
print(slot.slug, issue_token(slot, user))
"""


class Proxy:
    """Forwards 127.0.0.1:port to the server; can cut a request after `cut_request_after` bytes
    or, with `cut_answer`, let the request through and close before the answer comes back."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.cut_request_after: int | None = None
        self.cut_answer = False
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            threading.Thread(target=self._request, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._answer, args=(upstream, client), daemon=True).start()

    def _request(self, client: socket.socket, upstream: socket.socket) -> None:
        sent, limit = 0, self.cut_request_after
        try:
            while chunk := client.recv(4096):
                if limit is not None and sent + len(chunk) >= limit:
                    upstream.sendall(chunk[:limit - sent])
                    self.cuts += 1
                    _close(client, upstream)  # the cable pulled halfway through the body
                    return
                upstream.sendall(chunk)
                sent += len(chunk)
        except OSError:
            pass

    def _answer(self, upstream: socket.socket, client: socket.socket) -> None:
        try:
            while chunk := upstream.recv(4096):
                if self.cut_answer:
                    self.cuts += 1
                    _close(client, upstream)  # applied there, never heard of here
                    return
                client.sendall(chunk)
        except OSError:
            pass
        _close(client, upstream)


def _close(*sockets: socket.socket) -> None:
    for each in sockets:
        with contextlib.suppress(OSError):
            each.shutdown(socket.SHUT_RDWR)
        each.close()


@pytest.fixture
def public_server(tmp_path):
    environment = {
        **{key: value for key, value in os.environ.items()
           if key not in ("REDIS_URL", "CONN_MAX_AGE", "DJANGO_SETTINGS_MODULE")},
        "DJANGO_SETTINGS_MODULE": "config.settings", "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'public.sqlite3'}",
    }
    manage = [sys.executable, "manage.py"]
    subprocess.run(manage + ["migrate", "--noinput", "-v", "0"], cwd=ROOT, env=environment,
                   check=True, timeout=300)
    made = subprocess.run(manage + ["shell", "-c", SETUP], cwd=ROOT, env=environment,
                          check=True, timeout=120, capture_output=True, text=True)
    slug, token = made.stdout.strip().splitlines()[-1].split(" ")
    port, log = free_port(), tmp_path / "gunicorn.log"
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
         f"127.0.0.1:{port}", "--workers", "1", "--timeout", "30", "--error-logfile", str(log)],
        cwd=ROOT, env=environment, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proxy = None
    try:
        wait_for(server, port, log)
        proxy = Proxy(port)
        yield {"port": port, "slug": slug, "token": token, "proxy": proxy,
               "url": f"http://127.0.0.1:{proxy.port}/api/publicar/{slug}/",
               "export": lambda: json.loads(subprocess.run(
                   manage + ["export_tournament", slug], cwd=ROOT, env=environment,
                   check=True, timeout=120, capture_output=True, text=True).stdout)}
    finally:
        if proxy is not None:
            proxy.close()
        stop(server)


def publish(*args: str) -> str:
    out = StringIO()
    with translation.override("en"):  # its messages asserted in English
        call_command("publish", *args, stdout=out)
    return out.getvalue()


def shown_equals_venue(public_server, venue) -> None:
    venue.refresh_from_db()
    assert public_server["export"]() == json.loads(json.dumps(export_tournament(venue)))
    status, _headers, page = Browser().send(
        public_server["port"], "GET", f"/torneios/{public_server['slug']}/classificacao/")
    assert status == 200 and "Publicado do local do torneio às" in page


def due_now(venue) -> None:
    """The backoff's wait has passed (the test does not sleep through it)."""
    PublishingOutbox.objects.filter(tournament=venue).update(next_try=timezone.now())


def test_publishing_round_after_round_through_a_cut_connection(public_server):
    venue = make_tournament(6, name="Aberto de Campinas", paired=True, place="Campinas")
    before = public_server["export"]()
    assert "Published" in publish(venue.slug, "--to", public_server["url"],
                                  "--token", public_server["token"])
    shown_equals_venue(public_server, venue)
    assert publish("--pending") == ""  # nothing changed: nothing sent
    assert before != public_server["export"]()

    for round_number in range(1, 6):
        play(venue, {(round_number, board): ("1-0", "0-1", "1/2-1/2")[board - 1]
                     for board in (1, 2, 3)})
        if round_number == 2:  # a result of round 1 corrected at the venue
            game = game_at(venue, 1, 3)
            services.record_result(game, result="1-0", expected_version=game.version)
        if round_number == 3:
            shown = public_server["export"]()
            public_server["proxy"].cut_request_after = 1500  # halfway through the body
            with pytest.raises(CommandError, match="No answer from the server"):
                publish(venue.slug)
            public_server["proxy"].cut_request_after = None
            assert public_server["proxy"].cuts == 1
            assert public_server["export"]() == shown  # nothing half-applied
            outbox = PublishingOutbox.objects.get(tournament=venue)
            assert outbox.attempts == 1 and outbox.next_try > timezone.now()
            assert publish("--pending") == ""  # waiting for its next try
            due_now(venue)
        if round_number == 4:
            public_server["proxy"].cut_answer = True  # applied, but the answer is lost
            with pytest.raises(CommandError):
                publish(venue.slug)
            public_server["proxy"].cut_answer = False
            assert public_server["proxy"].cuts == 2
            shown_equals_venue(public_server, venue)  # the server did apply it
            due_now(venue)
            # Sent again with a new sequence number and the same digest: nothing is written.
            assert "had this copy already" in publish("--pending")
            outbox = PublishingOutbox.objects.get(tournament=venue)
            assert outbox.attempts == 0 and outbox.last_error == ""
            continue
        sent = publish("--pending")
        assert f"{venue.slug}: Published" in sent
        shown_equals_venue(public_server, venue)
    assert public_server["export"]()["rounds"][0]["games"][2]["result"] == "1-0"
    assert publish("--pending") == ""

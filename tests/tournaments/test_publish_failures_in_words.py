"""A send that fails on the way says why in the venue's language, not in the network library's
English ("Remote end closed connection without response" showed inside the pt-BR line in issue
27's rehearsal). Real sockets on this machine: a server that hangs up, a port nobody listens on."""

from __future__ import annotations

import socket
import threading

import pytest
from django.utils import translation

from tournaments.files import publish_send
from tournaments.services.publishing import set_up_publishing

from .tournament_factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def hangs_up():
    """A server that reads the request and closes the connection without answering."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve():
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            with connection:
                connection.recv(65536)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    stop.set()
    thread.join()
    listener.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _send_to(port: int):
    tournament = make_tournament(4, name="Aberto de Osasco", paired=True)
    outbox = set_up_publishing(tournament, f"http://127.0.0.1:{port}/api/publicar/x/", "t0k3n")
    with translation.override("pt-br"):
        outcome = publish_send.send(outbox, timeout=5)
    outbox.refresh_from_db()
    return outcome, outbox


def test_a_server_that_hangs_up_is_a_cut_connection_in_pt_br(hangs_up):
    outcome, outbox = _send_to(hangs_up)
    assert not outcome.ok
    assert outbox.last_error == (
        "Sem resposta do servidor (a conexão caiu no meio do envio); o "
        "envio será repetido mais tarde."
    )
    assert outbox.next_try is not None and outbox.attempts == 1


def test_nobody_listening_is_a_refused_connection_in_pt_br():
    outcome, outbox = _send_to(_free_port())
    assert "o servidor recusou a conexão" in outbox.last_error
    assert "Errno" not in outbox.last_error and "refused" not in outbox.last_error


def test_a_cause_not_named_keeps_the_library_s_text():
    with translation.override("pt-br"):
        said = publish_send._describe(OSError(5, "Input/output error"))
    assert said.startswith("Sem resposta do servidor (") and "Input/output error" in said

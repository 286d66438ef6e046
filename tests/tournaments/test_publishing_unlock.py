"""A published copy's ways out on the public server (issue 27): its organiser unlocks it (an
ordinary tournament again, the venue's sends refused with 410) or deletes it (sends then 404),
each after a confirmation and recorded; and the venue's forced resend (`publish --force`, the
page's "Send everything again").

The venue's sender reaches the server through Django's test client instead of a socket
(`through_the_test_client`): the server's code that answers is the real one, and so is the
sender's reading of the answer.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone, translation

from arbitration.models import AuditEntry
from tournaments import services
from tournaments.files import publish_send
from tournaments.models import Player, PublishingOutbox, Tournament
from tournaments.services.publishing import (
    PublishingError,
    delete_copy,
    issue_token,
    set_up_publishing,
    unlock_copy,
    was_unlocked,
)

from .test_publishing import body, send
from .tournament_factories import game_at, make_tournament, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def venue():
    tournament = make_tournament(4, name="Aberto de Campinas", paired=True, place="Campinas")
    play(tournament, {(1, 1): "1-0", (1, 2): "1/2-1/2"})
    return tournament


@pytest.fixture
def slot(organiser):
    return make_tournament(0, name="Vaga do Aberto", organiser=organiser)


@pytest.fixture
def token(slot, organiser):
    return issue_token(slot, organiser)


@pytest.fixture
def through_the_test_client(client, monkeypatch):
    """The venue's POST goes to this test's server through the test client, headers and body as
    the sender makes them; the answer comes back as the sender reads it."""
    calls = []

    def post(url, token, content, timeout):
        publish_send.check_address(url)
        calls.append(url)
        with translation.override(translation.get_language()):  # the server's stays there
            answer = client.post(url.removeprefix("https://damas.exemplo.org.br"), content,
                                 content_type="application/json",
                                 HTTP_AUTHORIZATION=f"Bearer {token}")
        return answer.status_code, json.loads(answer.content)

    monkeypatch.setattr(publish_send, "_post", post)
    return calls


@pytest.fixture
def outbox(venue, slot, token):
    return set_up_publishing(venue, f"https://damas.exemplo.org.br/api/publicar/{slot.slug}/",
                             token)


def published(client, venue, slot, token) -> Tournament:
    assert send(client, slot.slug, token, body(venue, 1)).status_code == 200
    slot.refresh_from_db()
    assert slot.published_at is not None
    return slot


def test_unlocking_asks_first_then_makes_an_ordinary_tournament_and_refuses_the_venue(
        client, venue, slot, token, organiser):
    copy = published(client, venue, slot, token)
    page = reverse("tournaments:publishing_unlock", args=[copy.slug])
    client.force_login(organiser)
    assert "Desbloquear esta cópia" in client.get(
        reverse("tournaments:publishing", args=[copy.slug])).content.decode()
    confirmation = client.get(page).content.decode()
    assert "os próximos envios do local do torneio serão recusados" in confirmation
    copy.refresh_from_db()
    assert copy.published_at is not None  # asking changed nothing

    answer = client.post(page, follow=True)
    assert "Desbloqueado" in answer.content.decode()
    copy.refresh_from_db()
    assert copy.published_at is None and was_unlocked(copy)
    assert not copy.publishing_tokens.filter(revoked_at__isnull=True).exists()
    entry = AuditEntry.objects.get(tournament=copy, action="copy-unlocked")
    assert entry.actor == organiser and entry.after == {"published_at": None,
                                                         "tokens_revoked": 1}
    # An ordinary tournament: its results can be changed here now.
    game = game_at(copy, 1, 2)
    services.record_result(game, result="1-0", expected_version=game.version)
    assert game_at(copy, 1, 2).result == "1-0"
    # The venue's next send is refused as "unlocked", and nothing is replaced.
    refused = send(client, copy.slug, token, body(venue, 2))
    assert refused.status_code == 410 and refused.json()["unlocked"] is True
    assert "unlocked this tournament" in refused.json()["error"]
    assert game_at(copy, 1, 2).result == "1-0"


def test_the_venue_says_in_portuguese_that_the_copy_was_unlocked(
        client, venue, slot, token, organiser, outbox, through_the_test_client):
    with translation.override("pt-br"):
        assert publish_send.send(outbox).ok
        unlock_copy(slot, organiser)
        game = game_at(venue, 1, 1)  # a result corrected at the venue
        services.record_result(game, result="0-1", expected_version=game.version)
        outcome = publish_send.send(outbox)
    assert not outcome.ok and len(through_the_test_client) == 2
    assert outcome.message.startswith("O servidor respondeu 410:")
    assert "desbloqueou a cópia publicada" in outcome.message
    outbox.refresh_from_db()
    # No retry mends it before someone acts: the longest wait, not a minute.
    assert outbox.next_try - timezone.now() > publish_send.MAX_WAIT * 0.9
    assert outbox.last_error == outcome.message


def test_a_new_token_lets_the_venue_replace_an_unlocked_copy_again(
        client, venue, slot, token, organiser):
    copy = published(client, venue, slot, token)
    unlock_copy(copy, organiser)
    assert send(client, copy.slug, token, body(venue, 2)).status_code == 410
    fresh = issue_token(copy, organiser)
    assert send(client, copy.slug, fresh, body(venue, 1)).status_code == 200
    copy.refresh_from_db()
    assert copy.published_at is not None and not was_unlocked(copy)
    # The old token, revoked by the unlocking, is now simply revoked.
    assert send(client, copy.slug, token, body(venue, 3)).status_code == 401


def test_only_a_published_copy_is_unlocked_or_deleted(client, organiser):
    ordinary = make_tournament(4, name="Torneio comum", organiser=organiser)
    client.force_login(organiser)
    for name in ("tournaments:publishing_unlock", "tournaments:publishing_delete"):
        page = reverse(name, args=[ordinary.slug])
        assert "cópia publicada do local do torneio" in client.get(page).content.decode()
        client.post(page)
    assert Tournament.objects.filter(pk=ordinary.pk).exists()
    assert not AuditEntry.objects.filter(action="copy-unlocked").exists()
    with pytest.raises(PublishingError):
        unlock_copy(ordinary, organiser)
    with pytest.raises(PublishingError):
        delete_copy(ordinary, organiser)


def test_only_its_organisers_unlock_or_delete_a_copy(client, venue, slot, token, outsider,
                                                    arbiter):
    copy = published(client, venue, slot, token)
    copy.arbiters.add(arbiter)
    for user in (outsider, arbiter):
        client.force_login(user)
        for name in ("tournaments:publishing_unlock", "tournaments:publishing_delete"):
            assert client.get(reverse(name, args=[copy.slug])).status_code == 403
            assert client.post(reverse(name, args=[copy.slug])).status_code == 403
    client.logout()
    assert client.post(reverse("tournaments:publishing_delete", args=[copy.slug])
                       ).status_code == 302  # to the sign-in page
    copy.refresh_from_db()
    assert copy.published_at is not None


def test_deleting_a_copy_asks_first_is_logged_and_the_venue_is_told(
        client, venue, slot, token, organiser, outbox, through_the_test_client, caplog):
    caplog.set_level("INFO", logger="tournaments.services.publishing")
    copy = published(client, venue, slot, token)
    brought = list(copy.entries.values_list("player_id", flat=True))
    page = reverse("tournaments:publishing_delete", args=[copy.slug])
    client.force_login(organiser)
    assert "não pode ser desfeita" in client.get(page).content.decode()
    assert Tournament.objects.filter(pk=copy.pk).exists()
    answer = client.post(page)
    assert answer.status_code == 302 and answer["Location"] == reverse("tournaments:list")
    assert not Tournament.objects.filter(pk=copy.pk).exists()
    assert not Player.objects.filter(pk__in=brought).exists()  # only the copy had them
    assert venue.entries.count() == 4  # the venue's tournament is untouched
    logged = LogEntry.objects.get(object_id=str(copy.pk), action_flag=DELETION)
    assert logged.user == organiser and logged.object_repr == "Aberto de Campinas"
    assert "4 jogadores" in logged.change_message or "4 players" in logged.change_message
    assert f"tournament vaga-do-aberto ({copy.pk}) deleted by organizadora" in caplog.text

    with translation.override("pt-br"):
        outcome = publish_send.send(outbox)
    assert not outcome.ok and outcome.message.startswith("O servidor respondeu 404:")
    assert "não tem mais torneio neste endereço" in outcome.message


def test_an_unlocked_copy_can_still_be_deleted(client, venue, slot, token, organiser):
    copy = published(client, venue, slot, token)
    unlock_copy(copy, organiser)
    delete_copy(copy, organiser)
    assert not Tournament.objects.filter(pk=copy.pk).exists()


def publish(*args: str) -> str:
    out = StringIO()
    with translation.override("en"):
        call_command("publish", *args, stdout=out)
    return out.getvalue()


def test_force_sends_again_what_the_digest_says_is_sent(venue, slot, token, outbox,
                                                        through_the_test_client):
    assert "Published" in publish(venue.slug)
    assert publish(venue.slug) == "Nothing changed since the last send.\n"
    assert len(through_the_test_client) == 1  # the unchanged digest sent nothing
    slot.refresh_from_db()
    version = slot.version
    # Forced: sent with a new number; the server has that copy and writes nothing.
    assert "had this copy already" in publish(venue.slug, "--force")
    assert len(through_the_test_client) == 2
    outbox.refresh_from_db()
    assert outbox.sequence == 2 and outbox.last_error == ""
    slot.refresh_from_db()
    assert slot.version == version
    # A server that lost track of it (restored from an older backup): the forced send applies.
    slot.publishing_tokens.update(last_digest="")
    assert "Published: 4 players" in publish(venue.slug, "--force")
    assert slot.publishing_tokens.get().last_sequence == 3
    with pytest.raises(CommandError, match="--force"):
        publish("--pending", "--force")


class RightAway:
    """threading.Thread that runs its target at start(), in this thread (and test transaction)."""

    def __init__(self, target, daemon=None):
        self.target = target

    def start(self):
        self.target()


def test_the_page_sends_everything_again(client, venue, organiser, outbox, monkeypatch,
                                         through_the_test_client,
                                         django_capture_on_commit_callbacks):
    venue.organisers.add(organiser)
    monkeypatch.setattr(publish_send.threading, "Thread", RightAway)
    monkeypatch.setattr(publish_send, "close_old_connections", lambda: None)
    page = reverse("tournaments:publishing", args=[venue.slug])
    client.force_login(organiser)
    assert "Enviar tudo de novo" in client.get(page).content.decode()
    for action in ("publish", "publish", "force"):
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post(page, {"action": action}).status_code == 302
    # The second "publish" found nothing changed and sent nothing; "force" sent it again.
    assert len(through_the_test_client) == 2
    assert PublishingOutbox.objects.get(pk=outbox.pk).sequence == 2

"""Publishing from the venue (issue 27): the public server's endpoint, with Django's test client.

One database plays both sides: the venue's tournament is exported and sent to another
tournament (the public server's slot), whose organiser issued the token.
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.files.backup import export_tournament
from tournaments.files.publishing import canonical_json, content_digest
from tournaments.models import Game, PublishedCopyError, Tournament
from tournaments.services.publishing import issue_token, revoke_token

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


def body(tournament: Tournament, sequence: int) -> bytes:
    data = export_tournament(tournament)
    return b'{"sequence":%d,"digest":"%s","tournament":%s}' % (
        sequence, content_digest(data).encode(), canonical_json(data))


def send(client, slug: str, token: str, content: bytes):
    return client.post(reverse("publish_api", args=[slug]), content,
                       content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}",
                       HTTP_ACCEPT_LANGUAGE="en")


def test_a_send_replaces_the_copy_which_then_equals_the_venue(client, venue, slot, token):
    answer = send(client, slot.slug, token, body(venue, 1))
    assert answer.status_code == 200, answer.content
    assert answer.json()["applied"] is True
    slot.refresh_from_db()
    assert slot.slug == "vaga-do-aberto" and slot.published_at is not None
    assert export_tournament(slot) == export_tournament(venue)
    assert slot.organisers.exists()  # the slot keeps its organisers


def test_the_same_send_again_changes_nothing(client, venue, slot, token):
    assert send(client, slot.slug, token, body(venue, 1)).status_code == 200
    slot.refresh_from_db()
    version, games = slot.version, list(Game.objects.of_tournament(slot).values_list("pk"))
    again = send(client, slot.slug, token, body(venue, 2))
    assert again.status_code == 200 and again.json()["applied"] is False
    slot.refresh_from_db()
    assert slot.version == version  # nothing written, no version moved
    assert list(Game.objects.of_tournament(slot).values_list("pk")) == games


def test_a_result_corrected_at_the_venue_replaces_the_old_one(client, venue, slot, token):
    assert send(client, slot.slug, token, body(venue, 1)).status_code == 200
    game = game_at(venue, 1, 1)
    services.record_result(game, result="0-1", expected_version=game.version)
    answer = send(client, slot.slug, token, body(venue, 2))
    assert answer.status_code == 200 and answer.json()["applied"] is True
    assert game_at(slot, 1, 1).result == "0-1"
    slot.refresh_from_db()
    assert export_tournament(slot) == export_tournament(venue)
    # The registry keeps one copy of each player, not one per send.
    assert slot.entries.count() == 4


def test_a_stale_send_is_refused(client, venue, slot, token):
    old = body(venue, 1)
    play(venue, {(1, 1): "0-1"})
    assert send(client, slot.slug, token, body(venue, 2)).status_code == 200
    answer = send(client, slot.slug, token, old)
    assert answer.status_code == 409 and answer.json()["last_sequence"] == 2
    assert game_at(slot, 1, 1).result == "0-1"


def test_tokens(client, venue, slot, token, organiser):
    assert send(client, slot.slug, "wrong", body(venue, 1)).status_code == 401
    assert client.post(reverse("publish_api", args=[slot.slug]), body(venue, 1),
                       content_type="application/json").status_code == 401
    other = make_tournament(0, name="Outro", organiser=organiser)
    assert send(client, other.slug, token, body(venue, 1)).status_code == 401
    revoke_token(slot, slot.publishing_tokens.get().pk)
    assert send(client, slot.slug, token, body(venue, 1)).status_code == 401
    slot.refresh_from_db()
    assert slot.published_at is None and not slot.entries.exists()


@pytest.mark.parametrize(("content", "named"), [
    (b"{not json", "line 1, column 2"),
    (b'[1, 2]', "sequence, digest and tournament"),
    (b'{"digest": "x", "tournament": {}}', "sequence: missing"),
    (b'{"sequence": "1", "digest": "x", "tournament": {}}', "sequence:"),
    (b'{"sequence": 1, "digest": "x", "tournament": {}}', "digest:"),
    (b'{"sequence": 1, "digest": "' + b"0" * 64 + b'", "tournament": {}}', "digest: it does"),
    (b"[" * 5000 + b"]" * 5000, "nested"),
])
def test_bad_input_is_a_400_naming_the_key(client, slot, token, content, named):
    answer = send(client, slot.slug, token, content)
    assert answer.status_code == 400
    assert named in answer.json()["error"]


def test_a_refused_tournament_names_its_key_and_saves_nothing(client, venue, slot, token):
    data = export_tournament(venue)
    del data["players"][1]["name"]
    content = b'{"sequence":1,"digest":"%s","tournament":%s}' % (
        content_digest(data).encode(), canonical_json(data))
    answer = send(client, slot.slug, token, content)
    assert answer.status_code == 400 and "players[1]" in answer.json()["error"]
    slot.refresh_from_db()
    assert slot.published_at is None and slot.name == "Vaga do Aberto"


def test_limits(client, settings, venue, slot, token):
    settings.PUBLISH_MAX_BYTES = 100
    assert send(client, slot.slug, token, body(venue, 1)).status_code == 413
    settings.PUBLISH_MAX_BYTES = 10_000_000
    settings.PUBLISH_RATE_PER_MINUTE = 2
    assert send(client, slot.slug, token, body(venue, 1)).status_code == 200
    assert send(client, slot.slug, token, body(venue, 2)).status_code == 200
    assert send(client, slot.slug, token, body(venue, 3)).status_code == 429


def test_a_published_copy_refuses_every_write(client, venue, slot, token, organiser):
    assert send(client, slot.slug, token, body(venue, 1)).status_code == 200
    slot.refresh_from_db()
    game = game_at(slot, 1, 2)
    with pytest.raises(PublishedCopyError):
        services.record_result(game, result="1-0", expected_version=game.version)
    with pytest.raises(PublishedCopyError):
        slot.name = "Mudado"
        services.update_tournament(slot)
    assert game_at(slot, 1, 2).result == "1/2-1/2"
    client.force_login(organiser)
    answer = client.post(reverse("tournaments:game_result", args=[slot.slug, game.pk]),
                         {"result": "1-0", "version": game.version}, follow=True)
    assert "só pode ser consultado" in answer.content.decode()  # the page is in Portuguese
    assert game_at(slot, 1, 2).result == "1/2-1/2"
    admin = client.post(reverse("admin:tournaments_tournament_change", args=[slot.pk]),
                        {"name": "Mudado"}, follow=True)
    assert admin.status_code == 200
    slot.refresh_from_db()
    assert slot.name == "Aberto de Campinas"


def test_the_public_pages_say_when_it_was_published(client, venue, slot, token):
    assert send(client, slot.slug, token, body(venue, 1)).status_code == 200
    page = client.get(reverse("tournaments:detail", args=[slot.slug])).content.decode()
    assert "Publicado do local do torneio às" in page and "somente para consulta" in page
    standings = client.get(reverse("tournaments:standings", args=[slot.slug]),
                           HTTP_ACCEPT_LANGUAGE="en")
    assert "Published from the venue at" in standings.content.decode()


def test_json_answer_on_a_get(client, slot):
    assert client.get(reverse("publish_api", args=[slot.slug])).status_code == 405


def test_the_token_is_kept_hashed(slot, token):
    stored = slot.publishing_tokens.get()
    assert stored.digest != token and token.startswith(stored.prefix)
    assert token not in json.dumps(list(slot.publishing_tokens.values()), default=str)


def test_the_publishing_page_issues_a_token_once_and_revokes_it(client, slot, organiser,
                                                               outsider):
    page = reverse("tournaments:publishing", args=[slot.slug])
    client.force_login(outsider)
    assert client.get(page).status_code == 403
    client.force_login(organiser)
    issued = client.post(page, {"action": "issue"}).content.decode()
    stored = slot.publishing_tokens.get()
    assert 'class="publishing-token"' in issued and stored.prefix in issued
    assert "/api/publicar/vaga-do-aberto/" in issued
    assert 'class="publishing-token"' not in client.get(page).content.decode()
    client.post(page, {"action": "revoke", "token_id": stored.pk})
    stored.refresh_from_db()
    assert stored.revoked_at is not None


def test_the_button_keeps_the_address_and_sends_after_the_commit(
        client, venue, organiser, django_capture_on_commit_callbacks):
    venue.organisers.add(organiser)
    page = reverse("tournaments:publishing", args=[venue.slug])
    client.force_login(organiser)
    refused = client.post(page, {"action": "set_up", "url": "http://example.org/api/publicar/x/",
                                 "token": "abc"})
    assert "HTTPS" in refused.content.decode() and not hasattr(venue, "publishing_outbox")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        answer = client.post(page, {"action": "set_up", "token": "abc",
                                    "url": "https://example.org/api/publicar/x/"})
    assert answer.status_code == 302 and len(callbacks) == 1  # the send's thread, after commit
    venue.refresh_from_db()
    assert venue.publishing_outbox.url == "https://example.org/api/publicar/x/"
    assert "alterações esperando envio" in client.get(page).content.decode()


def test_a_player_known_by_id_takes_what_the_venue_sends_again(client, slot, token):
    """The public server has a registry of its own: a player it made from an earlier send (found
    again by his federation id) takes the name, club and rating the venue sends now. A rating
    from a newer list, or a club corrected at the venue, reached the copy's export but not its
    pages, which read the server's registry (issue 27's rehearsal)."""
    venue = make_tournament(3, name="Aberto de Campinas", paired=True)
    for index, entry in enumerate(venue.entries.select_related("player"), start=1):
        entry.player.federation_id = f"CBD-{index}"
        entry.player.save()
    data = export_tournament(venue)
    assert send(client, slot.slug, token, sent(data, 1)).status_code == 200
    # What the venue's own registry says now (one database plays both sides here: the new
    # values travel in the file, as they do between two servers).
    data["players"][0].update(name="Jogadora Corrigida", club="Clube Novo", rating=1999)
    answer = send(client, slot.slug, token, sent(data, 2))
    assert answer.status_code == 200 and answer.json()["applied"] is True
    slot.refresh_from_db()
    assert export_tournament(slot)["players"] == data["players"]


def sent(data: dict, sequence: int) -> bytes:
    return b'{"sequence":%d,"digest":"%s","tournament":%s}' % (
        sequence, content_digest(data).encode(), canonical_json(data))


def test_the_copy_s_starting_list_shows_what_the_venue_s_shows(client, slot, token):
    """The starting list prints the birth year, the state and the FMJD rating: the file carries
    them (the birth date stays at the venue), so the wall list printed from the public server is
    the venue's. The copy's list had no birth-year column at all (issue 27's rehearsal)."""
    venue = make_tournament(3, name="Aberto de Campinas", paired=True)
    facts = [{"birth_year": 1990, "state": "SP", "fmjd_rating": 2105},
             {"birth_year": 2011}, {"state": "PE"}]
    for entry, known in zip(venue.entries.select_related("player").order_by("number"), facts,
                            strict=True):
        for key, value in known.items():
            setattr(entry.player, key, value)
        entry.player.save()
    assert send(client, slot.slug, token, body(venue, 1)).status_code == 200
    slot.refresh_from_db()
    assert [{key: player.get(key) for key in known} for player, known in
            zip(export_tournament(slot)["players"], facts, strict=True)] == facts
    venue_list, copy_list = (
        client.get(reverse("tournaments:starting_list", args=[its.slug]), {"_export": "csv"},
                   HTTP_ACCEPT_LANGUAGE="pt-br").content
        for its in (venue, slot))
    assert "1990" in copy_list.decode("utf-8-sig") and copy_list == venue_list


def test_the_public_server_s_part_leads_its_page_and_a_copy_is_not_sent_on(
        client, venue, slot, token, organiser):
    """Issue 27's rehearsal: on the public server the venue's "Set up and publish" form came
    first, as the main button. With tokens issued the server's part comes first; on a copy the
    venue's part is gone, and its actions are refused (a copy is not relayed onwards)."""
    from tournaments.models import PublishingOutbox

    page = reverse("tournaments:publishing", args=[slot.slug])
    client.force_login(organiser)
    text = client.get(page).content.decode()
    assert text.index('id="receive-heading"') < text.index('id="send-heading"')
    assert send(client, slot.slug, token, body(venue, 1)).status_code == 200
    text = client.get(page).content.decode()
    assert 'id="receive-heading"' in text and 'id="send-heading"' not in text
    answer = client.post(page, {"action": "set_up", "url": "https://example.org/api/publicar/x/",
                                "token": "abc"}, follow=True)
    assert "cópia somente leitura publicada do local do torneio" in answer.content.decode()
    assert not PublishingOutbox.objects.filter(tournament=slot).exists()
    # At the venue (no token issued) the send form still leads.
    at_venue = make_tournament(2, name="Aberto da Venue", organiser=organiser)
    text = client.get(reverse("tournaments:publishing", args=[at_venue.slug])).content.decode()
    assert text.index('id="send-heading"') < text.index('id="receive-heading"')

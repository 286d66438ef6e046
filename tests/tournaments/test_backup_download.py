"""An organiser downloads the JSON backup of his tournament from its page (issue 20).

The file is the one `manage.py export_tournament` writes, and it restores with import_tournament;
only the tournament's organisers (and superusers) may take it, since it names every official.
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import translation
from tournament_factories import make_tournament, play

from arbitration.models import AuditEntry
from tournaments.files.backup import export_tournament, import_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organiser, arbiter):
    tournament = make_tournament(4, organiser=organiser, arbiter=arbiter, paired=True)
    play(tournament, {(1, 1): "1-0", (1, 2): "1/2-1/2"}, user=arbiter)
    return tournament


def test_the_organiser_downloads_a_backup_that_restores(client, organiser, tournament):
    client.force_login(organiser)
    response = client.get(reverse("tournaments:backup", args=[tournament.slug]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment;") and tournament.slug in disposition
    assert ".json" in disposition
    assert "no-store" in response["Cache-Control"]
    data = json.loads(response.content.decode("utf-8"))
    assert data == json.loads(json.dumps(export_tournament(tournament)))
    assert data["audit_log"]  # the results entered above, with who entered them
    restored = import_tournament(data, slug="restaurado", organisers=[organiser])
    assert restored.entries.count() == 4
    assert AuditEntry.objects.filter(tournament=restored).count() == len(data["audit_log"])


def test_the_page_shows_the_link_to_organisers_only(client, organiser, arbiter, tournament):
    url = reverse("tournaments:backup", args=[tournament.slug])
    page = reverse("tournaments:detail", args=[tournament.slug])
    client.force_login(organiser)
    assert url in client.get(page).content.decode()
    client.force_login(arbiter)
    assert url not in client.get(page).content.decode()
    client.logout()
    assert url not in client.get(page).content.decode()


def test_others_cannot_download_it(client, arbiter, outsider, tournament):
    url = reverse("tournaments:backup", args=[tournament.slug])
    response = client.get(url)
    assert response.status_code == 302 and reverse("login") in response["Location"]
    for user in (arbiter, outsider):
        client.force_login(user)
        assert client.get(url).status_code == 403


def test_the_download_is_read_only(client, organiser, tournament):
    client.force_login(organiser)
    assert client.post(reverse("tournaments:backup", args=[tournament.slug])).status_code == 405


def test_an_unknown_tournament_is_not_found(client, organiser):
    client.force_login(organiser)
    assert client.get(reverse("tournaments:backup", args=["nao-existe"])).status_code == 404


def test_the_link_is_named_in_portuguese(client, organiser, tournament):
    client.force_login(organiser)
    with translation.override("pt-br"):
        page = client.get(reverse("tournaments:detail", args=[tournament.slug]),
                          HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Baixar a cópia de segurança (JSON)" in page

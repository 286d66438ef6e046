"""A Swiss round names the players it leaves out at their request or for their absence, found in
a rehearsal of a whole event: a half-point bye asked for round 3 was counted in the standings but
the round's page, its pairings PDF and the pairings of all rounds never mentioned the player, so
someone looking for his board on the wall could not learn he had a bye. They are listed under the
boards, each with what he gets, as the pairing-allocated bye is.
"""

from __future__ import annotations

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader
from tournament_factories import make_tournament

from tournaments.models import AbsenceKind, PairingSystem
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db

PORTUGUESE = {"HTTP_ACCEPT_LANGUAGE": "pt-BR"}


def pdf_text(pdf: bytes) -> str:
    reader = PdfReader(BytesIO(pdf))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


@pytest.fixture
def swiss_round_one():
    """Eight players; number 3 asked for a half-point bye and number 6 is away in round 1, so
    round 1 pairs the other six on three boards with no pairing-allocated bye."""
    tournament = make_tournament(8, system=PairingSystem.SWISS, swiss_rounds=5)
    swiss_event.rank_by_rating(tournament)
    half, away = tournament.entries.get(number=3), tournament.entries.get(number=6)
    swiss_event.request_absence(half, 1, AbsenceKind.HALF_BYE)
    swiss_event.request_absence(away, 1, AbsenceKind.ABSENT)
    round_ = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(round_)
    assert round_.bye is None and round_.games.count() == 3
    return tournament, half, away


def test_the_round_page_names_who_has_no_game_and_why(client, swiss_round_one):
    tournament, half, away = swiss_round_one
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 1]), **PORTUGUESE)
    text = " ".join(page.content.decode().split())
    assert (f"Sem partida nesta rodada: {half.number}. {half.player.name} (folga de meio ponto); "
            f"{away.number}. {away.player.name} (ausente (não emparceirado)).") in text


def test_the_pairings_pdfs_name_who_has_no_game_and_why(client, swiss_round_one):
    tournament, half, away = swiss_round_one
    expected = (f"Sem partida nesta rodada: {half.player.name} ({half.number}), folga de meio "
                f"ponto; {away.player.name} ({away.number}), ausente (não emparceirado)")
    for url in (reverse("printing:pairings", args=[tournament.slug, 1]),
                reverse("printing:all_pairings", args=[tournament.slug])):
        response = client.get(url, **PORTUGUESE)
        assert response["Content-Type"] == "application/pdf"
        assert expected in pdf_text(response.content), url


def test_a_round_robin_round_has_no_such_line(client):
    tournament = make_tournament(4, paired=True)
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 1]), **PORTUGUESE)
    assert "Sem partida nesta rodada" not in page.content.decode()

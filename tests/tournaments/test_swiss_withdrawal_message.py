"""Withdrawing a Swiss player between two rounds, found in a rehearsal of a whole event: nothing
of his is left to forfeit, and the message read "Desistência de ... registrada; 0 partida restante
virou W.O. (Art. 28)". It now says he is left out of the next rounds' pairing; a withdrawal while
his game is still to be played keeps naming the forfeit.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from tournament_factories import make_tournament, play_all

from tournaments.models import PairingSystem
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db

PORTUGUESE = {"HTTP_ACCEPT_LANGUAGE": "pt-BR"}


@pytest.fixture
def swiss(organiser):
    tournament = make_tournament(6, organiser=organiser, system=PairingSystem.SWISS,
                                 swiss_rounds=5)
    swiss_event.rank_by_rating(tournament)
    swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    return tournament


def withdraw(client, tournament, entry) -> str:
    response = client.post(reverse("tournaments:withdraw", args=[tournament.slug, entry.pk]),
                           follow=True, **PORTUGUESE)
    return " ".join(response.content.decode().split())


def test_between_two_rounds_he_is_left_out_of_the_next_pairings(client, organiser, swiss):
    play_all(swiss)
    leaver = swiss.entries.get(number=2)
    client.force_login(organiser)
    page = withdraw(client, swiss, leaver)
    assert (f"Desistência de {leaver.player.name} registrada: fora do emparceiramento das "
            "próximas rodadas.") in page
    assert "0 partida" not in page


def test_during_a_round_his_game_still_becomes_a_forfeit(client, organiser, swiss):
    leaver = swiss.entries.get(number=2)
    client.force_login(organiser)
    page = withdraw(client, swiss, leaver)
    assert "1 partida restante virou W.O." in page

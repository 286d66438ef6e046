"""When forbidden pairings leave a round unpairable, the arbiter reads so, names and all, in his
language (issue 27); the round stays unpaired. Any other impossible round keeps its own message."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.utils import translation
from tournament_factories import make_tournament

from tournaments.models import PairingSystem
from tournaments.services import swiss as swiss_event
from tournaments.services.swiss import rounds

pytestmark = pytest.mark.django_db


def forbid(monkeypatch, number: int, others: set[int]) -> None:
    """The position the engine sees, player ``number`` kept from ``others`` (the organiser's
    settings for this are the site's side of issue 27; here the engine's input is set directly)."""
    real = rounds.position_before

    def position(tournament, round_no):
        inp = real(tournament, round_no)
        players = [
            replace(s, forbidden=set(others)) if s.number == number else s for s in inp.players
        ]
        return replace(inp, players=players)

    monkeypatch.setattr(rounds, "position_before", position)


@pytest.fixture
def tournament():
    t = make_tournament(4, system=PairingSystem.SWISS, swiss_rounds=3)
    swiss_event.rank_by_rating(t)
    return t


def test_the_message_names_the_pairs_that_block_the_round(monkeypatch, tournament):
    forbid(monkeypatch, 1, {2, 3, 4})
    names = {e.number: e.player.name for e in tournament.entries.select_related("player")}
    with translation.override("pt-br"), pytest.raises(swiss_event.PairingFailedError) as caught:
        swiss_event.pair_next_round(tournament)
    text = str(caught.value)
    assert text.startswith(
        "A rodada 1 não pode ser emparceirada: nenhum emparceiramento mantém "
        "separados os jogadores que não podem se enfrentar ("
    )
    assert f"{names[1]} – {names[2]}; {names[1]} – {names[3]}; {names[1]} – {names[4]}" in text
    assert tournament.rounds.count() == 0
    with translation.override("en"), pytest.raises(swiss_event.PairingFailedError) as caught:
        swiss_event.pair_next_round(tournament)
    assert "no pairing keeps apart the players who must not meet" in str(caught.value)


def test_a_forbidden_pair_the_round_can_avoid_is_avoided(monkeypatch, tournament):
    forbid(monkeypatch, 1, {3})
    round_ = swiss_event.pair_next_round(tournament)
    met = {frozenset((g.white.number, g.black.number)) for g in round_.games.all()}
    assert frozenset((1, 3)) not in met and len(met) == 2

"""The positions the viewer page sends with itself (issue 12): static/js/viewer.js steps through
them without a reload, so they must say what the server-rendered page says at every half-move."""

from __future__ import annotations

import json
import re

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach, first_game
from django.test import Client
from django.urls import reverse

from arbitration import services, viewer
from arbitration.sheet_facts import sheet_facts
from arbitration.viewer import viewer_data, viewer_state

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(tournament):
    """The conftest's two-player tournament, its game with the THREEFOLD sheet."""
    game = first_game(tournament)
    attach(game, fragments.THREEFOLD, notation="algebraic")
    return game


def blob(page: str) -> dict:
    match = re.search(r'<script id="viewer-data" type="application/json">(.*?)</script>', page,
                      re.S)
    assert match, "the viewer page carries no viewer-data"
    return json.loads(match.group(1))


def test_every_half_move_is_sent_with_what_the_server_shows_there(game):
    facts = sheet_facts(game, services.sheet_of(game))
    state = viewer_state(facts, None)
    data = viewer_data(facts, state.ply)
    assert data["ply"] == state.last == 8
    assert len(data["fens"]) == len(data["counters"]) == 9
    assert [move[0] for move in data["moves"]] == ["1.", "1...", "2.", "2...", "3.", "3...",
                                                   "4.", "4..."]
    for ply in range(9):
        at_ply = viewer_state(facts, str(ply))
        shown = [[int(counter.holds), counter.text] for counter in at_ply.counters]
        sent = [[holds, data["sentences"][index]] for holds, index in data["counters"][ply]]
        assert sent == shown, f"half-move {ply}"
    assert data["rules"] == [counter.rule for counter in state.counters]
    # Where the page draws each square: b8 (1) top left of an 8x8 board with a margin for the
    # algebraic names; flipped, g1 (32) is there.
    geometry = data["geometry"]
    assert geometry["origins"][0] == [24 + geometry["cell"], 24]
    flipped = viewer_data(facts, 0, flipped=True)["geometry"]
    assert flipped["origins"][31] == [24 + flipped["cell"], 24]
    assert data["moves"][0][3] == [30, 26]  # c1-d2


def test_the_page_sends_the_blob_and_its_sentences_in_the_visitors_language(game):
    address = reverse("arbitration:viewer", args=[game.round.tournament.slug, game.pk])
    data = blob(Client().get(address, {"ply": 2}, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode())
    assert data["ply"] == 2
    assert data["words"]["start"] == "Posição inicial"
    assert any("ocorrências" in sentence for sentence in data["sentences"])


def test_past_the_budget_the_counters_stay_on_the_server(game, monkeypatch):
    """A sheet whose counter sentences would weigh too much sends its positions only; the
    script then loads each half-move's page (the counters as the server draws them)."""
    monkeypatch.setattr(viewer, "SENTENCES_BUDGET", 100)
    facts = sheet_facts(game, services.sheet_of(game))
    data = viewer_data(facts, viewer_state(facts, None).ply)
    assert data["counters"] is None and data["sentences"] == []
    assert len(data["fens"]) == 9

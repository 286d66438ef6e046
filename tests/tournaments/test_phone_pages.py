"""Issue 12, the public pages read on a phone: what the server sends for the layout (the browser
tests in tests/browser/test_players_on_a_phone.py measure the layout itself)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from tournament_factories import make_tournament, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organiser, arbiter):
    tournament = make_tournament(5, organiser=organiser, arbiter=arbiter, paired=True,
                                 name="Aberto de Recife")
    play(tournament, {(1, 1): "1-0", (1, 2): "-+"})
    return tournament


def test_the_pages_show_short_headings_and_the_csv_keeps_the_full_ones(client, tournament):
    """The short headings of a page (SB, ⇄) never leak into the CSV, whichever comes first."""
    standings = reverse("tournaments:standings", args=[tournament.slug])
    round_page = reverse("tournaments:round", args=[tournament.slug, 1])
    for _twice in range(2):
        page = client.get(standings, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert '<abbr title="Sonneborn-Berger">SB</abbr>' in page
        assert "SB = Sonneborn-Berger" in page
        header = client.get(standings, {"_export": "csv"},
                            HTTP_ACCEPT_LANGUAGE="en").content.decode().splitlines()[0]
        assert "Sonneborn-Berger" in header and "abbr" not in header

        page = client.get(round_page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert '<abbr title="Colours swapped (Art. 10)">⇄</abbr>' in page
        header = client.get(round_page, {"_export": "csv"},
                            HTTP_ACCEPT_LANGUAGE="en").content.decode().splitlines()[0]
        assert "Colours swapped (Art. 10)" in header and "abbr" not in header


def test_each_board_names_its_parts_for_the_phone_layout(client, tournament):
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 1]),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for part, label in (("board", "Board"), ("white", "White"), ("black", "Black")):
        assert f'data-label="{label}"' in page and f"p-{part}" in page

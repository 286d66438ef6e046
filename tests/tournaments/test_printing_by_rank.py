"""Issue 12 on paper: the crosstable by rank with its diagonal, cells in the tournament's units,
rating and games played in the crosstable and the standings, and the pairings of all rounds."""

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader
from tournament_factories import make_tournament, play

from tournaments.models import Game

pytestmark = pytest.mark.django_db
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def fmjd(organiser):
    tournament = make_tournament(4, organiser=organiser, paired=True, name="Aberto FMJD",
                                 scoring_win=2, scoring_draw=1, scoring_loss=0)
    play(tournament, {(1, 1): "0-1", (1, 2): "0-1", (2, 1): "0-1", (2, 2): "1/2-1/2"})
    return tournament


def pdf_text(client, tournament, name: str) -> str:
    response = client.get(reverse(f"printing:{name}", kwargs={"slug": tournament.slug}),
                          **ENGLISH)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(BytesIO(response.content))
    return "\n".join(page.extract_text().replace("\xa0", " ") for page in reader.pages)


def test_the_crosstable_by_rank_numbers_the_columns_by_place(client, fmjd):
    text = pdf_text(client, fmjd, "crosstable_by_rank")
    lines = text.splitlines()
    assert "Rows and columns by rank" in text
    # Leader: 3 (4 points), rating 1530: his own square first, then 2 against 4 and 1 and 2.
    at = lines.index("Jogador 03 Conceição")
    assert lines[at + 1] == "1530"


def test_cells_rating_and_games_played_in_units_of_two(client, fmjd):
    text = pdf_text(client, fmjd, "crosstable")
    assert "2 win, 1 draw, 0 loss" in text
    assert "Rtg: rating; G: games played." in text
    lines = text.splitlines()
    at = lines.index("Jogador 04 Conceição")
    # rating, club, cells against 1, 2, 3 (2B: won with Black; 3 not met; 0W lost to 3),
    # points, games played
    assert lines[at + 1] == "1540"
    assert "2B" in lines[at + 2: at + 6] and "0W" in lines[at + 2: at + 6]
    standings = pdf_text(client, fmjd, "standings").splitlines()
    at = standings.index("Jogador 04 Conceição")
    assert standings[at + 1] == "1540" and standings[at + 4] == "2"  # rating ... games


def test_the_pairings_of_all_rounds_in_one_document(client, fmjd):
    text = pdf_text(client, fmjd, "all_pairings")
    assert "Pairings of all rounds" in text
    for number in (1, 2, 3):
        assert f"Round {number}" in text
    for game in Game.objects.of_tournament(fmjd).with_players():
        assert f"{game.white.player.name} ({game.white.number})" in text
    assert "0 – 2" in text and "1 – 1" in text  # results in the tournament's units

"""Issue 12, the crosstable and standings as Swiss-Manager prints them: by rank in both
directions with the diagonal, the tie-breaks beside the points, cells in the tournament's units
(2-1-0), rating and games played."""

import csv
import io

import pytest
from django.urls import reverse
from tournament_factories import make_tournament, play

pytestmark = pytest.mark.django_db


def csv_rows(client, name: str, tournament, **params) -> list[dict[str, str]]:
    response = client.get(reverse(f"tournaments:{name}", args=[tournament.slug]),
                          {"_export": "csv", **params}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8").lstrip("\ufeff"))))


@pytest.fixture
def fmjd(organiser):
    """Four players, 2-1-0 scoring, two rounds played: 3 leads, then 4."""
    tournament = make_tournament(4, organiser=organiser, paired=True, name="Aberto FMJD",
                                 scoring_win=2, scoring_draw=1, scoring_loss=0)
    # Berger, 4 players: round 1 is 1-4, 2-3; round 2 is 4-3, 1-2.
    play(tournament, {(1, 1): "0-1", (1, 2): "0-1", (2, 1): "0-1", (2, 2): "1/2-1/2"})
    return tournament


def test_crosstable_by_rank_has_its_diagonal_and_numbers_the_columns_by_place(client, fmjd):
    rows = csv_rows(client, "crosstable", fmjd, ordem="classificacao")
    places = [str(place) for place in range(1, 5)]
    header = list(rows[0])
    assert header[header.index("Rating") + 1:header.index("Rating") + 5] == places
    for place, row in enumerate(rows, start=1):
        assert row[str(place)] == "×", row  # each player's own square on the diagonal
    assert [row["No."] for row in rows][:2] == ["3", "4"]


def test_crosstable_by_number_keeps_the_pairing_numbers(client, fmjd):
    rows = csv_rows(client, "crosstable", fmjd)
    assert [row[row["No."]] for row in rows] == ["×"] * 4
    assert [row["No."] for row in rows] != [str(n) for n in range(1, 5)]  # rows by rank
    page = client.get(reverse("tournaments:crosstable", args=[fmjd.slug]),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "?ordem=classificacao" in page


def test_cells_are_in_the_tournaments_units(client, fmjd):
    rows = {row["No."]: row for row in csv_rows(client, "crosstable", fmjd)}
    # 2-1-0: a win shows 2 as the total does, a draw 1.
    assert rows["4"]["1"] == "2B" and rows["1"]["4"] == "0W"
    assert rows["1"]["2"] == "1W" and rows["2"]["1"] == "1B"
    assert rows["3"]["Points"] == "4"


def test_crosstable_and_standings_show_rating_games_and_tiebreaks(client, fmjd):
    crosstable = {row["No."]: row for row in csv_rows(client, "crosstable", fmjd)}
    standings = {row["No."]: row for row in csv_rows(client, "standings", fmjd)}
    for rows in (crosstable, standings):
        assert rows["1"]["Rating"] == "1510" and rows["4"]["Rating"] == "1540"
    assert standings["1"]["Games played"] == crosstable["1"]["G"] == "2"
    # The crosstable heads its tie-breaks with the short codes the PDF uses, and says them.
    assert "Sonneborn-Berger" in standings["1"] and "SB" in crosstable["1"]
    assert crosstable["3"]["WIN"] == standings["3"]["Most wins"] == "2"
    page = client.get(reverse("tournaments:crosstable", args=[fmjd.slug]),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "G: games played; DE: Direct encounter; WIN: Most wins" in page


def test_the_one_pass_page_by_rank_has_the_diagonal_rating_games_and_tiebreak_codes(client,
                                                                                     fmjd):
    """The page itself (tournaments/pages/crosstable_grid.py, issue 15) shows what the CSV shows."""
    import re

    page = client.get(reverse("tournaments:crosstable", args=[fmjd.slug]),
                      {"ordem": "classificacao"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = [row for row in body.split("<tr>")[1:]]
    assert len(rows) == 4
    for place, row in enumerate(rows):
        cross = row.split('<td class="cross">')[1:]
        assert cross[place].startswith('<span class="self"'), (place, row)
        assert 'class="number pin-end points">' in row and 'class="number pin-rank">' in row
    assert '<td class="number fold rating">1540</td>' in body  # the rating, before the opponents
    assert re.search(r'<abbr title="Sonneborn-Berger">SB</abbr>', page)
    assert "G: games played" in page and "Columns by pairing number" in page
    assert 'href="?sort=' not in page  # no sorting off the diagonal

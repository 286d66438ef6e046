"""Issue 15: the standings page's table is written in one pass over the cached rows
(tournaments/pages/standings_html.py), no longer through django-tables2. It must show what the
standings are (reports.standings), in the columns, headings and orders the django-tables2 table
had: the tie-breaks in the tournament's order, `?sort=` on any column (a tie-break's too), the
standings after a round (`?rodada=`), and the live updates redraw the same table."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import parse_qs

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation
from django_tables2 import RequestConfig
from tournament_factories import make_tournament, play

from tournaments.models import Entry
from tournaments.pages import pieces as page_pieces
from tournaments.pages.tables import StandingsTable
from tournaments.printing.standings_texts import encounter_text, local_points
from tournaments.queries import reports
from tournaments.standings.tiebreak_names import tiebreak_abbreviation, tiebreak_name

pytestmark = pytest.mark.django_db

RESULTS = ["1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "+-", "0-1", "1-0"]


@pytest.fixture
def tournament():
    """Eight players, four of their seven rounds played: draws, a forfeit, shared places; one
    player without a club nor a rating, and a name the page must escape."""
    tournament = make_tournament(8, paired=True, name="Aberto de Natal")
    player = Entry.objects.get(tournament=tournament, number=5).player
    player.club, player.rating, player.name = "", None, "Zé <Damas> & Cia"
    player.save()
    play(tournament, {(round_number, board): RESULTS[(round_number * 3 + board) % len(RESULTS)]
                      for round_number in range(1, 5) for board in range(1, 5)})
    return tournament


class TableReader(HTMLParser):
    """The standings table's headings (text, classes, link, title) and rows (text, classes and
    link of each cell)."""

    def __init__(self):
        super().__init__()
        self.headings: list[dict] = []
        self.rows: list[list[dict]] = []
        self.cell: dict | None = None
        self.in_table = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.in_table = True
        elif self.in_table and tag == "tr" and self.cell is None:
            self.rows.append([])
        elif self.in_table and tag in ("th", "td"):
            self.cell = {"text": "", "classes": set((attrs.get("class") or "").split()),
                         "href": None, "title": None}
        elif self.cell is not None and tag == "a":
            self.cell["href"] = attrs["href"]
        elif self.cell is not None and tag in ("abbr", "span"):
            self.cell["title"] = attrs.get("title")

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_table = False
        elif tag in ("th", "td") and self.cell is not None:
            self.cell["text"] = self.cell["text"].strip()
            (self.headings if tag == "th" else self.rows[-1]).append(self.cell)
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell["text"] += data


def read_table(html: str) -> TableReader:
    reader = TableReader()
    reader.feed(html[html.index('<div class="table-container">'):])
    reader.rows = [row for row in reader.rows if row]
    return reader


def page(tournament, **query) -> str:
    response = Client().get(reverse("tournaments:standings", args=[tournament.slug]), query,
                            HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content.decode()


def query_of(href: str) -> dict[str, list[str]]:
    assert href.startswith("?")
    return parse_qs(href[1:])


def expected_cells(standing) -> list[str]:
    """A row as the page writes it, straight from the standings module, in English."""
    player = standing.entry.player
    with translation.override("en"):
        # the direct encounter as the place it gives in the tied group (issue 25)
        tiebreaks = [encounter_text(standing.row.encounter)[0]
                     if key == "direct-encounter" and standing.row.encounter is not None
                     else "–" if value is None else local_points(value)
                     for key, value in standing.row.tiebreaks.items()]
        return [str(standing.rank), str(standing.entry.number), player.name,
                player.club or "—", "" if standing.rating is None else str(standing.rating),
                local_points(standing.points), str(standing.games), *tiebreaks]


def django_tables2_order(tournament, up_to_round: int | None, **query) -> list[int]:
    """The pairing numbers in the order the django-tables2 table puts them for `?sort=`."""
    request = RequestFactory().get("/", query)
    table = StandingsTable(page_pieces.compute_standings_rows(tournament, up_to_round),
                           tournament.tiebreaks)
    RequestConfig(request, paginate=False).configure(table)
    return [row.record["number"] for row in table.rows]


def test_the_page_shows_the_standings_with_every_column_and_heading(tournament):
    html = page(tournament)
    table = read_table(html)
    standings = reports.standings(tournament)
    assert [[cell["text"] for cell in row] for row in table.rows] == [
        expected_cells(standing) for standing in standings]
    tiebreaks = list(tournament.tiebreaks)
    assert len(tiebreaks) >= 3
    with translation.override("en"):
        codes = [tiebreak_abbreviation(key) for key in tiebreaks]
        names = [tiebreak_name(key) for key in tiebreaks]
    assert [heading["text"] for heading in table.headings] == [
        "Rank", "No.", "Name", "Club or federation", "Rating", "Points", "G", *codes]
    assert [heading["title"] for heading in table.headings[7:]] == names
    legend = "; ".join(f"{code} = {name}" for code, name in zip(codes, names, strict=True))
    assert f"Ties are broken in this order: {legend}" in html
    # The phone layout's and the alignment's class names, on headings and cells alike.
    classes = [{"number", "pin-rank"}, {"number", "fold"}, {"pin-name"}, {"fold", "club"},
               {"number", "fold", "rating"}, {"number", "points"}, {"number", "games"},
               *[{"number", "fold", "tb"}] * len(tiebreaks)]
    assert [heading["classes"] - {"orderable", "asc", "desc"}
            for heading in table.headings] == classes
    for row in table.rows:
        assert [cell["classes"] for cell in row] == classes
    # Each name links to its player's page; the escaped name reads as typed.
    assert [row[2]["href"] for row in table.rows] == [
        standing.entry.get_absolute_url() for standing in standings]
    assert "Zé <Damas> & Cia" in [row[2]["text"] for row in table.rows]
    # Shared places say so (test_a_shared_place_says_so); the tournament's order marks rank
    # and number as sorted.
    for row, standing in zip(table.rows, standings, strict=True):
        assert row[0]["title"] == ("shared place" if standing.row.shared else None)
    assert [heading["href"] for heading in table.headings[:3]] == [
        "?sort=-rank", "?sort=-number", "?sort=name"]
    assert "asc" in table.headings[0]["classes"] and "asc" in table.headings[1]["classes"]


def test_a_sort_by_a_tie_break_after_a_round_orders_the_rows_as_the_data_says(tournament):
    html = page(tournament, rodada=3, sort="-tb_3")
    table = read_table(html)
    standings = reports.standings(tournament, up_to_round=3)
    third = list(tournament.tiebreaks)[2]
    # Highest first, players equal on it in their standing order (a stable sort).
    ranked = sorted(standings, key=lambda standing: -standing.row.tiebreaks[third])
    assert [[cell["text"] for cell in row] for row in table.rows] == [
        expected_cells(standing) for standing in ranked]
    assert [standing.entry.number for standing in ranked] != [
        standing.entry.number for standing in standings]  # the sort did something
    assert "Standings after round 3" in html
    # The sorted heading says so and offers the other way; every link keeps the round.
    assert "desc" in table.headings[9]["classes"]
    assert query_of(table.headings[9]["href"]) == {"sort": ["tb_3"], "rodada": ["3"]}
    assert query_of(table.headings[0]["href"]) == {"sort": ["rank"], "rodada": ["3"]}
    assert not {"asc", "desc"} & table.headings[0]["classes"]


@pytest.mark.parametrize("sort", ["name", "-name", "club", "-rating", "rating", "points",
                                  "-games", "tb_1", "-tb_2", "number", "-rank", "nonsense"])
@pytest.mark.parametrize("up_to_round", [None, 2])
def test_every_sort_orders_the_rows_as_django_tables2_did(tournament, sort, up_to_round):
    query = {"sort": sort} | ({"rodada": up_to_round} if up_to_round else {})
    table = read_table(page(tournament, **query))
    assert [int(row[1]["text"]) for row in table.rows] == django_tables2_order(
        tournament, up_to_round, **query)
    if sort == "nonsense":  # unknown: the rows as ranked, no heading marked
        assert not any({"asc", "desc"} & heading["classes"] for heading in table.headings)


def test_the_live_update_redraws_the_same_table(tournament):
    html = page(tournament, sort="-points")
    answer = Client().get(reverse("tournaments:standings_live", args=[tournament.slug, 5]),
                          {"sort": "-points"}, HTTP_ACCEPT_LANGUAGE="en").json()
    live, shown = read_table(answer["html"]), read_table(html)
    assert live.rows == shown.rows and live.headings == shown.headings


def test_a_shared_place_says_so():
    """Round 1 all drawn: two pairs share a place, each rank saying so on hover."""
    tournament = make_tournament(4, paired=True, name="Aberto de Olinda")
    play(tournament, {(1, 1): "1/2-1/2", (1, 2): "1/2-1/2"})
    table = read_table(page(tournament))
    standings = reports.standings(tournament)
    assert all(standing.row.shared for standing in standings)
    assert [(row[0]["text"], row[0]["title"]) for row in table.rows] == [
        (str(standing.rank), "shared place") for standing in standings]
    assert [int(row[1]["text"]) for row in table.rows] == [
        standing.entry.number for standing in standings]

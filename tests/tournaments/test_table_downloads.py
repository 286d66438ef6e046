"""Every table that downloads as CSV also downloads as .xlsx, numbers as numbers; the CSV opens
as columns and numbers in a Portuguese Excel (BOM, `;`, decimal comma) and in an English one
(BOM, `,`, decimal point) (issue 20). The pages' cache keeps each download's type and name."""

from __future__ import annotations

import csv
import datetime
import io
import re
from decimal import Decimal

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse
from team_factories import make_league, play_round
from tournament_factories import make_tournament, play

from prizes.models import Category, Kind
from tournaments import services
from tournaments.files.table_export import (
    CSV_DIALECTS,
    XLSX_CONTENT_TYPE,
    as_number,
    csv_number,
    neutralise,
    sheet_title,
)
from tournaments.models import Game, PairingSystem, TeamMatch
from tournaments.printing.standings_texts import encounter_text
from tournaments.queries import reports
from tournaments.services import swiss as swiss_event
from tournaments.standings.scoring import format_points

pytestmark = pytest.mark.django_db

BOM = b"\xef\xbb\xbf"


def english() -> Client:
    return Client(headers={"accept-language": "en"})


def portuguese() -> Client:
    return Client(headers={"accept-language": "pt-br"})


@pytest.fixture
def round_robin(organiser):
    """Five players, two rounds played with draws, so points and tie-breaks have halves."""
    tournament = make_tournament(5, organiser=organiser, paired=True, name="Aberto de Olinda",
                                 start_date=datetime.date(2026, 3, 14))
    play(tournament, {(1, 1): "1/2-1/2", (1, 2): "1-0", (2, 1): "1/2-1/2", (2, 2): "0-1"})
    return tournament


def with_export(url: str, export: str, **query: str) -> str:
    pairs = [f"{key}={value}" for key, value in query.items()] + [f"_export={export}"]
    return url + ("&" if "?" in url else "?") + "&".join(pairs)


def workbook_rows(response) -> tuple[openpyxl.worksheet.worksheet.Worksheet, list[list]]:
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    assert response["Content-Disposition"].startswith("attachment; filename=")
    assert response["Content-Disposition"].endswith('.xlsx"')
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    return sheet, [list(row) for row in sheet.iter_rows()]


def csv_cells(response, dialect: str) -> list[list[str]]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(BOM)  # Excel reads the names as UTF-8 only with it
    text = response.content[len(BOM):].decode("utf-8")
    return list(csv.reader(io.StringIO(text, newline=""),
                           delimiter=CSV_DIALECTS[dialect].delimiter))


# --- every table ------------------------------------------------------------------------------

def round_robin_pages(tournament) -> dict[str, str]:
    slug = tournament.slug
    entry = tournament.entries.get(number=1)
    category = Category.objects.create(tournament=tournament, name="Até 1530", kind=Kind.RATING,
                                       rating_max=1530)
    return {
        "list": reverse("tournaments:list"),
        "players": reverse("tournaments:detail", args=[slug]),
        "round": reverse("tournaments:round", args=[slug, 1]),
        "standings": reverse("tournaments:standings", args=[slug]),
        "standings after round 1": reverse("tournaments:standings", args=[slug]) + "?rodada=1",
        "crosstable": reverse("tournaments:crosstable", args=[slug]),
        "crosstable by rank": reverse("tournaments:crosstable", args=[slug])
        + "?ordem=classificacao",
        "player": reverse("tournaments:player", args=[slug, entry.pk]),
        "rating report": reverse("tournaments:rating_report", args=[slug]),
        "rating report, FMJD": reverse("tournaments:rating_report", args=[slug]) + "?lista=fmjd",
        "category standings": reverse("prizes:category", args=[slug, category.pk]),
    }


def league_pages(league) -> dict[str, str]:
    slug = league.slug
    team = league.teams.order_by("pk").first()
    return {
        "team standings": reverse("tournaments:team_standings", args=[slug]),
        "team crosstable": reverse("tournaments:team_crosstable", args=[slug]),
        "team round": reverse("tournaments:team_round", args=[slug, 1]),
        "team": reverse("tournaments:team", args=[slug, team.pk]),
        "board prizes": reverse("tournaments:board_prizes", args=[slug]),
    }


def swiss_pages(tournament) -> dict[str, str]:
    return {"Swiss round": reverse("tournaments:round", args=[tournament.slug, 1]),
            "Swiss standings": reverse("tournaments:standings", args=[tournament.slug])}


@pytest.fixture
def league(organiser):
    league = make_league(4, organiser=organiser, name="Liga Pernambucana")
    play_round(league, 1, "1-0")
    first = Game.objects.filter(round__tournament=league, round__number=1).order_by(
        "board").first()
    first.result = "1/2-1/2"
    first.save()
    return league


@pytest.fixture
def swiss(organiser):
    tournament = make_tournament(7, organiser=organiser, system=PairingSystem.SWISS,
                                 swiss_rounds=5, name="Suíço de Natal")
    first = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(first)
    first.games.update(result="1/2-1/2")
    return tournament


PAGES = ["list", "players", "round", "standings", "standings after round 1", "crosstable",
         "crosstable by rank", "player", "rating report", "rating report, FMJD",
         "category standings", "team standings", "team crosstable", "team round", "team",
         "board prizes", "Swiss round", "Swiss standings"]


@pytest.fixture
def page_url(request, organiser):
    """The URL of the page named by the test's `page` parameter, its tournament stored."""
    page = request.node.callspec.params["page"]
    if page.startswith(("team", "board")):
        return league_pages(request.getfixturevalue("league"))[page]
    if page.startswith("Swiss"):
        return swiss_pages(request.getfixturevalue("swiss"))[page]
    return round_robin_pages(request.getfixturevalue("round_robin"))[page]


def number_in_csv(cell: str, dialect: str) -> float:
    """A CSV number as that region's Excel reads it: no other character than digits, a minus
    and the decimal sign."""
    decimal = CSV_DIALECTS[dialect].decimal
    other = "." if decimal == "," else ","
    assert other not in cell, cell
    return float(cell.replace(decimal, "."))


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(("language", "dialect"), [("en", "en"), ("pt-br", "pt")])
def test_the_xlsx_holds_what_the_csv_holds_numbers_as_numbers(page, page_url, language,
                                                              dialect):
    client = Client(headers={"accept-language": language})
    html = client.get(page_url).content.decode()
    assert "_export=xlsx" in html and "_export=csv" in html  # both offered, side by side
    sheet, rows = workbook_rows(client.get(with_export(page_url, "xlsx")))
    cells = csv_cells(client.get(with_export(page_url, "csv")), dialect)
    assert len(rows) == len(cells) > 1, page
    assert all(cell.font.bold for cell in rows[0])
    assert sheet.freeze_panes == "A2"
    numbers = 0
    for row, csv_row in zip(rows, cells, strict=True):
        assert len(row) == len(csv_row), page
        for cell, text in zip(row, csv_row, strict=True):
            assert cell.data_type != "f", (page, cell.value)
            if cell.value is None:
                assert text == "", (page, text)
            elif cell.is_date:  # the list's start dates
                numbers += 1
                assert text == cell.value.date().isoformat()
            elif cell.data_type == "n":
                numbers += 1
                assert isinstance(cell.value, int | float)
                assert number_in_csv(text, dialect) == pytest.approx(cell.value), (page, text)
            else:
                assert cell.data_type == "s"
                assert text == neutralise(cell.value), (page, text)
    assert numbers, page  # every one of these tables has numbers (or dates)


def test_the_standings_arrive_as_numbers(round_robin):
    client = english()
    url = reverse("tournaments:standings", args=[round_robin.slug])
    sheet, rows = workbook_rows(client.get(url, {"_export": "xlsx"}))
    assert sheet.title == "Standings"
    headings = [cell.value for cell in rows[0]]
    assert headings[:7] == ["Rank", "No.", "Name", "Club or federation", "Rating", "Points",
                            "Games played"]
    standings = reports.standings(round_robin)
    assert len(rows) == len(standings) + 1
    halves = 0
    for row, standing in zip(rows[1:], standings, strict=True):
        values = [cell.value for cell in row]
        assert values[:3] == [standing.rank, standing.entry.number, standing.entry.player.name]
        assert values[4] == standing.rating
        assert values[5] == float(standing.points)
        assert values[6] == standing.games
        for cell in row[:2] + row[4:7]:
            assert cell.data_type == "n"
        for cell, (key, value) in zip(row[7:], standing.row.tiebreaks.items(), strict=True):
            if key == "direct-encounter" and standing.row.encounter is not None:
                # the place it gives in the tied group, or * where it does not apply (issue 25)
                shown = encounter_text(standing.row.encounter)[0]
                assert cell.value == (int(shown) if shown.isdigit() else shown)
            elif value is None:
                assert cell.value == "–"
            else:
                assert cell.data_type == "n" and cell.value == float(value)
        halves += standing.points.denominator == 2
    assert halves  # draws were played: ½ is the number 0.5, not a text


def test_the_sheet_is_titled_in_the_readers_language(round_robin):
    url = reverse("tournaments:standings", args=[round_robin.slug])
    sheet, _rows = workbook_rows(portuguese().get(url, {"_export": "xlsx", "rodada": "1"}))
    assert sheet.title == "Classificação após a rodada 1"
    book = openpyxl.load_workbook(io.BytesIO(
        portuguese().get(url, {"_export": "xlsx"}).content))
    assert book.active.title == "Classificação"
    assert book.properties.title == "Aberto de Olinda – Classificação"
    response = english().get(reverse("tournaments:crosstable", args=[round_robin.slug]),
                             {"_export": "xlsx"})
    assert response["Content-Disposition"] == (
        f'attachment; filename="{round_robin.slug}-tabela.xlsx"')


def test_the_rating_report_has_signed_and_decimal_numbers(organiser):
    tournament = make_tournament(name="Avaliado", organiser=organiser, rating_k=20)
    for name, rating in (("Ana", 1600), ("Bia", 1400)):
        services.add_player(tournament, name=name, rating=rating)
    services.draw_numbers(tournament, seed=1)
    services.generate_rounds(tournament)
    Game.objects.filter(round__tournament=tournament).update(result="1/2-1/2")
    url = reverse("tournaments:rating_report", args=[tournament.slug])
    _sheet, rows = workbook_rows(english().get(url, {"_export": "xlsx"}))
    by_name = {row[1].value: {heading.value: cell.value for heading, cell in zip(
        rows[0], row, strict=True)} for row in rows[1:]}
    # 1600 against 1400 expects 0.7597, scores 0.5: change 20 × (0.5 − 0.7597) = −5.19
    assert by_name["Ana"]["Score"] == 0.5
    assert by_name["Ana"]["Expected score"] == 0.76
    assert by_name["Ana"]["Rating change"] == -5.2
    assert by_name["Bia"]["Rating change"] == 5.2
    assert by_name["Ana"]["New rating"] == 1595
    portuguese_page = portuguese().get(url).content.decode()
    assert ">+5,2<" in portuguese_page and ">0,76<" in portuguese_page
    assert ">+5.2<" in english().get(url).content.decode()
    cells = csv_cells(portuguese().get(url, {"_export": "csv"}), "pt")
    row = next(row for row in cells if row[1] == "Ana")
    assert row[5:8] == ["0,5", "0,76", "-5,2"]  # a negative number stays a number
    assert "%PDF" in portuguese().get(url, {"formato": "pdf"}).content.decode("latin-1")[:8]


# --- the CSV for each region's Excel ----------------------------------------------------------

def test_a_portuguese_reader_gets_semicolons_and_decimal_commas(round_robin):
    url = reverse("tournaments:standings", args=[round_robin.slug])
    response = portuguese().get(url, {"_export": "csv"})
    cells = csv_cells(response, "pt")
    assert cells[0][:7] == ["Pos.", "Nº", "Nome", "Clube ou federação", "Rating",
                            "Pontos", "Partidas disputadas"]
    first_line = response.content[len(BOM):].decode().splitlines()[0]
    assert first_line.count(";") == len(cells[0]) - 1 and "," not in first_line
    points = {row[1]: row[5] for row in cells[1:]}
    assert points == {str(standing.entry.number): format_points(standing.points).replace(".", ",")
                      for standing in reports.standings(round_robin)}
    assert any(value.endswith(",5") for value in points.values())  # a half: "1,5"


def test_an_english_reader_gets_commas_and_decimal_points(round_robin):
    url = reverse("tournaments:standings", args=[round_robin.slug])
    cells = csv_cells(english().get(url, {"_export": "csv"}), "en")
    assert cells[0][:2] == ["Rank", "No."]
    points = [row[5] for row in cells[1:]]
    assert any("." in value for value in points) and not any("," in v for v in points)


@pytest.mark.parametrize(("client", "excel", "delimiter", "half"),
                         [(english, "pt", ";", ","), (portuguese, "en", ",", ".")])
def test_excel_in_the_query_overrides_the_language(round_robin, client, excel, delimiter,
                                                   half):
    """A reader of the English pages whose Excel is Brazilian, or the other way round."""
    url = reverse("tournaments:standings", args=[round_robin.slug])
    response = client().get(url, {"_export": "csv", "excel": excel})
    cells = csv_cells(response, excel)
    assert response.content[len(BOM):].decode().splitlines()[0].count(delimiter) == \
        len(cells[0]) - 1
    assert any(half in row[5] for row in cells[1:])


def test_no_score_of_the_team_crosstable_reads_as_a_date(league):
    """Excel opening a CSV takes "3-1" for the 1st of March (or the 3rd of January): the
    match scores are written with an en dash, and with the reader's decimal sign."""
    url = reverse("tournaments:team_crosstable", args=[league.slug])
    match = TeamMatch.objects.get(round__tournament=league, round__number=1, table=1)
    for client, dialect, score in ((portuguese, "pt", "1,5–2,5"), (english, "en", "1.5–2.5")):
        cells = csv_cells(client().get(url, {"_export": "csv"}), dialect)
        home = next(row for row in cells if row[1] == match.home.name)
        assert score in home
        scores = [cell for row in cells[1:] for cell in row[2:-3] if cell not in ("", "×")]
        assert scores and all(re.fullmatch(r"\d+([.,]5)?–\d+([.,]5)?", cell) for cell in scores)


def test_a_name_with_the_separator_stays_one_cell(organiser):
    tournament = make_tournament(name="Separadores", organiser=organiser)
    services.add_player(tournament, name="Silva; Souza, Ana", club='Clube "Damas"', rating=1500)
    url = reverse("tournaments:detail", args=[tournament.slug])
    for client, dialect in ((portuguese, "pt"), (english, "en")):
        cells = csv_cells(client().get(url, {"_export": "csv"}), dialect)
        assert cells[1][1:4] == ["Silva; Souza, Ana", 'Clube "Damas"', "1500"]


# --- the page cache ---------------------------------------------------------------------------

def test_the_cache_keeps_each_downloads_type_name_and_dialect(round_robin):
    """Anonymous readers share stored pages (cache/pages.py), keyed on the language and the full
    query: a stored .xlsx keeps its type and file name, and a Portuguese CSV never reaches an
    English reader."""
    url = reverse("tournaments:standings", args=[round_robin.slug])
    first = english().get(url, {"_export": "xlsx"})
    again = english().get(url, {"_export": "xlsx"})
    assert again["Cache-Control"].startswith("public")
    assert again.content == first.content
    for name in ("Content-Type", "Content-Disposition"):
        assert again[name] == first[name]
    workbook_rows(again)
    assert english().get(url, {"_export": "xlsx"},
                         HTTP_IF_NONE_MATCH=again["ETag"]).status_code == 304
    for _twice in range(2):
        pt_csv = portuguese().get(url, {"_export": "csv"})
        en_csv = english().get(url, {"_export": "csv"})
        assert csv_cells(pt_csv, "pt")[0][0] == "Pos."
        assert csv_cells(en_csv, "en")[0][0] == "Rank"
        assert pt_csv["ETag"] != en_csv["ETag"]
        overridden = english().get(url, {"_export": "csv", "excel": "pt"})
        assert overridden["Cache-Control"].startswith("public")  # stored, as its own variant
        assert csv_cells(overridden, "pt")[0][0] == "Rank"


# --- the cells, one by one --------------------------------------------------------------------

@pytest.mark.parametrize(("value", "numeric", "expected"), [
    (3, False, 3),
    (Decimal("2.5"), False, Decimal("2.5")),
    (Decimal("2.0"), True, 2),
    (2 / 3, True, 2 / 3),
    ("1500", True, 1500),
    ("2,5", True, Decimal("2.5")),     # a page's Portuguese decimal comma
    ("+4.8", True, Decimal("4.8")),
    ("-2", True, -2),
    ("1500", False, None),             # a text column keeps its digits as text (ids)
    ("1W", True, None),
    ("–", True, None),
    ("-2+3", True, None),
    (True, True, None),
    (float("nan"), True, None),
])
def test_which_cells_are_numbers(value, numeric, expected):
    assert as_number(value, numeric=numeric) == expected


@pytest.mark.parametrize(("number", "dialect", "text"), [
    (Decimal("2.5"), "pt", "2,5"), (Decimal("2.5"), "en", "2.5"), (Decimal("0.50"), "pt", "0,5"),
    (1850, "pt", "1850"), (-5, "en", "-5"), (7 / 3, "pt", "2,333333"), (7 / 3, "en", "2.333333"),
    (Decimal("1E+1"), "en", "10"),
])
def test_csv_numbers_for_each_region(number, dialect, text):
    assert csv_number(number, CSV_DIALECTS[dialect]) == text


def test_sheet_titles_excel_accepts():
    assert sheet_title("Rodada 1/2: [final]?") == "Rodada 1-2- -final--"
    assert len(sheet_title("Classificação " * 5)) == 31
    assert sheet_title("''") == "Sheet"

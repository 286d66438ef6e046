"""Issue 20: player lists as offices keep them, and a preview before anything is saved.

CSV in every form Excel and LibreOffice save in Brazil (UTF-16 "Texto Unicode", Windows-1252,
BOM, `;` `,` or tab, a trailing separator, ratings `1850.0`, `1.850`, `1850,0`); real .xlsx
and .ods files built here with openpyxl and odfpy; a sheet's formula, merged cell or date where
a rating should be named by sheet, row and column; and the preview, where a known player whose
row differs is shown with each difference for the organiser to pick.
"""

from __future__ import annotations

import datetime
import io
import re

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import CoveredTableCell, Table, TableCell, TableRow
from odf.text import P
from tournament_factories import make_tournament

from arbitration.models import AuditEntry
from tournaments import services
from tournaments.files.import_problems import CsvImportError
from tournaments.files.player_list import empty_rows_note, parse_players_file, parse_rating
from tournaments.files.spreadsheets import CSV, ODS, XLSX
from tournaments.models import Player
from tournaments.services import entries

pytestmark = pytest.mark.django_db

HEADER = ["nome", "clube", "rating", "id federação"]
PEOPLE = [
    ["Ana Beatriz Conceição", "Clube de Damas de Campinas", "1850", "CBD-1001"],
    ["João Gonçalves", "Grêmio São José", "", ""],
    ["Łukasz Żyła", "Šiauliai", "2104", "CBD-1003"],
]


def csv_text(separator: str, trailing: bool = False) -> str:
    end = separator if trailing else ""
    return "\r\n".join(separator.join(row) + end for row in [HEADER, *PEOPLE]) + "\r\n"


def facts(parsed) -> list[tuple]:
    return [(row.name, row.club, row.rating, row.federation_id) for row in parsed.rows]


EXPECTED = [("Ana Beatriz Conceição", "Clube de Damas de Campinas", 1850, "CBD-1001"),
            ("João Gonçalves", "Grêmio São José", None, ""),
            ("Łukasz Żyła", "Šiauliai", 2104, "CBD-1003")]


# --- CSV as offices write it ------------------------------------------------------------------

@pytest.mark.parametrize(("data", "note"), [
    (csv_text("\t").encode("utf-16"), ""),  # Excel's "Texto Unicode": BOM, UTF-16 LE, tabs
    (csv_text("\t").encode("utf-16-le"), "read as UTF-16LE"),  # the same without its mark
    (csv_text(";").encode("utf-8-sig"), ""),  # "CSV UTF-8": BOM and semicolons
    (csv_text(",").encode(), ""),  # LibreOffice's default
    (csv_text(";", trailing=True).encode("utf-8-sig"), ""),  # a separator closing each line
    (csv_text("\t", trailing=True).encode("utf-16"), ""),
])
def test_every_unicode_csv_form_is_read(data, note):
    parsed = parse_players_file(data, "jogadores.csv")
    assert parsed.kind == CSV
    assert facts(parsed) == EXPECTED
    assert (note in parsed.note) if note else parsed.note == ""


def test_windows_1252_is_read_and_the_guess_is_said():
    people = [row for row in PEOPLE if row[0] != "Łukasz Żyła"]  # not in Windows-1252
    text = "\r\n".join(";".join(row) for row in [HEADER, *people])
    parsed = parse_players_file(text.encode("cp1252"), "jogadores.csv")
    assert facts(parsed) == EXPECTED[:2]
    assert "read as Windows-1252" in parsed.note


@pytest.mark.parametrize(("written", "rating"), [
    ("1850", 1850), ("1850.0", 1850), ("1850,0", 1850), ("1.850", 1850), ("1,850", 1850),
    ("1.850,0", 1850), ("2.000", 2000), ("1850,00", 1850), (" 1 850 ", 1850), ("900", 900),
    ("1850.5", None), ("1,85", None), ("mil", None), ("1.85.0", None), ("1.850.0", None),
])
def test_ratings_as_offices_write_them(written, rating):
    assert parse_rating(written) == rating


def test_a_rating_with_decimal_comma_in_a_semicolon_file():
    data = "nome;rating;rating fmjd\nAna;1850,0;1.850\nBia;1.700;\n".encode("utf-8-sig")
    rows = parse_players_file(data, "x.csv").rows
    assert [(row.rating, row.fmjd_rating) for row in rows] == [(1850, 1850), (1700, None)]


def test_a_tab_separated_file_keeps_commas_and_semicolons_in_names():
    data = "nome\tclube\nAna\tDamas; Xadrez, e Cia\n".encode("utf-16")
    [row] = parse_players_file(data, "x.txt").rows
    assert row.club == "Damas; Xadrez, e Cia"


def test_empty_rows_are_skipped_and_a_bad_row_keeps_its_line():
    data = b"nome;rating\n\n;\nAna;1800\n;;\nBia;x\n"
    with pytest.raises(CsvImportError) as refused:
        parse_players_file(data, "x.csv")
    [problem] = refused.value.problems
    assert (problem.line, problem.column) == (6, "rating")
    assert str(problem).startswith("line 6, column rating:")


# --- spreadsheets -------------------------------------------------------------------------------

def xlsx(rows: list[list], *, title: str = "Jogadores", build=None) -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    if build is not None:
        build(sheet)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def test_an_excel_file_is_read_with_numbers_and_dates_as_excel_keeps_them():
    data = xlsx([
        ["Nome", "Clube", "Rating", "ID Federação", "Nascimento", "Rating FMJD"],
        ["Ana Beatriz Conceição", "Clube de Damas de Campinas", 1850.0, "CBD-1001",
         datetime.datetime(1990, 5, 17), 1902],
        [None, None, None, None, None, None],  # an empty row between
        ["Łukasz Żyła", "Šiauliai", 2104, 10045, None, None],  # an id typed as a number
    ])
    parsed = parse_players_file(data, "jogadores.xlsx")
    assert (parsed.kind, parsed.sheet, parsed.note) == (XLSX, "Jogadores", "")
    ana, lukasz = parsed.rows
    assert (ana.line, ana.name, ana.rating, ana.birth_date, ana.fmjd_rating) == (
        2, "Ana Beatriz Conceição", 1850, datetime.date(1990, 5, 17), 1902)
    assert (lukasz.line, lukasz.federation_id, lukasz.rating) == (4, "10045", 2104)


def test_an_excel_file_with_a_csv_name_is_still_read_as_excel():
    data = xlsx([["nome", "rating"], ["Ana", 1800]])
    assert parse_players_file(data, "jogadores.csv").kind == XLSX


@pytest.mark.parametrize(("build", "row", "letter", "title", "words"), [
    (lambda sheet: sheet.__setitem__("C3", "=C2+10"), 3, "C", "Rating", "a formula (=C2+10)"),
    (lambda sheet: sheet.merge_cells("A3:B3"), 3, "A", "Nome", "a merged cell"),
    (lambda sheet: sheet.__setitem__("C2", datetime.datetime(2024, 3, 1)), 2, "C", "Rating",
     "a date (2024-03-01) where a rating should be"),
    (lambda sheet: sheet.__setitem__("C2", 1850.5), 2, "C", "Rating", "1850.5"),
    (lambda sheet: sheet.__setitem__("D1", "Pontos"), 1, "D", "Pontos", "unknown column"),
    (lambda sheet: sheet.__setitem__("E3", "sobra"), 3, "E", None, "without a title"),
])
def test_a_bad_cell_is_named_by_sheet_row_and_column(build, row, letter, title, words):
    data = xlsx([["Nome", "Clube", "Rating"], ["Ana", "Campinas", 1800],
                 ["Bia", "Recife", 1700]], title="Inscritos 2026", build=build)
    with pytest.raises(CsvImportError) as refused:
        parse_players_file(data, "jogadores.xlsx")
    problem = refused.value.problems[0]
    assert (problem.sheet, problem.line, problem.letter, problem.column) == (
        "Inscritos 2026", row, letter, title)
    assert str(problem).startswith(f"sheet “Inscritos 2026”, row {row}, column {letter}")
    assert words in str(problem)


def test_a_merged_title_above_the_header_is_named():
    def build(sheet):
        sheet.insert_rows(1)
        sheet["A1"] = "Lista de inscritos"
        sheet.merge_cells("A1:C1")
    data = xlsx([["Nome", "Clube", "Rating"], ["Ana", "Campinas", 1800]], build=build)
    with pytest.raises(CsvImportError) as refused:
        parse_players_file(data, "x.xlsx")
    assert "row 1, column A" in str(refused.value.problems[0])


def test_a_damaged_or_old_excel_file_is_refused_with_a_message():
    with pytest.raises(CsvImportError, match="cannot be read as a .xlsx spreadsheet"):
        parse_players_file(b"PK\x03\x04" + b"\x00" * 60, "x.xlsx")
    with pytest.raises(CsvImportError, match="old Excel file"):
        parse_players_file(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 60, "x.xls")


def ods(rows: list[list], *, title: str = "Planilha1") -> bytes:
    """A LibreOffice sheet: str is a text cell, a number a float cell, a date a date cell,
    ("=", formula, shown) a formula, ("merge", text, span) a merged cell and its covered ones."""
    document = OpenDocumentSpreadsheet()
    table = Table(name=title)
    for values in rows:
        row = TableRow()
        for value in values:
            if isinstance(value, tuple) and value[0] == "=":
                cell = TableCell(valuetype="float", value=value[2],
                                 formula=f"of:={value[1]}")
                cell.addElement(P(text=str(value[2])))
            elif isinstance(value, tuple) and value[0] == "merge":
                cell = TableCell(valuetype="string", numbercolumnsspanned=value[2])
                cell.addElement(P(text=value[1]))
                row.addElement(cell)
                for _covered in range(value[2] - 1):
                    row.addElement(CoveredTableCell())
                continue
            elif isinstance(value, datetime.date):
                cell = TableCell(valuetype="date", datevalue=value.isoformat())
                cell.addElement(P(text=value.strftime("%d/%m/%Y")))
            elif isinstance(value, (int, float)):
                cell = TableCell(valuetype="float", value=value)
                cell.addElement(P(text=str(value)))
            elif value is None:
                cell = TableCell()
            else:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=value))
            row.addElement(cell)
        table.addElement(row)
    # LibreOffice ends a sheet with its empty rows, repeated to the last one.
    table.addElement(TableRow(numberrowsrepeated=1048000))
    document.spreadsheet.addElement(table)
    out = io.BytesIO()
    document.write(out)
    return out.getvalue()


def test_a_libreoffice_file_is_read():
    data = ods([["nome", "clube", "rating", "nascimento"],
                ["Ana Beatriz Conceição", "Campinas", 1850.0, datetime.date(1990, 5, 17)],
                [None, None, None, None],
                ["Łukasz Żyła", "Šiauliai", 2104, None]], title="Inscritos")
    parsed = parse_players_file(data, "jogadores.ods")
    assert (parsed.kind, parsed.sheet) == (ODS, "Inscritos")
    assert [(row.line, row.name, row.rating, row.birth_date) for row in parsed.rows] == [
        (2, "Ana Beatriz Conceição", 1850, datetime.date(1990, 5, 17)),
        (4, "Łukasz Żyła", 2104, None)]


@pytest.mark.parametrize(("row", "letter", "words"), [
    (["Bia", "Recife", ("=", "C2+10", 1810)], "C", "a formula (of:=C2+10)"),
    ([("merge", "Bia Recife", 2), 1700], "A", "a merged cell"),
    (["Bia", "Recife", datetime.date(2024, 3, 1)], "C", "where a rating should be"),
])
def test_a_bad_libreoffice_cell_is_named_by_sheet_row_and_column(row, letter, words):
    data = ods([["nome", "clube", "rating"], ["Ana", "Campinas", 1800], row], title="Lista")
    with pytest.raises(CsvImportError) as refused:
        parse_players_file(data, "jogadores.ods")
    problem = refused.value.problems[0]
    assert str(problem).startswith(f"sheet “Lista”, row 3, column {letter}")
    assert words in str(problem)


def test_empty_rows_among_the_players_are_named_not_trailing_ones():
    spreadsheet = xlsx([["nome", "rating"], ["Ana", 1800], [None, None], ["Bia", 1700],
                        [None, None], [None, None], ["Caio", None], [None, None]],
                       title="Inscritos")
    parsed = parse_players_file(spreadsheet, "x.xlsx")
    assert parsed.empty_rows == (3, 5, 6)
    assert empty_rows_note(parsed) == (
        "Empty rows were skipped: sheet “Inscritos”, rows 3, 5, 6.")
    libreoffice = parse_players_file(ods([["nome"], ["Ana"], [None], ["Bia"]], title="L"), "x.ods")
    assert empty_rows_note(libreoffice) == "An empty row was skipped: sheet “L”, row 3."
    text = parse_players_file(b"nome;rating\nAna;1800\n\n;\nBia;1700\n\n", "x.csv")
    assert text.empty_rows == (3, 4)
    assert empty_rows_note(text) == "Empty lines were skipped: lines 3, 4."
    # a quoted line break makes the CSV's line numbers jump; no empty line is invented there
    quoted = parse_players_file(b'nome;clube\nAna;"Clube\nde Campinas"\nBia;Recife\n', "x.csv")
    assert quoted.empty_rows == () and empty_rows_note(quoted) == ""


def test_the_skipped_rows_are_said_on_upload(client, organiser):
    tournament = make_tournament(organiser=organiser, name="Estadual")
    client.force_login(organiser)
    send(client, tournament, "inscritos.xlsx",
         xlsx([["Nome"], ["Ana"], [None], ["Bia"]], title="Inscritos"))
    page = client.get(preview_url(tournament), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "An empty row was skipped: sheet “Inscritos”, row 3." in page


# --- the preview -----------------------------------------------------------------------------

def preview_url(tournament) -> str:
    return reverse("tournaments:import_players_preview", args=[tournament.slug])


def send(client, tournament, name: str, data: bytes):
    return client.post(reverse("tournaments:import_players", args=[tournament.slug]),
                       {"file": SimpleUploadedFile(name, data)}, HTTP_ACCEPT_LANGUAGE="en")


def digest_on(page: str) -> str:
    return re.search(r'name="digest" value="([0-9a-f]+)"', page).group(1)


@pytest.fixture
def known(db):
    """Ana is registered from an earlier tournament; Bia plays in this one already."""
    earlier = make_tournament(name="Aberto de Campinas")
    services.add_player(earlier, name="Ana Conceição", club="Campinas", rating=1800,
                        federation_id="CBD-1001")
    return Player.objects.get(federation_id="CBD-1001")


def test_the_preview_shows_added_merged_and_refused_and_saves_nothing(client, organiser,
                                                                      known):
    tournament = make_tournament(organiser=organiser, name="Estadual")
    services.add_player(tournament, name="Bia Souza", federation_id="CBD-2002")
    client.force_login(organiser)
    data = xlsx([["Nome", "Clube", "Rating", "ID Federação"],
                 ["Ana Beatriz Conceição", "Campinas", 1850, "CBD-1001"],
                 ["Caio Lôbo", "Recife", None, None],
                 ["Bia Souza", None, None, "CBD-2002"]])
    response = send(client, tournament, "inscritos.xlsx", data)
    assert response.status_code == 302 and response["Location"] == preview_url(tournament)
    page = client.get(preview_url(tournament), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "New players: 1 · already registered: 1 · refused: 1" in page
    assert "Already registered as Ana Conceição (same federation id)" in page
    assert "Refused: Bia Souza (same federation id) is already in this tournament." in page
    assert "disagree on the name" in page and "disagree on the rating" in page
    assert "keep “1800”" in page and "take “1850”" in page
    assert "disagree on the club" not in page  # the same club
    assert tournament.entries.count() == 1 and Player.objects.count() == 2


@pytest.mark.parametrize(("new_players", "folded"), [(3, False), (25, True)])
def test_the_preview_asks_first_and_lists_new_players_one_line_each(client, organiser, known,
                                                                    new_players, folded):
    """Issue 27's rehearsal: 150 new players made the preview a card each, 22,000 px tall. The
    lines that ask something come first; new players follow one table row each, folded away
    when there are more than 20."""
    tournament = make_tournament(organiser=organiser, name="Estadual")
    client.force_login(organiser)
    rows = [["Nome", "Clube", "Rating", "ID Federação"]]
    rows += [[f"Jogador {index}", "Recife", 1500 + index, None] for index in range(new_players)]
    rows += [["Ana Beatriz Conceição", "Campinas", 1850, "CBD-1001"]]
    send(client, tournament, "inscritos.xlsx", xlsx(rows))
    page = client.get(preview_url(tournament), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    ana = page.index(f'id="import-line-{new_players + 2}"')
    assert ana < page.index('id="import-line-2"')  # the line that asks, first
    assert page.count('<tr id="import-line-') == new_players
    assert f"{new_players} new players: added to the registry" in page
    details = re.search(r'<details class="import-new-players"( open)?>', page)
    assert details and (details.group(1) is None) == folded


def test_the_organiser_picks_each_difference(client, organiser, known):
    tournament = make_tournament(organiser=organiser, name="Estadual")
    client.force_login(organiser)
    data = "nome;clube;rating;id federação\nAna Beatriz Conceição;Campinas;1.850;CBD-1001\n"
    send(client, tournament, "inscritos.csv", data.encode("utf-16"))
    page = client.get(preview_url(tournament)).content.decode()
    response = client.post(preview_url(tournament), {"digest": digest_on(page)},
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400  # a difference left unchosen
    assert "Choose which value to keep." in response.content.decode()
    assert not tournament.entries.exists()
    response = client.post(preview_url(tournament), {
        "digest": digest_on(page), "choice_2_name": "keep", "choice_2_rating": "take"})
    assert response.status_code == 302
    known.refresh_from_db()
    assert (known.name, known.rating) == ("Ana Conceição", 1850)
    assert tournament.entries.get().player == known
    log = AuditEntry.objects.filter(tournament=tournament).latest("pk")
    assert log.after["updated"] == [{"player": "Ana Conceição", "field": "rating",
                                     "before": "1800", "after": "1850"}]
    assert client.get(preview_url(tournament)).status_code == 302  # nothing pending now


def test_a_registry_changed_since_the_preview_asks_again(client, organiser, known):
    tournament = make_tournament(organiser=organiser, name="Estadual")
    client.force_login(organiser)
    send(client, tournament, "inscritos.csv", b"name;rating;federation_id\nAna;1850;CBD-1001\n")
    page = client.get(preview_url(tournament)).content.decode()
    known.rating = 1900
    known.save()
    response = client.post(preview_url(tournament), {
        "digest": digest_on(page), "choice_2_name": "keep", "choice_2_rating": "take"},
        HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert "changed since you saw the preview" in response.content.decode()
    assert "keep “1900”" in response.content.decode()
    assert not tournament.entries.exists()


def test_cancelling_saves_nothing_and_forgets_the_file(client, organiser):
    tournament = make_tournament(organiser=organiser, name="Estadual")
    client.force_login(organiser)
    send(client, tournament, "inscritos.csv", b"name\nAna\nBia\n")
    response = client.post(preview_url(tournament), {"cancel": "1"})
    assert response.status_code == 302
    assert not tournament.entries.exists() and not Player.objects.exists()
    assert client.get(preview_url(tournament)).status_code == 302


def test_a_refused_spreadsheet_names_sheet_row_and_column_on_the_page(client, organiser):
    tournament = make_tournament(organiser=organiser, name="Estadual")
    client.force_login(organiser)
    data = xlsx([["Nome", "Rating"], ["Ana", "=1800+50"]], title="Inscritos")
    response = send(client, tournament, "inscritos.xlsx", data)
    assert response.status_code == 400
    assert "sheet “Inscritos”, row 2, column B (Rating): a formula" in \
        response.content.decode()
    assert client.get(preview_url(tournament)).status_code == 302
    assert not Player.objects.exists()


def test_a_round_robin_over_its_limit_is_refused_on_confirmation(client, organiser,
                                                                 settings, monkeypatch):
    monkeypatch.setattr(entries, "MAX_ROUND_ROBIN_PLAYERS", 2)
    tournament = make_tournament(organiser=organiser, name="Pequeno")
    client.force_login(organiser)
    send(client, tournament, "inscritos.csv", b"name\nAna\nBia\nCaio\n")
    page = client.get(preview_url(tournament)).content.decode()
    response = client.post(preview_url(tournament), {"digest": digest_on(page)},
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "at most 2 players" in response.content.decode()
    assert not Player.objects.exists()


def test_a_sheet_formatted_to_its_last_row_reads_only_its_players():
    def build(sheet):
        sheet.cell(1_048_576, 30).number_format = "0.00"  # Excel's whole-column formatting
        sheet["A9"] = "Caio Lôbo"  # after empty rows, kept with its own row number
    data = xlsx([["Nome", "Rating"], ["Ana", 1800]], build=build)
    rows = parse_players_file(data, "x.xlsx").rows
    assert [(row.line, row.name) for row in rows] == [(2, "Ana"), (9, "Caio Lôbo")]


def test_more_players_than_one_import_takes_are_refused():
    data = xlsx([["Nome"], *[[f"Jogador {n}"] for n in range(1001)]])
    with pytest.raises(CsvImportError, match="more than 1000 players"):
        parse_players_file(data, "x.xlsx")


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_damaged_spreadsheet_is_refused_never_raises_anything_else(kind):
    """Cut short or with bytes changed, as a broken download or disk leaves it: read or
    refused with a message, never another exception (a 500 on the page)."""
    rows = [["Nome", "Rating"], ["Ana", 1800], ["Bia", 1700]]
    whole = xlsx(rows) if kind == "xlsx" else ods(rows)
    damaged = [whole[:cut] for cut in range(0, len(whole), max(1, len(whole) // 15))]
    for position in range(40, len(whole), max(1, len(whole) // 25)):
        damaged.append(whole[:position] + bytes([whole[position] ^ 0x5A]) + whole[position + 1:])
    for data in damaged:
        try:
            parsed = parse_players_file(data, f"x.{kind}")
        except CsvImportError as error:
            assert error.problems and all(str(problem) for problem in error.problems)
        else:
            assert [row.name for row in parsed.rows] == ["Ana", "Bia"]


@pytest.mark.parametrize(("role", "expected"), [("anonymous", "login"), ("outsider", 403),
                                                ("arbiter", 403)])
def test_only_the_organiser_sees_or_confirms_the_preview(client, organiser, role, expected,
                                                         django_user_model):
    """The crawl of tests/robustness never reaches the preview (it needs a file sent first),
    so its roles are checked here: an arbiter may enter results, not the field."""
    arbiter = django_user_model.objects.create_user("arbitra")
    tournament = make_tournament(organiser=organiser, arbiter=arbiter, name="Estadual")
    client.force_login(organiser)
    send(client, tournament, "inscritos.csv", b"name\nAna\n")
    page = client.get(preview_url(tournament)).content.decode()
    other = type(client)()
    if role == "outsider":
        other.force_login(django_user_model.objects.create_user("curiosa"))
    elif role == "arbiter":
        other.force_login(arbiter)
    for response in (other.get(preview_url(tournament)),
                     other.post(preview_url(tournament), {"digest": digest_on(page)})):
        if expected == "login":
            assert response.status_code == 302 and "/login/" in response["Location"]
        else:
            assert response.status_code == expected
    assert not tournament.entries.exists()
    assert client.post(preview_url(tournament), {"digest": digest_on(page)}).status_code == 302
    assert tournament.entries.count() == 1


def test_two_new_lines_with_one_fmjd_id_refuse_the_second_on_the_preview(known):
    from tournaments.files.player_import import ADD, MERGE, REFUSE, plan_import

    tournament = make_tournament(name="Estadual")
    data = ("name;fmjd_id;federation_id\nCaio;F-9;\nCaio Lôbo;F-9;\n"
            "Ana Conceição;;CBD-1001\n").encode()
    plan = plan_import(tournament, parse_players_file(data, "x.csv").rows)
    assert [(row.line, row.status) for row in plan.rows] == [(2, ADD), (3, REFUSE), (4, MERGE)]
    assert plan.rows[1].reason == "the FMJD id F-9 is already on line 2."


def test_a_rating_longer_than_int_reads_is_refused_naming_line_and_column(client, organiser):
    """4,305 digits: past Python's 4,300-digit limit int() raised ValueError, HTTP 500 (issue
    29). Now the line and column are named, and the value is quoted short."""
    tournament = make_tournament(organiser=organiser, name="Estadual")
    client.force_login(organiser)
    data = b"name,rating\nAna,1850\nBia," + b"9" * 4305 + b"\n"
    response = send(client, tournament, "inscritos.csv", data)
    assert response.status_code == 400  # refused as every bad file is, not a server error
    page = response.content.decode()
    assert "line 3, column rating" in page and "is not a rating" in page
    assert "9" * 40 not in page
    assert parse_rating("9" * 4305) is None and parse_rating("1.850") == 1850

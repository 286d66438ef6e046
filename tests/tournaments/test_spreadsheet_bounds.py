"""Spreadsheets cost milliseconds, not a minute (issue 29).

An organiser's .xlsx of 74 KB holding 3.5 million empty cells took 55-110 s and 2.1 GB before
it was refused; an .ods of 1.9 million empty cells, 150 s and 1.4 GB; an .xlsx of 400,000
one-cell rows, 50 s and 1.4 GB. Such files are made here, as small as theirs (empty cells
compress to almost nothing), and each must be refused, or read when its players are few and
the rest is empty, within a second of CPU and 100 MB; a real 1,000-player sheet is still read.

CPU time (time.process_time) is measured, not the wall clock, so other work on the machine
cannot make a test fail; memory is the peak that tracemalloc sees, in a second reading.
"""

from __future__ import annotations

import io
import time
import tracemalloc
import zipfile
from collections.abc import Callable, Iterable

import openpyxl
import pytest
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableCell, TableRow
from odf.text import P

from tournaments.files.import_problems import CsvImportError
from tournaments.files.player_list import parse_players_file
from tournaments.files.spreadsheets import MAX_WHOLE_PARTS

SECONDS = 1.0
MEGABYTES = 100


def cost(read: Callable[[], object]) -> tuple[float, float, object]:
    """(CPU seconds, peak MB, what `read` gave or raised), read twice: timed, then traced."""
    def outcome():
        try:
            return read()
        except CsvImportError as error:
            return error
    started = time.process_time()
    result = outcome()
    seconds = time.process_time() - started
    tracemalloc.start()
    try:
        outcome()
        peak = tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
    return seconds, peak, result


def assert_cheap(seconds: float, peak: float) -> None:
    assert seconds < SECONDS, f"{seconds:.2f} s of CPU"
    assert peak < MEGABYTES, f"{peak:.0f} MB at the peak"


# --- files made as the organisers' were ------------------------------------------------------

XLSX_PARTS = {
    "[Content_Types].xml":
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-'
        'package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
        'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/'
        'sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.'
        'worksheet+xml"/></Types>',
    "_rels/.rels":
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
        '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
        'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
        '</Relationships>',
    "xl/workbook.xml":
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
        '2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships"><sheets><sheet name="Inscritos" sheetId="1" r:id="rId1"/></sheets>'
        '</workbook>',
    "xl/_rels/workbook.xml.rels":
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
        '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
        'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
        '</Relationships>',
}
SHEET_HEAD = (b'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
              b'spreadsheetml/2006/main"><sheetData>'
              b'<row r="1"><c r="A1" t="inlineStr"><is><t>Nome</t></is></c>'
              b'<c r="B1" t="inlineStr"><is><t>Rating</t></is></c></row>'
              b'<row r="2"><c r="A2" t="inlineStr"><is><t>Ana</t></is></c>'
              b'<c r="B2"><v>1850</v></c></row>')
SHEET_TAIL = b"</sheetData></worksheet>"


def xlsx_of(sheet_rows: Iterable[bytes]) -> bytes:
    """A minimal .xlsx as Excel writes it, its sheet's rows written as they are made."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, text in XLSX_PARTS.items():
            archive.writestr(name, text)
        with archive.open("xl/worksheets/sheet1.xml", "w") as sheet:
            sheet.write(SHEET_HEAD)
            for row in sheet_rows:
                sheet.write(row)
            sheet.write(SHEET_TAIL)
    return out.getvalue()


def empty_xlsx_rows(rows: int, cells: int) -> Iterable[bytes]:
    """Styled empty cells, as a format painted over a whole range leaves them."""
    row = b'<row>' + b'<c s="1"/>' * cells + b"</row>"
    for _ in range(rows):
        yield row


def one_cell_rows(rows: int) -> Iterable[bytes]:
    for number in range(3, rows + 3):
        yield b'<row r="%d"><c r="A%d" t="inlineStr"><is><t>J%d</t></is></c></row>' % (
            number, number, number)


def ods_of(rows: Iterable[bytes]) -> bytes:
    """A minimal .ods: its content.xml's rows written as they are made."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"),
                         "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr(
            "META-INF/manifest.xml",
            '<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:'
            'opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" '
            'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type='
            '"text/xml"/></manifest:manifest>')
        with archive.open("content.xml", "w") as content:
            content.write(
                b'<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:'
                b'tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument'
                b':xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
                b'><office:body><office:spreadsheet><table:table table:name="Inscritos">'
                b'<table:table-row><table:table-cell office:value-type="string"><text:p>Nome'
                b'</text:p></table:table-cell><table:table-cell office:value-type="string">'
                b'<text:p>Rating</text:p></table:table-cell></table:table-row>'
                b'<table:table-row><table:table-cell office:value-type="string"><text:p>Ana'
                b'</text:p></table:table-cell><table:table-cell office:value-type="float" '
                b'office:value="1850"><text:p>1850</text:p></table:table-cell></table:table-row>')
            for row in rows:
                content.write(row)
            content.write(b"</table:table></office:spreadsheet></office:body>"
                          b"</office:document-content>")
    return out.getvalue()


def empty_ods_rows(rows: int, cells: int) -> Iterable[bytes]:
    """Empty cells each written out, not as one repeated cell."""
    row = b"<table:table-row>" + b"<table:table-cell/>" * cells + b"</table:table-row>"
    for _ in range(rows):
        yield row


# --- the attacks: refused (or read) at once --------------------------------------------------

@pytest.mark.parametrize(("name", "make"), [
    ("3.5 million empty cells, 1,000 a row", lambda: xlsx_of(empty_xlsx_rows(3500, 1000))),
    ("3.5 million empty cells in one row", lambda: xlsx_of(empty_xlsx_rows(1, 3_500_000))),
])
def test_an_xlsx_of_millions_of_empty_cells_is_refused_at_once(name, make):
    data = make()
    assert len(data) < 200_000  # as small as the organiser's 74 KB
    seconds, peak, result = cost(lambda: parse_players_file(data, "inscritos.xlsx"))
    assert isinstance(result, CsvImportError), result
    assert "far more than a player list" in str(result)
    assert_cheap(seconds, peak)


def test_an_xlsx_of_400000_one_cell_rows_is_refused_at_once():
    data = xlsx_of(one_cell_rows(400_000))
    seconds, peak, result = cost(lambda: parse_players_file(data, "inscritos.xlsx"))
    assert isinstance(result, CsvImportError), result
    assert "more than 1000 players" in str(result)
    assert_cheap(seconds, peak)


@pytest.mark.parametrize(("name", "make"), [
    ("1.9 million empty cells, 1,000 a row", lambda: ods_of(empty_ods_rows(1900, 1000))),
    ("1.9 million empty cells in one row", lambda: ods_of(empty_ods_rows(1, 1_900_000))),
])
def test_an_ods_of_millions_of_empty_cells_is_refused_at_once(name, make):
    data = make()
    assert len(data) < 200_000  # as small as the organiser's 86 KB
    seconds, peak, result = cost(lambda: parse_players_file(data, "inscritos.ods"))
    assert isinstance(result, CsvImportError), result
    assert "far more than a player list" in str(result)
    assert_cheap(seconds, peak)


def test_an_ods_of_250000_one_cell_rows_is_refused_at_once():
    rows = (b'<table:table-row><table:table-cell office:value-type="string"><text:p>J%d'
            b'</text:p></table:table-cell></table:table-row>' % number
            for number in range(250_000))  # 30 MB unpacked, under the 40 MB limit
    data = ods_of(rows)
    seconds, peak, result = cost(lambda: parse_players_file(data, "inscritos.ods"))
    assert isinstance(result, CsvImportError), result
    assert "more than 1000 players" in str(result)
    assert_cheap(seconds, peak)


def test_repeats_to_the_sheets_end_are_counted_not_made():
    """A row of text repeated a million times, and empty rows and cells repeated to the end of
    the sheet: counted, never copied."""
    player = (b'<table:table-row table:number-rows-repeated="1000000"><table:table-cell '
              b'office:value-type="string" table:number-columns-repeated="16384"><text:p>J'
              b'</text:p></table:table-cell></table:table-row>')
    seconds, peak, result = cost(lambda: parse_players_file(ods_of([player]), "x.ods"))
    assert isinstance(result, CsvImportError) and "more than 1000 players" in str(result)
    assert_cheap(seconds, peak)
    empty = (b'<table:table-row table:number-rows-repeated="1048000"><table:table-cell '
             b'table:number-columns-repeated="16384"/></table:table-row>')
    seconds, peak, result = cost(lambda: parse_players_file(ods_of([empty] * 20), "x.ods"))
    assert [(row.line, row.name, row.rating) for row in result.rows] == [(2, "Ana", 1850)]
    assert_cheap(seconds, peak)


def test_a_few_players_and_a_sheet_of_formatted_empty_cells_are_read():
    """Empty cells below the players, fewer than the limit: the players are read."""
    data = xlsx_of(empty_xlsx_rows(100, 200))
    seconds, peak, result = cost(lambda: parse_players_file(data, "x.xlsx"))
    assert [(row.line, row.name, row.rating) for row in result.rows] == [(2, "Ana", 1850)]
    assert_cheap(seconds, peak)


# --- a real sheet of 1,000 players is still read ---------------------------------------------

HEADER = ["Nome", "Clube", "Rating", "ID Federação", "Sexo", "Nascimento", "UF"]


def player(number: int) -> list:
    return [f"Jogador Número {number}", f"Clube de Damas {number % 37}", 1000 + number,
            f"CBD-{number}", "MF"[number % 2], f"{1950 + number % 60}", "SP"]


def real_xlsx() -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "Inscritos"
    sheet.append(HEADER)
    for number in range(1, 1001):
        sheet.append(player(number))
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def real_ods() -> bytes:
    document = OpenDocumentSpreadsheet()
    table = Table(name="Inscritos")
    for values in [HEADER, *(player(number) for number in range(1, 1001))]:
        row = TableRow()
        for value in values:
            if isinstance(value, int):
                cell = TableCell(valuetype="float", value=value)
            else:
                cell = TableCell(valuetype="string")
            cell.addElement(P(text=str(value)))
            row.addElement(cell)
        table.addElement(row)
    table.addElement(TableRow(numberrowsrepeated=1047575))
    document.spreadsheet.addElement(table)
    out = io.BytesIO()
    document.write(out)
    return out.getvalue()


@pytest.mark.parametrize(("kind", "make"), [("xlsx", real_xlsx), ("ods", real_ods)])
def test_a_real_sheet_of_1000_players_is_read(kind, make):
    data = make()
    seconds, peak, parsed = cost(lambda: parse_players_file(data, f"inscritos.{kind}"))
    assert not isinstance(parsed, CsvImportError), parsed
    assert len(parsed.rows) == 1000
    last = parsed.rows[-1]
    assert (last.line, last.name, last.rating, last.federation_id, last.birth_year) == (
        1001, "Jogador Número 1000", 2000, "CBD-1000", 1950 + 1000 % 60)
    assert_cheap(seconds, peak)


SHARED_STRINGS_TYPE = (
    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.sharedStrings+xml"/>')
STYLES_TYPE = (
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.styles+xml"/>')


def test_an_xlsx_whose_shared_strings_unpack_to_megabytes_is_refused_at_once():
    """The parts read whole are bounded too: 2 million shared strings, 34 MB unpacked."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, text in XLSX_PARTS.items():
            if name == "[Content_Types].xml":  # where openpyxl finds the shared strings
                text = text.replace("</Types>", SHARED_STRINGS_TYPE + "</Types>")
            archive.writestr(name, text)
        archive.writestr("xl/worksheets/sheet1.xml", SHEET_HEAD + SHEET_TAIL)
        archive.writestr("xl/sharedStrings.xml",
                         b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/'
                         b'main">' + b"<si><t>x</t></si>" * 2_000_000 + b"</sst>")
    data = out.getvalue()
    seconds, peak, result = cost(lambda: parse_players_file(data, "x.xlsx"))
    assert isinstance(result, CsvImportError) and "far too large" in str(result)
    assert_cheap(seconds, peak)


def test_the_largest_parts_an_xlsx_may_read_whole_cost_under_a_second():
    """Shared strings and styles together just under the limit: read, within the bounds."""
    strings = (MAX_WHOLE_PARTS // 2) // 17
    styles = (MAX_WHOLE_PARTS // 2 - 2000) // 30
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, text in XLSX_PARTS.items():
            if name == "[Content_Types].xml":
                text = text.replace("</Types>", SHARED_STRINGS_TYPE + STYLES_TYPE + "</Types>")
            archive.writestr(name, text)
        archive.writestr("xl/worksheets/sheet1.xml", SHEET_HEAD + b"<row/>" * 1000
                         + SHEET_TAIL)
        archive.writestr("xl/sharedStrings.xml",
                         b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/'
                         b'main">' + b"<si><t>x</t></si>" * (strings - 10) + b"</sst>")
        archive.writestr("xl/styles.xml",
                         b'<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
                         b'2006/main"><cellXfs>' + b'<xf numFmtId="0" fontId="0"/>' * styles
                         + b"</cellXfs></styleSheet>")
    data = out.getvalue()
    seconds, peak, result = cost(lambda: parse_players_file(data, "x.xlsx"))
    assert [(row.line, row.name, row.rating) for row in result.rows] == [(2, "Ana", 1850)]
    assert_cheap(seconds, peak)

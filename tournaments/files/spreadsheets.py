"""Read a CSV file or a spreadsheet's (.xlsx, .ods) first sheet into a table of cells, each
cell with what it holds (text, number, date, formula, merged), for the player list's reader
(tournaments/files/player_list.py) to check.

CSV comes in every form an office produces (issue 20): UTF-8 with or without a byte-order mark,
UTF-16 (Excel's "Texto Unicode"), Windows-1252 (rules.textfile reads them all); `;`, `,` or tab
between the fields, found from the header row; a trailing separator. Spreadsheets are read cell by
cell, so a formula, a merged cell or a date where a rating should be keeps its kind instead of
the value it shows. Their sheet's XML is read as a stream (issue 29): an .xlsx through
openpyxl's reader and read-only cell parser, an .ods's content.xml with xml.etree's iterparse,
repeated rows and cells counted, not copied; the reading stops at the row limit, and a sheet of
more than MAX_ELEMENTS XML elements (millions of empty cells) is refused, in a fraction of a
second and a few megabytes whatever the file.

A file that cannot be read is refused with a CsvImportError (tournaments/files/import_problems.py).
"""

from __future__ import annotations

import contextlib
import csv
import datetime
import io
import zipfile
from dataclasses import dataclass, field
from xml.etree.ElementTree import iterparse  # C-accelerated; expat 2.4+ bounds entity expansion

from django.utils.translation import gettext as _

from rules.textfile import TextDecodingError, decode_text
from tournaments.files.import_problems import CsvImportError, CsvProblem
from tournaments.rules_messages import encoding_note, text_decoding_reason

MAX_NAME = 200  # a player's name; also bounds a run of spaces read from a cell
MAX_ROWS = 1000  # players in one file: bounds the preview kept in the session
MAX_COLUMNS = 40
MAX_UNZIPPED = 40 * 1024 * 1024  # a spreadsheet's XML, unpacked: no zip bomb is opened
# What a spreadsheet's reading may cost (issue 29): 40 MB of XML is tens of millions of empty
# cells, minutes and gigabytes. The sheet is read as a stream, and refused past MAX_ELEMENTS XML
# elements (a 1,000-player sheet of 30 filled columns has at most about 91,000: a cell, its value
# and its text); an .xlsx whose parts read whole (styles, shared strings: openpyxl spends some
# 9 us on each string) pass MAX_WHOLE_PARTS bytes together. Either way a few tenths of a second
# and a few MB (tests/tournaments/test_spreadsheet_bounds.py).
MAX_ELEMENTS = 100_000
MAX_WHOLE_PARTS = 512 * 1024



@dataclass(frozen=True)
class Limits:
    """What one reading may hold: rows, XML elements of the sheet, bytes of the parts an .xlsx
    reads whole. A player list keeps the defaults; a federation's rating list (issue 27) has
    thousands of rows and its own, larger, limits (tournaments/files/rating_list.py)."""

    rows: int = MAX_ROWS
    elements: int = MAX_ELEMENTS
    whole_parts: int = MAX_WHOLE_PARTS


PLAYER_LIST = Limits()

CSV, XLSX, ODS = "csv", "xlsx", "ods"

# What a cell holds, as the spreadsheet says (a CSV field is always TEXT).
TEXT, NUMBER, DATE, FORMULA, MERGED = "text", "number", "date", "formula", "merged"


@dataclass(frozen=True)
class Cell:
    text: str = ""
    kind: str = TEXT
    number: float | None = None
    date: datetime.date | None = None

    @property
    def blank(self) -> bool:
        return self.kind in (TEXT, NUMBER) and not self.text.strip() and self.number is None


@dataclass
class Table:
    """The first sheet of a file: (row number, cells) for each row, and how it was read."""

    kind: str
    sheet: str | None
    rows: list[tuple[int, list[Cell]]] = field(default_factory=list)
    note: str = ""  # "read as Windows-1252" when the encoding was a guess


def file_kind(data: bytes, filename: str = "") -> str:
    """By the bytes first (a spreadsheet renamed .csv is still read), then by the name."""
    if data.startswith(b"PK\x03\x04"):
        if (b"mimetypeapplication/vnd.oasis.opendocument.spreadsheet" in data[:200]
                or filename.lower().endswith(".ods")):
            return ODS
        return XLSX
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        return "xls"
    return CSV


def read_table(data: bytes, filename: str = "", limits: Limits = PLAYER_LIST) -> Table:
    kind = file_kind(data, filename)
    if kind == "xls":
        raise CsvImportError([CsvProblem(1, None, _(
            "this is an old Excel file (.xls): save it as .xlsx or CSV and send it again."))])
    if kind in (XLSX, ODS):
        try:
            return _read_xlsx(data, limits) if kind == XLSX else _read_ods(data, limits)
        except CsvImportError:
            raise
        except Exception as error:  # a damaged file: whatever its zip or XML reader raises
            raise _unreadable(kind) from error
    return _read_csv(data, limits)


# --- CSV ----------------------------------------------------------------------------------

def _decode(data: bytes) -> tuple[str, str]:
    try:
        decoded = decode_text(data)
    except TextDecodingError as error:
        raise CsvImportError([CsvProblem(error.line, None, text_decoding_reason(error))]) \
            from error
    return decoded.text, encoding_note(decoded)


def decoded_text(data: bytes) -> tuple[str, str]:
    """The file's text and the note saying when its encoding was a guess; CsvImportError when
    it is not text (for the fixed-width reader of tournaments/files/fixed_width.py)."""
    return _decode(data)


def guess_delimiter(header: str) -> str:
    """The separator the header row uses most of `;` (Brazilian Excel), tab (Excel's "Texto
    Unicode") and `,`; `,` when it has none (a single column)."""
    counts = {separator: header.count(separator) for separator in (";", "\t", ",")}
    best = max(counts, key=lambda separator: counts[separator])  # ties: the order above
    return best if counts[best] else ","


def _read_csv(data: bytes, limits: Limits = PLAYER_LIST) -> Table:
    text, note = _decode(data)
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    if not first:
        raise CsvImportError([CsvProblem(1, None, _("the header row is missing."))])
    # newline="" as the csv module requires: a line ending in a lone "\r" (old Mac Excel) then
    # ends a row instead of raising csv.Error.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=guess_delimiter(first))
    table = Table(CSV, None, note=note)
    # A cell is immutable: one per distinct text (a federation's list repeats its states,
    # categories and years thousands of times, and a cell costs more to build than to share).
    cells: dict[str, Cell] = {}
    try:
        for fields in reader:
            table.rows.append((reader.line_num, [cells.get(value) or cells.setdefault(
                value, Cell(value)) for value in fields]))
            if len(table.rows) > limits.rows + 1:
                raise _too_many_rows(table.rows[-1][0], None, limits)
    except csv.Error as error:  # a field over the csv module's limit (128 KB)
        raise CsvImportError([CsvProblem(reader.line_num or 1, None, _(
            "this line cannot be read as CSV: a field is far too long."))]) from error
    return table


def _too_many_rows(line: int, sheet: str | None, limits: Limits) -> CsvImportError:
    return CsvImportError([CsvProblem(line, None, _(
        "more than %(max)d players: split the file into several.") % {"max": limits.rows},
        sheet=sheet)])


# --- spreadsheets ----------------------------------------------------------------------------

def _open_zip(data: bytes, kind: str) -> zipfile.ZipFile:
    """The file's archive; refuse a damaged one, or one that unpacks to far more than a player
    list (the parts an .xlsx reads whole are bounded by _first_sheet_reader)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except zipfile.BadZipFile as error:
        raise _unreadable(kind) from error
    if sum(info.file_size for info in members) > MAX_UNZIPPED:
        archive.close()
        raise _too_large()
    return archive


def _too_large() -> CsvImportError:
    return CsvImportError([CsvProblem(1, None, _(
        "the spreadsheet is far too large for a player list."))])


def _unreadable(kind: str) -> CsvImportError:
    return CsvImportError([CsvProblem(1, None, _(
        "the file cannot be read as a %(kind)s spreadsheet: it is damaged or of another kind."
    ) % {"kind": "." + kind})])


class _Budget:
    """The XML elements a sheet may hold before it is refused (issue 29): rows are read as a
    stream, and a sheet of millions of empty cells costs no more than this many."""

    def __init__(self, sheet: str | None, limits: Limits = PLAYER_LIST) -> None:
        self.left, self.sheet, self.limit = limits.elements, sheet, limits.elements

    def spend(self, count: int = 1) -> None:
        self.left -= count
        if self.left < 0:
            raise CsvImportError([CsvProblem(1, None, _(
                "the sheet holds more than %(max)d cells and other items, far more than a "
                "player list: delete the empty rows and columns formatted below and right of "
                "the players, or copy the players to a new sheet.") % {"max": self.limit},
                sheet=self.sheet)])


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _first_sheet_reader(limits: Limits = PLAYER_LIST):
    """openpyxl's reader of a workbook in read-only mode, but one that only finds the first
    worksheet (its read-only worksheet would scan the whole sheet for its size on opening,
    ReadOnlyWorksheet._get_size), and that refuses a workbook whose parts read whole (the types,
    shared strings, workbook, styles, properties, relations) pass MAX_WHOLE_PARTS bytes together:
    openpyxl finds the shared strings and the workbook by the types the file declares."""
    from openpyxl.reader.excel import ExcelReader, _find_workbook_part
    from openpyxl.xml.constants import (
        ARC_CONTENT_TYPES,
        ARC_CORE,
        ARC_CUSTOM,
        ARC_STYLE,
        SHARED_STRINGS,
    )

    class FirstSheetReader(ExcelReader):
        first: tuple[str, str] | None = None

        def read_manifest(self) -> None:
            if self.archive.getinfo(ARC_CONTENT_TYPES).file_size > limits.whole_parts:
                raise _too_large()
            super().read_manifest()
            whole = {ARC_CONTENT_TYPES, ARC_CORE, ARC_CUSTOM, ARC_STYLE,
                     _find_workbook_part(self.package).PartName[1:]}
            strings = self.package.find(SHARED_STRINGS)
            if strings is not None:
                whole.add(strings.PartName[1:])
            sizes = {info.filename: info.file_size for info in self.archive.infolist()}
            if sum(size for name, size in sizes.items()
                   if name in whole or name.endswith(".rels")) > limits.whole_parts:
                raise _too_large()

        def read_worksheets(self) -> None:
            for sheet, rel in self.parser.find_sheets():
                if rel.target in self.valid_files and "chartsheet" not in rel.Type:
                    self.first = (sheet.name, rel.target)
                    return

    return FirstSheetReader


def _read_xlsx(data: bytes, limits: Limits = PLAYER_LIST) -> Table:
    """The first sheet, its XML read as a stream (openpyxl's reader gives the sheet, its
    shared strings and date styles; its read-only cell parser reads each non-empty cell)."""
    from openpyxl.utils.cell import coordinate_to_tuple, range_boundaries
    from openpyxl.worksheet._reader import WorkSheetParser  # the cell parser of read-only mode

    _open_zip(data, XLSX).close()
    reader = _first_sheet_reader(limits)(io.BytesIO(data), read_only=True, data_only=False)
    try:
        try:
            reader.read()
        except Exception as error:  # InvalidFileException, or what a damaged part's XML raises
            if isinstance(error.__cause__, CsvImportError):  # ours, wrapped by read()
                raise error.__cause__ from None
            raise _unreadable(XLSX) from error
        if reader.first is None:
            raise _unreadable(XLSX)
        title, path = reader.first
        workbook = reader.wb
        budget = _Budget(title, limits)
        parser = WorkSheetParser(None, reader.shared_strings, data_only=False,
                                 epoch=workbook.epoch, date_formats=workbook._date_formats,
                                 timedelta_formats=workbook._timedelta_formats)
        filled: dict[int, dict[int, Cell]] = {}
        merged: set[tuple[int, int]] = set()
        row, row_number, column, cells = None, 0, 0, {}
        with reader.archive.open(path) as source:
            for event, element in iterparse(source, events=("start", "end")):
                name = _local(element.tag)
                if event == "start":
                    if name == "row":
                        row, column, cells = element, 0, {}
                        row_number = int(element.get("r") or row_number + 1)
                        parser.row_counter = row_number
                    continue
                budget.spend()
                if name == "c":
                    reference = element.get("r")
                    column = coordinate_to_tuple(reference)[1] if reference else column + 1
                    if len(element) and column <= MAX_COLUMNS:  # no child: no value, formula
                        parser.col_counter = column - 1
                        value = parser.parse_cell(element)
                        if value["value"] is not None or value["data_type"] == "f":
                            cells[column] = _xlsx_cell(value["value"], value["data_type"])
                    if row is not None:
                        row.remove(element)  # a row of millions of cells holds none of them
                elif name == "row":
                    element.clear()
                    row = None
                    if cells:
                        filled[row_number] = cells
                        if len(filled) > limits.rows + 1:
                            raise _too_many_rows(row_number, title, limits)
                elif name == "mergeCell":
                    low_column, low_row, high_column, high_row = range_boundaries(
                        element.get("ref"))
                    rows = range(low_row, min(high_row, limits.rows * 2) + 1)
                    columns = range(low_column, min(high_column, MAX_COLUMNS) + 1)
                    budget.spend(len(rows) * len(columns))
                    merged.update((down, across) for down in rows for across in columns)
                elif name in ("v", "f", "is", "t", "r", "rPr"):
                    continue  # inside a cell, read with it
                else:
                    element.clear()
    finally:
        reader.archive.close()
    # Only the rows and columns holding something: a sheet formatted down to its last row
    # (max_row 1048576) is read as quickly as its few players, and empty rows are skipped.
    numbers = sorted(set(filled) | {row for row, _column in merged})
    if len(numbers) > limits.rows + 1:
        raise _too_many_rows(numbers[limits.rows + 1], title, limits)
    width = max([column for cells in filled.values() for column in cells]
                + [column for _row, column in merged], default=0)
    table = Table(XLSX, title)
    for number in numbers:
        cells = filled.get(number, {})
        table.rows.append((number, [
            _merged(cells.get(column, Cell())) if (number, column) in merged
            else cells.get(column, Cell()) for column in range(1, width + 1)]))
    return table


def _merged(cell: Cell) -> Cell:
    return Cell(cell.text, MERGED)


def _xlsx_cell(value, data_type: str) -> Cell:
    if data_type == "f":  # "=B2*2", or an array formula object
        return Cell(str(getattr(value, "text", value)), FORMULA)
    if value is None:
        return Cell()
    if isinstance(value, datetime.datetime):
        return Cell(value.date().isoformat(), DATE, date=value.date())
    if isinstance(value, datetime.date):
        return Cell(value.isoformat(), DATE, date=value)
    if isinstance(value, (datetime.time, datetime.timedelta)):
        return Cell(str(value), DATE)
    if isinstance(value, bool):
        return Cell(str(value))
    if isinstance(value, (int, float)):
        return Cell(_number_text(value), NUMBER, number=float(value))
    return Cell(str(value))


def _number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


# OpenDocument's namespaces, as content.xml names its elements and attributes.
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"


def _repeats(element, name: str) -> int:
    return int(element.get(_TABLE + name) or 1)


def _read_ods(data: bytes, limits: Limits = PLAYER_LIST) -> Table:
    """The first sheet of content.xml, read as a stream: a repeated row or cell is counted, never
    copied past the row and column limits, and the reading stops at the sheet's end."""
    with _open_zip(data, ODS) as archive:
        try:
            source = archive.open("content.xml")
        except KeyError as error:
            raise _unreadable(ODS) from error
        with source:
            table = _read_ods_content(source, limits)
    if table is None:
        raise _unreadable(ODS)
    return table


def _read_ods_content(source, limits: Limits = PLAYER_LIST) -> Table | None:
    table: Table | None = None
    budget = _Budget(None, limits)
    number = 0
    row, cells = None, []
    for event, element in iterparse(source, events=("start", "end")):
        name = element.tag
        if event == "start":
            if table is None and name == _TABLE + "table":
                table = Table(ODS, str(element.get(_TABLE + "name") or ""))
                budget.sheet = table.sheet
            elif table is not None and name == _TABLE + "table-row":
                row, cells = element, []
            continue
        budget.spend()
        if table is None:
            if name.startswith(_OFFICE):  # styles and fonts before the sheets: not kept
                element.clear()
            continue
        local = name[len(_TABLE):] if name.startswith(_TABLE) else ""
        if local in ("table-cell", "covered-table-cell") and row is not None:
            if len(cells) < MAX_COLUMNS:
                times = _repeats(element, "number-columns-repeated")
                value = _ods_cell(element, covered=local == "covered-table-cell")
                cells.extend([value] * min(times, MAX_COLUMNS - len(cells)))
            with contextlib.suppress(ValueError):  # a row of millions of cells holds none
                row.remove(element)
        elif local == "table-row":
            repeated = _repeats(element, "number-rows-repeated")
            element.clear()
            row = None
            if all(cell.blank for cell in cells):
                number += repeated  # LibreOffice repeats the empty rows to the sheet's end
                continue
            for _copy in range(min(repeated, limits.rows + 2)):
                number += 1
                table.rows.append((number, cells))
                if len(table.rows) > limits.rows + 1:
                    raise _too_many_rows(number, table.sheet, limits)
        elif local == "table":
            break  # the first sheet only: the others are not even parsed
    return table


def _ods_cell(element, *, covered: bool) -> Cell:
    text = "\n".join(_text_of(paragraph) for paragraph in element
                     if paragraph.tag == _TEXT + "p")
    spanned = covered or (_repeats(element, "number-columns-spanned") > 1
                          or _repeats(element, "number-rows-spanned") > 1)
    if spanned:
        return Cell(text, MERGED)
    formula = element.get(_TABLE + "formula")
    if formula:
        return Cell(str(formula), FORMULA)
    kind = element.get(_OFFICE + "value-type")
    if kind in ("float", "percentage", "currency"):
        value = float(element.get(_OFFICE + "value"))
        return Cell(_number_text(value), NUMBER, number=value)
    if kind == "date":
        raw = str(element.get(_OFFICE + "date-value") or "")
        try:
            day = datetime.date.fromisoformat(raw[:10])
        except ValueError:
            return Cell(text or raw, DATE)
        return Cell(day.isoformat(), DATE, date=day)
    if kind == "time":
        return Cell(text, DATE)
    return Cell(text)


def _text_of(node) -> str:
    """A paragraph's text, spaces (<text:s text:c="3"/>) and line breaks included."""
    parts = [node.text or ""]
    for child in node:
        name = child.tag
        if name == _TEXT + "s":
            parts.append(" " * min(int(child.get(_TEXT + "c") or 1), MAX_NAME + 1))
        elif name == _TEXT + "tab":
            parts.append("\t")
        elif name == _TEXT + "line-break":
            parts.append("\n")
        else:
            parts.append(_text_of(child))
        parts.append(child.tail or "")
    return "".join(parts)

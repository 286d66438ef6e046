"""Read a player list from a CSV file or a spreadsheet (.xlsx, .ods): columns name, club, rating,
federation_id, with a header row; optionally sex, birth_date (dd/mm/yyyy, yyyy-mm-dd or the
year alone), state, fmjd_id, fmjd_rating.

CSV comes in every form an office produces (issue 20): UTF-8 with or without a byte-order mark,
UTF-16 (Excel's "Texto Unicode"), Windows-1252 (rules.textfile reads them all); `;`, `,` or tab
between the fields, found from the header row; a trailing separator. Ratings may be written
`1850`, `1850.0`, `1850,0` or `1.850` (a thousands dot). Spreadsheets are read cell by cell, so
a formula, a merged cell or a date where a rating should be is named with its sheet, row and
column instead of read as whatever value it shows. Their sheet's XML is read as a stream (issue
29): an .xlsx through openpyxl's reader and read-only cell parser, an .ods's content.xml with
xml.etree's iterparse, repeated rows and cells counted, not copied; the reading stops at the row
limit, and a sheet of more than MAX_ELEMENTS XML elements (millions of empty cells) is refused,
in a fraction of a second and a few megabytes whatever the file.

Every problem is reported with its line (row) and column, and the whole file is refused, so
nothing is saved from a file with an error.
"""

from __future__ import annotations

import contextlib
import csv
import datetime
import io
import re
import zipfile
from dataclasses import asdict, dataclass, field
from xml.etree.ElementTree import iterparse  # C-accelerated; expat 2.4+ bounds entity expansion

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.textfile import TextDecodingError, decode_text
from tournaments.rules_messages import encoding_note, text_decoding_reason

MAX_NAME = 200
MAX_FEDERATION_ID = 40
MAX_RATING = 3000  # as Player.RATING_MAX (issue 17)
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

# Header names accepted for each column; Portuguese ones too, as a Brazilian sheet would have them.
COLUMN_ALIASES = {
    "name": {"name", "nome"},
    "club": {"club", "clube", "federation", "federação", "federacao"},
    "rating": {"rating"},
    "federation_id": {"federation_id", "federation id", "id_federacao", "id federação",
                      "cbd_id", "id cbd"},
    "sex": {"sex", "sexo"},
    "birth_date": {"birth_date", "birth date", "nascimento", "data de nascimento"},
    "state": {"state", "estado", "uf"},
    "fmjd_id": {"fmjd_id", "fmjd id", "id fmjd"},
    "fmjd_rating": {"fmjd_rating", "fmjd rating", "rating fmjd"},
}
SEXES = {"m": "M", "masculino": "M", "male": "M", "f": "F", "feminino": "F", "female": "F"}
RATING_KEYS = {"rating", "fmjd_rating"}

CSV, XLSX, ODS = "csv", "xlsx", "ods"

# What a cell holds, as the spreadsheet says (a CSV field is always TEXT).
TEXT, NUMBER, DATE, FORMULA, MERGED = "text", "number", "date", "formula", "merged"


@dataclass(frozen=True)
class PlayerRow:
    line: int
    name: str
    club: str
    rating: int | None
    federation_id: str
    sex: str = ""
    birth_date: datetime.date | None = None
    birth_year: int | None = None
    state: str = ""
    fmjd_id: str = ""
    fmjd_rating: int | None = None

    def details(self) -> dict:
        """The person's facts besides his name, as services.enter_person takes them."""
        return {"club": self.club, "rating": self.rating, "federation_id": self.federation_id,
                "sex": self.sex, "birth_date": self.birth_date, "birth_year": self.birth_year,
                "state": self.state, "fmjd_id": self.fmjd_id, "fmjd_rating": self.fmjd_rating}

    def as_json(self) -> dict:
        """Plain values, to keep in the session until the preview is confirmed."""
        data = asdict(self)
        data["birth_date"] = self.birth_date.isoformat() if self.birth_date else None
        return data

    @classmethod
    def from_json(cls, data: dict) -> PlayerRow:
        born = data.get("birth_date")
        return cls(**{**data, "birth_date": datetime.date.fromisoformat(born) if born else None})


@dataclass(frozen=True)
class CsvProblem:
    line: int
    column: str | None
    message: str
    sheet: str | None = None  # a spreadsheet's sheet; None for CSV
    letter: str = ""  # a spreadsheet's column letter, e.g. "C"

    def __str__(self) -> str:
        if self.sheet is not None:  # "sheet “Inscritos”, row 3, column C (rating): ..."
            where = _("sheet “%(sheet)s”, row %(line)d") % {"sheet": self.sheet,
                                                           "line": self.line}
            column = self.letter or self.column
            if self.letter and self.column:
                column = f"{self.letter} ({self.column})"
            if column:
                where = _("%(where)s, column %(column)s") % {"where": where, "column": column}
            return f"{where}: {self.message}"
        if self.column:
            return _("line %(line)d, column %(column)s: %(message)s") % {
                "line": self.line, "column": self.column, "message": self.message,
            }
        return _("line %(line)d: %(message)s") % {"line": self.line, "message": self.message}


class CsvImportError(ValueError):
    """The file was refused; `problems` says where and why."""

    def __init__(self, problems: list[CsvProblem]):
        self.problems = problems
        super().__init__("; ".join(str(problem) for problem in problems))


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


@dataclass(frozen=True)
class ParsedFile:
    rows: list[PlayerRow]
    kind: str
    sheet: str | None
    note: str
    # Empty rows between the header and the last player: skipped, and said in the preview.
    empty_rows: tuple[int, ...] = ()


def parse_players_csv(data: bytes) -> list[PlayerRow]:
    """The players of a CSV file (or a spreadsheet sent by mistake with a .csv name)."""
    return parse_players_file(data).rows


def parse_players_file(data: bytes, filename: str = "") -> ParsedFile:
    """Read the players of a CSV, .xlsx or .ods file; CsvImportError names every problem."""
    table = read_table(data, filename)
    rows = _read_rows(table)
    return ParsedFile(rows, table.kind, table.sheet, table.note, empty_rows(table))


def empty_rows(table: Table) -> tuple[int, ...]:
    """The empty rows among the players. A CSV lists its blank lines; a spreadsheet's readers
    keep only rows holding something, so there the missing numbers are the empty rows (a CSV's
    numbers may jump over a quoted line break, so they are not read that way)."""
    filled = [number for number, cells in table.rows if not all(cell.blank for cell in cells)]
    if len(filled) < 2:
        return ()
    first, last = filled[0], filled[-1]
    if table.kind == CSV:
        return tuple(number for number, cells in table.rows
                     if first < number < last and all(cell.blank for cell in cells))
    present = set(filled)
    return tuple(number for number in range(first + 1, last) if number not in present)


def empty_rows_note(parsed: ParsedFile) -> str:
    """'Empty rows skipped: sheet "Inscritos", rows 4, 7.' or '' when there were none."""
    if not parsed.empty_rows:
        return ""
    numbers = ", ".join(str(number) for number in parsed.empty_rows[:20])
    if len(parsed.empty_rows) > 20:
        numbers += ", …"
    if parsed.sheet is not None:
        return ngettext(
            "An empty row was skipped: sheet “%(sheet)s”, row %(rows)s.",
            "Empty rows were skipped: sheet “%(sheet)s”, rows %(rows)s.",
            len(parsed.empty_rows)) % {"sheet": parsed.sheet, "rows": numbers}
    return ngettext("An empty line was skipped: line %(rows)s.",
                    "Empty lines were skipped: lines %(rows)s.",
                    len(parsed.empty_rows)) % {"rows": numbers}


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


def read_table(data: bytes, filename: str = "") -> Table:
    kind = file_kind(data, filename)
    if kind == "xls":
        raise CsvImportError([CsvProblem(1, None, _(
            "this is an old Excel file (.xls): save it as .xlsx or CSV and send it again."))])
    if kind in (XLSX, ODS):
        try:
            return _read_xlsx(data) if kind == XLSX else _read_ods(data)
        except CsvImportError:
            raise
        except Exception as error:  # a damaged file: whatever its zip or XML reader raises
            raise _unreadable(kind) from error
    return _read_csv(data)


# --- CSV ----------------------------------------------------------------------------------

def _decode(data: bytes) -> tuple[str, str]:
    try:
        decoded = decode_text(data)
    except TextDecodingError as error:
        raise CsvImportError([CsvProblem(error.line, None, text_decoding_reason(error))]) \
            from error
    return decoded.text, encoding_note(decoded)


def guess_delimiter(header: str) -> str:
    """The separator the header row uses most of `;` (Brazilian Excel), tab (Excel's "Texto
    Unicode") and `,`; `,` when it has none (a single column)."""
    counts = {separator: header.count(separator) for separator in (";", "\t", ",")}
    best = max(counts, key=lambda separator: counts[separator])  # ties: the order above
    return best if counts[best] else ","


def _read_csv(data: bytes) -> Table:
    text, note = _decode(data)
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    if not first:
        raise CsvImportError([CsvProblem(1, None, _("the header row is missing."))])
    # newline="" as the csv module requires: a line ending in a lone "\r" (old Mac Excel) then
    # ends a row instead of raising csv.Error.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=guess_delimiter(first))
    table = Table(CSV, None, note=note)
    try:
        for fields in reader:
            table.rows.append((reader.line_num, [Cell(value) for value in fields]))
            if len(table.rows) > MAX_ROWS + 1:
                raise _too_many_rows(table.rows[-1][0], None)
    except csv.Error as error:  # a field over the csv module's limit (128 KB)
        raise CsvImportError([CsvProblem(reader.line_num or 1, None, _(
            "this line cannot be read as CSV: a field is far too long."))]) from error
    return table


def _too_many_rows(line: int, sheet: str | None) -> CsvImportError:
    return CsvImportError([CsvProblem(line, None, _(
        "more than %(max)d players: split the file into several.") % {"max": MAX_ROWS},
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

    def __init__(self, sheet: str | None) -> None:
        self.left, self.sheet = MAX_ELEMENTS, sheet

    def spend(self, count: int = 1) -> None:
        self.left -= count
        if self.left < 0:
            raise CsvImportError([CsvProblem(1, None, _(
                "the sheet holds more than %(max)d cells and other items, far more than a "
                "player list: delete the empty rows and columns formatted below and right of "
                "the players, or copy the players to a new sheet.") % {"max": MAX_ELEMENTS},
                sheet=self.sheet)])


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _first_sheet_reader():
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
            if self.archive.getinfo(ARC_CONTENT_TYPES).file_size > MAX_WHOLE_PARTS:
                raise _too_large()
            super().read_manifest()
            whole = {ARC_CONTENT_TYPES, ARC_CORE, ARC_CUSTOM, ARC_STYLE,
                     _find_workbook_part(self.package).PartName[1:]}
            strings = self.package.find(SHARED_STRINGS)
            if strings is not None:
                whole.add(strings.PartName[1:])
            sizes = {info.filename: info.file_size for info in self.archive.infolist()}
            if sum(size for name, size in sizes.items()
                   if name in whole or name.endswith(".rels")) > MAX_WHOLE_PARTS:
                raise _too_large()

        def read_worksheets(self) -> None:
            for sheet, rel in self.parser.find_sheets():
                if rel.target in self.valid_files and "chartsheet" not in rel.Type:
                    self.first = (sheet.name, rel.target)
                    return

    return FirstSheetReader


def _read_xlsx(data: bytes) -> Table:
    """The first sheet, its XML read as a stream (openpyxl's reader gives the sheet, its
    shared strings and date styles; its read-only cell parser reads each non-empty cell)."""
    from openpyxl.utils.cell import coordinate_to_tuple, range_boundaries
    from openpyxl.worksheet._reader import WorkSheetParser  # the cell parser of read-only mode

    _open_zip(data, XLSX).close()
    reader = _first_sheet_reader()(io.BytesIO(data), read_only=True, data_only=False)
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
        budget = _Budget(title)
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
                        if len(filled) > MAX_ROWS + 1:
                            raise _too_many_rows(row_number, title)
                elif name == "mergeCell":
                    low_column, low_row, high_column, high_row = range_boundaries(
                        element.get("ref"))
                    rows = range(low_row, min(high_row, MAX_ROWS * 2) + 1)
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
    if len(numbers) > MAX_ROWS + 1:
        raise _too_many_rows(numbers[MAX_ROWS + 1], title)
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


def _read_ods(data: bytes) -> Table:
    """The first sheet of content.xml, read as a stream: a repeated row or cell is counted, never
    copied past the row and column limits, and the reading stops at the sheet's end."""
    with _open_zip(data, ODS) as archive:
        try:
            source = archive.open("content.xml")
        except KeyError as error:
            raise _unreadable(ODS) from error
        with source:
            table = _read_ods_content(source)
    if table is None:
        raise _unreadable(ODS)
    return table


def _read_ods_content(source) -> Table | None:
    table: Table | None = None
    budget = _Budget(None)
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
            for _copy in range(min(repeated, MAX_ROWS + 2)):
                number += 1
                table.rows.append((number, cells))
                if len(table.rows) > MAX_ROWS + 1:
                    raise _too_many_rows(number, table.sheet)
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


# --- rows ----------------------------------------------------------------------------------

def column_letter(index: int) -> str:
    """0 -> A, 26 -> AA: how a spreadsheet names its columns."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


class _Where:
    """Makes problems for one table: its sheet, and a column's title and letter."""

    def __init__(self, table: Table):
        self.sheet = table.sheet

    def problem(self, line: int, index: int | None, title: str | None,
                message: str) -> CsvProblem:
        letter = column_letter(index) if self.sheet is not None and index is not None else ""
        return CsvProblem(line, title or None, message, sheet=self.sheet, letter=letter)


def _read_rows(table: Table) -> list[PlayerRow]:
    where = _Where(table)
    rows_in = [(number, cells) for number, cells in table.rows
               if not all(cell.blank for cell in cells)]
    if not rows_in:
        raise CsvImportError([where.problem(1, None, None, _("the header row is missing."))])
    header_line, header_cells = rows_in[0]
    columns, titles, problems = _read_header(header_line, header_cells, where)
    if problems:
        raise CsvImportError(problems)
    rows: list[PlayerRow] = []
    seen_ids: dict[str, int] = {}
    for line, cells in rows_in[1:]:
        extra = [index for index in range(len(titles), len(cells)) if not cells[index].blank]
        if extra:
            if table.kind == CSV:
                problems.append(CsvProblem(line, None, _(
                    "%(found)d fields where the header has %(expected)d; a name with the "
                    "delimiter in it must be in double quotes."
                ) % {"found": extra[-1] + 1, "expected": len(titles)}))
            else:
                problems.append(where.problem(line, extra[0], None, _(
                    "a value in a column without a title.")))
            continue
        values: dict[str, str] = {}
        for key, index in columns.items():
            cell = cells[index] if index < len(cells) else Cell()
            value = _cell_value(line, key, index, titles[index], cell, where, problems)
            if value is not None:
                values[key] = value
        if len(values) < len(columns):
            continue  # the cell's problem is reported; the row's others would only repeat it
        row, row_problems = _read_row(line, values, titles, columns, where)
        problems.extend(row_problems)
        if row is None:
            continue
        if row.federation_id:
            if row.federation_id in seen_ids:
                index = columns["federation_id"]
                problems.append(where.problem(line, index, titles[index], _(
                    "federation id %(id)s already on line %(other)d."
                ) % {"id": row.federation_id, "other": seen_ids[row.federation_id]}))
                continue
            seen_ids[row.federation_id] = line
        rows.append(row)
    if problems:
        raise CsvImportError(problems)
    if not rows:
        raise CsvImportError([where.problem(header_line + 1, None, None,
                                            _("no players after the header row."))])
    return rows


def _cell_value(line: int, key: str, index: int, title: str, cell: Cell, where: _Where,
                problems: list[CsvProblem]) -> str | None:
    """The cell as the text the row reader checks; None (and a problem) when it cannot be."""
    if cell.kind == FORMULA:
        problems.append(where.problem(line, index, title, _(
            "a formula (%(formula)s): type the value itself, or paste the column as values."
        ) % {"formula": cell.text}))
        return None
    if cell.kind == MERGED:
        problems.append(where.problem(line, index, title, _(
            "a merged cell: unmerge the cells and fill each one.")))
        return None
    if cell.kind == DATE:
        if key == "birth_date" and cell.date is not None:
            return cell.date.isoformat()
        if key in RATING_KEYS:
            problems.append(where.problem(line, index, title, _(
                "a date (%(value)s) where a rating should be: format the column as a number."
            ) % {"value": cell.text}))
        else:
            problems.append(where.problem(line, index, title, _(
                "a date (%(value)s) where a text should be: format the column as text."
            ) % {"value": cell.text}))
        return None
    return cell.text.strip()


def _read_header(line: int, cells: list[Cell], where: _Where
                 ) -> tuple[dict[str, int], list[str], list[CsvProblem]]:
    columns: dict[str, int] = {}
    problems: list[CsvProblem] = []
    titles = [cell.text.strip() for cell in cells]
    while titles and not titles[-1] and cells[len(titles) - 1].kind in (TEXT, NUMBER):
        titles.pop()  # a trailing separator, or the sheet's empty columns
    for index, title in enumerate(titles):
        cell = cells[index]
        if cell.kind in (FORMULA, MERGED, DATE):
            problems.append(where.problem(line, index, title, _(
                "the header must hold plain column names, not a formula, a date or merged "
                "cells.")))
            continue
        key = next((k for k, names in COLUMN_ALIASES.items()
                    if title.lower() in names), None)
        if not title:
            problems.append(where.problem(line, index, None, _(
                "a column without a title; the columns are name, club, rating, federation_id, "
                "sex, birth_date, state, fmjd_id, fmjd_rating.")))
        elif key is None:
            problems.append(where.problem(line, index, title, _(
                "unknown column; the columns are name, club, rating, federation_id, sex, "
                "birth_date, state, fmjd_id, fmjd_rating."
            )))
        elif key in columns:
            problems.append(where.problem(line, index, title, _("this column appears twice.")))
        else:
            columns[key] = index
    if "name" not in columns and not problems:
        problems.append(where.problem(line, None, None, _(
            "the header row has no \"name\" column.")))
    return columns, titles, problems


def _read_row(line: int, values: dict[str, str], titles: list[str], columns: dict[str, int],
              where: _Where) -> tuple[PlayerRow | None, list[CsvProblem]]:
    problems: list[CsvProblem] = []

    def report(key: str, message: str) -> None:
        problems.append(where.problem(line, columns[key], titles[columns[key]], message))

    name = values.get("name", "")
    if not name:
        report("name", _("the name is empty."))
    elif len(name) > MAX_NAME:
        report("name", _("the name is longer than %(max)d characters.") % {"max": MAX_NAME})
    club = values.get("club", "")
    if len(club) > MAX_NAME:
        report("club", _("the club is longer than %(max)d characters.") % {"max": MAX_NAME})
    rating = _read_rating(values, "rating", report)
    federation_id = values.get("federation_id", "")
    if len(federation_id) > MAX_FEDERATION_ID:
        report("federation_id", _("the federation id is longer than %(max)d characters.")
               % {"max": MAX_FEDERATION_ID})
    sex = values.get("sex", "")
    if sex and sex.casefold() not in SEXES:
        report("sex", _("\"%(value)s\" is not a sex: write M or F.") % {"value": sex})
    birth_date, birth_year = _read_birth(values.get("birth_date", ""), report)
    fmjd_rating = _read_rating(values, "fmjd_rating", report)
    fmjd_id, state = values.get("fmjd_id", ""), values.get("state", "")
    for key, value in (("fmjd_id", fmjd_id), ("state", state)):
        if len(value) > MAX_FEDERATION_ID:
            report(key, _("longer than %(max)d characters.") % {"max": MAX_FEDERATION_ID})
    if problems:
        return None, problems
    return PlayerRow(line, name, club, rating, federation_id,
                     sex=SEXES.get(sex.casefold(), ""), birth_date=birth_date,
                     birth_year=birth_year, state=state, fmjd_id=fmjd_id,
                     fmjd_rating=fmjd_rating), []


# 1850 · 1850.0 · 1850,00 · 1.850 · 1,850 · 1.850,0 (a thousands separator, then zero decimals)
_WHOLE = re.compile(r"(?P<whole>\d+)(?:[.,](?P<decimals>0+))?")
_THOUSANDS = re.compile(r"(?P<whole>\d{1,3}(?:(?P<sep>[.,])\d{3})(?:(?P=sep)\d{3})*)"
                        r"(?:(?!(?P=sep))[.,]0+)?")


# More digits than any rating has: int() is never asked to read them (past 4,300 digits Python
# refuses with a ValueError, and long ones cost quadratic time; issue 29).
_RATING_DIGITS = 12


def parse_rating(raw: str) -> int | None:
    """A whole rating as offices write it, None when it is not one: `1850`, `1850.0`, `1850,0`,
    `1.850` (a thousands dot, Portuguese), `1,850` (a thousands comma, English)."""
    text = raw.replace(" ", "").replace("\u00a0", "")
    if len(text) > 2 * _RATING_DIGITS:  # no rating is written that long, with its separators
        return None
    thousands = _THOUSANDS.fullmatch(text)
    if thousands:
        return int(thousands["whole"].replace(thousands["sep"], ""))
    whole = _WHOLE.fullmatch(text)
    if whole:
        return int(whole["whole"])
    return None


def _read_rating(values: dict[str, str], key: str, report) -> int | None:
    raw = values.get(key, "")
    if not raw:
        return None
    rating = parse_rating(raw)
    if rating is None or not 0 <= rating <= MAX_RATING:
        report(key, _("\"%(value)s\" is not a rating (a whole number from 0 to %(max)d).")
               % {"value": _shown(raw), "max": MAX_RATING})
        return None
    return rating


def _shown(raw: str, limit: int = 20) -> str:
    """A value as a message quotes it: a few thousand digits would bury the line's number."""
    return raw if len(raw) <= limit else raw[:limit] + "…"


def _read_birth(raw: str, report) -> tuple[datetime.date | None, int | None]:
    """dd/mm/yyyy, yyyy-mm-dd or a year: (date, year); never in the future."""
    if not raw:
        return None, None
    today = datetime.date.today()
    if raw.isdigit() and len(raw) == 4:
        year = int(raw)
        if 1900 <= year <= today.year:
            return None, year
    else:
        for pattern in ("%d/%m/%Y", "%Y-%m-%d"):
            try:
                born = datetime.datetime.strptime(raw, pattern).date()
            except ValueError:
                continue
            if born > today:
                report("birth_date", _("the birth date %(value)s is in the future.")
                       % {"value": raw})
                return None, None
            return born, born.year
    report("birth_date", _("\"%(value)s\" is not a birth date: write dd/mm/yyyy or the year "
                           "alone.") % {"value": raw})
    return None, None

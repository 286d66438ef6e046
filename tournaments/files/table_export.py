"""The tables' downloads: CSV and Excel (.xlsx), data for a spreadsheet, never formulas.

Formulas (issue 13). A spreadsheet reads a CSV cell starting with `=`, `+`, `-` or `@` as a
formula, and a tab or a carriage return can hide such a start; a player named `=HYPERLINK(...)`
in an organiser's import would then run in the spreadsheet of anyone who downloads a public
`?_export=csv`. As OWASP advises for CSV injection, such a text cell gets a leading apostrophe,
which spreadsheets show as text and do not evaluate. An .xlsx cell says its own type: every text
is written as a string cell (openpyxl would otherwise take a text starting with `=` for a
formula), exactly as entered, and a formula-like one is also marked "quote prefix", as Excel
marks a cell typed with a leading apostrophe, so editing it does not turn it into a formula.
The pages themselves show the names unchanged: only the downloads do this.

Numbers (issue 20). A cell is a number when its column's value is one (ranks, pairing numbers,
ratings, points, tie-breaks: tables.PointsColumn and NumberColumn give Decimal, int or float),
or when a column the pages align as numbers holds a plain number written as text. In .xlsx
it is a numeric cell (½ is 0.5), which the reader's Excel shows with his own decimal sign. A
CSV has no types, so it is written for the reader's Excel, which splits the lines with its
region's list separator and reads numbers with its decimal sign:

- Portuguese (`pt`): `;` between cells, decimal comma (2,5);
- English (`en`): `,` between cells, decimal point (2.5);

both in UTF-8 with a byte order mark, which Excel needs to read accented names as UTF-8. The
page's language chooses (the headings are in it too); `?excel=pt` or `?excel=en` overrides it,
for a reader of the English pages whose Excel is Brazilian, or the other way round.
"""

from __future__ import annotations

import csv
import io
import math
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.http import HttpResponse
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django_tables2 import Table
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, TYPE_STRING
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?\Z")
# A number written as text in a numeric column: "1500", "2,5" (a page's Portuguese), "+4.8".
NUMBER_TEXT = re.compile(r"[-+]?\d+(?:[.,]\d+)?")

EXPORT_FORMATS = ("csv", "xlsx")
XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# Excel's limits on a sheet's name: 31 characters, none of these.
SHEET_TITLE_FORBIDDEN = re.compile(r"[\\/*?:\[\]]")


@dataclass(frozen=True)
class CsvDialect:
    """What a CSV must be for an Excel of one region to open it as columns and numbers."""

    name: str
    delimiter: str
    decimal: str


CSV_DIALECTS = {"pt": CsvDialect("pt", ";", ","), "en": CsvDialect("en", ",", ".")}


def csv_dialect(request) -> CsvDialect:
    """?excel=pt|en when given, otherwise the page's language: Portuguese's `;` and decimal
    comma for pt-BR, `,` and decimal point for English."""
    chosen = request.GET.get("excel", "")
    if chosen in CSV_DIALECTS:
        return CSV_DIALECTS[chosen]
    return CSV_DIALECTS["pt" if (get_language() or "").startswith("pt") else "en"]


def neutralise(value: Any, *, numeric: bool = False) -> Any:
    """The cell as a spreadsheet must read it: a formula-like text gets a leading apostrophe."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    if numeric and PLAIN_NUMBER.match(value):
        return value
    return "'" + value


def formula_like(text: str) -> bool:
    return text.startswith(FORMULA_STARTS)


def is_numeric_column(bound_column) -> bool:
    """Columns the pages right-align as numbers (tables.NUMBER_ATTRS): ranks, ratings, points."""
    return "number" in str(bound_column.column.attrs.get("td", {}).get("class", "")).split()


Number = int | Decimal | float


def as_number(value: Any, *, numeric: bool) -> Number | None:
    """The number a cell holds, or None for a text cell. A value that is a number is one in
    any column; a text is one only in a numeric column, and only if it is a plain number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, int | Decimal):
        number = Decimal(value) if isinstance(value, int) else value
    elif numeric and isinstance(value, str) and NUMBER_TEXT.fullmatch(value.strip()):
        number = Decimal(value.strip().replace(",", "."))
    else:
        return None
    if not number.is_finite():
        return None
    return int(number) if number == number.to_integral_value() else number


def cell_text(value: Any) -> str:
    """A text cell; a date is written as 2026-03-14, which Excel reads as a date in any region."""
    if value is None:
        return ""
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def csv_number(number: Number, dialect: CsvDialect) -> str:
    """2.5 as "2,5" for a Portuguese Excel, "2.5" for an English one; no thousands separator,
    no exponent. A float (a score with no finite decimal, 7/3) gets at most 6 decimals."""
    if isinstance(number, float):
        text = f"{number:.6f}".rstrip("0").rstrip(".")
    elif isinstance(number, Decimal):
        text = format(number.normalize(), "f")
    else:
        text = str(number)
    return text.replace(".", dialect.decimal)


Cell = Number | date | str


@dataclass(frozen=True)
class Sheet:
    """A table as its download holds it: headings, then rows of numbers, dates and texts."""

    headings: list[str]
    rows: list[list[Cell]]


def table_sheet(table: Table) -> Sheet:
    """The table's exported columns (django-tables2's as_values, in its order), each cell a
    number, a date (a column whose value is one) or a text."""
    numeric = [is_numeric_column(column) for column in table.columns.iterall()
               if not column.column.exclude_from_export]
    values = table.as_values()
    headings = [cell_text(heading) for heading in next(values)]
    rows = []
    for row in values:
        cells: list[Cell] = []
        for value, flag in zip(row, numeric, strict=True):
            number = as_number(value, numeric=flag)
            if number is not None:
                cells.append(number)
            elif isinstance(value, date):
                cells.append(value)
            else:
                cells.append(cell_text(value))
        rows.append(cells)
    return Sheet(headings, rows)


def csv_bytes(sheet: Sheet, dialect: CsvDialect) -> bytes:
    """UTF-8 with a byte order mark, the dialect's separator and decimal sign; every text that
    a spreadsheet would take for a formula neutralised."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=dialect.delimiter, lineterminator="\r\n")
    writer.writerow([neutralise(heading) for heading in sheet.headings])
    for row in sheet.rows:
        writer.writerow([neutralise(cell) if isinstance(cell, str)
                         else cell.isoformat() if isinstance(cell, date)
                         else csv_number(cell, dialect) for cell in row])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def sheet_title(title: str) -> str:
    """A name Excel accepts for a sheet."""
    cleaned = SHEET_TITLE_FORBIDDEN.sub("-", title).strip().strip("'") or "Sheet"
    return cleaned[:31]


def xlsx_bytes(sheet: Sheet, title: str, document_title: str = "") -> bytes:
    """One sheet named `title`: the headings in bold, frozen above the rows; numbers as
    numeric cells, texts as string cells (never formulas)."""
    workbook = Workbook()
    worksheet = workbook.active
    worksheet.title = sheet_title(title)
    workbook.properties.title = document_title or title
    workbook.properties.creator = "Damas"
    bold = Font(bold=True)
    widths = [len(heading) for heading in sheet.headings]
    for row_number, row in enumerate([sheet.headings, *sheet.rows], start=1):
        for column_number, value in enumerate(row, start=1):
            if value == "":
                continue  # an empty cell, not an empty text
            cell = worksheet.cell(row=row_number, column=column_number)
            if isinstance(value, str):
                # Control characters other than tab and line breaks are not allowed in a sheet.
                cell.value = ILLEGAL_CHARACTERS_RE.sub("", value)
                # Always a string: openpyxl takes a text starting with "=" for a formula and
                # "#N/A" for an error.
                cell.data_type = TYPE_STRING
                if formula_like(value):
                    cell.quotePrefix = True
            else:
                cell.value = value
                if isinstance(value, date):
                    cell.number_format = "yyyy-mm-dd"
            if row_number == 1:
                cell.font = bold
            else:
                widths[column_number - 1] = max(widths[column_number - 1], len(cell_text(value)))
    worksheet.freeze_panes = "A2"
    for column_number, width in enumerate(widths, start=1):
        worksheet.column_dimensions[get_column_letter(column_number)].width = min(width + 2, 60)
    stream = io.BytesIO()
    workbook.save(stream)
    return stream.getvalue()


def export_response(request, table: Table, export_format: str, export_name: str,
                    title: str = "", document_title: str = "") -> HttpResponse:
    """The table as `export_name`.csv or .xlsx, for download."""
    sheet = table_sheet(table)
    if export_format == "xlsx":
        content = xlsx_bytes(sheet, title or export_name, document_title)
        content_type = XLSX_CONTENT_TYPE
    else:
        content = csv_bytes(sheet, csv_dialect(request))
        content_type = "text/csv; charset=utf-8"
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(
        True, f"{export_name}.{export_format}")
    return response

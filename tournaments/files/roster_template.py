"""The roster import's templates to fill in (issue 27): a CSV and an Excel (.xlsx) file, each with
the header in Portuguese (roster_list.TEMPLATE_HEADER) and two example rows of one team, which
the import reads back as they are.

The CSV has a byte-order mark and `;`, as Brazilian Excel opens it in columns. The .xlsx says
each cell's type as a person would type it: the order, the rating and a birth year are numbers,
a birth date a date shown dd/mm/aaaa, the rest text; the header is bold and frozen, and each
column as wide as its longest value.
"""

from __future__ import annotations

import datetime
import io

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from tournaments.files.roster_list import TEMPLATE_HEADER
from tournaments.files.table_export import XLSX_CONTENT_TYPE

TEMPLATE_NAME = "elencos-modelo"  # .csv or .xlsx
DATE_FORMAT = "DD/MM/YYYY"


def example_rows() -> list[tuple]:
    """Two players of one team: one with every column filled, one with only a birth year."""
    team = _("Example team")
    return [(team, 1, "Ana Beatriz Conceição", "Campinas", "CBD-1001", 1850,
             datetime.date(1990, 3, 14)),
            (team, 2, "João Gonçalves", "Campinas", "", None, 1987)]


def template_file(extension: str) -> tuple[bytes, str]:
    """The template as `extension` ("csv" or "xlsx"), with its content type."""
    if extension == "xlsx":
        return template_xlsx(), XLSX_CONTENT_TYPE
    return template_csv(), "text/csv; charset=utf-8"


def template_csv() -> bytes:
    def text(value) -> str:
        if value is None:
            return ""
        return f"{value:%d/%m/%Y}" if isinstance(value, datetime.date) else str(value)

    lines = [";".join(TEMPLATE_HEADER),
             *(";".join(text(value) for value in row) for row in example_rows())]
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")


def template_xlsx() -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = _("Rosters")
    workbook.properties.title = _("Rosters")
    workbook.properties.creator = "Damas"
    bold = Font(bold=True)
    widths = [len(title) for title in TEMPLATE_HEADER]
    for column, title in enumerate(TEMPLATE_HEADER, start=1):
        sheet.cell(row=1, column=column, value=title).font = bold
    for row_number, row in enumerate(example_rows(), start=2):
        for column, value in enumerate(row, start=1):
            if value in (None, ""):
                continue  # an empty cell, not an empty text
            cell = sheet.cell(row=row_number, column=column, value=value)
            if isinstance(value, datetime.date):
                cell.number_format = DATE_FORMAT
            widths[column - 1] = max(widths[column - 1], len(DATE_FORMAT)
                                     if isinstance(value, datetime.date) else len(str(value)))
    sheet.freeze_panes = "A2"
    for column, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(column)].width = width + 3
    stream = io.BytesIO()
    workbook.save(stream)
    return stream.getvalue()

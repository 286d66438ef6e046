"""Read a federation's rating list (issue 27) into rows: federation id, name, federation or club,
rating, and the birth year, title or category and games count when the list has them.

Layouts followed (neither could be checked against a file downloaded from the federation while
this was written; the header names below are what the import page lists, and more may be added
to COLUMN_ALIASES without touching the rest):
- the CBD's list, a spreadsheet (.xlsx, .ods, or CSV saved from it) with a header row: the CBD
  id ("ID CBD", "Código", "Registro"), "Nome", the state federation or club ("Federação",
  "Clube", "UF"), "Rating"; optionally "Categoria", "Ano de nascimento", "Partidas";
- the FMJD's list as its rating site shows it (id, name, federation, rating, title, birth
  year, games), saved as a spreadsheet, a tab- or `;`-separated text, or a fixed-width text
  whose titles stand over their columns (tournaments/files/fixed_width.py).

Headers are read in Portuguese or English, in any case, with or without accents; columns the
reader does not know (rank, change, sex…) are skipped and named in the preview. The file is read
by the streaming readers of spreadsheets.py with the limits of RATING_LIST; every problem is
named with its line (a spreadsheet's sheet, row and column) and the whole file is refused.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.files.fixed_width import looks_fixed_width, read_fixed_width
from tournaments.files.import_problems import CsvImportError, CsvProblem
from tournaments.files.player_list import column_letter, parse_rating
from tournaments.files.spreadsheets import (
    DATE,
    FORMULA,
    MAX_NAME,
    MERGED,
    TEXT,
    Cell,
    Limits,
    Table,
    read_table,
)

# The FMJD's whole list (all federations, active and not) has some tens of thousands of players:
# read as a stream, a few seconds at most (tests/tournaments/test_rating_list_files.py).
RATING_LIST = Limits(rows=40_000, elements=1_600_000, whole_parts=8 * 1024 * 1024)
MAX_ID = 40
MAX_TITLE = 20
MAX_PROBLEMS = 50  # a wrong column fails every row: the first ones say enough
MAX_RATING = 3000

COLUMN_ALIASES = {
    "federation_id": {"id", "id cbd", "cbd id", "cbd", "codigo", "cod", "registro",
                      "matricula", "id fmjd", "fmjd id", "fmjd", "federation id",
                      "federation_id", "player id", "id federacao", "id jogador"},
    "name": {"name", "nome", "player", "jogador", "atleta", "full name", "nome completo"},
    "federation": {"federation", "fed", "federacao", "country", "pais", "club", "clube",
                   "state", "estado", "uf", "entidade"},
    "rating": {"rating", "elo", "rating cbd", "rating fmjd", "rating atual", "pontos rating"},
    "birth_year": {"birth year", "year of birth", "born", "birth", "b-year", "byear",
                   "ano de nascimento", "ano nascimento", "ano nasc", "nascimento",
                   "ano", "birthday"},
    "title": {"title", "titulo", "tit", "category", "categoria"},
    "games": {"games", "gms", "partidas", "jogos", "number of games", "n games"},
}
REQUIRED = ("federation_id", "name", "rating")


def fold(title: str) -> str:
    """A header as compared: no accents, no case, one space for `_`, `.` and runs of spaces."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return " ".join(re.sub(r"[_.º°#]", " ", plain).split()).casefold()


KNOWN_TITLES = {name for names in COLUMN_ALIASES.values() for name in names}


@dataclass(frozen=True)
class RatingRow:
    line: int
    federation_id: str
    name: str
    federation: str = ""
    rating: int | None = None
    birth_year: int | None = None
    title: str = ""
    games: int | None = None


@dataclass(frozen=True)
class ParsedList:
    rows: list[RatingRow]
    columns: list[str]  # the titles read, in the file's order
    skipped: list[str]  # the titles not read
    note: str = ""
    sheet: str | None = None


def parse_rating_list(data: bytes, filename: str = "") -> ParsedList:
    """The list's rows; CsvImportError names every problem (the first MAX_PROBLEMS)."""
    if looks_fixed_width(data):
        table = read_fixed_width(data, KNOWN_TITLES, RATING_LIST)
    else:
        table = read_table(data, filename, RATING_LIST)
    return _read(table)


class _Problems:
    def __init__(self, table: Table) -> None:
        self.sheet, self.found, self.more = table.sheet, [], 0

    def add(self, line: int, index: int | None, title: str | None, message: str) -> None:
        if len(self.found) >= MAX_PROBLEMS:
            self.more += 1
            return
        letter = column_letter(index) if self.sheet is not None and index is not None else ""
        self.found.append(CsvProblem(line, title or None, message, sheet=self.sheet,
                                     letter=letter))

    def raise_any(self) -> None:
        if self.more:
            self.found.append(CsvProblem(self.found[-1].line, None, _(
                "and %(count)d more problems not listed.") % {"count": self.more},
                sheet=self.sheet))
        if self.found:
            raise CsvImportError(self.found)


def _read(table: Table) -> ParsedList:
    problems = _Problems(table)
    filled = [(line, cells) for line, cells in table.rows
              if not all(cell.blank for cell in cells)]
    if not filled:
        problems.add(1, None, None, _("the header row is missing."))
        problems.raise_any()
    header_line, header = filled[0]
    columns, titles, skipped = _header(header_line, header, problems)
    problems.raise_any()
    rows: list[RatingRow] = []
    seen: dict[str, int] = {}
    for line, cells in filled[1:]:
        values = {}
        for key, index in columns.items():
            cell = cells[index] if index < len(cells) else Cell()
            if cell.kind == TEXT:  # the common case, without a call per cell
                values[key] = " ".join(cell.text.split())
                continue
            value = _text(cell, key, line, index, titles[index], problems)
            if value is not None:
                values[key] = value
        if len(values) < len(columns):
            continue
        row = _row(line, values, columns, titles, problems)
        if row is None:
            continue
        if row.federation_id in seen:
            index = columns["federation_id"]
            problems.add(line, index, titles[index], _(
                "federation id %(id)s already on line %(other)d.")
                % {"id": row.federation_id, "other": seen[row.federation_id]})
            continue
        seen[row.federation_id] = line
        rows.append(row)
    problems.raise_any()
    if not rows:
        problems.add(header_line + 1, None, None, _("no players after the header row."))
        problems.raise_any()
    return ParsedList(rows, [title for title in titles if title], skipped, table.note,
                      table.sheet)


def _header(line: int, cells: list[Cell], problems: _Problems
            ) -> tuple[dict[str, int], list[str], list[str]]:
    titles = [cell.text.strip() for cell in cells]
    columns: dict[str, int] = {}
    skipped: list[str] = []
    for index, title in enumerate(titles):
        if cells[index].kind in (FORMULA, MERGED, DATE):
            problems.add(line, index, title, _(
                "the header must hold plain column names, not a formula, a date or merged "
                "cells."))
            continue
        key = next((k for k, names in COLUMN_ALIASES.items() if fold(title) in names), None)
        if key is None:
            if title:
                skipped.append(title)
        elif key in columns:
            problems.add(line, index, title, _("this column appears twice."))
        else:
            columns[key] = index
    missing = [key for key in REQUIRED if key not in columns]
    if missing and not problems.found:
        problems.add(line, None, None, _(
            "the header row needs the columns id, name and rating (in Portuguese id cbd, "
            "nome, rating); missing: %(missing)s.") % {"missing": ", ".join(
                {"federation_id": "id", "name": "name", "rating": "rating"}[key]
                for key in missing)})
    return columns, titles, skipped


def _text(cell: Cell, key: str, line: int, index: int, title: str,
          problems: _Problems) -> str | None:
    if cell.kind == FORMULA:
        problems.add(line, index, title, _(
            "a formula (%(formula)s): type the value itself, or paste the column as values."
        ) % {"formula": cell.text})
        return None
    if cell.kind == MERGED:
        problems.add(line, index, title, _(
            "a merged cell: unmerge the cells and fill each one."))
        return None
    if cell.kind == DATE:
        if key == "birth_year" and cell.date is not None:
            return str(cell.date.year)
        problems.add(line, index, title, _(
            "a date (%(value)s) where a text or a number should be: format the column as "
            "text or number.") % {"value": cell.text})
        return None
    return " ".join(cell.text.split())


_BIRTH = re.compile(r"(?:\d{1,2}[/.-]\d{1,2}[/.-])?(?P<year>\d{4})(?:[/.-]\d{1,2}[/.-]\d{1,2})?"
                    r"(?:[.,]0+)?")


def _row(line: int, values: dict[str, str], columns: dict[str, int], titles: list[str],
         problems: _Problems) -> RatingRow | None:
    before = len(problems.found) + problems.more

    def report(key: str, message: str) -> None:
        problems.add(line, columns[key], titles[columns[key]], message)

    federation_id = values["federation_id"]
    if federation_id.endswith(".0") and federation_id[:-2].isdigit():
        federation_id = federation_id[:-2]  # an id typed in a number cell
    if not federation_id:
        report("federation_id", _("the id is empty."))
    elif len(federation_id) > MAX_ID:
        report("federation_id", _("the id is longer than %(max)d characters.") % {"max": MAX_ID})
    name = values["name"]
    if not name:
        report("name", _("the name is empty."))
    elif len(name) > MAX_NAME:
        report("name", _("the name is longer than %(max)d characters.") % {"max": MAX_NAME})
    federation = values.get("federation", "")
    if len(federation) > MAX_NAME:
        report("federation", _("longer than %(max)d characters.") % {"max": MAX_NAME})
    rating = _number(values, "rating", MAX_RATING, report)
    games = _number(values, "games", 100_000, report)
    title = values.get("title", "")
    if len(title) > MAX_TITLE:
        report("title", _("longer than %(max)d characters.") % {"max": MAX_TITLE})
    birth_year = None
    raw_birth = values.get("birth_year", "")
    if raw_birth and raw_birth not in ("0", "-"):
        match = _BIRTH.fullmatch(raw_birth)
        if match and 1900 <= int(match["year"]) <= 2100:
            birth_year = int(match["year"])
        else:
            report("birth_year", _("\"%(value)s\" is not a birth year: write the year, as "
                                   "1987, or the date.") % {"value": raw_birth[:20]})
    if len(problems.found) + problems.more > before:
        return None
    return RatingRow(line, federation_id, name, federation, rating, birth_year, title, games)


def _number(values: dict[str, str], key: str, largest: int, report) -> int | None:
    raw = values.get(key, "")
    if not raw or raw == "-":
        return None
    number = parse_rating(raw)
    if number is None or number > largest:
        if key == "rating":
            report(key, _("\"%(value)s\" is not a rating (a whole number from 0 to %(max)d).")
                   % {"value": raw[:20], "max": largest})
        else:
            report(key, _("\"%(value)s\" is not a whole number.") % {"value": raw[:20]})
        return None
    return number

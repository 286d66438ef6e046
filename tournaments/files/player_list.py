"""Read a player list from a CSV file or a spreadsheet (.xlsx, .ods): columns name, club, rating,
federation_id, with a header row; optionally sex, birth_date (dd/mm/yyyy, yyyy-mm-dd or the
year alone), state, fmjd_id, fmjd_rating, title (GMI, MI...: the starting list prints it).

The file is read into a table of cells by tournaments/files/spreadsheets.py; here its header and
rows are read into players. Ratings may be written `1850`, `1850.0`, `1850,0` or `1.850` (a
thousands dot). A formula, a merged cell or a date where a rating should be is named with its
sheet, row and column instead of read as whatever value it shows.

Every problem is reported with its line (row) and column, and the whole file is refused, so
nothing is saved from a file with an error. The roster import (roster_list.py) reads its cells,
its birth dates and says its problems with the same `cell_value`, `read_birth` and `Where`.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.files.import_problems import CsvImportError, CsvProblem
from tournaments.files.spreadsheets import (
    CSV,
    DATE,
    FORMULA,
    MAX_NAME,
    MERGED,
    NUMBER,
    TEXT,
    Cell,
    Table,
    read_table,
)

MAX_FEDERATION_ID = 40
MAX_TITLE = 20  # Player.title
MAX_RATING = 3000  # as Player.RATING_MAX (issue 17)

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
    "title": {"title", "título", "titulo"},
}
SEXES = {"m": "M", "masculino": "M", "male": "M", "f": "F", "feminino": "F", "female": "F"}
RATING_KEYS = {"rating", "fmjd_rating"}


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
    title: str = ""

    def details(self) -> dict:
        """The person's facts besides his name, as services.enter_person takes them."""
        return {"club": self.club, "rating": self.rating, "federation_id": self.federation_id,
                "sex": self.sex, "birth_date": self.birth_date, "birth_year": self.birth_year,
                "state": self.state, "fmjd_id": self.fmjd_id, "fmjd_rating": self.fmjd_rating,
                "title": self.title}

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

# --- rows ----------------------------------------------------------------------------------

def column_letter(index: int) -> str:
    """0 -> A, 26 -> AA: how a spreadsheet names its columns."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


class Where:
    """Makes problems for one table: its sheet, and a column's title and letter."""

    def __init__(self, table: Table):
        self.sheet = table.sheet

    def problem(self, line: int, index: int | None, title: str | None,
                message: str) -> CsvProblem:
        letter = column_letter(index) if self.sheet is not None and index is not None else ""
        return CsvProblem(line, title or None, message, sheet=self.sheet, letter=letter)


def row_values(table: Table, rows: list[tuple[int, list[Cell]]], columns: dict[str, int],
               titles: list[str], where: Where, problems: list[CsvProblem]
               ) -> Iterator[tuple[int, dict[str, str]]]:
    """(line, values by column key) of each data row whose cells all read, after the checks
    every list file shares (the players' and the team rosters'): no value in a column without a
    title (in a CSV, a row with more fields than the header), each cell a value of its column.
    A row that fails is reported in `problems` and skipped: its other checks would only repeat
    the problem."""
    for line, cells in rows:
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
            value = cell_value(line, key, index, titles[index], cell, where, problems)
            if value is not None:
                values[key] = value
        if len(values) == len(columns):
            yield line, values


def _read_rows(table: Table) -> list[PlayerRow]:
    where = Where(table)
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
    for line, values in row_values(table, rows_in[1:], columns, titles, where, problems):
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


def cell_value(line: int, key: str, index: int, title: str, cell: Cell, where: Where,
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


def _read_header(line: int, cells: list[Cell], where: Where
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
                "sex, birth_date, state, fmjd_id, fmjd_rating, title.")))
        elif key is None:
            problems.append(where.problem(line, index, title, _(
                "unknown column; the columns are name, club, rating, federation_id, sex, "
                "birth_date, state, fmjd_id, fmjd_rating, title."
            )))
        elif key in columns:
            problems.append(where.problem(line, index, title, _("this column appears twice.")))
        else:
            columns[key] = index
    if not {"name", "federation_id", "fmjd_id"} & set(columns) and not problems:
        problems.append(where.problem(line, None, None, _(
            "the header row has no \"name\" column.")))
    return columns, titles, problems


def _read_row(line: int, values: dict[str, str], titles: list[str], columns: dict[str, int],
              where: Where) -> tuple[PlayerRow | None, list[CsvProblem]]:
    problems: list[CsvProblem] = []

    def report(key: str, message: str) -> None:
        problems.append(where.problem(line, columns[key], titles[columns[key]], message))

    name = values.get("name", "")
    if not name and not values.get("federation_id") and not values.get("fmjd_id"):
        # Issue 27: a row with an id takes its name from the rating list in force.
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
    birth_date, birth_year = read_birth(values.get("birth_date", ""), report)
    fmjd_rating = _read_rating(values, "fmjd_rating", report)
    fmjd_id, state = values.get("fmjd_id", ""), values.get("state", "")
    for key, value in (("fmjd_id", fmjd_id), ("state", state)):
        if len(value) > MAX_FEDERATION_ID:
            report(key, _("longer than %(max)d characters.") % {"max": MAX_FEDERATION_ID})
    title = values.get("title", "")
    if len(title) > MAX_TITLE:
        report("title", _("longer than %(max)d characters.") % {"max": MAX_TITLE})
    if problems:
        return None, problems
    return PlayerRow(line, name, club, rating, federation_id,
                     sex=SEXES.get(sex.casefold(), ""), birth_date=birth_date,
                     birth_year=birth_year, state=state, fmjd_id=fmjd_id,
                     fmjd_rating=fmjd_rating, title=title), []


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


def read_birth(raw: str, report) -> tuple[datetime.date | None, int | None]:
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

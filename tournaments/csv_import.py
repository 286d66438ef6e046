"""Read a player list from CSV: columns name, club, rating, federation_id, with a header row.

Brazilian Excel saves CSV with `;` and often a byte-order mark (or in Windows-1252), other tools
with `,`: all are read.
Every problem is reported with its line and column, and the whole file is refused, so nothing is
saved from a file with an error.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.utils.translation import gettext as _

MAX_NAME = 200
MAX_FEDERATION_ID = 40
MAX_RATING = 3500

# Header names accepted for each column; Portuguese ones too, as a Brazilian sheet would have them.
COLUMN_ALIASES = {
    "name": {"name", "nome"},
    "club": {"club", "clube", "federation", "federação", "federacao"},
    "rating": {"rating"},
    "federation_id": {"federation_id", "federation id", "id_federacao", "id federação"},
}


@dataclass(frozen=True)
class PlayerRow:
    line: int
    name: str
    club: str
    rating: int | None
    federation_id: str


@dataclass(frozen=True)
class CsvProblem:
    line: int
    column: str | None
    message: str

    def __str__(self) -> str:
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


def decode(data: bytes) -> str:
    """UTF-8 text, with or without a byte-order mark; else Windows-1252, which Excel's plain
    "CSV (separado por vírgulas)" writes in Brazil (issue 12: most organisers would meet the
    refusal). A text that is valid UTF-8 is read as UTF-8: accented letters in Windows-1252
    are never valid UTF-8 sequences in a name."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError as second:
            line = data[: second.start].count(b"\n") + 1
            raise CsvImportError([CsvProblem(line, None, _(
                "the file is neither UTF-8 nor Windows-1252 text; save it as \"CSV UTF-8\"."
            ))]) from error
    if "\x00" in text:  # a binary file; PostgreSQL cannot store the character either
        line = text[: text.index("\x00")].count("\n") + 1
        raise CsvImportError([CsvProblem(line, None, _(
            "the file holds a NUL character, so it is not a text file; save it as \"CSV UTF-8\"."
        ))])
    return text


def guess_delimiter(header: str) -> str:
    """`;` when the header has one (Brazilian Excel), else `,`."""
    return ";" if header.count(";") > header.count(",") else ","


def parse_players_csv(data: bytes) -> list[PlayerRow]:
    text = decode(data)
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise CsvImportError([CsvProblem(1, None, _("the header row is missing."))])
    # newline="" as the csv module requires: a line ending in a lone "\r" (old Mac Excel) then
    # ends a row instead of raising csv.Error.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=guess_delimiter(lines[0]))
    try:
        return _read_rows(reader)
    except csv.Error as error:  # a field over the csv module's limit (128 KB)
        raise CsvImportError([CsvProblem(reader.line_num or 1, None, _(
            "this line cannot be read as CSV: a field is far too long."))]) from error


def _read_rows(reader) -> list[PlayerRow]:
    header = next(reader)
    columns, problems = _read_header(header)
    if problems:
        raise CsvImportError(problems)
    rows: list[PlayerRow] = []
    seen_ids: dict[str, int] = {}
    for fields in reader:
        line = reader.line_num
        if not any(field.strip() for field in fields):
            continue  # blank lines are harmless
        if len(fields) > len(header):
            problems.append(CsvProblem(line, None, _(
                "%(found)d fields where the header has %(expected)d; a name with the delimiter "
                "in it must be in double quotes."
            ) % {"found": len(fields), "expected": len(header)}))
            continue
        values = {key: fields[index].strip() if index < len(fields) else ""
                  for key, index in columns.items()}
        row, row_problems = _read_row(line, values, header, columns)
        problems.extend(row_problems)
        if row is None:
            continue
        if row.federation_id:
            if row.federation_id in seen_ids:
                problems.append(CsvProblem(line, header[columns["federation_id"]], _(
                    "federation id %(id)s already on line %(other)d."
                ) % {"id": row.federation_id, "other": seen_ids[row.federation_id]}))
                continue
            seen_ids[row.federation_id] = line
        rows.append(row)
    if problems:
        raise CsvImportError(problems)
    if not rows:
        raise CsvImportError([CsvProblem(2, None, _("no players after the header row."))])
    return rows


def _read_header(header: list[str]) -> tuple[dict[str, int], list[CsvProblem]]:
    columns: dict[str, int] = {}
    problems: list[CsvProblem] = []
    for index, title in enumerate(header):
        key = next((k for k, names in COLUMN_ALIASES.items()
                    if title.strip().lower() in names), None)
        if key is None:
            problems.append(CsvProblem(1, title, _(
                "unknown column; the columns are name, club, rating, federation_id."
            )))
        elif key in columns:
            problems.append(CsvProblem(1, title, _("this column appears twice.")))
        else:
            columns[key] = index
    if "name" not in columns and not problems:
        problems.append(CsvProblem(1, None, _("the header row has no \"name\" column.")))
    return columns, problems


def _read_row(
    line: int, values: dict[str, str], header: list[str], columns: dict[str, int]
) -> tuple[PlayerRow | None, list[CsvProblem]]:
    def title(key: str) -> str:
        return header[columns[key]]

    problems: list[CsvProblem] = []
    name = values.get("name", "")
    if not name:
        problems.append(CsvProblem(line, title("name"), _("the name is empty.")))
    elif len(name) > MAX_NAME:
        problems.append(CsvProblem(line, title("name"), _(
            "the name is longer than %(max)d characters.") % {"max": MAX_NAME}))
    club = values.get("club", "")
    if len(club) > MAX_NAME:
        problems.append(CsvProblem(line, title("club"), _(
            "the club is longer than %(max)d characters.") % {"max": MAX_NAME}))
    rating: int | None = None
    raw_rating = values.get("rating", "")
    if raw_rating:
        try:
            rating = int(raw_rating)
        except ValueError:
            rating = None
        if rating is None or not 0 <= rating <= MAX_RATING:
            problems.append(CsvProblem(line, title("rating"), _(
                "\"%(value)s\" is not a rating (a whole number from 0 to %(max)d)."
            ) % {"value": raw_rating, "max": MAX_RATING}))
    federation_id = values.get("federation_id", "")
    if len(federation_id) > MAX_FEDERATION_ID:
        problems.append(CsvProblem(line, title("federation_id"), _(
            "the federation id is longer than %(max)d characters.") % {"max": MAX_FEDERATION_ID}))
    if problems:
        return None, problems
    return PlayerRow(line, name, club, rating, federation_id), []

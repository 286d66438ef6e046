"""Read a team competition's rosters from a CSV file or a spreadsheet (.xlsx, .ods), issue 27:
one row per player, with the columns team, order (his place on the team's roster), name and,
optionally, club, federation id, rating and birth date (or year), headed in Portuguese or English.

The file is read by tournaments/files/spreadsheets.py, with its limits, and its cells as the
player list reads them (tournaments/files/player_list.py). Two kinds of problem, two answers:
a file whose shape is wrong (no header, an unknown column, a formula or a merged cell) is refused
whole with a CsvImportError naming the line and column, as the player import does; a row whose
value is wrong (no team, a rating out of range, an order that is not a number) is kept with its
problems, each naming its line and column, so the preview shows it refused among the others.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import asdict, dataclass, field

from django.utils.translation import gettext as _

from tournaments.files.import_problems import CsvImportError, CsvProblem
from tournaments.files.player_list import (
    COLUMN_ALIASES as PLAYER_ALIASES,
)
from tournaments.files.player_list import (
    MAX_FEDERATION_ID,
    MAX_RATING,
    Where,
    parse_rating,
    read_birth,
    row_values,
)
from tournaments.files.spreadsheets import FORMULA, MAX_NAME, MERGED, TEXT, Cell, read_table

MAX_TEAM_NAME = 200  # as Team.name

COLUMN_ALIASES = {
    "team": {"team", "equipe", "time"},
    "order": {"order", "ordem", "board order", "roster order", "posição", "posicao"},
    "name": PLAYER_ALIASES["name"] | {"player", "jogador"},
    "club": {"club", "clube"},
    "federation_id": PLAYER_ALIASES["federation_id"] | {"id federacao", "id"},
    "rating": {"rating"},
    "birth_date": PLAYER_ALIASES["birth_date"] | {"birth year", "ano de nascimento", "born"},
}
REQUIRED = ("team", "order", "name")
TEMPLATE_HEADER = ("equipe", "ordem", "nome", "clube", "id federação", "rating", "nascimento")

_ORDER = re.compile(r"\d{1,4}")


@dataclass(frozen=True)
class RosterRow:
    """One row of the file; `problems` are its values' faults, already said with their line
    and column (the preview refuses the row)."""

    line: int
    team: str
    order: int | None
    name: str
    club: str = ""
    rating: int | None = None
    federation_id: str = ""
    birth_date: datetime.date | None = None
    birth_year: int | None = None
    problems: tuple[str, ...] = field(default=())

    def as_json(self) -> dict:
        """Plain values, to keep in the session until the preview is confirmed."""
        data = asdict(self)
        data["birth_date"] = self.birth_date.isoformat() if self.birth_date else None
        data["problems"] = list(self.problems)
        return data

    @classmethod
    def from_json(cls, data: dict) -> RosterRow:
        born = data.get("birth_date")
        return cls(**{**data, "birth_date": datetime.date.fromisoformat(born) if born else None,
                      "problems": tuple(data.get("problems") or ())})


@dataclass(frozen=True)
class ParsedRosters:
    rows: list[RosterRow]
    kind: str
    sheet: str | None
    note: str


def parse_rosters_file(data: bytes, filename: str = "") -> ParsedRosters:
    """The rows of a roster file; CsvImportError names every problem of its shape."""
    table = read_table(data, filename)
    where = Where(table)
    rows_in = [(number, cells) for number, cells in table.rows
               if not all(cell.blank for cell in cells)]
    if not rows_in:
        raise CsvImportError([where.problem(1, None, None, _("the header row is missing."))])
    header_line, header_cells = rows_in[0]
    columns, titles, problems = _read_header(header_line, header_cells, where)
    if problems:
        raise CsvImportError(problems)
    rows = []
    for line, values in row_values(table, rows_in[1:], columns, titles, where, problems):
        rows.append(_read_row(line, values, titles, columns, where))
    if problems:
        raise CsvImportError(problems)
    if not rows:
        raise CsvImportError([where.problem(header_line + 1, None, None,
                                            _("no players after the header row."))])
    return ParsedRosters(rows, table.kind, table.sheet, table.note)


def _read_header(line: int, cells: list[Cell], where: Where
                 ) -> tuple[dict[str, int], list[str], list[CsvProblem]]:
    columns: dict[str, int] = {}
    problems: list[CsvProblem] = []
    titles = [cell.text.strip() for cell in cells]
    while titles and not titles[-1] and cells[len(titles) - 1].kind == TEXT:
        titles.pop()  # a trailing separator, or the sheet's empty columns
    known = ", ".join(TEMPLATE_HEADER)
    for index, title in enumerate(titles):
        if cells[index].kind in (FORMULA, MERGED):
            problems.append(where.problem(line, index, title, _(
                "the header must hold plain column names, not a formula, a date or merged "
                "cells.")))
            continue
        key = next((k for k, names in COLUMN_ALIASES.items()
                    if " ".join(title.lower().split()) in names), None)
        if not title:
            problems.append(where.problem(line, index, None, _(
                "a column without a title; the roster columns are %(columns)s.")
                % {"columns": known}))
        elif key is None:
            problems.append(where.problem(line, index, title, _(
                "unknown column; the roster columns are %(columns)s.") % {"columns": known}))
        elif key in columns:
            problems.append(where.problem(line, index, title, _("this column appears twice.")))
        else:
            columns[key] = index
    missing = [key for key in REQUIRED if key not in columns]
    if missing and not problems:
        names = {"team": "equipe (team)", "order": "ordem (order)", "name": "nome (name)"}
        problems.append(where.problem(line, None, None, _(
            "the header row has no %(columns)s column: a roster file needs the team, the "
            "order and the name.") % {"columns": ", ".join(names[key] for key in missing)}))
    return columns, titles, problems


def _read_row(line: int, values: dict[str, str], titles: list[str], columns: dict[str, int],
              where: Where) -> RosterRow:
    problems: list[str] = []

    def report(key: str, message: str) -> None:
        problems.append(str(where.problem(line, columns[key], titles[columns[key]], message)))

    team = " ".join(values["team"].split())
    if not team:
        report("team", _("the team is empty."))
    elif len(team) > MAX_TEAM_NAME:
        report("team", _("the team's name is longer than %(max)d characters.")
               % {"max": MAX_TEAM_NAME})
    elif not any(character.isalpha() for character in team):
        report("team", _("A team's name needs at least one letter."))
    order = _read_order(values["order"], report)
    name = values["name"]
    if not name:
        report("name", _("the name is empty."))
    elif len(name) > MAX_NAME:
        report("name", _("the name is longer than %(max)d characters.") % {"max": MAX_NAME})
    club = values.get("club", "")
    if len(club) > MAX_NAME:
        report("club", _("the club is longer than %(max)d characters.") % {"max": MAX_NAME})
    federation_id = values.get("federation_id", "")
    if len(federation_id) > MAX_FEDERATION_ID:
        report("federation_id", _("the federation id is longer than %(max)d characters.")
               % {"max": MAX_FEDERATION_ID})
    rating = None
    raw = values.get("rating", "")
    if raw:
        rating = parse_rating(raw)
        if rating is None or not 0 <= rating <= MAX_RATING:
            report("rating", _("\"%(value)s\" is not a rating (a whole number from 0 to "
                               "%(max)d).") % {"value": raw[:20], "max": MAX_RATING})
            rating = None
    birth_date, birth_year = read_birth(values.get("birth_date", ""), report)
    return RosterRow(line, team[:MAX_TEAM_NAME], order, name[:MAX_NAME], club[:MAX_NAME],
                     rating, federation_id[:MAX_FEDERATION_ID], birth_date, birth_year,
                     tuple(problems))


def _read_order(raw: str, report) -> int | None:
    """The player's place on his team's roster: 1, 2, 3... (a spreadsheet's 2.0 is 2)."""
    text = raw[:-2] if raw.endswith(".0") else raw
    if not raw:
        report("order", _("the order is empty: write the player's place on the roster (1, 2, "
                          "3…)."))
    elif not _ORDER.fullmatch(text) or int(text) < 1:
        report("order", _("\"%(value)s\" is not an order: write a whole number from 1.")
               % {"value": raw[:20]})
    else:
        return int(text)
    return None

"""Read a rating list published as fixed-width text (issue 27): a header row whose titles stand
over their columns, and one player a line, each value under its title, as the FIDE's TXT list
is laid out and as an FMJD list copied from its web table into a text file comes out.

A header with `;`, tab or `,` in it is not fixed-width: the CSV reader (spreadsheets.py) takes
it. Here each title starts a column, which runs to where the next title starts; a title of
several words ("birth year", "id fmjd") is kept whole when it is one of the names the rating
list's reader knows (`known_titles`). A value that spills over its column's edge is read as two
wrong values and reported by the row reader with its line and column; it is not guessed at.
"""

from __future__ import annotations

from collections.abc import Collection

from django.utils.translation import gettext as _

from tournaments.files.import_problems import CsvImportError, CsvProblem
from tournaments.files.spreadsheets import CSV, Cell, Limits, Table, decoded_text


def looks_fixed_width(data: bytes) -> bool:
    """A text (not a spreadsheet) whose first line has no `;`, tab or `,` but several words."""
    if data.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):
        return False
    try:
        text, _note = decoded_text(data[:4096])
    except CsvImportError:
        return False
    first = next((line for line in text.splitlines() if line.strip()), "")
    return bool(first) and not any(sep in first for sep in (";", "\t", ",")) \
        and len(first.split()) >= 2


def column_starts(header: str, known_titles: Collection[str]) -> list[tuple[int, str]]:
    """(offset, title) of each column: the longest known title at each word, else the word."""
    known = sorted({title.casefold() for title in known_titles}, key=len, reverse=True)
    starts: list[tuple[int, str]] = []
    position = 0
    while position < len(header):
        if header[position].isspace():
            position += 1
            continue
        rest = header[position:].casefold()
        title = next((name for name in known if rest.startswith(name)
                      and (len(rest) == len(name) or rest[len(name)].isspace())), None)
        length = len(title) if title else len(rest.split()[0])
        starts.append((position, header[position:position + length]))
        position += length
    return starts


def read_fixed_width(data: bytes, known_titles: Collection[str], limits: Limits) -> Table:
    """The text as a table of cells, one row a line (numbered from 1), one cell a column."""
    text, note = decoded_text(data)
    lines = text.splitlines()
    header_index = next((index for index, line in enumerate(lines) if line.strip()), None)
    table = Table(CSV, None, note=note)
    if header_index is None:
        return table
    starts = column_starts(lines[header_index].rstrip(), known_titles)
    bounds = [start for start, _title in starts] + [None]
    table.rows.append((header_index + 1, [Cell(title) for _start, title in starts]))
    for index in range(header_index + 1, len(lines)):
        line = lines[index]
        if not line.strip():
            continue
        if len(table.rows) > limits.rows:
            raise _too_many(index + 1, limits)
        cells = [Cell(line[bounds[i]:bounds[i + 1]].strip()) for i in range(len(starts))]
        # Text past the last title's start belongs to the last column; before the first, to
        # the first: a left-aligned value is never cut.
        if starts and line[:bounds[0]].strip():
            cells[0] = Cell((line[:bounds[0]] + line[bounds[0]:bounds[1]]).strip())
        table.rows.append((index + 1, cells))
    return table


def _too_many(line: int, limits: Limits) -> CsvImportError:
    return CsvImportError([CsvProblem(line, None, _(
        "more than %(max)d players: split the file into several.") % {"max": limits.rows})])

"""Fields of a TRF line that more than one line reads, and the lines of two pairing options.

The pairing options regulations use (issue 27) travel in two lines, as bbpPairings reads them:

- ``XXA`` (accelerations, virtual points): the pairing number in columns 5-8, then one field per
  round from round 1, four columns wide with a space before each (columns 10-13, 15-18, ...),
  the points as in the 001 line (``1.0``, `` 0.5``; a blank field is 0), in the file's own
  scoring units::

      XXA    1  1.0  1.0  0.5

- ``XXP`` (forbidden pairs): two or more pairing numbers separated by spaces or tabs, any two of
  which must not meet in any round of this file (bbpPairings reads a line as such a group; JaVaFo's
  manual, which the issue names, could not be consulted here, so this is the form read and
  written). A group of three or more is read as all its pairs; pairs are written one a line,
  lower number first::

      XXP 3 17

The TRF-2026 lines for the same options (250, 260) are kept as they stand and not interpreted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction

__all__ = ["TrfError", "option_lines", "parse_acceleration", "parse_forbidden"]


class TrfError(ValueError):
    """Bad input: the message names the line and column."""

    def __init__(self, line: int, column: int, message: str):
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


def _int(text: str, line: int, column: int, what: str, blank: int | None = None) -> int:
    s = text.strip()
    if not s and blank is not None:
        return blank
    if not s.isdigit():
        raise TrfError(line, column, f"{what} must be a whole number, found {text.strip()!r}")
    return int(s)


def _points(text: str, line: int, column: int) -> Fraction:
    s = text.strip()
    if not s:
        return Fraction(0)
    if not re.fullmatch(r"\d+(\.\d+)?", s):
        raise TrfError(line, column, f"points must be a number like 3.5, found {s!r}")
    return Fraction(s)


def parse_acceleration(line: str, no: int) -> tuple[int, list[Fraction]]:
    """An ``XXA`` line: pairing number (columns 5-8), then a 4-column field per round."""
    number = _int(line[4:8], no, 5, "the player's number in XXA")
    if number == 0:
        raise TrfError(no, 5, "player number 0 is not allowed")
    if line[3:4].strip() or line[8:9].strip():
        raise TrfError(
            no,
            4 if line[3:4].strip() else 9,
            "XXA: the pairing number goes in columns 5-8, between spaces",
        )
    row: list[Fraction] = []
    col = 9
    text = line.rstrip()
    while col < len(text):
        field_text = text[col : col + 4]
        value = _points(field_text, no, col + 1)
        after = text[col + 4 : col + 5]
        if after.strip():
            raise TrfError(no, col + 5, "XXA: each round's points take four columns and a space")
        row.append(value)
        col += 5
    while row and row[-1] == 0:
        row.pop()
    return number, row


def parse_forbidden(line: str, no: int, mentions: list) -> list[frozenset[int]]:
    """An ``XXP`` line: pairing numbers any two of which must not meet, as pairs."""
    numbers: list[int] = []
    for match in re.finditer(r"\S+", line[3:]):
        column = match.start() + 4
        number = _int(match.group(), no, column, "XXP: a pairing number")
        if number == 0:
            raise TrfError(no, column, "player number 0 is not allowed")
        if number in numbers:
            raise TrfError(no, column, f"XXP: player {number} is listed twice")
        numbers.append(number)
        mentions.append((no, column, number))
    if len(numbers) < 2:
        raise TrfError(no, 4, "XXP needs the pairing numbers of at least two players")
    return [frozenset((a, b)) for i, a in enumerate(numbers) for b in numbers[i + 1 :]]


def option_lines(
    accelerations: Mapping[int, list[Fraction]], forbidden: Iterable[frozenset[int]]
) -> list[str]:
    """The ``XXA`` lines (players with virtual points, by number) and the ``XXP`` lines."""
    out = []
    for number, row in sorted(accelerations.items()):
        while row and row[-1] == 0:
            row = row[:-1]
        if row:
            out.append(f"XXA {number:4d}" + "".join(f" {_one_decimal(a):>4}" for a in row))
    for pair in forbidden:
        a, b = sorted(pair)
        out.append(f"XXP {a} {b}")
    return out


def _one_decimal(points: Fraction) -> str:
    """Points as the TRF columns write them (``1.0``, ``0.5``): one decimal, which must be exact."""
    if (points * 10).denominator != 1 or not 0 <= points < 100:
        raise ValueError(f"{points} virtual points cannot be written with one decimal in TRF")
    return f"{float(points):.1f}"

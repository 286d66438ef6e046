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

TRF-2026 holds the same options in its own records, which are read too (bbpPairings reads them
as well): ``250`` (fictitious points for a range of rounds and of players: points in columns
10-13, rounds 15-17 and 19-21, players 23-26 and 28-31) and ``260`` (players who cannot meet
from round, columns 5-7, to round, 9-11, pairing numbers from column 13, five columns apart).
A pair forbidden for some rounds only is written as a ``260`` line, the others as ``XXP``;
virtual points are always written as ``XXA``, one line a player. A player with both ``XXA`` and
``250`` points is refused: bbpPairings would add them up in an order nobody means.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction

__all__ = ["OPTION_TAGS", "OptionReader", "TrfError", "option_lines"]

#: Lines this module reads: accelerations (XXA, 250) and forbidden pairs (XXP, 260).
OPTION_TAGS = frozenset({"XXA", "XXP", "250", "260"})


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


def _round_range(line: str, no: int, start: int, what: str) -> tuple[int, int]:
    """Two 3-column round numbers at 0-based ``start`` and ``start + 4``, first <= last."""
    first = _int(line[start : start + 3], no, start + 1, f"{what}: the first round")
    last = _int(line[start + 4 : start + 7], no, start + 5, f"{what}: the last round")
    if first == 0 or last < first:
        raise TrfError(no, start + 1, f"{what}: rounds must go from 1 up ({first} to {last})")
    return first, last


def _separators(line: str, no: int, what: str, columns: tuple[int, ...]) -> None:
    """The blank columns between fixed fields (0-based): a field out of place is an error,
    not a number read from the wrong columns."""
    for c in columns:
        if line[c : c + 1].strip():
            raise TrfError(
                no, c + 1, f"{what}: column {c + 1} must be blank (a field out of place)"
            )


class OptionReader:
    """Collects the option lines of a file; ``finish`` checks them against its players."""

    def __init__(self) -> None:
        self.accelerations: dict[int, list[Fraction]] = {}
        self.forbidden: list[frozenset[int]] = []
        self.limits: dict[frozenset[int], tuple[int, int]] = {}
        self.mentions: list[tuple[int, int, int]] = []  # (line, column, pairing number)
        self.source: dict[int, tuple[str, int]] = {}  # player -> (tag, line) of his points

    def read(self, tag: str, line: str, no: int) -> None:
        if tag == "XXA":
            number, row = parse_acceleration(line, no)
            if number in self.source:
                raise TrfError(
                    no,
                    5,
                    f"player {number} already has virtual points (line {self.source[number][1]})",
                )
            self.source[number] = ("XXA", no)
            self.accelerations[number] = row
            self.mentions.append((no, 5, number))
        elif tag == "250":
            self._read_250(line, no)
        else:
            rounds = None
            if tag == "260":
                _separators(line, no, "260", (3, 7, 11))
                rounds = _round_range(line, no, 4, "260")
                line = "260" + " " * 8 + line[11:]
            for pair in parse_forbidden(line, no, self.mentions):
                if pair not in self.forbidden:
                    self.forbidden.append(pair)
                if rounds is not None:
                    self.limits[pair] = rounds
                else:
                    self.limits.pop(pair, None)

    def _read_250(self, line: str, no: int) -> None:
        _separators(line, no, "250", (3, 8, 13, 17, 21, 26))
        if _points(line[4:8], no, 5):
            raise TrfError(no, 5, "250: fictitious match points are for team competitions")
        points = _points(line[9:13], no, 10)
        if not points:
            raise TrfError(no, 10, "250: the fictitious points must not be 0")
        first, last = _round_range(line, no, 14, "250")
        low = _int(line[22:26], no, 23, "250: the first player")
        high = _int(line[27:31], no, 28, "250: the last player")
        if low == 0 or high < low:
            raise TrfError(no, 23, f"250: players must go from 1 up ({low} to {high})")
        if line[31:].strip():
            raise TrfError(no, 32, "250: nothing goes after the last player (column 31)")
        for number in range(low, high + 1):
            tag, where = self.source.setdefault(number, ("250", no))
            if tag != "250":
                raise TrfError(no, 23, f"player {number} already has virtual points (line {where})")
            row = self.accelerations.setdefault(number, [])
            row.extend([Fraction(0)] * (last - len(row)))
            row[first - 1 : last] = [points] * (last - first + 1)
        self.mentions.append((no, 23, low))
        self.mentions.append((no, 28, high))

    def finish(self, players: Mapping[int, object], total_rounds: int | None) -> None:
        for no, column, number in self.mentions:
            if number not in players:
                raise TrfError(no, column, f"player {number} has no 001 line")
        # Players a 250 range names but the file lacks (holes in the numbering) get nothing.
        for number in [n for n in self.accelerations if n not in players]:
            del self.accelerations[number]
        if total_rounds is None:
            return
        for number, row in self.accelerations.items():
            if len(row) > total_rounds:
                tag, no = self.source[number]
                column = 10 + 5 * total_rounds if tag == "XXA" else 19
                raise TrfError(
                    no,
                    column,
                    f"{tag} gives player {number} virtual points past round {total_rounds} (XXR)",
                )


def option_lines(
    accelerations: Mapping[int, list[Fraction]],
    forbidden: Iterable[frozenset[int]],
    limits: Mapping[frozenset[int], tuple[int, int]] | None = None,
) -> list[str]:
    """The ``XXA`` lines (players with virtual points, by number), then the forbidden pairs:
    ``XXP`` for every round, ``260`` for those ``limits`` bounds to some rounds."""
    out = []
    for number, row in sorted(accelerations.items()):
        while row and row[-1] == 0:
            row = row[:-1]
        if row:
            out.append(f"XXA {number:4d}" + "".join(f" {_one_decimal(a):>4}" for a in row))
    for pair in forbidden:
        a, b = sorted(pair)
        if limits and pair in limits:
            first, last = limits[pair]
            out.append(f"260 {first:03d} {last:03d} {a:4d} {b:4d}")
        else:
            out.append(f"XXP {a} {b}")
    return out


def _one_decimal(points: Fraction) -> str:
    """Points as the TRF columns write them (``1.0``, ``0.5``): one decimal, which must be exact."""
    if (points * 10).denominator != 1 or not 0 <= points < 100:
        raise ValueError(f"{points} virtual points cannot be written with one decimal in TRF")
    return f"{float(points):.1f}"

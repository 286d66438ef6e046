"""Game results and the points they are worth, in exact arithmetic (Art. 2 §1 and Art. 28).

Points are `Fraction`s so a half point stays exactly a half through every sum, average and product
the tie-breaks make; floats are refused at the door.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

type ExactInput = int | Fraction | Decimal | str


class Result(StrEnum):
    """A game's result as recorded. Forfeits (WO, Art. 28) name the side that was present."""

    WHITE_WIN = "1-0"
    BLACK_WIN = "0-1"
    DRAW = "1/2-1/2"
    WHITE_FORFEIT_WIN = "+-"  # White present, Black absent
    BLACK_FORFEIT_WIN = "-+"  # Black present, White absent
    DOUBLE_FORFEIT = "--"  # both absent: scores nothing and counts nowhere

    @property
    def played_over_the_board(self) -> bool:
        return self in (Result.WHITE_WIN, Result.BLACK_WIN, Result.DRAW)

    @property
    def is_forfeit(self) -> bool:
        return not self.played_over_the_board


def exact(value: ExactInput) -> Fraction:
    """An exact number from an int, Fraction, Decimal or string ("1/2", "0.5"); never a float."""
    if isinstance(value, bool | float):
        raise TypeError(f"points must be exact (int, Fraction, Decimal or str), got {value!r}")
    return Fraction(value)


@dataclass(frozen=True)
class Scoring:
    """Points per game outcome, chosen per tournament (default 1, 1/2, 0 as Art. 2 §1 says)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        for field in ("win", "draw", "loss"):
            object.__setattr__(self, field, exact(getattr(self, field)))
        if not self.loss <= self.draw <= self.win or self.loss == self.win:
            raise ValueError(
                f"scoring must give loss <= draw <= win with loss < win, got "
                f"{self.win}-{self.draw}-{self.loss}"
            )


STANDARD = Scoring(Fraction(1), Fraction(1, 2), Fraction(0))  # Art. 2 §1
FMJD = Scoring(Fraction(2), Fraction(1), Fraction(0))  # the 2-1-0 the FMJD uses


def points(result: Result | str, scoring: Scoring) -> tuple[Fraction, Fraction]:
    """(White's points, Black's points) for a recorded result.

    A forfeit scores as a win for the player present and a loss for the absent one (Art. 28); a
    double forfeit scores nothing for either. A game not yet played has no result and no points:
    pass only recorded results.
    """
    if result is None:
        raise ValueError("a game without a result (not yet played) has no points")
    match Result(result):
        case Result.WHITE_WIN | Result.WHITE_FORFEIT_WIN:
            return scoring.win, scoring.loss
        case Result.BLACK_WIN | Result.BLACK_FORFEIT_WIN:
            return scoring.loss, scoring.win
        case Result.DRAW:
            return scoring.draw, scoring.draw
        case Result.DOUBLE_FORFEIT:
            return Fraction(0), Fraction(0)
    raise AssertionError(f"unhandled result {result!r}")  # pragma: no cover


def format_points(value: Fraction | int) -> str:
    """A score for people: "2.5", "3", "0.75"; a value with no finite decimal stays "7/3"."""
    value = Fraction(value)
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    places = 0
    while (value * 10**places).denominator != 1:
        places += 1
    return f"{Decimal(value.numerator) / Decimal(value.denominator):.{places}f}"

"""Average rating of opponents and tournament performance rating (FIDE C.07 10.1, 10.2).

The conversion from a score fraction p to a rating difference dp is the table of FIDE B.02
(Rating Regulations) 8.1.a, a table of facts copied as published: p in hundredths -> dp. It is
symmetric (dp(1 - p) = -dp(p)), so only p >= 0.50 is written out.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import floor

_DP_FROM_HALF: tuple[int, ...] = (
    # p = .50 .51 ... 1.00
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)

DP_TABLE: dict[int, int] = {
    50 + index: dp for index, dp in enumerate(_DP_FROM_HALF)
} | {50 - index: -dp for index, dp in enumerate(_DP_FROM_HALF)}


def round_half_up(value: Fraction) -> int:
    """The nearest whole number, halves upwards (FIDE rounds ratings and percentages so)."""
    return floor(value + Fraction(1, 2))


def dp(score: Fraction, games: int) -> int:
    """B.02 8.1.a: the rating difference for scoring `score` (standard points) in `games`."""
    if games <= 0:
        raise ValueError("dp needs at least one game")
    if not 0 <= score <= games:
        raise ValueError(f"a score of {score} is impossible in {games} games")
    return DP_TABLE[round_half_up(Fraction(score) * 100 / games)]


def average_rating(ratings: Sequence[int]) -> int | None:
    """C.07 10.1 ARO: the opponents' average rating, rounded to the nearest whole number."""
    if not ratings:
        return None
    return round_half_up(Fraction(sum(ratings), len(ratings)))


def performance_rating(score: Fraction, ratings: Sequence[int]) -> int | None:
    """C.07 10.2 TPR: ARO + dp(p), p the score over the games played (standard points)."""
    if not ratings:
        return None
    return average_rating(ratings) + dp(score, len(ratings))

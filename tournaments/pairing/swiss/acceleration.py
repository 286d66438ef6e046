"""Accelerated pairings: FIDE's Baku method (C.04.5.1), as virtual points per player and round."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["baku"]


def baku(
    pairing_order: Sequence[int], total_rounds: int, win_points: Fraction = Fraction(1)
) -> dict[int, list[Fraction]]:
    """Virtual points of the Baku method for each pairing number, for every round (0 where none).

    ``pairing_order`` lists the pairing numbers in their initial order; virtual points are given
    in ``win_points`` units (a win's worth in the tournament's scoring)."""
    raise NotImplementedError("implemented in the next commit")

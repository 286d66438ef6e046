"""Accelerated pairings: FIDE's Baku Acceleration Method (C.04.5.1), as virtual points.

Implemented from the text of C.04.5.1 "Baku Acceleration" that FIDE's Systems of Pairings and
Programs Commission publishes (spp.fide.com/c-04-5-1-baku-acceleration/, the edition in force when
read on 27 November 2026; the Handbook's introduction C.04.5 describes virtual points added to the
score of higher rated players, brackets then built on the sum). What it says, by its headings:

- Initial groups division: before round 1 the players to be paired, in pairing order, are split
  into GA, the first half rounded up to the nearest even number (2 * Q, Q = players / 4 rounded
  up: 161 players give 82), and GB, the rest.
- Late entries: players entering after round 1 take their place in the pairing order
  (C.04.2 B/C) and the last GA player stays the same one, so GA may become odd.
- Virtual points: the accelerated rounds are the first half (rounded up) of the tournament's
  rounds. GA players have 1 virtual point before pairing the first half (rounded up) of the
  accelerated rounds, 0.5 for the remaining accelerated rounds; GB players and every round after
  the accelerated ones have none. (The rule's example: 9 rounds, 5 accelerated, 1 point in rounds
  1-3 and 0.5 in rounds 4-5.)
- Pairing score: the standings points plus the virtual points, what the pairing system uses as
  the score (the excerpts read did not show this section's wording; the Handbook's introduction
  to C.04.5 states it so, and bbpPairings applies it so: see ``dutch``).

The premise limits the method to the standard scoring (a win 1, a draw 1/2). A tournament scoring
a win otherwise (draughts' 2-1-0) gets the same acceleration in its own unit: virtual points are
counted in wins, 1 virtual point being ``win_points`` and 0.5 half of it, which pairs exactly as
1-1/2-0 would. Scorings where a draw is not half a win are outside the rule; the caller decides.

bbpPairings' own Baku option (a ``192 FIDE_DUTCH_2025_BAKU`` line) puts the first half rounded up
to a whole number (not to an even one) into GA: 10 players give it 5 where the rule's 2 * Q gives
6. Files with ``XXA`` lines pair the same in both programs, whatever made the lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["baku", "baku_group_size", "baku_rounds"]


def baku_group_size(players: int) -> int:
    """How many players GA holds before round 1: half the field rounded up to an even number."""
    return min(players, 2 * -(-players // 4))


def baku_rounds(total_rounds: int) -> tuple[int, int]:
    """(accelerated rounds, of which with a full virtual point): halves rounded up, twice."""
    accelerated = -(-total_rounds // 2)
    return accelerated, -(-accelerated // 2)


def baku(
    pairing_order: Sequence[int],
    total_rounds: int,
    win_points: Fraction = Fraction(1),
    *,
    last_ga: int | None = None,
) -> dict[int, list[Fraction]]:
    """Virtual points of the Baku method for each pairing number, for every round (0 where none).

    ``pairing_order`` lists the pairing numbers in their pairing order (C.04.2); each player gets
    ``total_rounds`` values, index 0 for round 1, in units of ``win_points`` (a win's worth in the
    tournament's scoring). GA is the first ``2 * ceil(n / 4)`` players of the order; after late
    entries, pass ``last_ga``, the pairing number of the last GA player of round 1, and GA is
    everyone up to him in the order as it now stands (the rule keeps that player the last one).
    """
    order = list(pairing_order)
    if len(set(order)) != len(order):
        raise ValueError("a pairing number appears twice in the pairing order")
    if total_rounds < 0:
        raise ValueError("the number of rounds cannot be negative")
    if last_ga is None:
        ga = baku_group_size(len(order))
    elif last_ga in order:
        ga = order.index(last_ga) + 1
    else:
        raise ValueError(f"the last GA player {last_ga} is not in the pairing order")
    accelerated, full = baku_rounds(total_rounds)
    ga_row = [
        win_points if r < full else win_points / 2 if r < accelerated else Fraction(0)
        for r in range(total_rounds)
    ]
    none = [Fraction(0)] * total_rounds
    return {number: list(ga_row if k < ga else none) for k, number in enumerate(order)}

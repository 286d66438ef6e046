"""Who wins which prize: pure, on the final ranking (tie-breaks already applied) and the members
of each category.

With one prize per player (the default) prizes are handed out from the most valuable down, each
to the best-ranked member of its category who has none yet, so a player entitled to two receives
the higher one and the next player moves up. Between prizes of equal value the category with the
lower order, then the better place, goes first. Money is never shared unless the regulation says
so; then players level on points and every tie-break pool the amounts their places carry and
split them equally.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_DOWN, Decimal


@dataclass(frozen=True)
class Ranked:
    entry_id: int
    rank: int


@dataclass(frozen=True)
class PrizeSpec:
    prize_id: int
    category_id: int
    category_order: int
    place: int
    amount: Decimal | None
    trophy: str = ""


@dataclass(frozen=True)
class Award:
    prize: PrizeSpec
    entry_id: int | None  # None: nobody left in the category to receive it
    amount: Decimal | None  # what he receives: the prize's, or his share of a pooled sum


def award(ranking: Sequence[Ranked], members: Mapping[int, set[int]],
          prizes: Sequence[PrizeSpec], *, one_prize_each: bool = True,
          share_money: bool = False) -> list[Award]:
    """The awards, in the order of `prizes` sorted by category order and place."""
    order = [row.entry_id for row in ranking]
    given: dict[int, int | None] = {}
    if one_prize_each:
        taken: set[int] = set()
        for prize in sorted(prizes, key=_value_order):
            winner = next((entry for entry in order if entry in members.get(prize.category_id, ())
                           and entry not in taken), None)
            given[prize.prize_id] = winner
            if winner is not None:
                taken.add(winner)
    else:
        for prize in prizes:
            eligible = [entry for entry in order if entry in members.get(prize.category_id, ())]
            given[prize.prize_id] = eligible[prize.place - 1] if prize.place <= len(eligible) \
                else None
    awards = [Award(prize, given[prize.prize_id], prize.amount)
              for prize in sorted(prizes, key=lambda p: (p.category_order, p.category_id,
                                                         p.place))]
    if share_money:
        awards = _shared(awards, {row.entry_id: row.rank for row in ranking})
    return awards


def _value_order(prize: PrizeSpec) -> tuple:
    return (-(prize.amount or Decimal(0)), prize.category_order, prize.category_id, prize.place)


def _shared(awards: list[Award], rank: dict[int, int]) -> list[Award]:
    """Within a category, winners sharing a rank split the sum of their amounts (rounded down to
    the cent; a leftover cent stays with the organiser rather than being invented)."""
    groups: dict[tuple[int, int], list[int]] = {}
    for index, item in enumerate(awards):
        if item.entry_id is not None and item.amount is not None:
            groups.setdefault((item.prize.category_id, rank[item.entry_id]), []).append(index)
    result = list(awards)
    for indices in groups.values():
        if len(indices) < 2:
            continue
        total = sum(awards[index].amount for index in indices)
        share = (total / len(indices)).quantize(Decimal("0.01"), rounding=ROUND_DOWN)
        for index in indices:
            result[index] = replace(awards[index], amount=share)
    return result

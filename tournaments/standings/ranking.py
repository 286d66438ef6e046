"""Standings after any round: points, then the tournament's tie-breaks in order (Art. 4).

Players are ranked by points; each tie-break is then applied only to the players still tied after
the previous ones. Players level on everything share the rank (competition ranking: 1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.standings.games import Crosstable, GameRecord
from tournaments.standings.scoring import Scoring
from tournaments.standings.swiss_table import SwissTable
from tournaments.standings.tiebreaks import Table, TieBreak, TieBreakValues, resolve

__all__ = ["Encounter", "GameRecord", "StandingRow", "compute_standings",
           "compute_swiss_standings"]

DIRECT_ENCOUNTER = "direct-encounter"


@dataclass(frozen=True)
class Encounter:
    """What the direct-encounter column holds for a player of a tied group, said so a reader
    can check it (issue 25: five players on 4.5 all read "2", and "2" said nothing): his place
    inside the group by the games among them (C.07 6.1), or, when the tied players have not
    all met, the place C.07 6.2 still gives a score the others could not reach, else none."""

    place: int | None  # None: not placed by it (not all met, and no unreachable score)
    tied: int  # players in the group it was applied to
    points: Fraction  # his points in the games among them (an average per opponent if more)
    all_met: bool


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings.

    `tiebreaks` holds every requested id in the requested order. A value is None where the
    criterion does not apply: direct encounter for a player who was not tied when it came up, or
    whose tied group has a pair that has not met.
    """

    rank: int
    number: int
    points: Fraction
    tiebreaks: dict[str, Fraction | None]
    shared: bool
    # Games counted (forfeits too, not double forfeits), as Swiss-Manager prints them; shown,
    # not ranked on, so rows compare as before.
    games: int = field(default=0, compare=False)
    # The direct encounter spelt out, where it was applied to his tied group (shown, not ranked on)
    encounter: Encounter | None = field(default=None, compare=False)


def compute_standings(
    players: Sequence[int],
    games: Sequence[GameRecord],
    scoring: Scoring,
    tiebreak_ids: Sequence[str],
    cycles: int = 1,
    up_to_round: int | None = None,
    ratings: Mapping[int, int | None] | None = None,
) -> list[StandingRow]:
    """Rank `players` (pairing numbers) on the games recorded up to `up_to_round` (all if None).

    `ratings` (pairing number -> rating or None) feed only the rating tie-breaks (ARO, TPR)."""
    tie_breaks = resolve(tiebreak_ids)
    table = Crosstable(players, games, scoring, cycles, up_to_round, ratings=ratings)
    return _rank(table, tie_breaks)


def compute_swiss_standings(table: SwissTable, tiebreak_ids: Sequence[str]) -> list[StandingRow]:
    """Rank a Swiss after `table.rounds` rounds, unplayed rounds as C.07 section 16 says in the
    text `table.regulation` names (swiss_table.regulation_for picks it from the start date)."""
    return _rank(table, resolve(tiebreak_ids))


def _rank(table: Table, tie_breaks: list[TieBreak]) -> list[StandingRow]:
    """Points first, then each tie-break on the players still level (C.07 4.2)."""
    ordered = sorted(table.players)

    values: dict[str, TieBreakValues] = {}
    for tie_break in tie_breaks:
        if tie_break.per_group:
            values[tie_break.id] = dict.fromkeys(ordered)
        else:
            values[tie_break.id] = tie_break.compute(table, ordered)

    encounters: dict[int, Encounter] = {}
    groups = _partition(ordered, {player: table.total[player] for player in ordered})
    for tie_break in tie_breaks:
        next_groups: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
                continue
            if tie_break.per_group:
                group_values = tie_break.compute(table, group)
                values[tie_break.id].update(group_values)
                if tie_break.id == DIRECT_ENCOUNTER:
                    encounters.update(_encounters(table, group, group_values))
            else:
                group_values = values[tie_break.id]
            next_groups.extend(_separate(tie_break, table, group, group_values))
        groups = next_groups

    rows: list[StandingRow] = []
    for group in groups:
        rank = len(rows) + 1
        for player in group:
            rows.append(
                StandingRow(
                    rank=rank,
                    number=player,
                    points=table.total[player],
                    tiebreaks={tb.id: values[tb.id][player] for tb in tie_breaks},
                    shared=len(group) > 1,
                    games=len(table.games_of[player]),
                    encounter=encounters.get(player),
                )
            )
    return rows


def _separate(
    tie_break: TieBreak, table: Table, group: list[int], group_values: TieBreakValues
) -> list[list[int]]:
    """Split a tied group by one tie-break, best first; re-apply it to sub-groups if it says so."""
    if any(group_values[player] is None for player in group):
        return [group]
    buckets = _partition(group, group_values)
    if not tie_break.reapply_to_subgroups or len(buckets) == 1:
        return buckets
    separated: list[list[int]] = []
    for bucket in buckets:
        if len(bucket) == 1:
            separated.append(bucket)
        else:
            separated.extend(_separate(tie_break, table, bucket, tie_break.compute(table, bucket)))
    return separated


def _partition(group: list[int], key: dict[int, Fraction] | TieBreakValues) -> list[list[int]]:
    """Players grouped by equal value, highest value first, each group in pairing-number order."""
    buckets: dict[Fraction, list[int]] = {}
    for player in group:
        value = key[player]
        assert value is not None
        buckets.setdefault(value, []).append(player)
    return [buckets[value] for value in sorted(buckets, reverse=True)]


def _encounters(table: Table, group: list[int], values: TieBreakValues) -> dict[int, Encounter]:
    """Each tied player's place by the direct encounter in `group`, from the values it gave
    (tiebreaks.DirectEncounter): all met, the place by those values; not all met, only the
    players C.07 6.2 puts ahead (a value above the level the others share) and a last one
    left alone are placed."""
    points: dict[int, Fraction] = {}
    all_met = True
    for player in group:
        total = Fraction(0)
        for opponent in group:
            games = table.points_against(player, opponent) if opponent != player else None
            if games == []:
                all_met = False
            elif games:
                total += sum(games, Fraction(0)) / len(games)
        points[player] = total
    known = [value for value in values.values() if value is not None]
    placed: set[int] = set()
    if all_met:
        placed = set(group)
    elif known:
        floor = min(known)
        rest = [player for player in group if values[player] == floor]
        placed = {player for player in group if values[player] is not None
                  and (values[player] > floor or len(rest) == 1)}
    result = {}
    for player in group:
        place = None
        if player in placed:
            mine = values[player]
            place = 1 + sum(1 for other in group
                            if values[other] is not None and values[other] > mine)
        result[player] = Encounter(place, len(group), points[player], all_met)
    return result

"""Whose results a withdrawal annuls, when the tournament's regulation says so (issue 12).

Many round-robin regulations annul every result of a player who withdraws before playing half
his games, as if he had never entered, and keep them (his remaining games forfeits, Art. 28)
when he withdraws later. It is a tournament setting (`Tournament.annul_early_withdrawals`);
applied here to the game records, so the standings, every tie-break, the crosstable and the
printed documents see the same games. Nothing stored changes: undoing the withdrawal or the
setting gives the results back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from tournaments.standings.games import GameRecord


def played(records: Sequence[GameRecord], player: int) -> int:
    """Games the player played over the board: forfeits are not games played (Art. 28)."""
    return sum(1 for record in records
               if player in (record.white, record.black) and record.result is not None
               and record.result.played_over_the_board)


def scheduled(records: Sequence[GameRecord], player: int) -> int:
    return sum(1 for record in records if player in (record.white, record.black))


def annulled_players(records: Sequence[GameRecord], withdrawn: Iterable[int]) -> set[int]:
    """The withdrawn players who played fewer than half their scheduled games."""
    return {player for player in withdrawn
            if 2 * played(records, player) < scheduled(records, player)}


def annul(records: Sequence[GameRecord], withdrawn: Iterable[int]) -> list[GameRecord]:
    """The records with every game of an annulled player as not played (result None)."""
    annulled = annulled_players(records, withdrawn)
    if not annulled:
        return list(records)
    return [replace(record, result=None) if {record.white, record.black} & annulled else record
            for record in records]

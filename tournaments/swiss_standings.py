"""A stored Swiss as the tie-breaks' `SwissTable`: games, the pairing bye, byes asked for,
absences and rounds before a late entry, each unplayed round of its C.07 section 16 kind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .models import Absence, Entry, Tournament
from .standings import GameRecord
from .swiss_table import SwissTable, Unplayed, entries_from_games, regulation_for

#: TRF code of an absence -> its kind for the tie-breaks (C.07 16.2).
UNPLAYED_OF = {"H": Unplayed.HALF_BYE, "Z": Unplayed.ZERO_BYE, "F": Unplayed.FULL_BYE,
               "-": Unplayed.ABSENT}


def published_rounds(tournament: Tournament) -> int:
    """The last published round: the standings and the crosstable stop there."""
    numbers = tournament.rounds.filter(published=True).values_list("number", flat=True)
    return max(numbers, default=0)


def swiss_table(tournament: Tournament, records: Sequence[GameRecord],
                by_number: Mapping[int, Entry], up_to_round: int | None = None) -> SwissTable:
    """The table after `up_to_round` (the last published round when None)."""
    rounds = published_rounds(tournament)
    if up_to_round is not None:
        rounds = min(rounds, up_to_round)
    games = [record for record in records if record.round <= rounds]
    number_of = {entry.pk: number for number, entry in by_number.items()}
    unplayed = [(number_of[bye], number, Unplayed.PAIRING_BYE)
                for number, bye in tournament.rounds.filter(number__lte=rounds, bye__isnull=False)
                .values_list("number", "bye_id") if bye in number_of]
    seated = {(record.round, player) for record in games for player in (record.white,
                                                                         record.black)}
    seated.update((round_number, player) for player, round_number, _kind in unplayed)
    for entry_id, round_number, kind in Absence.objects.filter(
            entry__tournament=tournament, round_number__lte=rounds).values_list(
            "entry_id", "round_number", "kind"):
        if entry_id in number_of and (round_number, number_of[entry_id]) not in seated:
            unplayed.append((number_of[entry_id], round_number, UNPLAYED_OF[kind]))
    return SwissTable(
        list(by_number), entries_from_games(games, unplayed), tournament.scoring, rounds,
        regulation=regulation_for(tournament.start_date),
        ratings={number: entry.player.rating for number, entry in by_number.items()},
        pab_points=tournament.pab_points,
    )

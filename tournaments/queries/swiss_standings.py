"""A stored Swiss as the tie-breaks' `SwissTable`: games, the pairing bye, byes asked for,
absences and rounds before a late entry, each unplayed round of its C.07 section 16 kind.

A micro-match Swiss is tabled in game rounds (round r is game rounds 2r-1 and 2r, as the
records of reports.game_records are), so its tie-breaks count games as games and a bye or an
absence counts in both games of its round (tournaments/queries/swiss_micro.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tournaments.models import Absence, Entry, Tournament
from tournaments.pairing import micro_match
from tournaments.standings.ranking import GameRecord
from tournaments.standings.swiss_table import (
    SwissTable,
    Unplayed,
    entries_from_games,
    regulation_for,
)

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
    per_round = micro_match.GAMES_PER_MATCH if tournament.micro_match else 1

    def table_rounds(number: int) -> range:
        return range(per_round * (number - 1) + 1, per_round * number + 1)

    games = [record for record in records if record.round <= per_round * rounds]
    number_of = {entry.pk: number for number, entry in by_number.items()}
    unplayed = [(number_of[bye], table_round, Unplayed.PAIRING_BYE)
                for number, bye in tournament.rounds.filter(number__lte=rounds, bye__isnull=False)
                .values_list("number", "bye_id") if bye in number_of
                for table_round in table_rounds(number)]
    seated = {(record.round, player) for record in games for player in (record.white,
                                                                         record.black)}
    seated.update((round_number, player) for player, round_number, _kind in unplayed)
    for entry_id, round_number, kind in Absence.objects.filter(
            entry__tournament=tournament, round_number__lte=rounds).values_list(
            "entry_id", "round_number", "kind"):
        for table_round in table_rounds(round_number):
            if entry_id in number_of and (table_round, number_of[entry_id]) not in seated:
                unplayed.append((number_of[entry_id], table_round, UNPLAYED_OF[kind]))
    return SwissTable(
        list(by_number), entries_from_games(games, unplayed), tournament.scoring,
        per_round * rounds,
        regulation=regulation_for(tournament.start_date),
        ratings={number: entry.player.rating for number, entry in by_number.items()},
        pab_points=tournament.pab_points,
    )

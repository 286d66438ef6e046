"""What a Swiss's public pages and its printed documents show alike: the crosstable as
chess-results lays it out, each player's rounds with his opponents' points and his performance,
and the players a round leaves out."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import pgettext

from tournaments.models import Entry, Game, Tournament
from tournaments.pairing import micro_match
from tournaments.printing.standings_texts import local_points, tiebreak_texts
from tournaments.queries import reports
from tournaments.queries.swiss_standings import swiss_table
from tournaments.standings.performance import performance_rating
from tournaments.standings.swiss_table import SwissTable, Unplayed

#: What a round without an opponent shows in the crosstable (TRF-like letters).
UNPLAYED_MARK = {Unplayed.PAIRING_BYE: "+", Unplayed.FULL_BYE: "+", Unplayed.HALF_BYE: "½",
                 Unplayed.ZERO_BYE: "0", Unplayed.ABSENT: "-", Unplayed.NOT_ENTERED: ""}


@dataclass(frozen=True)
class SwissCell:
    """One round of a player: opponent's number, colour initial, result as he scored it."""

    opponent: str
    colour: str
    result: str


def _colour(colour) -> str:
    return reports.colour_initial(str(colour) == "white") if colour else ""


def _cell(table: SwissTable, player: int, index: int) -> SwissCell:
    entry = table.record[player][index]
    scored = table.points[player][index]
    if entry.opponent is None:
        kind = entry.unplayed
        mark = UNPLAYED_MARK.get(kind, "") if kind else ""
        if kind is Unplayed.PAIRING_BYE:
            mark = local_points(scored)
        label = pgettext("a round without a game for one player", "bye")
        return SwissCell(label if kind is Unplayed.PAIRING_BYE else "", "", mark)
    if entry.played:
        standard = table.standard_points(player, index + 1)
        result = "1" if standard == 1 else "0" if standard == 0 else "½"
    else:
        result = "+" if entry.unplayed is Unplayed.FORFEIT_WIN else "-"
    return SwissCell(str(entry.opponent), _colour(entry.colour), result)


def _per_round(tournament: Tournament) -> int:
    """Games a round's column holds: two for a micro-match Swiss (its table is in game rounds)."""
    return micro_match.GAMES_PER_MATCH if tournament.micro_match else 1


def crosstable_rows(tournament: Tournament) -> tuple[list[int], list[dict]]:
    """(round numbers, rows by rank): rank, number, name, club, rating, cells, points and the
    tie-breaks in the tournament's order. "games" holds each round's cells: one, or both games
    of a micro-match (whose "cells" are per game)."""
    entries = reports.numbered_entries(tournament)
    by_number = {entry.number: entry for entry in entries}
    records = reports.game_records(tournament)
    table = swiss_table(tournament, records, by_number)
    standings = reports.standings(tournament, records=records, entries=entries)
    rows = []
    per_round = _per_round(tournament)
    for standing in standings:
        number = standing.entry.number
        cells = [_cell(table, number, index) for index in range(table.rounds)]
        rows.append({
            "rank": standing.rank, "number": number, "entry": standing.entry,
            "cells": cells,
            "games": [cells[start:start + per_round] for start in range(0, len(cells), per_round)],
            "points": local_points(standing.points),
            # the direct encounter as the place it gives in the tied group (issue 25)
            "tiebreaks": list(tiebreak_texts(standing.row, "")),
            # the numbers themselves, for the downloads
            "points_value": standing.points,
            "tiebreak_values": list(standing.row.tiebreaks.values()),
        })
    return list(range(1, table.rounds // per_round + 1)), rows


@dataclass(frozen=True)
class Seats:
    """Where each player sits in the published rounds: the board of his game, and, for a game
    without a result yet, his opponent and colour, which the table (results only) lacks."""

    boards: dict[tuple[int, int], int]  # (table round, number) -> board
    pending: dict[tuple[int, int], tuple[int, str]]  # (table round, number) -> (opponent, colour)


def seats(tournament: Tournament, table: SwissTable) -> Seats:
    """One query over the published rounds' games (issue 25: a player's page left the round
    just published blank, though his opponent, colour and board were known)."""
    per_round = _per_round(tournament)
    rows = (Game.objects.of_tournament(tournament)
            .filter(round__number__lte=table.rounds // per_round)
            .values_list("round__number", "board", "white__number", "black__number", "result"))
    boards: dict[tuple[int, int], int] = {}
    pending: dict[tuple[int, int], tuple[int, str]] = {}
    for number, board, white, black, result in rows:
        table_round = (micro_match.game_round(number, board) if tournament.micro_match
                       else number)
        for player, opponent, colour in ((white, black, "white"), (black, white, "black")):
            boards[(table_round, player)] = board
            if not result:
                pending[(table_round, player)] = (opponent, colour)
    return Seats(boards, pending)


def player_rounds(tournament: Tournament, entry: Entry) -> dict:
    """His rounds (board, opponent, opponent's points, colour, result) and his performance
    (C.07 10.2, over games played with rated opponents)."""
    entries = reports.numbered_entries(tournament)
    by_number = {e.number: e for e in entries}
    table = swiss_table(tournament, reports.game_records(tournament), by_number)
    return _player_rounds(table, by_number, entry, _per_round(tournament),
                          seats(tournament, table))


def every_player_rounds(tournament: Tournament) -> dict[int, dict]:
    """`player_rounds` of every numbered player, by entry id, from one table: what the player
    pages read, computed once per change (issue 15) rather than once per page."""
    entries = reports.numbered_entries(tournament)
    by_number = {e.number: e for e in entries}
    table = swiss_table(tournament, reports.game_records(tournament), by_number)
    per_round = _per_round(tournament)
    seated = seats(tournament, table)
    return {entry.pk: _player_rounds(table, by_number, entry, per_round, seated)
            for entry in entries}


def _player_rounds(table: SwissTable, by_number: dict[int, Entry], entry: Entry,
                   per_round: int, seated: Seats | None = None) -> dict:
    rows, score, ratings = [], Fraction(0), []
    if entry.number not in table.record:
        return {"rows": rows, "performance": None, "points": ""}
    seated = seated or Seats({}, {})
    for index, round_entry in enumerate(table.record[entry.number]):
        cell = _cell(table, entry.number, index)
        opponent_number = round_entry.opponent
        waiting = seated.pending.get((index + 1, entry.number))
        if opponent_number is None and waiting is not None:  # paired, no result yet
            opponent_number = waiting[0]
            cell = SwissCell(str(waiting[0]), _colour(waiting[1]), "")
        opponent = by_number.get(opponent_number) if opponent_number else None
        rows.append({"round": index // per_round + 1,
                     "game": index % per_round + 1 if per_round > 1 else None,
                     "board": seated.boards.get((index + 1, entry.number), ""),
                     "cell": cell, "opponent": opponent,
                     "opponent_points": local_points(table.total[opponent.number])
                     if opponent else "",
                     "points": local_points(table.points[entry.number][index])})
        if round_entry.played and opponent and opponent.player.rating:
            ratings.append(opponent.player.rating)
            score += table.standard_points(entry.number, index + 1)
    return {"rows": rows, "performance": performance_rating(score, ratings),
            "points": local_points(table.total[entry.number])}


def round_absences(tournament: Tournament, round_number: int) -> list:
    """The players a Swiss round leaves out at their request or for their absence (requested
    half-, zero- or full-point byes, "not paired"), by pairing number: the round's page and its
    printed pairings name them under the boards, as they name the pairing-allocated bye, so a
    player looking for his board learns why he has none (found in a rehearsal of a whole event)."""
    from tournaments.models import Absence

    if not tournament.is_swiss:
        return []
    return list(Absence.objects.filter(entry__tournament=tournament, round_number=round_number)
                .select_related("entry__player").order_by("entry__number", "entry__pk"))

"""Read-side views of a tournament: standings and crosstable rows built from a fixed few queries.

The number of queries does not grow with the number of players: one for the entries, one for
every game of the tournament (`values_list`), and the pure domain modules do the rest in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from django.utils import formats
from django.utils.translation import pgettext

from tournaments.models import Entry, Game, Tournament
from tournaments.pairing import micro_match
from tournaments.standings.ranking import (
    GameRecord,
    StandingRow,
    compute_standings,
    compute_swiss_standings,
)
from tournaments.standings.scoring import Result, Scoring, format_points
from tournaments.standings.withdrawals import annul


@dataclass(frozen=True)
class Standing:
    """A standings row joined with the entry it ranks."""

    row: StandingRow
    entry: Entry

    @property
    def rank(self) -> int:
        return self.row.rank

    @property
    def points(self) -> Fraction:
        return self.row.points

    @property
    def rating(self) -> int | None:
        return self.entry.player.rating

    @property
    def games(self) -> int:
        return self.row.games


def game_records(tournament: Tournament) -> list[GameRecord]:
    """Every game of the tournament as the standings take them, in one query (two when the
    tournament annuls early withdrawals: their games then count as not played); a micro-match
    tournament's games in game rounds (tournaments/pairing/micro_match.py)."""
    if tournament.micro_match:
        rows = Game.objects.of_tournament(tournament).values_list(
            "round__number", "board", "white__number", "black__number", "result")
        records = micro_match.as_game_rounds(
            (round_number, board, white, black, Result(result) if result else None)
            for round_number, board, white, black, result in rows)
    else:
        records = [
            GameRecord(round_number, white, black, Result(result) if result else None)
            for round_number, white, black, result
            in Game.objects.of_tournament(tournament).records()
        ]
    if tournament.annul_early_withdrawals:
        withdrawn = tournament.entries.filter(withdrawn=True, number__isnull=False)
        records = annul(records, withdrawn.values_list("number", flat=True))
    return records


def record_cycles(tournament: Tournament) -> int:
    """How often two players meet in the records: micro-matches double the cycles."""
    return tournament.cycles * (micro_match.GAMES_PER_MATCH if tournament.micro_match else 1)


def record_round(tournament: Tournament, round_number: int | None) -> int | None:
    """The last record round of `round_number` (None stays None: every round)."""
    if round_number is None or not tournament.micro_match:
        return round_number
    return micro_match.last_game_round(round_number)


def numbered_entries(tournament: Tournament) -> list[Entry]:
    return list(tournament.entries.by_number().filter(number__isnull=False))


def complete_rounds(tournament: Tournament) -> int:
    """The last of the rounds, from the first, published with every game's result in: the
    rounds "played" that a Swiss's default standings count (issue 25). Two queries."""
    pending = set(Game.objects.of_tournament(tournament).filter(result="")
                  .values_list("round__number", flat=True))
    count = 0
    for number, published in tournament.rounds.order_by("number").values_list("number",
                                                                             "published"):
        if not published or number in pending:
            break
        count = number
    return count


def standings(
    tournament: Tournament, up_to_round: int | None = None,
    records: list[GameRecord] | None = None, entries: list[Entry] | None = None,
) -> list[Standing]:
    """The standings after `up_to_round`, by the tournament's tie-breaks. None: every round
    played; for a Swiss the complete rounds, since a published round whose games have no
    result yet would count, in C.07 section 16, as a round unplayed by everyone (issue 25)."""
    entries = numbered_entries(tournament) if entries is None else entries
    records = game_records(tournament) if records is None else records
    by_number = {entry.number: entry for entry in entries}
    if tournament.is_swiss:
        from tournaments.queries.swiss_standings import swiss_table

        if up_to_round is None:
            up_to_round = complete_rounds(tournament)
        table = swiss_table(tournament, records, by_number, up_to_round)
        rows = compute_swiss_standings(table, tournament.tiebreaks)
        return [Standing(row, by_number[row.number]) for row in rows]
    rows = compute_standings(
        list(by_number), records, tournament.scoring, tournament.tiebreaks,
        cycles=record_cycles(tournament), up_to_round=record_round(tournament, up_to_round),
        ratings={number: entry.player.rating for number, entry in by_number.items()},
    )
    return [Standing(row, by_number[row.number]) for row in rows]


# Crosstable cells, from the row player's side: what he scored, then the colour he played.
SCORE_SYMBOLS = {"win": "1", "draw": "½", "loss": "0"}


def unit_text(value: Fraction) -> str:
    """A game's points as a cell prints them: ½ for a half, else 2, 1,5 (the page's decimal
    sign)."""
    if value == Fraction(1, 2):
        return "½"
    text = format_points(value)
    return text if "/" in text else formats.number_format(Decimal(text))


def score_symbols(scoring: Scoring | None) -> dict[str, str]:
    """What a won, drawn and lost game show in a cell, in the tournament's units: 1/½/0 by
    default, 2/1/0 when a win is worth 2 (issue 12: the cells said 1 while the total said 2)."""
    if scoring is None:
        return SCORE_SYMBOLS
    return {"win": unit_text(scoring.win), "draw": unit_text(scoring.draw),
            "loss": unit_text(scoring.loss)}


def colour_initial(white: bool) -> str:
    """W or B in English; the Portuguese catalogue gives B (brancas) or P (pretas)."""
    if white:
        return pgettext("initial of the colour White in a crosstable", "W")
    return pgettext("initial of the colour Black in a crosstable", "B")


@dataclass(frozen=True)
class CrossCell:
    """One game in a crosstable cell, seen from the row player's side."""

    score: str  # "1", "½", "0", "+" (won by forfeit), "-" (lost by forfeit), "--" (both absent)
    white: bool  # the colour the row player actually played (Art. 10)
    forfeit: bool
    round: int

    @property
    def text(self) -> str:
        return f"{self.score}{colour_initial(self.white)}"


def cell_for(result: Result, as_white: bool,
             symbols: dict[str, str] = SCORE_SYMBOLS) -> tuple[str, bool]:
    """(score symbol, is a forfeit) for the player who had White if `as_white`, else Black;
    `symbols` from score_symbols for the tournament's units."""
    if result is Result.DOUBLE_FORFEIT:
        return "--", True
    if result in (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN):
        present_is_white = result is Result.WHITE_FORFEIT_WIN
        return ("+" if present_is_white == as_white else "-"), True
    if result is Result.DRAW:
        return symbols["draw"], False
    white_won = result is Result.WHITE_WIN
    return symbols["win" if white_won == as_white else "loss"], False


def crosstable_cells(records: list[GameRecord], scoring: Scoring | None = None,
                     ) -> dict[tuple[int, int], list[CrossCell]]:
    """{(row number, column number): the games between them with results, by round}, scored
    in the tournament's units when `scoring` is given."""
    symbols = score_symbols(scoring)
    cells: dict[tuple[int, int], list[CrossCell]] = {}
    for record in sorted(records, key=lambda game: game.round):
        if record.result is None:
            continue
        for me, other, as_white in ((record.white, record.black, True),
                                    (record.black, record.white, False)):
            score, forfeit = cell_for(record.result, as_white, symbols)
            cells.setdefault((me, other), []).append(
                CrossCell(score, as_white, forfeit, record.round))
    return cells


def cells_in_rounds(tournament: Tournament, cells: dict[tuple[int, int], list[CrossCell]]
                    ) -> dict[tuple[int, int], list[CrossCell]]:
    """A micro-match tournament's cells say the round played, not the game round ranked."""
    if not tournament.micro_match:
        return cells
    return {pair: [replace(cell, round=(cell.round + 1) // micro_match.GAMES_PER_MATCH)
                   for cell in games] for pair, games in cells.items()}

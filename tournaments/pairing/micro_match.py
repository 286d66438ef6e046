"""Micro-matches (issue 17): each pairing of a round plays two games, colours reversed.

Pure helpers, no Django. A micro-match on board k of the pairing is stored as two games on
boards 2k-1 (the pairing's colours) and 2k (reversed), so every player has White once and Black
once in the round. Standings and tie-breaks count games as games: each game is ranked as if it
were a round of its own ("game rounds" 2r-1 and 2r of round r), so a single round robin played
as micro-matches is ranked as a double one. Works for any pairing source (Berger tables today, a
Swiss engine later): it only doubles the games a round's pairing gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournaments.pairing.berger import PairedGame
from tournaments.standings.games import GameRecord

GAMES_PER_MATCH = 2


def leg_of(board: int) -> int:
    """1 for the first game of the micro-match (odd board), 2 for the return game."""
    return 1 if board % 2 else 2


def match_of(board: int) -> int:
    """The micro-match's board number (pairing board) of a stored game's board."""
    return (board + 1) // 2


def game_round(round_number: int, board: int) -> int:
    """The game round a stored game is ranked in: 2r-1 for the first game, 2r for the return."""
    return GAMES_PER_MATCH * round_number - (GAMES_PER_MATCH - leg_of(board))


def last_game_round(round_number: int) -> int:
    """Standings "after round r" count both games of round r."""
    return GAMES_PER_MATCH * round_number


def both_games(games: Sequence[PairedGame]) -> list[PairedGame]:
    """A round's pairings as the games to store: each pairing twice, colours reversed."""
    played: list[PairedGame] = []
    for game in games:
        played.append(PairedGame(2 * game.board - 1, game.white, game.black))
        played.append(PairedGame(2 * game.board, game.black, game.white))
    return played


def as_game_rounds(rows: Iterable[tuple[int, int, int, int, object]]) -> list[GameRecord]:
    """(round, board, white, black, result) rows as GameRecords in game rounds."""
    return [GameRecord(game_round(round_number, board), white, black, result)
            for round_number, board, white, black, result in rows]

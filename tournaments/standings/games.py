"""The plain data the standings are computed from: recorded games and each player's view of them.

`Crosstable` is built once from the game records (O(games)) and answers everything the tie-breaks
ask - a player's games, totals, the games between two players - without scanning the records again,
which keeps a standings computation within O(players x games).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from tournaments.standings.scoring import Result, Scoring, points


@dataclass(frozen=True)
class GameRecord:
    """A scheduled game with the colours as PLAYED (Art. 10) and its result, None until played."""

    round: int
    white: int
    black: int
    result: Result | None


class Colour(StrEnum):
    WHITE = "white"
    BLACK = "black"


class Outcome(StrEnum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True)
class PlayerGame:
    """One counted game seen from one player's side (a double forfeit is never one)."""

    round: int
    opponent: int
    colour: Colour
    result: Result
    points: Fraction
    outcome: Outcome

    @property
    def played_over_the_board(self) -> bool:
        return self.result.played_over_the_board


class Crosstable:
    """The games up to a round, indexed per player and per pair of players.

    Games without a result and double forfeits are left out: they score nothing and count nowhere.
    Forfeits stay in as regular games (Art. 28 scores them; FIDE C.07 15.2 counts them in a round
    robin), and each tie-break decides whether it looks at `played_over_the_board`.
    """

    def __init__(
        self,
        players: Sequence[int],
        games: Sequence[GameRecord],
        scoring: Scoring,
        cycles: int = 1,
        up_to_round: int | None = None,
        ratings: Mapping[int, int | None] | None = None,
    ) -> None:
        self.players: tuple[int, ...] = tuple(players)
        self.scoring = scoring
        self.up_to_round = up_to_round
        # Only the rating tie-breaks (ARO, TPR: FIDE C.07 10) read these.
        self.ratings: dict[int, int | None] = dict(ratings or {})
        _check_players(self.players)
        if cycles < 1:
            raise ValueError(f"a round robin has at least one cycle, got {cycles}")
        if up_to_round is not None and up_to_round < 0:
            raise ValueError(f"up_to_round must be 0 or more, got {up_to_round}")
        _check_schedule(self.players, games, cycles)

        self.games_of: dict[int, list[PlayerGame]] = {player: [] for player in self.players}
        self.total: dict[int, Fraction] = {player: Fraction(0) for player in self.players}
        self._between: dict[tuple[int, int], list[Fraction]] = defaultdict(list)
        for game in games:
            if game.result is None or (up_to_round is not None and game.round > up_to_round):
                continue
            result = Result(game.result)
            if result is not Result.DOUBLE_FORFEIT:
                self._add(game, result)

    def _add(self, game: GameRecord, result: Result) -> None:
        white_points, black_points = points(result, self.scoring)
        white_outcome, black_outcome = _outcomes(result)
        sides = (
            (game.white, game.black, Colour.WHITE, white_points, white_outcome),
            (game.black, game.white, Colour.BLACK, black_points, black_outcome),
        )
        for player, opponent, colour, scored, outcome in sides:
            self.games_of[player].append(
                PlayerGame(game.round, opponent, colour, result, scored, outcome)
            )
            self.total[player] += scored
            self._between[(player, opponent)].append(scored)

    def points_against(self, player: int, opponent: int) -> list[Fraction]:
        """The points `player` scored in each counted game against `opponent` (empty if unmet)."""
        return self._between.get((player, opponent), [])


def _outcomes(result: Result) -> tuple[Outcome, Outcome]:
    if result in (Result.WHITE_WIN, Result.WHITE_FORFEIT_WIN):
        return Outcome.WIN, Outcome.LOSS
    if result in (Result.BLACK_WIN, Result.BLACK_FORFEIT_WIN):
        return Outcome.LOSS, Outcome.WIN
    return Outcome.DRAW, Outcome.DRAW


def _check_players(players: tuple[int, ...]) -> None:
    if len(set(players)) != len(players):
        raise ValueError(f"pairing numbers must be distinct, got {list(players)}")


def _check_schedule(players: tuple[int, ...], games: Sequence[GameRecord], cycles: int) -> None:
    """Refuse records a round robin cannot produce, rather than rank from them (Art. 2)."""
    known = set(players)
    seated: set[tuple[int, int]] = set()
    meetings: dict[frozenset[int], int] = defaultdict(int)
    for game in games:
        if game.white == game.black:
            raise ValueError(f"player {game.white} cannot play himself (round {game.round})")
        for player in (game.white, game.black):
            if player not in known:
                raise ValueError(f"round {game.round}: player {player} is not in the tournament")
            if (player, game.round) in seated:
                raise ValueError(f"player {player} has two games in round {game.round}")
            seated.add((player, game.round))
        if game.round < 1:
            raise ValueError(f"rounds are numbered from 1, got {game.round}")
        if game.result is not None:
            Result(game.result)  # a string that is no result raises here
        pair = frozenset((game.white, game.black))
        meetings[pair] += 1
        if meetings[pair] > cycles:
            raise ValueError(
                f"players {game.white} and {game.black} meet {meetings[pair]} times in a "
                f"{cycles}-cycle round robin (Art. 2: everyone plays everyone once per cycle)"
            )

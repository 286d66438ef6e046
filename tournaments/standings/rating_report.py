"""The rating report of a tournament (issue 17): for each rated player his games against rated
opponents, score, expected score by the Elo formula, the change K × (score − expected) and his
performance rating (FIDE's dp table, performance.py).

Scores are in standard points (win 1, draw ½) whatever the tournament's scoring; forfeits are
not rated (they were not played over the board). Pure: games and ratings in, rows out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.standings.games import GameRecord
from tournaments.standings.performance import performance_rating
from tournaments.standings.scoring import Result

STANDARD = {Result.WHITE_WIN: (Fraction(1), Fraction(0)),
            Result.BLACK_WIN: (Fraction(0), Fraction(1)),
            Result.DRAW: (Fraction(1, 2), Fraction(1, 2))}


def expected_score(rating: int, opponent: int) -> float:
    """Elo: the share of a point a player rated `rating` is expected to score."""
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


@dataclass(frozen=True)
class RatingRow:
    number: int
    rating: int | None
    games: int
    score: Fraction
    expected: float | None
    change: float | None
    performance: int | None

    @property
    def new_rating(self) -> int | None:
        if self.rating is None or self.change is None:
            return None
        return round(self.rating + self.change)


def rating_report(players: Sequence[int], games: Sequence[GameRecord],
                  ratings: Mapping[int, int | None], k: int) -> list[RatingRow]:
    """One row per player (pairing number), in `players` order."""
    played: dict[int, list[tuple[int, Fraction]]] = {player: [] for player in players}
    for game in games:
        if game.result not in STANDARD:
            continue
        white_score, black_score = STANDARD[Result(game.result)]
        played[game.white].append((game.black, white_score))
        played[game.black].append((game.white, black_score))
    rows = []
    for player in players:
        rated = [(opponent, score) for opponent, score in played[player]
                 if ratings.get(opponent) is not None]
        score = sum((score for _opponent, score in rated), Fraction(0))
        opponents = [ratings[opponent] for opponent, _score in rated]
        own = ratings.get(player)
        expected = change = None
        if own is not None and rated:
            expected = sum(expected_score(own, opponent) for opponent in opponents)
            change = k * (float(score) - expected)
        rows.append(RatingRow(player, own, len(rated), score, expected, change,
                              performance_rating(score, opponents)))
    return rows


def game_changes(games: Sequence[GameRecord], ratings: Mapping[int, int | None],
                 k: int) -> dict[tuple[int, int], float]:
    """The Elo change of each rated game, keyed by (round, player): K × (score − expected), the
    terms whose sum is `rating_report`'s change, so the rank after a round shows game by game
    what the report totals (issue 27). Games of an unrated player or against one, forfeits and
    games not played yet have no entry."""
    changes: dict[tuple[int, int], float] = {}
    for game in games:
        if game.result not in STANDARD:
            continue
        white, black = ratings.get(game.white), ratings.get(game.black)
        if white is None or black is None:
            continue
        white_score, black_score = STANDARD[Result(game.result)]
        for player, own, opponent, score in ((game.white, white, black, white_score),
                                             (game.black, black, white, black_score)):
            key = (game.round, player)
            changes[key] = changes.get(key, 0.0) + k * (float(score)
                                                        - expected_score(own, opponent))
    return changes

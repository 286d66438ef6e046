"""Board prizes: each player's points, games and percentage on the board he played, and his
totals over every board."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from tournaments.standings.scoring import Result, Scoring
from tournaments.standings.teams.matches import MatchRecord, board_points

# --- board prizes ------------------------------------------------------------------------------

@dataclass(frozen=True)
class BoardScore:
    """A player's results on one board: points, games counted and the percentage."""

    board: int
    player: object
    points: Fraction
    games: int
    percentage: Fraction


def board_prizes(matches: Iterable[MatchRecord], scoring: Scoring,
                 min_games: int) -> dict[int, list[BoardScore]]:
    """Per board, the players with at least `min_games` games there, best percentage first
    (more games first on equal percentage). A double forfeit counts for neither player; a forfeit
    counts as a game for both, as it scores (Art. 28)."""
    totals: dict[tuple[int, object], list] = defaultdict(lambda: [Fraction(0), 0])
    for match in matches:
        for game in match.games:
            if game.result is None or game.result == Result.DOUBLE_FORFEIT:
                continue
            home_points, away_points = board_points(game, scoring)
            for player, got in ((game.home_player, home_points),
                                (game.away_player, away_points)):
                if player is not None:
                    total = totals[(game.board, player)]
                    total[0] += got
                    total[1] += 1
    prizes: dict[int, list[BoardScore]] = defaultdict(list)
    for (board, player), (got, games) in totals.items():
        if games >= min_games and games:
            prizes[board].append(BoardScore(board, player, got, games,
                                            got * 100 / (games * scoring.win)))
    for scores in prizes.values():
        scores.sort(key=lambda s: (-s.percentage, -s.games, str(s.player)))
    return dict(sorted(prizes.items()))


def player_scores(matches: Iterable[MatchRecord], scoring: Scoring
                  ) -> dict[object, tuple[Fraction, int]]:
    """Each player's (points, games) over every board he played, forfeits included."""
    totals: dict[object, tuple[Fraction, int]] = {}
    for scores in board_prizes(matches, scoring, min_games=0).values():
        for score in scores:
            got, games = totals.get(score.player, (Fraction(0), 0))
            totals[score.player] = (got + score.points, games + score.games)
    return totals

"""What a team match scores: the regulation's match points and bye, the boards and the match as
records, each board's game points and wins, the match's game and match points, and who was
present in a match forfeited whole."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from tournaments.standings.scoring import Result, Scoring, points
from tournaments.standings.teams.lineups import Colour

# --- match scores ------------------------------------------------------------------------------

@dataclass(frozen=True)
class TeamScoring:
    """Match points (2-1-0 by default) and what a bye is worth, which the regulation sets (a
    stored competition gives a drawn match's by default, TeamCompetition.scoring)."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    bye_match_points: Fraction = Fraction(2)
    bye_game_points: Fraction = Fraction(2)
    primary: Literal["match", "game"] = "match"


@dataclass(frozen=True)
class BoardGame:
    """One board of a match: the home team's colour, its result (None: not played yet), and
    who played it (None: nobody, a forfeit). Ids are whatever the caller uses."""

    board: int
    home_colour: Colour
    result: Result | None
    home_player: object = None
    away_player: object = None


@dataclass(frozen=True)
class MatchRecord:
    """A match of one round; `away` None is the home team's bye."""

    round: int
    home: object
    away: object | None
    games: tuple[BoardGame, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.away is None

    @property
    def complete(self) -> bool:
        return self.is_bye or (bool(self.games) and all(g.result for g in self.games))


def board_points(game: BoardGame, scoring: Scoring) -> tuple[Fraction, Fraction]:
    """(home, away) game points of a played board; (0, 0) while not played."""
    if game.result is None:
        return Fraction(0), Fraction(0)
    white, black = points(game.result, scoring)
    return (white, black) if game.home_colour == "white" else (black, white)


def board_wins(game: BoardGame) -> tuple[int, int]:
    """(home, away) games won on this board, forfeits included (C.07: won games)."""
    if game.result in (None, Result.DRAW, Result.DOUBLE_FORFEIT):
        return 0, 0
    white_won = game.result in (Result.WHITE_WIN, Result.WHITE_FORFEIT_WIN)
    home_won = white_won == (game.home_colour == "white")
    return (1, 0) if home_won else (0, 1)


def match_game_points(match: MatchRecord, scoring: Scoring,
                      team: TeamScoring) -> tuple[Fraction, Fraction]:
    """(home, away) game points of a match; a bye is worth the regulation's game points."""
    if match.is_bye:
        return team.bye_game_points, Fraction(0)
    home = away = Fraction(0)
    for game in match.games:
        h, a = board_points(game, scoring)
        home, away = home + h, away + a
    return home, away


def match_points(match: MatchRecord, scoring: Scoring,
                 team: TeamScoring) -> tuple[Fraction, Fraction]:
    """(home, away) match points: the team with more game points wins the match."""
    if match.is_bye:
        return team.bye_match_points, Fraction(0)
    home, away = match_game_points(match, scoring, team)
    if home > away:
        return team.win, team.loss
    if home < away:
        return team.loss, team.win
    return team.draw, team.draw


def _forfeited(match: MatchRecord) -> Literal["home", "away", "none"] | None:
    """Who was present when no board of the match was played over the board: "home" or "away"
    (every board won by that side's forfeit), "none" (double forfeits); None: a match played
    (a mix of forfeits both ways counts as played, its result standing)."""
    results = {game.result for game in match.games}
    if not results or any(r is None or r.played_over_the_board for r in results):
        return None
    present = set()
    for game in match.games:
        if game.result == Result.DOUBLE_FORFEIT:
            continue
        white_present = game.result == Result.WHITE_FORFEIT_WIN
        present.add("home" if white_present == (game.home_colour == "white") else "away")
    if not present:
        return "none"
    return present.pop() if len(present) == 1 else None

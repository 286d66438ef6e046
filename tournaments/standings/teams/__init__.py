"""Team competitions as plain data: board colours, line-up rules, match scores, team standings,
team tie-breaks and board prizes. No Django here, so every rule is tested without a database.

A team match is played on B boards; every board is an ordinary game between the players the
two line-ups put on it. The "home" team has the colour of board 1 on the odd boards and the
other colour on the even ones, so a match of an even number of boards gives each team as many
Whites as Blacks (issue 16; FIDE C.04.6 preface: colours matter less for teams).

Game points are the tournament's game scoring (Art. 2 §1: 1-½-0, or 2-1-0); match points come
from comparing the two teams' game points (2-1-0 by default, 3-1-0 available). Either can be the
primary score; the other is then the first tie-break unless the organiser orders otherwise.

The modules, each on the ones before it:

- `lineups`: the boards of a match, the home team's colour on each, the line-up rules.
- `matches`: the regulation's match points and bye, boards and matches as records, their scores.
- `withdrawals`: the teams a withdrawal annuls, and the matches left without them.
- `buchholz`: the teams' rounds as a Swiss table, and team Buchholz (C.07 section 16).
- `ranking`: each team's totals, the team tie-breaks, the team standings.
- `board_prizes`: each player's results board by board.

The package offers their public names here (`from tournaments.standings import teams`, then
`teams.team_standings`); the modules import each other directly.
"""

from tournaments.standings.teams.board_prizes import BoardScore, board_prizes, player_scores
from tournaments.standings.teams.buchholz import team_buchholz, team_rounds_table
from tournaments.standings.teams.lineups import (
    DEFAULT_BOARDS,
    MAX_BOARDS,
    MIN_BOARDS,
    Colour,
    LineupProblem,
    LineupRule,
    board_colours,
    lineup_problems,
    min_players,
)
from tournaments.standings.teams.matches import (
    BoardGame,
    MatchRecord,
    TeamScoring,
    board_points,
    board_wins,
    match_game_points,
    match_points,
)
from tournaments.standings.teams.ranking import (
    DEFAULT_TEAM_TIEBREAKS,
    TEAM_TIEBREAKS,
    TeamLine,
    team_lines,
    team_standings,
)
from tournaments.standings.teams.withdrawals import annul, annulled_teams

__all__ = [
    "DEFAULT_BOARDS",
    "DEFAULT_TEAM_TIEBREAKS",
    "MAX_BOARDS",
    "MIN_BOARDS",
    "TEAM_TIEBREAKS",
    "BoardGame",
    "BoardScore",
    "Colour",
    "LineupProblem",
    "LineupRule",
    "MatchRecord",
    "TeamLine",
    "TeamScoring",
    "annul",
    "annulled_teams",
    "board_colours",
    "board_points",
    "board_prizes",
    "board_wins",
    "lineup_problems",
    "match_game_points",
    "match_points",
    "min_players",
    "player_scores",
    "team_buchholz",
    "team_lines",
    "team_rounds_table",
    "team_standings",
]

"""A team match's boards and line-ups: how many boards, the home team's colour on each, and the
rules a line-up must keep (roster order, no gap, a majority of the boards)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

MIN_BOARDS, MAX_BOARDS, DEFAULT_BOARDS = 2, 10, 4

type Colour = Literal["white", "black"]


def board_colours(boards: int) -> list[tuple[int, Colour]]:
    """(board, colour of the home team) for every board: board 1 the home colour (White), the
    opposite on even boards, alternating along the boards."""
    if not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise ValueError(f"a team match has {MIN_BOARDS} to {MAX_BOARDS} boards, got {boards}")
    return [(board, "white" if board % 2 == 1 else "black") for board in range(1, boards + 1)]


# --- line-ups ----------------------------------------------------------------------------------

class LineupRule:
    """Ids of the line-up rules a problem names (the page words them in the user's language)."""

    NOT_IN_ROSTER = "not-in-roster"
    TWICE = "twice"
    ORDER = "roster-order"
    TOO_FEW = "too-few"
    GAP = "gap"
    TOO_MANY = "too-many"


@dataclass(frozen=True)
class LineupProblem:
    """What is wrong on one board of a line-up: the board, the rule broken and who."""

    board: int
    rule: str
    player: object = None
    other: object = None
    other_board: int | None = None


def min_players(boards: int) -> int:
    """The fewest players a line-up may name: more than half the boards, so a team that cannot
    field a majority does not present a match (its missing boards are forfeits anyway)."""
    return boards // 2 + 1


def lineup_problems[P](roster: Sequence[P], lineup: Sequence[P | None],
                       boards: int) -> list[LineupProblem]:
    """Every problem of a line-up, board by board; empty when it may be saved.

    `roster` is the team's players in roster order (regulars, then reserves); `lineup[i]` is the
    player on board i+1, None for a board left empty. Rules: each player from this team's roster,
    at most once, in roster order (nobody above someone listed before him), empty boards only at
    the bottom (a missing player forfeits the last boards), and at least `min_players` players.
    """
    problems: list[LineupProblem] = []
    if len(lineup) > boards:
        problems.append(LineupProblem(boards + 1, LineupRule.TOO_MANY))
        lineup = lineup[:boards]
    position = {player: index for index, player in enumerate(roster)}
    seen: dict[P, int] = {}
    last: tuple[int, P] | None = None  # board and player of the latest valid placement
    empty_since: int | None = None
    for board, player in enumerate(lineup, start=1):
        if player is None:
            empty_since = empty_since or board
            continue
        if empty_since is not None:
            problems.append(LineupProblem(empty_since, LineupRule.GAP, other_board=board))
            empty_since = None
        if player not in position:
            problems.append(LineupProblem(board, LineupRule.NOT_IN_ROSTER, player))
            continue
        if player in seen:
            problems.append(LineupProblem(board, LineupRule.TWICE, player,
                                          other_board=seen[player]))
            continue
        seen[player] = board
        if last is not None and position[player] < position[last[1]]:
            problems.append(LineupProblem(board, LineupRule.ORDER, player, last[1], last[0]))
        last = (board, player)
    named = sum(1 for player in lineup if player is not None)
    if named < min_players(boards):
        problems.append(LineupProblem(named + 1, LineupRule.TOO_FEW))
    return problems

"""Replaying a score sheet: every position in order, each move checked against the rules.

The first illegal move stops the replay and is named with its Art. 23 (002) category
(rules/irregularities.py). An irregular move the opponent let stand (Art. 23: only the opponent
decides) is given by its ply number in `accept`; it is carried out as written
(`Board.push_unchecked`) and checking goes on from the position it leaves. Every position feeds
the draw rules of the chosen profile, so the replay knows, after each ply, which draws hold and
why (`status`; a draw claim: `rules.claims.check_claim`).

Plies count from 1 = the first move written (White's first move, or Black's when the game starts
from a FEN with Black to move); ply 0 is the starting position. Moves are named as the sheet
numbers them ("17... d6xb4").

>>> from rules.pdn import read_game
>>> replay = replay_game(read_game('[GameType "26"]\\n1. 22-18 11-15 2. 18x11 8x15 *'))
>>> replay.moves, replay.illegal
(4, None)
>>> replay = replay_game(read_game('[GameType "26"]\\n1. 22-18 11-15 2. 21-17 *'))
>>> replay.illegal.as_dict()["article"], replay.illegal.label
('23(f)', '2. 21-17')

Each position's work is done once per replay: a position met again (a repetition, a loop through
accepted irregular moves) reuses its legal moves, and a move written again in the same position
reuses its reading. A work budget (`max_plies`, `max_seconds` of engine time) makes a sheet that
needs more raise `ReplayBudgetError` naming the ply, so that a caller can refuse it whole.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from rules.board import Board, Color
from rules.draws import (
    DrawRule,
    DrawStatus,
    DrawTracker,
    EndgameRule,
    PositionFacts,
    default_ply_label,
)
from rules.errors import AmbiguousMoveError, DraughtsError, IllegalMoveError, InvalidMoveError
from rules.geometry import row_col, square_at
from rules.irregularities import Irregularity, classify, legal_reading
from rules.move import Move
from rules.notation import parse_move, parse_squares
from rules.pdn import PdnGame, PdnPly
from rules.profiles import DEFAULT_PROFILE, DEFAULT_TIME_CONTROL, draw_rules
from rules.variants import Variant, variant_by_gametype

__all__ = [
    "ClaimError",
    "IllegalMove",
    "Replay",
    "ReplayBudgetError",
    "ReplayedPly",
    "position_facts",
    "replay_game",
    "variant_for",
]


class ClaimError(DraughtsError):
    """A claim that cannot be checked: unknown rule, or a move the replay did not reach."""


class ReplayBudgetError(DraughtsError):
    """A sheet that needs more work than the replay's budget allows (issue 19).

    `ply` is the ply (from 1) at which the budget ran out and `label` how the sheet numbers it;
    `limit` is "plies" or "seconds" and `budget` its value. Nothing of the replay is returned,
    so a caller refuses the sheet whole rather than keeping part of it.
    """

    def __init__(self, ply: int, label: str, limit: str, budget: float) -> None:
        self.ply = ply
        self.label = label
        self.limit = limit
        self.budget = budget
        if limit == "plies":
            text = f"the sheet has more than {budget:g} half-moves; replay stopped at {label}"
        else:
            text = (
                f"replaying the sheet takes more than {budget:g} s of engine time; "
                f"it stopped at ply {ply} ({label})"
            )
        super().__init__(text)


@dataclass(frozen=True)
class ReplayedPly:
    """A half-move carried out: the sheet's ply, the move made, and its irregularity when the
    opponent let an irregular move stand."""

    ply: int
    sheet: PdnPly
    move: Move
    king_move: bool
    irregularity: Irregularity | None = None

    @property
    def label(self) -> str:
        return self.sheet.label


@dataclass(frozen=True)
class IllegalMove:
    """The first irregular move not accepted: where it is and what it shows.

    `irregularity` is None when the move cannot be read (a square that does not exist) or cannot
    be carried out even though accepted (its first square is empty, its last occupied).
    """

    ply: int
    sheet: PdnPly
    irregularity: Irregularity | None
    detail: str
    code: str

    @property
    def label(self) -> str:
        return self.sheet.label

    @property
    def article(self) -> str | None:
        return self.irregularity.article if self.irregularity else None

    @property
    def reason(self) -> str:
        if self.irregularity is None:
            return self.detail
        return self.irregularity.reason

    def as_dict(self) -> dict[str, object]:
        return {
            "ply": self.ply,
            "move": self.label,
            "article": self.article,
            "category": self.irregularity.category if self.irregularity else None,
            "code": self.code,
            "reason": self.reason,
        }


@dataclass
class Replay:
    """The outcome of replaying one game. `board` is the last position reached."""

    game: PdnGame
    variant: Variant
    profile: str
    time_control: str
    rules: tuple[DrawRule, ...]
    start: Board
    board: Board
    draws: DrawTracker
    plies: list[ReplayedPly] = field(default_factory=list)
    illegal: IllegalMove | None = None
    notes: list[str] = field(default_factory=list)
    #: distinct positions whose legal moves the replay generated: its work, which a position
    #: met again does not add to (issue 19)
    generated: int = 0

    @property
    def moves(self) -> int:
        """Plies carried out (accepted irregular ones included)."""
        return len(self.plies)

    @property
    def accepted(self) -> list[ReplayedPly]:
        """The irregular moves that were let stand, in order."""
        return [p for p in self.plies if p.irregularity is not None]

    def label(self, ply: int) -> str:
        """ "17." / "17..." for a ply, as the sheet numbers it."""
        if 1 <= ply <= len(self.game.plies):
            return self.game.plies[ply - 1].move_label
        first = self.game.plies[0].number if self.game.plies else 1
        return default_ply_label(ply, self.start.turn.value, first)

    def ply_of(self, move: str) -> int:
        """The ply of a move named "34." or "34..." on the sheet (ClaimError if none)."""
        wanted = move.strip()
        for index, ply in enumerate(self.game.plies, 1):
            if ply.move_label == wanted:
                return index
        raise ClaimError(f"the sheet has no move {wanted!r} (write e.g. '34.' or '34...')")

    def board_at(self, ply: int) -> Board:
        """The position after `ply` (0 = the start), as a new Board."""
        if not 0 <= ply <= self.moves:
            raise IndexError(f"ply {ply} was not replayed (0..{self.moves})")
        board = self.board.copy()
        for _ in range(self.moves - ply):
            board.pop()
        return board

    def positions(self) -> Iterator[tuple[int, Board]]:
        """Every position in order, (ply, board), from the start to the last ply replayed."""
        board = self.start.copy()
        yield 0, board.copy()
        for replayed in self.plies:
            board.push_unchecked(replayed.move)
            yield replayed.ply, board.copy()

    def first_draws(self) -> list[dict[str, object]]:
        """For each rule that ever holds, the first ply after which its draw holds."""
        order = [rule.id for rule in self.rules]
        found = sorted(
            self.draws.first_holds.items(), key=lambda item: (item[1], order.index(item[0]))
        )
        return [{"rule": rule_id, "ply": ply} for rule_id, ply in found]

    def status(self, rule_id: str, ply: int) -> DrawStatus:
        """The evidence for one rule after one ply."""
        return self.draws.status(rule_id, ply)

    def holding(self, ply: int) -> list[str]:
        """The draw rules that hold after `ply`."""
        return self.draws.holding(ply)

    def final_fen(self) -> str:
        """The last position, with algebraic squares when the sheet uses them (RULES.md)."""
        return self.board.fen(algebraic=self.game.algebraic and self.variant.algebraic)

    def as_dict(self) -> dict[str, object]:
        """The JSON object `python -m rules replay` prints for the game."""
        return {
            "moves": self.moves,
            "illegal": self.illegal.as_dict() if self.illegal else None,
            "final_fen": self.final_fen(),
            "draws": self.first_draws(),
            "accepted": [
                {
                    "ply": p.ply,
                    "move": p.label,
                    "article": p.irregularity.article,
                    "reason": p.irregularity.reason,
                }
                for p in self.accepted
                if p.irregularity is not None
            ],
            "white": self.game.tags.get("White"),
            "black": self.game.tags.get("Black"),
            "result": self.game.result,
            "variant": self.variant.name,
            "profile": self.profile,
            "time_control": self.time_control,
            "notes": self.notes,
        }


def variant_for(game: PdnGame, variant: Variant | None = None) -> Variant:
    """The variant to replay a game with: the one given, else its GameType tag (20 or 26)."""
    if variant is not None:
        return variant
    if game.gametype is None:
        raise DraughtsError(
            "the game has no GameType tag (20 international, 26 Brazilian): name the variant"
        )
    return variant_by_gametype(game.gametype)


def position_facts(board: Board, lone_king_squares: bool = True) -> PositionFacts:
    """What the draw rules need of a position; the lone kings' squares only when asked."""
    white_kings = board.count(Color.WHITE, True)
    white_men = board.count(Color.WHITE, False)
    black_kings = board.count(Color.BLACK, True)
    black_men = board.count(Color.BLACK, False)
    white_lone = black_lone = None
    if lone_king_squares:
        if white_kings == 1 and white_men == 0:
            white_lone = next(iter(board.pieces(Color.WHITE)))
        if black_kings == 1 and black_men == 0:
            black_lone = next(iter(board.pieces(Color.BLACK)))
    return PositionFacts(
        board.turn.value,
        white_men,
        white_kings,
        black_men,
        black_kings,
        white_lone,
        black_lone,
        board.key(),
    )


@lru_cache(maxsize=8192)
def _written_squares(text: str, variant: Variant) -> tuple[tuple[int, ...], bool]:
    """parse_squares, remembered: a file repeats the same few hundred move texts."""
    return parse_squares(text, variant)


@lru_cache(maxsize=4)
def _diagonal_steps(size: int) -> dict[tuple[int, int], tuple[int, tuple[int, ...]]]:
    """(from, to) -> (rows moved, squares strictly between) for squares on one diagonal."""
    squares = range(1, size * size // 2 + 1)
    steps: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
    for a in squares:
        ra, ca = row_col(a, size)
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            between: list[int] = []
            k = 1
            while (b := square_at(ra + dr * k, ca + dc * k, size)) is not None:
                steps[(a, b)] = (dr * k, tuple(between))
                between.append(b)
                k += 1
    return steps


def _quiet_move(board: Board, squares: tuple[int, ...], is_capture: bool) -> Move | None:
    """The written plain move when it is legal and no capture is possible, else None (then
    parse_move decides). Saves generating every legal move for most plies of a game."""
    if is_capture or len(squares) != 2 or board.has_capture():
        return None
    start, end = squares
    step = _diagonal_steps(board.variant.size).get((start, end))
    piece = board.piece_at(start)
    if step is None or piece is None or piece.color != board.turn:
        return None
    if board.piece_at(end) is not None:
        return None
    rows, between = step
    if piece.king:
        if any(board.piece_at(square) is not None for square in between):
            return None
    elif rows != (-1 if piece.color == Color.WHITE else 1):  # a man: one square forwards
        return None
    return Move((start, end))


def _resolve_ambiguity(board: Board, error: AmbiguousMoveError, next_text: str | None) -> Move:
    """Of several legal moves a short text fits, the one after which the sheet's next move is
    legal (the first such; the first candidate when nothing tells them apart)."""
    candidates: list[Move] = list(error.candidates)
    if next_text is None:
        return candidates[0]
    for move in candidates:
        board.push_unchecked(move)
        try:
            parse_move(board, next_text)
        except DraughtsError:
            continue
        finally:
            board.pop()
        return move
    return candidates[0]


def replay_game(
    game: PdnGame,
    variant: Variant | None = None,
    *,
    profile: str = DEFAULT_PROFILE,
    time_control: str = DEFAULT_TIME_CONTROL,
    accept: Iterable[int] = (),
    max_plies: int | None = None,
    max_seconds: float | None = None,
) -> Replay:
    """Replay a game move by move (see the module docstring). Raises DraughtsError only for
    what prevents replaying at all: no variant, a starting FEN that cannot be read, an unknown
    profile, or (`ReplayBudgetError`) a sheet longer than `max_plies` half-moves or needing more
    than `max_seconds` of engine time; illegal moves are reported in `Replay.illegal`."""
    started = time.perf_counter()
    variant = variant_for(game, variant)
    rules = draw_rules(profile, variant.size, time_control)
    board = Board.from_fen(game.fen, variant) if game.fen else Board(variant)
    plies = game.plies
    if max_plies is not None and len(plies) > max_plies:
        raise ReplayBudgetError(max_plies + 1, plies[max_plies].label, "plies", max_plies)
    # Only plies of the sheet can be irregular moves replayed: the set stays as short as the
    # sheet whatever the caller passes, and is looked up in constant time.
    given = set(accept)
    accepted = {ply for ply in given if isinstance(ply, int) and 1 <= ply <= len(plies)}
    beyond = sorted(given - accepted)
    tracker = DrawTracker(rules, variant.size)
    replay = Replay(game, variant, profile, time_control, rules, board.copy(), board, tracker)
    board.move_memo = {}  # each position's legal moves (and the like), for this replay only
    # (position, written squares, capture, side) -> (legal reading, irregularity)
    readings: dict[tuple, tuple[Move | None, Irregularity | None]] = {}
    lone_squares = any(isinstance(r, EndgameRule) and r.lone_king_on_main_diagonal for r in rules)
    tracker.record(position_facts(board, lone_squares))
    for index, sheet in enumerate(plies, 1):
        if max_seconds is not None and time.perf_counter() - started > max_seconds:
            board.move_memo = None
            raise ReplayBudgetError(index, sheet.label, "seconds", max_seconds)
        irregularity = None
        try:
            squares, is_capture = _written_squares(sheet.text, variant)
            move = _quiet_move(board, squares, is_capture) or parse_move(board, sheet.text)
        except AmbiguousMoveError as exc:
            following = plies[index].text if index < len(plies) else None
            move = _resolve_ambiguity(board, exc, following)
            replay.notes.append(
                f"{sheet.label} fits several legal moves; replayed as {move} "
                f"(the one the next move follows)"
            )
        except InvalidMoveError as exc:
            replay.illegal = IllegalMove(
                index, sheet, None, f"cannot be read: {exc.detail}", "unreadable"
            )
            break
        except IllegalMoveError:
            seen = (board.key(), squares, is_capture, sheet.side)
            known = readings.get(seen)
            if known is None:
                move = legal_reading(board, squares)
                found = classify(board, squares, is_capture, sheet.side) if move is None else None
                known = readings[seen] = (move, found)
            move, irregularity = known
            if move is None:
                assert irregularity is not None
                if index not in accepted:
                    replay.illegal = IllegalMove(
                        index, sheet, irregularity, irregularity.detail, irregularity.code
                    )
                    break
                move = irregularity.move
        piece = board.piece_at(move.start)
        king_move = piece is not None and piece.king and not move.captured
        try:
            # A legal move was already checked by parse_move: push() would generate every move
            # again, so it goes through push_unchecked, which plays it identically.
            board.push_unchecked(move)
        except IllegalMoveError as exc:
            detail = f"accepted, but it cannot be carried out: {exc.detail}"
            replay.illegal = IllegalMove(index, sheet, irregularity, detail, "cannot-carry-out")
            break
        replay.plies.append(ReplayedPly(index, sheet, move, king_move, irregularity))
        tracker.record(position_facts(board, lone_squares), king_move)
    replay.generated = sum(1 for tag, _key in board.move_memo if tag == "legal")
    board.move_memo = None
    if max_seconds is not None and time.perf_counter() - started > max_seconds:
        last = len(replay.plies)
        label = plies[last - 1].label if last else "the start"
        raise ReplayBudgetError(last, label, "seconds", max_seconds)
    replayed = {r.ply for r in replay.plies if r.irregularity is not None}
    for ply in sorted(accepted - replayed):
        replay.notes.append(
            f"ply {ply} was given as accepted but is not an irregular move replayed"
        )
    if beyond:
        shown = ", ".join(str(ply) for ply in beyond[:5]) + (", ..." if len(beyond) > 5 else "")
        replay.notes.append(
            f"{len(beyond)} plies given as accepted are not on the sheet "
            f"(1-{len(plies)}): {shown}"
        )
    return replay

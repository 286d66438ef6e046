"""`Board`: a draughts position with its move stack, the public face of the engine.

The position is kept as bitboards (see `rules.geometry`) and every rule lives in
`rules.movegen`; this class translates between bits and numeric squares and keeps history.

>>> board = Board()
>>> move = board.legal_moves()[0]
>>> board.push(move)
>>> move
Move(path=(21, 17), captured=())
>>> board.fen()
'B:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from rules.errors import IllegalMoveError
from rules.fen import parse_fen, write_fen
from rules.move import Move
from rules.movegen import Core, core_for
from rules.notation import explain_illegal
from rules.variants import BRAZILIAN, Variant

__all__ = ["Board", "Color", "Piece"]


class Color(StrEnum):
    """A side; a `str` (`Color.WHITE == "W"`), so plain "W"/"B" work wherever a colour is asked."""

    WHITE = "W"
    BLACK = "B"

    @property
    def other(self) -> Color:
        """The opponent."""
        return Color.BLACK if self is Color.WHITE else Color.WHITE

    @property
    def label(self) -> str:
        """English name: "White" or "Black"."""
        return "White" if self is Color.WHITE else "Black"


@dataclass(frozen=True)
class Piece:
    """A man or a king of one colour."""

    color: Color
    king: bool = False

    def symbol(self) -> str:
        """One letter: w/b for men, W/B for kings."""
        letter = self.color.value
        return letter if self.king else letter.lower()

    def __repr__(self) -> str:
        return f"Piece(Color.{self.color.name}, king={self.king})"


_State = tuple[int, int, int, Color]
_T = TypeVar("_T")


class Board:
    """A position (pieces, side to move) and the moves played to reach it.

    `turn` is a `Color` (`Color.WHITE` / `Color.BLACK`, equal to "W" / "B"). Squares are PDN
    numeric squares; moves are `Move` values.
    """

    def __init__(self, variant: Variant = BRAZILIAN) -> None:
        self.variant = variant
        self._core: Core = core_for(variant)
        bit = self._core.sq_to_bit
        self._white = sum(1 << bit[sq] for sq in variant.white_start)
        self._black = sum(1 << bit[sq] for sq in variant.black_start)
        self._kings = 0
        self.turn = Color.WHITE
        self.move_stack: list[Move] = []
        self._history: list[_State] = []
        #: what `memoised` computed, for every position met (keys: (tag, position key)),
        #: shared by the copies of this board; None keeps the current position's only. A replay
        #: sets a dict so that a position met again (repetitions, loops through accepted
        #: irregular moves) costs nothing.
        self.move_memo: dict | None = None
        self._recent_key: tuple | None = None  # the position `_recent` holds values for
        self._recent: dict = {}

    # ------------------------------------------------------------------ construction, FEN
    @classmethod
    def from_fen(cls, fen: str, variant: Variant = BRAZILIAN) -> Board:
        """A board from a PDN FEN (numeric, or algebraic on 8x8); raises `InvalidFenError`."""
        turn, pieces = parse_fen(fen, variant)
        board = cls(variant)
        board._white = board._black = board._kings = 0
        bit = board._core.sq_to_bit
        for square, (colour, king) in pieces.items():
            mask = 1 << bit[square]
            if colour == "W":
                board._white |= mask
            else:
                board._black |= mask
            if king:
                board._kings |= mask
        board.turn = Color(turn)
        return board

    @classmethod
    def empty(cls, variant: Variant = BRAZILIAN, turn: Color = Color.WHITE) -> Board:
        """A board with no piece on it."""
        board = cls(variant)
        board._white = board._black = board._kings = 0
        board.turn = Color(turn)
        return board

    def fen(self, algebraic: bool = False) -> str:
        """The position as a PDN FEN; `algebraic=True` writes 8x8 squares as a1, c3..."""
        pieces = {sq: (p.color.value, p.king) for sq, p in self._all_pieces()}
        return write_fen(self.turn.value, pieces, self.variant, algebraic=algebraic)

    # ------------------------------------------------------------------ pieces
    def _all_pieces(self) -> list[tuple[int, Piece]]:
        bit = self._core.sq_to_bit
        result = []
        for square in range(1, self.variant.squares + 1):
            mask = 1 << bit[square]
            if (self._white | self._black) & mask:
                colour = Color.WHITE if self._white & mask else Color.BLACK
                result.append((square, Piece(colour, bool(self._kings & mask))))
        return result

    def _mask(self, square: int) -> int:
        if not isinstance(square, int) or not 1 <= square <= self.variant.squares:
            raise ValueError(
                f"square {square!r} does not exist on the {self.variant.name} board "
                f"(1-{self.variant.squares})"
            )
        return 1 << self._core.sq_to_bit[square]

    def piece_at(self, square: int) -> Piece | None:
        """The piece on a numeric square, or None."""
        mask = self._mask(square)
        if self._white & mask:
            return Piece(Color.WHITE, bool(self._kings & mask))
        if self._black & mask:
            return Piece(Color.BLACK, bool(self._kings & mask))
        return None

    def set_piece_at(self, square: int, piece: Piece | None) -> None:
        """Put a piece on a square (or empty it with None), for setting up positions."""
        mask = self._mask(square)
        self._white &= ~mask
        self._black &= ~mask
        self._kings &= ~mask
        if piece is not None:
            if piece.color == Color.WHITE:
                self._white |= mask
            else:
                self._black |= mask
            if piece.king:
                self._kings |= mask

    def pieces(self, color: Color | str) -> dict[int, Piece]:
        """{square: Piece} of one colour, ascending by square."""
        colour = Color(color)
        return {sq: p for sq, p in self._all_pieces() if p.color == colour}

    def count(self, color: Color | str, king: bool | None = None) -> int:
        """Number of pieces of a colour: all (king=None), kings only (True) or men only (False)."""
        side = self._white if Color(color) == Color.WHITE else self._black
        if king is None:
            return side.bit_count()
        return (side & self._kings).bit_count() if king else (side & ~self._kings).bit_count()

    # ------------------------------------------------------------------ move generation
    def _sides(self) -> tuple[int, int]:
        return (
            (self._white, self._black) if self.turn == Color.WHITE else (self._black, self._white)
        )

    def _capture_moves(self, majority: bool = True, start: int | None = None) -> list[Move]:
        """Complete capture sequences with a route, one per (start, end, captured set).

        With `majority`, the longest only (Art. 7); with `start`, the piece there only.
        """
        own, opp = self._sides()
        to_sq = self._core.bit_to_sq
        moves = []
        trusted = Move._trusted
        only = -1 if start is None else self._mask(start)
        routes, _states = self._core.capture_search(
            own, opp, self._kings, majority=majority, only=only
        )
        for path, captured in routes:
            # bits ascend as squares do (rules.geometry), so the captured squares come sorted
            squares = [to_sq[b] for b in range(captured.bit_length()) if captured >> b & 1]
            moves.append(trusted(tuple([to_sq[b] for b in path]), tuple(squares)))
        moves.sort(key=lambda m: (m.path[0], m.path[-1], m.captured))
        return moves

    def capture_search_states(self) -> int:
        """How many (square, captured set) states the capture search explores here.

        A deterministic measure of the work of `legal_moves()`, for tests and benchmarks that
        bound it without a clock.
        """
        own, opp = self._sides()
        return self._core.capture_search(own, opp, self._kings)[1]

    def memoised(self, tag: Hashable, compute: Callable[[], _T]) -> _T:
        """`compute()` for this position, computed once while the board stays on it.

        Kept in `move_memo` when a caller set one (a replay: every position it meets), else
        for the current position only. The value is shared: callers must not change it.
        """
        key = self.key()
        memo = self.move_memo
        if memo is None:
            if self._recent_key != key:
                self._recent_key = key
                self._recent = {}
            memo = self._recent
        entry = (tag, key)
        if entry not in memo:
            memo[entry] = compute()
        return memo[entry]

    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted by (start, end, captured).

        Capture is compulsory and only the captures that take the most pieces are legal
        (majority law, Art. 7 of "Regras básicas"); moves that share start, end and captured set
        appear once, with the first path found.
        """
        return list(self.memoised("legal", self._legal_moves))

    def _legal_moves(self) -> list[Move]:
        captures = self._capture_moves()
        if captures:
            best = max(len(m.captured) for m in captures)
            return [m for m in captures if len(m.captured) == best]
        own, opp = self._sides()
        to_sq = self._core.bit_to_sq
        quiet = [
            Move((to_sq[a], to_sq[b]))
            for a, b in self._core.quiet_moves(own, opp, self._kings, self.turn == Color.WHITE)
        ]
        return sorted(quiet, key=lambda m: (m.start, m.end))

    def all_captures(self, start: int | None = None) -> list[Move]:
        """Every complete capture sequence, ignoring the majority law (for Art. 23 (h) checks);
        only those of the piece on `start` when given."""
        return list(
            self.memoised(("all", start), lambda: self._capture_moves(majority=False, start=start))
        )

    def has_capture(self) -> bool:
        """Whether the side to move must capture."""
        own, opp = self._sides()
        return self._core.has_capture(own, opp, self._kings)

    def is_legal(self, move: Move) -> bool:
        """Whether a move (compared by start, end and captured set) is legal here."""
        return move in self.legal_moves()

    # ------------------------------------------------------------------ making moves
    def _state(self) -> _State:
        return self._white, self._black, self._kings, self.turn

    def push(self, move: Move) -> None:
        """Play a legal move; raises `IllegalMoveError` (with the reason) for any other.

        A move given with a shorter path (same start, end, captured set) is recorded with the
        full path of the legal move, so that diagrams can show every landing square.
        """
        legal = self.legal_moves()
        if move in legal:
            self._play(legal[legal.index(move)])
            return
        reason, detail, required = explain_illegal(self, move.path, move.is_capture)
        raise IllegalMoveError(str(move), self.fen(), reason, detail, required)

    def push_unchecked(self, move: Move) -> None:
        """Carry out a move as written, legal or not (an irregular move the opponent lets stand).

        Per RULES.md: the piece goes from the first square to the last, the pieces on the
        `captured` squares leave the board, a man that ends on its far row is crowned, and the
        turn passes to the other player.
        """
        piece = self.piece_at(move.start)
        if piece is None:
            raise IllegalMoveError(
                str(move),
                self.fen(),
                "empty-square",
                f"square {move.start} is empty: no piece to move",
            )
        if move.end != move.start and self.piece_at(move.end) is not None:
            raise IllegalMoveError(
                str(move), self.fen(), "occupied", f"square {move.end} is occupied"
            )
        for square in move.captured:
            self._mask(square)  # validates the square
        self._play(move)

    def _play(self, move: Move) -> None:
        self._history.append(self._state())
        self.move_stack.append(move)
        bit = self._core.sq_to_bit
        start = 1 << bit[move.start]
        end = 1 << bit[move.end]
        white_piece = bool(self._white & start)
        king = bool(self._kings & start)
        captured = 0
        for square in move.captured:
            captured |= 1 << bit[square]
        captured &= ~start  # the moving piece itself is never removed
        self._white &= ~captured
        self._black &= ~captured
        self._kings &= ~captured
        if white_piece:
            self._white = (self._white & ~start) | end
        else:
            self._black = (self._black & ~start) | end
        self._kings &= ~start
        promotion = self._core.white_promo if white_piece else self._core.black_promo
        if king or end & promotion:  # Art. 4: crowned only where the move ends
            self._kings |= end
        self.turn = self.turn.other

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self.move_stack:
            raise IndexError("pop from a board with no move played")
        self._white, self._black, self._kings, self.turn = self._history.pop()
        return self.move_stack.pop()

    def peek(self) -> Move:
        """The last move played."""
        return self.move_stack[-1]

    def copy(self) -> Board:
        """An independent copy, move stack included."""
        board = Board.__new__(Board)
        board.variant = self.variant
        board._core = self._core
        board._white, board._black, board._kings, board.turn = self._state()
        board.move_stack = list(self.move_stack)
        board._history = list(self._history)
        board.move_memo = self.move_memo
        board._recent_key, board._recent = self._recent_key, self._recent
        return board

    # ------------------------------------------------------------------ state of the game
    def key(self) -> tuple[int, int, int, str]:
        """Hashable key of (pieces, side to move), for repetition detection."""
        return self._white, self._black, self._kings, self.turn.value

    def is_game_over(self) -> bool:
        """True when the side to move has no legal move (no piece, or all blocked)."""
        own, opp = self._sides()
        return self._core.count_moves(own, opp, self._kings, self.turn == Color.WHITE) == 0

    def winner(self) -> Color | None:
        """The winner when the game is over (the side to move has lost), else None."""
        return self.turn.other if self.is_game_over() else None

    # ------------------------------------------------------------------ dunder
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.variant == other.variant and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        name = "BRAZILIAN" if self.variant.name == "brazilian" else "INTERNATIONAL"
        return f"Board.from_fen({self.fen()!r}, {name})"

    def __str__(self) -> str:
        """Text diagram, White at the bottom: w/b men, W/B kings, '.' empty dark squares."""
        from rules.geometry import square_at

        size = self.variant.size
        lines = []
        for row in range(size):
            cells = []
            for col in range(size):
                square = square_at(row, col, size)
                if square is None:
                    cells.append(" ")
                else:
                    piece = self.piece_at(square)
                    cells.append(piece.symbol() if piece else ".")
            lines.append(" ".join(cells))
        return "\n".join(lines)

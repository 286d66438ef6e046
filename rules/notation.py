"""Move notation, both ways: numeric (`22-18`, `23x14`, `26x17x8`) and 8x8 algebraic
(`c3-d4`, `c3xe5`, `c3:e5`).

`parse_move` returns the legal `Move` a text stands for, or raises an error that says why not:
`InvalidMoveError` (cannot be read), `IllegalMoveError` (with a reason code and the rule),
`AmbiguousMoveError` (with the candidates). `move_to_str` writes the shortest text that
`parse_move` reads back as the same move.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any, Protocol

from rules.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from rules.geometry import algebraic_to_square, row_col, square_at, square_to_algebraic
from rules.move import Move
from rules.variants import Variant

__all__ = [
    "algebraic_to_square",
    "explain_illegal",
    "move_to_str",
    "parse_move",
    "parse_squares",
    "square_to_algebraic",
]


class Position(Protocol):
    """What this module reads of a position: a `rules.board.Board`, named by what it offers, so
    that this module does not import `rules.board`, whose `push` explains an illegal move with
    `explain_illegal` here (no circle of imports)."""

    variant: Variant
    turn: str  # a `Color`, which is a str

    def piece_at(self, square: int) -> Any: ...  # a `Piece` or None

    def legal_moves(self) -> list[Move]: ...

    def all_captures(self, start: int | None = None) -> list[Move]: ...

    def fen(self, algebraic: bool = False) -> str: ...


_SQUARE = r"(?:[a-jA-J]\s*\d{1,2}|\d{1,2})"
_SEPARATOR = r"[-xX:×]"
_MOVE = re.compile(rf"\s*({_SQUARE})((?:\s*{_SEPARATOR}\s*{_SQUARE})+)\s*[!?+*#]*\s*")
_STEP = re.compile(rf"\s*({_SEPARATOR})\s*({_SQUARE})")


def _read_square(token: str, text: str, variant: Variant) -> int:
    token = "".join(token.split())
    if token.isdigit():
        square = int(token)
        if not 1 <= square <= variant.squares:
            raise InvalidMoveError(
                text,
                f"square {square} does not exist on the {variant.name} board (1-{variant.squares})",
            )
        return square
    if not variant.algebraic:
        raise InvalidMoveError(
            text, f"algebraic square {token!r} is not used on the {variant.name} board"
        )
    try:
        return algebraic_to_square(token, variant)
    except ValueError as exc:
        raise InvalidMoveError(text, str(exc)) from None


def parse_squares(text: str, variant: Variant) -> tuple[tuple[int, ...], bool]:
    """Read a move's squares without looking at a position: ((start, ..., end), is_capture).

    '-' separates the squares of a plain move, 'x' or ':' those of a capture; squares may be
    padded with spaces (`1- 6`, `47x 9`). For score sheets whose moves may be illegal.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(repr(text), "a move must be a string")
    match = _MOVE.fullmatch(text)
    if not match:
        raise InvalidMoveError(
            text,
            "expected squares joined by '-' (a move) or 'x' / ':' (a capture), e.g. 22-18, 23x14"
            + (" or c3-d4, c3xe5" if variant.algebraic else ""),
        )
    tokens = [match.group(1)]
    separators = []
    for step in _STEP.finditer(match.group(2)):
        separators.append(step.group(1))
        tokens.append(step.group(2))
    numeric = [t.strip().isdigit() for t in tokens]
    if any(numeric) and not all(numeric):
        raise InvalidMoveError(text, "mixes numeric and algebraic squares")
    kinds = {"-" if s == "-" else "x" for s in separators}
    if len(kinds) > 1:
        raise InvalidMoveError(text, "mixes '-' (a move) and 'x' (a capture)")
    is_capture = kinds == {"x"}
    squares = tuple(_read_square(t, text, variant) for t in tokens)
    if not is_capture and len(squares) > 2:
        raise InvalidMoveError(
            text, "a move without capture goes from one square to another; write captures with 'x'"
        )
    return squares, is_capture


def _matches(move: Move, squares: tuple[int, ...]) -> bool:
    """Whether written squares fit a move: same start and end, the others in order on its path."""
    if move.start != squares[0] or move.end != squares[-1]:
        return False
    inner = iter(move.path[1:-1])
    return all(sq in inner for sq in squares[1:-1])


def _write_square(square: int, variant: Variant, algebraic: bool) -> str:
    return square_to_algebraic(square, variant) if algebraic else str(square)


def _join(
    squares: tuple[int, ...] | list[int], capture: bool, variant: Variant, algebraic: bool
) -> str:
    return ("x" if capture else "-").join(_write_square(sq, variant, algebraic) for sq in squares)


def move_to_str(board: Position, move: Move, algebraic: bool = False) -> str:
    """The shortest text for `move` in `board`: start and end, plus intermediate squares only
    when start and end alone would match several legal moves.
    """
    if algebraic and not board.variant.algebraic:
        raise ValueError(f"{board.variant.name} moves have no algebraic notation")
    variant = board.variant
    rivals = [
        m for m in board.legal_moves() if m.start == move.start and m.end == move.end and m != move
    ]
    if not rivals:
        return _join((move.start, move.end), move.is_capture, variant, algebraic)
    inner = move.path[1:-1]
    for size in range(1, len(inner) + 1):
        for chosen in combinations(inner, size):
            squares = (move.start, *chosen, move.end)
            if not any(_matches(m, squares) for m in rivals):
                return _join(squares, True, variant, algebraic)
    return _join(move.path, move.is_capture, variant, algebraic)


def parse_move(board: Position, text: str) -> Move:
    """The legal move that `text` stands for in `board` (numeric, or algebraic on 8x8).

    Squares decide, not the separator: legal moves are either all captures or all plain
    moves, so '22x18' written for the plain move 22-18 is a notation slip and still reads.
    """
    try:
        squares, is_capture = parse_squares(text, board.variant)
    except InvalidMoveError as exc:
        raise InvalidMoveError(exc.text, exc.detail, board.fen()) from None
    candidates = [m for m in board.legal_moves() if _matches(m, squares)]
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        algebraic = board.variant.algebraic and not text.strip()[0].isdigit()
        texts = [_join(m.path, True, board.variant, algebraic) for m in candidates]
        raise AmbiguousMoveError(text, board.fen(), candidates, texts)
    reason, detail, required = explain_illegal(board, squares, is_capture)
    raise IllegalMoveError(text, board.fen(), reason, detail, required)


# ---------------------------------------------------------------------- why a move is illegal
def _between(a: int, b: int, size: int) -> list[int] | None:
    """Squares strictly between a and b on their diagonal, nearest to a first; None if none."""
    ra, ca = row_col(a, size)
    rb, cb = row_col(b, size)
    if abs(ra - rb) != abs(ca - cb) or ra == rb:
        return None
    dr = 1 if rb > ra else -1
    dc = 1 if cb > ca else -1
    return [square_at(ra + dr * k, ca + dc * k, size) for k in range(1, abs(ra - rb))]  # type: ignore[misc]


def _forward(board: Position, a: int, b: int) -> bool:
    """Whether going from a to b is forwards for the side to move (White goes up the board)."""
    size = board.variant.size
    up = row_col(b, size)[0] < row_col(a, size)[0]
    return up if board.turn == "W" else not up


def _list(moves: list[Move], board: Position) -> str:
    shown = [move_to_str(board, m) for m in moves[:6]]
    return ", ".join(shown) + (", ..." if len(moves) > 6 else "")


def _explain_capture_legs(board: Position, squares: tuple[int, ...]) -> tuple[str, str] | None:
    """Check each leg of a written capture: the first fault as (reason, detail), or None."""
    size = board.variant.size
    mover = board.piece_at(squares[0])
    assert mover is not None
    jumped: set[int] = set()
    for a, b in zip(squares, squares[1:], strict=False):
        between = _between(a, b, size)
        if between is None:
            return "no-such-move", f"{a} and {b} are not on one diagonal"
        if b != squares[0] and board.piece_at(b) is not None:
            return "occupied", f"square {b} is occupied"
        pieces = [sq for sq in between if sq != squares[0] and board.piece_at(sq) is not None]
        if not pieces:
            return "no-such-move", f"there is no piece to capture between {a} and {b}"
        if not mover.king and len(between) != 1:
            return (
                "no-such-move",
                "a man captures only an adjacent piece, landing right behind it (Art. 18); "
                f"{a}x{b} is not such a jump",
            )
        own = [sq for sq in pieces if board.piece_at(sq).color == board.turn]  # type: ignore[union-attr]
        if own:
            return (
                "blocked",
                f"the way from {a} to {b} is blocked by a piece of the same colour on {own[0]} "
                "(Art. 26)",
            )
        if len(pieces) > 1:
            return "blocked", (
                f"the pieces on {pieces[0]} and {pieces[1]} cannot be jumped in one leg: "
                "two pieces "
                "next to each other, or a capture beyond a piece, are not allowed (Art. 17)"
            )
        if pieces[0] in jumped:
            return (
                "blocked",
                f"the piece on {pieces[0]} was already jumped: a piece is captured only once "
                "and stays on the board until the move ends (Art. 22)",
            )
        jumped.add(pieces[0])
    return None


def explain_illegal(
    board: Position, squares: tuple[int, ...], is_capture: bool
) -> tuple[str, str, int | None]:
    """Why the move written as `squares` is illegal: (reason code, English detail, required).

    Article numbers are those of the competition regulation (RULES.md seed 002), whose Art. 23
    names the irregularities, so that an arbiter reads one numbering throughout.
    """
    start, end = squares[0], squares[-1]
    piece = board.piece_at(start)
    side = "White" if board.turn == "W" else "Black"
    if piece is None:
        return "empty-square", f"square {start} is empty", None
    if piece.color != board.turn:
        return "not-your-piece", f"the piece on {start} is not {side}'s; {side} is to move", None
    legal = board.legal_moves()
    if legal and legal[0].is_capture:  # a capture is compulsory
        captures = board.all_captures(start)  # only the written piece's can match
        best = len(legal[0].captured)
        matching = [m for m in captures if _matches(m, squares)]
        if matching:
            taken = max(len(m.captured) for m in matching)
            return (
                "majority",
                f"the majority law requires capturing {best} pieces, this capture takes {taken} "
                f"(Art. 19); play {_list(legal, board)}",
                best,
            )
        if len(squares) > 1 and any(
            m.start == start
            and end in m.path[1:-1]
            and _matches(Move(m.path[: m.path.index(end, 1) + 1]), squares)
            for m in captures
        ):
            return (
                "incomplete-capture",
                f"the capture cannot stop on {end}: the piece must go on capturing (Art. 19)",
                None,
            )
        between = _between(start, end, board.variant.size) or []
        jumps_something = any(sq != start and board.piece_at(sq) is not None for sq in between)
        written_capture = is_capture or len(squares) > 2 or jumps_something
        if not written_capture:
            return (
                "capture-compulsory",
                f"a capture is compulsory (Art. 16): {_list(legal, board)}",
                None,
            )
        fault = _explain_capture_legs(board, squares)
        if fault:
            return (*fault, None)
        return (
            "no-such-move",
            f"no such capture; the legal captures are {_list(legal, board)}",
            None,
        )
    # no capture available: a plain move
    if is_capture or len(squares) > 2:
        fault = _explain_capture_legs(board, squares)
        if fault:
            return (*fault, None)
        return "no-such-move", f"{side} has no capture here", None
    between = _between(start, end, board.variant.size)
    if between is None:
        return "no-such-move", f"{start} and {end} are not on one diagonal", None
    if board.piece_at(end) is not None:
        return "occupied", f"square {end} is occupied", None
    if not piece.king:
        if not _forward(board, start, end):
            return "wrong-direction", "a man moves forwards only (Art. 13)", None
        if between:
            return "no-such-move", "a man moves one square at a time (Art. 13)", None
    blockers = [sq for sq in between if board.piece_at(sq) is not None]
    if blockers:
        return (
            "blocked",
            f"the way from {start} to {end} is blocked by the piece on {blockers[0]} (Art. 15)",
            None,
        )
    return "no-such-move", f"no such move; the legal moves are {_list(legal, board)}", None

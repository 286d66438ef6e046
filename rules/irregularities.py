"""Art. 23 (002) irregularities that a score sheet shows, named in the order RULES.md fixes.

For the move written at a half-move, in the position before it, the first that applies:
1. a legal move: no irregularity (the caller checks this first, with `parse_move`);
2. its first square holds a piece of the player not to move: (e), or (a) when the sheet
   shows the same player moving twice;
3. its first square is empty: (b);
4. a capture was compulsory and the written move captures nothing: (f);
5. a capture whose every jump is valid, after which the same piece could still capture: (i);
6. a complete capture taking fewer pieces than the majority law requires: (h);
7. anything else: (b).

Categories (c), (d), (g) and (j)-(n) happen at the board, not on the sheet: the arbiter reports
them. `Irregularity.move` is the move as written, ready for `Board.push_unchecked` when the
opponent lets it stand.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import Board, Color
from rules.geometry import row_col, square_at
from rules.move import Move
from rules.notation import explain_illegal, move_to_str

TITLES = {
    "a": "two moves in a row",
    "b": "an irregular move of a man or king",
    "e": "moving an opponent's piece",
    "f": "a move when a capture was compulsory",
    "h": "capturing fewer or more pieces than the majority law requires",
    "i": "stopping before the end of a chain capture",
}
"""English names of the Art. 23 categories a sheet can show (002, Art. 23)."""

_DIRECTIONS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


@dataclass(frozen=True)
class Irregularity:
    """One irregular move: its Art. 23 category, a machine code, and an English detail.

    `code` is one of "two-moves-in-a-row", "opponent-piece", "empty-square",
    "capture-compulsory", "incomplete-capture", "majority", "irregular-move". `move` is the move
    as written (path and the pieces jumped on it), as it is carried out if it stands.
    """

    category: str
    code: str
    detail: str
    move: Move
    required: int | None = None

    @property
    def article(self) -> str:
        """ "23(f)": the article and letter, as the replay's JSON gives it."""
        return f"23({self.category})"

    @property
    def title(self) -> str:
        return TITLES[self.category]

    @property
    def reason(self) -> str:
        """One sentence for the arbiter: what the category is and why this move is in it."""
        return f"Art. 23 ({self.category}), {self.title}: {self.detail}"


@dataclass(frozen=True)
class _Jumps:
    path: tuple[int, ...]
    captured: frozenset[int]
    complete: bool


def _step(square: int, direction: tuple[int, int], size: int) -> int | None:
    row, col = row_col(square, size)
    return square_at(row + direction[0], col + direction[1], size)


def _occupant(board: Board, square: int, start: int) -> Color | None:
    """Colour on a square during the move: the moving piece has left its start square."""
    if square == start:
        return None
    piece = board.piece_at(square)
    return None if piece is None else piece.color


def _single_jumps(
    board: Board, start: int, at: int, king: bool, mover: Color, jumped: frozenset[int]
) -> list[tuple[int, int]]:
    """(captured square, landing square) of every one-piece jump from `at` (Turkish strike:
    jumped pieces stay on the board, block the way and cannot be jumped again)."""
    size = board.variant.size
    found = []
    for direction in _DIRECTIONS:
        square = _step(at, direction, size)
        if king:
            while square is not None and _occupant(board, square, start) is None:
                square = _step(square, direction, size)
        if square is None or square in jumped or _occupant(board, square, start) in (None, mover):
            continue
        landing = _step(square, direction, size)
        while landing is not None and _occupant(board, landing, start) is None:
            found.append((square, landing))
            if not king:
                break
            landing = _step(landing, direction, size)
    return found


def written_jumps(board: Board, squares: tuple[int, ...]) -> list[_Jumps]:
    """Every valid jump sequence of the piece on squares[0] that lands on the written
    intermediate squares in order and ends on the last one (stopping there or not); see
    `_written_jumps`. Computed once per position and squares (`legal_reading` and `classify`
    both ask)."""
    return board.memoised(("jumps", tuple(squares)), lambda: _written_jumps(board, squares))


def _written_jumps(board: Board, squares: tuple[int, ...]) -> list[_Jumps]:
    """Every valid jump sequence of the piece on squares[0] that lands on the written
    intermediate squares in order and ends on the last one (stopping there or not).

    One entry per distinct (captured set, complete), with the first route a depth-first search
    meets, in the order they are first met. The search runs over states (square, pieces jumped,
    written squares reached), each explored once: where the piece can go on depends on nothing
    else (jumped pieces stay on the board, Art. 8), so a king among many pieces costs its
    states, not its thousands of routes.
    """
    start, end, waypoints = squares[0], squares[-1], squares[1:-1]
    piece = board.piece_at(start)
    if piece is None:
        return []
    # the jumps from a square when nothing is jumped yet: occupancy is fixed during the move
    reach: dict[int, list[tuple[int, int]]] = {}
    _State = tuple[int, frozenset[int], int]
    root: _State = (start, frozenset(), 0)
    parents: dict[_State, _State | None] = {root: None}
    records: list[tuple[_State, bool]] = []

    def search(state: _State) -> None:
        at, jumped, reached = state
        options = reach.get(at)
        if options is None:
            options = reach[at] = _single_jumps(
                board, start, at, piece.king, piece.color, frozenset()
            )
        jumps = [(captured, landing) for captured, landing in options if captured not in jumped]
        if state is not root and at == end and reached == len(waypoints):
            records.append((state, not jumps))
        for captured, landing in jumps:
            after = reached
            if after < len(waypoints) and landing == waypoints[after]:
                after += 1
            child = (landing, jumped | {captured}, after)
            if child not in parents:
                parents[child] = state
                search(child)

    search(root)
    found = []
    for state, complete in records:
        path = []
        step: _State | None = state
        while step is not None:
            path.append(step[0])
            step = parents[step]
        found.append(_Jumps(tuple(reversed(path)), state[1], complete))
    return found


def _literal_move(board: Board, squares: tuple[int, ...]) -> Move:
    """The move exactly as written: every piece between two written squares is jumped."""
    size = board.variant.size
    captured: set[int] = set()
    for a, b in zip(squares, squares[1:], strict=False):
        (ra, ca), (rb, cb) = row_col(a, size), row_col(b, size)
        if abs(ra - rb) != abs(ca - cb) or ra == rb:
            continue
        dr, dc = (1 if rb > ra else -1), (1 if cb > ca else -1)
        for k in range(1, abs(ra - rb)):
            square = square_at(ra + dr * k, ca + dc * k, size)
            if square is not None and square != squares[0] and board.piece_at(square) is not None:
                captured.add(square)
    return Move(squares, tuple(captured))


def _legal_list(board: Board) -> str:
    moves = board.legal_moves()
    shown = ", ".join(move_to_str(board, m) for m in moves[:6])
    return shown + (", ..." if len(moves) > 6 else "")


def legal_reading(board: Board, squares: tuple[int, ...]) -> Move | None:
    """The legal capture a written path stands for when it takes another route than the one
    the engine keeps for the same (start, end, captured set), else None (RULES.md: such moves
    are the same move)."""
    legal = set(board.legal_moves())
    for jumps in written_jumps(board, squares):
        move = Move(jumps.path, tuple(jumps.captured))
        if jumps.complete and move in legal:
            return move
    return None


def classify(
    board: Board,
    squares: tuple[int, ...],
    is_capture: bool = False,
    sheet_side: str | None = None,
) -> Irregularity:
    """The Art. 23 category of a written move that is not legal in `board` (RULES.md order).

    `squares` are the written squares (start, any landing squares, end) and `is_capture` whether
    they were joined by "x"; `sheet_side` is the side the score sheet gives the move ("W"/"B"),
    which tells (a) from (e).
    """
    start, end = squares[0], squares[-1]
    piece = board.piece_at(start)
    to_move = "White" if board.turn == Color.WHITE else "Black"
    literal = _literal_move(board, squares)
    if piece is not None and piece.color != board.turn:  # 2.
        owner = "White" if piece.color == Color.WHITE else "Black"
        if sheet_side is not None and sheet_side != board.turn:
            return Irregularity(
                "a",
                "two-moves-in-a-row",
                f"the sheet gives {owner} this move right after {owner}'s own, "
                f"with {owner}'s piece on {start}; {to_move} was to move",
                literal,
            )
        return Irregularity(
            "e",
            "opponent-piece",
            f"the piece on {start} is {owner}'s; {to_move} was to move",
            literal,
        )
    if piece is None:  # 3.
        return Irregularity("b", "empty-square", f"square {start} is empty", literal)
    sequences = written_jumps(board, squares)
    if board.has_capture() and not sequences and not literal.captured:  # 4.
        return Irregularity(
            "f",
            "capture-compulsory",
            f"a capture was compulsory (Art. 16): {_legal_list(board)}",
            literal,
        )
    stopped = [s for s in sequences if not s.complete]
    if stopped:  # 5.
        return Irregularity(
            "i",
            "incomplete-capture",
            f"the capture stops on {end}, where the same piece can still capture (Art. 19)",
            Move(stopped[0].path, tuple(stopped[0].captured)),
        )
    complete = [s for s in sequences if s.complete]
    legal = board.legal_moves()
    required = len(legal[0].captured) if legal and legal[0].is_capture else 0
    short = [s for s in complete if len(s.captured) != required]
    if short:  # 6.
        taken = len(short[0].captured)
        return Irregularity(
            "h",
            "majority",
            f"the capture takes {taken} piece{'s' if taken != 1 else ''} where the majority "
            f"law requires {required} (Art. 19): {_legal_list(board)}",
            Move(short[0].path, tuple(short[0].captured)),
            required=required,
        )
    _code, detail, _required = explain_illegal(board, squares, is_capture)
    return Irregularity("b", "irregular-move", detail, literal)  # 7.

"""A deliberately simple move generator on (row, column) coordinates, for cross-checking.

It shares no code with `rules.movegen` (no bitboards, no tables): it reads RULES.md literally.
Slow, and only used by tests.
"""

from rules.board import Board, Color
from rules.geometry import row_col, square_at

DIRECTIONS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def naive_legal_moves(board: Board) -> set[tuple[int, int, tuple[int, ...]]]:
    """Legal moves as {(start, end, captured squares ascending)}."""
    size = board.variant.size
    grid = {
        row_col(sq, size): piece
        for sq, piece in (*board.pieces("W").items(), *board.pieces("B").items())
    }
    me = board.turn
    forward = -1 if me == Color.WHITE else 1  # White moves up the board (RULES.md "Boards")

    def on_board(r, c):
        return 0 <= r < size and 0 <= c < size

    captures: set[tuple[tuple[int, int], tuple[int, int], frozenset]] = set()

    def chain(start, here, king, taken):
        def free(cell):  # the moving piece has left its start square
            return cell == start or cell not in grid

        def enemy(cell):
            return cell in grid and cell != start and grid[cell].color != me and cell not in taken

        went_on = False
        for dr, dc in DIRECTIONS:
            r, c = here[0] + dr, here[1] + dc
            if king:
                while on_board(r, c) and free((r, c)):
                    r, c = r + dr, c + dc
            if not on_board(r, c) or not enemy((r, c)):
                continue  # own piece, piece already jumped (stays on the board), or nothing
            victim = (r, c)
            r, c = r + dr, c + dc
            while on_board(r, c) and free((r, c)):
                went_on = True
                chain(start, (r, c), king, taken | {victim})
                if not king:
                    break  # a man lands right behind the piece
                r, c = r + dr, c + dc
        if not went_on and taken:
            captures.add((start, here, frozenset(taken)))

    for cell, piece in grid.items():
        if piece.color == me:
            chain(cell, cell, piece.king, frozenset())

    def square(cell):
        return square_at(cell[0], cell[1], size)

    if captures:
        most = max(len(taken) for _s, _e, taken in captures)
        return {
            (square(s), square(e), tuple(sorted(square(t) for t in taken)))
            for s, e, taken in captures
            if len(taken) == most
        }
    moves = set()
    for (r0, c0), piece in grid.items():
        if piece.color != me:
            continue
        for dr, dc in DIRECTIONS:
            if not piece.king and dr != forward:
                continue
            r, c = r0 + dr, c0 + dc
            while on_board(r, c) and (r, c) not in grid:
                moves.add((square((r0, c0)), square((r, c)), ()))
                if not piece.king:
                    break
                r, c = r + dr, c + dc
    return moves

"""Search for the positions where capture generation works hardest (restarts + hill climbing).

Run from the repository root:  .venv/bin/python bench/worst_captures.py [--variant international]
    [--seconds 10] [--seed 1] [--top 5]

The work is `Board.capture_search_states()`: how many (square, captured set) states the capture
search explores, a count that does not depend on the machine. Each climb starts from a random
position with up to two White kings and a few White men among enemy pieces, then keeps any
change (move, add or remove a piece, crown or uncrown one) that does not lower the work.
Positions stay plausible: at most as many pieces per side as the game starts with, no man on its
own promotion row, White to move. The worst positions found are printed as FENs, ready for the
tests (tests/rules/test_capture_search_bounds.py) and bench/captures.py.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import Board  # noqa: E402
from rules.variants import VARIANTS, Variant  # noqa: E402

COMMAND = ".venv/bin/python bench/worst_captures.py"

# A position: {square: "w" | "W" | "b" | "B"} (lower case men, upper case kings), White to move.
Position = dict[int, str]


def fen_of(position: Position) -> str:
    """The PDN FEN of a position, White to move."""

    def side(colour: str) -> str:
        return ",".join(
            ("K" if p.isupper() else "") + str(sq)
            for sq, p in sorted(position.items())
            if p.lower() == colour
        )

    return f"W:W{side('w')}:B{side('b')}"


def work(position: Position, variant: Variant) -> int:
    """States the capture search explores in this position (0 when White cannot capture)."""
    return Board.from_fen(fen_of(position), variant).capture_search_states()


def _allowed(square: int, piece: str, variant: Variant) -> bool:
    if piece == "w":
        return square not in variant.white_promotion_row()
    if piece == "b":
        return square not in variant.black_promotion_row()
    return True


def _count(position: Position, colour: str) -> int:
    return sum(1 for p in position.values() if p.lower() == colour)


def random_position(rng: random.Random, variant: Variant) -> Position:
    """Up to two White kings, a few White men, many Black pieces (mostly men)."""
    squares = list(range(1, variant.squares + 1))
    rng.shuffle(squares)
    position: Position = {}
    kings = rng.choice((0, 1, 1, 2))
    blacks = rng.randint(variant.men_per_side // 2, variant.men_per_side)
    whites = rng.randint(0 if kings else 1, 3)
    wanted = ["W"] * kings + ["w"] * whites + ["b"] * blacks
    for piece in wanted:
        if piece == "b" and rng.random() < 0.1:
            piece = "B"
        for square in squares:
            if square not in position and _allowed(square, piece, variant):
                position[square] = piece
                break
    return position


def mutate(position: Position, rng: random.Random, variant: Variant) -> Position:
    """A neighbouring position: one piece moved, added, removed, crowned or uncrowned."""
    result = dict(position)
    empty = [sq for sq in range(1, variant.squares + 1) if sq not in result]
    kind = rng.random()
    occupied = sorted(result)
    if kind < 0.5 and occupied and empty:
        square = rng.choice(occupied)
        piece = result.pop(square)
        target = rng.choice(empty)
        if _allowed(target, piece, variant):
            result[target] = piece
        else:
            result[square] = piece
    elif kind < 0.7 and empty:
        piece = rng.choice("bbbbBw")
        target = rng.choice(empty)
        if _count(result, piece.lower()) < variant.men_per_side and _allowed(
            target, piece, variant
        ):
            result[target] = piece
    elif kind < 0.85 and occupied:
        square = rng.choice(occupied)
        if result[square] not in "wW" or _count(result, "w") > 1:
            del result[square]
    elif occupied:
        square = rng.choice(occupied)
        piece = result[square]
        flipped = piece.lower() if piece.isupper() else piece.upper()
        if _allowed(square, flipped, variant):
            result[square] = flipped
    return result


def climb(
    rng: random.Random, variant: Variant, steps: int, start: Position | None = None
) -> tuple[int, Position]:
    """Hill-climb from a random (or given) position; returns (work, position)."""
    position = start if start is not None else random_position(rng, variant)
    score = work(position, variant)
    for _ in range(steps):
        candidate = mutate(position, rng, variant)
        value = work(candidate, variant)
        if value >= score:
            position, score = candidate, value
    return score, position


def position_of(fen: str, variant: Variant) -> Position:
    """A position (White to move) from a FEN, to climb on from a known bad one."""
    board = Board.from_fen(fen, variant)
    return {sq: piece.symbol() for colour in "WB" for sq, piece in board.pieces(colour).items()}


def search(
    variant: Variant, seconds: float, seed: int, top: int, starts: list[str] = ()
) -> list[tuple[int, str]]:
    """The `top` worst distinct positions found within `seconds`: [(work, fen)], worst first.

    Climbs start from random positions, or in turn from each FEN of `starts`."""
    rng = random.Random(seed)
    found: dict[str, int] = {}
    deadline = time.monotonic() + seconds
    turn = 0
    while time.monotonic() < deadline:
        start = position_of(starts[turn % len(starts)], variant) if starts else None
        turn += 1
        score, position = climb(rng, variant, 300, start)
        # polish the one found a little longer
        score, position = climb(rng, variant, 300, position)
        found[fen_of(position)] = score
    ranked = sorted(((s, f) for f, s in found.items()), reverse=True)
    return ranked[:top]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="international")
    parser.add_argument("--seconds", type=float, default=10.0, help="time spent searching")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=5, help="how many positions to print")
    parser.add_argument(
        "--start", action="append", default=[], help="climb from this FEN (repeatable)"
    )
    args = parser.parse_args()
    variant = VARIANTS[args.variant]
    for score, fen in search(variant, args.seconds, args.seed, args.top, args.start):
        board = Board.from_fen(fen, variant)
        started = time.perf_counter()
        moves = board.legal_moves()
        elapsed = time.perf_counter() - started
        print(
            f"{score:6d} states  {len(moves)} moves of {len(moves[0].captured)} captures  "
            f"{elapsed * 1000:6.2f} ms  {fen}",
            flush=True,
        )
    starts = "".join(f" --start {fen}" for fen in args.start)
    print(
        f"rerun: {COMMAND} --variant {args.variant} --seconds {args.seconds:g} --seed {args.seed}"
        + starts
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

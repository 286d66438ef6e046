"""Command line: the contract for checking the engine from outside.

    python -m rules perft --variant brazilian|international [--fen FEN] --depth N
    python -m rules moves --variant brazilian|international   < fens.txt

`perft` prints one line per root move ("22-18: 1234") as it goes, then the node count alone as
its last line. `moves` reads one FEN per line and writes one JSON line per FEN: the sorted legal
moves as [from, to, [captured squares ascending]], or {"error": "..."} for a FEN it cannot read.

Sub-commands register themselves in `COMMANDS`, so other modules (score-sheet replay) can add one.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from rules.board import Board
from rules.errors import DraughtsError
from rules.notation import move_to_str
from rules.perft import perft
from rules.variants import VARIANTS, variant_by_name

__all__ = ["COMMANDS", "build_parser", "main", "moves_json"]

# name -> (function adding the sub-command's arguments, function running it -> exit code)
COMMANDS: dict[
    str, tuple[Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]
] = {}


def _add_variant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant",
        choices=sorted(VARIANTS),
        default="brazilian",
        help="board variant (default: brazilian)",
    )


# ---------------------------------------------------------------------- perft
def _perft_arguments(parser: argparse.ArgumentParser) -> None:
    _add_variant(parser)
    parser.add_argument("--fen", help="start position (default: the initial position)")
    parser.add_argument("--depth", type=int, required=True, help="plies to count")


def _perft_run(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    variant = variant_by_name(args.variant)
    board = Board.from_fen(args.fen, variant) if args.fen else Board(variant)
    if args.depth < 0:
        raise DraughtsError("--depth must be >= 0")
    started = time.perf_counter()
    total = 0
    if args.depth >= 2:
        # progress per root move, then the total alone on the last line
        for move in board.legal_moves():
            text = move_to_str(board, move)
            board.push(move)
            nodes = perft(board, args.depth - 1)
            board.pop()
            total += nodes
            print(f"{text}: {nodes}", file=out, flush=True)
    else:
        total = perft(board, args.depth)
    elapsed = time.perf_counter() - started
    print(
        f"perft({args.depth}) {variant.name}: {total} nodes in {elapsed:.2f} s",
        file=sys.stderr,
        flush=True,
    )
    print(total, file=out, flush=True)
    return 0


# ---------------------------------------------------------------------- moves
def moves_json(board: Board) -> str:
    """The legal moves of a board as the `moves` sub-command writes them (one JSON line)."""
    moves = sorted([m.start, m.end, list(m.captured)] for m in board.legal_moves())
    return json.dumps(moves, separators=(",", ":"))


def _moves_arguments(parser: argparse.ArgumentParser) -> None:
    _add_variant(parser)


def _moves_run(
    args: argparse.Namespace, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout
) -> int:
    variant = variant_by_name(args.variant)
    for line in stdin:
        fen = line.strip()
        if not fen:
            continue
        try:
            board = Board.from_fen(fen, variant)
        except DraughtsError as exc:
            print(json.dumps({"error": str(exc)}), file=out, flush=True)
            continue
        print(moves_json(board), file=out, flush=True)
    return 0


# ---------------------------------------------------------------------- replay (score sheets)
def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    from rules.profiles import DEFAULT_PROFILE, DEFAULT_TIME_CONTROL, PROFILES, TIME_CONTROLS

    parser.add_argument(
        "--variant",
        choices=sorted(VARIANTS),
        default=None,
        help="board variant (default: each game's GameType tag, 20 or 26)",
    )
    parser.add_argument(
        "--profile", choices=list(PROFILES), default=DEFAULT_PROFILE, help="draw rules profile"
    )
    parser.add_argument(
        "--time-control",
        choices=TIME_CONTROLS,
        default=DEFAULT_TIME_CONTROL,
        help="time control, for the 100-square draw rules (default: classical)",
    )
    parser.add_argument(
        "--accept",
        nargs="+",
        action="extend",
        default=[],
        metavar="PLY",
        help="irregular moves the opponent let stand: PLY (every game) or GAME:PLY",
    )
    parser.add_argument(
        "--max-plies",
        type=int,
        default=None,
        help="refuse a game longer than this many half-moves (its line says which ply)",
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=None,
        help="refuse a game whose replay takes more engine time than this",
    )
    parser.add_argument("file", nargs="?", help="PDN file ('-' for standard input)")


def _replay_run(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """One JSON line per game; exit status 1 when a game or the file could not be read."""
    from rules.replay_files import parse_accept, read_pdn_file, replay_text

    accept = list(args.accept)
    path = args.file
    if path is None and accept and not accept[-1].replace(":", "").isdigit():
        path = accept.pop()  # "--accept 17 game.pdn": the file came after the plies
    if path is None:
        raise DraughtsError("replay needs a PDN file")
    variant = variant_by_name(args.variant) if args.variant else None
    failed = False
    results = replay_text(
        read_pdn_file(path),
        variant,
        profile=args.profile,
        time_control=args.time_control,
        accept=parse_accept(accept),
        max_plies=args.max_plies,
        max_seconds=args.max_seconds,
    )
    for result in results:
        failed = failed or "error" in result
        print(json.dumps(result, ensure_ascii=False), file=out, flush=True)
    return 1 if failed else 0


COMMANDS["perft"] = (_perft_arguments, _perft_run)
COMMANDS["moves"] = (_moves_arguments, _moves_run)
COMMANDS["replay"] = (_replay_arguments, _replay_run)

_HELP = {
    "perft": "count the move sequences of a given length (last line: the count)",
    "moves": "read FENs from stdin, write their legal moves as JSON lines",
    "replay": "replay the games of a PDN file: illegal moves (Art. 23) and draws, as JSON lines",
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered sub-command."""
    parser = argparse.ArgumentParser(
        prog="python -m rules", description="Draughts rules engine (Brazilian and international)."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (add_arguments, _run) in COMMANDS.items():
        add_arguments(sub.add_parser(name, help=_HELP.get(name)))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `python -m rules`; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command][1](args)
    except DraughtsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

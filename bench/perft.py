"""Perft speed of the rules engine: Brazilian perft(8) and international perft(7) from the start.

Run from the repository root:  .venv/bin/python bench/perft.py [--repeat 3]

Each count runs `--repeat` times; the best time is reported (the machine is shared, so the best
run is the least disturbed one). The counts are checked against the known values.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import BRAZILIAN, INTERNATIONAL, Board, perft  # noqa: E402

CASES = [
    (BRAZILIAN, 8, 907_830),
    (INTERNATIONAL, 7, 1_049_442),
]
COMMAND = ".venv/bin/python bench/perft.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per count; the best is shown")
    args = parser.parse_args()
    ok = True
    for variant, depth, expected in CASES:
        times = []
        nodes = 0
        for _ in range(args.repeat):
            board = Board(variant)
            started = time.perf_counter()
            nodes = perft(board, depth)
            times.append(time.perf_counter() - started)
        best = min(times)
        status = "" if nodes == expected else f"  WRONG: expected {expected}"
        ok &= nodes == expected
        print(
            f"{variant.name} perft({depth}) = {nodes} in {best:.2f} s "
            f"({nodes / best:,.0f} nodes/s; best of {args.repeat}: "
            f"{', '.join(f'{t:.2f}' for t in times)}){status}",
            flush=True,
        )
    print(f"rerun: {COMMAND}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""Speed of score-sheet replay (issue 4: target at least 200 games per second).

Builds a PDN file of at least 1,000 games from the real tournament games and the Brazilian
sample sheets in tests/data (repeated), writes it to a temporary file, then reads and replays
every game with full move checking and draw tracking (profile cbd), as `python -m rules replay`
does. Runs three times and reports the best run (the machine is shared).

Rerun with: .venv/bin/python bench/replay.py [--games 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.pdn import read_games  # noqa: E402
from rules.pdn_writer import write_games  # noqa: E402
from rules.replay import replay_game  # noqa: E402

TARGET_GAMES_PER_SECOND = 200
SOURCES = sorted((ROOT / "tests" / "data" / "games").glob("*.pdn")) + sorted(
    (ROOT / "tests" / "data" / "pdn").glob("brazilian-*.pdn")
)


def build_file(minimum: int, directory: str) -> Path:
    """A PDN file of at least `minimum` games, written as PDN (the real files, repeated)."""
    games = [game for path in SOURCES for game in read_games(path.read_text(encoding="utf-8"))]
    copies = -(-minimum // len(games))
    path = Path(directory) / "bench-replay.pdn"
    path.write_text(write_games(games * copies), encoding="utf-8")
    return path


def replay_file(path: Path) -> tuple[int, int, float]:
    """(games, plies, seconds) to read the file and replay every game in it."""
    started = time.perf_counter()
    games = read_games(path.read_text(encoding="utf-8"))
    plies = 0
    for game in games:
        replay = replay_game(game)
        if replay.illegal is not None:
            raise SystemExit(f"benchmark game is not legal: {replay.illegal.as_dict()}")
        plies += replay.moves
    return len(games), plies, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="at least this many games")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        path = build_file(args.games, directory)
        runs = [replay_file(path) for _ in range(args.repeat)]
    games, plies, seconds = min(runs, key=lambda run: run[2])
    games_per_second = games / seconds
    print(
        f"replay: {games} games, {plies} plies in {seconds:.2f} s (best of {args.repeat}): "
        f"{games_per_second:.0f} games/s, {plies / seconds:.0f} plies/s "
        f"(target {TARGET_GAMES_PER_SECOND} games/s, reading and draw tracking included)"
    )
    print("rerun: .venv/bin/python bench/replay.py")
    return 0 if games_per_second >= TARGET_GAMES_PER_SECOND else 1


if __name__ == "__main__":
    sys.exit(main())

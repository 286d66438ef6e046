"""Time the Dutch engine through its command line on large fields, beside bbpPairings if given.

Issue 28 measures both engines the way an arbiter's program runs them: one process per round,
`--dutch IN.trf -p OUT`, process start included. A random tournament of N players and 9 rounds is
played out by our engine (tournaments.pairing.swiss.simulate: rating-driven results, draws,
forfeits, half-point byes) up to round 8 and cut before round R; each engine then pairs round R
of that file. `--bbp PATH` adds a bbpPairings column (its binary, `PATH --dutch IN -p OUT`) and
checks the pairings are equal; without it the issue's own bbpPairings 6.0.0 figures are printed
as the reference (another run, another machine load: not measured here). Times are wall clock
(the machine may be shared) and the child process's CPU time, the best of ``--repeat`` runs of
each engine taken in turns (3; once on fields of 500 or more); ours also gives its largest
resident set (MB). The engine is byte-compiled first, as an installed package is. Simulated
fields, and the tournament `-c` re-pairs, are cached (``--cache``, default the temporary
directory: a 1,000-player field takes minutes to play out). Rerun with:

    .venv/bin/python bench/swiss.py [--players 100 300 600 1000] [--rounds 2 5 9]
        [--bbp PATH] [--check 1000x11] [--repeat 3]
"""

from __future__ import annotations

import argparse
import compileall
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.pairing.swiss.simulate import simulate  # noqa: E402
from tournaments.pairing.swiss.trf import parse_trf, write_trf  # noqa: E402

COMMAND = ".venv/bin/python bench/swiss.py"
TOTAL_ROUNDS = 9
ENGINE = [sys.executable, "-m", "tournaments.pairing.swiss"]
#: Issue 28's measurement of bbpPairings 6.0.0 (seconds, process start included), by field and
#: round: a reference from another run, printed when no --bbp binary is given.
BBP_REFERENCE = {
    100: {2: 0.04, 5: 0.04, 9: 0.03},
    300: {2: 0.55, 5: 0.70, 9: 0.67},
    600: {2: 6.5, 5: 14.7, 9: 8.8},
}


def field_text(players: int, seed: int, cache: Path) -> str:
    """TRF of a ``players``-player, 9-round Swiss played out to round 8 (cached on disk)."""
    path = cache / f"swiss-bench-{players}p-{seed}.trf"
    if path.exists():
        return path.read_text(encoding="ascii")
    t = simulate(players, TOTAL_ROUNDS - 1, seed, TOTAL_ROUNDS)
    t.other_lines = [f"012 Bench {players} players", "092 FIDE_DUTCH_2025"]
    text = write_trf(t)
    path.write_text(text, encoding="ascii")
    return text


def cut(text: str, round_no: int) -> str:
    """The file as it stood before ``round_no`` was paired (rounds 1..round_no-1 only)."""
    t = parse_trf(text)
    return write_trf(t, round_no - 1, scored_rounds=round_no - 1)


def run(command: list[str], out: Path) -> tuple[float, float, frozenset[str], float]:
    """Wall and CPU seconds of one pairing process, its pairs (one ``white black`` a line) and its
    largest resident set in MB (the process's own, from wait4)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise subprocess.CalledProcessError(child.returncode, command)
    cpu = usage.ru_utime + usage.ru_stime
    lines = out.read_text(encoding="ascii").split()
    pairs = frozenset(f"{a} {b}" for a, b in zip(lines[1::2], lines[2::2], strict=True))
    return wall, cpu, pairs, usage.ru_maxrss / 1024


def time_round(
    text: str, round_no: int, bbp: str | None, work: Path, repeat: int = 1
) -> dict[str, object]:
    """Our engine (and bbpPairings if given) pairing ``round_no`` of the cut file, each the best
    of ``repeat`` runs taken in turns (a shared machine only ever adds time)."""
    src = work / f"in-r{round_no}.trf"
    src.write_text(cut(text, round_no), encoding="ascii")
    ours, theirs = work / "ours.txt", work / "bbp.txt"
    mine_runs, their_runs = [], []
    for _ in range(repeat):
        mine_runs.append(run([*ENGINE, "--dutch", str(src), "-p", str(ours)], ours))
        if bbp:
            their_runs.append(run([bbp, "--dutch", str(src), "-p", str(theirs)], theirs))
    wall, cpu = min(r[0] for r in mine_runs), min(r[1] for r in mine_runs)
    mine, rss = mine_runs[0][2], max(r[3] for r in mine_runs)
    assert all(r[2] == mine for r in mine_runs)
    got: dict[str, object] = {"wall": wall, "cpu": cpu, "boards": len(mine), "rss": rss}
    if bbp:
        got.update(
            bbp_wall=min(r[0] for r in their_runs),
            bbp_cpu=min(r[1] for r in their_runs),
            same=all(r[2] == mine for r in their_runs),
        )
    return got


def precompile() -> None:
    """Byte-compile the engine first, as an installed package is: the first run would otherwise
    time the compiler, and every run would where bytecode is not written
    (PYTHONDONTWRITEBYTECODE, as on our CI machines)."""
    for package in ("tournaments", "rules"):
        compileall.compile_dir(ROOT / package, quiet=1)


def startup() -> float:
    """Best of five: seconds for `python -m tournaments.pairing.swiss --help`, start included."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([*ENGINE, "--help"], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best


def time_check(players: int, rounds: int, seed: int, cache: Path) -> float:
    """Wall seconds of `-c` over a finished ``players`` x ``rounds`` tournament (cached on disk:
    playing out 1,000 players x 11 rounds takes minutes)."""
    path = cache / f"swiss-check-{players}x{rounds}-{seed}.trf"
    if not path.exists():
        path.write_text(write_trf(simulate(players, rounds, seed, rounds)), encoding="ascii")
    start = time.perf_counter()
    subprocess.run(
        [*ENGINE, "--dutch", str(path), "-c"], check=True, cwd=ROOT, stdout=subprocess.DEVNULL
    )
    return time.perf_counter() - start


def cell(got: dict[str, object], reference: float | None) -> str:
    text = f"ours {got['wall']:.2f} s (CPU {got['cpu']:.2f}, {got['rss']:.0f} MB)"
    if "bbp_wall" in got:
        same = "same" if got["same"] else "DIFFERENT"
        text += f", bbp {got['bbp_wall']:.2f} s (CPU {got['bbp_cpu']:.2f}), {same}"
    elif reference is not None:
        text += f", ref. bbp {reference:.2f} s"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 300, 600, 1000])
    parser.add_argument("--rounds", type=int, nargs="+", default=[2, 5, 9])
    parser.add_argument("--seed", type=int, default=2028)
    parser.add_argument("--bbp", metavar="PATH", help="bbpPairings binary to time beside ours")
    parser.add_argument("--check", default="100x9", help="-c over PLAYERSxROUNDS ('0' skips)")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()))
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs of each engine per round, in turns, the best kept (fields of 500 or more: 1)",
    )
    options = parser.parse_args(argv)
    precompile()
    print(f"`python -m tournaments.pairing.swiss --help`: {startup():.3f} s (best of 5)")
    rounds = [r for r in options.rounds if 2 <= r <= TOTAL_ROUNDS]
    print("| players | " + " | ".join(f"round {r} of {TOTAL_ROUNDS}" for r in rounds) + " |")
    print("|---" * (len(rounds) + 1) + "|")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for n in options.players:
            text = field_text(n, options.seed + n, options.cache)
            cells = []
            for r in rounds:
                repeat = options.repeat if n < 500 else 1
                got = time_round(text, r, options.bbp, work, repeat)
                cells.append(cell(got, BBP_REFERENCE.get(n, {}).get(r)))
            print(f"| {n} | " + " | ".join(cells) + " |", flush=True)
        if options.check != "0":
            players, rounds_c = (int(x) for x in options.check.split("x"))
            took = time_check(players, rounds_c, options.seed, options.cache)
            print(f"-c over {players} players x {rounds_c} rounds: {took:.2f} s")
    if not options.bbp:
        print("ref. bbp: bbpPairings 6.0.0 as issue 28 measured it (another run), not this one.")
    print(
        f"Targets (issue 28): each round at most bbpPairings' time; 1,000 players under 30 s; "
        f"start-up under 0.1 s. Machine: {os.cpu_count()} cores, possibly shared."
    )
    print(f"Rerun: {COMMAND} [--bbp PATH/bbpPairings.exe]")
    return 0


if __name__ == "__main__":
    sys.exit(main())

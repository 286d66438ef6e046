"""Time one Dutch-system round for 50 to 300 players, beside caissify-pairings 0.5.0 if installed.

A realistic random tournament is played out by our engine (rating-driven results, draws, forfeits,
half-point byes) up to round R (5 of 9 by default) and written as TRF; each engine then re-pairs
round R from rounds 1..R-1 of that file, as a pairings checker does. Targets (issue 14): 100
players at least 10 times faster than caissify-pairings 0.5.0 measured in the same run; 300 players
under 3 s; -c over a 100-player, 9-round tournament under 10 s. Times are wall clock (the machine
may be shared) and CPU time of this process. Rerun with:

    .venv/bin/python bench/swiss.py [--players 50 100 200 300] [--round 5] [--runs 1]
        [--caissify] [--caissify-max 100] [--check-players 100]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.pairing.swiss.dutch import pair_round  # noqa: E402
from tournaments.pairing.swiss.simulate import simulate  # noqa: E402
from tournaments.pairing.swiss.state import from_trf  # noqa: E402
from tournaments.pairing.swiss.trf import TrfTournament, parse_trf, write_trf  # noqa: E402

COMMAND = ".venv/bin/python bench/swiss.py"
TOTAL_ROUNDS = 9


def generate(players: int, rounds: int, seed: int) -> TrfTournament:
    """``rounds`` rounds of a ``players``-player Swiss paired by our engine, random results."""
    t = simulate(players, rounds, seed, TOTAL_ROUNDS)
    t.other_lines = [f"012 Bench {players} players", "092 FIDE_DUTCH_2025"]
    return t


def time_ours(trf_text: str, round_no: int) -> tuple[float, set, float]:
    """Wall seconds to read the file and pair ``round_no``, the pairing, and the CPU seconds."""
    start, cpu = time.perf_counter(), time.process_time()
    t = parse_trf(trf_text)
    result = pair_round(from_trf(t, round_no, TOTAL_ROUNDS))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return elapsed, set(result.boards) | ({(result.bye, 0)} if result.bye else set()), cpu


def time_caissify(trf_text: str, round_no: int) -> tuple[float, set] | None:
    """caissify-pairings 0.5.0 pairing ``round_no`` of the same file, set up as its own checker
    does (its private helpers: this is a benchmark, not a dependency), or None if not installed."""
    try:
        from caissify_pairings import fpc  # type: ignore[import-not-found]
        from caissify_pairings.trf import TRFParser  # type: ignore[import-not-found]
    except ImportError:
        return None
    start = time.perf_counter()
    parsed = TRFParser(trf_text).parse()
    players = {p["starting_number"]: p for p in parsed["players"]}
    engine = fpc.DutchEngine(
        players=fpc._build_engine_players(players, round_no),
        previous_pairings=fpc._build_previous_pairings(players, round_no),
        round_number=round_no,
        total_rounds=TOTAL_ROUNDS,
        initial_color=fpc._infer_initial_color(players),
    )
    output = fpc._normalise_engine_output(engine.generate_pairings())
    elapsed = time.perf_counter() - start
    boards = {(p["white"], p.get("black") or 0) for p in output}
    return elapsed, boards


def _pairs(boards: set) -> set:
    return {frozenset(b) for b in boards}


def time_check(players: int, seed: int) -> float:
    """Our checker (-c) re-pairing every round of a finished 9-round tournament."""
    from tournaments.pairing.swiss.checker import check_tournament
    from tournaments.pairing.swiss.systems import get_system

    text = write_trf(generate(players, TOTAL_ROUNDS, seed))
    start = time.perf_counter()
    found = check_tournament(parse_trf(text), get_system("dutch"))
    elapsed = time.perf_counter() - start
    assert not found, found
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[50, 100, 200, 300])
    parser.add_argument("--round", type=int, default=5, help="round to pair")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--caissify", action="store_true", help="also time caissify-pairings")
    parser.add_argument(
        "--caissify-max", type=int, default=100, help="largest field for caissify (300: ~8 min)"
    )
    parser.add_argument("--check-players", type=int, default=100)
    options = parser.parse_args()
    print(f"Dutch system, round {options.round} of {TOTAL_ROUNDS}; best of {options.runs}")
    for n in options.players:
        # Rounds 1..R are in the file (R paired by our engine); both engines re-pair round R from
        # rounds 1..R-1, as caissify's own checker does.
        text = write_trf(generate(n, options.round, options.seed + n))
        ours, mine, cpu = min(time_ours(text, options.round) for _ in range(options.runs))
        line = f"  {n:4d} players: ours {ours:7.3f} s (CPU {cpu:6.3f} s)"
        if options.caissify and n <= options.caissify_max:
            got = time_caissify(text, options.round)
            if got is None:
                line += "   (caissify-pairings not installed)"
            else:
                theirs, boards = got
                # caissify's checker compares boards without colours (and allocates some
                # colour ties unlike bbpPairings' files): compare the pairs only.
                same = "same pairs" if _pairs(boards) == _pairs(mine) else "DIFFERENT pairs"
                line += f"   caissify-pairings 0.5.0 {theirs:7.3f} s  {theirs / ours:5.1f}x, {same}"
        print(line, flush=True)
    check = time_check(options.check_players, options.seed)
    print(f"  -c over {options.check_players} players, {TOTAL_ROUNDS} rounds: {check:7.3f} s")
    print("Targets: 100 players >= 10x caissify-pairings 0.5.0; 300 players < 3 s; -c < 10 s.")
    print(f"Rerun: {COMMAND} --caissify")
    return 0


if __name__ == "__main__":
    sys.exit(main())

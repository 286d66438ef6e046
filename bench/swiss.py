"""Time one Dutch-system round for 100 and 300 players, beside caissify-pairings 0.5.0 if installed.

A realistic random tournament is generated with our own engine (rating-driven results, draws,
forfeits, half-point byes), written as TRF, and the next round (round 5 of 9 by default) is paired
from that file by each engine. Targets (issue 14): 100 players at least 10 times faster than
caissify-pairings 0.5.0 measured in the same run; 300 players under 3 s. Rerun with:

    .venv/bin/python bench/swiss.py [--players 100 300] [--round 5] [--runs 1] [--caissify]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.swiss.dutch import pair_round  # noqa: E402
from tournaments.swiss.state import from_trf  # noqa: E402
from tournaments.swiss.trf import RoundEntry, TrfPlayer, TrfTournament, parse_trf, write_trf  # noqa: E402

COMMAND = ".venv/bin/python bench/swiss.py"
TOTAL_ROUNDS = 9


def generate(players: int, rounds: int, seed: int) -> TrfTournament:
    """``rounds`` rounds of a ``players``-player Swiss paired by our engine, random results."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2600) for _ in range(players)), reverse=True)
    t = TrfTournament(
        {
            n: TrfPlayer(n, f"Player {n:03d}", ratings[n - 1], Fraction(0), 0, [], n)
            for n in range(1, players + 1)
        },
        total_rounds=TOTAL_ROUNDS,
        initial_colour="w",
        other_lines=[f"012 Bench {players} players", "092 FIDE_DUTCH_2025"],
    )
    for r in range(1, rounds + 1):
        absent = {n for n in t.players if rng.random() < 0.02}
        for n in absent:
            t.players[n].rounds.append(RoundEntry(0, "-", "H"))
        result = pair_round(from_trf(t, r, TOTAL_ROUNDS))
        for w, b in result.boards:
            pw, pb = t.players[w], t.players[b]
            expect = 1 / (1 + 10 ** ((pb.rating - pw.rating) / 400))
            x = rng.random()
            if x < 0.01:
                rw, rb = "+", "-"
            elif x < 0.3:
                rw, rb = "=", "="
            elif rng.random() < expect:
                rw, rb = "1", "0"
            else:
                rw, rb = "0", "1"
            pw.rounds.append(RoundEntry(b, "w", rw))
            pb.rounds.append(RoundEntry(w, "b", rb))
        if result.bye:
            t.players[result.bye].rounds.append(RoundEntry(0, "-", "U"))
    for p in t.players.values():
        p.points = sum((e.points for e in p.rounds), Fraction(0))
    return t


def time_ours(trf_text: str, round_no: int) -> float:
    start = time.perf_counter()
    t = parse_trf(trf_text)
    pair_round(from_trf(t, round_no, TOTAL_ROUNDS))
    return time.perf_counter() - start


def time_caissify(text: str) -> float | None:
    """caissify-pairings 0.5.0 re-pairing every round of the same file (its checker), or None."""
    try:
        from caissify_pairings.fpc import check_trf  # type: ignore[import-not-found]
    except ImportError:
        return None
    start = time.perf_counter()
    check_trf(text)
    return time.perf_counter() - start


def time_our_check(text: str) -> float:
    """Our checker on the same file: every round re-paired, as caissify's check does."""
    from tournaments.swiss.checker import check_tournament
    from tournaments.swiss.systems import get_system

    start = time.perf_counter()
    check_tournament(parse_trf(text), get_system("dutch"))
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 300])
    parser.add_argument("--round", type=int, default=5, help="round to pair")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--caissify", action="store_true", help="also time caissify-pairings")
    options = parser.parse_args()
    print(f"Dutch system, round {options.round} of {TOTAL_ROUNDS}; best of {options.runs}")
    for n in options.players:
        t = generate(n, options.round - 1, options.seed + n)
        text = write_trf(t)
        ours = min(time_ours(text, options.round) for _ in range(options.runs))
        line = f"  {n:4d} players: ours {ours:7.3f} s"
        print(line, flush=True)
        if options.caissify:
            # Both checkers re-pair rounds 1..R of the same file (R = the round above, played).
            played = generate(n, options.round, options.seed + n)
            full = write_trf(played)
            mine = time_our_check(full)
            theirs = time_caissify(full)
            line = f"        check of rounds 1-{options.round}: ours {mine:7.3f} s"
            if theirs is not None:
                line += f"   caissify-pairings 0.5.0 {theirs:7.3f} s   ratio {theirs / mine:5.1f}x"
            else:
                line += "   (caissify-pairings not installed)"
        print(line, flush=True)
    print("Targets: 100 players >= 10x caissify-pairings 0.5.0; 300 players < 3 s.")
    print(f"Rerun: {COMMAND} --caissify")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Command line as the FIDE-endorsed engines have it (JaVaFo, bbpPairings).

    python -m tournaments.pairing.swiss --dutch IN.trf -p [OUT.txt]   pair the next round
    python -m tournaments.pairing.swiss --dutch FILE.trf -c           check every round

The pairing file holds the number of pairs, then one ``white black`` line per board, a
pairing-allocated bye as ``N 0``. Exit codes as bbpPairings: 0 done, 1 no valid pairing,
3 bad input (the message names line and column); a check with discrepancies also exits 1.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence

from tournaments.pairing.swiss.checker import check_tournament
from tournaments.pairing.swiss.dutch_criteria import NoValidPairing
from tournaments.pairing.swiss.state import from_trf
from tournaments.pairing.swiss.systems import get_system
from tournaments.pairing.swiss.trf import TrfError, read_trf

EXIT_OK, EXIT_NO_PAIRING, EXIT_BAD_INPUT = 0, 1, 3


def pairing_text(boards: Sequence[tuple[int, int]], bye: int | None) -> str:
    lines = [str(len(boards) + (1 if bye else 0))]
    lines += [f"{w} {b}" for w, b in boards]
    if bye:
        lines.append(f"{bye} 0")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tournaments.pairing.swiss", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--dutch", metavar="FILE.trf", required=True, help="tournament file (TRF)")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", nargs="?", const="-", metavar="OUT.txt", help="pair the next round")
    mode.add_argument("-c", action="store_true", help="check every round against the engine")
    args = parser.parse_args(argv)
    system = get_system("dutch")
    try:
        t = read_trf(args.dutch)
    except TrfError as exc:
        print(f"{args.dutch}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.c:
        found = check_tournament(t, system)
        for d in found:
            print(d.message)
        rounds = t.rounds_in_file
        print(f"{rounds - len(found)}/{rounds} rounds as the engine pairs them")
        return EXIT_NO_PAIRING if found else EXIT_OK
    round_no = _next_round(t)
    total = t.total_rounds or max(t.rounds_in_file, round_no)
    if round_no > total:
        print(f"{args.dutch}: all {total} rounds (XXR) are already paired", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        result = system.pair(from_trf(t, round_no, total))
    except NoValidPairing as exc:
        print(f"{args.dutch}: round {round_no}: no valid pairing ({exc})", file=sys.stderr)
        return EXIT_NO_PAIRING
    text = pairing_text(result.boards, result.bye)
    if args.p == "-":
        sys.stdout.write(text)
    else:
        with open(args.p, "w", encoding="ascii") as fh:
            fh.write(text)
    return EXIT_OK


def _next_round(t) -> int:
    """The first round with a real pairing missing: entries of only requested byes do not count."""
    for r in range(1, t.rounds_in_file + 1):
        if not any(
            r - 1 < len(p.rounds) and (p.rounds[r - 1].opponent or p.rounds[r - 1].result == "U")
            for p in t.players.values()
        ):
            return r
    return t.rounds_in_file + 1


if __name__ == "__main__":
    # A one-shot process makes no garbage cycles worth collecting: the collector would only walk
    # the matching's hundreds of thousands of tuples again and again (3 % of a 300-player round).
    gc.disable()
    sys.exit(main())

"""Random Swiss tournaments played out by the Dutch engine: for benchmarks, tests and demos.

Results follow the rating difference (Elo expectation) with draws, rare forfeits and requested
half-point byes, so the positions look like a real open's rather than a coin toss's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from tournaments.pairing.swiss.dutch import RoundPairing, pair_round
from tournaments.pairing.swiss.state import PairingInput, from_trf
from tournaments.pairing.swiss.trf import RoundEntry, TrfPlayer, TrfTournament

__all__ = ["simulate"]


def simulate(
    players: int,
    rounds: int,
    seed: int,
    total_rounds: int = 9,
    pairer: Callable[[PairingInput], RoundPairing] = pair_round,
) -> TrfTournament:
    """``rounds`` played rounds of a ``players``-player, ``total_rounds``-round Swiss."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2600) for _ in range(players)), reverse=True)
    t = TrfTournament(
        {
            n: TrfPlayer(n, f"Player {n:03d}", ratings[n - 1], Fraction(0), 0, [], n)
            for n in range(1, players + 1)
        },
        total_rounds=total_rounds,
        initial_colour="w",
        other_lines=[f"012 Simulated {players} players", "092 FIDE_DUTCH_2025"],
    )
    for r in range(1, rounds + 1):
        for n in t.players:
            if rng.random() < 0.02:
                t.players[n].rounds.append(RoundEntry(0, "-", "H"))
        result = pairer(from_trf(t, r, total_rounds))
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
        p.points = sum((t.points_of(e) for e in p.rounds), Fraction(0))
    return t

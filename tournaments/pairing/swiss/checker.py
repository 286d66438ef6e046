"""Free pairings checker: re-pair every round of a finished tournament and list the differences."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.pairing.swiss.dutch import RoundPairing
from tournaments.pairing.swiss.dutch_criteria import NoValidPairing
from tournaments.pairing.swiss.state import from_trf
from tournaments.pairing.swiss.systems import PairingSystem
from tournaments.pairing.swiss.trf import TrfTournament

__all__ = ["Discrepancy", "check_tournament", "file_pairing"]


@dataclass(frozen=True)
class Discrepancy:
    round_no: int
    in_file: RoundPairing
    engine: RoundPairing | None
    message: str


def file_pairing(t: TrfTournament, round_no: int) -> RoundPairing:
    """Round ``round_no`` as the file has it (boards by the white player's number)."""
    boards = []
    bye = None
    for p in sorted(t.players.values(), key=lambda p: p.number):
        if round_no - 1 < len(p.rounds):
            e = p.rounds[round_no - 1]
            if e.result == "U":
                bye = p.number
            elif (
                e.opponent
                and e.colour == "w"
                or e.opponent
                and e.colour == "-"
                and p.number < e.opponent
            ):
                boards.append((p.number, e.opponent))
    return RoundPairing(tuple(boards), bye)


def _key(p: RoundPairing) -> tuple[frozenset[tuple[int, int]], int | None]:
    return frozenset(p.boards), p.bye


def check_tournament(t: TrfTournament, system: PairingSystem) -> list[Discrepancy]:
    """Each round the engine would pair differently from the file (colours included)."""
    total = t.total_rounds or t.rounds_in_file
    out = []
    for r in range(1, t.rounds_in_file + 1):
        actual = file_pairing(t, r)
        try:
            mine = system.pair(from_trf(t, r, total))
        except NoValidPairing as exc:
            out.append(
                Discrepancy(
                    r, actual, None, f"round {r}: the engine finds no valid pairing ({exc})"
                )
            )
            continue
        if _key(mine) != _key(actual):
            a, b = set(actual.boards), set(mine.boards)
            parts = []
            if a - b:
                parts.append("file only: " + ", ".join(f"{w}-{k}" for w, k in sorted(a - b)))
            if b - a:
                parts.append("engine only: " + ", ".join(f"{w}-{k}" for w, k in sorted(b - a)))
            if actual.bye != mine.bye:
                parts.append(f"bye: file {actual.bye or 'none'}, engine {mine.bye or 'none'}")
            out.append(Discrepancy(r, actual, mine, f"round {r}: " + "; ".join(parts)))
    return out

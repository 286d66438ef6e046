"""The Swiss pairing systems the site can use, by key.

A second system (the FMJD's Swiss on rating or on Solkoff) registers here with its own module and
never touches the Dutch one.
"""

from __future__ import annotations

from typing import Protocol

from tournaments.pairing.swiss.dutch import DutchSystem, RoundPairing
from tournaments.pairing.swiss.state import PairingInput

__all__ = ["PairingSystem", "SYSTEMS", "get_system"]


class PairingSystem(Protocol):
    """Pairs one round from the players' state before it."""

    key: str
    name: str

    def pair(self, inp: PairingInput) -> RoundPairing: ...


SYSTEMS: dict[str, PairingSystem] = {DutchSystem.key: DutchSystem()}


def get_system(key: str) -> PairingSystem:
    """The registered system ``key``; KeyError names the known ones."""
    try:
        return SYSTEMS[key]
    except KeyError:
        raise KeyError(
            f"unknown pairing system {key!r}; known: {', '.join(sorted(SYSTEMS))}"
        ) from None

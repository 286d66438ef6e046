"""A score sheet's work budget on save: at most so many half-moves, at most so much engine time.

Why: a short sheet can still cost the engine seconds per position (accepted irregular moves,
Art. 23, may bring a hard capture position back again and again), and every save, import and
typed move replays the whole sheet inside one request. A sheet over the budget is refused,
naming the half-move where the work stopped, before anything is stored.

The rules engine has no hook for a deadline, so the time check sits here, apart from it: the
game's plies are handed to `replay_game` as a list that looks at the clock before yielding each
half-move. It is armed only while that replay runs. Settings: SHEET_MAX_PLIES (default 600),
SHEET_REPLAY_SECONDS (default 2.0).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings

from rules.pdn import PdnGame, PdnPly

from .sheets import MAX_SHEET_PLIES

# One cap on a sheet's length, whether counted before replay (sheets.py) or during it (here).
DEFAULT_MAX_PLIES = MAX_SHEET_PLIES
DEFAULT_SECONDS = 2.0


class SheetOverBudget(Exception):
    """The replay was stopped at half-move `ply` (1 = White's first); `kind` is "plies" or
    "time"."""

    def __init__(self, ply: int, label: str, kind: str, limit: float) -> None:
        self.ply = ply
        self.label = label
        self.kind = kind
        self.limit = limit
        super().__init__(f"over the {kind} budget ({limit}) at half-move {ply} ({label})")


@dataclasses.dataclass(frozen=True)
class WorkBudget:
    max_plies: int
    seconds: float

    @classmethod
    def from_settings(cls) -> WorkBudget:
        return cls(int(getattr(settings, "SHEET_MAX_PLIES", DEFAULT_MAX_PLIES)),
                   float(getattr(settings, "SHEET_REPLAY_SECONDS", DEFAULT_SECONDS)))

    @contextmanager
    def watching(self, game: PdnGame) -> Iterator[PdnGame]:
        """The game to replay, refused at once if too long, else stopped once out of time."""
        if len(game.plies) > self.max_plies:
            ply = game.plies[self.max_plies]
            raise SheetOverBudget(self.max_plies + 1, ply.label, "plies", self.max_plies)
        plies = _TimedPlies(game.plies)
        plies.deadline = time.monotonic() + self.seconds
        plies.seconds = self.seconds
        try:
            yield dataclasses.replace(game, plies=plies)
        finally:
            plies.deadline = None  # later readers of the replay's plies are not timed


class _TimedPlies(list[PdnPly]):
    """A game's plies that raise SheetOverBudget when iterated past a deadline."""

    deadline: float | None = None
    seconds: float = 0.0

    def __iter__(self) -> Iterator[PdnPly]:
        for index, ply in enumerate(super().__iter__(), 1):
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise SheetOverBudget(index, ply.label, "time", self.seconds)
            yield ply

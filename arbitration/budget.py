"""A score sheet's work budget on save: at most so many half-moves, at most so much engine time.

Why: a short sheet can still cost the engine seconds per position (accepted irregular moves,
Art. 23, may bring a hard capture position back again and again), and every save, import and
typed move replays the whole sheet inside one request. A sheet over the budget is refused,
naming the half-move where the work stopped, before anything is stored.

The engine counts and times the replay itself (`replay_game(max_plies=, max_seconds=)`, which
raises rules.replay.ReplayBudgetError); this module holds the site's settings and its own error,
which the services word for the user. Settings: SHEET_MAX_PLIES (default 600),
SHEET_REPLAY_SECONDS (default 2.0).
"""

from __future__ import annotations

import dataclasses

from django.conf import settings

# Half-moves a score sheet may hold (issue 13). Real games end far sooner (a long classical
# game has about 150; the draw rules end a shuffle within a few dozen moves), so a longer
# sheet is a typing accident or an attempt to make every view of the game cost seconds.
MAX_SHEET_PLIES = 600

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

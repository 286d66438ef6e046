"""A whole team withdrawn: which teams a regulation annuls (fewer than half their matches
played) and the matches left without them (the tournament's withdrawal setting, as
standings/withdrawals.py applies it to players)."""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.standings.teams.matches import MatchRecord, _forfeited

# --- a whole team withdrawn: the tournament's withdrawal setting (standings/withdrawals.py) ---

def annulled_teams(matches: Iterable[MatchRecord], withdrawn: Iterable[object]) -> set[object]:
    """The withdrawn teams that played fewer than half their scheduled matches (byes are no
    matches; a match forfeited whole was not played), whose results a regulation annuls."""
    matches = [m for m in matches if not m.is_bye]
    annulled = set()
    for team in withdrawn:
        own = [m for m in matches if team in (m.home, m.away)]
        played = sum(1 for m in own if m.complete and _forfeited(m) is None)
        if 2 * played < len(own):
            annulled.add(team)
    return annulled


def annul(matches: Iterable[MatchRecord], annulled: set[object]) -> list[MatchRecord]:
    """The matches without those of annulled teams: as if they had never entered."""
    return [m for m in matches if not {m.home, m.away} & annulled]

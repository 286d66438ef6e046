"""What was played is frozen: once a game has a score sheet or a claim, the tournament's board,
draw-rule profile and time control can no longer change.

Why: sheets are replayed and claims decided on the tournament's board under its profile, whose
numbers depend on the time control; the verdicts are stored (a sheet's first irregular move, a
claim's evidence). Switching 8x8 to 10x10, or the profile, under them would leave the pages
showing verdicts of another game. The notation is not frozen: each sheet keeps the notation it
was typed in, and it changes no verdict.

The tournaments app knows nothing of sheets and claims (the arbitration app builds on it), so
the arbitration app registers what counts as recorded play when it starts.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext_lazy as _

# The fields whose change would alter stored verdicts, with the refusal that names each.
FROZEN_FIELDS = {
    "board": _("The board can no longer change: games of this tournament have score sheets or "
               "claims that were checked on this board."),
    "draw_profile": _("The draw-rule profile can no longer change: games of this tournament "
                      "have score sheets or claims that were checked under it."),
    # The profile's numbers depend on it (CBD Art. 100: 5 moves in rapid and blitz, 15 in
    # classical on 100 squares), so a claim's verdict would change with it.
    "time_control": _("The time control can no longer change: games of this tournament have "
                      "score sheets or claims whose draw counts were checked under it."),
}

_recorded_play: list[Callable[[int], bool]] = []


def register_recorded_play(has_records: Callable[[int], bool]) -> None:
    """Add a test of a tournament (by primary key) for records its settings must not outlive."""
    if has_records not in _recorded_play:
        _recorded_play.append(has_records)


def has_recorded_play(tournament_pk: int | None) -> bool:
    """Whether any game of the tournament has a score sheet or a claim."""
    if tournament_pk is None:
        return False
    return any(has_records(tournament_pk) for has_records in _recorded_play)


def frozen_field_errors(tournament) -> dict[str, str]:
    """The frozen fields this unsaved tournament changes, each with its refusal; empty if none."""
    if tournament.pk is None:
        return {}
    stored = type(tournament).objects.filter(pk=tournament.pk).values(*FROZEN_FIELDS).first()
    if stored is None:
        return {}
    changed = [name for name in FROZEN_FIELDS if stored[name] != getattr(tournament, name)]
    if not changed or not has_recorded_play(tournament.pk):
        return {}
    return {name: FROZEN_FIELDS[name] for name in changed}

"""The audit trail: every write an arbiter or organiser makes, with who, when, before and after.

One function, `record`, writes an entry; it refuses to run outside a transaction, so an entry is
saved together with the change it describes or not at all. Results are entered by the
tournaments app, which announces each change with `result_changed`; `on_result_changed` records
it (connected in ArbitrationConfig.ready). Steps on the whole tournament (creating it, players,
numbers, rounds, settings, withdrawals, edits in Django's admin) are announced with
`tournament_changed`, recorded by `on_tournament_changed`.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from arbitration.models import Action, AuditEntry
from tournaments.models import Game, Tournament


class AuditOutsideTransactionError(RuntimeError):
    """An audit entry must be written in the transaction of the change it records."""


def record(
    *,
    tournament: Tournament,
    action: Action | str,
    actor=None,
    game: Game | None = None,
    before: Any = None,
    after: Any = None,
    note: str = "",
) -> AuditEntry:
    """Write one audit entry inside the caller's transaction (before/after must be JSON data)."""
    if not transaction.get_connection().in_atomic_block:
        raise AuditOutsideTransactionError(
            "audit.record() must be called inside transaction.atomic(), with the write it records"
        )
    user = actor if actor is not None and getattr(actor, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        tournament=tournament,
        game=game,
        actor=user,
        actor_name=user.get_username() if user is not None else "",
        action=action,
        before=before,
        after=after,
        note=note,
    )


def result_state(game: Game, result) -> dict[str, Any]:
    """A game's result as the log keeps it: the result and the colours as played."""
    return {
        "result": str(result) if result else "",
        "white": game.white.player.name,
        "black": game.black.player.name,
    }


def on_result_changed(sender, game: Game, before, after, user=None, **kwargs) -> None:
    """Receiver of tournaments.signals.result_changed, sent inside the saving transaction."""
    record(
        tournament=game.round.tournament,
        game=game,
        actor=user,
        action=Action.RESULT_ENTERED if before is None else Action.RESULT_CORRECTED,
        before={"result": str(before) if before else ""},
        after=result_state(game, after),
    )


def on_tournament_changed(sender, tournament: Tournament, action: str, user=None, before=None,
                          after=None, **kwargs) -> None:
    """Receiver of tournaments.signals.tournament_changed: an organiser's step, logged in the
    transaction that made it (issue 12: the log said it showed everything, yet started at
    naming the arbiter)."""
    record(tournament=tournament, actor=user, action=action, before=before, after=after)

"""Withdrawals: a player who withdraws forfeits his games still to play (Art. 28), and a
withdrawal made by mistake is undone."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import Entry, Game, GameResult
from tournaments.services.errors import AlreadyWithdrawnError, NotPairedError, NotWithdrawnError
from tournaments.services.results import _refresh_status, record_result
from tournaments.services.tournament import _locked, announce
from tournaments.signals import PLAYER_WITHDRAWN


@transaction.atomic
def withdraw_player(entry: Entry, *, user=None) -> list[Game]:
    """Withdraw a player: each of his games not yet played becomes a forfeit (Art. 28).

    His opponent, present, wins. The withdrawal takes effect from the current round, the first
    one with a game still to play; from that round on, a game he was to win by forfeit because his
    opponent had already withdrawn becomes a double forfeit, since neither of them will be there.
    Results already entered over the board never change.
    """
    tournament = entry.tournament
    if not tournament.rounds.exists():
        raise NotPairedError(_(
            "The rounds are not generated yet: remove the player from the list instead."
        ))
    # Locked before his games are read (see lock_tournament_of): a result saved meanwhile is
    # then seen and kept, instead of refusing the whole withdrawal as stale.
    tournament = _locked(tournament)
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if entry.withdrawn:
        raise AlreadyWithdrawnError(_("%(name)s has already withdrawn.") % {
            "name": entry.player.name})
    entry.withdrawn = True
    entry.withdrawal_games = []
    entry.save(update_fields=["withdrawn", "withdrawal_games"])
    page_version.bump(tournament.pk)
    # A Swiss pairing not yet published is re-paired without him, not forfeited.
    current_round = (Game.objects.of_tournament(tournament)
                     .filter(result=GameResult.NOT_PLAYED, round__published=True)
                     .order_by("round__number").values_list("round__number", flat=True).first())
    if current_round is None:
        announce(tournament, PLAYER_WITHDRAWN, user=user, before=withdrawal_state(entry, False),
                 after={**withdrawal_state(entry, True), "forfeits": 0})
        return []
    games = (Game.objects.of_tournament(tournament).involving(entry)
             .filter(round__number__gte=current_round, round__published=True)
             .select_related("round", "white", "black").order_by("round__number"))
    changed = []
    for game in games:
        forfeit = _forfeit_on_withdrawal(game, entry)
        if forfeit is not None:
            before = game.result
            changed.append(record_result(game, result=forfeit, expected_version=game.version,
                                         user=user))
            entry.withdrawal_games.append({"game": game.pk, "before": before, "after": forfeit})
    entry.save(update_fields=["withdrawal_games"])
    _refresh_status(tournament)
    announce(tournament, PLAYER_WITHDRAWN, user=user, before=withdrawal_state(entry, False),
             after={**withdrawal_state(entry, True), "forfeits": len(changed)})
    return changed


def withdrawal_state(entry: Entry, withdrawn: bool) -> dict:
    """Who withdrew, as the audit log shows it before and after."""
    return {"player": entry.player.name, "number": entry.number, "withdrawn": withdrawn}


@transaction.atomic
def undo_withdrawal(entry: Entry, *, user=None) -> tuple[list[Game], list[Game]]:
    """Undo a withdrawal made by mistake (audited): the player is back, and each game the
    withdrawal turned into a forfeit gets its result from before it.

    A game whose result was changed since (an arbiter entered what was really played) is left
    as it is: returns (games restored, games left because they changed).
    """
    tournament = _locked(entry.tournament)
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if not entry.withdrawn:
        raise NotWithdrawnError(_("%(name)s has not withdrawn.") % {"name": entry.player.name})
    restored, kept = [], []
    changes = {change["game"]: change for change in entry.withdrawal_games}
    for game in (Game.objects.of_tournament(tournament).filter(pk__in=changes)
                 .select_related("round").order_by("round__number", "board")):
        change = changes[game.pk]
        if game.result != change["after"]:
            kept.append(game)
            continue
        restored.append(record_result(game, result=change["before"],
                                      expected_version=game.version, user=user))
    entry.withdrawn = False
    entry.withdrawal_games = []
    entry.save(update_fields=["withdrawn", "withdrawal_games"])
    page_version.bump(tournament.pk)
    _refresh_status(tournament)
    announce(tournament, "withdrawal-undone", user=user,
             after={"player": entry.player.name, "forfeits": len(restored)})
    return restored, kept


def _forfeit_on_withdrawal(game: Game, leaver: Entry) -> str | None:
    """The result a game of `leaver` gets from his withdrawal, or None to leave it as it is."""
    leaver_is_white = game.white_id == leaver.pk
    opponent = game.black if leaver_is_white else game.white
    leaver_won_by_forfeit = game.result == (
        GameResult.WHITE_FORFEIT_WIN if leaver_is_white else GameResult.BLACK_FORFEIT_WIN)
    if opponent.withdrawn and (not game.result or leaver_won_by_forfeit):
        return GameResult.DOUBLE_FORFEIT
    if not game.result:
        return GameResult.BLACK_FORFEIT_WIN if leaver_is_white else GameResult.WHITE_FORFEIT_WIN
    return None

"""Results: entering or correcting a game's result against the version the form saw, the lock
that orders results saved at the same time, and the tournament's status they refresh."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import (
    Game,
    GameResult,
    Round,
    Status,
    TeamCompetition,
    TeamMatch,
    TeamSystem,
    Tournament,
)
from tournaments.services.errors import InvalidResultError, NotPairedError, StaleResultError
from tournaments.signals import result_changed


def rounds_to_come(tournament: Tournament) -> bool:
    """Whether a Swiss has rounds still to pair or publish: it is paired round by round, so
    every game having a result only finishes it after its last declared round (issue 25: it
    read "finished" after each round)."""
    if not tournament.is_swiss:
        return False
    published = tournament.rounds.filter(published=True).count()
    return published < (tournament.swiss_rounds or 0)


def _refresh_status(tournament: Tournament) -> None:
    """Finished when every game has a result, in progress otherwise (once paired)."""
    if not tournament.rounds.exists():
        return
    unplayed = Game.objects.of_tournament(tournament).filter(result=GameResult.NOT_PLAYED)
    # A team match's games exist only once its round starts (issue 16): one not started yet
    # keeps the competition in progress.
    unstarted = TeamMatch.objects.filter(round__tournament=tournament, away__isnull=False,
                                         boards__isnull=True)
    # A team Swiss pairs round by round: it goes on until its last round is paired.
    swiss_to_come = TeamCompetition.objects.filter(
        tournament=tournament, system=TeamSystem.SWISS,
        swiss_rounds__gt=tournament.rounds.count())
    status = (Status.ONGOING if unplayed.exists() or unstarted.exists()
              or swiss_to_come.exists() or rounds_to_come(tournament) else Status.FINISHED)
    if tournament.status != status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.status = status


@transaction.atomic
def record_result(game: Game, *, result: str, expected_version: int, user=None,
                  colours_swapped: bool | None = None) -> Game:
    """Enter or correct a result, refusing a form that saw an older version of the game.

    `colours_swapped` says whether the colours played differ from the Berger table's (Art. 10);
    the result is read with the colours as given. Sends `result_changed` when anything changed.
    """
    if result not in GameResult.values:
        raise InvalidResultError(_("\"%(result)s\" is not a result.") % {"result": result})
    lock_tournament_of(game)
    current = _game_for_update(game.pk)
    if not current.round.published:
        raise NotPairedError(_(
            "Round %(number)d is not published yet: publish its pairing before its results."
        ) % {"number": current.round.number})
    if current.version != expected_version:
        if _already_recorded(current, result, colours_swapped):
            return current  # a double click, or two arbiters agreeing: nothing to overwrite
        raise StaleResultError(current)
    if colours_swapped is None:
        colours_swapped = current.colours_swapped
    swap = colours_swapped != current.colours_swapped
    if not swap and result == current.result:
        return current
    changes = {"result": result, "version": F("version") + 1}
    if swap:
        changes.update(white_id=current.black_id, black_id=current.white_id,
                       colours_swapped=colours_swapped)
    # The version in the WHERE makes the check and the write one step, even without row locks.
    if not Game.objects.filter(pk=current.pk, version=expected_version).update(**changes):
        raise StaleResultError(_game_for_update(game.pk))
    saved = _game_for_update(game.pk)
    page_version.bump(saved.round.tournament_id)
    result_changed.send(sender=Game, game=saved, before=current.result_value,
                        after=saved.result_value, user=user)
    _refresh_status(saved.round.tournament)
    return saved


def _already_recorded(current: Game, result: str, colours_swapped: bool | None) -> bool:
    """Whether a form from an older version asks for what the game already holds: the second
    post of a double click is not a conflict, only a different result is."""
    same_colours = colours_swapped is None or colours_swapped == current.colours_swapped
    return same_colours and result == current.result


def lock_tournament_of(game: Game) -> None:
    """Lock the game's tournament row until the transaction ends. Results saved at the same
    time then refresh the tournament's status one after the other, and the last sees every game
    played; unlocked, each could see the other's game still unplayed and leave a finished
    tournament "in progress". Every step that writes a result takes this lock before the game's
    row, so two steps never wait for each other in a cycle."""
    rounds = Round.objects.filter(pk=game.round_id).values("tournament_id")
    list(Tournament.objects.select_for_update().filter(pk__in=rounds).values_list("pk"))


def _game_for_update(pk: int) -> Game:
    return (Game.objects.select_for_update(of=("self",))
            .select_related("round__tournament", "white__player", "black__player").get(pk=pk))

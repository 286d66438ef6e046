"""The errors of the domain steps: each a `TournamentError` whose message says why the step is
not allowed now and what to do instead; views turn it into a message."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Game


class TournamentError(Exception):
    """A domain step that is not allowed now; the message says why and what to do instead."""


class PairingsExistError(TournamentError):
    """The rounds are generated: the field and the numbers are fixed."""


class NotPairedError(TournamentError):
    """The step needs the rounds, which are not generated yet."""


class NumbersNotDrawnError(TournamentError):
    pass


class InvalidNumbersError(TournamentError):
    pass


class NotEnoughPlayersError(TournamentError):
    pass


class DuplicatePlayerError(TournamentError):
    pass


class TooManyPlayersError(TournamentError):
    """More players than a round robin takes (MAX_ROUND_ROBIN_PLAYERS)."""


class InvalidResultError(TournamentError):
    pass


class AlreadyWithdrawnError(TournamentError):
    pass


class StaleResultError(TournamentError):
    """Someone saved the game since the form was shown; `current` is the game as it is now."""

    def __init__(self, current: Game):
        self.current = current
        shown = current.get_result_display() if current.result else _("not played yet")
        super().__init__(_(
            "This game was changed by someone else while you were editing it. Its result is now "
            "%(result)s (%(white)s with White, %(black)s with Black). Nothing was overwritten: "
            "check it and save again if it must change."
        ) % {"result": shown, "white": current.white.player.name,
             "black": current.black.player.name})


class NotWithdrawnError(TournamentError):
    pass

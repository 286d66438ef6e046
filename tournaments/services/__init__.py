"""Domain steps on stored tournaments, each one transaction that either happens whole or not at all.

Views, management commands and the demo loader call these; each raises a `TournamentError`
subclass with a message for people when the step is not allowed, and views turn it into a message.

The package holds the steps by what they change: `tournament` (creating it, its settings, the
audit-log announcement), `entries` (the players), `rounds` (pairing numbers and a round robin's
rounds), `results`, `withdrawals`, with their `errors`; `people` (the registry of persons), and
the Swiss (`swiss`) and team competitions (`teams`), each a package of its own.

This module is the package's API: `from tournaments import services`, then
`services.record_result(...)`, offers the steps of the first group and their errors under their
names. Constants, helpers and the Swiss and team steps are imported from their modules. The
modules of the package import one another directly, never this one (that would be a circle);
like all of `tournaments.services`, they import the models, the queries, the cache and what is
below them (tests/project/test_layers.py), never files, printing or pages.
"""

from tournaments.services.entries import (
    add_player,
    enter_person,
    refuse_too_many_players,
    remove_entry,
)
from tournaments.services.errors import (
    AlreadyWithdrawnError,
    DuplicatePlayerError,
    InvalidNumbersError,
    InvalidResultError,
    NotEnoughPlayersError,
    NotPairedError,
    NotWithdrawnError,
    NumbersNotDrawnError,
    PairingsExistError,
    StaleResultError,
    TooManyPlayersError,
    TournamentError,
)
from tournaments.services.results import lock_tournament_of, record_result, rounds_to_come
from tournaments.services.rounds import draw_numbers, generate_rounds, set_numbers
from tournaments.services.tournament import announce, create_tournament, update_tournament
from tournaments.services.withdrawals import undo_withdrawal, withdraw_player

__all__ = [
    # the tournament
    "announce", "create_tournament", "update_tournament",
    # the players
    "add_player", "enter_person", "refuse_too_many_players", "remove_entry",
    # pairing numbers and a round robin's rounds
    "draw_numbers", "generate_rounds", "set_numbers",
    # results
    "lock_tournament_of", "record_result", "rounds_to_come",
    # withdrawals
    "undo_withdrawal", "withdraw_player",
    # errors
    "AlreadyWithdrawnError", "DuplicatePlayerError", "InvalidNumbersError", "InvalidResultError",
    "NotEnoughPlayersError", "NotPairedError", "NotWithdrawnError", "NumbersNotDrawnError",
    "PairingsExistError", "StaleResultError", "TooManyPlayersError", "TournamentError",
]

"""Running a Swiss event: initial ranking, one round paired at a time, edits, byes, late entries.

The package holds `rounds` (the initial ranking; pairing, publishing, deleting and pairing again a
round), `edits` (a draft round edited by hand, and the criteria a draft breaks) and `players`
(byes and absences asked for, late entries, a withdrawn player coming back) and `options` (the
pairing options: Baku acceleration, forbidden pairings).

This module is the package's API: `from tournaments.services import swiss as swiss_event`, then
`swiss_event.pair_next_round(...)`, offers the Swiss steps and their errors under their names.
The modules of the package import one another directly, never this one; like all of
`tournaments.services`, they import the models, the queries, the cache and what is below them,
never files, printing or pages (tests/project/test_layers.py).
"""

from tournaments.services.swiss.edits import (
    DRAFT_CRITERIA,
    Breach,
    breach_lines,
    draft_breaches,
    draft_warnings,
    edit_warnings,
    exchange_opponents,
    swap_colours,
)
from tournaments.services.swiss.options import (
    PairingOptionError,
    add_forbidden_pair,
    change_forbidden_pair,
    next_round_to_pair,
    remove_forbidden_pair,
    set_pairing_options,
)
from tournaments.services.swiss.players import (
    cancel_absence,
    come_back,
    enter_late,
    request_absence,
)
from tournaments.services.swiss.rounds import (
    PairingFailedError,
    SwissError,
    delete_last_round,
    pair_next_round,
    position_before,
    publish_round,
    rank_by_rating,
    repair_round,
    round_has_records,
    team_competition_refusal,
)

__all__ = [
    # rounds
    "PairingFailedError", "SwissError", "delete_last_round", "pair_next_round", "position_before",
    "publish_round", "rank_by_rating", "repair_round", "round_has_records",
    "team_competition_refusal",
    # edits of a draft round
    "DRAFT_CRITERIA", "Breach", "breach_lines", "draft_breaches", "draft_warnings",
    "edit_warnings", "exchange_opponents", "swap_colours",
    # pairing options (issue 27)
    "PairingOptionError", "add_forbidden_pair", "change_forbidden_pair", "next_round_to_pair",
    "remove_forbidden_pair", "set_pairing_options",
    # players
    "cancel_absence", "come_back", "enter_late", "request_absence",
]

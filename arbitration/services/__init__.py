"""The arbiter's steps, each one transaction with its audit entry, or nothing at all.

Views and the management command call these. A step that is not allowed raises an
`ArbitrationError` whose message is for people and whose `field` names the form field it
concerns (None for the whole form); results go through
tournaments.services.results.record_result, so its version check and its `result_changed` signal
(audited) apply here too.

Sheet writes lock the game row first, so two arbiters editing one game take turns; the sheet's
own `version` then refuses a form that saw an older sheet.
"""

from arbitration.services.base import (
    ArbitrationError,
    StaleSheetError,
    default_notation,
    sheet_of,
    sheet_replay,
)
from arbitration.services.draw_claims import (
    ClaimDecidedError,
    ClaimRecheckedError,
    claim_refusal_message,
    decide_draw_claim,
    make_draw_claim,
    recheck_draw_claim,
)
from arbitration.services.irregularities import record_irregularity, sheet_category_at
from arbitration.services.officials import add_official, remove_official
from arbitration.services.score_sheets import (
    append_move,
    refusal_message,
    remove_last_move,
    save_sheet,
)

__all__ = [
    "ArbitrationError",
    "ClaimDecidedError",
    "ClaimRecheckedError",
    "StaleSheetError",
    "add_official",
    "append_move",
    "claim_refusal_message",
    "decide_draw_claim",
    "default_notation",
    "make_draw_claim",
    "recheck_draw_claim",
    "record_irregularity",
    "refusal_message",
    "remove_last_move",
    "remove_official",
    "save_sheet",
    "sheet_category_at",
    "sheet_of",
    "sheet_replay",
]

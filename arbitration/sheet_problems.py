"""The problems shown above a replayed score sheet, in sentences: its syntax error, the move
the replay stopped at (Art. 23) and a warning about its tags or its games.

Worded from a replay (arbitration/sheets.py); the sheet's cached facts (arbitration/sheet_facts.py),
the PDN import and the claim page show them.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from arbitration import describe
from arbitration.notation import as_written, is_algebraic
from arbitration.sheets import SheetReplay
from tournaments.rules_messages import syntax_line


def illegal_line(sheet: SheetReplay, algebraic: bool) -> str:
    """ "2. 18-13 (d4-a5): not a legal move — Art. 23 (f): a capture was compulsory: 22x15" for
    the move the replay stopped at, or "" when it did not stop. The move is quoted as the
    player wrote it, the other notation beside it, and the compulsory moves are in his
    notation: the arbiter reads them against the paper sheet (issue 12). `algebraic` (how the
    page shows moves) is not used for it."""
    illegal = sheet.illegal
    if illegal is None or sheet.replay is None:
        return ""
    board = sheet.replay.board
    written = illegal.sheet.text.strip()
    reason = describe.irregularity_reason(board, written, illegal.irregularity, illegal.code,
                                          is_algebraic(written))
    label = f"{illegal.sheet.move_label} {as_written(written, sheet.variant)}"
    category = illegal.irregularity.category if illegal.irregularity else None
    return describe.irregularity_line(label, category, reason)


def sheet_problems(replay: SheetReplay, algebraic: bool) -> dict[str, str]:
    """The problems to show above a sheet: syntax error (with the text there) and the move the
    replay stopped at, each "" when absent."""
    syntax, near = "", ""
    if replay.syntax_error is not None:
        error = replay.syntax_error
        syntax = syntax_line(error.code, error.line, error.column)
        near = describe.snippet(replay.text, error.line, error.column)
    elif replay.start_error is not None:
        syntax = syntax_line("start", None, None)
    warning = ""
    if replay.gametype_mismatch:
        warning = _("The sheet's GameType tag names another board; it is replayed on this "
                    "tournament's board.")
    elif len(replay.games) > 1:
        warning = _("The text holds %(count)d games; only the first is this game's sheet.") % {
            "count": len(replay.games)}
    return {"syntax": syntax, "near": near, "illegal": illegal_line(replay, algebraic),
            "warning": warning}

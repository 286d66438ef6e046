"""Art. 23 irregularities: the category the sheet shows, and the opponent's decision applied
to the sheet (let stand: the replay goes on; corrected: the sheet must show the move played)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from arbitration import audit, notes
from arbitration.models import Action, IrregularityClaim, OpponentDecision, ScoreSheet
from arbitration.services.base import (
    ArbitrationError,
    irregularity_state,
    locked_game,
    sheet_of,
    sheet_replay,
    sheet_state,
    store_sheet,
    user_or_none,
)
from arbitration.sheets import SheetReplay, normal_move_label
from tournaments.models import Entry, Game


def sheet_category_at(replay: SheetReplay, ply: int) -> str:
    """The Art. 23 category the sheet shows at a half-move ("" when it shows none)."""
    illegal = replay.illegal
    if illegal is not None and illegal.ply == ply:
        return illegal.irregularity.category if illegal.irregularity else ""
    if replay.replay is not None and ply <= replay.replay.moves:
        irregularity = replay.replay.plies[ply - 1].irregularity
        return irregularity.category if irregularity else ""
    return ""


@transaction.atomic
def record_irregularity(game: Game, *, move: str, decision: str, category: str = "",
                        reported_by: Entry | None = None, note: str = "",
                        user=None) -> IrregularityClaim:
    """Record an Art. 23 irregularity and the opponent's decision.

    Where the sheet shows an irregularity at the move, its category is proposed (used when none
    is given). "Let stand" makes the replay carry the move out and go on; "corrected" takes it
    off the accepted half-moves, so the sheet shows it until the arbiter writes the move played.
    """
    game = locked_game(game)
    label = normal_move_label(move)
    if label is None:
        raise ArbitrationError(_("Write the move as on the sheet: “34.” for White's 34th move, "
                                 "“34...” for Black's."), "move")
    if decision not in OpponentDecision.values:
        raise ArbitrationError(_("Record whether the opponent had it corrected or let it stand."),
                               "decision")
    if reported_by is not None and reported_by.pk not in (game.white_id, game.black_id):
        raise ArbitrationError(_("Only one of the game's two players (or the arbiter) can report "
                                 "an irregularity."), "reported_by")
    sheet = sheet_of(game)
    ply, shown = None, ""
    replay = None
    if sheet is not None:
        replay = sheet_replay(game, sheet)
        ply = replay.ply_of(label)
        if ply is None:
            raise ArbitrationError(_("The score sheet has no move %(move)s.") % {"move": label},
                                   "move")
        shown = sheet_category_at(replay, ply)
    category = category or shown
    if not category:
        raise ArbitrationError(_("Choose the category: the score sheet shows no irregularity at "
                                 "this move."), "category")
    claim = IrregularityClaim.objects.create(
        game=game, category=category, move=label, ply=ply, sheet_category=shown,
        reported_by=reported_by, decision=decision, note=note.strip(),
        created_by=user_or_none(user),
    )
    tournament = game.round.tournament
    audit.record(tournament=tournament, game=game, actor=user,
                 action=Action.IRREGULARITY_RECORDED, after=irregularity_state(claim),
                 note=claim.note)
    if sheet is not None and ply is not None:
        _apply_decision_to_sheet(game, sheet, replay, ply, decision, user)
    return claim


def _apply_decision_to_sheet(game: Game, sheet: ScoreSheet, replay: SheetReplay, ply: int,
                             decision: str, user) -> None:
    accepted = list(sheet.accepted_plies)
    stops_here = replay.illegal is not None and replay.illegal.ply == ply
    if decision == OpponentDecision.STAND and stops_here and ply not in accepted:
        accepted.append(ply)
        note = notes.coded(notes.LET_STAND)
    elif decision == OpponentDecision.CORRECT and ply in accepted:
        accepted.remove(ply)
        note = notes.coded(notes.CORRECTED)
    else:
        return
    before = sheet_state(sheet)
    sheet, _stored = store_sheet(game, sheet, text=sheet.pdn, notation=sheet.notation,
                                  accepted=accepted, user=user)
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.SHEET_SAVED, before=before, after=sheet_state(sheet), note=note)

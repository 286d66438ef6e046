"""Score sheets: pasted or uploaded as written, or typed one checked move at a time."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from arbitration import audit, describe, notes
from arbitration.models import Action, IrregularityClaim, Notation, OpponentDecision, ScoreSheet
from arbitration.services.base import (
    ArbitrationError,
    check_notation,
    check_sheet_length,
    current_sheet,
    default_notation,
    irregularity_state,
    locked_game,
    sheet_replay,
    sheet_state,
    store_sheet,
    user_or_none,
)
from arbitration.sheets import SheetEditRefused, SheetReplay, TypedMove, normal_move_label
from arbitration.sheets import append_move as append_to_sheet
from arbitration.sheets import remove_last_move as remove_from_sheet
from tournaments.models import Game


@transaction.atomic
def save_sheet(game: Game, *, pdn: str, notation: str, accepted_moves: list[str] | None = None,
               expected_version: int, user=None) -> ScoreSheet:
    """Attach or replace a game's PDN text, stored as written even with errors in it.

    `accepted_moves` are the labels ("17...") of irregular moves the opponent let stand
    (Art. 23); None keeps the half-moves accepted so far.
    """
    game = locked_game(game)
    check_notation(game, notation)
    sheet = current_sheet(game, expected_version)
    check_sheet_length(game, pdn)
    before = sheet_state(sheet)
    if accepted_moves is None:
        accepted = list(sheet.accepted_plies) if sheet is not None else []
    else:
        written = sheet_replay(game, text=pdn, accepted=[], budgeted=True)
        accepted = []
        for label in accepted_moves:
            ply = written.ply_of(normal_move_label(label) or label)
            if ply is None:
                raise ArbitrationError(
                    _("The score sheet has no move %(move)s.") % {"move": label}, "accepted"
                )
            accepted.append(ply)
    sheet, _replay = store_sheet(game, sheet, text=pdn, notation=notation, accepted=accepted,
                                  user=user)
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.SHEET_SAVED, before=before, after=sheet_state(sheet))
    return sheet


def _new_game_tags(game: Game) -> dict[str, str]:
    tournament = game.round.tournament
    variant_tag = "26" if tournament.board == 64 else "20"
    return {
        "Event": tournament.name,
        "Round": str(game.round.number),
        "White": game.white.player.name,
        "Black": game.black.player.name,
        "GameType": variant_tag,
    }


def refusal_message(refusal: SheetEditRefused, replay: SheetReplay, algebraic: bool) -> str:
    """Why a typed edit was refused, in words, with the Art. 23 category when it has one."""
    code = refusal.code
    if code == "syntax-error":
        return _("The score sheet has a PDN syntax error: correct the text first.")
    if code == "start-error":
        return _("The score sheet's starting position (FEN tag) cannot be read: correct it first.")
    if code == "sheet-stops":
        return _(
            "The score sheet stops at the irregular move %(move)s: record the opponent's "
            "decision (Art. 23) or correct the sheet first."
        ) % {"move": refusal.label}
    if code == "unreadable":
        return _("This move cannot be read: write squares joined by “-” (22-18, c3-d4) or “x” "
                 "for a capture (23x14, c3xe5).")
    if code == "ambiguous":
        return _("Several captures fit this move: write the squares it passes, e.g. %(moves)s.") % {
            "moves": ", ".join(refusal.candidates)}
    if code == "no-moves":
        return _("The score sheet has no move to remove.")
    irregularity = refusal.irregularity
    board = replay.replay.board if replay.replay is not None else None
    if code == "illegal" and irregularity is not None and board is not None:
        reason = describe.irregularity_reason(
            board, refusal.label.split(" ", 1)[-1], irregularity, irregularity.code, algebraic)
        return _(
            "%(line)s. Not recorded: correct the move, or tick the box if the opponent let it "
            "stand (Art. 23)."
        ) % {"line": describe.irregularity_line(refusal.label, irregularity.category, reason)}
    return _("%(move)s cannot be carried out on the board, even if the opponent lets it stand: "
             "the first square must hold the piece and the last must be empty.") % {
        "move": refusal.label}


@transaction.atomic
def append_move(game: Game, *, move_text: str, let_stand: bool = False, expected_version: int,
                notation: str = "", user=None) -> tuple[ScoreSheet, TypedMove]:
    """Check a typed move against the position after the sheet's last move and append it.

    An illegal move is refused with its Art. 23 category unless the opponent let it stand; then
    it is appended, its half-move accepted, and the irregularity recorded as let stand.
    `notation` applies to a new sheet only (default: the tournament's preference).
    """
    game = locked_game(game)
    sheet = current_sheet(game, expected_version)
    if sheet is not None:
        notation = sheet.notation
    else:
        notation = notation or default_notation(game.round.tournament)
        check_notation(game, notation)
    algebraic = notation == Notation.ALGEBRAIC
    replay = sheet_replay(game, sheet)
    try:
        text, typed = append_to_sheet(replay, move_text, algebraic=algebraic,
                                      let_stand=let_stand, new_game_tags=_new_game_tags(game))
    except SheetEditRefused as refusal:
        raise ArbitrationError(refusal_message(refusal, replay, algebraic), "move") from None
    before = sheet_state(sheet)
    accepted = list(sheet.accepted_plies) if sheet is not None else []
    if typed.irregularity is not None:
        accepted.append(typed.ply)
    sheet, stored = store_sheet(game, sheet, text=text, notation=notation, accepted=accepted,
                                 user=user)
    if stored.moves != typed.ply:  # the text written must replay to the move checked
        raise ArbitrationError(_("The move could not be recorded on the sheet."), "move")
    tournament = game.round.tournament
    audit.record(tournament=tournament, game=game, actor=user, action=Action.SHEET_MOVE_ADDED,
                 before=before, after=sheet_state(sheet), note=typed.label)
    if typed.irregularity is not None:
        category = typed.irregularity.category
        claim = IrregularityClaim.objects.create(
            game=game, category=category, move=typed.label.split(" ", 1)[0], ply=typed.ply,
            sheet_category=category, decision=OpponentDecision.STAND,
            note=notes.coded(notes.TYPED_LET_STAND),
            created_by=user_or_none(user),
        )
        audit.record(tournament=tournament, game=game, actor=user,
                     action=Action.IRREGULARITY_RECORDED, after=irregularity_state(claim))
    return sheet, typed


@transaction.atomic
def remove_last_move(game: Game, *, expected_version: int, user=None) -> ScoreSheet:
    """Take the last written move off the sheet (a typing slip); audited like any edit."""
    game = locked_game(game)
    sheet = current_sheet(game, expected_version)
    if sheet is None:
        raise ArbitrationError(_("This game has no score sheet yet."))
    replay = sheet_replay(game, sheet)
    try:
        text, ply, label = remove_from_sheet(replay)
    except SheetEditRefused as refusal:
        raise ArbitrationError(
            refusal_message(refusal, replay, sheet.notation == Notation.ALGEBRAIC)) from None
    before = sheet_state(sheet)
    accepted = [p for p in sheet.accepted_plies if p != ply]
    sheet, _stored = store_sheet(game, sheet, text=text, notation=sheet.notation,
                                  accepted=accepted, user=user)
    audit.record(tournament=game.round.tournament, game=game, actor=user,
                 action=Action.SHEET_MOVE_REMOVED, before=before, after=sheet_state(sheet),
                 note=label)
    return sheet

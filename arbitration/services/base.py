"""What every service step shares: the domain errors, reading and storing a game's sheet under
the game's row lock, and the states the audit log keeps."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from arbitration.budget import MAX_SHEET_PLIES, SheetOverBudget, WorkBudget
from arbitration.models import IrregularityClaim, Notation, ScoreSheet
from arbitration.sheets import SheetReplay, replay_sheet, written_plies
from tournaments.models import Game, Tournament


class ArbitrationError(Exception):
    """A step that is not allowed now; `field` is the form field the message belongs to."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.message = message
        self.field = field
        super().__init__(message)


class StaleSheetError(ArbitrationError):
    """Someone saved the sheet since the form was shown."""


def default_notation(tournament: Tournament) -> str:
    """The notation a new sheet of this tournament is typed in (Tournament.move_notation)."""
    return tournament.move_notation


def sheet_replay(game: Game, sheet: ScoreSheet | None = None, *, text: str | None = None,
                 accepted: list[int] | None = None, budgeted: bool = False) -> SheetReplay:
    """A game's sheet (or another text) replayed with its tournament's board and draw rules.

    `budgeted` (every save) refuses a sheet over the work budget with an ArbitrationError that
    names the game and the half-move (arbitration/budget.py).
    """
    tournament = game.round.tournament
    if text is None:
        text = sheet.pdn if sheet is not None else ""
    if accepted is None:
        accepted = list(sheet.accepted_plies) if sheet is not None else []
    try:
        return replay_sheet(
            text, tournament.board, profile=tournament.draw_profile,
            time_control=tournament.time_control, accepted=accepted,
            budget=WorkBudget.from_settings() if budgeted else None,
        )
    except SheetOverBudget as over:
        raise ArbitrationError(over_budget_message(game, over)) from None


def over_budget_message(game: Game, over: SheetOverBudget) -> str:
    """The refusal of a sheet over the work budget: which game, which half-move, which limit."""
    if over.kind == "plies":
        limit = _("a score sheet may hold at most %(limit)d half-moves") % {
            "limit": over.limit}
    else:
        limit = _("replaying it took more than %(seconds)s seconds") % {
            "seconds": f"{over.limit:g}"}
    return _(
        "The score sheet of round %(round)d, board %(board)d (%(white)s - %(black)s) is over "
        "the work budget at half-move %(ply)d (%(move)s): %(limit)s. Nothing was saved."
    ) % {"round": game.round.number, "board": game.board, "white": game.white.player.name,
         "black": game.black.player.name, "ply": over.ply, "move": over.label, "limit": limit}


class SheetTooLongError(ArbitrationError):
    """A sheet with more half-moves than MAX_SHEET_PLIES: refused before it is replayed."""


def game_name(game: Game) -> str:
    """ "round 3, board 2 (Ana – João)": which game a message is about."""
    return _("round %(round)d, board %(board)d (%(white)s – %(black)s)") % {
        "round": game.round.number, "board": game.board,
        "white": game.white.player.name, "black": game.black.player.name}


def check_sheet_length(game: Game, text: str) -> None:
    """Refuse a text with more than MAX_SHEET_PLIES half-moves, naming the game and the count."""
    count = written_plies(text)
    if count > MAX_SHEET_PLIES:
        raise SheetTooLongError(_(
            "The score sheet of %(game)s has %(count)d half-moves: a score sheet holds at most "
            "%(limit)d. Nothing was saved; check the text."
        ) % {"game": game_name(game), "count": count, "limit": MAX_SHEET_PLIES}, "pdn")


def sheet_of(game: Game) -> ScoreSheet | None:
    return ScoreSheet.objects.filter(game=game).first()


def locked_game(game: Game) -> Game:
    return (Game.objects.select_for_update(of=("self",))
            .select_related("round__tournament", "white__player", "black__player")
            .get(pk=game.pk))


def sheet_state(sheet: ScoreSheet | None) -> dict[str, Any] | None:
    if sheet is None:
        return None
    return {
        "pdn": sheet.pdn,
        "notation": sheet.notation,
        "accepted_plies": list(sheet.accepted_plies),
        "moves": sheet.moves_count,
        "version": sheet.version,
    }


def current_sheet(game: Game, expected_version: int) -> ScoreSheet | None:
    """The game's sheet, refusing a form that saw another version (0 = no sheet yet)."""
    sheet = sheet_of(game)
    current = sheet.version if sheet is not None else 0
    if current != expected_version:
        raise StaleSheetError(_(
            "The score sheet was changed by someone else while you were editing it. Nothing was "
            "overwritten: check the sheet as it is now and make your change again."
        ))
    return sheet


def store_sheet(game: Game, sheet: ScoreSheet | None, *, text: str, notation: str,
                 accepted: list[int], user) -> tuple[ScoreSheet, SheetReplay]:
    check_sheet_length(game, text)
    replay = sheet_replay(game, text=text, accepted=accepted, budgeted=True)
    if sheet is None:
        sheet = ScoreSheet(game=game, version=0)
    sheet.pdn = text
    sheet.notation = notation
    sheet.accepted_plies = sorted(set(accepted))
    for name, value in replay.summary().items():
        setattr(sheet, name, value)
    sheet.version += 1
    sheet.updated_by = user if getattr(user, "is_authenticated", False) else None
    sheet.save()
    return sheet, replay


def check_notation(game: Game, notation: str) -> None:
    if notation not in Notation.values:
        raise ArbitrationError(_("Choose numeric or algebraic notation."), "notation")
    if notation == Notation.ALGEBRAIC and game.round.tournament.board != 64:
        raise ArbitrationError(
            _("Algebraic notation exists only on the 64-square board; use numeric squares."),
            "notation",
        )


def user_or_none(user):
    return user if getattr(user, "is_authenticated", False) else None


def irregularity_state(claim: IrregularityClaim) -> dict[str, Any]:
    return {
        "category": claim.category,
        "move": claim.move,
        "sheet_category": claim.sheet_category,
        "reported_by": claim.reported_by.player.name if claim.reported_by else "",
        "decision": claim.decision,
        "note": claim.note,
    }

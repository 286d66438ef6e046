"""The score sheet page: type moves one by one, paste or upload the PDN text."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from arbitration import services
from arbitration.forms import (
    MoveForm,
    SheetForm,
    VersionForm,
    add_service_error,
)
from arbitration.sheet_facts import facts_of, sheet_facts
from arbitration.viewer import viewer_state
from arbitration.views.common import (
    algebraic_for,
    arbiter_required,
    game_of,
    roles,
)
from tournaments.models import Game, Tournament


def _sheet_page(request, tournament: Tournament, game: Game, *, sheet_form=None, move_form=None,
                status: int = 200):
    sheet = services.sheet_of(game)
    version = sheet.version if sheet is not None else 0
    if sheet is not None:
        facts = sheet_facts(game, sheet)  # replayed once per sheet version, then cached
    else:
        facts = facts_of(services.sheet_replay(game, None), algebraic_for(None, tournament),
                         tournament.board)
    if sheet_form is None:
        accepted = ", ".join(
            facts.labels[ply - 1] for ply in (sheet.accepted_plies if sheet else [])
            if ply <= len(facts.labels))
        sheet_form = SheetForm(board=tournament.board,
                               default_notation=services.default_notation(tournament), initial={
            "pdn": sheet.pdn if sheet else "",
            "notation": sheet.notation if sheet else services.default_notation(tournament),
            "accepted": accepted, "version": version})
    if move_form is None:
        move_form = MoveForm(board=tournament.board, initial={
            "version": version, "notation": services.default_notation(tournament)})
    state = viewer_state(facts, None, size=320)
    return render(request, "arbitration/sheet.html", {
        "tournament": tournament, "game": game, "sheet": sheet, "state": state,
        "problems": facts.problems, "sheet_form": sheet_form,
        "move_form": move_form, "undo_form": VersionForm(initial={"version": version}),
        "can_type": facts.can_type, "next_label": facts.next_label,
        **roles(request, tournament),
    }, status=status)


@arbiter_required
def sheet_edit(request, tournament: Tournament, game_id: int):
    """The score sheet: type moves one by one, or paste or upload the PDN text."""
    game = game_of(tournament, game_id)
    if request.method != "POST":
        return _sheet_page(request, tournament, game)
    form = SheetForm(request.POST, request.FILES, board=tournament.board,
                     default_notation=services.default_notation(tournament))
    if not form.is_valid():
        return _sheet_page(request, tournament, game, sheet_form=form)
    try:
        sheet = services.save_sheet(
            game, pdn=form.cleaned_data["text"], notation=form.cleaned_data["notation"],
            accepted_moves=form.cleaned_data["accepted"],
            expected_version=form.cleaned_data["version"], user=request.user)
    except services.StaleSheetError as error:
        messages.error(request, error.message)
        return _sheet_page(request, tournament, game, status=409)
    except services.ArbitrationError as error:
        add_service_error(form, error)
        return _sheet_page(request, tournament, game, sheet_form=form)
    if sheet.has_problem:
        messages.warning(request, _("Score sheet saved as written; it has a problem, shown below."))
    else:
        messages.success(request, _("Score sheet saved: %(count)d half-moves replayed.") % {
            "count": sheet.moves_count})
    if form.encoding_note:
        messages.info(request, form.encoding_note)
    return redirect("arbitration:sheet", tournament.slug, game.pk)


@require_POST
@arbiter_required
def sheet_move(request, tournament: Tournament, game_id: int):
    """Append one typed move, checked against the position before it."""
    game = game_of(tournament, game_id)
    form = MoveForm(request.POST, board=tournament.board)
    if not form.is_valid():
        return _sheet_page(request, tournament, game, move_form=form)
    try:
        _sheet, typed = services.append_move(
            game, move_text=form.cleaned_data["move"], let_stand=form.cleaned_data["let_stand"],
            notation=form.cleaned_data["notation"], expected_version=form.cleaned_data["version"],
            user=request.user)
    except services.StaleSheetError as error:
        messages.error(request, error.message)
        return _sheet_page(request, tournament, game, status=409)
    except services.ArbitrationError as error:
        add_service_error(form, error)
        return _sheet_page(request, tournament, game, move_form=form)
    if typed.irregularity is not None:
        messages.warning(request, _(
            "%(move)s recorded as an irregular move the opponent let stand "
            "(Art. 23 (%(category)s))."
        ) % {"move": typed.label, "category": typed.irregularity.category})
    else:
        messages.success(request, _("%(move)s recorded.") % {"move": typed.label})
    return redirect(reverse("arbitration:sheet", args=[tournament.slug, game.pk]) + "#move-form")


@require_POST
@arbiter_required
def sheet_undo(request, tournament: Tournament, game_id: int):
    """Take the last move off the sheet."""
    game = game_of(tournament, game_id)
    form = VersionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The form was incomplete: nothing was changed."))
        return redirect("arbitration:sheet", tournament.slug, game.pk)
    try:
        services.remove_last_move(game, expected_version=form.cleaned_data["version"],
                                  user=request.user)
    except services.StaleSheetError as error:
        messages.error(request, error.message)
        return _sheet_page(request, tournament, game, status=409)
    except services.ArbitrationError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The last move was removed from the score sheet."))
    return redirect(reverse("arbitration:sheet", args=[tournament.slug, game.pk]) + "#move-form")

"""Draw claims (made, then decided) and Art. 23 irregularities."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from arbitration import services
from arbitration.forms import (
    DecisionForm,
    DrawClaimForm,
    IrregularityForm,
    add_service_error,
)
from arbitration.models import DrawClaim
from arbitration.sheet_problems import illegal_line
from arbitration.views.common import (
    algebraic_for,
    arbiter_required,
    claim_page,
    game_of,
    roles,
)
from tournaments.models import Tournament
from tournaments.services import StaleResultError, TournamentError


@arbiter_required
def draw_claim_new(request, tournament: Tournament, game_id: int):
    """Record a draw claim; the sheet's verdict is shown on the claim's page."""
    game = game_of(tournament, game_id)
    replay = services.sheet_replay(game, services.sheet_of(game))
    rule_ids = replay.rule_ids()
    if request.method == "POST":
        form = DrawClaimForm(request.POST, game=game, rule_ids=rule_ids)
        if form.is_valid():
            try:
                claim = services.make_draw_claim(
                    game, claimant=form.cleaned_data["claimant"], rule=form.cleaned_data["rule"],
                    move=form.cleaned_data["move"], user=request.user)
            except services.ArbitrationError as error:
                add_service_error(form, error)
            else:
                return redirect("arbitration:draw_claim", tournament.slug, claim.pk)
    else:
        form = DrawClaimForm(game=game, rule_ids=rule_ids,
                             initial={"move": request.GET.get("move", "")})
    return render(request, "arbitration/draw_claim_form.html", {
        "tournament": tournament, "game": game, "form": form,
        "has_sheet": replay.replay is not None, "rules_available": replay.rules_available,
        **roles(request, tournament)})


@require_POST
@arbiter_required
def draw_claim_decide(request, tournament: Tournament, claim_id: int):
    """Confirm or override the verdict; upholding sets the result to a draw in one step."""
    claim = get_object_or_404(
        DrawClaim.objects.select_related("game__round__tournament", "game__white__player",
                                         "game__black__player", "claimant__player"),
        game__round__tournament=tournament, pk=claim_id,
    )
    form = DecisionForm(request.POST, claim=claim)
    if not form.is_valid():
        return claim_page(request, tournament, claim, form)
    try:
        services.decide_draw_claim(
            claim, decision=form.cleaned_data["decision"], reason=form.cleaned_data["reason"],
            expected_game_version=form.cleaned_data["game_version"], user=request.user)
    except services.ClaimRecheckedError as error:
        messages.warning(request, error.message)
        return redirect("arbitration:draw_claim", tournament.slug, claim.pk)
    except StaleResultError as error:
        claim.refresh_from_db()
        claim.game.refresh_from_db()
        messages.error(request, str(error))
        return claim_page(request, tournament, claim, DecisionForm(claim=claim), status=409)
    except services.ArbitrationError as error:
        add_service_error(form, error)
        return claim_page(request, tournament, claim, form)
    except TournamentError as error:
        form.add_error(None, str(error))
        return claim_page(request, tournament, claim, form)
    messages.success(request, _("Decision recorded."))
    return redirect("arbitration:game", tournament.slug, claim.game_id)


@arbiter_required
def irregularity_new(request, tournament: Tournament, game_id: int):
    """Record an Art. 23 irregularity; the sheet proposes the category where it shows one."""
    game = game_of(tournament, game_id)
    sheet = services.sheet_of(game)
    replay = services.sheet_replay(game, sheet)
    algebraic = algebraic_for(sheet, tournament)
    if request.method == "POST":
        form = IrregularityForm(request.POST, game=game)
        if form.is_valid():
            try:
                services.record_irregularity(
                    game, move=form.cleaned_data["move"], category=form.cleaned_data["category"],
                    reported_by=form.cleaned_data["reported_by"],
                    decision=form.cleaned_data["decision"], note=form.cleaned_data["note"],
                    user=request.user)
            except services.ArbitrationError as error:
                add_service_error(form, error)
            else:
                messages.success(request, _("Irregularity recorded."))
                return redirect("arbitration:game", tournament.slug, game.pk)
    else:
        initial = {"move": request.GET.get("move", "")}
        if replay.illegal is not None and not initial["move"]:
            initial["move"] = replay.illegal.sheet.move_label
        ply = replay.ply_of(initial["move"]) if initial["move"] else None
        if ply is not None:
            initial["category"] = services.sheet_category_at(replay, ply)
        form = IrregularityForm(game=game, initial=initial)
    return render(request, "arbitration/irregularity_form.html", {
        "tournament": tournament, "game": game, "form": form,
        "sheet_shows": illegal_line(replay, algebraic), **roles(request, tournament)})

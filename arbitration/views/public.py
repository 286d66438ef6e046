"""Public pages: a game, its moves in the viewer, its PDN, a draw claim."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify

from arbitration import services
from arbitration.forms import (
    DecisionForm,
)
from arbitration.history import history_rows
from arbitration.models import DrawClaim, ScoreSheet
from arbitration.sheet_facts import sheet_facts
from arbitration.viewer import viewer_data, viewer_state
from arbitration.views.common import (
    claim_page,
    game_of,
    roles,
)
from tournaments.models import Tournament


def game_detail(request, slug: str, game_id: int):
    """A game's page: result, score sheet, claims and, for its arbiters, its history."""
    tournament = get_object_or_404(Tournament, slug=slug)
    game = game_of(tournament, game_id)
    sheet = services.sheet_of(game)
    user_roles = roles(request, tournament)
    context = {
        "tournament": tournament, "game": game, "sheet": sheet, **user_roles,
        "draw_claims": game.draw_claims.select_related("claimant__player"),
        "irregularities": game.irregularity_claims.select_related("reported_by__player"),
    }
    if sheet is not None:
        facts = sheet_facts(game, sheet)
        context["problems"] = facts.problems
        context["sheet_moves"] = facts.written
    if user_roles["can_arbitrate"]:
        context["history"] = history_rows(game.audit_entries.select_related("actor"))
    return render(request, "arbitration/game_detail.html", context)


def viewer(request, slug: str, game_id: int):
    """The board at any half-move (?ply=N), the moves and the draw counters there."""
    tournament = get_object_or_404(Tournament, slug=slug)
    game = game_of(tournament, game_id)
    sheet = services.sheet_of(game)
    state, problems, data = None, {}, None
    if sheet is not None:
        facts = sheet_facts(game, sheet)  # replayed once per sheet version, then cached
        flipped = request.GET.get("flip") == "1"
        state = viewer_state(facts, request.GET.get("ply"), flipped=flipped)
        problems = facts.problems
        data = viewer_data(facts, state.ply, flipped=flipped) if state is not None else None
    return render(request, "arbitration/viewer.html", {
        "tournament": tournament, "game": game, "sheet": sheet, "state": state,
        "problems": problems, "viewer_data": data,
        "flip": request.GET.get("flip") == "1", **roles(request, tournament),
    })


def sheet_download(request, slug: str, game_id: int):
    """The sheet's PDN text exactly as stored."""
    tournament = get_object_or_404(Tournament, slug=slug)
    game = game_of(tournament, game_id)
    sheet = get_object_or_404(ScoreSheet, game=game)
    response = HttpResponse(sheet.pdn, content_type="application/x-draughts-pdn; charset=utf-8")
    name = slugify(f"{tournament.slug}-r{game.round.number}-m{game.board}") or "partida"
    response["Content-Disposition"] = f'attachment; filename="{name}.pdn"'
    return response


def draw_claim_detail(request, slug: str, claim_id: int):
    tournament = get_object_or_404(Tournament, slug=slug)
    claim = get_object_or_404(
        DrawClaim.objects.select_related("game__round__tournament", "game__white__player",
                                         "game__black__player", "claimant__player",
                                         "decided_by"),
        game__round__tournament=tournament, pk=claim_id,
    )
    return claim_page(request, tournament, claim, DecisionForm(claim=claim))

"""Helpers every arbitration view shares: loading the game, the roles, the sheet's problems."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from arbitration import describe, services
from arbitration.models import DrawClaim, Notation, ScoreSheet
from tournaments.models import Game, Tournament
from tournaments.pages.permissions import can_arbitrate, can_manage, tournament_role_required

arbiter_required = tournament_role_required(can_arbitrate)
organiser_required = tournament_role_required(can_manage)


def game_of(tournament: Tournament, game_id: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("round__tournament", "white__player", "black__player"),
        round__tournament=tournament, pk=game_id,
    )


def roles(request, tournament: Tournament) -> dict[str, bool]:
    return {"can_arbitrate": can_arbitrate(request.user, tournament),
            "can_manage": can_manage(request.user, tournament)}


def algebraic_for(sheet: ScoreSheet | None, tournament: Tournament) -> bool:
    notation = sheet.notation if sheet is not None else services.default_notation(tournament)
    return notation == Notation.ALGEBRAIC


def claim_page(request, tournament: Tournament, claim: DrawClaim, form, status: int = 200):
    evidence = claim.evidence or {}
    return render(request, "arbitration/draw_claim.html", {
        "tournament": tournament, "claim": claim, "game": claim.game, "form": form,
        "sentence": describe.claim_sentence(evidence, claim.system_upheld) if evidence else "",
        "facts": describe.evidence_facts(evidence),
        **roles(request, tournament),
    }, status=status)

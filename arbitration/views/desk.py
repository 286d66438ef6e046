"""The arbiter's desk: every round, one round, the tournament's audit log."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, render

from arbitration.history import history_rows
from arbitration.models import AuditEntry, DrawClaim
from arbitration.views.common import (
    arbiter_required,
    roles,
)
from tournaments.models import Round, Tournament


@arbiter_required
def desk(request, tournament: Tournament):
    """Every round with what is missing: results, sheets, open claims."""
    rounds = tournament.rounds.annotate(
        games_count=Count("games", distinct=True),
        missing_results=Count("games", filter=Q(games__result=""), distinct=True),
        missing_sheets=Count("games", filter=Q(games__score_sheet__isnull=True), distinct=True),
        sheet_problems=Count("games", filter=Q(games__score_sheet__isnull=False)
                             & (Q(games__score_sheet__illegal_ply__isnull=False)
                                | ~Q(games__score_sheet__syntax_code="")), distinct=True),
        open_claims=Count("games__draw_claims", filter=Q(games__draw_claims__decision=""),
                          distinct=True),
    )
    return render(request, "arbitration/desk.html", {
        "tournament": tournament, "rounds": rounds, **roles(request, tournament)})


@arbiter_required
def round_desk(request, tournament: Tournament, number: int):
    """One round: which games lack a result or a sheet, which have open claims."""
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    games = (round_.games.select_related("white__player", "black__player", "score_sheet")
             .annotate(open_claims=Count("draw_claims", filter=Q(draw_claims__decision=""))))
    claims = (DrawClaim.objects.open().filter(game__round=round_)
              .select_related("game", "claimant__player"))
    rows = []
    for game in games:
        sheet = getattr(game, "score_sheet", None)
        rows.append({"game": game, "sheet": sheet,
                     "needs_attention": not game.result or sheet is None
                     or sheet.has_problem or game.open_claims})
    return render(request, "arbitration/round.html", {
        "tournament": tournament, "round": round_, "rows": rows, "open_claims": claims,
        "round_numbers": list(tournament.rounds.values_list("number", flat=True)),
        "missing_results": sum(1 for row in rows if not row["game"].result),
        "missing_sheets": sum(1 for row in rows if row["sheet"] is None),
        **roles(request, tournament),
    })


@arbiter_required
def tournament_log(request, tournament: Tournament):
    entries = (AuditEntry.objects.filter(tournament=tournament)
               .select_related("game__round", "actor"))
    page = Paginator(entries, 50).get_page(request.GET.get("page"))
    return render(request, "arbitration/log.html", {
        "tournament": tournament, "page": page, "rows": history_rows(page.object_list),
        **roles(request, tournament)})

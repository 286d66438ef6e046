"""The lists a hall pins up (issue 27), as public pages with their CSV and .xlsx downloads: the
starting list, a round's alphabetical pairing list (a hall of 150 looks for a name, not a board)
and the rank after round N with each game's rating change. Their PDFs are printing's; the rows
are the same (printing/wall_rows.py, rank_rows.py)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.pages.context import table_page, tournament_context
from tournaments.pages.wall_tables import (
    AlphabeticalListTable,
    RankAfterRoundTable,
    StartingListTable,
)
from tournaments.printing.collect import RoundNotFoundError, pairings_data
from tournaments.printing.counted_rounds import complete_rounds, published_round_numbers
from tournaments.printing.rank_rows import rank_after_round as rank_report
from tournaments.printing.wall_lists import rating_changes_legend
from tournaments.printing.wall_rows import alphabetical_rows, starting_rows


def starting_list(request: HttpRequest, slug: str) -> HttpResponse:
    """Every player by pairing number: club, ratings, birth year."""
    tournament = get_object_or_404(Tournament, slug=slug)
    context = tournament_context(request, tournament)
    table = StartingListTable(starting_rows(tournament))
    return table_page(request, table, f"{slug}-lista-inicial", "tournaments/starting_list.html",
                      context, _("Starting list"))


def alphabetical_list(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Round `number`'s players by name, each with board, colour and opponent; a round not
    generated or not published yet is a 404."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        data = pairings_data(tournament, number)
    except RoundNotFoundError as error:
        raise Http404(str(error)) from error
    context = tournament_context(request, tournament, number=number, date=data.date)
    table = AlphabeticalListTable(alphabetical_rows(data),
                                  exporting=bool(request.GET.get("_export")))
    return table_page(request, table, f"{slug}-lista-alfabetica-rodada-{number}",
                      "tournaments/alphabetical_list.html", context,
                      _("Alphabetical list, round %(number)d") % {"number": number})


def rank_after_last_round(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings page's link: the rank after the last complete round (the first round while
    none is), found here so the standings page asks the database nothing more."""
    tournament = get_object_or_404(Tournament, slug=slug)
    published = published_round_numbers(tournament)
    if not published:
        raise Http404(_("No such round."))
    number = complete_rounds(tournament) or published[0]
    return redirect("tournaments:rank_after_round", slug, number)


def rank_after_round(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The standings after round `number`, each player's rating change game by game."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        report = rank_report(tournament, number)
    except RoundNotFoundError as error:
        raise Http404(str(error)) from error
    context = tournament_context(request, tournament, number=number, note=report.note,
                                 legend=rating_changes_legend(tournament.rating_k))
    table = RankAfterRoundTable(report.rows, list(tournament.tiebreaks), report.rounds,
                                short_headings=not request.GET.get("_export"))
    return table_page(request, table, f"{slug}-classificacao-rodada-{number}",
                      "tournaments/rank_after_round.html", context,
                      _("Rank after round %(number)d") % {"number": number})

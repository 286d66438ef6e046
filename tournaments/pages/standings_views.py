"""The standings and the crosstable pages, after every round or after a chosen one, with their
downloads and the legends that spell out their short headings. Public pages need no login."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.files.table_export import EXPORT_FORMATS
from tournaments.models import Tournament
from tournaments.pages import crosstable_grid, live
from tournaments.pages import pieces as page_pieces
from tournaments.pages.context import table_page, tournament_context
from tournaments.pages.live_tables import standings_page_table
from tournaments.pages.swiss_tables import SwissCrosstableTable
from tournaments.pages.tables import (
    CrosstableTable,
    StandingsTable,
    tiebreak_legend,
)
from tournaments.printing.collect import tiebreak_labels
from tournaments.printing.counted_rounds import rounds_counted_note
from tournaments.printing.standings_texts import encounter_legend
from tournaments.queries import reports


def selected_round(request, round_numbers: list[int]) -> int | None:
    """?rodada=N for the standings after round N; all rounds when absent."""
    raw = request.GET.get("rodada")
    if not raw:
        return None
    try:
        number = int(raw)
    except ValueError:
        raise Http404(_("No such round.")) from None
    if number not in round_numbers:
        raise Http404(_("No such round."))
    return number


def standings(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    context = tournament_context(request, tournament)
    up_to_round = selected_round(request, context["round_numbers"])
    context["up_to_round"] = up_to_round
    context["rank_round"] = up_to_round
    context["tiebreak_legend"] = tiebreak_legend(tournament.tiebreaks)
    context["games_legend"] = games_legend()
    context["encounter_legend"] = encounter_legend(list(tournament.tiebreaks))
    if up_to_round is None:
        context["live"] = live.standings_live_context(request, tournament)
    if request.GET.get("_export") not in EXPORT_FORMATS:
        # The page in one pass (standings_html says why); the downloads below keep
        # django-tables2.
        context["standings"] = standings_page_table(request, tournament, up_to_round)
        return render(request, "tournaments/standings.html", context)
    suffix = f"-rodada-{up_to_round}" if up_to_round else ""
    title = (_("Standings after round %(number)s") % {"number": up_to_round} if up_to_round
             else _("Standings"))
    return table_page(request, standings_table(request, tournament, up_to_round),
                      f"{slug}-classificacao{suffix}", "tournaments/standings.html", context,
                      title)


def standings_table(request, tournament: Tournament,
                    up_to_round: int | None = None) -> StandingsTable:
    """The standings as the downloads hold them (?_export=csv, xlsx), full tie-break names."""
    rows = page_pieces.standings_rows(tournament, up_to_round)  # once per version (issue 15)
    exporting = bool(request.GET.get("_export"))
    return StandingsTable(rows, tournament.tiebreaks, short_headings=not exporting)


def crosstable(request, slug: str):
    """The grid in one pass over rows computed once per version and language; the CSV export
    goes through django-tables2 (crosstable_grid says why)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    context = tournament_context(request, tournament)
    if tournament.is_swiss:
        context["round_columns"], context["rows"] = page_pieces.swiss_crosstable(tournament)
        context["tiebreak_legend"] = tiebreak_legend(tournament.tiebreaks)
        # its points and places are the standings', after the complete rounds (issue 25)
        context["rounds_note"] = rounds_counted_note(tournament)
        context["encounter_legend"] = encounter_legend(
            list(tournament.tiebreaks), on_page=False)
        if request.GET.get("_export") in EXPORT_FORMATS:
            table = SwissCrosstableTable(context["rows"], context["round_columns"],
                                         list(tournament.tiebreaks))
            return table_page(request, table, f"{slug}-tabela",
                              "tournaments/swiss_crosstable.html", context, _("Crosstable"))
        return render(request, "tournaments/swiss_crosstable.html", context)
    if request.GET.get("_export") in EXPORT_FORMATS:
        return crosstable_export(request, tournament, context)
    by_rank = request.GET.get("ordem") == BY_RANK
    grid = page_pieces.crosstable_grid(tournament, by_rank)
    if by_rank:  # another order would move the rows off the diagonal
        rows, sort = grid.rows, ""
    else:
        rows, sort = crosstable_grid.order(grid.rows, request.GET.get("sort"))
    context.update(
        grid=rows, by_rank=by_rank, by_rank_value=BY_RANK,
        column_legend=crosstable_legend(tournament),
        headings=crosstable_grid.headings(grid.columns, list(tournament.tiebreaks), request.GET,
                                          sort, orderable=not by_rank))
    return render(request, "tournaments/crosstable.html", context)


def crosstable_export(request, tournament: Tournament, context: dict):
    """The crosstable as CSV, through django-tables2 like the other tables' exports."""
    slug = tournament.slug
    entries = reports.numbered_entries(tournament)
    records = reports.game_records(tournament)
    cells = reports.cells_in_rounds(
        tournament, reports.crosstable_cells(records, tournament.scoring))
    ranked = reports.standings(tournament, records=records, entries=entries)
    by_rank = request.GET.get("ordem") == BY_RANK
    if by_rank:
        # Swiss-Manager's order: columns in the rows' order, numbered 1..n, so each player's
        # own square falls on the diagonal (issue 12).
        columns = [(standing.entry.number, str(place))
                   for place, standing in enumerate(ranked, start=1)]
    else:
        columns = [(entry.number, str(entry.number)) for entry in entries]
    rows = [
        {"rank": standing.rank, "number": standing.entry.number,
         "name": standing.entry.player.name, "points": standing.points,
         "sort_name": standing.entry.player.sort_name,
         "rating": standing.rating, "games": standing.games,
         "url": standing.entry.get_absolute_url(),
         "cells": {str(number): cells.get((standing.entry.number, number))
                   for number, _label in columns},
         **{f"tb_{index}": value
            for index, value in enumerate(standing.row.tiebreaks.values(), start=1)}}
        for standing in ranked
    ]
    table = CrosstableTable(rows, columns, tournament.tiebreaks, by_rank=by_rank)
    context["by_rank"] = by_rank
    context["by_rank_value"] = BY_RANK
    context["column_legend"] = crosstable_legend(tournament)
    return table_page(request, table, f"{slug}-tabela", "tournaments/crosstable.html", context,
                      _("Crosstable"))


BY_RANK = "classificacao"  # ?ordem=classificacao: the crosstable by rank in both directions


def games_legend() -> str:
    """ "G: games played", the short heading spelt out under the standings and crosstable."""
    return _("%(games)s: games played") % {"games": pgettext("games played column heading", "G")}


def crosstable_legend(tournament: Tournament) -> str:
    """ "G: games played; DE: Direct encounter; ..." for the crosstable's short headings."""
    parts = [games_legend()]
    parts += [f"{label.abbreviation}: {label.name}"
              for label in tiebreak_labels(list(tournament.tiebreaks))]
    encounter = encounter_legend(list(tournament.tiebreaks), on_page=False)
    return "; ".join(parts) + "." + (f" {encounter}" if encounter else "")

"""What every page of a tournament is built on: its context (the rounds the reader may see, his
roles, the tie-breaks and the scoring) and a sortable table served as a page or as a download."""

from __future__ import annotations

from django.shortcuts import render
from django_tables2 import RequestConfig

from tournaments.files.table_export import EXPORT_FORMATS, export_response
from tournaments.models import Tournament
from tournaments.pages import pieces as page_pieces
from tournaments.pages.permissions import (
    can_arbitrate,
    can_manage,
)
from tournaments.pages.tables import tiebreak_label
from tournaments.printing.counted_rounds import published_round_numbers
from tournaments.printing.standings_texts import local_points


def table_page(request, table, export_name: str, template: str, context: dict,
               title: str = ""):
    """Render a page around a sortable table, or the table alone as a download:
    ?_export=csv or ?_export=xlsx (files/table_export.py: numbers as numbers, formulas neutralised);
    `title` names the sheet of the .xlsx."""
    RequestConfig(request, paginate=False).configure(table)
    export_format = request.GET.get("_export")
    # Only the formats the pages offer: django-tables2 also knows ods, yaml..., whose packages
    # are not installed, so another ?_export= shows the page.
    if export_format in EXPORT_FORMATS:
        title = str(title or export_name)
        tournament = context.get("tournament")
        document_title = f"{tournament.name} – {title}" if tournament else title
        return export_response(request, table, export_format, export_name, title,
                               document_title)
    return render(request, template, {**context, "table": table})


def roles(request, tournament: Tournament) -> dict:
    return {
        "can_manage": can_manage(request.user, tournament),
        "can_arbitrate": can_arbitrate(request.user, tournament),
    }


def tournament_context(request, tournament: Tournament, **extra) -> dict:
    round_numbers = page_pieces.round_numbers(tournament)
    if tournament.is_swiss and not can_arbitrate(request.user, tournament):
        # A Swiss round the arbiter has not published yet is not the public's.
        round_numbers = published_round_numbers(tournament)
    return {"tournament": tournament, "round_numbers": round_numbers,
            "paired": bool(round_numbers),
            "tiebreak_names": [tiebreak_label(key) for key in tournament.tiebreaks],
            "scoring": {outcome: local_points(getattr(tournament.scoring, outcome))
                        for outcome in ("win", "draw", "loss")},
            **roles(request, tournament), **extra}

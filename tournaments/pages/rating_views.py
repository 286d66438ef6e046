"""The rating report page, its CSV and .xlsx (through table_page, formulas neutralised) and
its PDF."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import django_tables2 as tables
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament
from tournaments.pages.context import table_page, tournament_context
from tournaments.pages.tables import NumberColumn, local_number
from tournaments.printing.plain_table import plain_table_pdf
from tournaments.queries import reports
from tournaments.queries.rating_lists import FMJD, NATIONAL, rows_in_force, tournament_day
from tournaments.standings.rating_report import rating_report


class RatingReportTable(tables.Table):
    """Numbers as numbers (NumberColumn): the page writes them with the language's decimal
    sign, the downloads hold the numbers themselves."""

    number = NumberColumn(verbose_name=gettext_lazy("No."))
    name = tables.Column(verbose_name=gettext_lazy("Name"))
    fed_id = tables.Column(verbose_name=gettext_lazy("Federation id"))
    rating = NumberColumn(verbose_name=gettext_lazy("Rating"))
    games = NumberColumn(verbose_name=gettext_lazy("Rated games"))
    score = NumberColumn(verbose_name=gettext_lazy("Score"))
    expected = NumberColumn(verbose_name=gettext_lazy("Expected score"))
    change = NumberColumn(verbose_name=gettext_lazy("Rating change"), signed=True)
    new_rating = NumberColumn(verbose_name=gettext_lazy("New rating"))
    performance = NumberColumn(verbose_name=gettext_lazy("Performance"))

    class Meta:
        order_by = ("number",)


# Which list the report rates on: the national (CBD) one by default, or FMJD's (?lista=fmjd).
RATING_LISTS = {"": ("rating", "federation_id"), "fmjd": ("fmjd_rating", "fmjd_id")}
LIST_KINDS = {"": NATIONAL, "fmjd": FMJD}


def report_rows(tournament: Tournament, rating_list: str = "") -> list[dict]:
    return rated_rows(tournament, rating_list)[0]


def rated_rows(tournament: Tournament, rating_list: str = ""):
    """The report's rows, the federation list in force at the start it rated by (issue 27: the
    latest confirmed list dated on or before the start date) and how many players it did not
    have (rated by the registry's rating instead)."""
    rating_field, id_field = RATING_LISTS[rating_list]
    entries = reports.numbered_entries(tournament)
    by_number = {entry.number: entry for entry in entries}
    in_force, listed = rows_in_force(
        tournament_day(tournament),
        [getattr(entry.player, id_field) for entry in entries], LIST_KINDS[rating_list])
    ratings, from_registry = {}, 0
    for number, entry in by_number.items():
        row = listed.get(getattr(entry.player, id_field))
        if row is not None and row.rating is not None:
            ratings[number] = row.rating
        else:
            ratings[number] = getattr(entry.player, rating_field)
            from_registry += in_force is not None
    rows = rating_report(list(by_number), reports.game_records(tournament), ratings,
                         tournament.rating_k)
    return [{
        "number": row.number, "name": by_number[row.number].player.name,
        "fed_id": getattr(by_number[row.number].player, id_field),
        "rating": "" if row.rating is None else row.rating, "games": row.games,
        "score": row.score,
        "expected": "" if row.expected is None else rounded(row.expected, "0.01"),
        "change": "" if row.change is None else rounded(row.change, "0.1"),
        "new_rating": "" if row.new_rating is None else row.new_rating,
        "performance": "" if row.performance is None else row.performance,
    } for row in rows], in_force, from_registry


def rounded(value: float, places: str) -> Decimal:
    """0.7597 as Decimal("0.76"): what the report shows, the same in its downloads."""
    return Decimal(repr(value)).quantize(Decimal(places), rounding=ROUND_HALF_UP)


def rating_report_page(request, slug: str):
    """The report as a page, ?_export=csv as CSV, ?formato=pdf as PDF."""
    tournament = get_object_or_404(Tournament, slug=slug)
    rating_list = request.GET.get("lista", "")
    if rating_list not in RATING_LISTS:
        rating_list = ""
    rows, in_force, from_registry = rated_rows(tournament, rating_list)
    table = RatingReportTable(rows)
    if request.GET.get("formato") == "pdf":
        headings = [str(column.header) for column in table.columns]
        subtitle = _("K = %(k)d") % {"k": tournament.rating_k}
        if in_force is not None:
            subtitle += " · " + list_used(in_force)
        content = plain_table_pdf(tournament, _("Rating report"), headings,
                                  [[local_number(row[column.name],
                                                 signed=column.name == "change")
                                    for column in table.columns]
                                   for row in rows], subtitle=subtitle)
        response = HttpResponse(content, content_type="application/pdf")
        response["Content-Disposition"] = content_disposition_header(
            True, f"{tournament.slug}-rating.pdf")
        return response
    return table_page(request, table, f"{slug}-rating{'-fmjd' if rating_list else ''}",
                      "tournaments/rating_report.html",
                      tournament_context(request, tournament, rating_list=rating_list,
                                         list_in_force=in_force, from_registry=from_registry),
                      _("Rating report"))


def list_used(in_force) -> str:
    return _("Ratings of the %(list)s list, in force at the start") % {"list": str(in_force)}

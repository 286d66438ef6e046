"""The season's rating calculation (issue 27): for a season's dates and a kind of list, every
finished tournament that started in it rated in date order, each player's new rating carried into
his next tournament (standings/rating_season.py), as a page, CSV, .xlsx (table_page, formulas
neutralised) and a PDF the rating office can submit. Organisers and staff only, as the lists."""

from __future__ import annotations

import datetime
from urllib.parse import urlencode

import django_tables2 as tables
from django import forms
from django.http import HttpResponse
from django.utils import formats, timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.pages.context import table_page
from tournaments.pages.permissions import refuse
from tournaments.pages.rating_list_views import can_load_lists
from tournaments.pages.rating_views import rounded
from tournaments.pages.tables import NumberColumn, local_number
from tournaments.printing.data import TournamentHeader
from tournaments.printing.plain_table import plain_table_document
from tournaments.queries.rating_lists import FMJD, NATIONAL
from tournaments.queries.rating_season import PLAYER_FIELDS, SeasonReport, season_report

DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class SeasonForm(forms.Form):
    """Read from the query string (?inicio=2026-01-01&fim=2026-12-31&lista=fmjd)."""

    inicio = forms.DateField(label=gettext_lazy("First day of the season"), widget=DATE_INPUT)
    fim = forms.DateField(label=gettext_lazy("Last day of the season"), widget=DATE_INPUT)
    lista = forms.ChoiceField(label=gettext_lazy("Rating list"), required=False, choices=[
        ("", gettext_lazy("National (CBD) ratings")), (FMJD, gettext_lazy("FMJD ratings"))])

    def clean(self):
        data = super().clean()
        if data.get("inicio") and data.get("fim") and data["fim"] < data["inicio"]:
            self.add_error("fim", _("The season ends before it starts."))
        return data


class SeasonTable(tables.Table):
    name = tables.Column(verbose_name=gettext_lazy("Name"))
    fed_id = tables.Column(verbose_name=gettext_lazy("Federation id"))
    start_rating = NumberColumn(verbose_name=gettext_lazy("Rating at the start"))
    tournaments = NumberColumn(verbose_name=gettext_lazy("Tournaments"))
    games = NumberColumn(verbose_name=gettext_lazy("Rated games"))
    score = NumberColumn(verbose_name=gettext_lazy("Score"))
    expected = NumberColumn(verbose_name=gettext_lazy("Expected score"))
    change = NumberColumn(verbose_name=gettext_lazy("Rating change"), signed=True)
    new_rating = NumberColumn(verbose_name=gettext_lazy("New rating"))

    class Meta:
        order_by = ("name",)
        # Long headings (rated games, expected score) wrap: the nine columns fit a desktop page.
        attrs = {"class": "wrap"}


def blank(value):
    return "" if value is None else value


def season_rows(report: SeasonReport) -> list[dict]:
    id_field = PLAYER_FIELDS[report.kind][1]
    return [{"name": player.name, "fed_id": getattr(player, id_field),
             "start_rating": blank(row.start_rating), "tournaments": row.tournaments,
             "games": row.games, "score": row.score,
             "expected": "" if row.expected is None else rounded(row.expected, "0.01"),
             "change": blank(row.change), "new_rating": blank(row.new_rating)}
            for player, row in sorted(report.rows, key=lambda item: item[0].name)]


def default_season() -> dict:
    year = timezone.localdate().year
    return {"inicio": datetime.date(year, 1, 1).isoformat(),
            "fim": datetime.date(year, 12, 31).isoformat(), "lista": ""}


def rating_season(request):
    """The season's table; ?_export=csv or xlsx downloads it, ?formato=pdf prints it."""
    if not can_load_lists(request.user):
        return refuse(request)
    form = SeasonForm(request.GET if "inicio" in request.GET else default_season())
    if not form.is_valid():
        return table_page(request, SeasonTable([]), "rating-season",
                          "tournaments/rating_season.html", {"form": form, "report": None},
                          _("Season rating report"))
    start, end = form.cleaned_data["inicio"], form.cleaned_data["fim"]
    kind = FMJD if form.cleaned_data["lista"] == FMJD else NATIONAL
    report = season_report(start, end, kind)
    rows = season_rows(report)
    table = SeasonTable(rows)
    name = f"rating-season-{start:%Y%m%d}-{end:%Y%m%d}{'-fmjd' if kind == FMJD else ''}"
    if request.GET.get("formato") == "pdf":
        response = HttpResponse(season_pdf(report, table, rows), content_type="application/pdf")
        response["Content-Disposition"] = content_disposition_header(True, f"{name}.pdf")
        return response
    return table_page(request, table, name, "tournaments/rating_season.html",
                      {"form": form, "report": report, "kind": kind,
                       "tournament_lines": tournament_lines(report),
                       "query": urlencode({"inicio": start.isoformat(), "fim": end.isoformat(),
                                           "lista": "fmjd" if kind == FMJD else ""})},
                      _("Season rating report"))


def tournament_lines(report: SeasonReport) -> list[dict]:
    players: dict[object, int] = {}
    for line in report.lines:
        players[line.tournament] = players.get(line.tournament, 0) + 1
    return [{"tournament": tournament, "players": players.get(tournament.pk, 0)}
            for tournament in report.tournaments]


def source_sentence(report: SeasonReport) -> str:
    if report.in_force is None:
        return _("No rating list of this kind is in force at the season's start: ratings at "
                 "the start are the registry's.")
    sentence = _("Ratings at the start: the %(list)s list, in force on the season's first "
                 "day.") % {"list": str(report.in_force)}
    if report.from_registry:
        sentence += " " + ngettext(
            "%(count)s player not on it starts with the registry's rating.",
            "%(count)s players not on it start with the registry's rating.",
            report.from_registry) % {"count": report.from_registry}
    return sentence


def season_pdf(report: SeasonReport, table: SeasonTable, rows: list[dict]) -> bytes:
    dates = (f"{formats.date_format(report.start, 'SHORT_DATE_FORMAT')} – "
             f"{formats.date_format(report.end, 'SHORT_DATE_FORMAT')}")
    kind = _("FMJD ratings") if report.kind == FMJD else _("National (CBD) ratings")
    header = TournamentHeader(name=kind, dates=dates)
    notes = [source_sentence(report), _("Tournaments of the season, in date order:")]
    notes += [ngettext("%(date)s · %(name)s · K = %(k)d · %(players)d player",
                       "%(date)s · %(name)s · K = %(k)d · %(players)d players",
                       line["players"]) % {
        "date": formats.date_format(line["tournament"].start_date, "SHORT_DATE_FORMAT"),
        "name": line["tournament"].name, "k": line["tournament"].rating_k,
        "players": line["players"]} for line in tournament_lines(report)]
    return plain_table_document(
        header, _("Season rating report"), [str(column.header) for column in table.columns],
        [[local_number(row[column.name], signed=column.name == "change")
          for column in table.columns] for row in rows],
        wide_column=0, empty=_("No finished tournament started in this season."), notes=notes)

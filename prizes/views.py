"""Prize pages of a tournament: the public prize list and category standings (pages and PDF),
and the organiser's page that defines categories, prizes and the prize rules."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from prizes import services
from prizes.forms import CategoryForm, PolicyForm, PrizeForm
from prizes.models import Category, PrizePolicy
from prizes.money import money_text
from tournaments.models import Tournament
from tournaments.pages.context import table_page, tournament_context
from tournaments.pages.permissions import can_manage, tournament_role_required
from tournaments.pages.tables import CategoryStandingsTable, tiebreak_legend
from tournaments.printing.plain_table import plain_table_pdf
from tournaments.printing.standings_texts import local_points
from tournaments.standings.tiebreak_names import tiebreak_abbreviation


def prize_text(line: services.PrizeLine) -> str:
    parts = [money_text(line.amount) if line.amount is not None else "", line.trophy]
    return " + ".join(part for part in parts if part)


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def prize_list(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    lines = services.prize_list(tournament)
    if request.GET.get("formato") == "pdf":
        rows = [(line.category.name, line.place, line.entry.player.name if line.entry else "—",
                 prize_text(line)) for line in lines]
        headings = [_("Category"), pgettext("prize position", "Place"), _("Name"), _("Prize")]
        return _pdf(plain_table_pdf(tournament, _("Prize list"), headings, rows, wide_column=2,
                                    empty=_("No prizes defined yet.")),
                    f"{tournament.slug}-premios.pdf")
    return render(request, "prizes/prize_list.html", {
        "tournament": tournament, "lines": lines,
        "can_manage": can_manage(request.user, tournament),
        "categories": tournament.prize_categories.all(),
    })


def category_standings(request, slug: str, category_id: int):
    """The standings kept to the category's members (overall ranks, tie-break columns), as a
    page, CSV or .xlsx (?_export=csv|xlsx, through table_page) or PDF (?formato=pdf)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    category = get_object_or_404(Category, tournament=tournament, pk=category_id)
    places = services.category_places(services.category_standings(category))
    if request.GET.get("formato") == "pdf":
        rows = [(place.place, standing.rank, standing.entry.number, standing.entry.player.name,
                 standing.entry.player.club, "" if standing.rating is None else standing.rating,
                 local_points(standing.points), standing.games,
                 *(_printed_tiebreak(key, value, standing)
                   for key, value in standing.row.tiebreaks.items()))
                for place in places for standing in (place.standing,)]
        headings = [pgettext("place inside a category", "Place"),
                    pgettext("rank in the whole tournament, beside a category's", "Overall"),
                    _("No."), _("Name"), _("Club"), _("Rating"), _("Points"),
                    pgettext("games played column heading", "G"),
                    *(tiebreak_abbreviation(key) for key in tournament.tiebreaks)]
        return _pdf(plain_table_pdf(tournament, _("Standings"), headings, rows,
                                    subtitle=category.name, wide_column=3),
                    f"{tournament.slug}-{category.pk}-classificacao.pdf")
    rows = [{"category_rank": place.place, "category_shared": place.shared,
             "rank": standing.rank, "number": standing.entry.number,
             "name": standing.entry.player.name, "club": standing.entry.player.club,
             "sort_name": standing.entry.player.sort_name,
             "rating": standing.rating, "games": standing.games,
             "points": standing.points, "shared": standing.row.shared,
             "url": standing.entry.get_absolute_url(), "encounter": standing.row.encounter,
             **{f"tb_{index}": value
                for index, value in enumerate(standing.row.tiebreaks.values(), start=1)}}
            for place in places for standing in (place.standing,)]
    table = CategoryStandingsTable(rows, tournament.tiebreaks,
                                   short_headings=not request.GET.get("_export"))
    return table_page(request, table, f"{slug}-{category.pk}-classificacao",
                      "prizes/category_standings.html",
                      tournament_context(request, tournament, category=category,
                                         tiebreak_legend=tiebreak_legend(tournament.tiebreaks)),
                      category.name)


def _printed_tiebreak(key: str, value, standing) -> str:
    """A tie-break as the printed standings write it (the direct encounter as its place)."""
    from tournaments.printing.collect import points_text
    from tournaments.printing.standings_texts import encounter_text

    if key == "direct-encounter" and standing.row.encounter is not None:
        return encounter_text(standing.row.encounter)[0]
    return points_text(value)


@tournament_role_required(can_manage)
def manage(request, tournament: Tournament):
    """One page, three forms; each POST says which with its `form` field."""
    policy = PrizePolicy.objects.filter(tournament=tournament).first() or PrizePolicy(
        tournament=tournament)
    which = request.POST.get("form") if request.method == "POST" else None
    category_form = CategoryForm(request.POST if which == "category" else None,
                                 tournament=tournament)
    prize_form = PrizeForm(request.POST if which == "prize" else None, tournament=tournament)
    policy_form = PolicyForm(request.POST if which == "policy" else None, instance=policy)
    if which == "category" and category_form.is_valid():
        try:
            with transaction.atomic():
                services.save_category(category_form.save(commit=False),
                                       list(category_form.cleaned_data["players"]))
        except ValidationError as error:
            for field, errors in error.message_dict.items():
                category_form.add_error(field if field in category_form.fields else None, errors)
        else:
            messages.success(request, _("Category saved."))
            return redirect("prizes:manage", tournament.slug)
    elif which == "prize" and prize_form.is_valid():
        prize_form.save()
        messages.success(request, _("Prize saved."))
        return redirect("prizes:manage", tournament.slug)
    elif which == "policy" and policy_form.is_valid():
        policy_form.save()
        messages.success(request, _("Prize rules saved."))
        return redirect("prizes:manage", tournament.slug)
    elif request.method == "POST" and which not in ("category", "prize", "policy"):
        # A post from no form of the page (a tampered or an old page): say so, save nothing.
        messages.error(request, _("Nothing was saved: send one of this page's forms (category, "
                                  "prize or prize rules)."))
    status = 400 if request.method == "POST" else 200
    return render(request, "prizes/manage.html", {
        "tournament": tournament, "category_form": category_form, "prize_form": prize_form,
        "policy_form": policy_form, "categories": tournament.prize_categories.prefetch_related(
            "prizes"),
    }, status=status)


@require_POST
@tournament_role_required(can_manage)
def delete_category(request, tournament: Tournament, category_id: int):
    get_object_or_404(Category, tournament=tournament, pk=category_id).delete()
    messages.success(request, _("Category deleted."))
    return redirect("prizes:manage", tournament.slug)

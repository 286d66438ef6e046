"""Public downloads of a tournament's printed documents (GET only, like the pages they print)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET

from tournaments.models import Tournament
from tournaments.printing import documents
from tournaments.printing.collect import RoundNotFoundError


def _download(slug: str, document: str, round_number: int | None = None) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        printed = documents.render(tournament, document, round_number)
    except RoundNotFoundError as error:
        raise Http404(str(error)) from error
    response = HttpResponse(printed.content, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(True, printed.filename)
    return response


@require_GET
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    return _download(slug, documents.CROSSTABLE)


@require_GET
def crosstable_by_rank(request: HttpRequest, slug: str) -> HttpResponse:
    return _download(slug, documents.CROSSTABLE_BY_RANK)


@require_GET
def all_pairings(request: HttpRequest, slug: str) -> HttpResponse:
    return _download(slug, documents.ALL_PAIRINGS)


@require_GET
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    return _download(slug, documents.STANDINGS)


@require_GET
def pairings(request: HttpRequest, slug: str, round_number: int) -> HttpResponse:
    return _download(slug, documents.PAIRINGS, round_number)


@require_GET
def slips(request: HttpRequest, slug: str, round_number: int) -> HttpResponse:
    return _download(slug, documents.SLIPS, round_number)


@require_GET
def scoresheets(request: HttpRequest, slug: str, round_number: int | None = None) -> HttpResponse:
    return _download(slug, documents.SCORESHEETS, round_number)


@require_GET
def starting_list(request: HttpRequest, slug: str) -> HttpResponse:
    return _download(slug, documents.STARTING_LIST)


@require_GET
def alphabetical_list(request: HttpRequest, slug: str, round_number: int) -> HttpResponse:
    return _download(slug, documents.ALPHABETICAL_LIST, round_number)


@require_GET
def pairing_cards(request: HttpRequest, slug: str, round_number: int) -> HttpResponse:
    return _download(slug, documents.PAIRING_CARDS, round_number)


@require_GET
def rank_after_round(request: HttpRequest, slug: str, round_number: int) -> HttpResponse:
    return _download(slug, documents.RANK_AFTER_ROUND, round_number)

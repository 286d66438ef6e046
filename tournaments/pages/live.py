"""Live updates of the public round and standings pages while a round is in play (issue 12).

The pages poll a small JSON address (static/js/live.js) every LIVE_POLL_SECONDS, sending the
ETag they hold: nothing changed is a bodiless 304, computed from the tournament's page version,
not from the standings. A change sends the table's HTML, drawn by the page's own code, and whether
to go on: the round page stops once its round is complete, the standings once the round in play
when they were opened is. An idle tab has nothing to do: live.js pauses while it is hidden.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_GET
from django_tables2 import RequestConfig

from tournaments.cache.versions import token_of
from tournaments.models import Game, Round, Tournament
from tournaments.pages.live_tables import pairing_table, standings_page_table
from tournaments.pages.permissions import can_arbitrate

DEFAULT_POLL_SECONDS = 25


def poll_seconds() -> int:
    """How often a page asks (settings.LIVE_POLL_SECONDS, 25 s by default)."""
    return int(getattr(settings, "LIVE_POLL_SECONDS", DEFAULT_POLL_SECONDS))


def round_in_play(tournament: Tournament) -> int | None:
    """The first round with a game still without a result; None once every game has one."""
    return (Game.objects.of_tournament(tournament).filter(result="")
            .order_by("round__number").values_list("round__number", flat=True).first())


def _round_complete(tournament: Tournament, number: int) -> bool:
    return not Game.objects.filter(round__tournament=tournament, round__number=number,
                                   result="").exists()


def _fingerprint(request, tournament: Tournament, *extra: object) -> str:
    """A strong ETag for what a table shows: the tournament's page version, which every write
    that changes a pairing, a result, a player or the standings' rules moves (cache/versions.py,
    issue 15), so an unchanged table costs no query beyond the tournament's row. The language,
    the query (sorting) and the reader's role change the HTML."""
    parts = [get_language(), request.GET.urlencode(), token_of(tournament), *extra]
    return '"' + hashlib.sha256(repr(parts).encode()).hexdigest()[:32] + '"'


def _round_etag(request, tournament: Tournament, number: int) -> str:
    return _fingerprint(request, tournament, "round", number,
                        can_arbitrate(request.user, tournament))


def _standings_etag(request, tournament: Tournament, number: int) -> str:
    return _fingerprint(request, tournament, "standings", number)


def round_live_context(request, tournament: Tournament, round_: Round) -> dict | None:
    """What the round page needs to update itself; None when its round is not the one in play."""
    if round_in_play(tournament) != round_.number:
        return None
    return {"url": reverse("tournaments:round_live", args=[tournament.slug, round_.number]),
            "etag": _round_etag(request, tournament, round_.number),
            "seconds": poll_seconds()}


def standings_live_context(request, tournament: Tournament) -> dict | None:
    """What the standings page needs to update itself while a round is in play."""
    number = round_in_play(tournament)
    if number is None:
        return None
    return {"url": reverse("tournaments:standings_live", args=[tournament.slug, number]),
            "etag": _standings_etag(request, tournament, number),
            "seconds": poll_seconds()}


def _answer(request, table, live: bool) -> JsonResponse:
    RequestConfig(request, paginate=False).configure(table)
    html = render_to_string("tournaments/_live_table.html", {"table": table}, request=request)
    return _json(html, live)


def _json(html: str, live: bool) -> JsonResponse:
    moment = formats.time_format(timezone.localtime(), "TIME_FORMAT")
    response = JsonResponse({"html": html, "live": live,
                             "status": _("Updated at %(time)s.") % {"time": moment}})
    response["Cache-Control"] = "no-cache"
    return response


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


@require_GET
@condition(etag_func=lambda request, slug, number: _round_etag(request, _tournament(slug),
                                                                number))
def round_updates(request, slug: str, number: int):
    """The round's table and whether it is still in play, or 304 when nothing changed."""
    tournament = _tournament(slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    arbiter = can_arbitrate(request.user, tournament)
    if not round_.published and not arbiter:
        raise Http404(_("No such round."))  # a Swiss pairing not yet published
    table = pairing_table(request, round_, can_arbitrate=arbiter)
    return _answer(request, table, not _round_complete(tournament, number))


@require_GET
@condition(etag_func=lambda request, slug, number: _standings_etag(request, _tournament(slug),
                                                                    number))
def standings_updates(request, slug: str, number: int):
    """The standings after every round played, live until round `number` is complete."""
    tournament = _tournament(slug)
    if not tournament.rounds.filter(number=number).exists():
        raise Http404(_("No such round."))
    # The page's one-pass table (standings_html), in the order the page's ?sort= asks.
    html = render_to_string("tournaments/_standings_table.html",
                            {"standings": standings_page_table(request, tournament)},
                            request=request)
    return _json(html, not _round_complete(tournament, number))

"""A write refused because the tournament is a copy published from the venue (issue 27) sends the
visitor back with the reason, never a server error.

The refusal is raised by every write's version step (tournaments/cache/versions.py), so it covers
the services, the arbiters' pages and the admin's forms alike; the write's transaction rolled
back, so nothing was saved.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme

from tournaments.models import PublishedCopyError, Tournament


class PublishedCopyMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, PublishedCopyError):
            return None
        messages.error(request, str(exception))
        referer = request.META.get("HTTP_REFERER", "")
        if url_has_allowed_host_and_scheme(referer, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
            return HttpResponseRedirect(referer)
        tournament = Tournament.objects.filter(pk=exception.tournament_id).first()
        return HttpResponseRedirect(tournament.get_absolute_url() if tournament else "/")

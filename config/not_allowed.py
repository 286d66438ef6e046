"""A GET on a POST-only address (a form's action opened in a new tab, a bookmarked button)
answers with the site's own page in the visitor's language, not Django's blank 405 (issue 12).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.template.loader import render_to_string


class MethodNotAllowedPage:
    """Gives an empty 405 answer (require_POST, require_GET) a body; the Allow header stays.
    Listed after LocaleMiddleware, so the page speaks the request's language."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.content:
            return response
        allowed = [method.strip() for method in response.get("Allow", "").split(",")
                   if method.strip()]
        page = render_to_string("405.html", {"allowed": allowed}, request=request)
        return HttpResponseNotAllowed(allowed, content=page)

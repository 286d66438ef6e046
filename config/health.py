"""GET /health/ for a load balancer: 200 when the database and the cache answer, else 503.

Why a middleware, first in the list: a load balancer asks every second, by the server's address
and over plain HTTP. Answered before every other middleware, the check opens no session, sets no
cookie, needs no CSRF token, is never redirected to HTTPS nor refused for its Host header, and
never comes from the page cache. It costs one `SELECT 1` on the worker's (persistent) database
connection and one cache read. The body says which part failed, in two short lines, and shows no
data of the site; nothing is logged (it would be a line a second).
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse

from config.database_outage import discard_connections

PATH = "/health/"
PROBE_KEY = "damas:health"


def database_answers() -> bool:
    """One round trip on this worker's connection; a broken one is discarded for the next."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return True
    except Exception:  # refused, reset, shutting down: the answer is "no" whatever the class
        discard_connections()
        return False


def cache_answers() -> bool:
    """One read from the default cache (a GET in Redis; a SELECT in the database cache, which
    also finds its table missing)."""
    try:
        cache.get(PROBE_KEY)
        return True
    except Exception:  # every backend raises its own errors
        return False


def health(request: HttpRequest) -> HttpResponse:
    checks = {"database": database_answers(), "cache": cache_answers()}
    body = "".join(f"{name} {'ok' if good else 'unavailable'}\n" for name, good in checks.items())
    response = HttpResponse(body, status=200 if all(checks.values()) else 503,
                            content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    response._has_been_logged = True  # Django would log each 503: a line a second
    return response


class HealthCheckMiddleware:
    """Answer GET and HEAD /health/ before anything else runs."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == PATH and request.method in ("GET", "HEAD"):
            return health(request)
        return self.get_response(request)

"""A write that lost a race for the database answers 409 "try again", never a server error.

SQLite starts write transactions immediately and waits its turn (config/settings.py), but a
request can still give up on a lock: after the busy timeout, or when SQLite refuses to wait
because waiting could deadlock. PostgreSQL likewise aborts one side of a deadlock or a
serialization conflict. Nothing was saved by the refused request (its transaction rolled back),
so the visitor is told to send it again, as the version check tells a stale form (HTTP 409).

The middleware catches errors raised by views (also with DEBUG on, as `make run` has); the
handler500 (config/urls.py) catches those raised later, by a middleware saving the session.
"""

from __future__ import annotations

import logging
import sys

from django.db.utils import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views import defaults

logger = logging.getLogger(__name__)

# PostgreSQL: serialization_failure, deadlock_detected, lock_not_available.
LOCK_SQLSTATES = frozenset({"40001", "40P01", "55P03"})
SQLITE_LOCK_MESSAGES = ("database is locked", "database table is locked")


def is_lock_error(error: BaseException | None) -> bool:
    """True for a database error that only means "someone else was writing": worth a retry."""
    if not isinstance(error, OperationalError):
        return False
    if getattr(error.__cause__, "sqlstate", None) in LOCK_SQLSTATES:
        return True
    message = str(error).lower()
    return any(text in message for text in SQLITE_LOCK_MESSAGES)


def conflict_response(request: HttpRequest) -> HttpResponse:
    """The 409 page, with a way back to the page the visitor came from when it is ours."""
    referer = request.META.get("HTTP_REFERER", "")
    back = referer if url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()) else ""
    return render(request, "409.html", {"back": back}, status=409)


class LockErrorMiddleware:
    """Turn a lock error raised by a view into the 409 page."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_lock_error(exception):
            return None
        logger.warning("%s %s refused, the database was busy: %s", request.method,
                       request.path, exception)
        return conflict_response(request)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a lock error raised outside a view is a 409 too, a database that cannot be
    reached a 503 (config/database_outage.py); anything else, the 500."""
    from config.database_outage import current_outage, outage_response

    unreachable = current_outage()
    if unreachable is not None:
        return outage_response(request, unreachable)
    if is_lock_error(sys.exc_info()[1]):
        return conflict_response(request)
    return defaults.server_error(request)

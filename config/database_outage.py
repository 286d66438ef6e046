"""A request that fails because the database cannot be reached answers 503, never 500 (issue 29).

While PostgreSQL restarts (refusing connections, shutting down, starting up) every request that
needs it fails. That is not a fault of the site: the answer is "503 Service Unavailable" with a
`Retry-After`, so a proxy, a load balancer and a person know to try again in a moment. A form
that was being sent (a result) was not saved, since its transaction never committed: the page
says so and keeps what was typed in a form that sends it again; a repeat is safe, the version
check makes it a 302 or a 409.

Only errors that mean "the server is not there" count (`is_outage`): a lock error is a 409
(config/lock_errors.py) and any other database error stays a 500 with its traceback.

The connections are closed at once, so the next request opens a new one even with persistent
connections (CONN_MAX_AGE); Django's CONN_HEALTH_CHECKS catches one that broke while idle.
The log gets one line when an outage starts and one when a request reaches the database again
(per process), not a traceback per request.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import time

from django.db import connections
from django.db.utils import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

# Seconds a client should wait before trying again: a PostgreSQL restart takes a few.
RETRY_AFTER_SECONDS = 5
# SQLSTATEs of a server going away or not accepting connections yet: class 08 (connection
# exception) and admin_shutdown, crash_shutdown, cannot_connect_now (57P01-57P03).
SHUTDOWN_SQLSTATES = frozenset({"57P01", "57P02", "57P03"})


def is_outage(error: BaseException | None) -> bool:
    """True when a database error means the server cannot be reached, not a failed statement.

    psycopg raises OperationalError without a SQLSTATE when it cannot connect (refused, reset,
    "server closed the connection unexpectedly") and InterfaceError on a connection that is
    already closed; Django wraps both in its own classes of the same names."""
    if not isinstance(error, (OperationalError, InterfaceError)):
        return False
    cause = error.__cause__
    if isinstance(error, InterfaceError):
        return True  # a closed or broken connection: Django's and psycopg's alike
    import psycopg

    if not isinstance(cause, (psycopg.OperationalError, psycopg.InterfaceError)):
        return False  # SQLite's errors (its file is always there) and others stay 500
    sqlstate = getattr(cause, "sqlstate", None)
    return sqlstate is None or sqlstate.startswith("08") or sqlstate in SHUTDOWN_SQLSTATES


class _Outage:
    """When this process's current outage began and how many requests it refused."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.since: float | None = None
        self.refused = 0

    def failed(self, error: BaseException) -> None:
        with self.lock:
            self.refused += 1
            if self.since is not None:
                return
            self.since = time.monotonic()
        logger.error("database unreachable, answering 503 until it is back: %s",
                     str(error).strip().splitlines()[0] if str(error).strip() else repr(error))

    def reached(self) -> None:
        if self.since is None:
            return
        with self.lock:
            if self.since is None:
                return
            lasted, refused = time.monotonic() - self.since, self.refused
            self.since, self.refused = None, 0
        logger.warning("database reachable again after %.1f s; %d request(s) answered 503",
                       lasted, refused)


outage = _Outage()


def discard_connections() -> None:
    """Close every database connection of this thread, so the next request opens a new one."""
    for connection in connections.all(initialized_only=True):
        with contextlib.suppress(Exception):  # already broken: closing is all that is wanted
            connection.close()


def outage_response(request: HttpRequest, error: BaseException) -> HttpResponse:
    """The 503 page, with what a post sent kept in a form that sends it again (passwords
    excepted: a sign-in is typed again; files cannot be kept)."""
    outage.failed(error)
    discard_connections()
    resend: list[tuple[str, str]] = []
    if request.method == "POST":
        try:
            resend = [(key, value) for key, values in request.POST.lists() for value in values
                      if "password" not in key]  # never written back into a page
        except Exception:  # an unreadable body: the page still says nothing was saved
            resend = []
    html = render_to_string("503.html", {
        "posted": request.method not in ("GET", "HEAD", "OPTIONS"),
        "resend": resend, "action": request.get_full_path(),
        "retry_after": RETRY_AFTER_SECONDS,
    })
    response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    response._has_been_logged = True  # one line per outage (above), not one per request
    return response


class DatabaseOutageMiddleware:
    """Turn a view's "database unreachable" error into the 503 page; note when it is back."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if outage.since is not None and response.status_code != 503 and any(
                connection.connection is not None
                for connection in connections.all(initialized_only=True)):
            outage.reached()
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_outage(exception):
            return None
        return outage_response(request, exception)


def current_outage() -> BaseException | None:
    """The error being handled (handler500) when it is an outage, else None."""
    error = sys.exc_info()[1]
    return error if is_outage(error) else None

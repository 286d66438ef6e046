"""The public pages computed once per change and served from a shared cache (issue 15).

Two layers, both keyed on the tournament's page version (`versions.py`), so nothing is ever
invalidated by hand: a write moves the version in its own transaction and the next reader asks
for keys that do not exist yet.

- Pieces (`cached_piece`): the standings rows, the crosstable grid, a round's games; every
  reader, signed in or not, takes them from the cache.
- Whole responses (`tournament_page`, `site_page`): a visitor with no session and no pending
  message gets the stored page with `ETag`/`Last-Modified` and `Cache-Control: public, max-age`,
  so a proxy or CDN in front can absorb a rush; a conditional request that still matches gets
  304; those who accept gzip get a copy compressed when the page was stored. Signed-in pages
  (arbiters' buttons, messages) are rendered for their reader and marked `private`.

The version itself comes from the database, or with Redis from a copy kept there
(`shared_versions.py`), so a warm page asks the database nothing.

The cache is Django's default one: Redis in production (`REDIS_URL`), shared by every worker
on every machine; the database cache or local memory otherwise. Its conventions follow
`arbitration/sheet_facts.py`: a `CACHE_VERSION` in every key, plain data as values.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date
from django.utils.translation import get_language
from redis.exceptions import RedisError

from tournaments.cache import shared_versions as version_cache
from tournaments.cache.versions import as_aware, current, fetch_one, token_of
from tournaments.models import Tournament

logger = logging.getLogger(__name__)

CACHE_VERSION = 3  # 2: pages keep a gzip copy; 3: the stored classes moved (issue 26)
CACHE_SECONDS = 24 * 3600
# The headers a stored page is served with again (a download's type and file name among them).
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Language")


def public_max_age() -> int:
    """Seconds a proxy or browser may reuse a public page without asking: a few, so a rush
    is absorbed and a result still shows within moments (settings.PUBLIC_PAGE_MAX_AGE)."""
    return getattr(settings, "PUBLIC_PAGE_MAX_AGE", 5)


class ProcessCache:
    """The last few values this process read or stored, in front of the shared cache.

    Safe without any invalidation because a key names a version: what is stored under it never
    changes, and a reader learns the current version (from the database, or its copy in Redis:
    shared_versions.py) before asking. It saves
    the shared cache's round trip on a warm page (on a busy two-core machine, a millisecond or
    more, as much as the bare view's whole answer)."""

    def __init__(self) -> None:
        self.entries: OrderedDict[str, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> Any:
        with self.lock:
            value = self.entries.get(key)
            if value is not None:
                self.entries.move_to_end(key)
            return value

    def set(self, key: str, value: Any) -> None:
        limit = getattr(settings, "PAGE_CACHE_PROCESS_ENTRIES", 64)
        if limit <= 0:
            return
        with self.lock:
            self.entries[key] = value
            self.entries.move_to_end(key)
            while len(self.entries) > limit:
                self.entries.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()


process_cache = ProcessCache()


def cache_get(key: str) -> Any:
    """The stored value, or None when it is absent or the cache server does not answer: a
    Redis down makes the pages slower, never an error."""
    value = process_cache.get(key)
    if value is not None:
        return value
    try:
        value = cache.get(key)
    except (RedisError, OSError) as error:
        logger.warning("page cache unavailable, computing the page: %s", error)
        return None
    if value is not None:
        process_cache.set(key, value)
    return value


def cache_set(key: str, value: Any) -> None:
    process_cache.set(key, value)
    try:
        cache.set(key, value, CACHE_SECONDS)
    except (RedisError, OSError) as error:
        logger.warning("page cache unavailable, not storing the page: %s", error)


def piece_key(token: str, name: str) -> str:
    return f"tournament-page:{CACHE_VERSION}:{token}:{name}"


def cached_piece[T](tournament: Tournament, name: str, compute: Callable[[], T]) -> T:
    """`compute()` once per tournament version (and `name`, which says what and in which
    language); every later reader of the same version gets the stored value."""
    key = piece_key(token_of(tournament), name)
    stored = cache_get(key)
    if stored is None:
        stored = (compute(),)  # a tuple, so an empty list or None is a hit too
        cache_set(key, stored)
    return stored[0]


# --- whole responses ---------------------------------------------------------------------------

@dataclass(frozen=True)
class StoredPage:
    content: bytes
    headers: dict[str, str]
    gzipped: bytes | None = None  # the same bytes compressed once, for the visitors who accept it


# Browsers and phones all accept gzip: a stored page keeps a copy compressed once per version, so
# a rush of readers is sent a tenth of the bytes (the 100-player crosstable's 290 KiB are about
# 20) at no cost per request. The pages are public and the same for everyone: no secret in them
# for a compression attack (BREACH) to guess.
GZIP_MIN_BYTES = 1024
ACCEPTS_GZIP = re.compile(r"\bgzip\b")  # as django.middleware.gzip


def compressed(response: HttpResponse) -> bytes | None:
    content = response.content
    if len(content) < GZIP_MIN_BYTES or response.has_header("Content-Encoding"):
        return None
    smaller = gzip.compress(content, compresslevel=6, mtime=0)
    return smaller if len(smaller) < len(content) else None


# The query parameters the public pages read, and the values a stored page may have: a URL with
# anything else is answered without being stored, so made-up query strings cannot fill the cache
# with copies of one page.
STORED_QUERY = {"sort": re.compile(r"-?[a-z_0-9]{1,16}"), "rodada": re.compile(r"[0-9]{1,4}"),
                "_export": re.compile(r"csv|xlsx"),
                "excel": re.compile(r"pt|en"),  # a CSV for another region's Excel (issue 20)
                "ordem": re.compile(r"classificacao")}  # the crosstable by rank (issue 12)


def shareable(request: HttpRequest) -> bool:
    """A GET by a visitor with no session and no message waiting: the page is the same for
    every such visitor (in one language), so it may be stored and served to all of them."""
    return (request.method in ("GET", "HEAD")
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
            and "messages" not in request.COOKIES)


def storable(request: HttpRequest) -> bool:
    """Whether the query string is one the pages make (see STORED_QUERY)."""
    if not request.META.get("QUERY_STRING"):
        return True  # most requests: nothing to parse
    return all(key in STORED_QUERY and all(STORED_QUERY[key].fullmatch(value)
                                           for value in request.GET.getlist(key))
               for key in request.GET)


def last_modified(changed_at: datetime) -> datetime | None:
    """The Last-Modified of a page whose data changed at `changed_at`, or None while that
    second is still running: HTTP dates count whole seconds, so a second change in the same
    second would otherwise carry the same date and a client's If-Modified-Since would wrongly
    match it. The ETag, which holds the exact version, always goes."""
    stamp = datetime.fromtimestamp(math.floor(changed_at.timestamp()) + 1, tz=UTC)
    return stamp if timezone.now() >= stamp else None


# What get_conditional_response reads; a request with none of them is answered in full, and
# most are (a first visit, a reload that skips the check), so they skip its parsing.
CONDITIONAL_HEADERS = frozenset(("HTTP_IF_MATCH", "HTTP_IF_NONE_MATCH", "HTTP_IF_MODIFIED_SINCE",
                                 "HTTP_IF_UNMODIFIED_SINCE"))


def serve(request: HttpRequest, render: Callable[[], HttpResponse], token: str,
          changed_at: datetime | None) -> HttpResponse:
    """The page for `token` (a version of the data it shows): stored and public for anyone
    without a session, rendered and private otherwise."""
    if not shareable(request):
        response = render()
        if request.method in ("GET", "HEAD"):
            patch_cache_control(response, private=True, no_cache=True)
        return response
    if not storable(request):
        return render()
    language = get_language() or ""
    variant = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:16]
    zipped = bool(ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))
    etag = f'"{token}-{language}-{variant}{"-gz" if zipped else ""}"'
    modified = last_modified(changed_at) if changed_at is not None else None
    if CONDITIONAL_HEADERS.intersection(request.META):  # a revalidation: maybe 304
        unchanged = get_conditional_response(
            request, etag=etag, last_modified=modified.timestamp() if modified else None)
        if unchanged is not None:
            return public_headers(unchanged, etag, modified)
    key = f"tournament-page:{CACHE_VERSION}:{token}:response:{language}:{variant}"
    stored = cache_get(key)
    if stored is None:
        response = render()
        if response.status_code != 200 or response.streaming or response.cookies:
            return response  # an error, a stream or a cookie is this visitor's alone
        stored = StoredPage(response.content,
                            {name: response[name] for name in KEPT_HEADERS if name in response},
                            compressed(response))
        cache_set(key, stored)
    if zipped and stored.gzipped is not None:
        response = HttpResponse(stored.gzipped)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(stored.content)
    for name, value in stored.headers.items():
        response[name] = value
    return public_headers(response, etag, modified)


def public_headers(response: HttpResponse, etag: str, modified: datetime | None) -> HttpResponse:
    response["ETag"] = etag
    if modified is not None:
        response["Last-Modified"] = http_date(modified.timestamp())
    response["Cache-Control"] = f"public, max-age={public_max_age()}"
    # The language comes from the cookie or Accept-Language; a session makes the page private;
    # gzip goes to those who accept it.
    response["Vary"] = "Cookie, Accept-Language, Accept-Encoding"
    return response


def _microseconds(moment: datetime) -> int:
    return int(moment.timestamp() * 1_000_000)


def _moment(microseconds: str) -> datetime:
    seconds, fraction = divmod(int(microseconds), 1_000_000)
    return datetime.fromtimestamp(seconds, tz=UTC).replace(microsecond=fraction)


def _encode_tournament(state: tuple[int, str, datetime]) -> str:
    pk, token, changed_at = state
    return f"{pk} {token} {_microseconds(changed_at)}"


def _decode_tournament(value: bytes) -> tuple[int, str, datetime]:
    pk, token, changed_at = value.decode().split(" ")
    return int(pk), token, _moment(changed_at)


def shared_current(slug: str) -> tuple[int, str, datetime] | None:
    """page_version.current(slug), from Redis when it holds it (shared_versions.py): a warm
    page then asks the database nothing."""
    return version_cache.read(slug, lambda: current(slug), _encode_tournament,
                              _decode_tournament)


def tournament_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A public page of one tournament (URL keyword `slug`), keyed on its version."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not shareable(request):
            return serve(request, lambda: view(request, *args, **kwargs), "", None)
        state = shared_current(kwargs["slug"])
        if state is None:  # no such tournament: the view says so (404)
            return view(request, *args, **kwargs)
        _pk, token, changed_at = state
        return serve(request, lambda: view(request, *args, **kwargs), token, changed_at)

    return wrapper


SITE_SQL = (f"SELECT COUNT(*), SUM(version), MAX(changed_at) "
            f"FROM {Tournament._meta.db_table}")


def site_state() -> tuple[str, datetime | None]:
    """A version of the list of tournaments: how many, their versions and the last change
    (one prepared statement, as page_version.current)."""
    count, versions, last = fetch_one(SITE_SQL)
    last = as_aware(last) if last else None
    stamp = int(last.timestamp() * 1_000_000) if last else 0
    return f"site.{count}.{versions or 0}.{stamp}", last


def _encode_site(state: tuple[str, datetime | None]) -> str:
    token, last = state
    return f"{token} {_microseconds(last) if last else ''}"


def _decode_site(value: bytes) -> tuple[str, datetime | None]:
    token, _, last = value.decode().partition(" ")
    return token, _moment(last) if last else None


def shared_site_state() -> tuple[str, datetime | None]:
    """site_state(), from Redis when it holds it (shared_versions.py)."""
    return version_cache.read(version_cache.SITE, site_state, _encode_site, _decode_site)


def site_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A public page listing every tournament (the home page, the table of tournaments)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        token, last = shared_site_state() if shareable(request) else ("", None)
        return serve(request, lambda: view(request, *args, **kwargs), token, last)

    return wrapper

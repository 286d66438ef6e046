"""Login rate limiting: after a few failed sign-ins for one username from one address, wait.

Why our own: django-axes, the usual library, declares support up to Django 6.0, not 6.1.
The limiter is a form check, not an authentication backend, so `client.login`, `force_login` and
every other caller of `authenticate()` behave as before; only the two sign-in pages count.

`LOGIN_FAILURE_LIMIT` failures (default 5) for a username + client address within
`LOGIN_FAILURE_WINDOW` seconds (default 900) refuse further attempts until the window, counted
from the first failure, ends: the page says how long to wait and answers HTTP 429, even for the
right password. A successful sign-in clears the count. Counts are rows of the database
(config.models.LoginFailure), not cache entries: the cache culls entries when full, so other
traffic could erase a lockout (issue 20). Each failure is one UPDATE that adds 1, so failures at
the same instant all count. An administrator lists the locked accounts and unlocks one in the
admin (config/admin.py); both sign-in pages, the site's and the admin's, answer 429.

One address also has a ceiling across all usernames, `LOGIN_FAILURE_ADDRESS_LIMIT` failures
(default 30) within the window (issue 13): past it every sign-in from that address waits, so one
address cannot work through every account; a success does not reset it. Behind a proxy the
address is the one the proxy reports (LOGIN_CLIENT_IP_HEADER), which production requires
(config/checks.py): without it every visitor would share the proxy's address and its ceiling.
The header is believed only on connections from the proxies named in TRUSTED_PROXIES
(`client_address`), so a client that reaches the server directly cannot forge it.
"""

from __future__ import annotations

import ipaddress
import math
from datetime import timedelta

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.exceptions import ValidationError
from django.db.models import Case, F, Q, QuerySet, Value, When
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import ngettext

from config.models import LoginFailure

DEFAULT_LIMIT = 5
DEFAULT_ADDRESS_LIMIT = 30
DEFAULT_WINDOW_SECONDS = 15 * 60
RATE_LIMITED_CODE = "rate_limited"


def failure_limit() -> int:
    return int(getattr(settings, "LOGIN_FAILURE_LIMIT", DEFAULT_LIMIT))


def address_failure_limit() -> int:
    return int(getattr(settings, "LOGIN_FAILURE_ADDRESS_LIMIT", DEFAULT_ADDRESS_LIMIT))


def window_seconds() -> int:
    return int(getattr(settings, "LOGIN_FAILURE_WINDOW", DEFAULT_WINDOW_SECONDS))


def trusted_proxies() -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """The proxies whose X-Forwarded-For entries are believed (settings.TRUSTED_PROXIES:
    addresses or networks such as 10.0.0.0/8)."""
    return tuple(ipaddress.ip_network(proxy, strict=False)
                 for proxy in getattr(settings, "TRUSTED_PROXIES", ()))


def _is_trusted(address: str, proxies) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in network for network in proxies)


def client_address(request: HttpRequest | None) -> str:
    """The visitor's address: the connection's, unless it comes from a trusted proxy.

    Anyone can send LOGIN_CLIENT_IP_HEADER, so it is read only when the connection comes from
    one of settings.TRUSTED_PROXIES (issue 29: a client that reached gunicorn directly wrote a new
    address each time and escaped every limit). Then its entries are walked from the right, as
    the proxies appended them: the first one that is not a trusted proxy is the visitor; the
    entries left of it are whatever the client claimed. Every entry trusted: the leftmost.
    """
    if request is None:
        return ""
    remote = request.META.get("REMOTE_ADDR", "")
    header = getattr(settings, "LOGIN_CLIENT_IP_HEADER", "")
    proxies = trusted_proxies() if header else ()
    if not proxies or not _is_trusted(remote, proxies):
        return remote
    forwarded = request.META.get("HTTP_" + header.upper().replace("-", "_"), "")
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _is_trusted(hop, proxies):
            return hop
    return hops[0] if hops else remote


class LoginAttempts:
    """The failure count of one username from one address, a database row for one window."""

    kind = LoginFailure.Kind.ACCOUNT

    def __init__(self, username: str, address: str) -> None:
        field = LoginFailure._meta.get_field("username")
        self.username = username.strip().casefold()[: field.max_length]
        self.address = address[: LoginFailure._meta.get_field("address").max_length]

    def limit(self) -> int:
        return failure_limit()

    def _rows(self) -> QuerySet[LoginFailure]:
        return LoginFailure.objects.filter(kind=self.kind, username=self.username,
                                           address=self.address)

    def seconds_to_wait(self) -> int:
        """0 while attempts are allowed, else the seconds until the window ends."""
        now = timezone.now()
        row = self._rows().filter(window_ends__gt=now).values_list("count", "window_ends").first()
        if row is None or row[0] < self.limit():
            return 0
        return max(1, math.ceil((row[1] - now).total_seconds()))

    def record_failure(self) -> None:
        """Add one failure in a single UPDATE; a window that has ended starts again from one."""
        now = timezone.now()
        ends = now + timedelta(seconds=window_seconds())
        LoginFailure.objects.filter(window_ends__lte=now).delete()  # ended windows, any row
        row, created = self._rows().get_or_create(
            kind=self.kind, username=self.username, address=self.address,
            defaults={"count": 1, "window_ends": ends})
        if created:
            return
        ended = Q(window_ends__lte=now)
        self._rows().update(
            count=Case(When(ended, then=Value(1)), default=F("count") + 1),
            window_ends=Case(When(ended, then=Value(ends)), default=F("window_ends")),
        )

    def clear(self) -> None:
        self._rows().delete()


class AddressAttempts(LoginAttempts):
    """The failures from one address, whatever the username: a ceiling, never cleared early."""

    kind = LoginFailure.Kind.ADDRESS

    def __init__(self, address: str) -> None:
        super().__init__("", address)

    def limit(self) -> int:
        return address_failure_limit()


def locked_rows(now=None) -> Q:
    """The condition of the rows that refuse sign-ins now (the admin's list of locked accounts)."""
    now = now or timezone.now()
    return Q(window_ends__gt=now) & (
        Q(kind=LoginFailure.Kind.ACCOUNT, count__gte=failure_limit())
        | Q(kind=LoginFailure.Kind.ADDRESS, count__gte=address_failure_limit()))


def address_wait_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many failed sign-ins from your address. Wait %(minutes)d minute and try again.",
        "Too many failed sign-ins from your address. Wait %(minutes)d minutes and try again.",
        minutes,
    ) % {"minutes": minutes}


def wait_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many failed sign-ins for this username from your address. Wait %(minutes)d minute "
        "and try again.",
        "Too many failed sign-ins for this username from your address. Wait %(minutes)d minutes "
        "and try again.",
        minutes,
    ) % {"minutes": minutes}


class RateLimitedMixin:
    """Check the limit before the password, count a refusal, clear the count on success."""

    rate_limited = False

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        address = client_address(self.request)
        from_address = AddressAttempts(address)
        attempts = LoginAttempts(username, address)
        for counted, message in ((from_address, address_wait_message),
                                 (attempts, wait_message)):
            wait = counted.seconds_to_wait()
            if wait:
                self.rate_limited = True
                raise ValidationError(message(wait), code=RATE_LIMITED_CODE)
        try:
            cleaned = super().clean()
        except ValidationError:
            attempts.record_failure()
            from_address.record_failure()
            raise
        if self.get_user() is not None:  # not when a field was left empty and nothing was tried
            attempts.clear()
        return cleaned


class RateLimitedAuthenticationForm(RateLimitedMixin, AuthenticationForm):
    """The site's sign-in form (/contas/login/)."""


class RateLimitedAdminAuthenticationForm(RateLimitedMixin, AdminAuthenticationForm):
    """The admin's sign-in form, so /admin/login/ is no way around the limit."""


class RateLimitedLoginView(LoginView):
    """Django's login view with the limited form; a refusal for too many failures is HTTP 429."""

    form_class = RateLimitedAuthenticationForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if getattr(form, "rate_limited", False):
            response.status_code = 429
        return response


def limit_admin_login(site) -> None:
    """The admin's sign-in answers 429 too while locked, as the site's page does.

    The admin builds its login view itself, so the site's view class cannot be used there; its
    response still holds the form, which says whether the refusal was for too many failures.
    """
    site.login_form = RateLimitedAdminAuthenticationForm
    admin_login = site.login

    def login(request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
        response = admin_login(request, extra_context)
        form = (getattr(response, "context_data", None) or {}).get("form")
        if getattr(form, "rate_limited", False):
            response.status_code = 429
        return response

    site.login = login

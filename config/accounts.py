"""Password reset by email: offered only where mail can be sent, and rate-limited like sign-ins.

Why: with no mail server configured, production accepted reset requests whose mails failed
silently (Django logs "Failed to send password reset email") and the user waited for nothing.
Production offers the reset only when EMAIL_HOST is set (config/settings_production.py); the
page then says plainly to ask an administrator. And every request may send a mail to anyone's
address, so requests for one address from one visitor are counted with the sign-in limiter
(config/login_limit.py): LOGIN_FAILURE_LIMIT requests within LOGIN_FAILURE_WINDOW seconds, then
HTTP 429 until the window ends.
"""

from __future__ import annotations

import math

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.views import PasswordResetView
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.shortcuts import render
from django.utils.translation import ngettext

from config.login_limit import RATE_LIMITED_CODE, LoginAttempts, client_address
from config.models import LoginFailure


def password_reset_available() -> bool:
    """Whether this site can mail a reset link (PASSWORD_RESET_BY_EMAIL)."""
    return bool(getattr(settings, "PASSWORD_RESET_BY_EMAIL", True))


def account_links(request: HttpRequest) -> dict[str, bool]:
    """Template context processor: whether to offer the "forgot your password" link."""
    return {"password_reset_available": password_reset_available()}


class ResetRequests(LoginAttempts):
    """Reset requests for one address from one visitor, counted like failed sign-ins."""

    kind = LoginFailure.Kind.RESET


def reset_wait_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many password-reset requests for this email address from your address. Wait "
        "%(minutes)d minute and try again.",
        "Too many password-reset requests for this email address from your address. Wait "
        "%(minutes)d minutes and try again.",
        minutes,
    ) % {"minutes": minutes}


class RateLimitedPasswordResetForm(PasswordResetForm):
    """Django's reset form; every request counts, and past the limit none is sent."""

    rate_limited = False

    def __init__(self, *args, request: HttpRequest | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.request = request

    def clean(self):
        cleaned = super().clean()
        email = cleaned.get("email")
        if email:
            requests = ResetRequests(email, client_address(self.request))
            wait = requests.seconds_to_wait()
            if wait:
                self.rate_limited = True
                raise ValidationError(reset_wait_message(wait), code=RATE_LIMITED_CODE)
            requests.record_failure()
        return cleaned


class RateLimitedPasswordResetView(PasswordResetView):
    """The reset page: limited, and a plain "not available" where no mail is configured."""

    form_class = RateLimitedPasswordResetForm

    def dispatch(self, request, *args, **kwargs):
        if not password_reset_available():
            return render(request, self.template_name, {"unavailable": True})
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.rate_limited:
            response.status_code = 429
        return response

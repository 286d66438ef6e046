"""The mailer of a production site with no mail server (no EMAIL_HOST): sending is an error.

Why not Django's dummy backend: it pretends every mail went out, and `check --deploy` rightly
refuses it. The site offers nothing that mails without EMAIL_HOST (config/accounts.py); if some
future feature tried, it should fail loudly, naming the missing variable, not drop the mail.
"""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured
from django.core.mail.backends.base import BaseEmailBackend


class NoMailServerBackend(BaseEmailBackend):
    def send_messages(self, email_messages) -> int:
        raise ImproperlyConfigured(
            "No mail server is configured: set EMAIL_HOST (and DEFAULT_FROM_EMAIL) in the "
            "environment for the site to send email."
        )

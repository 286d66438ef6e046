"""WSGI entry point for gunicorn and other WSGI servers."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from config.checks import refuse_to_serve_misconfigured  # noqa: E402 -- needs the apps loaded

refuse_to_serve_misconfigured()
# A missing cache table or an unreachable cache is logged before the first request.
from config.cache_health import log_cache_problems  # noqa: E402 -- needs the settings loaded

log_cache_problems()

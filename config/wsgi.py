"""WSGI entry point for gunicorn and other WSGI servers."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from config.checks import refuse_to_serve_misconfigured  # noqa: E402 -- needs the apps loaded

refuse_to_serve_misconfigured()

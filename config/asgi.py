"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()

from config.checks import refuse_to_serve_misconfigured  # noqa: E402 -- needs the apps loaded

refuse_to_serve_misconfigured()

"""Production settings with one more URL, /bench-bare/, the yardstick of bench/public_pages.py."""

from config.settings_production import *  # noqa: F403 -- the production site, unchanged

ROOT_URLCONF = "pages_site.urls"

"""Settings come from the environment with safe local defaults (issue 2)."""

import json
import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def settings_under(env: dict[str, str]) -> dict:
    """Import the settings in a fresh interpreter under `env` and report the key values."""
    code = (
        "import json, config.settings as s;"
        "print(json.dumps({'debug': s.DEBUG, 'hosts': s.ALLOWED_HOSTS, 'key': s.SECRET_KEY,"
        "'engine': s.DATABASES['default']['ENGINE'], 'name': str(s.DATABASES['default']['NAME']),"
        "'host': s.DATABASES['default'].get('HOST', '')}))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DEBUG", "SECRET_KEY",
                                                             "ALLOWED_HOSTS"}}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**clean, **env},
        capture_output=True, text=True, check=True,
    )
    return json.loads(result.stdout)


def test_defaults_are_local_sqlite_with_debug():
    values = settings_under({})
    assert values["debug"] is True
    assert values["engine"] == "django.db.backends.sqlite3"
    assert values["name"].endswith("db.sqlite3")
    assert "127.0.0.1" in values["hosts"]


def test_environment_selects_postgresql_and_production_values():
    values = settings_under({
        "DATABASE_URL": "postgres://federacao:segredo@db.example:5432/damas",
        "DEBUG": "false",
        "SECRET_KEY": "a-real-secret",
        "ALLOWED_HOSTS": "damas.example.org, www.damas.example.org",
    })
    assert values["engine"] == "django.db.backends.postgresql"
    assert values["name"] == "damas"
    assert values["host"] == "db.example"
    assert values["debug"] is False
    assert values["key"] == "a-real-secret"
    assert values["hosts"] == ["damas.example.org", "www.damas.example.org"]


def test_portuguese_first_with_english_available_and_brazilian_time():
    assert settings.LANGUAGE_CODE == "pt-br"
    assert [code for code, _name in settings.LANGUAGES] == ["pt-br", "en"]
    assert settings.TIME_ZONE == "America/Sao_Paulo"
    assert settings.USE_TZ is True

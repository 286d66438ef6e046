"""Yes/no settings read only yes/no words (issue 20, deployment hygiene).

`SECURE_SSL_REDIRECT=ture` used to read as false and quietly served the site over plain HTTP;
an unknown word now stops the start with a message naming the variable and the words it takes.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import env_bool

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("word", "value"), [
    ("true", True), ("True", True), (" yes ", True), ("on", True), ("1", True),
    ("false", False), ("FALSE", False), ("no", False), ("off", False), ("0", False),
])
def test_the_usual_words_read_as_yes_or_no(monkeypatch, word, value):
    monkeypatch.setenv("SOME_SWITCH", word)
    assert env_bool("SOME_SWITCH", not value) is value


@pytest.mark.parametrize("default", [True, False])
def test_unset_or_empty_takes_the_default(monkeypatch, default):
    monkeypatch.delenv("SOME_SWITCH", raising=False)
    assert env_bool("SOME_SWITCH", default) is default
    monkeypatch.setenv("SOME_SWITCH", "  ")
    assert env_bool("SOME_SWITCH", default) is default


@pytest.mark.parametrize("word", ["ture", "flase", "y", "sim", "2", "enabled"])
def test_an_unknown_word_is_refused_naming_the_variable(monkeypatch, word):
    monkeypatch.setenv("SECURE_SSL_REDIRECT", word)
    with pytest.raises(ImproperlyConfigured) as refusal:
        env_bool("SECURE_SSL_REDIRECT", True)
    message = str(refusal.value)
    assert "SECURE_SSL_REDIRECT" in message and repr(word) in message
    assert "true" in message and "false" in message


def test_production_does_not_start_with_a_misspelt_switch():
    env = {key: value for key, value in os.environ.items()
           if key not in {"DJANGO_SETTINGS_MODULE", "SECURE_SSL_REDIRECT", "DEBUG"}}
    env.update(DJANGO_SETTINGS_MODULE="config.settings_production",
               SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="damas.example.org",
               SECURE_SSL_REDIRECT="ture")
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "SECURE_SSL_REDIRECT" in result.stderr and "'ture'" in result.stderr

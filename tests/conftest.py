"""Settings shared by every test folder."""

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Many tests create users; the production hasher costs about half a second each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

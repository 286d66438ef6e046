"""Pages and messages in English, so assertions read the msgids whatever the catalogue says."""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english_messages(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    with translation.override("en"):
        yield

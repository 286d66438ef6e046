"""GET /health/ for a load balancer (issue 29): cheap, answered before every other middleware.

The database and the cache each checked; the answer when the database is stopped is in
tests/project/test_database_outage.py, which restarts a PostgreSQL cluster of its own.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext


@pytest.mark.django_db
def test_health_answers_200_with_one_query_no_cookie_and_no_redirect(client, settings):
    settings.SECURE_SSL_REDIRECT = True  # a load balancer asks over plain HTTP
    settings.ALLOWED_HOSTS = ["damas.example.org"]  # and by the server's address
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/health/", HTTP_HOST="10.0.0.7:8000")
    assert response.status_code == 200
    assert response.content == b"database ok\ncache ok\n"
    assert response["Cache-Control"] == "no-store"
    assert not response.cookies
    assert [query["sql"] for query in queries] == ["SELECT 1"]


@pytest.mark.django_db
def test_health_answers_503_when_the_cache_fails(client, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                                   "LOCATION": "no_such_cache_table"}}
    response = client.head("/health/")
    assert response.status_code == 503


def test_only_get_and_head_are_answered_by_the_check(client):
    # A post to the path goes on to the URL map (no page there): never a health answer.
    assert client.post("/health/").status_code == 404

"""PostgreSQL restarted under a running site: 503 with Retry-After, never 500 (issue 29).

The test runs its own PostgreSQL cluster (tests/project/own_postgres.py) and a gunicorn with the
production settings and their persistent connections, stops the database, asks for a public
page and posts a result, starts the database again and sends the kept form once more. The shared
server on 5432 is never touched.
"""

from __future__ import annotations

import html
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from tests.project.own_postgres import OwnPostgres, free_port
from tests.project.test_shared_cache_servers import CSRF, SETUP, VERSION, Browser, stop, wait_for

ROOT = Path(__file__).resolve().parents[2]
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


@pytest.fixture
def own_site(tmp_path):
    database = OwnPostgres()
    server = None
    try:
        database.start()
        database.create_database("damas")
        password = secrets.token_urlsafe(12)
        environment = {
            **{key: value for key, value in os.environ.items()
               if key not in ("REDIS_URL", "CONN_MAX_AGE")},
            "DJANGO_SETTINGS_MODULE": "config.settings_production",
            "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": database.database_url("damas"),
            "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto", "SECURE_HSTS_SECONDS": "0",
            "LOGIN_CLIENT_IP_HEADER": "X-Forwarded-For",
            "STATIC_ROOT": str(tmp_path / "static"), "LOG_LEVEL": "INFO",
        }
        manage = [sys.executable, "manage.py"]
        for command in (["migrate", "--noinput", "-v", "0"],
                        ["collectstatic", "--noinput", "-v", "0"]):
            subprocess.run(manage + command, cwd=ROOT, env=environment, check=True, timeout=300)
        made = subprocess.run(manage + ["shell", "-c", SETUP.format(password=password)],
                              cwd=ROOT, env=environment, check=True, timeout=120,
                              capture_output=True, text=True)
        slug, game_id, _ = made.stdout.strip().splitlines()[-1].split(" ", 2)
        port, log = free_port(), tmp_path / "gunicorn.log"
        # One worker: the persistent connection it keeps is the one the restart breaks.
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
             f"127.0.0.1:{port}", "--workers", "1", "--timeout", "30"],
            cwd=ROOT, env=environment, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=log.open("w"))
        wait_for(server, port, log)
        yield {"database": database, "port": port, "slug": slug, "game": game_id,
               "password": password, "log": log}
    finally:
        if server is not None:
            stop(server)
        database.remove()


def signed_in(port: int, password: str) -> Browser:
    arbiter = Browser()
    login = arbiter.send(port, "GET", "/contas/login/")[2]
    status = arbiter.send(port, "POST", "/contas/login/", {
        "csrfmiddlewaretoken": CSRF.search(login).group(1), "username": "arbitro-servidores",
        "password": password})[0]
    assert status == 302
    return arbiter


def test_a_database_restart_answers_503_and_the_kept_result_can_be_sent_again(own_site):
    port, slug = own_site["port"], own_site["slug"]
    visitor, arbiter = Browser(), signed_in(port, own_site["password"])
    game_page = f"/torneios/{slug}/partida/{own_site['game']}/"
    form = arbiter.send(port, "GET", game_page)[2]
    typed = {"csrfmiddlewaretoken": CSRF.search(form).group(1), "result": "1-0",
             "version": VERSION.search(form).group(1)}
    assert visitor.send(port, "GET", f"/torneios/{slug}/classificacao/")[0] == 200
    # Restarted while the worker's kept connection sat idle: the page's version read, its first
    # query, finds that connection broken and is sent again on a new one
    # (page_version.fetch_one), so the visitor never sees the restart.
    own_site["database"].stop()
    own_site["database"].start()
    assert visitor.send(port, "GET", f"/torneios/{slug}/classificacao/")[0] == 200

    assert visitor.send(port, "GET", "/health/")[0] == 200
    own_site["database"].stop()
    status, headers, page = visitor.send(port, "GET", "/health/")
    assert (status, page) == (503, "database unavailable\ncache unavailable\n")
    for path in ("/", f"/torneios/{slug}/classificacao/", f"/torneios/{slug}/"):
        status, headers, page = visitor.send(port, "GET", path)
        assert status == 503, (path, status)
        assert headers["Retry-After"].isdigit()
        assert "Temporariamente indisponível" in page
    status, headers, page = arbiter.send(port, "POST", game_page, typed)
    assert status == 503 and headers["Retry-After"].isdigit()
    assert "não foi salvo" in page
    kept = {name: html.unescape(value) for name, value in HIDDEN.findall(page)}
    assert kept == typed
    assert f'action="{game_page}"' in page
    # Sent again while the database is still away: the same 503, nothing else.
    assert arbiter.send(port, "POST", game_page, kept)[0] == 503
    # A sign-in is kept too, but never its password.
    status, _, page = arbiter.send(port, "POST", "/contas/login/", {
        "csrfmiddlewaretoken": kept["csrfmiddlewaretoken"], "username": "arbitro-servidores",
        "password": own_site["password"]})
    assert status == 503 and own_site["password"] not in page and "arbitro-servidores" in page

    own_site["database"].start()
    # The persistent connection broke with the restart: the next request opens a new one.
    assert visitor.send(port, "GET", "/health/")[0] == 200
    assert visitor.send(port, "GET", "/")[0] == 200
    assert arbiter.send(port, "POST", game_page, kept)[0] == 302
    assert arbiter.send(port, "POST", game_page, kept)[0] in (302, 409)

    log = own_site["log"].read_text()
    assert "Traceback" not in log, log
    assert log.count("database unreachable") == 1, log
    assert log.count("database reachable again") == 1, log
    assert "Service Unavailable" not in log and "Internal Server Error" not in log, log


WARM_WITHOUT_DATABASE = """
import django
django.setup()
from tournaments.pages.pieces import warm
warm(1)  # as on_commit after a result, the database gone since the commit
print("warmed")
"""


def test_warming_the_pages_without_a_database_logs_one_line_not_a_traceback():
    """A result committed just before the database went away: computing its pages fails, and
    says so in one line (issue 29). Nothing listens on the port: a real refused connection."""
    environment = {
        **{key: value for key, value in os.environ.items() if key != "REDIS_URL"},
        "DJANGO_SETTINGS_MODULE": "config.settings_production",
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{free_port()}/damas",
    }
    ran = subprocess.run([sys.executable, "-c", WARM_WITHOUT_DATABASE], cwd=ROOT,
                         env=environment, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0 and ran.stdout.strip() == "warmed", ran.stderr
    assert "Traceback" not in ran.stderr, ran.stderr
    assert "could not compute the pages of tournament 1, the database is unreachable" in (
        ran.stderr)

"""Two gunicorn servers, one PostgreSQL database, one Redis: a result entered through one is in
the standings the other serves at once (issue 15).

Each server keeps nothing of its own: the page version is in the database (and a copy in Redis,
deleted before the result commits: tournaments/cache/shared_versions.py), the pages and their
pieces in Redis, so a page stored by one server before the result can never be served by the
other after it. Needs a local PostgreSQL server (tests/postgres_url.py) and Redis
(tests/redis_url.py); skipped cleanly without them, except in CI or when TEST_DATABASE_URL /
TEST_REDIS_URL name servers, where a missing one fails the run. The test builds its own database
(SERVERS_TEST_DATABASE, default damas_servers), and drops it at the end.
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.redis_url import find as find_redis
from tests.redis_url import required as redis_required
from tournaments.cache.shared_versions import EPOCH, PREFIX

ROOT = Path(__file__).resolve().parents[2]
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
SETUP = """
from django.contrib.auth import get_user_model
from tournaments import services
arbiter = get_user_model().objects.create_user("arbitro-servidores", password={password!r})
tournament = services.create_tournament(name="Aberto dos Dois Servidores", arbiters=[arbiter])
for name in ("Ana Conceição", "João Brandão", "Maria Araújo", "Pedro Gonçalves"):
    services.add_player(tournament, name=name)
services.draw_numbers(tournament, seed=15)
services.generate_rounds(tournament)
game = tournament.rounds.get(number=1).games.get(board=1)
print(tournament.slug, game.pk, game.white.player.name)
"""


def postgres_server_url() -> str:
    """The maintenance URL of the PostgreSQL server the suite uses, or skip (fail in CI)."""
    import psycopg

    explicit = os.environ.get("TEST_DATABASE_URL", "").strip()
    url = explicit or "postgres://postgres@127.0.0.1:5432/test"
    try:
        with psycopg.connect(url, connect_timeout=3):
            return url
    except psycopg.Error:
        if explicit or os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is required here but does not answer at {url}")
        pytest.skip("no PostgreSQL server answers at 127.0.0.1:5432")


def database_url(server: str, name: str) -> str:
    import psycopg

    info = psycopg.conninfo.conninfo_to_dict(server)
    password = f":{info['password']}" if info.get("password") else ""
    return (f"postgres://{info.get('user', 'postgres')}{password}@{info.get('host', '127.0.0.1')}"
            f":{info.get('port', 5432)}/{name}")


def recreate(server: str, name: str, *, create: bool) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
            sql.Identifier(name)))
        if create:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Browser:
    """One visitor's cookies, over plain HTTP as from a TLS proxy (X-Forwarded-Proto)."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}

    def send(self, port: int, method: str, path: str, form: dict | None = None,
             headers: dict | None = None) -> tuple[int, dict[str, str], str]:
        sent = {"Host": "127.0.0.1", "X-Forwarded-Proto": "https",
                "X-Forwarded-For": "127.0.0.1", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{key}={value}" for key, value in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            sent.update({"Content-Type": "application/x-www-form-urlencoded",
                         "Origin": "https://127.0.0.1", "Referer": f"https://127.0.0.1{path}"})
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        try:
            connection.request(method, path, body=body, headers=sent)
            answer = connection.getresponse()
            text = answer.read().decode()
            for cookie in answer.headers.get_all("Set-Cookie") or []:
                key, _, value = cookie.split(";", 1)[0].partition("=")
                self.cookies[key.strip()] = value.strip()
            return answer.status, dict(answer.headers.items()), text
        finally:
            connection.close()


def start(port: int, environment: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
         f"127.0.0.1:{port}", "--workers", "2", "--timeout", "30", "--error-logfile", str(log)],
        cwd=ROOT, env=environment, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_for(server: subprocess.Popen, port: int, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"gunicorn stopped at start: {log.read_text()[-2000:]}")
        try:
            if Browser().send(port, "GET", "/")[0] == 200:
                return
        except OSError:
            time.sleep(0.2)
    pytest.fail("gunicorn did not answer within 60 s")


def stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=5)


def points_of(page: str, name: str) -> str:
    """The points on the standings page's row of `name` (after the club and the rating)."""
    row = next(row for row in page.split("<tr") if name in row)
    cells = [re.sub(r"<[^>]+>", "", cell.split(">", 1)[1]).strip()
             for cell in row.split("<td")[1:]]
    return cells[5]


@pytest.fixture
def shared_site(tmp_path):
    redis_url = find_redis()
    if not redis_url:
        if redis_required():
            pytest.fail("Redis is required here but none answers (tests/redis_url.py)")
        pytest.skip("no Redis answers at 127.0.0.1:6379")
    server = postgres_server_url()
    name = os.environ.get("SERVERS_TEST_DATABASE", "damas_servers")
    recreate(server, name, create=True)
    password = secrets.token_urlsafe(12)
    environment = {
        **os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_production",
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": database_url(server, name), "REDIS_URL": redis_url,
        "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto", "SECURE_HSTS_SECONDS": "0",
        "LOGIN_CLIENT_IP_HEADER": "X-Forwarded-For",  # required behind a proxy
        "TRUSTED_PROXIES": "127.0.0.1",  # the test's requests play the proxy
        "STATIC_ROOT": str(tmp_path / "static"), "LOG_LEVEL": "WARNING",
    }
    manage = [sys.executable, "manage.py"]
    servers: list[subprocess.Popen] = []
    try:
        for command in (["migrate", "--noinput", "-v", "0"],
                        ["collectstatic", "--noinput", "-v", "0"]):
            subprocess.run(manage + command, cwd=ROOT, env=environment, check=True, timeout=300)
        made = subprocess.run(manage + ["shell", "-c", SETUP.format(password=password)],
                              cwd=ROOT, env=environment, check=True, timeout=120,
                              capture_output=True, text=True)
        slug, game_id, white = made.stdout.strip().splitlines()[-1].split(" ", 2)
        import redis

        shared = redis.Redis.from_url(redis_url)
        shared.flushdb()
        # Emptied while no server runs: the versions may go to Redis at once (version_cache).
        shared.set(EPOCH, time.time() - 3600)
        ports = [free_port(), free_port()]
        for index, port in enumerate(ports):
            log = tmp_path / f"gunicorn-{index}.log"
            servers.append(start(port, environment, log))
            wait_for(servers[-1], port, log)
        yield {"ports": ports, "slug": slug, "game": game_id, "white": white,
               "password": password, "redis": shared}
    finally:
        for running in servers:
            stop(running)
        recreate(server, name, create=False)


def test_a_result_entered_on_one_server_is_in_the_other_servers_standings_at_once(shared_site):
    entry_port, reader_port = shared_site["ports"]
    slug, white = shared_site["slug"], shared_site["white"]
    standings = f"/torneios/{slug}/classificacao/"
    visitor = Browser()
    status, headers, page = visitor.send(reader_port, "GET", standings,
                                         headers={"Accept-Language": "en"})
    assert status == 200 and "public" in headers["Cache-Control"]
    assert points_of(page, white) == "0"
    stored_etag = headers["ETag"]
    # The same page again: from Redis, the same ETag, through either server; the version too
    # now comes from Redis, not from the database.
    assert visitor.send(entry_port, "GET", standings,
                        headers={"Accept-Language": "en"})[1]["ETag"] == stored_etag
    assert shared_site["redis"].get(f"{PREFIX}value:{slug}") is not None

    arbiter = Browser()
    status, _, login = arbiter.send(entry_port, "GET", "/contas/login/")
    token = CSRF.search(login).group(1)
    status, _, _ = arbiter.send(entry_port, "POST", "/contas/login/", {
        "csrfmiddlewaretoken": token, "username": "arbitro-servidores",
        "password": shared_site["password"]})
    assert status == 302 and "sessionid" in arbiter.cookies
    form_path = f"/torneios/{slug}/partida/{shared_site['game']}/"
    status, _, form = arbiter.send(entry_port, "GET", form_path)
    assert status == 200
    status, _, _ = arbiter.send(entry_port, "POST", form_path, {
        "csrfmiddlewaretoken": CSRF.search(form).group(1), "result": "1-0",
        "version": VERSION.search(form).group(1)})
    assert status == 302

    status, headers, page = visitor.send(reader_port, "GET", standings, headers={
        "Accept-Language": "en", "If-None-Match": stored_etag})
    assert status == 200 and headers["ETag"] != stored_etag
    assert points_of(page, white) == "1"

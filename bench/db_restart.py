"""PostgreSQL restarted under load, for real (issue 29): count the 500s (must be 0) and the 503s.

Everything is the script's own and goes away at the end: a PostgreSQL cluster on a free port
(tests/project/own_postgres.py; root runs it as `postgres`), a redis-server on a free port with
no persistence, and two gunicorn instances (2 sync workers each, the production settings and
their kept connections) sharing both. Visitors read public pages from both instances while two
arbiters enter results; after --before seconds the cluster is stopped (`pg_ctl stop -m fast`)
and started again --down seconds later, and the load goes on for --after seconds. An arbiter
whose post answers 503 sends the form the page kept again, as a person would, until it answers
302 (saved) or 409 (already saved).
Prints every status counted, the restart's duration, the results saved and the outage lines of
the instances' logs. Never touches the shared servers.

    .venv/bin/python bench/db_restart.py [--before 5] [--down 4.7] [--after 10] [--visitors 6]
"""

from __future__ import annotations

import argparse
import collections
import html
import http.client
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from tests.project.own_postgres import OwnPostgres, free_port  # noqa: E402

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


class Browser:
    """One visitor's cookies, over plain HTTP as from a TLS proxy (X-Forwarded-Proto)."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}

    def send(self, port: int, method: str, path: str,
             form: dict | None = None) -> tuple[int, dict[str, str], str]:
        sent = {"Host": "127.0.0.1", "X-Forwarded-Proto": "https",
                "X-Forwarded-For": "127.0.0.1"}
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


def wait_for(server: subprocess.Popen, port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("gunicorn stopped at start")
        try:
            if Browser().send(port, "GET", "/health/")[0] == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer within 60 s")


def stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=5)


HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
SETUP = """
from django.contrib.auth import get_user_model
from tournaments import services
arbiter = get_user_model().objects.create_user("arbitro-reinicio", password={password!r})
tournament = services.create_tournament(name="Aberto do Reinício", arbiters=[arbiter])
for index in range(20):
    services.add_player(tournament, name=f"Jogador {{index + 1:02d}}")
services.draw_numbers(tournament, seed=29)
services.generate_rounds(tournament)
games = [game.pk for round_ in tournament.rounds.order_by("number") for game in round_.games.all()]
print(tournament.slug, *games)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=float, default=5.0)
    parser.add_argument("--after", type=float, default=10.0)
    parser.add_argument("--visitors", type=int, default=6)
    parser.add_argument("--down", type=float, default=4.7,
                        help="seconds PostgreSQL stays stopped (issue 29's restart took 4.7 s)")
    options = parser.parse_args()
    if not shutil.which("redis-server"):
        print("skipped: redis-server is not installed")
        return 0
    folder = Path(tempfile.mkdtemp(prefix="damas-db-restart-"))
    database = OwnPostgres()
    redis_port = free_port()
    redis = subprocess.Popen(["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1",
                              "--save", "", "--appendonly", "no"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    servers: list[subprocess.Popen] = []
    try:
        database.start()
        database.create_database("damas")
        password = secrets.token_urlsafe(12)
        environment = {
            **{key: value for key, value in os.environ.items() if key != "CONN_MAX_AGE"},
            "DJANGO_SETTINGS_MODULE": "config.settings_production",
            "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": database.database_url("damas"),
            "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
            "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto", "SECURE_HSTS_SECONDS": "0",
            "LOGIN_CLIENT_IP_HEADER": "X-Forwarded-For",
            "STATIC_ROOT": str(folder / "static"), "LOG_LEVEL": "INFO",
        }
        manage = [sys.executable, "manage.py"]
        for command in (["migrate", "--noinput", "-v", "0"],
                        ["collectstatic", "--noinput", "-v", "0"]):
            subprocess.run(manage + command, cwd=ROOT, env=environment, check=True, timeout=300)
        made = subprocess.run(manage + ["shell", "-c", SETUP.format(password=password)],
                              cwd=ROOT, env=environment, check=True, timeout=300,
                              capture_output=True, text=True)
        slug, *games = made.stdout.strip().splitlines()[-1].split()
        ports, logs = [free_port(), free_port()], [folder / "a.log", folder / "b.log"]
        for port, log in zip(ports, logs, strict=True):
            servers.append(subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
                 f"127.0.0.1:{port}", "--workers", "2", "--timeout", "30",
                 "--control-socket", str(folder / f"{port}.ctl")],
                cwd=ROOT, env=environment, start_new_session=True,
                stdout=subprocess.DEVNULL, stderr=log.open("w")))
            wait_for(servers[-1], port)

        statuses: collections.Counter[tuple[str, int]] = collections.Counter()
        lock, stopping = threading.Lock(), threading.Event()
        saved: collections.Counter[int] = collections.Counter()
        problems: list[str] = []
        signed_in = [threading.Event(), threading.Event()]
        pages = ["/", f"/torneios/{slug}/", f"/torneios/{slug}/classificacao/",
                 f"/torneios/{slug}/tabela/", f"/torneios/{slug}/rodada/1/"]

        def count(kind: str, status: int) -> None:
            with lock:
                statuses[(kind, status)] += 1

        def visitor(number: int) -> None:
            browser = Browser()
            step = number
            while not stopping.is_set():
                port, path = ports[step % 2], pages[step % len(pages)]
                step += 1
                try:
                    count("GET", browser.send(port, "GET", path)[0])
                except OSError:
                    count("GET", 0)

        def arbiter(number: int) -> None:
            try:
                enter_results(number)
            except Exception as error:  # said at the end: a stopped arbiter skews the counts
                problems.append(f"arbiter {number}: {type(error).__name__}: {error}")

        def enter_results(number: int) -> None:
            port = ports[number % 2]
            browser = Browser()
            while True:  # sign in, retrying through the outage
                try:
                    login = browser.send(port, "GET", "/contas/login/")[2]
                    if browser.send(port, "POST", "/contas/login/", {
                            "csrfmiddlewaretoken": CSRF.search(login).group(1),
                            "username": "arbitro-reinicio", "password": password})[0] == 302:
                        break
                except (OSError, AttributeError):
                    time.sleep(0.2)
            signed_in[number].set()
            for game in games[number::2]:
                if stopping.is_set():
                    return
                path = f"/torneios/{slug}/partida/{game}/"
                while True:
                    status, _, form = browser.send(port, "GET", path)
                    count("GET game", status)
                    if status == 200 or stopping.is_set():
                        break
                    time.sleep(0.5)
                if status != 200:
                    return
                fields = {"csrfmiddlewaretoken": CSRF.search(form).group(1), "result": "1-0",
                          "version": VERSION.search(form).group(1)}
                while True:
                    status, headers, page = browser.send(port, "POST", path, fields)
                    count("POST result", status)
                    if status != 503:
                        break
                    # The page kept what was typed: send it again after Retry-After.
                    fields = {name: html.unescape(value) for name, value in HIDDEN.findall(page)}
                    time.sleep(min(float(headers.get("Retry-After", "1")), 1.0))
                if status in (302, 409):
                    saved[status] += 1

        threads = [threading.Thread(target=visitor, args=(index,))
                   for index in range(options.visitors)]
        threads += [threading.Thread(target=arbiter, args=(index,)) for index in range(2)]
        for thread in threads:
            thread.start()
        for event in signed_in:  # the clock starts once both arbiters enter results
            event.wait(timeout=120)
        time.sleep(options.before)
        started = time.monotonic()
        database.stop()  # pg_ctl stop -m fast, as a restart begins
        time.sleep(options.down)
        database.start()
        restart = time.monotonic() - started
        time.sleep(options.after)
        stopping.set()
        for thread in threads:
            thread.join(timeout=60)
        print(f"load average {' '.join(f'{value:.2f}' for value in os.getloadavg())}; "
              f"PostgreSQL stopped (fast) and started again: {restart:.1f} s without it, "
              f"{options.before:g} s of load before, {options.after:g} s after")
        for (kind, status), number in sorted(statuses.items()):
            print(f"  {kind:<12} HTTP {status}: {number}")
        total = sum(statuses.values())
        errors = sum(number for (_, status), number in statuses.items() if status >= 500
                     and status != 503)
        unavailable = sum(number for (_, status), number in statuses.items() if status == 503)
        print(f"responses {total}: 500s and other 5xx but 503: {errors}; 503: {unavailable}; "
              f"results saved {saved[302]}, already saved on resend {saved[409]}")
        for problem in problems:
            print(f"  {problem}")
        for log in logs:
            lines = [line for line in log.read_text(errors="replace").splitlines()
                     if "database" in line or "Traceback" in line or "ERROR" in line]
            print(f"  {log.name}: " + (" | ".join(lines) or "no outage line"))
        return 1 if errors else 0
    finally:
        for server in servers:
            stop(server)
        redis.terminate()
        redis.wait(timeout=10)
        database.remove()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

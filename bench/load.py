"""Load test: the public standings page and result entry, many clients at once (issue 9).

The script sets up everything and takes it down again:
  1. creates its own PostgreSQL database (damas_load: dropped first if a run left it behind) on
     the local server, migrates it, builds a tournament (20 players, every round generated, the
     first half of the results entered) and an arbiter account;
  2. collects the static files into a temporary folder and starts gunicorn on a free port of
     127.0.0.1 with the production settings (DEBUG off, WhiteNoise, a random SECRET_KEY);
  3. signs the arbiter in on a few devices (`--arbiters`, through the real login page) and warms
     every worker up, before the clock starts: a password hash costs the server far more than a
     page, and an arbiter signs in once a day, not once a minute;
  4. runs the client threads for a bounded time: each one mostly reads the standings page, and
     sometimes enters a result with one of the arbiter's sessions (fetch the form, post it back
     with its CSRF token and version), as an arbiter's phone does; every client also fetches
     the stylesheet once;
  5. stops gunicorn, drops the database and prints requests per second, p50/p95 latency and the
     errors. A stale-version answer (HTTP 409: another client changed the game in between) is
     the system working as designed, counted apart, not an error. Target: zero errors.

Requests go to the loopback address only, over plain HTTP with `X-Forwarded-Proto: https`, as
from a TLS-terminating proxy in front of gunicorn. Rerun with:

    .venv/bin/python bench/load.py [--clients 20] [--seconds 15] [--workers 3] [--arbiters 3]
                                   [--entry-share 0.2] [--games N]
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
COMMAND = ".venv/bin/python bench/load.py"
DATABASE = "damas_load"
DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres"
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1"}
ARBITER = "arbitro-carga"
REQUEST_TIMEOUT = 10.0
RESULTS = ["1-0", "0-1", "1/2-1/2"]
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION_FIELD = re.compile(r'name="version" value="(\d+)"')
STYLESHEET = re.compile(r'<link[^>]+href="(/static/[^"]+\.css)"')


# --- the database and the tournament ------------------------------------------------------------

def server_url() -> str | None:
    """The maintenance database URL of the local PostgreSQL server, or None if none answers."""
    import psycopg

    url = os.environ.get("LOAD_DATABASE_URL", DEFAULT_SERVER_URL)
    info = psycopg.conninfo.conninfo_to_dict(url)
    host = info.get("host", "")
    if host and not host.startswith("/") and host not in LOOPBACK_HOSTS:
        sys.exit(f"LOAD_DATABASE_URL must name a server on this machine (loopback), not {host}.")
    try:
        with psycopg.connect(url, connect_timeout=3):
            return url
    except psycopg.Error:
        return None


def recreate_database(url: str, *, drop_only: bool = False) -> str:
    """(Re)create the load test's own database; return its URL."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
            sql.Identifier(DATABASE)))
        if not drop_only:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(DATABASE)))
    info = psycopg.conninfo.conninfo_to_dict(url)
    user = info.get("user", "postgres")
    password = f":{info['password']}" if info.get("password") else ""
    host = info.get("host", "127.0.0.1")
    return f"postgres://{user}{password}@{host}:{info.get('port', 5432)}/{DATABASE}"


def build_site(players: int, password: str) -> tuple[str, list[int]]:
    """Migrate, collect static files and build the tournament; return its slug and game ids."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from tournaments import services
    from tournaments.models import Game

    call_command("migrate", interactive=False, verbosity=0)
    call_command("createcachetable", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    arbiter = get_user_model().objects.create_user(ARBITER, password=password)
    tournament = services.create_tournament(name="Aberto de Carga", board=64,
                                            arbiters=[arbiter])
    for index in range(players):
        services.add_player(tournament, name=f"Jogador {index + 1:02d}", rating=1500 + index)
    services.draw_numbers(tournament, seed=2026)
    rounds = services.generate_rounds(tournament)
    chooser = random.Random(7)
    games = list(Game.objects.of_tournament(tournament).order_by("round__number", "board"))
    half = len(rounds) // 2
    for game in games:
        if game.round.number <= half:
            services.record_result(game, result=chooser.choice(RESULTS),
                                   expected_version=game.version, user=arbiter)
    connection.close()
    return tournament.slug, [game.pk for game in games]


# --- the server ---------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_gunicorn(port: int, workers: int, log: Path) -> subprocess.Popen:
    command = [sys.executable, "-m", "gunicorn", "config.wsgi:application",
               "--bind", f"127.0.0.1:{port}", "--workers", str(workers), "--timeout", "30",
               "--graceful-timeout", "5", "--error-logfile", str(log), "--log-level", "warning"]
    return subprocess.Popen(command, cwd=ROOT, env=os.environ.copy(), start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_until_serving(server: subprocess.Popen, port: int, path: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped at start (exit {server.returncode})")
        try:
            if Client(port).get(path).status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer within {seconds:.0f} s")


def stop(server: subprocess.Popen) -> None:
    """Stop the gunicorn we started (its own process group): TERM, then KILL if it lingers."""
    if server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=5)


# --- the clients --------------------------------------------------------------------------------

@dataclass
class Response:
    status: int
    body: str


class Client:
    """One browser: its own cookies, one connection per request (gunicorn's sync workers close
    each one), headers as a TLS-terminating proxy forwards them."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.origin = f"https://127.0.0.1:{port}"
        self.cookies: dict[str, str] = {}

    def _send(self, method: str, path: str, form: dict[str, str] | None = None) -> Response:
        headers = {"Host": f"127.0.0.1:{self.port}", "X-Forwarded-Proto": "https",
                   "X-Forwarded-For": "127.0.0.1"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers.update({"Content-Type": "application/x-www-form-urlencoded",
                            "Origin": self.origin, "Referer": self.origin + path})
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            text = answer.read().decode("utf-8", errors="replace")
            for cookie in answer.headers.get_all("Set-Cookie") or []:
                name, _, value = cookie.split(";", 1)[0].partition("=")
                self.cookies[name.strip()] = value.strip()
            return Response(answer.status, text)
        finally:
            connection.close()

    def get(self, path: str) -> Response:
        return self._send("GET", path)

    def post(self, path: str, form: dict[str, str]) -> Response:
        return self._send("POST", path, form)


@dataclass
class Tally:
    """Everything the clients measured; one lock, taken briefly per request."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    examples: list[str] = field(default_factory=list)
    saved: int = 0
    conflicts: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(self, kind: str, action, expected: set[int]) -> Response | None:
        start = time.perf_counter()
        try:
            response = action()
        except (OSError, http.client.HTTPException) as error:
            problem, response = f"{kind}: {type(error).__name__}: {error}", None
        else:
            problem = None if response.status in expected else f"{kind}: HTTP {response.status}"
        elapsed = time.perf_counter() - start
        with self.lock:
            self.latencies[kind].append(elapsed)
            if problem:
                self.errors[kind] += 1
                if len(self.examples) < 5:
                    self.examples.append(problem)
        return response if problem is None else None


@dataclass(frozen=True)
class Plan:
    port: int
    slug: str
    game_ids: list[int]
    sessions: list[dict[str, str]]  # the arbiter's signed-in cookies, one per device
    entry_share: float
    deadline: float


def client_loop(plan: Plan, tally: Tally, seed: int) -> None:
    chooser = random.Random(seed)
    client = Client(plan.port)
    client.cookies.update(plan.sessions[seed % len(plan.sessions)])
    standings = f"/torneios/{plan.slug}/classificacao/"
    page = tally.timed("standings", lambda: client.get(standings), {200})
    stylesheet = STYLESHEET.search(page.body) if page else None
    if stylesheet:
        tally.timed("static", lambda: client.get(stylesheet.group(1)), {200})
    while time.monotonic() < plan.deadline:
        if chooser.random() < plan.entry_share:
            enter_result(client, plan, tally, chooser)
        else:
            tally.timed("standings", lambda: client.get(standings), {200})


def sign_in(port: int, password: str, tally: Tally) -> dict[str, str]:
    """Sign the arbiter in through the login page; his session's cookies."""
    client = Client(port)
    form = tally.timed("login", lambda: client.get("/contas/login/"), {200})
    token = CSRF_FIELD.search(form.body) if form else None
    if token is None:
        raise RuntimeError("the login page has no CSRF token")
    answer = tally.timed("login", lambda: client.post("/contas/login/", {
        "csrfmiddlewaretoken": token.group(1), "username": ARBITER, "password": password,
    }), {302})
    if answer is None or "sessionid" not in client.cookies:
        raise RuntimeError(f"the arbiter could not sign in: {tally.examples[-1:]}")
    return dict(client.cookies)


def enter_result(client: Client, plan: Plan, tally: Tally, chooser: random.Random) -> None:
    path = f"/torneios/{plan.slug}/partida/{chooser.choice(plan.game_ids)}/"
    form = tally.timed("result form", lambda: client.get(path), {200})
    token = CSRF_FIELD.search(form.body) if form else None
    version = VERSION_FIELD.search(form.body) if form else None
    if token is None or version is None:
        if form is not None:
            with tally.lock:
                tally.errors["result form"] += 1
                tally.examples.append("result form: no CSRF token or version in the page")
        return
    answer = tally.timed("result post", lambda: client.post(path, {
        "csrfmiddlewaretoken": token.group(1), "result": chooser.choice(RESULTS),
        "version": version.group(1),
    }), {302, 409})
    if answer is not None:
        with tally.lock:
            if answer.status == 409:
                tally.conflicts += 1
            else:
                tally.saved += 1


# --- report -------------------------------------------------------------------------------------

def percentile(values: list[float], share: float) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]


def report(tally: Tally, elapsed: float, options: argparse.Namespace) -> int:
    every = [value for values in tally.latencies.values() for value in values]
    print(f"within the {elapsed:.1f} s of the run:")
    print(f"{'kind':<12} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'errors':>7}")
    for kind in ("standings", "static", "result form", "result post"):
        values = tally.latencies.get(kind, [])
        if values:
            print(f"{kind:<12} {len(values):>8} {percentile(values, 0.5) * 1000:>8.0f} "
                  f"{percentile(values, 0.95) * 1000:>8.0f} {tally.errors.get(kind, 0):>7}")
    errors = sum(tally.errors.values())
    if every:
        print(f"{'all':<12} {len(every):>8} {percentile(every, 0.5) * 1000:>8.0f} "
              f"{percentile(every, 0.95) * 1000:>8.0f} {errors:>7}")
    print(f"throughput: {len(every) / elapsed:.1f} requests/s over {elapsed:.1f} s")
    print(f"results saved: {tally.saved}; stale-version conflicts (HTTP 409, handled): "
          f"{tally.conflicts}")
    print(f"errors: {errors} (target: 0)")
    for example in tally.examples:
        print(f"  e.g. {example}")
    print(f"rerun: {COMMAND} --clients {options.clients} --seconds {options.seconds:g} "
          f"--workers {options.workers} --arbiters {options.arbiters} "
          f"--entry-share {options.entry_share:g}"
          + (f" --games {options.games}" if options.games else ""))
    return 1 if errors else 0


# --- main ---------------------------------------------------------------------------------------

def bounded(low: float, high: float, kind=int):
    def parse(text: str):
        value = kind(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low:g} to {high:g}")
        return value
    return parse


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=bounded(1, 200), default=20,
                        help="concurrent client threads (default 20)")
    parser.add_argument("--seconds", type=bounded(1, 300, float), default=15.0,
                        help="how long the clients run (default 15, at most 300)")
    parser.add_argument("--workers", type=bounded(1, 16), default=3,
                        help="gunicorn worker processes (default 3)")
    parser.add_argument("--arbiters", type=bounded(1, 20), default=3,
                        help="the arbiter's signed-in devices the clients share (default 3)")
    parser.add_argument("--games", type=bounded(0, 2000), default=0,
                        help="enter results on only this many games, to provoke stale-version "
                             "conflicts (default 0: every game)")
    parser.add_argument("--players", type=bounded(4, 60), default=20,
                        help="players of the tournament (default 20)")
    parser.add_argument("--entry-share", type=bounded(0, 1, float), default=0.2,
                        help="share of a client's steps that enter a result (default 0.2)")
    options = parser.parse_args()

    maintenance_url = server_url()
    if maintenance_url is None:
        print("skipped: no PostgreSQL server answers on 127.0.0.1:5432 (set LOAD_DATABASE_URL "
              "to a local server's maintenance database)")
        return 0
    password = secrets.token_urlsafe(16)
    with tempfile.TemporaryDirectory(prefix="bench-load-") as folder:
        os.environ.update({
            "DJANGO_SETTINGS_MODULE": "config.settings_production",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": recreate_database(maintenance_url),
            "CONN_MAX_AGE": "60",
            "STATIC_ROOT": str(Path(folder) / "static"),
            "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
            "LOGIN_CLIENT_IP_HEADER": "X-Forwarded-For",  # required behind a proxy
            "TRUSTED_PROXIES": "127.0.0.1",  # the bench's requests play the proxy
            "LOG_LEVEL": "WARNING",
        })
        sys.path.insert(0, str(ROOT))
        server = None
        try:
            slug, game_ids = build_site(options.players, password)
            port = free_port()
            log = Path(folder) / "gunicorn.log"
            server = start_gunicorn(port, options.workers, log)
            standings = f"/torneios/{slug}/classificacao/"
            wait_until_serving(server, port, standings, 30)
            print(f"{options.clients} clients for {options.seconds:g} s against gunicorn "
                  f"({options.workers} workers, production settings) on 127.0.0.1:{port}, "
                  f"PostgreSQL database {DATABASE}; {options.players} players, "
                  f"{len(game_ids)} games")
            before_the_clock = Tally()
            sessions = [sign_in(port, password, before_the_clock)
                        for _ in range(options.arbiters)]
            for _ in range(2 * options.workers):
                before_the_clock.timed("warm-up", lambda: Client(port).get(standings), {200})
            logins = before_the_clock.latencies["login"][1::2]  # the posts, not the forms
            print(f"before the clock: {len(logins)} sign-ins through the login page, "
                  f"median {statistics.median(logins) * 1000:.0f} ms (password hashing)")
            tally = Tally()
            start = time.monotonic()
            targets = game_ids[:options.games] if options.games else game_ids
            plan = Plan(port, slug, targets, sessions, options.entry_share,
                        start + options.seconds)
            threads = [threading.Thread(target=client_loop, args=(plan, tally, seed), daemon=True)
                       for seed in range(options.clients)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=options.seconds + 2 * REQUEST_TIMEOUT)
            elapsed = time.monotonic() - start
            stop(server)
            problems = [line for line in log.read_text(errors="replace").splitlines()
                        if "Traceback" in line or "ERROR" in line]
            if problems:
                print(f"gunicorn logged {len(problems)} error line(s), e.g. {problems[0]}")
            return report(tally, elapsed, options)
        finally:
            if server is not None:
                stop(server)
            recreate_database(maintenance_url, drop_only=True)


if __name__ == "__main__":
    sys.exit(main())

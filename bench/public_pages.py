"""Public pages at championship scale against a bare Django view, in one run (issue 15).

The script sets everything up and takes it down again:
  1. creates its own PostgreSQL database (BENCH_DATABASE, default damas_pages, dropped first if a
     run left it behind) on the local server, migrates it and builds the issue's two tournaments:
     a 100-player round robin with its first 50 rounds played (2,450 results, a few forfeits
     among them), a 150-player Swiss after five rounds (paired by the Dutch engine through
     tournaments/services/swiss/, every result entered) and issue 16's 40-team Swiss of four
     boards after five rounds (paired by C.04.6 through tournaments/services/teams/);
  2. starts gunicorn on a free loopback port with the production settings (bench/pages_site adds
     one URL, /bench-bare/, that returns HttpResponse("ok") through the same middleware), with the
     production settings' persistent database connections (CONN_MAX_AGE 600, issue 29) and
     the cache chosen by --cache: `redis` (default; BENCH_REDIS_URL, default
     redis://127.0.0.1:6379/8, emptied; without a Redis, the database cache, and it says so) or
     `database` (the production fallback without REDIS_URL, issue 29);
     with --first-minute, Redis is emptied again just before gunicorn starts, as after a Redis
     restart or on a new server, and the pages are measured at once (one round of 2 s runs
     unless told otherwise): the first minute, when the versions are not yet copied into Redis
     (tournaments/cache/shared_versions.py); the time since Redis was emptied is printed at the end;
  3. drives each page with wrk (Debian's package; `apt-get install wrk`), or without it an asyncio
     client of its own (slower: it shares the cores with the server, so its figures are lower
     but its ratios still compare), for a bounded time with many connections, as anonymous
     visitors behind a TLS proxy (accepting gzip, as every browser does), warm cache. The
     machine may be shared, so the bare view and the page alternate: in each of --rounds
     rounds, every page is measured right after a run of the bare view as long, and its ratio
     is taken to that run; the table shows each page's median
     requests/s, worst p99 latency, errors (socket errors and non-2xx answers) over the rounds,
     the bare view's median and the median ratio. Target: at least 50 % of the bare view on
     every page, zero errors;
  4. enters results the way the site does (tournaments.services.results.record_result) and times the
     first read of the round robin's standings and crosstable after each: the cold cache.
     Targets: standings under 50 ms (issue 29), crosstable under 300 ms.

The machine's load average is printed before and after, as the figures depend on it. Rerun with:

    .venv/bin/python bench/public_pages.py [--seconds 5] [--rounds 3] [--connections 16]
                                           [--workers 4] [--cache redis|database]
                                           [--first-minute]
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(ROOT), str(BENCH)]

import load  # noqa: E402 -- bench/load.py: the database, gunicorn and client helpers

COMMAND = ".venv/bin/python bench/public_pages.py"
DATABASE = os.environ.get("BENCH_DATABASE", "damas_pages")
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/8"
PLAYERS = 100
SWISS_PLAYERS = 150
SWISS_ROUNDS = 5
# Issue 16's team Swiss (bench/teams.py pairs it): its public pages at the cache rate too.
TEAMS = 40
TEAM_BOARDS = 4
TEAM_ROUNDS = 5
RESULTS = ["1-0", "0-1", "1/2-1/2", "1-0", "0-1", "1/2-1/2", "+-"]
# As a phone's request arrives through a TLS-terminating proxy: every browser accepts gzip, and
# the stored pages keep a copy compressed once per version (the bare view's "ok" is sent as is).
HEADERS = {"Host": "127.0.0.1", "X-Forwarded-Proto": "https", "X-Forwarded-For": "127.0.0.1",
           "Accept-Encoding": "gzip"}


def redis_url(cache: str = "redis") -> str:
    """The Redis the server shares, or "" when none answers or --cache database asks for the
    database cache."""
    import redis

    if cache == "database":
        return ""
    url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL)
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=1)
        client.ping()
        client.flushdb()
    except (redis.RedisError, OSError):
        return ""
    return url


def build_round_robin() -> tuple[str, int, int]:
    """Migrate and build the 100-player round robin, half played; (slug, middle round, a
    player's entry id)."""
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, transaction

    from tournaments import services
    from tournaments.cache import shared_versions as version_cache
    from tournaments.cache import versions as page_version
    from tournaments.models import Game

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    # Redis was emptied before the server started: no write can be running, so the versions
    # may go to Redis at once (tournaments/cache/shared_versions.py) instead of after a minute.
    version_cache.mark_settled()
    tournament = services.create_tournament(name="Campeonato Brasileiro de 100", board=64)
    for index in range(PLAYERS):
        services.add_player(tournament, name=f"Jogador {index + 1:03d} da Silva",
                            club="Clube de Damas de Campinas", rating=1500 + index)
    services.draw_numbers(tournament, seed=2026)
    services.generate_rounds(tournament)
    chooser = random.Random(15)
    games = list(Game.objects.of_tournament(tournament).filter(round__number__lte=PLAYERS // 2))
    for game in games:
        game.result = chooser.choice(RESULTS)
    with transaction.atomic():  # one write, as a restore would; the version moves with it
        Game.objects.bulk_update(games, ["result"], batch_size=500)
        page_version.bump(tournament.pk)
    entry = tournament.entries.get(number=1)
    connection.close()
    return tournament.slug, PLAYERS // 2, entry.pk


def build_swiss() -> tuple[str, int]:
    """The 150-player Swiss after five rounds, paired by the site's own steps (the Dutch
    engine through swiss_event, as the arbiter's page does); each round's results entered in
    one write, as for the round robin. (slug, a player's entry id)."""
    from django.db import connection, transaction

    from tournaments import services
    from tournaments.cache import versions as page_version
    from tournaments.models import Game, PairingSystem
    from tournaments.services import swiss as swiss_event

    tournament = services.create_tournament(
        name="Aberto Suíço de 150", board=64, system=PairingSystem.SWISS,
        swiss_rounds=SWISS_ROUNDS + 2)
    chooser = random.Random(150)
    for index in range(SWISS_PLAYERS):
        services.add_player(tournament, name=f"Jogadora {index + 1:03d} Ferreira",
                            club=f"Clube de Damas {index % 12 + 1}",
                            rating=chooser.randint(1400, 2300))
    swiss_event.rank_by_rating(tournament)
    for _ in range(SWISS_ROUNDS):
        round_ = swiss_event.pair_next_round(tournament)
        swiss_event.publish_round(round_)
        games = list(round_.games.all())
        for game in games:
            game.result = chooser.choice(RESULTS[:6])
        with transaction.atomic():
            Game.objects.bulk_update(games, ["result"])
            page_version.bump(tournament.pk)
    entry = tournament.entries.get(number=1)
    connection.close()
    return tournament.slug, entry.pk


def build_team_swiss() -> tuple[str, int]:
    """Issue 16's 40-team Swiss of 4 boards after five rounds, paired by C.04.6 through the
    site's steps (team_services), each round's board results entered in one write. (slug, a
    team's id)."""
    from django.db import connection, transaction

    from tournaments.cache import versions as page_version
    from tournaments.models import Game, TeamSystem
    from tournaments.services import teams as team_services

    league = team_services.create_team_competition(
        name="Liga Suíça de 40 Equipes", boards=TEAM_BOARDS, system=TeamSystem.SWISS,
        team_settings={"swiss_rounds": TEAM_ROUNDS + 2})
    for number in range(1, TEAMS + 1):
        team = team_services.add_team(league, name=f"Equipe {number:02d}",
                                      club=f"Clube {number % 9 + 1}")
        for place in range(1, TEAM_BOARDS + 2):
            team_services.add_team_player(team, name=f"Equipe {number:02d} Jogador {place}")
    chooser = random.Random(16)
    for _ in range(TEAM_ROUNDS):
        round_ = team_services.pair_next_swiss_round(league)
        team_services.start_round(round_)
        games = list(Game.objects.filter(round=round_))
        for game in games:
            game.result = chooser.choice(RESULTS[:6])
        with transaction.atomic():
            Game.objects.bulk_update(games, ["result"])
            page_version.bump(league.pk)
    team = league.teams.order_by("number").first()
    connection.close()
    return league.slug, team.pk


def wrk(port: int, path: str, seconds: float, connections: int) -> dict[str, float]:
    """requests/s, p99 in ms and errors of one wrk run (one thread: the server needs the cores)."""
    output = subprocess.run(
        ["wrk", "-t", "1", "-c", str(connections), "-d", f"{seconds:g}s", "--latency",
         "--timeout", "5s", *[item for header in HEADERS.items()
                              for item in ("-H", f"{header[0]}: {header[1]}")],
         f"http://127.0.0.1:{port}{path}"],
        capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", output)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    errors = sum(int(count) for count in re.findall(
        r"(?:connect|read|write|timeout) (\d+)", output))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors += int(non_2xx.group(1)) if non_2xx else 0
    return {"rate": rate, "p99": float(p99.group(1)) * scale, "errors": errors}


def asyncio_client(port: int, path: str, seconds: float, connections: int) -> dict[str, float]:
    """The same figures as wrk, from `connections` asyncio connections (used without wrk):
    each sends a request, reads the whole answer (gunicorn's sync workers close the
    connection after it) and starts again until the time is up."""
    import asyncio

    request = (f"GET {path} HTTP/1.1\r\n"
               + "".join(f"{name}: {value}\r\n" for name, value in HEADERS.items())
               + "Connection: close\r\n\r\n").encode()
    latencies: list[float] = []
    errors = 0

    async def one(deadline: float) -> None:
        nonlocal errors
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection("127.0.0.1", port), 5)
                writer.write(request)
                answer = await asyncio.wait_for(reader.read(-1), 5)
                writer.close()
            except (OSError, TimeoutError):
                errors += 1
                continue
            if not answer.startswith((b"HTTP/1.1 2", b"HTTP/1.0 2")):
                errors += 1
            latencies.append(time.perf_counter() - start)

    async def run() -> float:
        started = time.perf_counter()
        await asyncio.gather(*(one(started + seconds) for _ in range(connections)))
        return time.perf_counter() - started

    elapsed = asyncio.run(run())
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else 0.0
    return {"rate": len(latencies) / elapsed, "p99": p99 * 1000, "errors": errors}


def timed_get(port: int, path: str) -> tuple[int, float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    start = time.perf_counter()
    connection.request("GET", path, headers={"X-Forwarded-Proto": "https", "Host": "127.0.0.1",
                                             "X-Forwarded-For": "127.0.0.1"})
    answer = connection.getresponse()
    answer.read()
    elapsed = time.perf_counter() - start
    connection.close()
    return answer.status, elapsed * 1000


def cold_reads(port: int, slug: str, rounds: int = 5) -> dict[str, list[float]]:
    """Enter a result, then read the page once: the first reader after a change computes it."""
    from tournaments import services
    from tournaments.models import Game

    chooser = random.Random(9)
    unplayed = list(Game.objects.filter(round__tournament__slug=slug, result="")
                    .select_related("round__tournament", "white__player", "black__player")[:40])
    timings: dict[str, list[float]] = {"standings": [], "crosstable": []}
    for page, path in (("standings", f"/torneios/{slug}/classificacao/"),
                       ("crosstable", f"/torneios/{slug}/tabela/")):
        for _ in range(rounds):
            game = unplayed.pop()
            services.record_result(game, result=chooser.choice(RESULTS[:3]),
                                   expected_version=game.version)
            status, elapsed = timed_get(port, path)
            if status != 200:
                raise RuntimeError(f"{path}: HTTP {status} right after a result")
            timings[page].append(elapsed)
    return timings


def measure(port: int, pages: dict[str, str], options) -> bool:
    """Every page against the bare view, alternating, --rounds times; the table; True when a
    target is missed."""
    drive = wrk if shutil.which("wrk") else asyncio_client
    bare_path = "/bench-bare/"
    figures: dict[str, list[tuple[dict, dict]]] = {name: [] for name in pages}
    for _ in range(options.rounds):
        for name, path in pages.items():
            bare = drive(port, bare_path, options.seconds, options.connections)
            figures[name].append((bare, drive(port, path, options.seconds, options.connections)))
    print(f"{'page':<20} {'req/s':>7} {'p99 ms':>7} {'errors':>6} {'bare req/s':>10} "
          f"{'ratio':>6}  ratios of the rounds")
    failed = False
    for name, pairs in figures.items():
        ratios = [page["rate"] / bare["rate"] if bare["rate"] else 0.0 for bare, page in pairs]
        errors = sum(page["errors"] + bare["errors"] for bare, page in pairs)
        ratio = statistics.median(ratios)
        print(f"{name:<20} {statistics.median(page['rate'] for _, page in pairs):>7.0f} "
              f"{max(page['p99'] for _, page in pairs):>7.1f} {errors:>6.0f} "
              f"{statistics.median(bare['rate'] for bare, _ in pairs):>10.0f} {ratio:>6.0%}  "
              + " ".join(f"{value:.0%}" for value in ratios))
        failed |= errors > 0 or ratio < 0.5
    return failed


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=load.bounded(1, 120, float), default=5.0,
                        help="how long each run drives a page or the bare view (default 5)")
    parser.add_argument("--rounds", type=load.bounded(1, 20), default=3,
                        help="how many times each page and the bare view alternate (default 3)")
    # Sixteen connections keep the four workers busy while wrk opens new ones (gunicorn's sync
    # workers close each connection), without making the p99 mostly time spent in the queue.
    parser.add_argument("--connections", type=load.bounded(1, 512), default=16,
                        help="concurrent connections (default 16)")
    # Four sync workers on two cores: two per core, so one runs while the other waits on Redis,
    # PostgreSQL or its socket; more only share the same two cores (and the client's, Redis's
    # and PostgreSQL's work) and add switching. No threads: a warm page is pure Python work
    # under one GIL.
    parser.add_argument("--workers", type=load.bounded(1, 16), default=4,
                        help="gunicorn worker processes (default 4)")
    parser.add_argument("--cache", choices=("redis", "database"), default="redis",
                        help="the shared cache: Redis (default) or the database cache")
    parser.add_argument("--database-connections", choices=("kept", "pool"), default="kept",
                        help="production's kept connections (CONN_MAX_AGE, default) or psycopg's "
                             "pool through Django's pool option (run with a Python that has "
                             "psycopg-pool)")
    parser.add_argument("--first-minute", action="store_true",
                        help="empty Redis just before the server starts and measure at once "
                             "(default then: --seconds 2 --rounds 1)")
    options = parser.parse_args()
    if options.first_minute:
        if options.cache != "redis":
            parser.error("--first-minute measures a Redis started empty: use it with Redis")
        given = " ".join(sys.argv[1:])
        options.seconds = options.seconds if "--seconds" in given else 2.0
        options.rounds = options.rounds if "--rounds" in given else 1
    maintenance_url = load.server_url()
    if maintenance_url is None:
        print("skipped: no PostgreSQL server answers on 127.0.0.1:5432 (set LOAD_DATABASE_URL)")
        return 0
    load.DATABASE = DATABASE
    shared = redis_url(options.cache)
    print(f"load average at the start: {load_average()} ({os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as folder:
        os.environ.update({
            "DJANGO_SETTINGS_MODULE": "pages_site.settings",
            "PYTHONPATH": os.pathsep.join([str(ROOT), str(BENCH)]),
            "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": load.recreate_database(maintenance_url),
            "STATIC_ROOT": str(Path(folder) / "static"),
            "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto", "LOG_LEVEL": "WARNING",
            "LOGIN_CLIENT_IP_HEADER": "X-Forwarded-For",  # required behind a proxy
            "TRUSTED_PROXIES": "127.0.0.1",  # the bench's requests play the proxy
        })
        if shared:
            os.environ["REDIS_URL"] = shared
        if options.database_connections == "pool":
            os.environ["BENCH_DATABASE_POOL"] = "1"
        server = None
        try:
            slug, middle, entry_id = build_round_robin()
            swiss_slug, swiss_entry = build_swiss()
            team_slug, team_id = build_team_swiss()
            port = load.free_port()
            log = Path(folder) / "gunicorn.log"
            emptied = None
            if options.first_minute and shared:
                import redis

                redis.Redis.from_url(shared).flushdb()  # as after a restart: no epoch yet
                emptied = time.monotonic()
            server = load.start_gunicorn(port, options.workers, log)
            load.wait_until_serving(server, port, "/bench-bare/", 60)
            pages = {
                "home": "/",
                "tournament": f"/torneios/{slug}/",
                "standings": f"/torneios/{slug}/classificacao/",
                "crosstable": f"/torneios/{slug}/tabela/",
                "round": f"/torneios/{slug}/rodada/{middle}/",
                "player": f"/torneios/{slug}/jogador/{entry_id}/",
                "swiss standings": f"/torneios/{swiss_slug}/classificacao/",
                "swiss crosstable": f"/torneios/{swiss_slug}/tabela/",
                "swiss round": f"/torneios/{swiss_slug}/rodada/{SWISS_ROUNDS}/",
                "swiss player": f"/torneios/{swiss_slug}/jogador/{swiss_entry}/",
                "team standings": f"/torneios/{team_slug}/equipes/classificacao/",
                "team crosstable": f"/torneios/{team_slug}/equipes/tabela/",
                "team round": f"/torneios/{team_slug}/equipes/rodada/{TEAM_ROUNDS}/",
                "team": f"/torneios/{team_slug}/equipe/{team_id}/",
            }
            cache = (f"Redis {shared}" if shared else "the database cache" + (
                "" if options.cache == "database" else " (no Redis answered)"))
            client = ("wrk, 1 thread" if shutil.which("wrk") else
                      "the asyncio client (wrk is not installed: apt-get install wrk)")
            print(f"100-player round robin, {middle} of 99 rounds played; 150-player Swiss, "
                  f"{SWISS_ROUNDS} rounds played; {TEAMS}-team Swiss of {TEAM_BOARDS} boards, "
                  f"{TEAM_ROUNDS} rounds played; gunicorn ({options.workers} sync workers, "
                  f"production settings) on 127.0.0.1:{port}, PostgreSQL database {DATABASE}, "
                  f"cache: {cache}; database connections: " + (
                      "psycopg's pool" if options.database_connections == "pool" else
                      f"kept {os.environ.get('CONN_MAX_AGE', '600')} s, health checks "
                      f"{os.environ.get('CONN_HEALTH_CHECKS', 'true')}"))
            for path in ["/bench-bare/", *pages.values()]:  # warm: each page stored once
                for _ in range(2):
                    status = load.Client(port).get(path).status
                    if status != 200:
                        raise RuntimeError(f"{path}: HTTP {status}")
            if emptied is not None:
                import redis

                from tournaments.cache.shared_versions import PREFIX
                held = len(redis.Redis.from_url(shared).keys(PREFIX + "value:*"))
                print(f"after the warm-up, {time.monotonic() - emptied:.0f} s after Redis started "
                      f"empty, it held {held} of the 4 versions (the site's list and three "
                      "tournaments)" + (": the pages below ask PostgreSQL for none" if held == 4
                                        else ": the others still come from PostgreSQL"))
            print(f"{client}: {options.connections} connections, {options.seconds:g} s a run, "
                  f"{options.rounds} round(s) of (bare view, page) per page, anonymous visitors, "
                  "warm cache")
            failed = measure(port, pages, options)
            if emptied is not None:
                print(f"measured within {time.monotonic() - emptied:.0f} s of Redis starting "
                      "empty (the settle time is "
                      f"{os.environ.get('PAGE_VERSION_SETTLE_SECONDS', '60')} s)")
            cold = cold_reads(port, slug)
            for name, target in (("standings", 50), ("crosstable", 300)):
                values = cold[name]
                print(f"cold cache, first {name} read after a result: median "
                      f"{statistics.median(values):.0f} ms, worst {max(values):.0f} ms "
                      f"(target {target} ms; {len(values)} results)")
                failed |= statistics.median(values) > target
            load.stop(server)
            problems = [line for line in log.read_text(errors="replace").splitlines()
                        if "Traceback" in line or "ERROR" in line]
            if problems:
                print(f"gunicorn logged {len(problems)} error line(s), e.g. {problems[0]}")
                failed = True
            print(f"load average at the end: {load_average()}")
            print(f"targets: {'missed' if failed else 'met'}")
            print(f"rerun: {COMMAND} --seconds {options.seconds:g} --rounds {options.rounds} "
                  f"--connections {options.connections} --workers {options.workers} "
                  f"--cache {options.cache} --database-connections {options.database_connections}"
                  + (" --first-minute" if options.first_minute else ""))
            return 0
        finally:
            if server is not None:
                load.stop(server)
            load.recreate_database(maintenance_url, drop_only=True)


if __name__ == "__main__":
    sys.exit(main())

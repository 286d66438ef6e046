"""Time the standings of a 100-player single round robin with every result entered.

Builds the tournament in a temporary SQLite database (never the developer's db.sqlite3), then
measures, best of several runs: the standings with every tie-break of the registry (the two
queries plus the pure computation), the pure computation alone, and the whole standings page.
It prints the SQL queries each one used. Target (issue 5): under 0.5 s, and a query count that
does not grow with the number of players. Rerun with:

    .venv/bin/python bench/standings.py [--players 100] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = ".venv/bin/python bench/standings.py"
TARGET_SECONDS = 0.5


def best_of(runs: int, action) -> tuple[float, object]:
    best, value = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        value = action()
        best = min(best, time.perf_counter() - start)
    return best, value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bench-standings-") as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        return run(options.players, options.runs)


def run(n_players: int, runs: int) -> int:
    from django.core.management import call_command
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tournaments import services
    from tournaments.models import Game, GameResult
    from tournaments.queries import reports
    from tournaments.standings.ranking import compute_standings
    from tournaments.standings.tiebreaks import REGISTRY

    assert "bench.sqlite3" in str(connection.settings_dict["NAME"])
    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    tournament = services.create_tournament(name="Bench", tiebreaks=list(REGISTRY))
    for index in range(1, n_players + 1):
        services.add_player(tournament, name=f"Jogador {index:03d}", rating=1400 + index)
    services.draw_numbers(tournament, seed=1)
    services.generate_rounds(tournament)
    lot = random.Random(2026)
    outcomes = [value for value in GameResult.values if value]
    games = list(Game.objects.of_tournament(tournament))
    for game in games:
        game.result = lot.choices(outcomes, weights=[40, 30, 25, 2, 2, 1])[0]
    Game.objects.bulk_update(games, ["result"], batch_size=500)
    setup = time.perf_counter() - start
    print(f"{n_players} players, {len(games)} games, every result entered "
          f"(set up in {setup:.1f} s); tie-breaks: {', '.join(REGISTRY)}")

    # The query log keeps 9000 entries; the set-up filled it, which would hide new queries.
    reset_queries()
    with CaptureQueriesContext(connection) as queries:
        reports.standings(tournament)
    stored, rows = best_of(runs, lambda: reports.standings(tournament))
    records = reports.game_records(tournament)
    numbers = [standing.entry.number for standing in rows]
    pure, _rows = best_of(runs, lambda: compute_standings(
        numbers, records, tournament.scoring, tournament.tiebreaks))

    client = Client()
    url = reverse("tournaments:standings", args=[tournament.slug])
    reset_queries()
    with CaptureQueriesContext(connection) as page_queries:
        assert client.get(url).status_code == 200
    page, _response = best_of(runs, lambda: client.get(url))

    print(f"standings with every tie-break: {stored * 1000:.0f} ms, "
          f"{len(queries)} SQL queries (best of {runs})")
    print(f"  of which the pure computation: {pure * 1000:.0f} ms")
    print(f"standings page (HTML): {page * 1000:.0f} ms, {len(page_queries)} SQL queries")
    verdict = "within" if stored < TARGET_SECONDS else "OVER"
    print(f"target: under {TARGET_SECONDS} s -> {verdict}; the query count does not depend on "
          f"the number of players (tests/tournaments/test_views.py asserts it on 10 and 30)")
    print(f"rerun: {COMMAND}")
    return 0 if stored < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())

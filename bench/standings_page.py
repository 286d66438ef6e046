"""Time the 100-player standings page as its first reader after a result sees it (issue 15).

The rows come from the cache (page_pieces.standings_rows, computed once per version), the page
itself does not: the view is called straight, past the page cache (tournament_page), so each run
renders the HTML table again, as the first reader after a result does. A round robin of
--players players, half its rounds played, in a temporary SQLite database (never the
developer's). Prints the median and best of --runs renders for the page, the page sorted by a
tie-break column and the page after a round (?rodada=). Target: the page under 150 ms cold
(bench/public_pages.py measures it end to end through gunicorn). Rerun with:

    .venv/bin/python bench/standings_page.py [--players 100] [--runs 20]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = ".venv/bin/python bench/standings_page.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-standings-page-") as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        return run(options.players, options.runs)


def run(n_players: int, runs: int) -> int:
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import RequestFactory
    from django.utils import translation

    from tournaments import services
    from tournaments.models import Game, GameResult
    from tournaments.pages import standings_views

    assert "bench.sqlite3" in str(connection.settings_dict["NAME"])
    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    tournament = services.create_tournament(name="Bench")
    for index in range(1, n_players + 1):
        services.add_player(tournament, name=f"Jogador {index:03d} da Silva",
                            club="Clube de Damas de Campinas", rating=1400 + index)
    services.draw_numbers(tournament, seed=1)
    services.generate_rounds(tournament)
    lot = random.Random(2026)
    outcomes = [value for value in GameResult.values if value]
    played = list(Game.objects.of_tournament(tournament)
                  .filter(round__number__lte=n_players // 2))
    for game in played:
        game.result = lot.choices(outcomes, weights=[40, 30, 25, 2, 2, 1])[0]
    Game.objects.bulk_update(played, ["result"], batch_size=500)
    services.record_result(played[0], result="1-0", expected_version=played[0].version)
    print(f"{n_players} players, {len(played)} of the games played; "
          f"tie-breaks: {', '.join(tournament.tiebreaks)}")

    factory = RequestFactory()
    anonymous = __import__("django.contrib.auth.models", fromlist=["AnonymousUser"])
    translation.activate("pt-br")
    cases = {
        "standings": "",
        "sorted by the first tie-break": "?sort=-tb_1",
        f"after round {n_players // 4}": f"?rodada={n_players // 4}",
    }
    for label, query in cases.items():
        def render(query=query):
            request = factory.get(f"/torneios/{tournament.slug}/classificacao/{query}")
            request.user = anonymous.AnonymousUser()
            request.session = {}
            response = standings_views.standings(request, tournament.slug)
            assert response.status_code == 200
            return response

        size = len(render().content)  # the rows cached, as after the first reader
        timings = []
        for _ in range(runs):
            start = time.perf_counter()
            render()
            timings.append((time.perf_counter() - start) * 1000)
        print(f"{label}: median {statistics.median(timings):.1f} ms, best {min(timings):.1f} ms"
              f" ({runs} renders, rows cached, page not; {size // 1024} KiB)")
    print(f"rerun: {COMMAND} --players {n_players} --runs {runs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

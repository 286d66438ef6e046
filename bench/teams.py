"""Time a 40-team Swiss of 4 boards over 7 rounds (issue 16): pairing each round by C.04.6
(tournaments/pairing/team_swiss/) and the team standings with every team tie-break
(tournaments/standings/teams/), both as plain data. Results are drawn by a seeded lot, board by
board.
Then the same event stored (a temporary SQLite database, never the developer's): every round
paired by team_services.pair_next_swiss_round and played, and the team standings read back
from the database cold, and the team standings page. Targets: a round paired under 1 s, the
standings under 200 ms. Rerun with:

    .venv/bin/python bench/teams.py [--teams 40] [--rounds 7] [--boards 4] [--colours A|B|none]
                                    [--no-database]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.pairing.team_swiss import pair_round, team_states  # noqa: E402
from tournaments.standings import teams as team_rules  # noqa: E402
from tournaments.standings.scoring import STANDARD, Result  # noqa: E402

COMMAND = ".venv/bin/python bench/teams.py"
PAIRING_TARGET, STANDINGS_TARGET = 1.0, 0.2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--colours", choices=["A", "B", "none"], default="A",
                        help="C.04.6 Art. 1.7 colour preference type")
    parser.add_argument("--no-database", action="store_true")
    options = parser.parse_args()
    plain_ok = plain(options)
    if options.no_database:
        return 0 if plain_ok else 1
    return 0 if stored(options) and plain_ok else 1


def plain(options) -> bool:
    rng = random.Random(16)
    rules = team_rules.TeamScoring()
    colours = team_rules.board_colours(options.boards)
    state = {n: n for n in range(1, options.teams + 1)}
    matches: list[team_rules.MatchRecord] = []
    slowest = 0.0
    for number in range(1, options.rounds + 1):
        teams = team_states(state, matches, STANDARD, rules, number - 1)
        start = time.perf_counter()
        pairing = pair_round(teams, kind=options.colours, round_number=number,
                             total_rounds=options.rounds)
        elapsed = time.perf_counter() - start
        slowest = max(slowest, elapsed)
        print(f"round {number}: paired in {elapsed * 1000:.1f} ms")
        for white, black in pairing.pairs:
            games = tuple(team_rules.BoardGame(board, colour, rng.choice(list(Result)[:3]),
                                               (white, board), (black, board))
                          for board, colour in colours)
            matches.append(team_rules.MatchRecord(number, white, black, games))
        if pairing.bye is not None:
            matches.append(team_rules.MatchRecord(number, pairing.bye, None))
    start = time.perf_counter()
    table = team_rules.team_standings(state, matches, STANDARD, rules,
                                      list(team_rules.TEAM_TIEBREAKS))
    standings = time.perf_counter() - start
    assert table[0].match_points >= table[-1].match_points >= Fraction(0)
    print(f"slowest round: {slowest * 1000:.1f} ms (target {PAIRING_TARGET * 1000:.0f} ms)")
    print(f"team standings, all tie-breaks: {standings * 1000:.1f} ms "
          f"(target {STANDINGS_TARGET * 1000:.0f} ms)")
    print(f"rerun: {COMMAND}")
    return slowest < PAIRING_TARGET and standings < STANDINGS_TARGET


def stored(options) -> bool:
    """The event through the services and the database: pairing, standings, the page."""
    import os
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bench-teams-") as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection
        from django.test import Client, override_settings
        from django.urls import reverse

        from tournaments.cache import versions as page_version
        from tournaments.models import Game, TeamSystem
        from tournaments.services import teams as team_services

        assert "bench.sqlite3" in str(connection.settings_dict["NAME"])
        call_command("migrate", verbosity=0)
        league = team_services.create_team_competition(
            name="Bench Swiss", boards=options.boards, system=TeamSystem.SWISS,
            team_settings={"swiss_rounds": options.rounds, "colour_preferences": options.colours,
                           "tiebreaks": list(team_rules.TEAM_TIEBREAKS)})
        for number in range(1, options.teams + 1):
            team = team_services.add_team(league, name=f"Equipe {number:02d}")
            for place in range(1, options.boards + 2):
                team_services.add_team_player(team, name=f"Equipe {number:02d} {place}")
        rng = random.Random(16)
        slowest = warm_slowest = 0.0
        for _number in range(options.rounds):
            # The pairing's own transaction, then the page warm-up it triggers after commit
            # (issue 13's cache, page_version._warm), timed apart so each figure is its own.
            with override_settings(PAGE_CACHE_WARM_ON_WRITE=False):
                start = time.perf_counter()
                round_ = team_services.pair_next_swiss_round(league)
                slowest = max(slowest, time.perf_counter() - start)
            start = time.perf_counter()
            page_version._warm(league.pk)
            warm_slowest = max(warm_slowest, time.perf_counter() - start)
            team_services.start_round(round_)
            games = list(Game.objects.filter(round=round_))
            for game in games:
                game.result = rng.choice(["1-0", "0-1", "1/2-1/2"])
            Game.objects.bulk_update(games, ["result"])
        start = time.perf_counter()
        team_services.team_standings(league)
        cold = time.perf_counter() - start
        client = Client()
        url = reverse("tournaments:team_standings", args=[league.slug])
        start = time.perf_counter()
        assert client.get(url).status_code == 200
        page = time.perf_counter() - start
        print(f"stored: slowest round paired from the database in {slowest * 1000:.0f} ms; "
              f"(the page warm-up after it, slowest {warm_slowest * 1000:.0f} ms); "
              f"team standings read and computed in {cold * 1000:.0f} ms; "
              f"the standings page in {page * 1000:.0f} ms")
        return slowest < PAIRING_TARGET and cold < STANDINGS_TARGET


if __name__ == "__main__":
    sys.exit(main())

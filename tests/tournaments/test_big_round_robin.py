"""Issue 13: big round robins stay bounded.

A 300-player round robin (44,850 games) made the tournament's PDN download take 9.8 s and
return 0 bytes: nothing was played yet, so every game was loaded with its players only to be
skipped, and the file was empty. The download now filters in the database, streams game by game
in a constant number of queries and says in a PDN comment when no game has anything to give.
A round robin takes at most MAX_ROUND_ROBIN_PLAYERS players (4,950 games); larger fields are
pointed to the Swiss system.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from tournament_factories import make_tournament, play_all

from arbitration.services import save_sheet
from rules.pdn import read_games
from tournaments import services
from tournaments.files import player_import
from tournaments.files.backup import export_tournament, import_tournament
from tournaments.files.backup_values import BackupError
from tournaments.models import Entry, Game, Player
from tournaments.services.entries import MAX_ROUND_ROBIN_PLAYERS
from tournaments.services.errors import TooManyPlayersError

pytestmark = pytest.mark.django_db

OPENING = "1. 22-18 11-15 2. 18x11 8x15 *"


@pytest.fixture(autouse=True)
def english_pages(settings):
    """Requests speak English too (the site's default is Portuguese), for the assertions."""
    settings.LANGUAGE_CODE = "en"


def pdn_url(tournament) -> str:
    return reverse("arbitration:tournament_pdn", args=[tournament.slug])


def download(url: str) -> tuple[bytes, int, bool]:
    """The body, the queries it took (view and stream together), whether it was streamed."""
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(url)
        assert response.status_code == 200
        body = response.getvalue()
    return body, len(queries), response.streaming


def add_entries_directly(tournament, count: int) -> None:
    """Players entered without the service (as a database made before the limit could hold)."""
    players = Player.objects.bulk_create([Player(name=f"Jogador {index}")
                                          for index in range(1, count + 1)])
    Entry.objects.bulk_create([Entry(tournament=tournament, player=player, number=index)
                               for index, player in enumerate(players, start=1)])


def test_the_limit_is_100_players_as_the_readme_says():
    assert MAX_ROUND_ROBIN_PLAYERS == 100
    with open("README.md", encoding="utf-8") as readme:
        text = readme.read()
    assert "100 players" in text and "4,950 games" in text


# --- the PDN download ---------------------------------------------------------------------------

def test_a_round_robin_with_nothing_played_gives_a_file_that_says_so_not_zero_bytes():
    tournament = make_tournament(6, paired=True)
    body, _queries, _streamed = download(pdn_url(tournament))
    text = body.decode()
    assert text == "{No game of this tournament has a score sheet or a result yet.}\n"
    assert read_games(text) == []
    sheets_only, _queries, _streamed = download(pdn_url(tournament) + "?results=0")
    assert sheets_only.decode() == "{No game of this tournament has a score sheet yet.}\n"


def test_the_download_streams_every_game_in_a_constant_number_of_queries():
    figures = {}
    for players in (10, 100):
        tournament = make_tournament(players, paired=True, name=f"Aberto {players}")
        play_all(tournament)
        for game in Game.objects.of_tournament(tournament).select_related(
                "round__tournament", "white__player", "black__player")[:3]:
            save_sheet(game, pdn=OPENING, notation="numeric", expected_version=0)
        body, queries, streamed = download(pdn_url(tournament))
        games = read_games(body.decode())
        assert streamed
        assert len(games) == players * (players - 1) // 2  # 4,950 for 100 players
        assert sum(1 for game in games if game.plies) == 3
        figures[players] = queries
    assert figures[10] == figures[100] <= 2, figures


def test_the_download_still_leaves_out_unplayed_games_once_some_are_played():
    tournament = make_tournament(4, paired=True)
    game = Game.objects.of_tournament(tournament).order_by("round__number", "board").first()
    services.record_result(game, result="1-0", expected_version=game.version)
    body, _queries, _streamed = download(pdn_url(tournament))
    (only,) = read_games(body.decode())
    assert (only.tags["Round"], only.result) == ("1", "1-0")


# --- at most 100 players ------------------------------------------------------------------------

def test_the_101st_player_is_refused_with_a_pointer_to_the_swiss_system(organiser):
    tournament = make_tournament(organiser=organiser)
    add_entries_directly(tournament, MAX_ROUND_ROBIN_PLAYERS)
    with pytest.raises(TooManyPlayersError, match="at most 100 players .4950 games.; this one "
                                                   "would have 101 players and 5050 games"):
        services.add_player(tournament, name="Mais Um")
    client = Client()
    client.force_login(organiser)
    response = client.post(reverse("tournaments:add_player", args=[tournament.slug]),
                           {"name": "Mais Um", "club": "", "rating": "", "federation_id": ""})
    shown = [str(message) for message in get_messages(response.wsgi_request)]
    assert any("use the Swiss system" in message for message in shown), shown
    assert tournament.entries.count() == MAX_ROUND_ROBIN_PLAYERS


def test_a_csv_that_would_pass_the_limit_adds_nobody(organiser):
    tournament = make_tournament(organiser=organiser)
    add_entries_directly(tournament, 99)
    csv = b"name;club;rating;federation_id\r\nAna;;;\r\nBia;;;\r\n"
    with pytest.raises(TooManyPlayersError, match="would have 101 players"):
        player_import.import_players(tournament, csv)
    assert tournament.entries.count() == 99


def test_rounds_are_not_generated_for_more_than_100_players():
    tournament = make_tournament()
    add_entries_directly(tournament, MAX_ROUND_ROBIN_PLAYERS + 1)
    with pytest.raises(TooManyPlayersError, match="Swiss system"):
        services.generate_rounds(tournament)
    assert not Game.objects.of_tournament(tournament).exists()


def test_exactly_100_players_are_paired_into_99_rounds_of_50_games():
    tournament = make_tournament(MAX_ROUND_ROBIN_PLAYERS, paired=True)
    assert tournament.rounds.count() == 99
    assert Game.objects.of_tournament(tournament).count() == 4950


def test_a_backup_with_more_than_100_players_is_refused():
    data = export_tournament(make_tournament(3))
    data["players"] = [{**data["players"][0], "number": index, "name": f"Jogador {index}"}
                       for index in range(1, MAX_ROUND_ROBIN_PLAYERS + 2)]
    data["rounds"] = []
    with pytest.raises(BackupError, match=r"^players: 101 players: a round robin takes at most"):
        import_tournament(json.loads(json.dumps(data)))


# --- every public page of a 100-player event ----------------------------------------------------

def public_pages(tournament) -> dict[str, str]:
    game = Game.objects.of_tournament(tournament).order_by("round__number", "board").first()
    entry = tournament.entries.order_by("number").first()
    slug = tournament.slug
    middle = tournament.rounds.count() // 2 + 1
    pages = {
        "home": reverse("home"),
        "list": reverse("tournaments:list"),
        "detail": reverse("tournaments:detail", args=[slug]),
        "rounds": reverse("tournaments:rounds", args=[slug]),
        "round": reverse("tournaments:round", args=[slug, middle]),
        "standings": reverse("tournaments:standings", args=[slug]),
        "crosstable": reverse("tournaments:crosstable", args=[slug]),
        "player": reverse("tournaments:player", args=[slug, entry.pk]),
        "game": reverse("arbitration:game", args=[slug, game.pk]),
        "viewer": reverse("arbitration:viewer", args=[slug, game.pk]),
        "sheet-download": reverse("arbitration:sheet_download", args=[slug, game.pk]),
        "pdn": reverse("arbitration:tournament_pdn", args=[slug]),
        "pdf-crosstable": reverse("printing:crosstable", args=[slug]),
        "pdf-standings": reverse("printing:standings", args=[slug]),
        "pdf-pairings": reverse("printing:pairings", args=[slug, middle]),
        "pdf-slips": reverse("printing:slips", args=[slug, middle]),
        "pdf-scoresheets": reverse("printing:scoresheets", args=[slug]),
    }
    for name in ("list", "detail", "round", "standings", "crosstable", "player"):
        pages[f"{name}-csv"] = pages[name] + "?_export=csv"
    return pages


def query_counts(players: int) -> dict[str, int]:
    tournament = make_tournament(players, paired=True, name=f"Aberto de {players}")
    play_all(tournament)
    game = Game.objects.of_tournament(tournament).select_related(
        "round__tournament", "white__player", "black__player").order_by(
        "round__number", "board").first()
    save_sheet(game, pdn=OPENING, notation="numeric", expected_version=0)
    counts = {}
    client = Client()
    for name, url in public_pages(tournament).items():
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url, follow=True)
            assert response.status_code == 200, (name, url)
            if response.streaming:
                response.getvalue()
        counts[name] = len(queries)
    return counts


def test_every_public_page_of_a_100_player_round_robin_takes_a_bounded_number_of_queries():
    """Wall-clock figures vary with the machine; the number of queries does not, and it is what
    grows with the field when a page loads rows one by one."""
    small, big = query_counts(10), query_counts(MAX_ROUND_ROBIN_PLAYERS)
    assert big == small  # nothing grows with the number of players or games
    assert max(big.values()) <= 8, big

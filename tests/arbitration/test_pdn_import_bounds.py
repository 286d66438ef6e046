"""Issue 13: a PDN import is bounded, and a file is read and replayed once.

A 1.7 MB file of 8 long games took 33 s to upload and 32 s for every reload of its preview.
Now a file is refused over MAX_IMPORT_GAMES games, MAX_IMPORT_PLIES half-moves in all or a game
over MAX_SHEET_PLIES, and what reading and replaying it found is kept under its hash between the
upload, the preview and the confirmation.
"""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.test import Client
from test_pdn_io import digest_of, make_club, pdn_game, preview_url, upload

from arbitration.budget import MAX_SHEET_PLIES
from arbitration.models import ScoreSheet
from arbitration.services import base as services_base
from arbitration.services import pdn_reading
from arbitration.services.pdn_reading import MAX_IMPORT_GAMES, MAX_IMPORT_PLIES

pytestmark = pytest.mark.django_db

SHUFFLE = ["c1-d2", "b8-a7", "d2-c1", "a7-b8"]


def shuffle_moves(plies: int) -> str:
    parts = []
    for index in range(plies):
        move = SHUFFLE[index % 4]
        parts.append(f"{index // 2 + 1}. {move}" if index % 2 == 0 else move)
    return " ".join(parts)


def long_game(round_tag: str, plies: int) -> str:
    return pdn_game(round_tag, "João Araújo", "Pedro Gonçalves", moves=shuffle_moves(plies),
                    extra='[FEN "W:WKc1,Ke1:BKb8,Kd8"]')


# The club's round 1: João-Pedro (board 1), Ana-Maria (board 2); round 2: Pedro-Maria, João-Ana.
ROUND_FILE = "\n".join([
    pdn_game("1", "João Araújo", "Pedro Gonçalves", result="1-0"),
    pdn_game("1", "Ana Conceição", "Maria Souza", moves="1. 22-18 11-15 2. 21-17", result="0-1"),
    pdn_game("2", "Pedro Gonçalves", "Maria Souza", result="1/2-1/2"),
])


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def club(organiser, arbiter):
    return make_club(organiser=organiser, arbiters=[arbiter])


@pytest.fixture
def client_arbiter(arbiter):
    client = Client()
    client.force_login(arbiter)
    return client


@pytest.fixture
def counted(monkeypatch):
    """How many times a file is read and a sheet replayed (the real functions, counted)."""
    calls = {"reads": 0, "replays": 0}
    real_read, real_replay = pdn_reading.read_games_until_error, services_base.replay_sheet

    def read(*args, **kwargs):
        calls["reads"] += 1
        return real_read(*args, **kwargs)

    def replay(*args, **kwargs):
        calls["replays"] += 1
        return real_replay(*args, **kwargs)

    monkeypatch.setattr(pdn_reading, "read_games_until_error", read)
    monkeypatch.setattr(services_base, "replay_sheet", replay)
    return calls


def test_the_bounds_are_the_readme_s():
    assert (MAX_IMPORT_GAMES, MAX_IMPORT_PLIES) == (250, 25_000)
    with open("README.md", encoding="utf-8") as readme:
        text = readme.read()
    assert "250 games" in text and "25,000 half-moves" in text


def test_reloading_the_preview_neither_reads_nor_replays_the_file_again(client_arbiter, club,
                                                                         counted):
    response = upload(client_arbiter, club, ROUND_FILE)
    assert response.status_code == 302
    after_upload = dict(counted)
    assert after_upload == {"reads": 1, "replays": 3}  # read once, each sheet replayed once
    for _reload in range(3):
        page = client_arbiter.get(preview_url(club))
        assert page.status_code == 200
        assert "Import this score sheet" in page.content.decode()
    assert counted == after_upload
    page = client_arbiter.get(preview_url(club)).content.decode()
    response = client_arbiter.post(preview_url(club), {
        "preview": digest_of(page), "sheet_1": "on", "sheet_2": "on", "sheet_3": "on"})
    assert response.status_code == 302
    assert ScoreSheet.objects.filter(game__round__tournament=club).count() == 3
    # The confirmation read nothing again; storing each sheet replays it (its stored summary).
    assert counted == {"reads": 1, "replays": 3 + 3}


def test_the_problems_shown_come_back_from_the_cache_unchanged(client_arbiter, club):
    text = pdn_game("1", "João Araújo", "Pedro Gonçalves", moves="1. 22-18 11-15 2. 21-17 8-11")
    upload(client_arbiter, club, text)
    first = client_arbiter.get(preview_url(club)).content.decode()
    again = client_arbiter.get(preview_url(club)).content.decode()
    assert "Art. 23 (f)" in first
    without_tokens = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
    assert without_tokens.sub("", first) == without_tokens.sub("", again)


def test_a_file_with_too_many_games_is_refused_before_any_replay(client_arbiter, club, counted):
    text = "\n".join(pdn_game("1", "João Araújo", "Pedro Gonçalves")
                     for _game in range(MAX_IMPORT_GAMES + 1))
    response = upload(client_arbiter, club, text)
    assert response.status_code == 200
    page = response.content.decode()
    assert "The file holds 251 games: at most 250 can be imported at once." in page
    assert counted["replays"] == 0
    assert client_arbiter.get(preview_url(club)).status_code == 302  # nothing pending


def test_a_file_with_too_many_half_moves_in_all_is_refused(client_arbiter, club, counted):
    games = MAX_IMPORT_PLIES // MAX_SHEET_PLIES + 1  # 42 games of 600: 25,200 half-moves
    text = "\n".join(long_game("1", MAX_SHEET_PLIES) for _game in range(games))
    page = upload(client_arbiter, club, text).content.decode()
    assert "The file holds 25200 half-moves in all: at most 25000 can be imported" in page
    assert counted["replays"] == 0


def test_a_game_over_the_sheet_limit_is_refused_naming_it(client_arbiter, club, counted):
    text = ROUND_FILE + "\n" + long_game("2", MAX_SHEET_PLIES + 1)
    page = upload(client_arbiter, club, text).content.decode()
    assert "Game 4 of the file (line 25) has 601 half-moves: a score sheet holds at most 600" \
        in page
    assert counted["replays"] == 0


def test_the_command_refuses_a_file_over_the_bounds(club, tmp_path):
    path = tmp_path / "long.pdn"
    path.write_text(long_game("1", MAX_SHEET_PLIES + 1), encoding="utf-8")
    with pytest.raises(CommandError, match="has 601 half-moves"):
        call_command("import_pdn", club.slug, str(path), stdout=StringIO())
    assert not ScoreSheet.objects.exists()


def test_a_refused_file_leaves_the_pending_one_untouched(client_arbiter, club):
    upload(client_arbiter, club, ROUND_FILE)
    upload(client_arbiter, club, long_game("1", MAX_SHEET_PLIES + 1))
    page = client_arbiter.get(preview_url(club)).content.decode()
    assert "Maria Souza" in page  # still the first file's preview

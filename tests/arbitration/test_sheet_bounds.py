"""Issue 13: a score sheet cannot become a weapon.

A sheet holds at most MAX_SHEET_PLIES half-moves, however it arrives (pasted, typed, restored
from a backup); a stored sheet is replayed once per version, not on every view; the viewer
carries its moves as compact data. The long sheets below are kings shuffling on 64 squares
(legal throughout, so every half-move is replayed).
"""

from __future__ import annotations

import json
import re

import pytest
from arbitration_factories import attach, first_game, make_tournament
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from arbitration import describe, sheet_facts
from arbitration.budget import MAX_SHEET_PLIES
from arbitration.models import ScoreSheet
from arbitration.services import ArbitrationError, append_move
from arbitration.services import base as services_base
from arbitration.sheets import evidence_of
from arbitration.viewer import viewer_state
from tournaments.files.backup import export_tournament, import_tournament
from tournaments.files.backup_values import BackupError
from tournaments.models import Game

pytestmark = pytest.mark.django_db

SHUFFLE = ["c1-d2", "b8-a7", "d2-c1", "a7-b8"]


def shuffle_sheet(plies: int) -> str:
    """A legal 2 v 2 kings shuffle of `plies` half-moves from a set-up position."""
    parts = []
    for index in range(plies):
        move = SHUFFLE[index % 4]
        parts.append(f"{index // 2 + 1}. {move}" if index % 2 == 0 else move)
    return '[GameType "26"]\n[FEN "W:WKc1,Ke1:BKb8,Kd8"]\n\n' + " ".join(parts) + " *\n"


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def replays(monkeypatch):
    """How many times a stored sheet is replayed (the real replay, counted)."""
    calls = []
    real = services_base.replay_sheet

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(services_base, "replay_sheet", counted)
    return calls


@pytest.fixture
def arbiter_client(arbiter):
    client = Client()
    client.force_login(arbiter)
    return client


def viewer_url(game: Game) -> str:
    return reverse("arbitration:viewer", args=[game.round.tournament.slug, game.pk])


def sheet_url(game: Game) -> str:
    return reverse("arbitration:sheet", args=[game.round.tournament.slug, game.pk])


def test_the_limit_is_600_half_moves_as_the_readme_says():
    assert MAX_SHEET_PLIES == 600
    with open("README.md", encoding="utf-8") as readme:
        assert "600 half-moves" in readme.read()


# --- refusals -----------------------------------------------------------------------------------

def test_a_pasted_sheet_over_the_limit_is_refused_naming_the_game_and_its_length(
        arbiter_client, game):
    response = arbiter_client.post(sheet_url(game), {
        "pdn": shuffle_sheet(MAX_SHEET_PLIES + 1), "notation": "algebraic", "accepted": "",
        "version": 0})
    assert response.status_code == 200
    page = response.content.decode()
    assert "has 601 half-moves: a score sheet holds at most 600" in page
    assert "round 1, board 1 (Ana Conceição – João Brandão)" in page
    assert not ScoreSheet.objects.filter(game=game).exists()


def test_a_sheet_of_exactly_the_limit_is_stored(game):
    sheet = attach(game, shuffle_sheet(MAX_SHEET_PLIES), notation="algebraic")
    assert sheet.moves_count == MAX_SHEET_PLIES and not sheet.has_problem


def test_a_typed_move_past_the_limit_is_refused(game):
    sheet = attach(game, shuffle_sheet(MAX_SHEET_PLIES), notation="algebraic")
    with pytest.raises(ArbitrationError, match="has 601 half-moves"):
        append_move(game, move_text="c1-d2", expected_version=sheet.version)
    assert ScoreSheet.objects.get(game=game).version == sheet.version


def test_the_games_of_a_text_count_together(game):
    text = shuffle_sheet(400) + "\n" + shuffle_sheet(201)
    with pytest.raises(ArbitrationError, match="has 601 half-moves"):
        attach(game, text, notation="algebraic")


def test_a_backup_with_a_sheet_over_the_limit_is_refused_naming_its_key(game):
    attach(game, shuffle_sheet(10), notation="algebraic")
    data = export_tournament(game.round.tournament)
    data["score_sheets"][0]["pdn"] = shuffle_sheet(MAX_SHEET_PLIES + 1)
    with pytest.raises(BackupError) as refused:
        import_tournament(json.loads(json.dumps(data)), slug="copia")
    assert str(refused.value).startswith("score_sheets[0].pdn: the score sheet of round 1, "
                                         "board 1 has 601 half-moves")


# --- replayed once per version ------------------------------------------------------------------

def test_the_viewer_of_a_600_ply_sheet_is_small_and_replays_the_sheet_once(game, replays):
    attach(game, shuffle_sheet(MAX_SHEET_PLIES), notation="algebraic")
    cache.clear()
    replays.clear()
    client = Client()
    sizes = []
    for query in ("", "?ply=0", "?ply=300", "?ply=300&flip=1", "?ply=599", ""):
        response = client.get(viewer_url(game) + query)
        assert response.status_code == 200
        sizes.append(len(response.content))
    assert len(replays) == 1
    # The attack of issue 13 sent 3 MB per view; 600 half-moves with their data fit in 150 KB.
    assert max(sizes) < 150_000, sizes
    page = client.get(viewer_url(game) + "?ply=300").content.decode()
    assert page.count("<li>") < 320  # one row per move pair, nothing per move besides its link
    assert len(replays) == 1


def test_the_game_page_and_the_sheet_page_share_the_cached_replay(arbiter_client, game,
                                                                   replays):
    attach(game, shuffle_sheet(40), notation="algebraic")
    cache.clear()
    replays.clear()
    slug = game.round.tournament.slug
    for _view in range(3):
        assert Client().get(reverse("arbitration:game", args=[slug, game.pk])).status_code == 200
        assert arbiter_client.get(sheet_url(game)).status_code == 200
        assert Client().get(viewer_url(game)).status_code == 200
    assert len(replays) == 1


def test_a_new_version_is_replayed_again_and_never_shown_stale(game, replays):
    sheet = attach(game, shuffle_sheet(8), notation="algebraic")
    Client().get(viewer_url(game))
    append_move(game, move_text="c1-d2", expected_version=sheet.version)  # a ninth half-move
    replays.clear()
    page = Client().get(viewer_url(game)).content.decode()
    assert "9/9" in page
    assert len(replays) == 1  # the first view of the new version


def test_the_viewer_carries_its_moves_and_positions_as_json(game):
    attach(game, shuffle_sheet(6), notation="algebraic")
    page = Client().get(viewer_url(game) + "?ply=2").content.decode()
    found = re.search(r'<script id="viewer-data" type="application/json">(.*?)</script>', page)
    data = json.loads(found.group(1))
    assert (data["ply"], data["last"], data["board"], data["algebraic"]) == (2, 6, 64, True)
    assert data["moves"][:2] == [["1.", "c1-d2", "", [30, 26]], ["1...", "b8-a7", "", [1, 5]]]
    assert len(data["fens"]) == 7
    assert data["fens"][0] == data["fens"][4]  # the kings are back where they started


def test_the_counters_shown_from_the_cache_are_the_replay_s(game):
    """The draw counters are kept as numbers and worded when shown: the same words as the
    replay's own evidence gives, at every half-move."""
    sheet = attach(game, shuffle_sheet(12), notation="algebraic")
    replay = services_base.sheet_replay(game, sheet)
    facts = sheet_facts.sheet_facts(game, sheet)
    for ply in range(13):
        expected = [describe.counter_text(evidence_of(status, replay.replay))
                    for status in replay.statuses(ply)]
        shown = viewer_state(facts, str(ply))
        assert [counter.text for counter in shown.counters] == expected
    page = Client().get(viewer_url(game) + "?ply=8").content.decode()
    assert "3 of 3 occurrences (at the start, after 2... and after 4...)" in page


def test_facts_survive_the_cache_round_trip(game):
    sheet = attach(game, shuffle_sheet(MAX_SHEET_PLIES), notation="algebraic")
    facts = sheet_facts.sheet_facts(first_game(game.round.tournament), sheet)
    again = sheet_facts.sheet_facts(game, sheet)
    assert again == facts
    assert (facts.replayed, facts.written, len(facts.fens)) == (600, 600, 601)


def test_a_tournament_setting_change_is_not_served_from_the_cache(organiser, arbiter):
    tournament = make_tournament(organiser=organiser, arbiters=[arbiter], name="Clube")
    game = first_game(tournament)
    attach(game, shuffle_sheet(8), notation="algebraic")
    before = Client().get(viewer_url(game)).content.decode()
    assert 'data-rule="threefold"' in before
    tournament.draw_profile = "basic"
    tournament.save(update_fields=["draw_profile"])
    key_before = sheet_facts.cache_key(game, ScoreSheet.objects.get(game=game))
    assert key_before != sheet_facts.cache_key(first_game(tournament),
                                               ScoreSheet.objects.get(game=game))


def test_a_sheet_stored_before_the_limit_is_shown_with_its_length_not_replayed(
        arbiter_client, game, replays):
    """A database may hold a longer sheet from before the limit: its pages explain, never replay
    it (its draw counters alone would take minutes)."""
    ScoreSheet.objects.create(game=game, pdn=shuffle_sheet(4000), notation="algebraic",
                              moves_count=4000, accepted_plies=[3])
    slug = game.round.tournament.slug
    for url in (viewer_url(game), reverse("arbitration:game", args=[slug, game.pk])):
        response = Client().get(url)
        assert response.status_code == 200
        assert ("This score sheet has 4000 half-moves, more than the 600 a score sheet may "
                "hold: it is not replayed.") in response.content.decode()
    page = arbiter_client.get(sheet_url(game)).content.decode()
    assert "it is not replayed" in page
    assert replays == []

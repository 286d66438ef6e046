"""Issue 19: saving a score sheet has a work budget (half-moves, engine time). A sheet over it is
refused with a message naming the game and the half-move, and nothing already saved changes."""

import time

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach
from django.urls import reverse

from arbitration import services
from arbitration.budget import SheetOverBudget, WorkBudget
from arbitration.models import AuditEntry, ScoreSheet
from arbitration.sheets import replay_sheet

pytestmark = pytest.mark.django_db

GAME = "round 1, board 1 (Ana Conceição - João Brandão)"


def test_a_sheet_longer_than_the_budget_is_refused_naming_game_and_half_move(game, settings):
    settings.SHEET_MAX_PLIES = 6
    with pytest.raises(services.ArbitrationError) as refused:
        attach(game, fragments.THREEFOLD, notation="algebraic")  # 8 half-moves
    message = refused.value.message
    assert GAME in message
    assert "half-move 7 (4. d2-c1)" in message and "at most 6 half-moves" in message
    assert "Nothing was saved" in message
    assert not ScoreSheet.objects.filter(game=game).exists()
    assert not AuditEntry.objects.filter(game=game).exists()


def test_a_sheet_over_the_time_budget_is_refused_and_the_stored_one_kept(game, settings):
    stored = attach(game, fragments.CAPTURE_MADE)
    settings.SHEET_REPLAY_SECONDS = 0  # every replay is out of time before its first move
    with pytest.raises(services.ArbitrationError) as refused:
        attach(game, fragments.CAPTURE_IGNORED)
    message = refused.value.message
    assert GAME in message and "half-move 1 (1. 22-18)" in message
    assert "more than 0 seconds" in message
    kept = ScoreSheet.objects.get(game=game)
    assert (kept.pdn, kept.version, kept.moves_count) == (stored.pdn, 1, stored.moves_count)
    assert AuditEntry.objects.filter(game=game).count() == 1


def test_a_typed_move_past_the_budget_is_refused(game, settings):
    attach(game, fragments.CAPTURE_MADE)  # 5 half-moves
    settings.SHEET_MAX_PLIES = 5
    with pytest.raises(services.ArbitrationError) as refused:
        services.append_move(game, move_text="10-14", expected_version=1)
    assert "half-move 6 (3... 10-14)" in refused.value.message
    assert ScoreSheet.objects.get(game=game).version == 1


def test_the_sheet_page_shows_the_refusal(client, arbiter, tournament, game, settings):
    settings.SHEET_MAX_PLIES = 6
    client.force_login(arbiter)
    response = client.post(reverse("arbitration:sheet", args=[tournament.slug, game.pk]), {
        "pdn": fragments.THREEFOLD, "notation": "algebraic", "accepted": "", "version": 0})
    assert response.status_code == 200
    page = response.content.decode()
    assert "is over the work budget at half-move 7 (4. d2-c1)" in page
    assert not ScoreSheet.objects.filter(game=game).exists()


def test_within_the_budget_a_sheet_saves_as_before(game, settings):
    settings.SHEET_MAX_PLIES = 8
    sheet = attach(game, fragments.THREEFOLD, notation="algebraic")
    assert sheet.moves_count == 8


def test_the_clock_stops_when_the_replay_ends():
    """The replay's plies are timed only while it runs: reading them later is not refused."""
    budget = WorkBudget(max_plies=100, seconds=0.05)
    sheet = replay_sheet(fragments.KING_MOVES, 64, budget=budget)
    time.sleep(0.1)
    assert sheet.moves == 41
    assert len([ply for ply in sheet.replay.game.plies]) == 41
    assert sheet.summary()["moves_count"] == 41


def test_the_budget_stops_a_replay_between_half_moves():
    with pytest.raises(SheetOverBudget) as over:
        replay_sheet(fragments.KING_MOVES, 64, budget=WorkBudget(max_plies=100, seconds=-1))
    assert (over.value.ply, over.value.kind) == (1, "time")


def test_an_import_with_one_sheet_over_the_budget_saves_none(settings, organiser, arbiter):
    """A PDN import is all or nothing: the first sheet, within the budget, is not kept."""
    from test_pdn_io import make_club, pdn_game

    from arbitration.services import pdn_import
    from arbitration.services.pdn_import import ImportChoice

    club = make_club(organiser=organiser, arbiters=[arbiter])
    text = (pdn_game("1", "João Araújo", "Pedro Gonçalves", moves="1. 22-18 11-15") + "\n"
            + pdn_game("1", "Ana Conceição", "Maria Souza"))  # 5 half-moves
    settings.SHEET_MAX_PLIES = 4
    plan = pdn_import.analyse_import(club, text)
    with pytest.raises(services.ArbitrationError) as refused:
        pdn_import.import_games(plan, [ImportChoice(1, sheet=True), ImportChoice(2, sheet=True)])
    assert "board 2" in refused.value.message and "half-move 5 (3. 21-17)" in (
        refused.value.message)
    assert not ScoreSheet.objects.filter(game__round__tournament=club).exists()

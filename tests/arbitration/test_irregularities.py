"""Art. 23 irregularities: the sheet proposes the category; the opponent's decision is applied."""

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach, first_game, make_tournament

from arbitration import services
from arbitration.models import (
    Action,
    AuditEntry,
    IrregularityClaim,
    Notation,
    OpponentDecision,
    ScoreSheet,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    return first_game(make_tournament())


def test_an_irregularity_that_stands_lets_the_replay_go_on(game, arbiter):
    sheet = attach(game, fragments.CAPTURE_IGNORED)
    assert (sheet.illegal_ply, sheet.illegal_article, sheet.moves_count) == (3, "23(f)", 2)
    claim = services.record_irregularity(game, move="2.", decision=OpponentDecision.STAND,
                                         reported_by=game.black, user=arbiter)
    assert claim.category == claim.sheet_category == "f"  # proposed by the sheet
    assert claim.ply == 3
    sheet = ScoreSheet.objects.get(game=game)
    assert sheet.accepted_plies == [3]
    assert sheet.illegal_ply is None and sheet.moves_count == 5
    assert AuditEntry.objects.filter(game=game, action=Action.SHEET_SAVED).count() == 2


def test_an_irregularity_corrected_keeps_the_replay_stopped_until_the_sheet_is_fixed(game):
    attach(game, fragments.CAPTURE_IGNORED)
    claim = services.record_irregularity(game, move="2.", decision=OpponentDecision.CORRECT,
                                         reported_by=game.black, note="Corrigido na hora.")
    assert claim.category == "f"
    sheet = ScoreSheet.objects.get(game=game)
    assert sheet.accepted_plies == [] and sheet.illegal_ply == 3
    sheet = attach(game, fragments.CAPTURE_MADE)
    assert sheet.illegal_ply is None and sheet.moves_count == 5


def test_correcting_a_move_that_stood_takes_it_off_the_accepted_moves(game):
    attach(game, fragments.CAPTURE_IGNORED, accepted=["2."])
    assert ScoreSheet.objects.get(game=game).moves_count == 5
    services.record_irregularity(game, move="2.", decision=OpponentDecision.CORRECT)
    sheet = ScoreSheet.objects.get(game=game)
    assert (sheet.accepted_plies, sheet.illegal_ply) == ([], 3)


def test_the_arbiter_may_name_a_category_the_sheet_cannot_show(game):
    attach(game, fragments.CAPTURE_MADE)
    claim = services.record_irregularity(game, move="2...", category="c",
                                         decision=OpponentDecision.CORRECT,
                                         reported_by=game.white)
    assert (claim.category, claim.sheet_category) == ("c", "")
    assert ScoreSheet.objects.get(game=game).accepted_plies == []


def test_without_a_category_where_the_sheet_shows_none_the_form_must_name_one(game):
    attach(game, fragments.CAPTURE_MADE)
    with pytest.raises(services.ArbitrationError) as refused:
        services.record_irregularity(game, move="2...", decision=OpponentDecision.STAND)
    assert refused.value.field == "category"
    assert not IrregularityClaim.objects.exists()


def test_a_move_the_sheet_does_not_have_is_refused(game):
    attach(game, fragments.CAPTURE_MADE)
    with pytest.raises(services.ArbitrationError) as refused:
        services.record_irregularity(game, move="30.", category="b",
                                     decision=OpponentDecision.STAND)
    assert refused.value.field == "move"


def test_typing_an_irregular_move_that_stands_records_it(game, arbiter):
    sheet, typed = services.append_move(game, move_text="22-18", expected_version=0,
                                        user=arbiter)
    assert sheet.notation == Notation.ALGEBRAIC  # 64 squares: algebraic by default
    sheet, typed = services.append_move(game, move_text="11-15", expected_version=sheet.version)
    with pytest.raises(services.ArbitrationError) as refused:
        services.append_move(game, move_text="21-17", expected_version=sheet.version)
    assert refused.value.field == "move"
    assert "Art. 23 (f)" in refused.value.message
    sheet, typed = services.append_move(game, move_text="21-17", let_stand=True,
                                        expected_version=sheet.version, user=arbiter)
    assert typed.label == "2. a3-b4" and sheet.accepted_plies == [3]
    claim = IrregularityClaim.objects.get(game=game)
    assert (claim.category, claim.move, claim.decision) == ("f", "2.", OpponentDecision.STAND)
    # The replay goes on from the irregular position: Black takes d4 and b4 (15x22x13).
    sheet, typed = services.append_move(game, move_text="15x13", expected_version=sheet.version)
    assert typed.label == "2... e5xa5"
    assert sheet.moves_count == 4 and sheet.illegal_ply is None


def test_typing_on_a_stale_sheet_is_refused(game):
    services.append_move(game, move_text="c3-d4", expected_version=0)
    with pytest.raises(services.StaleSheetError):
        services.append_move(game, move_text="f6-e5", expected_version=0)
    assert ScoreSheet.objects.get(game=game).moves_count == 1

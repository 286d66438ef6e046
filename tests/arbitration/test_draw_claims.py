"""Draw claims checked against the score sheet, per rule and profile, then decided (issue 7)."""

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach, first_game, fresh, make_tournament

from arbitration import services
from arbitration.models import Action, AuditEntry, ClaimDecision, DrawClaim
from tournaments.models import GameResult
from tournaments.services import StaleResultError

pytestmark = pytest.mark.django_db


def claim_on(sheet: str, rule: str, move: str, *, board: int = 64, profile: str = "cbd",
             time_control: str = "classical") -> DrawClaim:
    tournament = make_tournament(board=board, draw_profile=profile, time_control=time_control)
    game = first_game(tournament)
    attach(game, sheet)
    return services.make_draw_claim(game, claimant=game.white, rule=rule, move=move)


# Each rule: upheld at the move where its count is complete, rejected one move earlier (or for
# the position the rule does not cover). The numbers come from the profile (RULES.md table).
CASES = [
    # (sheet, rule, board, profile, time control, upheld at, rejected at)
    (fragments.THREEFOLD, "threefold", 64, "cbd", "classical", "4...", "3..."),
    (fragments.KING_MOVES, "king-moves", 64, "cbd", "classical", "21.", "20..."),
    (fragments.ENDGAME_5, "endgame-5", 64, "cbd", "classical", "5...", "4..."),
    (fragments.THREE_KINGS_ON_DIAGONAL, "main-diagonal", 64, "cbd", "classical", "5...", "4..."),
    (fragments.THREE_KINGS_ON_DIAGONAL, "three-vs-one", 64, "basic", "classical", "13...",
     "12..."),
    (fragments.THREE_KINGS_ON_DIAGONAL, "three-vs-one", 64, "club", "classical", "20...",
     "19..."),
    (fragments.THREE_VS_ONE_100, "three-vs-one", 100, "cbd", "rapid", "5...", "4..."),
    (fragments.THREE_VS_ONE_100, "three-vs-one", 100, "cbd", "classical", "15...", "14..."),
]


@pytest.mark.parametrize("sheet,rule,board,profile,time_control,upheld_at,rejected_at", CASES)
def test_each_rule_is_upheld_when_its_count_is_complete(sheet, rule, board, profile,
                                                        time_control, upheld_at, rejected_at):
    claim = claim_on(sheet, rule, upheld_at, board=board, profile=profile,
                     time_control=time_control)
    assert claim.system_upheld is True
    assert claim.evidence["holds"] is True
    assert claim.evidence["count"] >= claim.evidence["required"]
    assert claim.decision == ClaimDecision.OPEN


@pytest.mark.parametrize("sheet,rule,board,profile,time_control,upheld_at,rejected_at", CASES)
def test_each_rule_is_rejected_one_move_too_early(sheet, rule, board, profile, time_control,
                                                  upheld_at, rejected_at):
    claim = claim_on(sheet, rule, rejected_at, board=board, profile=profile,
                     time_control=time_control)
    assert claim.system_upheld is False
    assert claim.evidence["reason"] == "too-few"
    assert claim.evidence["count"] < claim.evidence["required"]


def test_the_required_counts_come_from_the_profile():
    basic = claim_on(fragments.THREE_KINGS_ON_DIAGONAL, "three-vs-one", "13...", profile="basic")
    club = claim_on(fragments.THREE_KINGS_ON_DIAGONAL, "three-vs-one", "13...", profile="club")
    assert (basic.evidence["required"], club.evidence["required"]) == (26, 40)
    assert basic.system_upheld and not club.system_upheld


def test_threefold_evidence_names_every_occurrence():
    claim = claim_on(fragments.THREEFOLD, "threefold", "4...")
    assert claim.evidence["occurrences"] == [0, 4, 8]
    assert claim.evidence["occurrence_moves"] == ["", "2...", "4..."]


def test_main_diagonal_is_rejected_when_the_lone_king_is_off_it():
    claim = claim_on(fragments.THREE_KINGS_OFF_DIAGONAL, "main-diagonal", "5...")
    assert claim.system_upheld is False
    assert claim.evidence["reason"] == "lone-king-off-diagonal"


def test_an_endgame_rule_is_rejected_for_another_endgame():
    claim = claim_on(fragments.THREEFOLD, "main-diagonal", "4...")  # 2 kings against 2
    assert claim.evidence["reason"] == "not-this-endgame"


def test_a_rule_outside_the_profile_is_rejected_with_that_reason():
    claim = claim_on(fragments.THREEFOLD, "threefold", "4...", profile="basic")
    assert claim.system_upheld is False
    assert claim.evidence["reason"] == "not-in-profile"


@pytest.mark.parametrize("rule,move,field", [
    ("threefold", "9...", "move"),      # no such move on the sheet
    ("threefold", "34", "move"),        # neither "34." nor "34..."
    ("fifty-moves", "4...", "rule"),    # no such rule
])
def test_a_claim_that_cannot_be_checked_is_refused_on_its_field(rule, move, field):
    game = first_game(make_tournament())
    attach(game, fragments.THREEFOLD)
    with pytest.raises(services.ArbitrationError) as refused:
        services.make_draw_claim(game, claimant=game.white, rule=rule, move=move)
    assert refused.value.field == field
    assert not DrawClaim.objects.exists()


def test_a_claim_needs_a_score_sheet():
    game = first_game(make_tournament())
    with pytest.raises(services.ArbitrationError):
        services.make_draw_claim(game, claimant=game.white, rule="threefold", move="4...")


# --- the arbiter's decision ---------------------------------------------------------------------

def test_confirming_an_upheld_claim_makes_the_game_a_draw_in_one_step(arbiter):
    claim = claim_on(fragments.THREEFOLD, "threefold", "4...")
    game = fresh(claim.game)
    services.decide_draw_claim(claim, decision=ClaimDecision.UPHELD,
                               expected_game_version=game.version, user=arbiter)
    claim.refresh_from_db()
    assert claim.decision == ClaimDecision.UPHELD and not claim.overridden
    assert claim.decided_by == arbiter
    assert fresh(game).result == GameResult.DRAW
    actions = list(AuditEntry.objects.filter(game=game).values_list("action", flat=True))
    assert Action.DRAW_CLAIM_DECIDED in actions and Action.RESULT_ENTERED in actions


def test_a_result_already_entered_is_changed_and_audited(arbiter):
    from tournaments.services import record_result

    claim = claim_on(fragments.THREEFOLD, "threefold", "4...")
    game = record_result(fresh(claim.game), result=GameResult.WHITE_WIN, expected_version=1)
    services.decide_draw_claim(claim, decision=ClaimDecision.UPHELD,
                               expected_game_version=game.version, user=arbiter)
    correction = AuditEntry.objects.get(game=game, action=Action.RESULT_CORRECTED)
    assert correction.before == {"result": "1-0"}
    assert correction.after["result"] == "1/2-1/2"
    assert correction.actor == arbiter


def test_overriding_the_verdict_needs_a_reason(arbiter):
    claim = claim_on(fragments.THREEFOLD, "threefold", "3...")  # rejected by the sheet
    with pytest.raises(services.ArbitrationError) as refused:
        services.decide_draw_claim(claim, decision=ClaimDecision.UPHELD,
                                   expected_game_version=1, user=arbiter)
    assert refused.value.field == "reason"
    services.decide_draw_claim(claim, decision=ClaimDecision.UPHELD, expected_game_version=1,
                               reason="The players agreed the repetition at the board.",
                               user=arbiter)
    claim.refresh_from_db()
    assert claim.overridden
    assert fresh(claim.game).result == GameResult.DRAW


def test_rejecting_leaves_the_result_alone(arbiter):
    claim = claim_on(fragments.THREEFOLD, "threefold", "3...")
    services.decide_draw_claim(claim, decision=ClaimDecision.REJECTED, expected_game_version=1,
                               user=arbiter)
    assert fresh(claim.game).result == GameResult.NOT_PLAYED
    claim.refresh_from_db()
    assert claim.decision == ClaimDecision.REJECTED


def test_a_stale_game_version_leaves_nothing_behind(arbiter):
    from tournaments.services import record_result

    claim = claim_on(fragments.THREEFOLD, "threefold", "4...")
    seen_version = fresh(claim.game).version
    record_result(fresh(claim.game), result=GameResult.BLACK_WIN, expected_version=seen_version)
    entries_before = AuditEntry.objects.count()
    with pytest.raises(StaleResultError):
        services.decide_draw_claim(claim, decision=ClaimDecision.UPHELD,
                                   expected_game_version=seen_version, user=arbiter)
    claim.refresh_from_db()
    assert claim.is_open and claim.decided_at is None
    assert fresh(claim.game).result == GameResult.BLACK_WIN
    assert AuditEntry.objects.count() == entries_before


def test_a_claim_is_decided_once(arbiter):
    claim = claim_on(fragments.THREEFOLD, "threefold", "4...")
    services.decide_draw_claim(claim, decision=ClaimDecision.UPHELD, expected_game_version=1,
                               user=arbiter)
    with pytest.raises(services.ClaimDecidedError):
        services.decide_draw_claim(claim, decision=ClaimDecision.REJECTED,
                                   expected_game_version=2, user=arbiter)


def test_a_sheet_changed_since_the_claim_is_checked_again_before_deciding(arbiter):
    claim = claim_on(fragments.THREEFOLD, "threefold", "4...")
    # The arbiter corrects the sheet: White's king went to c3, not back to c1, on move 4.
    attach(claim.game, fragments.THREEFOLD.replace("4. d2-c1 a7-b8 *", "4. d2-c3 a7-b8 *"))
    with pytest.raises(services.ClaimRecheckedError):
        services.decide_draw_claim(claim, decision=ClaimDecision.UPHELD,
                                   expected_game_version=1, user=arbiter)
    claim.refresh_from_db()
    assert claim.is_open
    assert claim.system_upheld is False
    assert claim.evidence["count"] == 1  # the position after 4... now stands only once
    assert AuditEntry.objects.filter(action=Action.DRAW_CLAIM_RECHECKED).count() == 1


def test_the_evidence_reads_as_a_sentence_for_every_count():
    from arbitration.describe import claim_sentence

    once = claim_on(fragments.THREEFOLD, "threefold", "1.")
    assert "has stood 1 time (after 1.)" in claim_sentence(once.evidence, once.system_upheld)
    king = claim_on(fragments.KING_MOVES, "king-moves", "1...")
    sentence = claim_sentence(king.evidence, king.system_upheld)
    assert sentence.startswith("Rejected (king moves only, CBD Art. 97 (b)): After 1..., 1 ")
    assert "counted since 1." in sentence and "40 (20 moves each) are required" in sentence

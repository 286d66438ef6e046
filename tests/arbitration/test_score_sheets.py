"""Score sheets replayed for a tournament, and moves typed one by one (no database)."""

import pytest
import sheet_fragments as fragments

from arbitration.sheets import (
    SheetEditRefused,
    append_move,
    check_draw_claim,
    move_texts,
    normal_move_label,
    remove_last_move,
    replay_sheet,
)


def test_a_syntax_error_keeps_the_text_and_replays_the_moves_before_it():
    sheet = replay_sheet(fragments.SYNTAX_ERROR, 64)
    assert (sheet.syntax_error.line, sheet.syntax_error.column) == (3, 16)
    assert sheet.syntax_error.code == "unexpected-text"
    assert sheet.moves == 2
    assert sheet.summary()["syntax_code"] == "unexpected-text"
    assert sheet.text == fragments.SYNTAX_ERROR


def test_an_illegal_move_stops_the_replay_with_its_art_23_category():
    sheet = replay_sheet(fragments.CAPTURE_IGNORED, 64)
    assert sheet.moves == 2
    assert sheet.illegal.label == "2. 21-17"
    assert sheet.illegal.irregularity.category == "f"  # a capture was compulsory
    summary = sheet.summary()
    assert (summary["illegal_ply"], summary["illegal_article"]) == (3, "23(f)")
    assert not sheet.complete


def test_an_accepted_irregular_move_lets_the_replay_go_on():
    sheet = replay_sheet(fragments.CAPTURE_IGNORED, 64, accepted=[3])
    assert sheet.illegal is None
    assert sheet.moves == 5
    assert sheet.replay.plies[2].irregularity.category == "f"
    # Black's 15 took 18 and 17 after the irregular 21-17 stood.
    assert sheet.replay.board.piece_at(13) is not None
    assert sheet.replay.board.piece_at(17) is None


def test_moves_are_printed_in_the_chosen_notation():
    sheet = replay_sheet(fragments.CAPTURE_MADE, 64)
    assert move_texts(sheet, algebraic=True)[:4] == ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]
    assert move_texts(sheet, algebraic=False)[:4] == ["22-18", "11-15", "18x11", "8x15"]


def test_the_board_comes_from_the_tournament_and_a_wrong_gametype_is_noticed():
    sheet = replay_sheet(fragments.THREE_VS_ONE_100, 64)
    assert sheet.gametype_mismatch
    assert replay_sheet(fragments.THREE_VS_ONE_100, 100).gametype_mismatch is False


def test_a_profile_without_rules_for_the_board_still_replays_the_moves():
    sheet = replay_sheet(fragments.THREE_VS_ONE_100, 100, profile="regional")
    assert sheet.moves == 30
    assert sheet.rules_available is False
    assert sheet.statuses(10) == []


@pytest.mark.parametrize("typed,label", [("34", None), ("34.", "34."), ("34 ...", "34..."),
                                         ("34…", "34..."), ("x", None), ("", None)])
def test_move_labels_are_read_as_an_arbiter_types_them(typed, label):
    assert normal_move_label(typed) == label


def test_typing_a_legal_move_appends_it_in_the_chosen_notation():
    sheet = replay_sheet("", 64)
    text, typed = append_move(sheet, "22-18", algebraic=True,
                              new_game_tags={"GameType": "26", "White": "Ana"})
    assert typed.label == "1. c3-d4"
    sheet = replay_sheet(text, 64)
    text, typed = append_move(sheet, "f6-e5", algebraic=True)
    assert typed.label == "1... f6-e5"
    replayed = replay_sheet(text, 64)
    assert replayed.complete and replayed.moves == 2
    assert '[White "Ana"]' in text


def test_typing_an_illegal_move_is_refused_with_its_category():
    sheet = replay_sheet("[GameType \"26\"]\n1. 22-18 11-15 *", 64)
    with pytest.raises(SheetEditRefused) as refused:
        append_move(sheet, "21-17", algebraic=False)
    assert refused.value.code == "illegal"
    assert refused.value.irregularity.category == "f"
    assert refused.value.label == "2. 21-17"


def test_an_irregular_move_the_opponent_let_stand_is_appended_as_typed():
    sheet = replay_sheet("[GameType \"26\"]\n1. 22-18 11-15 *", 64)
    text, typed = append_move(sheet, "21-17", algebraic=False, let_stand=True)
    assert typed.ply == 3 and typed.irregularity.category == "f"
    assert replay_sheet(text, 64).illegal.ply == 3  # the caller must accept the ply
    assert replay_sheet(text, 64, accepted=[3]).complete


def test_a_sheet_that_stops_at_an_irregular_move_takes_no_more_moves():
    sheet = replay_sheet(fragments.CAPTURE_IGNORED, 64)
    with pytest.raises(SheetEditRefused) as refused:
        append_move(sheet, "25-21", algebraic=False)
    assert refused.value.code == "sheet-stops"


def test_an_unreadable_or_ambiguous_move_is_refused():
    sheet = replay_sheet("", 64)
    with pytest.raises(SheetEditRefused) as refused:
        append_move(sheet, "22-99", algebraic=False)
    assert refused.value.code == "unreadable"


def test_removing_the_last_move():
    text, ply, label = remove_last_move(replay_sheet(fragments.CAPTURE_MADE, 64))
    assert (ply, label) == (5, "3. 21-17")
    assert replay_sheet(text, 64).moves == 4


def test_a_claim_on_a_move_after_the_replay_stopped_is_refused():
    from arbitration.sheets import ClaimRefused

    sheet = replay_sheet(fragments.CAPTURE_IGNORED, 64)
    with pytest.raises(ClaimRefused) as refused:
        check_draw_claim(sheet, "threefold", "3.")
    assert refused.value.code == "not-replayed"
    with pytest.raises(ClaimRefused) as refused:
        check_draw_claim(sheet, "threefold", "40.")
    assert refused.value.code == "no-such-move"
    with pytest.raises(ClaimRefused) as refused:
        check_draw_claim(sheet, "fifty-moves", "1.")
    assert refused.value.code == "unknown-rule"


def test_a_starting_position_that_cannot_be_read_is_reported_not_raised():
    sheet = replay_sheet('[GameType "26"]\n[FEN "W:W99:B1"]\n1. 22-18 *', 64)
    assert sheet.start_error is not None
    assert sheet.replay is None and sheet.summary()["syntax_code"] == "start"


def test_the_game_a_syntax_error_interrupts_is_read_up_to_it_even_after_another_game():
    text = fragments.CAPTURE_MADE + "\n" + fragments.SYNTAX_ERROR
    sheet = replay_sheet(text, 64)
    assert len(sheet.games) == 2 and sheet.moves == 5
    assert sheet.syntax_error.line == 7

"""Art. 23 (002) irregularities read off score sheets, in the order RULES.md fixes.

Brazilian numeric squares: 1-4 = b8..h8, 29-32 = a1..g1; White's men start on 21-32.
"""

import pytest

from rules.pdn import read_game
from rules.replay import replay_game


def replay(movetext, fen=None, accept=(), gametype=26):
    tags = f'[GameType "{gametype}"]\n' + (f'[FEN "{fen}"]\n' if fen else "")
    return replay_game(read_game(f"{tags}\n{movetext} *"), accept=accept)


@pytest.mark.parametrize(
    ("movetext", "fen", "ply", "label", "article", "code"),
    [
        # (a) the sheet gives White a second move right after its first
        ("1. 22-18 2. 18-14", None, 2, "2. 18-14", "23(a)", "two-moves-in-a-row"),
        # (e) in Black's slot, a White piece moves
        ("1. 22-18 18-14", None, 2, "1... 18-14", "23(e)", "opponent-piece"),
        # (b) nothing stands on the first square
        ("1. 22-18 13-17", None, 2, "1... 13-17", "23(b)", "empty-square"),
        # (b) a man moving backwards
        ("1. 22-18 9-13 2. 18-22", None, 3, "2. 18-22", "23(b)", "irregular-move"),
        # (f) 18x11 was compulsory
        ("1. 22-18 11-15 2. 21-17", None, 3, "2. 21-17", "23(f)", "capture-compulsory"),
        # (i) 27x18 stops where the man can go on over 15 to 11
        ("1. 27x18", "W:W27,32:B23,15,1", 1, "1. 27x18", "23(i)", "incomplete-capture"),
        # (h) 22x13 takes one piece; 28x19x10 takes two
        ("1. 22x13", "W:W22,28:B17,24,15,1", 1, "1. 22x13", "23(h)", "majority"),
        # (b) a capture written where there is nothing to capture
        ("1. 22x13", None, 1, "1. 22x13", "23(b)", "irregular-move"),
    ],
)
def test_each_category_a_sheet_can_show(movetext, fen, ply, label, article, code):
    result = replay(movetext, fen)
    assert result.moves == ply - 1
    illegal = result.illegal.as_dict()
    assert (illegal["ply"], illegal["move"], illegal["article"], illegal["code"]) == (
        ply,
        label,
        article,
        code,
    )
    assert illegal["reason"].startswith(f"Art. 23 ({article[3]})")


def test_algebraic_sheet_names_the_move_as_written():
    result = replay("1. c3-d4 f6-g5 2. d4-e5 d6xf4 3. g3xe5 f6-g5 4. e5-d6", None)
    illegal = result.illegal
    assert (illegal.ply, illegal.label, illegal.article) == (6, "3... f6-g5", "23(b)")
    assert "empty" in illegal.reason


def test_majority_reason_names_the_required_count():
    result = replay("1. 22x13", "W:W22,28:B17,24,15,1")
    assert result.illegal.irregularity.required == 2
    assert "requires 2" in result.illegal.reason and "28x10" in result.illegal.reason


def test_a_king_that_lands_where_its_chain_ends_takes_fewer_pieces_h():
    # White king on 29 (a1) jumps 25 (b2): landing on 18 (d4) lets it go on over 14 (c5) to 9;
    # landing on 22 (c3) or 15 (e5) ends the capture with one piece.
    fen = "W:WK29:B25,14,3"
    assert replay("1. 29x18", fen).illegal.article == "23(i)"
    assert replay("1. 29x22", fen).illegal.article == "23(h)"
    assert replay("1. 29x15", fen).illegal.article == "23(h)"
    assert replay("1. 29x9", fen).illegal is None


@pytest.mark.parametrize("written", ["23x23", "23x14x21x30x23", "23x30x21x14x23", "23x30x23"])
def test_a_chain_written_by_either_route_is_the_same_legal_move(written):
    # RULES.md: same start, end and captured set is the same move, whatever the route.
    result = replay(f"1. {written}", "W:W23,29:B7,26,17,18,25")
    assert result.illegal is None
    assert result.final_fen() == "B:W23,29:B7"


def test_accepted_irregular_move_is_carried_out_as_written_and_checking_goes_on():
    # 2. 21-17 ignores the compulsory 18x11; Black lets it stand. Black's only legal move is
    # then 15x13 (over 18 and 17); the sheet's 15x22 stops the chain at 22: Art. 23 (i).
    result = replay("1. 22-18 11-15 2. 21-17 15x22 3. 26x17", accept=[3])
    assert result.moves == 3
    assert [p.ply for p in result.accepted] == [3]
    assert result.accepted[0].irregularity.article == "23(f)"
    assert result.final_fen() == (
        "B:W17,18,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
    )
    assert (result.illegal.ply, result.illegal.article) == (4, "23(i)")
    assert replay("1. 22-18 11-15 2. 21-17 15x13", accept=[3]).illegal is None


def test_accepted_move_of_the_opponents_piece_passes_the_turn():
    # Black plays White's man 18-14 and White lets it stand: White is to move, then Black
    # must capture the man on 14.
    result = replay("1. 22-18 18-14 2. 23-19 9x18 3. 19-15", accept=[2])
    assert result.accepted[0].irregularity.article == "23(e)"
    assert result.board_at(2).turn == "W"
    assert result.illegal is None and result.moves == 5
    assert result.final_fen() == "B:W15,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,18"


def test_accepting_a_later_ply_does_not_excuse_an_earlier_one():
    result = replay("1. 22-18 11-15 2. 21-17 15x22", accept=[4])
    assert result.illegal.ply == 3
    assert result.notes == ["ply 4 was given as accepted but is not an irregular move replayed"]


def test_an_accepted_move_from_an_empty_square_cannot_be_carried_out():
    result = replay("1. 22-18 13-17", accept=[2])
    assert result.illegal.ply == 2
    assert result.illegal.code == "cannot-carry-out"
    assert result.illegal.article == "23(b)"


def test_unreadable_square_is_reported_without_an_article():
    result = replay("1. 22-18 11-55")
    assert result.illegal.as_dict()["article"] is None
    assert result.illegal.code == "unreadable"

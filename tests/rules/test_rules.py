"""One position per rule of RULES.md ("Moving", "Capturing"), legal moves worked out by hand.

Squares of the 8x8 board (numeric = algebraic), White at the bottom:

    rank 8:  1=b8  2=d8  3=f8  4=h8
    rank 7:  5=a7  6=c7  7=e7  8=g7
    rank 6:  9=b6 10=d6 11=f6 12=h6
    rank 5: 13=a5 14=c5 15=e5 16=g5
    rank 4: 17=b4 18=d4 19=f4 20=h4
    rank 3: 21=a3 22=c3 23=e3 24=g3
    rank 2: 25=b2 26=d2 27=f2 28=h2
    rank 1: 29=a1 30=c1 31=e1 32=g1

The long diagonal a1-h8 is 29-25-22-18-15-11-8-4. Articles are those of "Regras básicas"
(seed 003); RULES.md sections are quoted in each docstring.
"""

from rules import BRAZILIAN, INTERNATIONAL, Board


def moves(fen, variant=BRAZILIAN):
    """The legal moves as sorted (start, end, captured) triples."""
    return sorted((m.start, m.end, m.captured) for m in Board.from_fen(fen, variant).legal_moves())


def paths(fen, variant=BRAZILIAN):
    return sorted(m.path for m in Board.from_fen(fen, variant).legal_moves())


# ---------------------------------------------------------------- Moving (Art. 3, 4, 5)
def test_white_man_moves_one_square_forwards_only():
    """RULES.md Moving: 'A man moves one square diagonally forward'. Art. 3.

    c3 (22) goes to b4 (17) or d4 (18); never back to b2/d2 (25, 26), which are empty too.
    """
    assert moves("W:W22:B1") == [(22, 17, ()), (22, 18, ())]


def test_black_man_moves_towards_white():
    """Art. 3 for Black: f6 (11) goes down to e5 (15) or g5 (16)."""
    assert moves("B:W32:B11") == [(11, 15, ()), (11, 16, ())]


def test_flying_king_moves_any_distance_until_blocked():
    """RULES.md Moving: a king moves any number of squares over empty squares. Art. 5.

    a1 (29) sees 25, 22, 18, 15, 11, 8 on the long diagonal; h8 (4) holds a black man with
    nothing behind it, so there is no capture and 4 itself is not reachable.
    """
    assert moves("W:WK29:B4") == [(29, sq, ()) for sq in (8, 11, 15, 18, 22, 25)]


def test_flying_king_never_jumps_its_own_piece():
    """RULES.md Moving: a king 'never jumps its own pieces'. Art. 5.

    The king on a1 (29) has its own man on b2 (25) in front of it: the black man on d4 (18) is
    out of reach, and the king cannot move at all. Only the man on b2 moves, to a3 or c3.
    """
    assert moves("W:W25,K29:B18") == [(25, 21, ()), (25, 22, ())]


def test_man_moving_to_the_far_row_is_crowned():
    """RULES.md Moving: a man that ENDS its move on the far row becomes a king. Art. 4.

    Black's man on f2 (27) moves to e1 (31) (g1, 32, is taken) and is a king there.
    """
    board = Board.from_fen("B:W32:B27")
    assert moves("B:W32:B27") == [(27, 31, ())]
    board.push(board.legal_moves()[0])
    assert board.piece_at(31).king
    assert board.fen() == "W:W32:BK31"


def test_international_men_start_moves():
    """10x10: White's front men 31-35 step to 26-30, each square reachable from one or two men."""
    expected = [
        (31, 26),
        (31, 27),
        (32, 27),
        (32, 28),
        (33, 28),
        (33, 29),
        (34, 29),
        (34, 30),
        (35, 30),
    ]
    assert moves("W:W31-50:B1-20", INTERNATIONAL) == [(a, b, ()) for a, b in expected]


# ---------------------------------------------------------------- Capturing (Art. 6, 7)
def test_capture_is_compulsory():
    """RULES.md Capturing: 'Capture is compulsory'. Art. 7.

    The man on d4 (18) can capture c3 (22) backwards to b2 (25); the man on c1 (30) could
    otherwise move to b2 or d2, but a capture exists, so only 18x25 is legal.
    """
    assert moves("W:W18,30:B22") == [(18, 25, (22,))]


def test_men_capture_backwards():
    """RULES.md Capturing: 'Men capture forwards and backwards'. Art. 6.

    White's man on d4 (18) jumps the black man behind it on c3 (22) and lands on b2 (25).
    """
    assert moves("W:W18:B22") == [(18, 25, (22,))]


def test_king_captures_at_a_distance_and_chooses_its_landing_square():
    """RULES.md Capturing: a king 'lands on any empty square beyond'. Art. 5, 6.

    King a1 (29), black man e5 (15) with b2, c3, d4 empty before it and f6, g7, h8 empty
    behind it: three captures, one per landing square.
    """
    assert moves("W:WK29:B15") == [(29, 4, (15,)), (29, 8, (15,)), (29, 11, (15,))]


def test_king_in_a_chain_must_pick_the_landing_square_that_goes_on():
    """RULES.md Capturing: 'In a chain it must pick landing squares that let the chain go on as
    the majority law requires'. Art. 7.

    King a1 (29) jumps c3 (22) and may land on d4, e5, f6, g7, h8 (18, 15, 11, 8, 4). Only from
    e5 (15) can it go on: the b8-h2 diagonal holds a black man on f4 (19) with g3, h2 (24, 28)
    empty. So the two legal moves capture 22 and 19 and end on 24 or 28, both through 15;
    the one-piece captures are complete sequences but lose to the majority law.
    """
    board = Board.from_fen("W:WK29:B22,19")
    assert paths("W:WK29:B22,19") == [(29, 15, 24), (29, 15, 28)]
    assert moves("W:WK29:B22,19") == [(29, 24, (19, 22)), (29, 28, (19, 22))]
    one_piece = sorted(m.end for m in board.all_captures() if len(m.captured) == 1)
    assert one_piece == [4, 8, 11, 18]  # not 15: from there the king must go on capturing


def test_majority_law_beats_a_king_capture():
    """RULES.md Capturing: the largest NUMBER of pieces, whoever captures. Art. 7.

    The king on g1 (32) could take d4 (18) from a distance (one piece). The man on c3 (22)
    takes d4 (18) landing on e5 (15), then f6 (11) landing on g7 (8): two pieces. Only the
    man's capture is legal.
    """
    assert moves("W:W22,K32:B18,11") == [(22, 8, (11, 18))]
    assert len(Board.from_fen("W:W22,K32:B18,11").all_captures()) == 4  # 22x8, 32x14, 32x9, 32x5


def test_majority_law_counts_pieces_not_kings():
    """RULES.md Capturing: 'Kings and men count the same'. Art. 6, 7.

    The man on e1 (31) can take the black KING on f2 (27), landing on g3 (24): one piece. The
    man on c3 (22) takes two MEN, d4 (18) and f6 (11). Two men beat one king.
    """
    assert moves("W:W22,31:B18,11,K27") == [(22, 8, (11, 18))]


def test_majority_law_leaves_the_choice_between_equal_captures():
    """RULES.md Capturing: 'Between sequences of equal size the player chooses freely'.

    The man on c1 (30) takes the king on d2 (26), lands on e3 (23), then takes d4 (18) to c5
    (14); the man on c3 (22) takes d4 (18) and f6 (11). Both take two pieces: both are legal.
    """
    assert moves("W:W22,30:B18,11,K26") == [(22, 8, (11, 18)), (30, 14, (18, 26))]


def test_two_pieces_side_by_side_cannot_be_jumped():
    """RULES.md Capturing: 'Two or more pieces next to each other on a diagonal cannot be
    jumped'. Art. 5.

    King a1 (29); black men on c3 (22) and d4 (18), touching. No capture: the king only steps
    to b2 (25).
    """
    assert moves("W:WK29:B22,18") == [(29, 25, ())]


def test_chain_capture_goes_on_and_men_never_jump_a_piece_twice():
    """RULES.md Capturing: the same piece goes on capturing; 'A piece may not be jumped twice';
    'The capturing piece may pass the same empty square more than once'. Art. 6, 8.

    Man c3 (22) around the square of black men d4, d6, b6, b4 (18, 10, 9, 17): 22x15x6x13x22
    (or the other way round) and it is back on c3. There it stands next to d4 (18) again with
    e5 (15) empty behind, but d4 was already jumped, so the chain ends. Both directions give
    the same start, end and captured set: ONE move.
    """
    assert moves("W:W22:B18,10,9,17") == [(22, 22, (9, 10, 17, 18))]


def test_a_chain_may_pass_the_same_empty_square_twice():
    """RULES.md Capturing: 'The capturing piece may pass the same empty square more than once'.
    Art. 8.

    Man e1 (31) takes d2 (26) landing on c3 (22), goes round the square 18, 10, 9, 17 back to
    c3 (22), and leaves by taking b2 (25) to a1 (29): six pieces, c3 passed twice.
    """
    assert moves("W:W31:B26,18,10,9,17,25") == [(31, 29, (9, 10, 17, 18, 25, 26))]
    (move,) = Board.from_fen("W:W31:B26,18,10,9,17,25").legal_moves()
    assert move.path.count(22) == 2


def test_turkish_strike_a_jumped_piece_stays_and_blocks():
    """RULES.md Capturing: 'captured pieces leave the board only when the move is complete ...
    a jumped piece still on the board blocks the way'. Art. 10.

    King b6 (9) takes c5 (14) and may land on d4, e3, f2, g1 (18, 23, 27, 32).
    - From e3 (23) it takes d2 (26) to c1 (30), then b2 (25) to a3 (21). On a3 the black man on
      b4 (17) has c5 (14) behind it: that is the man jumped first, still on the board, so b4
      cannot be taken. Three pieces: 14, 26, 25.
    - From e3 it could also take g5 (16) to h6 (12): two pieces; from d4 it takes b2 (25) to
      a1 (29): two pieces. From f2 or g1 nothing more.
    Were c5 removed at once, the king would go on over b4 and the move would take four.
    """
    assert paths("W:WK9:B3,14,16,17,25,26") == [(9, 23, 30, 21)]
    assert moves("W:WK9:B3,14,16,17,25,26") == [(9, 21, (14, 25, 26))]


def test_turkish_strike_king_cannot_come_back_over_the_piece_it_jumped():
    """Art. 10: King c3 (22) takes b2 (25) to a1 (29); the jumped man on b2 still blocks the way
    back, so that capture ends with one piece. Taking d4 (18) and then g7 (8) to h8 (4) takes two
    and is the only legal move.
    """
    assert moves("W:WK22:B3,8,18,25,32") == [(22, 4, (8, 18))]


def test_man_passing_the_far_row_stays_a_man():
    """RULES.md Moving: 'A man that only passes over the far row during a capture stays a man and
    goes on capturing as a man'. Art. 9.

    Man d6 (10) takes e7 (7) and reaches f8 (3) on Black's back row, but can go on: it takes g7
    (8) to h6 (12). It may not stop on f8. On h6 it is still a man: the black man on f4 (19),
    which a king on h6 could take from a distance (g5 and e3 empty), is not taken.
    """
    board = Board.from_fen("W:W10:B7,8,19")
    assert moves("W:W10:B7,8,19") == [(10, 12, (7, 8))]
    board.push(board.legal_moves()[0])
    assert not board.piece_at(12).king
    assert board.piece_at(19) is not None


def test_man_ending_a_capture_on_the_far_row_is_crowned():
    """RULES.md Moving: promotion when the move ENDS on the far row. Art. 4.

    Man d6 (10) takes e7 (7) and ends on f8 (3): it is crowned.
    """
    board = Board.from_fen("W:W10:B7")
    assert moves("W:W10:B7") == [(10, 3, (7,))]
    board.push(board.legal_moves()[0])
    assert board.piece_at(3).king
    assert board.count("W", king=True) == 1


def test_international_king_flies_the_long_diagonal():
    """10x10, Art. 5: king on 46 (a1) with the long diagonal 46-41-37-32-28-23-19-14-10-5 empty."""
    assert moves("W:WK46:B1", INTERNATIONAL) == [
        (46, sq, ()) for sq in (5, 10, 14, 19, 23, 28, 32, 37, 41)
    ]


def test_international_majority_law_and_backward_capture():
    """10x10, Art. 6, 7. White man 28 (e5); black men 22 (d6, in front) and 33 (f4, behind).

    28x17 takes 22 forwards (one piece); 28x39 takes 33 backwards (one piece) and then
    nothing; both are legal (equal size). With a third black
    man on 12, 28x17 goes on: 17x8 takes 12, so only that two-piece capture is legal.
    """
    assert moves("W:W28:B22,33", INTERNATIONAL) == [(28, 17, (22,)), (28, 39, (33,))]
    assert moves("W:W28:B22,33,12", INTERNATIONAL) == [(28, 8, (12, 22))]

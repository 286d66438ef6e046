"""Who wins which prize, worked by hand on small rankings (issue 17)."""

from decimal import Decimal

from prizes.awarding import PrizeSpec, Ranked, award

OVERALL, SUB14, FEM = 1, 2, 3
RANKING = [Ranked(10, 1), Ranked(20, 2), Ranked(30, 3), Ranked(40, 4), Ranked(50, 5)]
MEMBERS = {OVERALL: {10, 20, 30, 40, 50}, SUB14: {30, 50}, FEM: {20, 40}}


def spec(pk, category, place, amount, order=None, trophy=""):
    return PrizeSpec(pk, category, order if order is not None else category, place,
                     Decimal(amount) if amount is not None else None, trophy)


def winners(awards):
    return {item.prize.prize_id: (item.entry_id, item.amount) for item in awards}


def test_one_prize_each_gives_the_higher_and_the_next_moves_up():
    prizes = [spec(1, OVERALL, 1, "500"), spec(2, OVERALL, 2, "300"), spec(3, OVERALL, 3, "100"),
              spec(4, SUB14, 1, "200"), spec(5, FEM, 1, "150")]
    result = winners(award(RANKING, MEMBERS, prizes))
    # 30 is third overall (100) and best Sub-14 (200): he takes the Sub-14 prize; 40 moves up
    # to third overall... but 40 is also the best woman left: third overall (100) is below the
    # women's prize (150), which goes first, so 50 gets the third overall prize.
    assert result[1][0] == 10 and result[2][0] == 20
    assert result[4][0] == 30
    assert result[5][0] == 40
    assert result[3][0] == 50


def test_without_the_rule_a_player_wins_in_every_category():
    prizes = [spec(1, OVERALL, 3, "100"), spec(4, SUB14, 1, "200")]
    result = winners(award(RANKING, MEMBERS, prizes, one_prize_each=False))
    assert result[1][0] == 30 and result[4][0] == 30


def test_equal_values_go_by_category_order_then_place():
    prizes = [spec(1, OVERALL, 1, None, order=2, trophy="troféu"),
              spec(2, SUB14, 1, None, order=1, trophy="medalha")]
    members = {OVERALL: {30, 40}, SUB14: {30}}
    result = winners(award(RANKING, members, prizes))
    assert result[2][0] == 30 and result[1][0] == 40


def test_a_prize_with_nobody_left_stays_unawarded():
    prizes = [spec(1, SUB14, 1, "10"), spec(2, SUB14, 2, "5"), spec(3, SUB14, 3, "1")]
    assert winners(award(RANKING, MEMBERS, prizes))[3] == (None, Decimal("1"))


def test_money_is_shared_only_when_set_and_only_between_players_level_on_everything():
    ranking = [Ranked(10, 1), Ranked(20, 1), Ranked(30, 3)]
    prizes = [spec(1, OVERALL, 1, "300"), spec(2, OVERALL, 2, "100"), spec(3, OVERALL, 3, "50")]
    members = {OVERALL: {10, 20, 30}}
    plain = winners(award(ranking, members, prizes))
    assert plain[1] == (10, Decimal("300")) and plain[2] == (20, Decimal("100"))
    shared = winners(award(ranking, members, prizes, share_money=True))
    assert shared[1] == (10, Decimal("200.00")) and shared[2] == (20, Decimal("200.00"))
    assert shared[3] == (30, Decimal("50"))

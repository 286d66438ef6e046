"""PDN reading and writing (issue 4): real files, lidraughts exports, comments, errors."""

from pathlib import Path

import pytest

from rules.pdn import BLACK, WHITE, PdnSyntaxError, read_game, read_games
from rules.pdn_writer import write_game, write_games

DATA = Path(__file__).resolve().parents[1] / "data"
GAME_FILES = sorted((DATA / "games").glob("*.pdn"))


def read_file(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "count"),
    [("DUTCH96H.pdn", 13), ("wk2003.pdn", 23), ("nk-ronde-01.pdn", 7), ("nk-ronde-02.pdn", 7)],
)
def test_real_tournament_files_give_every_game(name, count):
    games = read_games(read_file(DATA / "games" / name))
    assert len(games) == count
    assert all(game.gametype == 20 for game in games)
    assert all(game.result == game.tags["Result"] for game in games)


def test_ply_counts_of_real_games_match_their_plycount_tags():
    checked = 0
    for path in GAME_FILES:
        for game in read_games(read_file(path)):
            if "PlyCount" in game.tags:
                assert len(game.plies) == int(game.tags["PlyCount"]), game.tags
                checked += 1
    assert checked == 14


def test_padded_squares_are_read_without_the_padding():
    game = read_games(read_file(DATA / "games" / "DUTCH96H.pdn"))[0]
    texts = [ply.text for ply in game.plies]
    assert "1-6" in texts and "47x9" in texts and "4x1" in texts
    assert game.plies[-1].label == "53. 4x1"


def test_lidraughts_brazilian_export():
    text = (
        '[Event "Casual game"]\n[Site "https://lidraughts.org/abcdefgh"]\n[Result "2-0"]\n'
        '[GameType "26"]\n[FEN "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Bb6,b8,a7,c7,d6,d8,e7,'
        'f6,f8,g7,h6,h8"]\n\n1. c3-b4 b6-a5 2. b4-c5 d6xb4 3. a3xc5 2-0\n'
    )
    game = read_game(text)
    assert game.gametype == 26
    assert game.result == "2-0" and game.winner == WHITE
    assert game.algebraic
    assert [ply.label for ply in game.plies] == [
        "1. c3-b4",
        "1... b6-a5",
        "2. b4-c5",
        "2... d6xb4",
        "3. a3xc5",
    ]
    assert game.fen.startswith("W:Wa1,")


@pytest.mark.parametrize(
    ("result", "winner"),
    [
        ("1-0", "W"),
        ("0-1", "B"),
        ("1/2-1/2", "draw"),
        ("2-0", "W"),
        ("0-2", "B"),
        ("1-1", "draw"),
        ("*", None),
    ],
)
def test_every_result_token_ends_the_game(result, winner):
    games = read_games(f"1. 32-28 19-23 {result}\n1. 31-27 {result}")
    assert [game.result for game in games] == [result, result]
    assert [len(game.plies) for game in games] == [2, 1]
    assert games[0].winner == winner


def test_result_squares_are_not_mistaken_for_results():
    game = read_game("1. 1-10 10-1 2. 1-1x5 *")
    assert [ply.text for ply in game.plies] == ["1-10", "10-1", "1-1x5"]


def test_tags_keep_their_order_and_escapes():
    game = read_game('[White "O\'Neil \\"The Wall\\""]\n[Event "x"]\n[Round "3"]\n\n1. 32-28 *')
    assert list(game.tags) == ["White", "Event", "Round"]
    assert game.tags["White"] == 'O\'Neil "The Wall"'
    assert read_game(write_game(game)).tags == game.tags


def test_comments_nags_and_variations_attach_to_their_moves():
    game = read_game(
        "{before all} 1. 32-28 $1 {good} 19-23 (1... 17-22 {also} 2. 28x17 (2. 37-32) 11x22)\n"
        "2. 28x19 {forced} ; a line comment\n 14x23 $2 $4 *"
    )
    first, second, third, fourth = game.plies
    assert first.leading_comments == ["before all"]
    assert first.nags == [1] and first.comments == ["good"]
    assert second.text == "19-23" and len(second.variations) == 1
    variation = second.variations[0]
    assert [ply.label for ply in variation] == ["1... 17-22", "2. 28x17", "2... 11x22"]
    assert variation[0].comments == ["also"]
    assert [[ply.text for ply in v] for v in variation[1].variations] == [["37-32"]]
    assert third.comments == ["forced", "a line comment"]
    assert fourth.nags == [2, 4]


def test_variations_can_be_skipped():
    game = read_game(
        "1. 32-28 19-23 (1... 17-22 (1... 18-22) 2. 28x17) 2. 28x19 *", keep_variations=False
    )
    assert [ply.text for ply in game.plies] == ["32-28", "19-23", "28x19"]
    assert all(not ply.variations for ply in game.plies)


def test_odd_spacing_and_crlf():
    text = '[Event "odd"]\r\n\r\n1.32-28   19-23\r\n2.\t28x19\r\n\r\n14x23\t3.  37-32 1... *'
    game = read_game(text)
    assert [ply.label for ply in game.plies] == [
        "1. 32-28",
        "1... 19-23",
        "2. 28x19",
        "2... 14x23",
        "3. 37-32",
    ]
    assert (game.plies[2].line, game.plies[2].column) == (4, 4)


def test_move_numbers_say_which_side_the_sheet_gives_a_move():
    # Black's slot holds a second White move: the sheet shows "18." twice-in-a-row play.
    game = read_game("17. 32-28 18. 28-23 18... 19-24 *")
    assert [(ply.number, ply.side) for ply in game.plies] == [(17, WHITE), (18, WHITE), (18, BLACK)]
    assert read_game(write_game(game)) == game


def test_a_game_from_a_fen_with_black_to_move_starts_with_black():
    game = read_game('[FEN "B:W18,K30:B3,7"]\n[SetUp "1"]\n\n7-11 2. 18-14 11-15 *')
    assert game.starting_side == BLACK
    assert [ply.label for ply in game.plies] == ["1... 7-11", "2. 18-14", "2... 11-15"]


def test_a_black_first_move_with_an_ellipsis_after_the_number():
    game = read_game('[FEN "B:W18:B3"]\n\n12. ... 3-8 13. 18-14 *')
    assert [ply.label for ply in game.plies] == ["12... 3-8", "13. 18-14"]


def test_movetext_without_tags_and_without_result_is_still_a_game():
    games = read_games('1. 32-28 19-23\n\n[Event "second"]\n1. 31-27')
    assert len(games) == 2
    assert games[0].result == "*" and games[0].tags == {}
    assert games[1].tags == {"Event": "second"}


def test_missing_result_token_takes_the_result_tag():
    game = read_game('[Result "0-1"]\n\n1. 32-28 19-23')
    assert game.result == "0-1"


def test_move_strength_suffix_is_kept_apart_from_the_move():
    game = read_game("1. 32-28! 19-23?! *")
    assert [(ply.text, ply.suffix) for ply in game.plies] == [("32-28", "!"), ("19-23", "?!")]
    assert read_game(write_game(game)) == game


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda path: path.name)
def test_real_files_read_write_read_the_same(path):
    games = read_games(read_file(path))
    written = write_games(games)
    assert read_games(written) == games
    assert write_games(read_games(written)) == written


def test_round_trip_keeps_comments_variations_and_sheet_numbers():
    text = (
        '[Event "t"]\n[FEN "B:W18,K30:B3,7"]\n\n{intro} 1... 7-11 {c} ({alt} 1... 3-8 2. 18-14 '
        "(2. 30-26 {deep}) 8-12) 2. 18-14 $3 3. 14-9 ; end } brace\n 11-15 {tail} 1-0"
    )
    game = read_game(text)
    again = read_game(write_game(game))
    assert again == game
    assert again.plies[1].nags == [3]
    assert again.plies[2].label == "3. 14-9"
    assert again.plies[2].comments == ["end } brace"]
    assert again.plies[3].comments == ["tail"]


def test_writer_wraps_lines_and_keeps_numbers_with_their_moves():
    game = read_games(read_file(DATA / "games" / "wk2003.pdn"))[0]
    written = write_game(game, width=40)
    movetext = written.split("\n\n", 1)[1]
    assert all(len(line) <= 40 for line in movetext.splitlines())
    assert not any(line.rstrip().endswith(".") for line in movetext.splitlines())


@pytest.mark.parametrize(
    ("text", "line", "column", "code"),
    [
        ("1. 32-28 {never closed\n19-23 *", 1, 10, "unclosed-comment"),
        ("1. 32-28 19-23\n2. 28x19 (2. 37-32 14x23\n", 2, 10, "unclosed-variation"),
        ("1. 32-28 19-23 ) *", 1, 16, "unmatched-parenthesis"),
        ('[Event "x"]\n[Site unquoted]\n1. 32-28 *', 2, 1, "bad-tag"),
        ("1. 32-28 19-23\n2. 28#19 *", 2, 4, "unexpected-text"),
        ("1. 32-28\n  2. $1 19-23 *", 2, 6, "misplaced-nag"),
        ("( 1. 32-28 ) *", 1, 1, "misplaced-variation"),
        (
            '1. 32-28 19-23 2. 28x19 (2. 37-32\n[Event "next"]\n1. 32-28 *',
            1,
            25,
            "unclosed-variation",
        ),
    ],
)
def test_syntax_errors_name_line_and_column(text, line, column, code):
    with pytest.raises(PdnSyntaxError) as caught:
        read_games(text)
    error = caught.value
    assert (error.line, error.column, error.code) == (line, column, code)
    assert f"line {line}, column {column}" in str(error)


def test_syntax_error_in_a_later_game_points_into_that_game():
    bad_game = '\n[Event "bad"]\n\n1. 32-28 19-23 2. 28x19 @'
    text = read_file(DATA / "games" / "DUTCH96H.pdn") + bad_game
    last_line = text.count("\n") + 1
    with pytest.raises(PdnSyntaxError) as caught:
        read_games(text)
    assert caught.value.line == last_line
    assert caught.value.column == len("1. 32-28 19-23 2. 28x19 @")


def test_a_text_without_a_game_is_an_error_at_its_end():
    with pytest.raises(PdnSyntaxError) as caught:
        read_game("\n{just a comment}\n")
    assert caught.value.code == "no-game"
    assert caught.value.line == 3

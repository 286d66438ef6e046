"""The game record PDF: moves in numbered rows, diagrams drawn from the engine's geometry and
colours, and its data read from a PDN game replayed by the rules engine (issue 6)."""

from __future__ import annotations

from io import BytesIO, StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation
from pypdf import PdfReader
from reportlab.graphics.shapes import Circle, Polygon
from reportlab.lib import colors
from tournament_factories import make_tournament

from rules.board import Board
from rules.geometry import row_col
from rules.svg import COLOURS
from rules.variants import BRAZILIAN, INTERNATIONAL
from tournaments.printing.boards import position_diagram
from tournaments.printing.data import GameRecordData, TournamentHeader
from tournaments.printing.game_source import GameReplayError, game_record_from_pdn
from tournaments.printing.gamerecord import build_game_record_pdf, ply_label

HEADER = TournamentHeader(name="Aberto de Damas de São Paulo 2026", place="São Paulo, SP")

# 64 squares: 22-18 11-15, then 18x11 (over e5) and 8x15 (over f6) - two captures in a row.
SHORT_GAME = """[Event "Aberto de Damas de São Paulo 2026"]
[White "João Araújo"]
[Black "Conceição Simões"]
[Round "3"]
[Result "*"]
[GameType "26"]

1. 22-18 11-15 2. 18x11 8x15 3. 21-17 *
"""


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def pdf_lines(pdf: bytes) -> list[list[str]]:
    reader = PdfReader(BytesIO(pdf))
    return [[line.replace("\xa0", " ").strip() for line in page.extract_text().splitlines()]
            for page in reader.pages]


def squares_of(fen_part: str) -> set[int]:
    return {int(item.lstrip("K")) for item in fen_part.split(",") if item}


def test_the_pdn_game_is_replayed_to_the_positions_asked_for():
    data = game_record_from_pdn(SHORT_GAME, HEADER, [0, 4])
    assert (data.white, data.black, data.round) == ("João Araújo", "Conceição Simões", 3)
    assert data.moves == ["22-18", "11-15", "18x11", "8x15", "21-17"]
    (start_ply, start), (after_ply, after) = data.diagrams
    assert (start_ply, after_ply) == (0, 4)
    assert start == Board(BRAZILIAN).fen()
    turn, white, black = after.split(":")
    # Worked by hand: White lost the man that went 22-18x11; Black's 11 was taken, 8 went to 15.
    assert turn == "W"
    assert squares_of(white[1:]) == {21, *range(23, 33)}
    assert squares_of(black[1:]) == {1, 2, 3, 4, 5, 6, 7, 9, 10, 12, 15}


def test_a_move_that_cannot_be_replayed_is_named_with_its_number():
    illegal = SHORT_GAME.replace("2. 18x11", "2. 18-14")  # a capture was compulsory (Art. 16)
    with pytest.raises(GameReplayError, match=r"2\. 18-14"):
        game_record_from_pdn(illegal, HEADER, [4])


def test_a_diagram_beyond_the_last_move_is_refused():
    with pytest.raises(GameReplayError, match="has 5 half-moves"):
        game_record_from_pdn(SHORT_GAME, HEADER, [6])


def test_the_record_prints_players_numbered_moves_and_diagram_captions():
    data = game_record_from_pdn(SHORT_GAME, HEADER, [0, 3, 4])
    pages = pdf_lines(build_game_record_pdf(data))
    assert len(pages) == 1
    (lines,) = pages
    text = "\n".join(lines)
    assert "Game record — Round 3" in lines
    assert "White: João Araújo" in text and "Black: Conceição Simões" in text
    assert lines[lines.index("1.") : lines.index("1.") + 3] == ["1.", "22-18", "11-15"]
    assert lines[lines.index("2.") : lines.index("2.") + 3] == ["2.", "18x11", "8x15"]
    assert lines[lines.index("3.") : lines.index("3.") + 2] == ["3.", "21-17"]
    for caption in ("Starting position", "After 2. 18x11", "After 2... 8x15"):
        assert caption in lines


def test_a_game_set_up_with_black_to_move_numbers_black_first():
    data = GameRecordData(header=HEADER, white="A", black="B", moves=["9-13", "22-18", "13-17"],
                          first_ply_black=True)
    assert [ply_label(data, ply) for ply in (1, 2, 3)] == ["1... 9-13", "2. 22-18", "2... 13-17"]


def piece_cells(drawing, variant) -> dict[tuple[int, int], tuple[str, bool]]:
    """{(row, column) from the top-left: (fill, has a crown)} of the discs drawn."""
    width = drawing.width
    cell = width / variant.size
    found: dict[tuple[int, int], list] = {}
    outer = [shape for shape in drawing.contents
             if isinstance(shape, Circle) and shape.fillColor is not None]
    for disc in outer:
        where = (variant.size - 1 - int(disc.cy // cell), int(disc.cx // cell))
        found[where] = [disc.fillColor.hexval(), False]
    for crown in (shape for shape in drawing.contents if isinstance(shape, Polygon)):
        xs, ys = crown.points[0::2], crown.points[1::2]
        centre = (sum(xs) / len(xs), sum(ys) / len(ys))
        found[(variant.size - 1 - int(centre[1] // cell), int(centre[0] // cell))][1] = True
    return {where: tuple(value) for where, value in found.items()}


@pytest.mark.parametrize(("variant", "fen"), [
    (BRAZILIAN, "W:W22,29,K5:B9,K32"),
    (INTERNATIONAL, "B:W46,K28:B1,K50,17"),
], ids=["64", "100"])
def test_a_diagram_puts_each_piece_on_its_square_with_kings_crowned(variant, fen):
    board = Board.from_fen(fen, variant)
    drawing = position_diagram(board, 180.0)
    white = colors.HexColor(COLOURS["white"]).hexval()
    black = colors.HexColor(COLOURS["black"]).hexval()
    expected = {}
    for colour, fill in (("W", white), ("B", black)):
        for square, piece in board.pieces(colour).items():
            expected[row_col(square, variant.size)] = (fill, piece.king)
    assert piece_cells(drawing, variant) == expected


@pytest.mark.django_db
def test_the_command_prints_a_game_record_from_a_pdn_file(tmp_path):
    tournament = make_tournament(0, name="Aberto de Damas de São Paulo 2026")
    pdn = tmp_path / "jogo.pdn"
    pdn.write_text(SHORT_GAME, encoding="utf-8")
    output = tmp_path / "jogo.pdf"
    call_command("print_pdf", tournament.slug, "game", "--pdn", str(pdn), "--diagram", "2",
                 "--diagram", "4", "--language", "en", "-o", str(output), stdout=StringIO())
    (lines,) = pdf_lines(output.read_bytes())
    assert "After 1... 11-15" in lines and "After 2... 8x15" in lines
    assert "João Araújo" in "\n".join(lines)


@pytest.mark.django_db
def test_the_command_needs_the_pdn_file_and_names_a_bad_one(tmp_path):
    tournament = make_tournament(0, name="Aberto")
    with pytest.raises(CommandError, match="--pdn"):
        call_command("print_pdf", tournament.slug, "game", "-o", str(tmp_path / "x.pdf"))
    bad = tmp_path / "bad.pdn"
    bad.write_text(SHORT_GAME.replace("2. 18x11", "2. 18-14"), encoding="utf-8")
    with pytest.raises(CommandError, match="18-14"):
        call_command("print_pdf", tournament.slug, "game", "--pdn", str(bad), "--diagram", "4",
                     "-o", str(tmp_path / "x.pdf"))

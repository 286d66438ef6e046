"""The printed documents built from plain data, read back from the PDF with pypdf (issue 6).

No database here: each builder takes the dataclasses of `tournaments.printing.data`, so the layout
is checked on its own. The tests run in English to name the labels they look for; the Portuguese
names and places check that accents survive the embedded font.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from io import BytesIO

import pytest
from django.utils import translation
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4

from rules.geometry import row_col
from rules.variants import BRAZILIAN, INTERNATIONAL
from tournaments.printing.boards import numbered_board
from tournaments.printing.crosstable import build_crosstable_pdf
from tournaments.printing.data import (
    CrosstableData,
    CrosstableRow,
    GameCell,
    PairingRow,
    PairingsData,
    PlayerEntry,
    ScoreSheetData,
    Side,
    StandingsData,
    StandingsRow,
    TiebreakLabel,
    TournamentHeader,
)
from tournaments.printing.pairings import build_pairings_pdf
from tournaments.printing.scoresheet import build_scoresheets_pdf
from tournaments.printing.slips import SLIPS_PER_PAGE, build_slips_pdf
from tournaments.printing.standings import build_standings_pdf

FIRST_NAMES = ["João", "Maria", "José", "Conceição", "Antônio", "Luís", "Ana", "Sebastião",
               "Inês", "Glória", "Raimundo", "Fátima"]
SURNAMES = ["Araújo", "da Silva", "Gonçalves", "Assunção", "Magalhães", "Simões", "Brandão",
            "Conceição", "Lázaro"]

HEADER = TournamentHeader(
    name="Aberto de Damas de São José dos Campos",
    place="São José dos Campos, SP",
    dates="14–15/11/2026",
    board="64 squares (Brazilian)",
    time_control="60 min + 30 s",
    arbiters=("Sebastião Conceição", "Inês Araújo"),
)
LABELS = [
    TiebreakLabel(abbreviation="DE", name="Direct encounter"),
    TiebreakLabel(abbreviation="W", name="Wins"),
    TiebreakLabel(abbreviation="SB", name="Sonneborn-Berger"),
    TiebreakLabel(abbreviation="Bl", name="Games with Black"),
]


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def player_name(index: int) -> str:
    return f"{FIRST_NAMES[index % len(FIRST_NAMES)]} {SURNAMES[index // len(FIRST_NAMES)]}"


def pdf_pages(pdf: bytes) -> list[list[str]]:
    """The text lines of each page."""
    reader = PdfReader(BytesIO(pdf))
    return [[line.replace("\xa0", " ").strip() for line in page.extract_text().splitlines()]
            for page in reader.pages]


def score_text(value: Fraction) -> str:
    return {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}[value]


def decimal_text(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):.1f}"


def round_robin(players: int, cycles: int = 1) -> CrosstableData:
    """A finished round robin with results that vary from pair to pair, ranked by points."""
    scores: dict[int, dict[int, list[GameCell]]] = {n: {} for n in range(1, players + 1)}
    for a in range(1, players + 1):
        for b in range(a + 1, players + 1):
            for cycle in range(cycles):
                a_points = [Fraction(1), Fraction(1, 2), Fraction(0)][(a * 7 + b * 3 + cycle) % 3]
                a_white = (a + b + cycle) % 2 == 1
                scores[a].setdefault(b, []).append(
                    GameCell(result=score_text(a_points),
                             side=Side.WHITE if a_white else Side.BLACK)
                )
                scores[b].setdefault(a, []).append(
                    GameCell(result=score_text(1 - a_points),
                             side=Side.BLACK if a_white else Side.WHITE)
                )
    values = {}
    for number, cells in scores.items():
        games = [game for per_opponent in cells.values() for game in per_opponent]
        points = sum(Fraction(1) if g.result == "1" else Fraction(1, 2) if g.result == "½" else 0
                     for g in games)
        wins = sum(g.result == "1" for g in games)
        blacks = sum(g.side is Side.BLACK for g in games)
        values[number] = (points, wins, blacks)
    order = sorted(values, key=lambda n: (-values[n][0], -values[n][1], n))
    rows = [
        CrosstableRow(
            rank=rank,
            number=number,
            name=player_name(number - 1),
            points=decimal_text(values[number][0]),
            tiebreaks=("0", str(values[number][1]), f"{number * 3}.25", str(values[number][2])),
            cells=scores[number],
        )
        for rank, number in enumerate(order, start=1)
    ]
    return CrosstableData(header=HEADER, columns=list(range(1, players + 1)), rows=rows,
                          tiebreak_labels=LABELS, after_round=players - 1)


def cell_texts(row: CrosstableRow, columns: list[int]) -> list[str]:
    return [" ".join(f"{g.result}{'W' if g.side is Side.WHITE else 'B'}" for g in row.cells[c])
            for c in columns if c != row.number]


def row_reading(lines: list[str], row: CrosstableRow) -> list[str]:
    """What follows the player's name on a page: cells (ending in W or B), points, tie-breaks."""
    start = lines.index(row.name) + 1
    cells = []
    while lines[start].endswith(("W", "B")):
        cells.append(lines[start])
        start += 1
    return [*cells, *lines[start : start + 1 + len(row.tiebreaks)]]


# ---------------------------------------------------------------- crosstable


def test_a_24_player_crosstable_fits_one_landscape_a4_page():
    pdf = build_crosstable_pdf(round_robin(24))
    reader = PdfReader(BytesIO(pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((A4[1], A4[0]), abs=0.01)


def test_crosstable_prints_every_row_by_rank_with_results_colours_points_and_tiebreaks():
    data = round_robin(24)
    (lines,) = pdf_pages(build_crosstable_pdf(data))
    positions = [lines.index(row.name) for row in data.rows]
    assert positions == sorted(positions), "rows are printed in rank order"
    for row in data.rows:
        at = lines.index(row.name)
        assert lines[at - 2 : at] == [str(row.rank), str(row.number)]
        assert row_reading(lines, row) == [
            *cell_texts(row, data.columns), row.points, *row.tiebreaks
        ]


def test_crosstable_title_block_names_event_place_dates_board_time_control_and_arbiters():
    text = "\n".join(pdf_pages(build_crosstable_pdf(round_robin(6)))[0])
    assert "Crosstable — after round 5" in text
    assert "Aberto de Damas de São José dos Campos" in text
    for fact in ("Place: São José dos Campos, SP", "Dates: 14–15/11/2026",
                 "Board: 64 squares (Brazilian)", "Time control: 60 min + 30 s",
                 "Arbiters: Sebastião Conceição, Inês Araújo"):
        assert fact in text
    for label in LABELS:
        assert f"{label.abbreviation} = {label.name}" in text


def test_a_60_player_crosstable_runs_over_pages_with_the_heading_on_each():
    data = round_robin(60)
    pages = pdf_pages(build_crosstable_pdf(data))
    assert len(pages) > 1
    for lines in pages:
        assert HEADER.name in lines[0], "running head"
        assert {"Rk", "No.", "Name", "Pts", "DE", "W", "SB", "Bl"} <= set(lines)
    every_line = [line for lines in pages for line in lines]
    for row in data.rows:
        # The opponent columns are split into blocks: read the row in each block, in order.
        cells: list[str] = []
        for lines in pages:
            if row.name in lines:
                reading = row_reading(lines, row)
                tail = reading[-(1 + len(row.tiebreaks)):]
                assert tail == [row.points, *row.tiebreaks]
                cells += reading[: -len(tail)]
        assert cells == cell_texts(row, data.columns)
        assert every_line.count(row.name) >= 2, "each column block repeats the name"


def test_a_double_round_robin_prints_both_games_in_one_cell():
    data = round_robin(6, cycles=2)
    (lines,) = pdf_pages(build_crosstable_pdf(data))
    for row in data.rows:
        assert row_reading(lines, row)[:5] == cell_texts(row, data.columns)


def test_an_unplayed_game_leaves_its_cell_empty():
    data = round_robin(4)
    leader = data.rows[0]
    opponent = next(number for number in data.columns if number != leader.number)
    row = replace(leader, cells={**leader.cells, opponent: [GameCell(result="")]})
    data = replace(data, rows=[row, *data.rows[1:]])
    (lines,) = pdf_pages(build_crosstable_pdf(data))
    played = [number for number in data.columns if number != opponent]
    assert row_reading(lines, row) == [*cell_texts(row, played), row.points, *row.tiebreaks]


def test_a_long_name_is_cut_with_an_ellipsis_instead_of_spilling_over():
    data = round_robin(24)
    long_name = "Maria da Conceição Gonçalves de Magalhães Araújo Brandão Simões"
    data = replace(data, rows=[replace(data.rows[0], name=long_name), *data.rows[1:]])
    (lines,) = pdf_pages(build_crosstable_pdf(data))
    shown = next(line for line in lines if line.startswith("Maria da Conceição"))
    assert shown.endswith("…")
    assert long_name.startswith(shown[:-1])
    assert len(shown) < len(long_name)


def test_accented_text_is_set_in_an_embedded_font():
    reader = PdfReader(BytesIO(build_crosstable_pdf(round_robin(6))))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for reference in fonts.values():
        font = reference.get_object()
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font \
            else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
        assert "DejaVuSans" in str(font["/BaseFont"])


def test_the_same_data_gives_the_same_bytes():
    data = round_robin(8)
    assert build_crosstable_pdf(data) == build_crosstable_pdf(data)


def test_the_pdf_carries_the_active_language():
    with translation.override("pt-br"):
        pdf = build_crosstable_pdf(round_robin(4))
    assert PdfReader(BytesIO(pdf)).trailer["/Root"]["/Lang"] == "pt-br"


# ---------------------------------------------------------------- standings


def standings(players: int) -> StandingsData:
    crosstable = round_robin(players)
    rows = [
        StandingsRow(rank=row.rank, number=row.number, name=row.name, points=row.points,
                     club="Clube de Damas de Conceição do Araguaia" if row.number % 2 else "",
                     tiebreaks=row.tiebreaks)
        for row in crosstable.rows
    ]
    return StandingsData(header=HEADER, rows=rows, tiebreak_labels=LABELS, after_round=7)


def test_standings_print_rank_name_club_points_and_tiebreaks_in_order():
    data = standings(12)
    (lines,) = pdf_pages(build_standings_pdf(data))
    assert "Standings — after round 7" in lines
    positions = [lines.index(row.name) for row in data.rows]
    assert positions == sorted(positions)
    for row in data.rows:
        at = lines.index(row.name)
        club = [row.club] if row.club else []
        assert lines[at - 2 : at + 2 + len(club) + len(row.tiebreaks)] == [
            str(row.rank), str(row.number), row.name, *club, row.points, *row.tiebreaks
        ]


def test_long_standings_repeat_the_heading_row_on_every_page():
    data = standings(90)
    pages = pdf_pages(build_standings_pdf(data))
    assert len(pages) >= 2
    for lines in pages:
        assert {"Rk", "Name", "Club", "Pts", "SB"} <= set(lines)
    printed = [line for lines in pages for line in lines]
    assert all(printed.count(row.name) == 1 for row in data.rows)


# ---------------------------------------------------------------- pairings and slips


def a_round(games: int, *, with_results: bool = False) -> PairingsData:
    rows = []
    for board in range(1, games + 1):
        white, black = 2 * board - 1, 2 * board
        scores = ("1", "0") if with_results and board % 2 else (
            ("½", "½") if with_results else ("", ""))
        rows.append(PairingRow(
            board=board,
            white=PlayerEntry(number=white, name=player_name(white - 1), points=f"{board}.5"),
            black=PlayerEntry(number=black, name=player_name(black - 1), points=str(board)),
            white_score=scores[0],
            black_score=scores[1],
        ))
    bye = PlayerEntry(number=2 * games + 1, name="Conceição Lázaro")
    return PairingsData(header=HEADER, round=3, games=rows, byes=[bye], date="15/11/2026")


def test_pairings_list_board_white_black_points_and_the_byes():
    data = a_round(7, with_results=True)
    (lines,) = pdf_pages(build_pairings_pdf(data))
    assert "Pairings — Round 3 · 15/11/2026" in lines
    for game in data.games:
        at = lines.index(game.white.name)
        assert lines[at - 2 : at + 7] == [
            str(game.board), str(game.white.number), game.white.name, game.white.points,
            game.white_score, game.black_score, str(game.black.number), game.black.name,
            game.black.points,
        ]
    assert "Bye: Conceição Lázaro (15)" in lines


def test_pairings_before_the_round_leave_the_result_boxes_empty():
    data = a_round(3)
    (lines,) = pdf_pages(build_pairings_pdf(data))
    game = data.games[0]
    at = lines.index(game.white.name)
    assert lines[at + 1 : at + 3] == [game.white.points, str(game.black.number)]


def test_a_result_slip_per_game_four_to_a_page_with_three_signature_lines():
    data = a_round(10)
    pages = pdf_pages(build_slips_pdf(data))
    assert len(pages) == -(-10 // SLIPS_PER_PAGE)
    text = [line for lines in pages for line in lines]
    for game in data.games:
        assert f"Round 3 · Board {game.board}" in text
        assert f"{game.white.name} ({game.white.number})" in text
        assert f"{game.black.name} ({game.black.number})" in text
    for label in ("White's signature", "Black's signature", "Arbiter's signature",
                  "White won", "Draw", "Black won"):
        assert text.count(label) == 10


# ---------------------------------------------------------------- score sheets


def test_blank_score_sheets_one_page_each_with_move_rows_and_the_numbered_board():
    pdf = build_scoresheets_pdf(ScoreSheetData(header=HEADER, squares=64, copies=3))
    pages = pdf_pages(pdf)
    assert len(pages) == 3
    for lines in pages:
        assert "Score sheet — 64 squares (Brazilian)" in lines
        for field in ("Event", "Round", "Board", "Date", "White", "Black", "Result",
                      "White's signature", "Black's signature", "Arbiter's signature"):
            assert field in lines
        numbers = {int(line) for line in lines if line.isdigit()}
        assert set(range(1, 61)) <= numbers, "move rows 1-60 and board squares 1-32"
        assert set("abcdefgh") <= set(lines), "the 64-square board has files a-h"


def test_a_100_square_score_sheet_numbers_the_board_1_to_50_without_letters():
    pages = pdf_pages(build_scoresheets_pdf(ScoreSheetData(header=HEADER, squares=100)))
    assert len(pages) == 1
    (lines,) = pages
    assert "Score sheet — 100 squares (international)" in lines
    assert not set("abcdefgh") & set(lines)
    numbers = {int(line) for line in lines if line.isdigit()}
    assert set(range(1, 61)) <= numbers


def test_score_sheets_for_a_round_are_filled_with_each_game():
    data = a_round(4)
    pages = pdf_pages(build_scoresheets_pdf(
        ScoreSheetData(header=HEADER, squares=64, games=data.games, round=3)))
    assert len(pages) == 4
    for lines, game in zip(pages, data.games, strict=True):
        assert f"{game.white.name} ({game.white.number})" in lines
        assert f"{game.black.name} ({game.black.number})" in lines


@pytest.mark.parametrize("squares", [63, 144])
def test_a_score_sheet_is_for_64_or_100_squares(squares):
    with pytest.raises(ValueError, match="64 or 100"):
        ScoreSheetData(header=HEADER, squares=squares)


@pytest.mark.parametrize("variant", [BRAZILIAN, INTERNATIONAL], ids=lambda v: v.name)
def test_the_notation_board_numbers_squares_as_pdn_does(variant):
    """Square 1 is the leftmost dark square of Black's back row (b8 / b10); a1 is dark."""
    width = 200.0
    drawing = numbered_board(variant, width)
    cell = width / variant.size
    placed = {}
    for shape in drawing.contents:
        if getattr(shape, "text", "").isdigit():
            column = int(shape.x // cell)
            row_from_top = variant.size - 1 - int(shape.y // cell)
            placed[int(shape.text)] = (row_from_top, column)
    assert sorted(placed) == list(range(1, variant.squares + 1))
    assert placed[1] == (0, 1)  # b8 / b10
    assert placed[variant.squares - variant.size // 2 + 1] == (variant.size - 1, 0)  # a1
    for square, where in placed.items():
        assert where == row_col(square, variant.size)

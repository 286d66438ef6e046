"""Issue 25, on paper: the words of a document stay inside their boxes and columns, and a forfeit is
printed the same way in the round's pairings and in the pairings of all rounds.

The PDFs are read back: the text, and where each word, tick box and table rule lies on the page
(tests/tournaments/pdf_layout.py).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.core.management import call_command
from django.utils import translation
from pdf_layout import pages, rectangles, text_runs, vertical_rules

from tournaments.models import Tournament
from tournaments.printing import collect
from tournaments.printing.all_pairings import build_all_pairings_pdf
from tournaments.printing.data import (
    AllPairingsData,
    PairingRow,
    PairingsData,
    PlayerEntry,
    StandingsData,
    StandingsRow,
    TiebreakLabel,
    TournamentHeader,
)
from tournaments.printing.pairings import build_pairings_pdf
from tournaments.printing.slips import build_slips_pdf
from tournaments.printing.standings import build_standings_pdf
from tournaments.printing.team_documents import TableDocument, build_table_pdf

HEADER = TournamentHeader(name="Aberto de Damas de Olinda", place="Olinda, PE",
                          dates="14–15/11/2026", board="64", time_control="60 min",
                          arbiters=("Inês Araújo",))
# (white's score, black's score) as the printing data gives them: a win, a draw, a forfeit each
# way, a double forfeit, and a game not played yet.
SCORES = [("1", "0"), ("½", "½"), ("+", "-"), ("-", "+"), ("--", "--"), ("", "")]


def a_round(number: int = 3) -> PairingsData:
    games = [
        PairingRow(board=board,
                   white=PlayerEntry(number=2 * board - 1, name=f"Branco Número {board}",
                                     points="1"),
                   black=PlayerEntry(number=2 * board, name=f"Preto Número {board}",
                                     points="1"),
                   white_score=white, black_score=black)
        for board, (white, black) in enumerate(SCORES, start=1)
    ]
    return PairingsData(header=HEADER, round=number, games=games, date="15/11/2026")


@pytest.fixture(params=["pt-br", "en"])
def language(request):
    with translation.override(request.param):
        yield request.param


def lines_of(pdf: bytes) -> list[str]:
    return [line.strip() for page in pages(pdf) for line in page.extract_text().splitlines()]


# ---------------------------------------------------------------- result slips


def test_no_word_of_a_slip_runs_into_a_tick_box(language):
    pdf = build_slips_pdf(a_round())
    for page in pages(pdf):
        boxes = [rect for rect in rectangles(page) if rect.width == rect.height == 11]
        assert len(boxes) >= 6
        for run in text_runs(page):
            for box in boxes:
                assert not run.overlaps(box.left, box.right, box.bottom, box.top), (
                    f"{run.text!r} ({run.left:.1f}-{run.right:.1f}) runs into the box at "
                    f"{box.left:.1f}")


def test_each_forfeit_box_of_a_slip_says_whose_absence_it_records():
    with translation.override("en"):
        lines = lines_of(build_slips_pdf(a_round()))
    forfeits = [line for line in lines if line.startswith("W.O.")]
    assert forfeits == ["W.O.: White absent", "W.O.: Black absent",
                        "W.O.: both absent"] * len(SCORES)
    with translation.override("pt-br"):
        text = "\n".join(lines_of(build_slips_pdf(a_round())))
    for words in ("W.O.: brancas ausentes", "W.O.: pretas ausentes", "W.O.: ambos ausentes",
                  "Vitória das brancas", "Empate", "Vitória das pretas"):
        assert text.count(words) == len(SCORES), words


# ---------------------------------------------------------------- pairings


def headings_inside_their_columns(pdf: bytes, headings: list[str]) -> None:
    """Each heading's words lie between the table's vertical rules either side of it."""
    for page in pages(pdf):
        rules = vertical_rules(page)
        for run in text_runs(page):
            if run.text not in headings:
                continue
            crossing = [x for x, low, high in rules
                        if low <= run.baseline <= high and run.left < x < run.right]
            assert not crossing, f"the heading {run.text!r} runs over a rule at {crossing}"
            left = max((x for x, low, high in rules
                        if low <= run.baseline <= high and x <= run.left), default=None)
            right = min((x for x, low, high in rules
                         if low <= run.baseline <= high and x >= run.right), default=None)
            assert left is not None and right is not None, f"{run.text!r} outside the table"


def test_the_all_rounds_result_heading_fits_its_column(language):
    pdf = build_all_pairings_pdf(AllPairingsData(header=HEADER, rounds=[a_round(1), a_round(2)]))
    headings_inside_their_columns(pdf, [translation.gettext("Result")])


def test_the_round_pairings_result_heading_fits_its_boxes(language):
    headings_inside_their_columns(build_pairings_pdf(a_round()), [translation.gettext("Result")])


def test_all_rounds_print_a_forfeit_with_its_plus_and_minus_signs():
    with translation.override("en"):
        lines = lines_of(build_all_pairings_pdf(AllPairingsData(header=HEADER,
                                                                rounds=[a_round()])))
    results = {}
    for board in range(1, len(SCORES) + 1):
        at = lines.index(f"Branco Número {board} ({2 * board - 1})")
        following = lines[at + 1]
        results[board] = "" if following.startswith("Preto") else following
    assert results == {1: "1 – 0", 2: "½ – ½", 3: "+ : −", 4: "− : +", 5: "− : −", 6: ""}
    assert not any("-" in result for result in results.values()), "a hyphen for a minus"


def test_the_round_pairings_print_a_forfeit_with_the_same_signs():
    with translation.override("en"):
        lines = lines_of(build_pairings_pdf(a_round()))
    forfeit_lines = {board: lines[lines.index(f"Branco Número {board}") + 2:
                                  lines.index(f"Branco Número {board}") + 4]
                     for board in (3, 4, 5)}
    assert forfeit_lines == {3: ["+", "−"], 4: ["−", "+"], 5: ["−", "−"]}


# ---------------------------------------------------------------- standings

SIXTY = "Maria da Conceição Albuquerque Cavalcanti de Magalhães Simão"
assert len(SIXTY) == 60


def standings_rows(names: list[str], *, club: str = "") -> list[StandingsRow]:
    return [StandingsRow(rank=rank, number=rank, name=name, club=club, points=str(10 - rank),
                         rating="1850", games="9", tiebreaks=["3", "41,5", "4"])
            for rank, name in enumerate(names, start=1)]


def names_inside_their_column(pdf: bytes, names: list[str]) -> None:
    """Each name read back whole, its words between the name column's rules."""
    flat = " ".join(" ".join(lines_of(pdf)).split())
    assert "…" not in flat
    for name in names:
        assert name in flat, f"{name!r} is not printed whole"
    for page in pages(pdf):
        rules = vertical_rules(page)
        for run in text_runs(page):
            if not any(word in name.split() for name in names for word in run.text.split()):
                continue
            crossing = [x for x, low, high in rules
                        if low <= run.baseline <= high and run.left + 0.5 < x < run.right - 0.5]
            assert not crossing, f"{run.text!r} runs over a rule at {crossing}"


@pytest.mark.parametrize("club", ["", "Clube de Damas de Conceição do Araguaia"])
def test_the_standings_print_a_60_character_name_whole(language, club):
    names = [SIXTY, "Ana Lúcia Brandão", "Raimundo Nonato Falcão"]
    data = StandingsData(header=HEADER, rows=standings_rows(names, club=club),
                         tiebreak_labels=[TiebreakLabel(abbreviation=code, name=code)
                                          for code in ("DE", "SB", "W")], after_round=9)
    names_inside_their_column(build_standings_pdf(data), names)


@pytest.mark.django_db
def test_the_demos_standings_print_every_name_whole(language):
    call_command("load_demo")
    for tournament in Tournament.objects.all():
        data = collect.standings_data(tournament)
        long_one = replace(data.rows[0], name=SIXTY)
        data = replace(data, rows=[long_one, *data.rows[1:]])
        names_inside_their_column(build_standings_pdf(data), [row.name for row in data.rows])


# ---------------------------------------------------------------- team tables

TEAM_HEADINGS = ("Pos.", "Equipe", "Clube ou cidade", "Confrontos", "Pontos de confronto",
                 "Pontos de partida", "Confronto direto", "Sonneborn-Berger por equipes",
                 "Partidas vencidas")
TEAMS = ["Clube Jaboatonense de Damas", "Associação Olindense de Damas",
         "Grêmio Garanhuense de Damas", "Clube de Damas de Petrolina"]


def test_a_team_table_wider_than_the_page_wraps_its_texts_instead_of_overlapping():
    rows = tuple((str(rank), team, "Jaboatão dos Guararapes", "2", "4", "6", "0", "9,5", "5")
                 for rank, team in enumerate(TEAMS, start=1))
    document = TableDocument(header=HEADER, title="Classificação por equipes",
                             headings=TEAM_HEADINGS, rows=rows)
    pdf = build_table_pdf(document)
    flat = " ".join(" ".join(lines_of(pdf)).split())
    for words in (*TEAM_HEADINGS, *TEAMS, "Jaboatão dos Guararapes"):
        assert words in flat, f"{words!r} is not printed whole"
    (page,) = pages(pdf)
    rules = vertical_rules(page)
    for run in text_runs(page):
        crossing = [x for x, low, high in rules
                    if low <= run.baseline <= high and run.left + 0.5 < x < run.right - 0.5]
        assert not crossing, f"{run.text!r} runs over a rule at {crossing}"


def test_a_round_not_paired_yet_says_so_in_the_pairings_of_all_rounds():
    empty = PairingsData(header=HEADER, round=4, games=[])
    with translation.override("pt-br"):
        lines = lines_of(build_all_pairings_pdf(AllPairingsData(header=HEADER,
                                                                rounds=[a_round(3), empty])))
    assert lines[lines.index("Rodada 4") + 1] == "Nenhuma partida nesta rodada."

"""The printed documents in Portuguese, the users' first language (issue 6).

Every label goes through gettext; the project's catalogue (locale/pt_BR) is compiled here with
GNU gettext's msgfmt (the tool `make messages` uses) and the documents are read back. That the
catalogue is complete is checked with the rest of it in tests/project/test_translations.py.
"""

from __future__ import annotations

import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from pypdf import PdfReader

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
    TiebreakLabel,
    TournamentHeader,
)
from tournaments.printing.pairings import build_pairings_pdf
from tournaments.printing.scoresheet import build_scoresheets_pdf
from tournaments.printing.slips import build_slips_pdf

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
HEADER = TournamentHeader(name="Aberto de Damas de São Paulo 2026", place="São Paulo, SP",
                          board="64 casas", arbiters=("Inês Araújo",))


@pytest.fixture
def portuguese(settings, tmp_path):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed (Debian package gettext)")
    target = tmp_path / "locale" / "pt_BR" / "LC_MESSAGES"
    target.mkdir(parents=True)
    subprocess.run([msgfmt, "--check", "-o", str(target / "django.mo"), str(CATALOGUE)],
                   check=True, capture_output=True)
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    with translation.override("pt-br"):
        yield


def text_of(pdf: bytes) -> str:
    reader = PdfReader(BytesIO(pdf))
    return "\n".join(page.extract_text() for page in reader.pages).replace("\xa0", " ")


def test_the_crosstable_prints_in_portuguese(portuguese):
    rows = [
        CrosstableRow(rank=1, number=2, name="João Araújo", points="1,5", tiebreaks=("2",),
                      cells={1: [GameCell(result="1", side=Side.WHITE)]}),
        CrosstableRow(rank=2, number=1, name="Conceição Simões", points="0,5", tiebreaks=("0",),
                      cells={2: [GameCell(result="0", side=Side.BLACK)]}),
    ]
    data = CrosstableData(header=HEADER, columns=[1, 2], rows=rows, after_round=2,
                          tiebreak_labels=[TiebreakLabel(abbreviation="V", name="Vitórias")])
    text = text_of(build_crosstable_pdf(data))
    for expected in ("Tabela cruzada — após a rodada 2", "Local: São Paulo, SP",
                     "Tabuleiro: 64 casas", "Árbitro: Inês Araújo", "Cl.", "Nome", "Página 1 de 1",
                     "1B", "0P", "Critérios de desempate, nesta ordem: V = Vitórias."):
        assert expected in text
    assert "Crosstable" not in text and "Page" not in text


def a_round() -> PairingsData:
    game = PairingRow(board=1, white=PlayerEntry(number=1, name="João Araújo"),
                      black=PlayerEntry(number=2, name="Conceição Simões"))
    return PairingsData(header=HEADER, round=3, games=[game],
                        byes=[PlayerEntry(number=3, name="Inês Lázaro")])


def test_pairings_and_slips_print_in_portuguese(portuguese):
    pairings = text_of(build_pairings_pdf(a_round()))
    for expected in ("Emparceiramentos — Rodada 3", "Mesa", "Brancas", "Pretas", "Resultado",
                     "Folga: Inês Lázaro (3)"):
        assert expected in pairings
    slips = text_of(build_slips_pdf(a_round()))
    for expected in ("Súmula de resultado", "Rodada 3 · Mesa 1", "Vitória das brancas", "Empate",
                     "Vitória das pretas", "Assinatura das brancas", "Assinatura das pretas",
                     "Assinatura do árbitro"):
        assert expected in slips


def test_score_sheets_print_in_portuguese(portuguese):
    text = text_of(build_scoresheets_pdf(ScoreSheetData(header=HEADER, squares=64)))
    for expected in ("Planilha de anotação — 64 casas (brasileiro)", "Evento", "Rodada", "Mesa",
                     "Data", "Notação", "Casas de 1 a 32", "Também se aceitam letras e números"):
        assert expected in text

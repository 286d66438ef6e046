"""Names of an international (100-square) field print whole (issue 20, "Every name prints").

Bitstream Vera covers Latin-1 only, so Ł, ā, ř, ş, İ or Cyrillic letters came out as empty boxes.
The crosstable is built from plain data and its text read back with pypdf: every letter of every
name must be there, set in the embedded font the project ships.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from django.utils import translation
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from tournaments.printing import fonts
from tournaments.printing.crosstable import build_crosstable_pdf
from tournaments.printing.data import (
    CrosstableData,
    CrosstableRow,
    GameCell,
    Side,
    TiebreakLabel,
    TournamentHeader,
)

NAMES = [
    "Łukasz Żółkiewski",  # Polish
    "Jānis Ķēniņš-Ļoļa",  # Latvian
    "Jiří Dvořák-Ťučková",  # Czech
    "İsmail Işık Ağaoğlu Şen",  # Turkish
    "Дмитрий Щукин",  # Russian, Cyrillic
    "Олександр Ґудзь-Їжак",  # Ukrainian, Cyrillic
]


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def international_crosstable() -> CrosstableData:
    columns = list(range(1, len(NAMES) + 1))
    rows = [
        CrosstableRow(rank=number, number=number, name=name, points="1", tiebreaks=("0",),
                      cells={other: [GameCell(result="1", side=Side.WHITE)]
                             for other in columns if other != number})
        for number, name in enumerate(NAMES, start=1)
    ]
    header = TournamentHeader(name="Международный турнир — Kraków 2026", place="Rīga",
                              board="100 squares (international)", arbiters=("Çağrı Öztürk",))
    return CrosstableData(header=header, columns=columns, rows=rows, after_round=5,
                          tiebreak_labels=[TiebreakLabel(abbreviation="W", name="Wins")])


def test_every_letter_of_every_name_is_read_back_from_the_crosstable():
    pdf = build_crosstable_pdf(international_crosstable())
    text = "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    text = text.replace("\xa0", " ")
    for name in NAMES:
        assert name in text
    assert "Международный турнир — Kraków 2026" in text
    assert "Çağrı Öztürk" in text


def test_the_font_has_a_glyph_for_every_letter_of_those_names():
    face = pdfmetrics.getFont(fonts.REGULAR).face
    letters = set("".join(NAMES)) - {" ", "-"}
    missing = sorted(letter for letter in letters if ord(letter) not in face.charToGlyph)
    assert not missing, f"no glyph for {missing}"


def test_the_font_files_and_their_licence_ship_with_the_project():
    for filename in fonts.FILES.values():
        path = fonts.FONT_DIR / filename
        assert path.is_file(), path
        assert Path(fonts.__file__).parent in path.parents
    assert (fonts.FONT_DIR / "LICENSE").is_file()


def test_a_crosstable_with_those_names_gives_the_same_bytes_twice():
    data = international_crosstable()
    assert build_crosstable_pdf(data) == build_crosstable_pdf(data)

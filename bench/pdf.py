"""Time the printed crosstable of a 100-player round robin (issue 6: target under 3 s).

Builds the plain data in memory (no database), then the PDF, three times, and prints the best.
Rerun with: .venv/bin/python bench/pdf.py
"""

from __future__ import annotations

import os
import sys
import time
from fractions import Fraction
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.utils import translation  # noqa: E402
from pypdf import PdfReader  # noqa: E402

from tournaments.printing.crosstable import build_crosstable_pdf  # noqa: E402
from tournaments.printing.data import (  # noqa: E402
    CrosstableData,
    CrosstableRow,
    GameCell,
    Side,
    TiebreakLabel,
    TournamentHeader,
)

PLAYERS = 100
TARGET_SECONDS = 3.0
RUNS = 3
FIRST = ["João", "Maria", "José", "Conceição", "Antônio", "Luís", "Ana", "Sebastião", "Inês",
         "Glória"]
LAST = ["Araújo", "da Silva", "Gonçalves", "Assunção", "Magalhães", "Simões", "Brandão", "Lázaro",
        "Conceição", "Guimarães"]
SCORES = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}


def crosstable(players: int) -> CrosstableData:
    """A finished single round robin with varied results, ranked by points."""
    cells: dict[int, dict[int, list[GameCell]]] = {n: {} for n in range(1, players + 1)}
    points = dict.fromkeys(cells, Fraction(0))
    for a in range(1, players + 1):
        for b in range(a + 1, players + 1):
            scored = [Fraction(1), Fraction(1, 2), Fraction(0)][(a * 7 + b * 3) % 3]
            a_side, b_side = (Side.WHITE, Side.BLACK) if (a + b) % 2 else (Side.BLACK, Side.WHITE)
            cells[a][b] = [GameCell(result=SCORES[scored], side=a_side)]
            cells[b][a] = [GameCell(result=SCORES[1 - scored], side=b_side)]
            points[a] += scored
            points[b] += 1 - scored
    order = sorted(cells, key=lambda n: (-points[n], n))
    header = TournamentHeader(
        name="Aberto de Damas de São Paulo 2026", place="São Paulo, SP", dates="14–15/11/2026",
        board="64 casas (brasileiro)", time_control="60 min + 30 s", arbiters=("Inês Araújo",),
    )
    rows = [
        CrosstableRow(
            rank=rank, number=number, name=f"{FIRST[number % 10]} {LAST[number // 10 % 10]}",
            club="Clube de Damas de São José dos Campos", points=f"{float(points[number]):g}",
            tiebreaks=(str(number % 3), str(number % 40), f"{number * 2.25:g}", str(number % 50)),
            cells=cells[number],
        )
        for rank, number in enumerate(order, start=1)
    ]
    labels = [TiebreakLabel(abbreviation=a, name=n) for a, n in
              (("CD", "Confronto direto"), ("V", "Vitórias"), ("SB", "Sonneborn-Berger"),
               ("P", "Partidas de pretas"))]
    return CrosstableData(header=header, columns=sorted(cells), rows=rows,
                          tiebreak_labels=labels, after_round=players - 1)


def main() -> int:
    with translation.override("pt-br"):
        data = crosstable(PLAYERS)
        timings = []
        for _run in range(RUNS):
            start = time.perf_counter()
            pdf = build_crosstable_pdf(data)
            timings.append(time.perf_counter() - start)
    pages = len(PdfReader(BytesIO(pdf)).pages)
    best = min(timings)
    print(f"crosstable PDF, {PLAYERS} players: best {best:.2f} s of {RUNS} runs "
          f"({', '.join(f'{t:.2f}' for t in timings)}), {pages} pages, {len(pdf) // 1024} KiB; "
          f"target under {TARGET_SECONDS:.0f} s")
    print("rerun: .venv/bin/python bench/pdf.py")
    return 0 if best < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())

"""The whole round's results on an arbiter's phone, found in a rehearsal of a whole event: with
real names ("32. Antônio Souza Albuquerque") each name ran on under the result box, and the
meaning printed under the box ("0-1 (vitória das pretas)") was written over Black's name. Each
name now wraps inside its own column, beside the box, never under it.
"""

from __future__ import annotations

import pytest
from browser_support import sign_in

from tournaments import services

pytestmark = pytest.mark.browser

NAMES = ["Antônio Souza Albuquerque", "Pedro Melo Souza", "Otaviano Ramos Bezerra",
         "Rafael Ferreira Freitas", "Gabriel Cavalcanti Gomes", "José Ferreira Santos"]

# For each board: the right edge of White's and Black's text, and the box of the result column
# (its input and the meaning under it), in CSS pixels.
ROWS_JS = """() => Array.from(document.querySelectorAll('.round-results-table tbody tr'), tr => {
  const cells = tr.querySelectorAll('td');
  const textBox = td => { const range = document.createRange(); range.selectNodeContents(td);
                          const r = range.getBoundingClientRect();
                          return [r.left, r.right, r.top, r.bottom]; };
  const box = el => { const r = el.getBoundingClientRect();
                      return [r.left, r.right, r.top, r.bottom]; };
  return {white: textBox(cells[1]), black: textBox(cells[3]),
          input: box(cells[2].querySelector('input')),
          meaning: box(cells[2].querySelector('output'))};
})"""


def overlaps(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def test_names_stay_beside_the_result_box_on_a_phone(open_tab, organiser, arbiter):
    tournament = services.create_tournament(name="Aberto de Recife 2026 - Feminino",
                                            created_by=organiser, arbiters=[arbiter])
    for index, name in enumerate(NAMES):
        services.add_player(tournament, name=name, club="Clube Náutico Capibaribe",
                            rating=2000 - index)
    services.draw_numbers(tournament, seed=2026)
    services.generate_rounds(tournament)
    tab = open_tab("round-results-phone", phone=True)
    page = tab.page
    sign_in(tab, arbiter.username)
    page.goto(f"/torneios/{tournament.slug}/rodada/1/resultados/")
    fields = page.locator("input.result-code")
    for index, code in enumerate(("0", "1", "=")):
        fields.nth(index).fill(code)
    tab.snap("filled")
    rows = page.evaluate(ROWS_JS)
    assert len(rows) == 3
    for board, row in enumerate(rows, start=1):
        for side in ("white", "black"):
            for other in ("input", "meaning"):
                assert not overlaps(row[side], row[other]), (
                    f"board {board}: {side}'s name {row[side]} runs into the {other} "
                    f"{row[other]}")

"""The standings in the JSON export carry every tie-break of the order by its stable id (issue 14),
including the Swiss ones computed on a round robin with the players' ratings."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.standings.tiebreaks import REGISTRY

pytestmark = pytest.mark.django_db

# A 3-player round robin, 1-1/2-0: R1 1-2 1-0 (3 bye), R2 3-1 1/2 (2 bye), R3 2-3 0-1 (1 bye).
THREE = {
    "name": "Torneio de Desempates",
    "board": 64,
    "cycles": 1,
    "scoring": {"win": 1, "draw": 0.5, "loss": 0},
    "tiebreaks": list(REGISTRY),
    "players": [
        {"number": 1, "name": "Ana", "club": "", "rating": 1800},
        {"number": 2, "name": "Bia", "club": "", "rating": 1600},
        {"number": 3, "name": "Caio", "club": "", "rating": None},
    ],
    "rounds": [
        {"number": 1, "games": [{"board": 1, "white": 1, "black": 2, "result": "1-0"}], "bye": 3},
        {"number": 2, "games": [{"board": 1, "white": 3, "black": 1, "result": "1/2-1/2"}],
         "bye": 2},
        {"number": 3, "games": [{"board": 1, "white": 2, "black": 3, "result": "0-1"}], "bye": 1},
    ],
}


def test_every_tie_break_is_exported_by_its_stable_id(tmp_path):
    path = tmp_path / "torneio.json"
    path.write_text(json.dumps(THREE), encoding="utf-8")
    out = StringIO()
    call_command("import_tournament", str(path), stdout=out)
    exported = StringIO()
    call_command("export_tournament", out.getvalue().strip(), stdout=exported)
    standings = json.loads(exported.getvalue())["standings"]
    assert all(list(row["tiebreaks"]) == list(REGISTRY) for row in standings)
    by_number = {row["number"]: row["tiebreaks"] for row in standings}
    # Totals: 1 -> 3/2, 3 -> 3/2, 2 -> 0. Buchholz (a round robin: opponents' totals) of 1:
    # 0 + 3/2 = 1.5; progressive of 1: 1 + 3/2 + 3/2 = 4.
    assert by_number[1]["buchholz"] == 1.5
    assert by_number[1]["progressive"] == 4
    # Player 1 met 2 (1600) and 3 (unrated): ARO 1600; 1 of 1 against a rated opponent,
    # dp(1.00) = 800 -> TPR 2400. Player 3 met 1 (1800) and 2 (1600): ARO 1700, cut-1 1800.
    assert (by_number[1]["aro"], by_number[1]["tpr"]) == (1600, 2400)
    assert (by_number[3]["aro"], by_number[3]["aro-cut-1"]) == (1700, 1800)
    # Player 3: 1/2 + 1 of 2 = .75, dp 193 -> 1893.
    assert by_number[3]["tpr"] == 1893
    assert by_number[1]["aro-cut-1"] is None

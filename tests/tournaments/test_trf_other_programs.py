"""TRF files other programs write, and the file the site writes for the rating office (issue 25).

The samples in tests/data/trf are written as those programs write them: lichess leaves a bye or
an absence as a blank block, Swiss-Manager-like programs write "0000 - +" for a player whose
opponent never came, and date the tournament DD.MM.YYYY."""

import datetime
from pathlib import Path

import pytest
from django.core.management import call_command

from tournaments.models import Absence, Entry, Game, GameResult, Tournament
from tournaments.swiss.trf import parse_trf
from tournaments.swiss_table import regulation_for
from tournaments.swiss_trf import export_trf_text, import_trf, read_trf_date

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent.parent / "data" / "trf"
LICHESS = DATA / "lichess-blank-byes.trf"
FORFEIT = DATA / "swiss-manager-forfeit-no-opponent.trf"


def test_lichess_blank_rounds_are_read_as_the_points_column_says():
    imported = import_trf(LICHESS.read_text())
    t = imported.tournament
    late = Entry.objects.get(tournament=t, number=7)
    assert late.absences.get(round_number=1).kind == "H"  # 0.5 points without a game
    assert t.rounds.get(number=3).bye.number == 5  # the odd player out, 1 point
    assert Entry.objects.get(tournament=t, number=6).absences.get(round_number=2).kind == "-"
    assert not Entry.objects.get(tournament=t, number=5).withdrawn
    assert imported.notes == [
        "Line 15, player 5 (lance_forcado), round 3: a blank round, read as the "
        "pairing-allocated bye (U).",
        "Line 16, player 6 (capivara_dama), round 2: a blank round, read as an absence "
        "(not paired, no points).",
        "Line 17, player 7 (tardio_2010), round 1: a blank round, read as a half-point bye "
        "(H).",
    ]


def test_a_forfeit_win_without_opponent_is_a_point_without_a_game():
    imported = import_trf(FORFEIT.read_text())
    t = imported.tournament
    assert Entry.objects.get(tournament=t, number=5).absences.get(round_number=2).kind == "F"
    assert Entry.objects.get(tournament=t, number=6).absences.get(round_number=2).kind == "-"
    assert Game.objects.of_tournament(t).count() == 8
    assert imported.notes == [
        'Line 17, player 5 (Araujo, Jose), round 2: "0000 - +", a forfeit win without an '
        "opponent, read as a full-point bye (F).",
    ]


def test_the_command_prints_the_slug_and_says_how_entries_were_read(capsys):
    call_command("import_trf", str(FORFEIT), "--slug", "caruaru")
    out, err = capsys.readouterr()
    assert out == "caruaru\n"
    assert "player 5 (Araujo, Jose), round 2" in err and "full-point bye (F)" in err


def test_the_dates_are_read_and_choose_the_tie_break_text():
    t = import_trf(FORFEIT.read_text()).tournament
    assert (t.start_date, t.end_date) == (datetime.date(2025, 11, 14),
                                          datetime.date(2025, 11, 15))
    assert regulation_for(t.start_date) == "2024"  # played before the 2026 text
    lichess = import_trf(LICHESS.read_text()).tournament
    assert lichess.start_date == lichess.end_date == datetime.date(2026, 5, 10)


@pytest.mark.parametrize("text, date", [
    ("2025/11/14", datetime.date(2025, 11, 14)), ("2025-11-14", datetime.date(2025, 11, 14)),
    ("14.11.2025", datetime.date(2025, 11, 14)), ("14/11/2025", datetime.date(2025, 11, 14)),
    ("2025.1.4", datetime.date(2025, 1, 4)), ("4-1-2025", datetime.date(2025, 1, 4)),
    ("14/11/25", None), ("novembro", None), ("2025/13/01", None),
])
def test_date_forms(text, date):
    assert read_trf_date(text) == date


def test_an_unreadable_start_date_is_said_and_left_out():
    text = FORFEIT.read_text().replace("042 14.11.2025", "042 14 de novembro")
    imported = import_trf(text)
    assert imported.tournament.start_date is None
    assert any('"14 de novembro"' in note and "042" in note for note in imported.notes)


def test_sex_federation_and_birth_date_are_read():
    t = import_trf(FORFEIT.read_text()).tournament
    maria = Entry.objects.get(tournament=t, number=2).player
    assert (maria.sex, maria.club, maria.birth_date) == ("F", "BRA",
                                                         datetime.date(1995, 7, 21))
    assert Entry.objects.get(tournament=t, number=6).player.birth_date is None


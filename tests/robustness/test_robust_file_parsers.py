"""The site's file readers on damaged input: the players' CSV and the tournament backup (JSON).

Each either accepts the file or refuses it with its own error (CsvImportError, BackupError)
and a message for people; never another exception. A refused backup leaves nothing behind.
The seeds are real: the CSV the browser tests import, and the export of a small tournament.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.db import transaction
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from robust_mutations import examples, mutated_document, mutated_text, text_or_mutation

from tournaments import services
from tournaments.files.backup import export_tournament, import_tournament
from tournaments.files.backup_values import BackupError
from tournaments.files.import_problems import CsvImportError
from tournaments.files.player_list import parse_players_csv
from tournaments.models import Entry, Game, Player, Round, Tournament

DATA = Path(__file__).resolve().parents[1] / "data"

CSV_SEEDS = [
    (DATA / "browser" / "jogadores.csv").read_text(encoding="utf-8-sig"),
    "name,club,rating,federation_id\nAna Conceição,Clube de Damas de Campinas,1850,CBD-1\n"
    "\"Brandão, João\",,2010,\n",
]
CSV_REGRESSIONS = [
    b"name\n" + b"a" * 200_000 + b"\n",  # a field longer than the csv module's limit
    b"name\r\nAna\rJoao\n",  # a carriage return alone inside a line
    b"name\nAna\x00Conceicao\n",  # a NUL character, which PostgreSQL cannot store
    b"name,rating\nAna," + b"9" * 4305 + b"\n",  # past int()'s 4,300 digits (issue 29)
]


@settings(max_examples=examples(200), deadline=None)
@given(text=text_or_mutation(CSV_SEEDS),
       encoding=st.sampled_from(["utf-8", "utf-8-sig", "cp1252", "utf-16"]))
@example(text=CSV_REGRESSIONS[0].decode(), encoding="utf-8")
@example(text=CSV_REGRESSIONS[1].decode(), encoding="utf-8")
@example(text=CSV_REGRESSIONS[2].decode(), encoding="utf-8")
@example(text=CSV_REGRESSIONS[3].decode(), encoding="utf-8")
def test_a_players_csv_is_read_or_refused_with_the_lines_that_are_wrong(text, encoding):
    data = text.encode(encoding, errors="replace")
    try:
        rows = parse_players_csv(data)
    except Exception as error:  # the test is which exceptions escape
        assert isinstance(error, CsvImportError), f"{type(error).__name__}: {error}"
        assert error.problems and all(str(problem).strip() for problem in error.problems)
        return
    assert rows
    for row in rows:
        assert row.name and len(row.name) <= 200 and "\x00" not in row.name
        assert row.rating is None or 0 <= row.rating <= 3500


# ------------------------------------------------------------------------------------ backups

@pytest.fixture
def backup_seed(db, django_user_model) -> dict:
    """The export of a small tournament with every optional key: dates, place, seed, a
    federation id, a withdrawn player, results entered, a bye."""
    organiser = django_user_model.objects.create_user("organizadora")
    tournament = services.create_tournament(
        created_by=organiser, name="Aberto de Campinas", place="Campinas",
        start_date="2026-03-07", end_date="2026-03-08", time_control="rapid")
    for index, name in enumerate(["Ana Conceição", "João Brandão", "Maria Araújo"], 1):
        services.add_player(tournament, name=name, club="Clube de Damas", rating=1500 + index,
                            federation_id=f"CBD-{index}" if index == 1 else "")
    services.draw_numbers(tournament, seed=7)
    services.generate_rounds(tournament)
    first = Game.objects.of_tournament(tournament).order_by("round__number", "board").first()
    services.record_result(first, result="1-0", expected_version=first.version)
    services.withdraw_player(tournament.entries.get(number=3))
    data = export_tournament(tournament)
    # Imported as a new tournament: another name, so its players are new players too.
    data["name"] = "Aberto de Campinas (cópia)"
    for player in data["players"]:
        player.pop("federation_id", None)
    return json.loads(json.dumps(data))


def stored_rows() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in (Tournament, Player, Entry, Round, Game))


def test_the_backup_seed_imports_whole(backup_seed):
    before = stored_rows()
    tournament = import_tournament(backup_seed)
    assert export_tournament(tournament)["rounds"] == backup_seed["rounds"]
    assert stored_rows() == (before[0] + 1, before[1] + 3, before[2] + 3, before[3] + 3,
                             before[4] + 3)


BACKUP_REGRESSIONS = [
    ("scoring", {"win": float("nan"), "draw": 0.5, "loss": 0}),
    ("tiebreaks", [["direct_encounter"]]),
    ("seed", 2**63),
    ("players", [{"number": 40000, "name": "Ana", "club": "", "rating": None}]),
    ("players", [{"number": None, "name": "Ana", "club": "", "rating": 40000}]),
    ("players", [{"number": None, "name": "Ana\x00", "club": "", "rating": None}]),
    ("place", "Campinas\x00"),
]


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_backup_is_imported_or_refused_whole_with_a_backup_error(backup_seed, data):
    document = data.draw(st.one_of(
        mutated_document(backup_seed),
        # damaged as text, then read as JSON when it still is JSON
        mutated_text([json.dumps(backup_seed)]).map(_json_or_none),
    ))
    _import_or_refuse(document)


@pytest.mark.parametrize(("key", "value"), BACKUP_REGRESSIONS)
def test_known_bad_backups_are_refused_with_a_backup_error(backup_seed, key, value):
    """Values that once escaped as another exception, or that PostgreSQL cannot store."""
    document = {name: backup_seed[name] for name in ("name", "board", "cycles", "scoring",
                                                     "tiebreaks", "players", "place")}
    document["rounds"] = []
    for player in document["players"]:
        player["number"] = None
    refusal = _import_or_refuse({**document, key: value})
    assert refusal is not None and key in str(refusal)


def _json_or_none(text: str):
    try:
        return json.loads(text)
    except ValueError:
        return None


def _import_or_refuse(document) -> BackupError | None:
    """Import in a savepoint that is rolled back, so each example starts from the same rows;
    the refusal, or None when the file was imported."""
    before = stored_rows()
    refusal = None
    with transaction.atomic():
        try:
            imported = import_tournament(document)
        except Exception as error:
            assert isinstance(error, BackupError), f"{type(error).__name__}: {error}"
            assert str(error).strip()
            assert stored_rows() == before, "a refused file left rows behind"
            refusal = error
        else:
            assert Tournament.objects.filter(pk=imported.pk).exists()
            # What was imported exports again and imports again (a backup of the backup).
            again = export_tournament(imported)
            assert again["rounds"] == export_tournament(
                Tournament.objects.get(pk=imported.pk))["rounds"]
        transaction.set_rollback(True)
    return refusal

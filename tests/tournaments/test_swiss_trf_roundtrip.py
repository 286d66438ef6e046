"""TRF both ways: a file imported then exported comes back the same (issue 14)."""

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournaments.files.swiss_trf import import_trf_text
from tournaments.models import Absence, Game, Tournament
from tournaments.pairing.swiss.trf import write_trf
from tournaments.queries.swiss_trf import complete_rounds, tournament_to_trf

pytestmark = pytest.mark.django_db

FIXTURES = sorted((Path(__file__).parent.parent / "data" / "swiss").glob("*.trf"))


def kept(text: str) -> list[str]:
    """The lines and columns the site keeps: player number, name, rating, points and rounds;
    not the rank (86-89), nor headers other than the name, nor XXR/XXC/092 it adds itself."""
    lines = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith("001"):
            lines.append((line[:85] + "    " + line[89:]).rstrip())
        elif line.startswith("012"):
            lines.append(line.rstrip())
    return lines


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_import_then_export_gives_the_file_back(path):
    text = path.read_text()
    tournament = import_trf_text(text)
    exported = write_trf(tournament_to_trf(tournament, rounds=complete_rounds(tournament)))
    assert kept(exported) == kept(text)


def test_the_commands_write_and_read_files(tmp_path, capsys):
    source = FIXTURES[0]
    call_command("import_trf", str(source), "--slug", "aberto")
    tournament = Tournament.objects.get(slug="aberto")
    assert tournament.is_swiss and tournament.rounds.count() == tournament.swiss_rounds
    out = tmp_path / "out.trf"
    call_command("export_trf", "aberto", "-o", str(out))
    assert kept(out.read_text()) == kept(source.read_text())
    assert "XXR" in out.read_text()


def test_a_bad_file_is_refused_naming_the_line_and_nothing_is_saved(tmp_path):
    lines = FIXTURES[0].read_bytes().decode().split("\r")
    player = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[player] = lines[player][:81] + "9.5" + lines[player][84:]  # a wrong score
    bad = tmp_path / "bad.trf"
    bad.write_bytes("\r".join(lines).encode())
    with pytest.raises(CommandError, match=f"line {player + 1}, column 81"):
        call_command("import_trf", str(bad))
    assert not Tournament.objects.exists() and not Game.objects.exists()


def test_requested_byes_and_withdrawals_survive_the_round_trip():
    text = next(p for p in FIXTURES if " H" in p.read_text()).read_text()
    tournament = import_trf_text(text)
    assert Absence.objects.filter(entry__tournament=tournament, kind="H").exists()


def test_the_json_backup_carries_the_swiss_state():
    from tournaments.files.backup import export_tournament, import_tournament
    from tournaments.services import swiss as swiss_event

    tournament = import_trf_text(FIXTURES[3].read_bytes().decode())
    tournament.swiss_rounds += 2
    tournament.save()
    swiss_event.request_absence(tournament.entries.get(number=2), tournament.swiss_rounds - 1,
                                "H")
    swiss_event.enter_late(tournament, name="Tardio", rating=1000)
    swiss_event.pair_next_round(tournament)
    data = export_tournament(tournament)
    copy = import_tournament(data)
    assert export_tournament(copy) == data
    original = write_trf(tournament_to_trf(tournament, rounds=complete_rounds(tournament)))
    assert write_trf(tournament_to_trf(copy, rounds=complete_rounds(copy))).replace(
        copy.name, "") == original.replace(tournament.name, "")
    assert data["swiss"]["unpublished"] == [tournament.rounds.count()]


# Half- and zero-point byes asked for (t0012002 has both), forfeits, pairing byes.
WITH_BYES_AND_ABSENCES = [p for p in FIXTURES if p.stem.startswith(("t0012002", "t0012008"))]


@pytest.mark.parametrize("path", WITH_BYES_AND_ABSENCES, ids=lambda p: p.stem)
def test_export_import_export_gives_the_same_file(path):
    """The other direction (issue 25): what the site writes, read back, is written the same,
    rank, requested byes and absences, withdrawals and points included."""
    from tournaments.queries.swiss_trf import export_trf_text

    first = export_trf_text(import_trf_text(path.read_text()))
    assert export_trf_text(import_trf_text(first)) == first

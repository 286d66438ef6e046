"""TRF files other programs write, and the file the site writes for the rating office (issue 25).

The samples in tests/data/trf are written as those programs write them: lichess leaves a bye or
an absence as a blank block, Swiss-Manager-like programs write "0000 - +" for a player whose
opponent never came, and date the tournament DD.MM.YYYY."""

import datetime
from pathlib import Path

import pytest
from django.core.management import call_command

from tournaments.files.swiss_trf import import_trf, read_trf_date
from tournaments.models import Absence, Entry, Game, Tournament
from tournaments.standings.swiss_table import regulation_for

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



# --- the file the site writes ----------------------------------------------------------------

def _swiss_with_byes_a_late_entry_and_a_withdrawal() -> Tournament:
    """9 players, 5 rounds, 4 played: a pairing bye each round, a half-point bye asked for
    round 2, a late entry from round 3, a withdrawal before round 4, and a half-point bye asked
    for round 5, not paired yet."""
    from test_swiss_event import play_round, swiss

    from tournaments import services
    from tournaments.services import swiss as swiss_event

    tournament = swiss(9, rounds=5, start_date=datetime.date(2026, 11, 21),
                       end_date=datetime.date(2026, 11, 22))
    entries = list(tournament.entries.order_by("pk").select_related("player"))
    entries[0].player.sex, entries[0].player.club = "F", "BRA"
    entries[0].player.birth_date = datetime.date(2008, 2, 29)
    entries[0].player.save()
    entries[1].player.sex, entries[1].player.birth_year = "M", 1961
    entries[1].player.save()
    for round_no in range(1, 5):
        if round_no == 2:
            swiss_event.request_absence(entries[2], 2, "H")
        if round_no == 3:
            swiss_event.enter_late(tournament, name="Chegou Tarde", rating=1555)
        if round_no == 4:
            services.withdraw_player(entries[4])
        round_ = swiss_event.pair_next_round(tournament)
        swiss_event.publish_round(round_)
        play_round(round_)
    swiss_event.request_absence(entries[3], 5, "H")
    return tournament


def _exported(tournament: Tournament, tmp_path: Path) -> str:
    """What `manage.py export_trf` writes, the way the rating office receives it."""
    path = tmp_path / f"{tournament.slug}.trf"
    call_command("export_trf", tournament.slug, "-o", str(path))
    return path.read_bytes().decode()


def _line_of(text: str, name: str) -> str:
    return next(line for line in text.split("\r\n") if line.startswith("001") and name in line)


def _blocks(line: str) -> list[str]:
    return [line[91 + 10 * r: 99 + 10 * r] for r in range((len(line) - 91 + 2) // 10)]


def test_the_export_writes_what_the_rating_office_reads(tmp_path):
    tournament = _swiss_with_byes_a_late_entry_and_a_withdrawal()
    text = _exported(tournament, tmp_path)
    entries = list(tournament.entries.order_by("pk").select_related("player"))
    first = _line_of(text, entries[0].player.name)
    assert (first[9], first[53:56], first[69:79]) == ("w", "BRA", "2008/02/29")
    second = _line_of(text, entries[1].player.name)
    assert (second[9], second[53:56], second[69:79]) == ("m", "   ", "1961/00/00")
    late = _line_of(text, "Chegou Tarde")
    assert _blocks(late)[:2] == ["0000 - -", "0000 - -"]
    leaver = _line_of(text, entries[4].player.name)
    assert _blocks(leaver)[3:] == ["0000 - -", "0000 - -"]  # round 4, and round 5 to come
    assert _blocks(_line_of(text, entries[2].player.name))[1] == "0000 - H"
    asked = _line_of(text, entries[3].player.name)
    assert _blocks(asked)[4] == "0000 - H"
    from tournaments.queries.reports import standings

    rows = standings(tournament, up_to_round=4)
    for row in rows:
        line = _line_of(text, row.entry.player.name)
        assert int(line[85:89]) == row.rank, row.entry.player.name
        assert line[80:84] == f"{float(row.points):4.1f}"  # after round 4: the H of 5 not yet
    assert sorted(int(_line_of(text, r.entry.player.name)[85:89]) for r in rows) == [
        r.rank for r in rows]
    assert "042 2026/11/21" in text and "052 2026/11/22" in text


def test_export_import_export_gives_the_same_file(tmp_path, capsys):
    tournament = _swiss_with_byes_a_late_entry_and_a_withdrawal()
    text = _exported(tournament, tmp_path)
    call_command("import_trf", str(tmp_path / f"{tournament.slug}.trf"), "--slug", "copia")
    copy = Tournament.objects.get(slug="copia")
    assert _exported(copy, tmp_path) == text
    assert copy.entries.get(player__name=tournament.entries.get(withdrawn=True).player.name
                            ).withdrawn
    assert Absence.objects.filter(entry__tournament=copy, round_number=5, kind="H").exists()
    assert copy.start_date == datetime.date(2026, 11, 21)


@pytest.mark.parametrize("players, cycles", [(5, 1), (4, 2)])
def test_a_round_robin_goes_out_and_comes_back_the_same(tmp_path, players, cycles):
    """The rating office rates round robins too: byes of an odd number (no game, no points)
    and a withdrawal's forfeits written, and read back as the same round robin."""
    from tournament_factories import make_tournament

    from tournaments import services
    from tournaments.models import GameResult as Result
    from tournaments.models import PairingSystem

    tournament = make_tournament(players, paired=True, cycles=cycles,
                                 start_date=datetime.date(2026, 3, 7))
    games = list(Game.objects.of_tournament(tournament).order_by("round__number", "board"))
    rounds = tournament.rounds.count()
    for index, game in enumerate(games):
        if game.round.number <= rounds // 2:
            result = [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN][index % 3]
            services.record_result(game, result=result, expected_version=game.version)
    services.withdraw_player(tournament.entries.get(number=2))  # the rest become forfeits
    for game in Game.objects.of_tournament(tournament).filter(result=""):
        services.record_result(game, result=Result.DRAW, expected_version=game.version)
    text = _exported(tournament, tmp_path)
    assert "092 Individual: Round-Robin" in text and f"XXR {rounds}" in text
    if players % 2:
        bye = tournament.rounds.get(number=1).bye
        assert _blocks(_line_of(text, bye.player.name))[0] == "0000 - -"
    leaver = _blocks(_line_of(text, tournament.entries.get(number=2).player.name))
    assert leaver[-1].endswith(" -") and not leaver[-1].startswith("0000")  # forfeit, opponent
    call_command("import_trf", str(tmp_path / f"{tournament.slug}.trf"), "--slug", "copia")
    copy = Tournament.objects.get(slug="copia")
    assert (copy.system, copy.cycles) == (PairingSystem.ROUND_ROBIN, cycles)
    assert copy.status == "finished"
    assert _exported(copy, tmp_path) == text


# --- the web pages ---------------------------------------------------------------------------

def _upload(client, path: Path, content: bytes | None = None):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    upload = SimpleUploadedFile(path.name, path.read_bytes() if content is None else content,
                                content_type="text/plain")
    return client.post(reverse("tournaments:import_trf"), {"file": upload}, follow=True,
                       HTTP_ACCEPT_LANGUAGE="en")


def test_the_web_import_says_how_each_entry_was_read(client, organiser):
    client.force_login(organiser)
    response = _upload(client, LICHESS)
    page = response.content.decode()
    t = Tournament.objects.get()
    assert response.redirect_chain[-1][0] == t.get_absolute_url()
    assert t.organisers.filter(pk=organiser.pk).exists()
    assert "player 7 (tardio_2010), round 1: a blank round, read as a half-point bye (H)" in page
    assert "player 5 (lance_forcado), round 3" in page


def test_a_bad_file_on_the_web_names_its_line_and_saves_nothing(client, organiser):
    client.force_login(organiser)
    text = FORFEIT.read_bytes().replace(b"0000 - +", b"0000 - 1")
    response = _upload(client, FORFEIT, text)
    assert response.status_code == 400
    assert "line 17, column 109" in response.content.decode()
    assert not Tournament.objects.exists()


def test_only_organisers_import_and_only_officials_download(client, outsider, organiser,
                                                            tmp_path):
    from django.urls import reverse

    client.force_login(outsider)
    assert _upload(client, LICHESS).status_code == 403
    assert not Tournament.objects.exists()
    client.force_login(organiser)
    _upload(client, FORFEIT)
    t = Tournament.objects.get()
    url = reverse("tournaments:trf", args=[t.slug])
    assert url in client.get(t.get_absolute_url()).content.decode()
    response = client.get(url)
    assert response["Content-Disposition"] == f'attachment; filename="{t.slug}.trf"'
    assert response.content.decode() == _exported(t, tmp_path)
    client.force_login(outsider)
    assert client.get(url).status_code == 403


def test_players_without_a_pairing_number_yet_have_no_line(tmp_path):
    """Found by the robustness crawl: the download of a tournament still taking entries."""
    from tournament_factories import make_tournament

    tournament = make_tournament(3)
    assert tournament.entries.filter(number__isnull=True).exists()
    assert "\r\n001" not in _exported(tournament, tmp_path)


def test_blank_rounds_no_bye_explains_are_named_in_the_refusal(tmp_path):
    """2.5 points from 0.5 played and one blank round: no bye is worth 2, the file is wrong."""
    from django.core.management import CommandError

    lines = LICHESS.read_text().split("\n")
    lines[15] = lines[15][:80] + " 2.5" + lines[15][84:]
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines))
    with pytest.raises(CommandError, match=r"line 16, column 81: player 6 has 2\.5 points but "
                       r"the results add up to 0\.5 \(blank round 2, read as no points\)"):
        call_command("import_trf", str(bad))
    assert not Tournament.objects.exists()

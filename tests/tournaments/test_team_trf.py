"""TRF-2026 for team competitions (issue 16): export_trf writes the team records the 2026 TRF
defines (310 teams, 320 pairing-allocated byes, 330 forfeited matches, 300 line-ups out of the
roster order, 352 board colours, 362 match points) with the 001 record of every team member;
import_trf reads such a file back into the same competition."""

import pytest
from django.core.management import CommandError, call_command
from team_factories import make_league, play_round

from tournaments.files.team_trf import TeamTrfError, team_trf
from tournaments.files.team_trf_import import import_team_trf
from tournaments.models import Game, MatchBoard, TeamMatch, Tournament
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db


def col(line: str, first: int, last: int) -> str:
    """Columns first..last (1-based, inclusive) of a record, as the TRF tables number them."""
    return line[first - 1:last]


def records(text: str, tag: str) -> list[str]:
    assert text.endswith("\r\n")
    return [line for line in text.split("\r\n") if line.startswith(tag)]


@pytest.fixture
def league():
    """Five teams of 4 boards (a bye each round), 2 rounds played; in round 2 one team fields
    its reserve on board 4 and another a player short on board 4 (a forfeit)."""
    league = make_league(5, boards=4, roster=5, place="Recife, PE")
    play_round(league, 1)
    second = league.rounds.get(number=2)
    first, other = TeamMatch.objects.filter(round=second, away__isnull=False).order_by("table")
    home = team_services.roster(first.home)
    team_services.set_lineup(second, first.home, [e.pk for e in home[:3]] + [home[4].pk])
    short = team_services.roster(other.away)
    team_services.set_lineup(second, other.away, [e.pk for e in short[:3]] + [None])
    play_round(league, 2, "1/2-1/2")
    return league


def test_team_records_310_column_by_column(league):
    text = team_trf(league)
    teams = records(text, "310")
    assert len(teams) == 5
    standings = {line.team: line for line in team_services.team_standings(league)}
    for line, team in zip(teams, league.teams.order_by("number"), strict=True):
        assert col(line, 1, 3) == "310" and col(line, 4, 4) == " "
        assert col(line, 5, 7) == f"{team.number:3d}"
        assert col(line, 9, 40) == team.name.ljust(32)
        assert col(line, 41, 54).strip() == ""  # nickname and strength factor left empty
        total = standings[team.pk]
        assert col(line, 55, 60) == f"{float(total.match_points):6.1f}"
        assert col(line, 62, 67) == f"{float(total.game_points):6.1f}"
        assert col(line, 69, 71) == f"{total.rank:3d}"
        assert col(line, 72, 73) == "  "
        roster = team_services.roster(team)
        assert len(roster) == 5  # reserves too, in roster order
        for index, entry in enumerate(roster):
            start = 74 + 5 * index
            assert col(line, start, start + 3) == f"{entry.number:4d}"
            assert col(line, start - 1, start - 1) == " "
    # hand-checked: team 1 had the round 1 bye (2 match points, 2 game points), then won
    # round 2 by 2.5-1.5 (three draws and board 4 left empty by team 2): 4 and 4.5
    first = teams[0]
    assert col(first, 55, 60) == "   4.0" and col(first, 62, 67) == "   4.5"
    assert col(first, 69, 71) == "  1"


def test_player_records_001_of_every_member_with_their_boards(league):
    text = team_trf(league)
    players = {int(col(line, 5, 8)): line for line in records(text, "001")}
    members = [e for team in league.teams.all() for e in team_services.roster(team)]
    assert sorted(players) == sorted(e.number for e in members) == list(range(1, 26))
    for entry in members:
        line = players[entry.number]
        assert col(line, 15, 47) == entry.player.name.ljust(33)
        assert col(line, 49, 52) == f"{entry.player.rating:4d}"
    # every game of round 1, each side from its own record
    for game in Game.objects.filter(round__number=1, round__tournament=league):
        white, black = players[game.white.number], players[game.black.number]
        assert col(white, 92, 99) == f"{game.black.number:4d} w 1"
        assert col(black, 92, 99) == f"{game.white.number:4d} b 0"
    # round 2: the board left empty is won by the player present, "0000" as his opponent
    forfeit = MatchBoard.objects.get(match__round__number=2, game__isnull=True)
    # team 1 (home, Black on board 4) was there, team 2 left board 4 empty
    assert (forfeit.board, forfeit.forfeit) == (4, "-+")
    assert (forfeit.match.home.number, forfeit.match.away.number) == (1, 2)
    present = team_services.lineup_of(forfeit.match.round, forfeit.match.home)[3]
    line = players[present.number]
    assert col(line, 102, 109) == "0000 b +"
    # round 1 was team 1's bye: nothing in his record; points (81-84) the forfeit win alone
    assert col(line, 92, 99).strip() == "" and col(line, 81, 84) == " 1.0"
    assert col(line, 86, 89) == "   6"  # behind the five players with 1.5
    # a reserve who played no board: blank rounds, zero points, last rank
    reserve = team_services.roster(league.teams.get(number=1))[4]
    assert col(players[reserve.number], 81, 89) == " 0.0   19"
    assert players[reserve.number][89:].strip() == ""
    # team 5's reserve played board 4 in round 2
    assert col(players[25], 102, 109) == "  14 b ="


def test_header_byes_line_ups_and_colours(league):
    text = team_trf(league)
    assert records(text, "012") == ["012 Liga de Teste"]
    assert records(text, "022") == ["022 Recife, PE"]
    assert records(text, "062") == ["062 25"] and records(text, "082") == ["082 5"]
    assert records(text, "092") == ["092 Team Round Robin"] and records(text, "142") == ["142 5"]
    assert records(text, "352") == ["352 WBWB"]
    [points] = records(text, "362")
    assert (col(points, 5, 6), col(points, 7, 10)) == ("TW", " 2.0")
    assert (col(points, 14, 15), col(points, 16, 19)) == ("TD", " 1.0")
    assert (col(points, 23, 24), col(points, 25, 28)) == ("TL", " 0.0")
    assert not records(text, "162")  # 1 - 1/2 - 0 is TRF's default
    # 320: bye 2 match points and 2 game points (half of 4 boards); the team out in each round
    [byes] = records(text, "320")
    by_round = {m.round.number: m.home.number for m in TeamMatch.objects.filter(
        round__tournament=league, away__isnull=True, round__number__lte=2)}
    assert col(byes, 5, 8) == " 2.0" and col(byes, 10, 13) == " 2.0"
    assert col(byes, 15, 17) == f"{by_round[1]:03d}" and col(byes, 19, 21) == f"{by_round[2]:03d}"
    # 300: the two line-ups of round 2 that are not the first four of the roster
    lineups = records(text, "300")
    assert len(lineups) == 2
    second = league.rounds.get(number=2)
    for line in lineups:
        assert col(line, 5, 7) == "002"
        team = league.teams.get(number=int(col(line, 9, 11)))
        match = TeamMatch.objects.get(round=second, home=team) if TeamMatch.objects.filter(
            round=second, home=team).exists() else TeamMatch.objects.get(round=second, away=team)
        opponent = match.away if match.home == team else match.home
        assert col(line, 13, 15) == f"{opponent.number:03d}"
        boards = [col(line, 17 + 5 * i, 20 + 5 * i) for i in range(4)]
        expected = [f"{e.number:04d}" if e else "0000"
                    for e in team_services.lineup_of(second, team)]
        assert boards == expected
    assert any(col(line, 32, 35) == "0000" for line in lineups)  # the empty board 4
    assert not records(text, "330")  # no match was forfeited whole
    assert not records(text, "013")  # TRF-16's team record is not written


def test_only_complete_rounds_are_written(league):
    round_3 = league.rounds.get(number=3)
    team_services.start_round(round_3)
    game = Game.objects.filter(round=round_3).first()
    game.result = "1-0"
    game.save()
    text = team_trf(league)
    assert all(len(line) <= 109 for line in records(text, "001"))


def test_a_match_forfeited_whole_is_a_330_record(league):
    round_3 = league.rounds.get(number=3)
    team_services.start_round(round_3)
    match = TeamMatch.objects.filter(round=round_3, away__isnull=False).order_by("table").first()
    for board in match.boards.select_related("game"):  # the away team did not come
        game = board.game
        home_white = board.board % 2 == 1
        board.game, board.forfeit = None, "+-" if home_white else "-+"
        board.save()
        game.delete()
    Game.objects.filter(round=round_3).update(result="1-0")
    text = team_trf(league)
    [forfeited] = records(text, "330")
    assert col(forfeited, 5, 6) == "+-" and col(forfeited, 8, 10) == "003"
    assert col(forfeited, 12, 14) == f"{match.home.number:03d}"
    assert col(forfeited, 16, 18) == f"{match.away.number:03d}"
    copy = import_team_trf(text)
    assert team_trf(copy).replace("142 3", "142 5") == text


def test_export_then_import_gives_the_same_competition(league, tmp_path):
    text = team_trf(league)
    out = tmp_path / "liga.trf"
    call_command("export_trf", league.slug, "-o", str(out))
    assert out.read_bytes().decode() == text
    call_command("import_trf", str(out), "--slug", "copia")
    copy = Tournament.objects.get(slug="copia")
    assert copy.team_competition.boards == 4 and copy.teams.count() == 5
    # the copy has only the rounds in the file; the rest is the same, record by record
    assert team_trf(copy).replace("142 2", "142 5") == text
    original = [(line.rank, line.match_points, line.game_points)
                for line in team_services.team_standings(league, up_to_round=2)]
    assert [(line.rank, line.match_points, line.game_points)
            for line in team_services.team_standings(copy)] == original


def test_a_2_1_0_competition_writes_162_and_its_match_points():
    league = make_league(4, boards=2, roster=2, scoring_win=2, scoring_draw=1, scoring_loss=0,
                         team_settings={"match_win": 3, "match_draw": 1, "match_loss": 0})
    play_round(league, 1)
    text = team_trf(league)
    [game_points] = records(text, "162")
    assert [col(game_points, 6 + 9 * i, 10 + 9 * i) for i in range(3)] == [
        "W 2.0", "D 1.0", "L 0.0"]
    [match_points] = records(text, "362")
    assert col(match_points, 7, 10) == " 3.0"
    assert records(text, "352") == ["352 WB"]
    assert not records(text, "320")  # four teams: no byes
    copy = import_team_trf(text)
    assert copy.scoring_win == 2 and copy.team_competition.match_win == 3
    assert team_trf(copy).replace("142 1", "142 3") == text


def test_a_bad_team_file_names_the_line_and_column_and_saves_nothing(league):
    lines = team_trf(league).split("\r\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("310"))
    lines[index] = lines[index][:73] + "  x9" + lines[index][77:]
    with pytest.raises(TeamTrfError, match=f"Line {index + 1}, column 74"):
        import_team_trf("\r\n".join(lines))
    assert Tournament.objects.count() == 1
    lines = team_trf(league).split("\r\n")
    lines[lines.index("352 WBWB")] = "352 WWBB"
    with pytest.raises(TeamTrfError, match="352"):
        import_team_trf("\r\n".join(lines))
    assert Tournament.objects.count() == 1


def test_the_import_command_refuses_a_bad_team_file(league, tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(team_trf(league).replace("352 WBWB", "352 W"))
    with pytest.raises(CommandError, match="nothing saved"):
        call_command("import_trf", str(bad))
    assert Tournament.objects.count() == 1


def test_a_withdrawn_teams_matches_are_330_records_and_come_back(organiser):
    league = make_league(4, boards=4, roster=4)
    play_round(league, 1)
    team = league.teams.get(number=2)
    team_services.withdraw_team(team, 2, user=organiser)
    play_round(league, 2, "1/2-1/2")
    match = TeamMatch.objects.get(round__tournament=league, round__number=2, home=team) \
        if TeamMatch.objects.filter(round__number=2, home=team).exists() else \
        TeamMatch.objects.get(round__tournament=league, round__number=2, away=team)
    text = team_trf(league)
    [forfeited] = records(text, "330")
    # the team with White on board 1 (home) is present when the withdrawn team is away
    assert col(forfeited, 5, 6) == ("-+" if match.home == team else "+-")
    assert (col(forfeited, 8, 10), col(forfeited, 12, 14), col(forfeited, 16, 18)) == (
        "002", f"{match.home.number:03d}", f"{match.away.number:03d}")
    # the withdrawn team's players have no round 2; the present team's won by forfeit
    players = {int(col(line, 5, 8)): line for line in records(text, "001")}
    for entry in team_services.roster(team):
        assert col(players[entry.number], 102, 109).strip() == ""
    present = match.away if match.home == team else match.home
    colours = [col(players[e.number], 102, 109) for e in team_services.roster(present)]
    home_present = present == match.home
    assert colours == [f"0000 {'w' if (board % 2 == 1) == home_present else 'b'} +"
                       for board in range(1, 5)]
    copy = import_team_trf(text)
    assert team_trf(copy).replace("142 2", "142 3") == text


@pytest.mark.parametrize(("change", "message"), [
    (lambda lines: [line for line in lines if not line.startswith("310   2")],
     r"is on no team \(310\)"),
    (lambda lines: [line.replace("320  2.0  2.0 001", "320  2.0  2.0 009")
                    for line in lines], "name team 9, which has no 310 record"),
    (lambda lines: [line[:16] + "0001" + line[20:] if line.startswith("300 002 005")
                    else line for line in lines],
     "record 300, round 2, board 1: player 1 is not on team 5"),
])
def test_a_team_file_naming_unknown_teams_or_players_is_refused(league, change, message):
    lines = change(team_trf(league).split("\r\n"))
    with pytest.raises(TeamTrfError, match=message):
        import_team_trf("\r\n".join(lines))
    assert Tournament.objects.count() == 1

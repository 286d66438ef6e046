"""A team competition's FIDE TRF-2026 file read back and stored (issue 16): its teams and
rosters, every round's matches, line-ups and results, refused whole on a mistake.

The records and their columns are described in tournaments/files/team_trf.py, which writes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.files.team_trf import (
    PLAYER_START,
    RESULT_OF_CODES,
    TEAM_PLAYERS_START,
    TeamTrfError,
)
from tournaments.models import (
    Entry,
    Game,
    LineupBoard,
    MatchBoard,
    Player,
    Round,
    Status,
    Team,
    TeamMatch,
    TeamMember,
    TeamSystem,
    Tournament,
)
from tournaments.standings import teams
from tournaments.standings.scoring import Result


@dataclass
class _TeamRecord:
    number: int
    name: str
    players: list[int]
    line: int


@dataclass
class _PlayerRecord:
    number: int
    name: str
    rating: int | None
    sex: str
    rounds: dict[int, tuple[int, str, str]]  # round: (opponent, colour, result)
    line: int


@dataclass
class _TeamFile:
    header: dict[str, str] = field(default_factory=dict)
    players: dict[int, _PlayerRecord] = field(default_factory=dict)
    teams: list[_TeamRecord] = field(default_factory=list)
    byes: dict[int, int] = field(default_factory=dict)
    pab: tuple[Fraction, Fraction] | None = None
    lineups: dict[tuple[int, int], list[int | None]] = field(default_factory=dict)
    lines: dict[tuple[str, int, int], int] = field(default_factory=dict)  # record, round, team
    forfeited: dict[tuple[int, int, int], str] = field(default_factory=dict)
    scores: dict[str, dict[str, Fraction]] = field(default_factory=dict)


def _int(text: str, line: int, column: int, what: str) -> int:
    value = text.strip()
    if not value.isdigit():
        raise TeamTrfError(line, column, _("%(what)s must be a whole number, found "
                                           "“%(value)s”.") % {"what": what, "value": value})
    return int(value)


def _fraction(text: str, line: int, column: int) -> Fraction:
    value = text.strip()
    try:
        return Fraction(value)
    except ValueError:
        raise TeamTrfError(line, column, _("points must be a number like 2.5, found "
                                           "“%(value)s”.") % {"value": value}) from None


def _columns(raw: str, column: int, width: int) -> str:
    return raw[column - 1:column - 1 + width]


def is_team_file(text: str) -> bool:
    """Whether a TRF text has team records (310) and so is a team competition."""
    return any(line.startswith("310") for line in text.replace("\r", "\n").split("\n"))


def parse_team_trf(text: str) -> _TeamFile:
    data = _TeamFile()
    for no, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"),
                             start=1):
        tag = raw[:3]
        if not raw.strip() or tag == "###":
            continue
        if tag in ("012", "022", "042", "052", "092", "142", "352"):
            data.header[tag] = raw[4:].strip()
        elif tag in ("162", "362"):
            scores = {}
            column = 5
            while column < len(raw):
                code = _columns(raw, column, 2).strip()
                if code:
                    scores[code] = _fraction(_columns(raw, column + 2, 4), no, column + 2)
                column += 9
            data.scores[tag] = scores
        elif tag == "001":
            number = _int(_columns(raw, 5, 4), no, 5, _("the starting rank"))
            rating = _columns(raw, 49, 4).strip()
            rounds = {}
            column, r = PLAYER_START, 1
            while column <= len(raw):
                block = _columns(raw, column, 8).ljust(8)
                if block.strip():
                    opponent = _int(block[:4], no, column, _("the opponent's number"))
                    result = block[7]
                    if block[5] not in "wb-" or result not in "10=+-":
                        raise TeamTrfError(no, column, _(
                            "round %(round)d: “%(block)s” is not a colour and a result of a "
                            "team board.") % {"round": r, "block": block})
                    rounds[r] = (opponent, block[5], result)
                column += 10
                r += 1
            if number in data.players:
                raise TeamTrfError(no, 5, _("player %(number)d is listed twice.") % {
                    "number": number})
            data.players[number] = _PlayerRecord(
                number, _columns(raw, 15, 33).strip() or f"#{number}",
                int(rating) if rating.isdigit() else None,
                {"m": "M", "w": "F"}.get(_columns(raw, 10, 1), ""), rounds, no)
        elif tag == "310":
            players = []
            column = TEAM_PLAYERS_START
            while column <= len(raw):
                if _columns(raw, column, 4).strip():
                    players.append(_int(_columns(raw, column, 4), no, column,
                                        _("a player's starting rank")))
                column += 5
            data.teams.append(_TeamRecord(_int(_columns(raw, 5, 3), no, 5,
                                               _("the team's pairing number")),
                                          _columns(raw, 9, 32).strip(), players, no))
        elif tag == "320":
            data.pab = (_fraction(_columns(raw, 5, 4), no, 5),
                        _fraction(_columns(raw, 10, 4), no, 10))
            column, r = 15, 1
            while column <= len(raw):
                team = _int(_columns(raw, column, 3), no, column, _("the team's pairing number"))
                if team:
                    data.byes[r] = team
                column += 4
                r += 1
        elif tag == "300":
            r = _int(_columns(raw, 5, 3), no, 5, _("the round"))
            team = _int(_columns(raw, 9, 3), no, 9, _("the team's pairing number"))
            lineup = []
            column = 17
            while column <= len(raw):
                player = _int(_columns(raw, column, 4), no, column, _("a player's starting rank"))
                lineup.append(player or None)
                column += 5
            data.lineups[(r, team)] = lineup
            data.lines[("300", r, team)] = no
        elif tag == "330":
            r = _int(_columns(raw, 8, 3), no, 8, _("the round"))
            white = _int(_columns(raw, 12, 3), no, 12, _("the team's pairing number"))
            black = _int(_columns(raw, 16, 3), no, 16, _("the team's pairing number"))
            data.forfeited[(r, white, black)] = _columns(raw, 5, 2)
    if not data.teams:
        raise TeamTrfError(1, 1, _("the file has no team records (310)."))
    return data


@transaction.atomic
def import_team_trf(text: str, *, slug: str = "", created_by=None) -> Tournament:
    """A team competition from a TRF-2026 file: its teams and rosters (310), every round's
    matches, line-ups (300, or the roster order) and results. Refused whole on a mistake.

    Only the rounds in the file are made: a round robin exported before its end comes back
    without its later rounds (TRF carries no schedule), and a withdrawal is not a TRF record.
    """
    from tournaments.services.teams import create_team_competition

    data = parse_team_trf(text)
    colours = data.header.get("352", "")
    boards = len(colours)
    expected = "".join("W" if colour == "white" else "B"
                       for _board, colour in teams.board_colours(boards)) \
        if teams.MIN_BOARDS <= boards <= teams.MAX_BOARDS else None
    if colours != expected:
        raise TeamTrfError(1, 5, _(
            "record 352 must give the colours of 2 to 10 boards alternating from White on "
            "board 1 (WBWB...), found “%(colours)s”.") % {"colours": colours})
    game_scores = data.scores.get("162", {})
    team_scores = data.scores.get("362", {})
    settings = {}
    for key, code in (("match_win", "TW"), ("match_draw", "TD"), ("match_loss", "TL")):
        if code in team_scores:
            settings[key] = Decimal(str(float(team_scores[code])))
    if data.pab is not None:
        settings["bye_match_points"] = Decimal(str(float(data.pab[0])))
        settings["bye_game_points"] = Decimal(str(float(data.pab[1])))
    fields = {"name": data.header.get("012") or _("Imported team competition"),
              "place": data.header.get("022", "")}
    for key, code in (("scoring_win", "W"), ("scoring_draw", "D"), ("scoring_loss", "L")):
        if code in game_scores:
            fields[key] = Decimal(str(float(game_scores[code])))
    if slug:
        fields["slug"] = slug
    system = TeamSystem.ROUND_ROBIN
    if "swiss" in data.header.get("092", "").lower():
        system = TeamSystem.SWISS
        total = data.header.get("142", "")
        settings["swiss_rounds"] = int(total) if total.isdigit() else None
    tournament = create_team_competition(created_by=created_by, boards=boards, system=system,
                                         team_settings=settings, **fields)
    by_number: dict[int, Team] = {}
    team_of_player: dict[int, int] = {}
    entries: dict[int, Entry] = {}
    for record in sorted(data.teams, key=lambda t: t.number):
        team = Team.objects.create(tournament=tournament, name=record.name or f"#{record.number}",
                                   number=record.number)
        by_number[record.number] = team
        for position, player_number in enumerate(record.players, start=1):
            player_record = data.players.get(player_number)
            if player_record is None:
                raise TeamTrfError(record.line, TEAM_PLAYERS_START + 5 * (position - 1), _(
                    "player %(number)d has no 001 record.") % {"number": player_number})
            if player_number in team_of_player:
                raise TeamTrfError(record.line, TEAM_PLAYERS_START + 5 * (position - 1), _(
                    "player %(number)d is on two teams.") % {"number": player_number})
            team_of_player[player_number] = record.number
            player = Player.objects.create(name=player_record.name, rating=player_record.rating,
                                           sex=player_record.sex)
            entries[player_number] = Entry.objects.create(tournament=tournament, player=player,
                                                          number=player_number)
            TeamMember.objects.create(team=team, entry=entries[player_number],
                                      position=position)
    rosters = {record.number: record.players for record in data.teams}
    _check_references(data, team_of_player)
    last = max([r for p in data.players.values() for r in p.rounds] + list(data.byes)
               + [r for r, _w, _b in data.forfeited], default=0)
    for r in range(1, last + 1):
        round_ = Round.objects.create(tournament=tournament, number=r)
        pairs: dict[tuple[int, int], None] = {}  # (home, away) in the order met
        for player_number in sorted(data.players):
            opponent, colour, _result = data.players[player_number].rounds.get(r, (0, "", ""))
            if not opponent:
                continue
            board_white = player_number if colour == "w" else opponent
            board_black = opponent if colour == "w" else player_number
            white_team, black_team = team_of_player[board_white], team_of_player[board_black]
            board = _board_of(data, rosters, r, white_team, board_white, boards)
            # the home team has White on the odd boards (record 352: WBWB...)
            home, away = ((white_team, black_team) if colours[board - 1] == "W"
                          else (black_team, white_team))
            pairs.setdefault((home, away))
        pairs.update({(w, b): None for (rr, w, b) in data.forfeited if rr == r})
        for table, (home, away) in enumerate(pairs, start=1):
            match = TeamMatch.objects.create(round=round_, table=table, home=by_number[home],
                                             away=by_number[away])
            _store_boards(data, rosters, entries, by_number, match, r, boards, colours)
        if r in data.byes:
            TeamMatch.objects.create(round=round_, table=len(pairs) + 1,
                                     home=by_number[data.byes[r]], away=None)
    tournament.status = Status.ONGOING if last else tournament.status
    tournament.save(update_fields=["status"])
    return tournament


def _check_references(data: _TeamFile, team_of_player: dict[int, int]) -> None:
    """Every number the rounds name is a team member, a known team, of the right team."""
    for player in data.players.values():
        for r, (opponent, colour, _result) in sorted(player.rounds.items()):
            column = PLAYER_START + 10 * (r - 1)
            if player.number not in team_of_player:
                raise TeamTrfError(player.line, 5, _(
                    "player %(number)d plays but is on no team (310).") % {
                    "number": player.number})
            if opponent and opponent not in team_of_player:
                raise TeamTrfError(player.line, column, _(
                    "round %(round)d: opponent %(number)d is on no team (310).") % {
                    "round": r, "number": opponent})
            if opponent and colour not in "wb":
                raise TeamTrfError(player.line, column + 5, _(
                    "round %(round)d: a game needs the colour w or b.") % {"round": r})
            back = data.players[opponent].rounds.get(r) if opponent else None
            if opponent and (back is None or back[0] != player.number):
                raise TeamTrfError(player.line, column, _(
                    "round %(round)d: player %(number)d meets %(opponent)d, who is not paired "
                    "with him.") % {"round": r, "number": player.number, "opponent": opponent})
    numbers = {record.number for record in data.teams}
    unknown = sorted({team for team in data.byes.values() if team not in numbers}
                     | {team for _r, white, black in data.forfeited for team in (white, black)
                        if team not in numbers}
                     | {team for _r, team in data.lineups if team not in numbers})
    if unknown:
        raise TeamTrfError(1, 1, _("records 300, 320 or 330 name team %(number)d, which has no "
                                   "310 record.") % {"number": unknown[0]})
    for (r, team), lineup in sorted(data.lineups.items()):
        for board, player in enumerate(lineup, start=1):
            if player is not None and team_of_player.get(player) != team:
                raise TeamTrfError(data.lines[("300", r, team)], 17 + 5 * (board - 1), _(
                    "record 300, round %(round)d, board %(board)d: player %(number)d is not "
                    "on team %(team)d.") % {"round": r, "board": board, "number": player,
                                             "team": team})


def _lineup(data: _TeamFile, rosters: dict, r: int, team: int, boards: int) -> list[int | None]:
    lineup = data.lineups.get((r, team))
    if lineup is None:
        lineup = list(rosters[team][:boards])
    return (lineup + [None] * boards)[:boards]


def _board_of(data, rosters, r, team, player, boards) -> int:
    lineup = _lineup(data, rosters, r, team, boards)
    if player not in lineup:
        raise TeamTrfError(data.players[player].line, PLAYER_START + 10 * (r - 1), _(
            "round %(round)d: player %(number)d plays but is not in his team's line-up.") % {
            "round": r, "number": player})
    return lineup.index(player) + 1


def _store_boards(data, rosters, entries, by_number, match, r, boards, colours) -> None:
    home, away = match.home.number, match.away.number
    home_lineup = _lineup(data, rosters, r, home, boards)
    away_lineup = _lineup(data, rosters, r, away, boards)
    for team, lineup in ((home, home_lineup), (away, away_lineup)):
        LineupBoard.objects.bulk_create([
            LineupBoard(round=match.round, team=by_number[team], board=board,
                        entry=entries[player] if player else None)
            for board, player in enumerate(lineup, start=1)])
    for board in range(1, boards + 1):
        h, a = home_lineup[board - 1], away_lineup[board - 1]
        home_white = colours[board - 1] == "W"
        white, black = (h, a) if home_white else (a, h)
        white_block = data.players[white].rounds.get(r) if white else None
        black_block = data.players[black].rounds.get(r) if black else None
        if white and black and white_block and white_block[0] == black:
            result = RESULT_OF_CODES.get((white_block[2], black_block[2] if black_block else ""))
            if result is None:
                raise TeamTrfError(data.players[white].line, PLAYER_START + 10 * (r - 1), _(
                    "round %(round)d: the results of players %(white)d and %(black)d do not "
                    "match.") % {"round": r, "white": white, "black": black})
            game = Game.objects.create(round=match.round, board=(match.table - 1) * boards + board,
                                       white=entries[white], black=entries[black],
                                       result=result.value)
            MatchBoard.objects.create(match=match, board=board, game=game)
            continue
        white_won = bool(white_block and white_block[2] == "+")
        black_won = bool(black_block and black_block[2] == "+")
        forfeit = (Result.WHITE_FORFEIT_WIN if white_won else Result.BLACK_FORFEIT_WIN
                   if black_won else Result.DOUBLE_FORFEIT)
        MatchBoard.objects.create(match=match, board=board, forfeit=forfeit.value)

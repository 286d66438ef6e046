"""A team competition as a FIDE TRF-2026 file, and such a file read back (issue 16).

TRF-2026 (FIDE Handbook, "Format of Tournament Report File, version 2026") keeps the players'
records (001) as for an individual event and adds the team records that replace TRF-16's 013:

- 310, one per team: team pairing number (columns 5-7), name (9-40), nickname (42-46), strength
  factor (48-53), match points (55-60), game points (62-67), rank (69-71), then the roster's
  players by starting rank, four columns each from column 74 (74-77, 79-82, ...);
- 320, the pairing-allocated byes: the bye's match points (5-8) and game points (10-13), then the
  team with the bye in round 1 (15-17), round 2 (19-21)... ("000" none);
- 330, a forfeited match: "+-", "-+" or "--" (5-6), round (8-10), White's team (12-14),
  Black's team (16-18) -- White's team being the one with White on board 1;
- 300, a line-up out of the default (roster) order or with an empty board: round (5-7), team
  (9-11), opponent (13-15), then the player on each board from column 17 ("0000" empty);
- 352, the colours of the boards for the team with White on board 1 ("WBWB");
- 362, match points (TW, TD, TL); 162, game points (W, D, L) when they are not 1-1/2-0; 082,
  the number of teams.

A round is exported once every board of it has a result (as `complete_rounds` does for a Swiss).
In a player's 001 record a round he did not play is four blanks (equivalent to "0000", result
blank = Z); a board he won because the other team left it empty is "0000 w +" (or "b").
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _

from tournaments.models import (
    LineupBoard,
    MatchBoard,
    TeamMatch,
    TeamMember,
    TeamSystem,
    Tournament,
)
from tournaments.standings import teams
from tournaments.standings.scoring import Result, points

PLAYER_START = 92  # column of round 1 in a 001 record
TEAM_PLAYERS_START = 74  # column of the first player in a 310 record

#: (code for White, code for Black) of each stored result
RESULT_CODES = {
    Result.WHITE_WIN: ("1", "0"), Result.BLACK_WIN: ("0", "1"), Result.DRAW: ("=", "="),
    Result.WHITE_FORFEIT_WIN: ("+", "-"), Result.BLACK_FORFEIT_WIN: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
}
RESULT_OF_CODES = {codes: result for result, codes in RESULT_CODES.items()}


class TeamTrfError(ValueError):
    """A team TRF file that cannot be stored; the message names the line and column."""

    def __init__(self, line: int, column: int, message: str):
        super().__init__(_("Line %(line)d, column %(column)d: %(message)s") % {
            "line": line, "column": column, "message": message})
        self.line = line
        self.column = column


def _points(value: Fraction | Decimal | float, width: int) -> str:
    """A score in TRF's "11.5" form, right-aligned in `width` columns."""
    return f"{float(value):{width}.1f}"


def _put(line: list[str], column: int, text: str) -> None:
    """Write `text` at 1-based `column` of a line being built, padding it with blanks."""
    start = column - 1
    if len(line) < start + len(text):
        line.extend(" " * (start + len(text) - len(line)))
    line[start:start + len(text)] = list(text)


def _line(*fields: tuple[int, str]) -> str:
    chars: list[str] = []
    for column, text in fields:
        _put(chars, column, text)
    return "".join(chars).rstrip()


def _scores_record(tag: str, scores: list[tuple[str, Fraction | Decimal]]) -> str:
    """162/362: a result code right-aligned in columns 5-6 and its points in 7-10, then every
    9 columns the next code and points (codes at 6, 15, 24... for one letter)."""
    fields = [(1, tag)]
    for index, (code, value) in enumerate(scores):
        fields.append((5 + 9 * index, f"{code:>2}{_points(value, 4)}"))
    return _line(*fields)


# --- export ------------------------------------------------------------------------------------

@dataclass
class _Block:
    """A player's round in his 001 record."""

    opponent: int  # 0: none
    colour: str
    result: str


def complete_team_rounds(tournament: Tournament) -> int:
    """How many rounds, from the first, have every board decided (byes included)."""
    from tournaments.services.teams import round_is_over

    count = 0
    for round_ in tournament.rounds.order_by("number"):
        if not round_is_over(round_):
            break
        count = round_.number
    return count


def team_trf(tournament: Tournament, rounds: int | None = None) -> str:
    """The TRF-2026 text of a team competition, rounds 1..`rounds` (the complete ones by
    default); CR-LF line ends, as the format asks."""
    from tournaments.services.teams import team_standings

    competition = tournament.team_competition
    if rounds is None:
        rounds = complete_team_rounds(tournament)
    scoring = tournament.scoring
    team_scoring = competition.scoring
    team_list = list(tournament.teams.order_by("number", "pk"))
    team_number = {team.pk: team.number or index
                   for index, team in enumerate(team_list, start=1)}
    members = defaultdict(list)
    for member in (TeamMember.objects.filter(team__tournament=tournament)
                   .select_related("entry__player").order_by("team", "position")):
        members[member.team_id].append(member.entry)
    entries = [entry for team in team_list for entry in members[team.pk]]
    number = {entry.pk: entry.number for entry in entries}
    colours = dict(teams.board_colours(competition.boards))

    blocks: dict[int, dict[int, _Block]] = defaultdict(dict)
    player_points: dict[int, Fraction] = defaultdict(Fraction)
    seated = {(r, team, board): entry for r, team, board, entry in
              LineupBoard.objects.filter(round__tournament=tournament,
                                         round__number__lte=rounds)
              .values_list("round__number", "team_id", "board", "entry_id")}
    matches = list(TeamMatch.objects.filter(round__tournament=tournament,
                                            round__number__lte=rounds)
                   .select_related("round").order_by("round__number", "table"))
    boards = defaultdict(list)
    for board in (MatchBoard.objects.filter(match__in=matches).select_related("game")
                  .order_by("board")):
        boards[board.match_id].append(board)
    byes: dict[int, int] = {}
    forfeited, out_of_order = [], []
    for match in matches:
        r = match.round.number
        if match.is_bye:
            byes[r] = team_number[match.home_id]
            continue
        games = boards[match.pk]
        for board in games:
            home_white = colours[board.board] == "white"
            if board.game is not None:
                game = board.game
                white_code, black_code = RESULT_CODES[Result(game.result)]
                blocks[game.white_id][r] = _Block(number[game.black_id], "w", white_code)
                blocks[game.black_id][r] = _Block(number[game.white_id], "b", black_code)
                white_points, black_points = points(Result(game.result), scoring)
                player_points[game.white_id] += white_points
                player_points[game.black_id] += black_points
                continue
            forfeit = Result(board.forfeit)
            if forfeit == Result.DOUBLE_FORFEIT:
                continue
            white_present = forfeit == Result.WHITE_FORFEIT_WIN
            present_team = match.home_id if white_present == home_white else match.away_id
            entry = seated.get((r, present_team, board.board))
            if entry is not None:
                blocks[entry][r] = _Block(0, "w" if white_present else "b", "+")
                player_points[entry] += scoring.win
        if games and all(board.game is None for board in games):
            # no board played: the whole match was forfeited (330)
            home_present = {_home_side_present(board, colours) for board in games}
            if home_present == {True}:
                kind = "+-"
            elif home_present == {False}:
                kind = "-+"
            else:
                kind = "--"
            forfeited.append(_line((1, "330"), (5, kind), (8, f"{r:03d}"),
                                   (12, f"{team_number[match.home_id]:03d}"),
                                   (16, f"{team_number[match.away_id]:03d}")))
        for team_id, opponent_id in ((match.home_id, match.away_id),
                                     (match.away_id, match.home_id)):
            lineup = [seated.get((r, team_id, b)) for b in range(1, competition.boards + 1)]
            default = [entry.pk for entry in members[team_id][:competition.boards]]
            default += [None] * (competition.boards - len(default))
            if lineup != default and any(lineup):
                out_of_order.append(_line(
                    (1, "300"), (5, f"{r:03d}"), (9, f"{team_number[team_id]:03d}"),
                    (13, f"{team_number[opponent_id]:03d}"),
                    *[(17 + 5 * index, f"{number[entry]:04d}" if entry else "0000")
                      for index, entry in enumerate(lineup)]))

    out = [f"012 {tournament.name}"]
    if tournament.place:
        out.append(f"022 {tournament.place}")
    if tournament.start_date:
        out.append(f"042 {tournament.start_date:%Y/%m/%d}")
    if tournament.end_date:
        out.append(f"052 {tournament.end_date:%Y/%m/%d}")
    out.append(f"062 {len(entries)}")
    out.append(f"072 {sum(1 for entry in entries if entry.player.rating)}")
    out.append(f"082 {len(team_list)}")
    system = ("Team Swiss" if competition.system == TeamSystem.SWISS
              else "Team Round Robin")
    out.append(f"092 {system}")
    total = (competition.swiss_rounds if competition.system == TeamSystem.SWISS
             else tournament.rounds.count()) or tournament.rounds.count()
    out.append(f"142 {total}")
    if (scoring.win, scoring.draw, scoring.loss) != (1, Fraction(1, 2), 0):
        out.append(_scores_record("162", [("W", scoring.win), ("D", scoring.draw),
                                          ("L", scoring.loss)]))
    out.append("352 " + "".join("W" if colour == "white" else "B"
                                for _board, colour in teams.board_colours(competition.boards)))
    out.append(_scores_record("362", [("TW", team_scoring.win), ("TD", team_scoring.draw),
                                      ("TL", team_scoring.loss)]))

    ranks = _ranks({entry.pk: player_points[entry.pk] for entry in entries})
    for entry in sorted(entries, key=lambda e: e.number):
        player = entry.player
        fields = [(1, "001"), (5, f"{entry.number:4d}"),
                  (10, {"M": "m", "F": "w"}.get(player.sex, " ")), (15, player.name[:33]),
                  (81, _points(player_points[entry.pk], 4)), (86, f"{ranks[entry.pk]:4d}")]
        if player.rating:
            fields.append((49, f"{player.rating:4d}"))
        if player.birth_date:
            fields.append((70, f"{player.birth_date:%Y/%m/%d}"))
        for r in range(1, rounds + 1):
            block = blocks[entry.pk].get(r)
            if block is not None:
                opponent = f"{block.opponent:4d}" if block.opponent else "0000"
                fields.append((PLAYER_START + 10 * (r - 1),
                               f"{opponent} {block.colour} {block.result}"))
        out.append(_line(*fields))

    standings = {line.team: line for line in team_standings(tournament, up_to_round=rounds)}
    for team in team_list:
        line = standings[team.pk]
        fields = [(1, "310"), (5, f"{team_number[team.pk]:3d}"), (9, team.name[:32]),
                  (55, _points(line.match_points, 6)), (62, _points(line.game_points, 6)),
                  (69, f"{line.rank:3d}")]
        fields += [(TEAM_PLAYERS_START + 5 * index, f"{entry.number:4d}")
                   for index, entry in enumerate(members[team.pk])]
        out.append(_line(*fields))
    if byes:
        fields = [(1, "320"), (5, _points(team_scoring.bye_match_points, 4)),
                  (10, _points(team_scoring.bye_game_points, 4))]
        fields += [(15 + 4 * (r - 1), f"{byes.get(r, 0):03d}") for r in range(1, rounds + 1)]
        out.append(_line(*fields))
    out += sorted(forfeited)  # by round, then team numbers: the file does not keep the tables
    out += sorted(out_of_order)
    return "\r\n".join(out) + "\r\n"


def _home_side_present(board: MatchBoard, colours: dict) -> bool | None:
    """On a forfeited board: whether the home team's player was the one present."""
    forfeit = Result(board.forfeit)
    if forfeit == Result.DOUBLE_FORFEIT:
        return None
    white_present = forfeit == Result.WHITE_FORFEIT_WIN
    return white_present == (colours[board.board] == "white")


def _ranks(scores: dict[int, Fraction]) -> dict[int, int]:
    """Rank by points, ties sharing the better rank (TRF: ties allowed)."""
    return {key: 1 + sum(1 for other in scores.values() if other > value)
            for key, value in scores.items()}

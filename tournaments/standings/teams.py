"""Team competitions as plain data: board colours, line-up rules, match scores, team standings,
team tie-breaks and board prizes. No Django here, so every rule is tested without a database.

A team match is played on B boards; every board is an ordinary game between the players the
two line-ups put on it. The "home" team has the colour of board 1 on the odd boards and the
other colour on the even ones, so a match of an even number of boards gives each team as many
Whites as Blacks (issue 16; FIDE C.04.6 preface: colours matter less for teams).

Game points are the tournament's game scoring (Art. 2 §1: 1-½-0, or 2-1-0); match points come
from comparing the two teams' game points (2-1-0 by default, 3-1-0 available). Either can be the
primary score; the other is then the first tie-break unless the organiser orders otherwise.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from tournaments.standings.games import Colour as GameColour
from tournaments.standings.games import Outcome
from tournaments.standings.scoring import Result, Scoring, points
from tournaments.standings.swiss_table import Regulation, RoundEntry, SwissTable, Unplayed

MIN_BOARDS, MAX_BOARDS, DEFAULT_BOARDS = 2, 10, 4

type Colour = Literal["white", "black"]


def board_colours(boards: int) -> list[tuple[int, Colour]]:
    """(board, colour of the home team) for every board: board 1 the home colour (White), the
    opposite on even boards, alternating along the boards."""
    if not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise ValueError(f"a team match has {MIN_BOARDS} to {MAX_BOARDS} boards, got {boards}")
    return [(board, "white" if board % 2 == 1 else "black") for board in range(1, boards + 1)]


# --- line-ups ----------------------------------------------------------------------------------

class LineupRule:
    """Ids of the line-up rules a problem names (the page words them in the user's language)."""

    NOT_IN_ROSTER = "not-in-roster"
    TWICE = "twice"
    ORDER = "roster-order"
    TOO_FEW = "too-few"
    GAP = "gap"
    TOO_MANY = "too-many"


@dataclass(frozen=True)
class LineupProblem:
    """What is wrong on one board of a line-up: the board, the rule broken and who."""

    board: int
    rule: str
    player: object = None
    other: object = None
    other_board: int | None = None


def min_players(boards: int) -> int:
    """The fewest players a line-up may name: more than half the boards, so a team that cannot
    field a majority does not present a match (its missing boards are forfeits anyway)."""
    return boards // 2 + 1


def lineup_problems[P](roster: Sequence[P], lineup: Sequence[P | None],
                       boards: int) -> list[LineupProblem]:
    """Every problem of a line-up, board by board; empty when it may be saved.

    `roster` is the team's players in roster order (regulars, then reserves); `lineup[i]` is the
    player on board i+1, None for a board left empty. Rules: each player from this team's roster,
    at most once, in roster order (nobody above someone listed before him), empty boards only at
    the bottom (a missing player forfeits the last boards), and at least `min_players` players.
    """
    problems: list[LineupProblem] = []
    if len(lineup) > boards:
        problems.append(LineupProblem(boards + 1, LineupRule.TOO_MANY))
        lineup = lineup[:boards]
    position = {player: index for index, player in enumerate(roster)}
    seen: dict[P, int] = {}
    last: tuple[int, P] | None = None  # board and player of the latest valid placement
    empty_since: int | None = None
    for board, player in enumerate(lineup, start=1):
        if player is None:
            empty_since = empty_since or board
            continue
        if empty_since is not None:
            problems.append(LineupProblem(empty_since, LineupRule.GAP, other_board=board))
            empty_since = None
        if player not in position:
            problems.append(LineupProblem(board, LineupRule.NOT_IN_ROSTER, player))
            continue
        if player in seen:
            problems.append(LineupProblem(board, LineupRule.TWICE, player,
                                          other_board=seen[player]))
            continue
        seen[player] = board
        if last is not None and position[player] < position[last[1]]:
            problems.append(LineupProblem(board, LineupRule.ORDER, player, last[1], last[0]))
        last = (board, player)
    named = sum(1 for player in lineup if player is not None)
    if named < min_players(boards):
        problems.append(LineupProblem(named + 1, LineupRule.TOO_FEW))
    return problems


# --- match scores ------------------------------------------------------------------------------

@dataclass(frozen=True)
class TeamScoring:
    """Match points (2-1-0 by default) and what a bye is worth, which the regulation sets (a
    stored competition gives a drawn match's by default, TeamCompetition.scoring)."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    bye_match_points: Fraction = Fraction(2)
    bye_game_points: Fraction = Fraction(2)
    primary: Literal["match", "game"] = "match"


@dataclass(frozen=True)
class BoardGame:
    """One board of a match: the home team's colour, its result (None: not played yet), and
    who played it (None: nobody, a forfeit). Ids are whatever the caller uses."""

    board: int
    home_colour: Colour
    result: Result | None
    home_player: object = None
    away_player: object = None


@dataclass(frozen=True)
class MatchRecord:
    """A match of one round; `away` None is the home team's bye."""

    round: int
    home: object
    away: object | None
    games: tuple[BoardGame, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.away is None

    @property
    def complete(self) -> bool:
        return self.is_bye or (bool(self.games) and all(g.result for g in self.games))


def board_points(game: BoardGame, scoring: Scoring) -> tuple[Fraction, Fraction]:
    """(home, away) game points of a played board; (0, 0) while not played."""
    if game.result is None:
        return Fraction(0), Fraction(0)
    white, black = points(game.result, scoring)
    return (white, black) if game.home_colour == "white" else (black, white)


def board_wins(game: BoardGame) -> tuple[int, int]:
    """(home, away) games won on this board, forfeits included (C.07: won games)."""
    if game.result in (None, Result.DRAW, Result.DOUBLE_FORFEIT):
        return 0, 0
    white_won = game.result in (Result.WHITE_WIN, Result.WHITE_FORFEIT_WIN)
    home_won = white_won == (game.home_colour == "white")
    return (1, 0) if home_won else (0, 1)


def match_game_points(match: MatchRecord, scoring: Scoring,
                      team: TeamScoring) -> tuple[Fraction, Fraction]:
    """(home, away) game points of a match; a bye is worth the regulation's game points."""
    if match.is_bye:
        return team.bye_game_points, Fraction(0)
    home = away = Fraction(0)
    for game in match.games:
        h, a = board_points(game, scoring)
        home, away = home + h, away + a
    return home, away


def match_points(match: MatchRecord, scoring: Scoring,
                 team: TeamScoring) -> tuple[Fraction, Fraction]:
    """(home, away) match points: the team with more game points wins the match."""
    if match.is_bye:
        return team.bye_match_points, Fraction(0)
    home, away = match_game_points(match, scoring, team)
    if home > away:
        return team.win, team.loss
    if home < away:
        return team.loss, team.win
    return team.draw, team.draw


# --- standings ---------------------------------------------------------------------------------

TEAM_TIEBREAKS = ("match_points", "game_points", "direct_encounter", "team_sb", "buchholz",
                  "game_wins")
DEFAULT_TEAM_TIEBREAKS = ["game_points", "direct_encounter", "team_sb", "game_wins"]


@dataclass
class TeamLine:
    """A team's totals: match and game points, games won and whom it met."""

    team: object
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    game_wins: int = 0
    matches: int = 0
    # (opponent, own game points, own match points) per match played
    met: list[tuple[object, Fraction, Fraction]] = field(default_factory=list)
    tiebreaks: dict[str, Fraction] = field(default_factory=dict)
    rank: int = 0

    def primary(self, team: TeamScoring) -> Fraction:
        return self.match_points if team.primary == "match" else self.game_points


def team_lines(teams: Iterable[object], matches: Iterable[MatchRecord], scoring: Scoring,
               team: TeamScoring) -> dict[object, TeamLine]:
    """Each team's totals over the matches given (only complete matches should be passed)."""
    lines = {t: TeamLine(t) for t in teams}
    for match in matches:
        home_gp, away_gp = match_game_points(match, scoring, team)
        home_mp, away_mp = match_points(match, scoring, team)
        home = lines[match.home]
        home.match_points += home_mp
        home.game_points += home_gp
        home.matches += 1
        if match.is_bye:
            continue
        away = lines[match.away]
        away.match_points += away_mp
        away.game_points += away_gp
        away.matches += 1
        for game in match.games:
            hw, aw = board_wins(game)
            home.game_wins += hw
            away.game_wins += aw
        home.met.append((match.away, home_gp, home_mp))
        away.met.append((match.home, away_gp, away_mp))
    return lines


def _secondary(line: TeamLine, team: TeamScoring) -> Fraction:
    return line.game_points if team.primary == "match" else line.match_points


def _simple_tiebreak(key: str, line: TeamLine, lines: dict[object, TeamLine],
                     team: TeamScoring) -> Fraction:
    if key == "match_points":
        return line.match_points
    if key == "game_points":
        return line.game_points
    if key == "game_wins":
        return Fraction(line.game_wins)
    if key == "buchholz":  # computed over the whole table: team_buchholz
        raise ValueError("Buchholz needs every team's rounds: see team_buchholz")
    if key == "team_sb":
        # C.07 team Sonneborn-Berger: each opponent's primary score times what this team scored
        # against it in the other unit (game points when match points rank, and vice versa).
        total = Fraction(0)
        for opponent, gp, mp in line.met:
            scored = gp if team.primary == "match" else mp
            total += lines[opponent].primary(team) * scored
        return total
    raise ValueError(f"unknown team tie-break {key!r}; known: {', '.join(TEAM_TIEBREAKS)}")


def _direct_encounter(group: list[TeamLine], team: TeamScoring) -> dict[object, Fraction]:
    """C.07 direct encounter among a tied group: the primary score each team made in the
    matches between teams of the group (0 for all when they did not meet)."""
    members = {line.team for line in group}
    scores: dict[object, Fraction] = defaultdict(Fraction)
    for line in group:
        for opponent, gp, mp in line.met:
            if opponent in members:
                scores[line.team] += mp if team.primary == "match" else gp
    return {line.team: scores[line.team] for line in group}


def team_standings(teams: Iterable[object], matches: Iterable[MatchRecord], scoring: Scoring,
                   team: TeamScoring, order: Sequence[str] = DEFAULT_TEAM_TIEBREAKS,
                   sort_key: Callable[[object], object] = lambda t: 0, *,
                   regulation: Regulation = "2026", round_robin: bool = False
                   ) -> list[TeamLine]:
    """Teams ranked by the primary score, then the organiser's tie-breaks in order.

    Ties left after every tie-break share a rank; `sort_key` only orders them on the page.
    Direct encounter is computed within each group still tied when its turn comes. Buchholz
    follows the C.07 text `regulation` names (team_buchholz).
    """
    for key in order:
        if key not in TEAM_TIEBREAKS:
            raise ValueError(f"unknown team tie-break {key!r}; known: {', '.join(TEAM_TIEBREAKS)}")
    matches = list(matches)
    lines = team_lines(teams, [m for m in matches if m.complete], scoring, team)
    buchholz = (team_buchholz(list(lines), matches, scoring, team, regulation=regulation,
                              round_robin=round_robin) if "buchholz" in order else {})
    for line in lines.values():
        for key in order:
            if key == "buchholz":
                line.tiebreaks[key] = buchholz[line.team]
            elif key != "direct_encounter":
                line.tiebreaks[key] = _simple_tiebreak(key, line, lines, team)
    groups = [sorted(lines.values(), key=lambda ln: sort_key(ln.team))]
    for key in [None, *order]:
        split: list[list[TeamLine]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            if key == "direct_encounter":
                for team_id, value in _direct_encounter(group, team).items():
                    lines[team_id].tiebreaks[key] = value
            by_value: dict[Fraction, list[TeamLine]] = defaultdict(list)
            for line in group:
                by_value[line.primary(team) if key is None else line.tiebreaks[key]].append(line)
            split.extend(by_value[value] for value in sorted(by_value, reverse=True))
        groups = split
    ranked: list[TeamLine] = []
    for group in groups:
        rank = len(ranked) + 1
        for line in group:
            line.rank = rank
            line.tiebreaks.setdefault("direct_encounter", Fraction(0))
            ranked.append(line)
    return ranked


# --- a whole team withdrawn: the tournament's withdrawal setting (withdrawals.py) ------------

def annulled_teams(matches: Iterable[MatchRecord], withdrawn: Iterable[object]) -> set[object]:
    """The withdrawn teams that played fewer than half their scheduled matches (byes are no
    matches; a match forfeited whole was not played), whose results a regulation annuls."""
    matches = [m for m in matches if not m.is_bye]
    annulled = set()
    for team in withdrawn:
        own = [m for m in matches if team in (m.home, m.away)]
        played = sum(1 for m in own if m.complete and _forfeited(m) is None)
        if 2 * played < len(own):
            annulled.add(team)
    return annulled


def annul(matches: Iterable[MatchRecord], annulled: set[object]) -> list[MatchRecord]:
    """The matches without those of annulled teams: as if they had never entered."""
    return [m for m in matches if not {m.home, m.away} & annulled]


# --- Buchholz: byes, forfeited matches and withdrawals (C.07 section 16) ----------------------

def _forfeited(match: MatchRecord) -> Literal["home", "away", "none"] | None:
    """Who was present when no board of the match was played over the board: "home" or "away"
    (every board won by that side's forfeit), "none" (double forfeits); None: a match played
    (a mix of forfeits both ways counts as played, its result standing)."""
    results = {game.result for game in match.games}
    if not results or any(r is None or r.played_over_the_board for r in results):
        return None
    present = set()
    for game in match.games:
        if game.result == Result.DOUBLE_FORFEIT:
            continue
        white_present = game.result == Result.WHITE_FORFEIT_WIN
        present.add("home" if white_present == (game.home_colour == "white") else "away")
    if not present:
        return "none"
    return present.pop() if len(present) == 1 else None


def team_rounds_table(teams: Sequence[object], matches: Iterable[MatchRecord], scoring: Scoring,
                      team: TeamScoring, *, regulation: Regulation = "2026",
                      round_robin: bool = False) -> SwissTable:
    """The teams' rounds as the individual Swiss tie-breaks see a player's (swiss_table.py), in
    the primary score: a match is a game won, drawn or lost (the home team as White); a bye is
    a pairing-allocated bye worth the regulation's bye score; a match forfeited whole is a
    forfeit win and loss (both lost: a double forfeit); a round without a match (a team
    withdrawn, or not paired) is a round not played. So C.07 16.3 (a withdrawn team's later
    rounds are draws for its opponents) and 16.4 (a dummy opponent for the team's own
    unplayed rounds, 2024 or 2026 text) apply to teams as they do to players.

    Only rounds whose every match is over count: a round still being played is left out.
    """
    matches = sorted(matches, key=lambda m: m.round)
    rounds = 0
    for number in sorted({m.round for m in matches}):
        if number != rounds + 1 or not all(m.complete for m in matches if m.round == number):
            break
        rounds = number
    counted = [m for m in matches if m.round <= rounds]
    boards = max((len(m.games) for m in counted), default=MIN_BOARDS) or MIN_BOARDS
    if team.primary == "match":
        unit = Scoring(team.win, team.draw, team.loss)
        bye = team.bye_match_points
    else:
        unit = Scoring(boards * scoring.win, boards * (scoring.win + scoring.loss) / 2,
                       boards * scoring.loss)
        bye = team.bye_game_points
    entries: dict[object, list[RoundEntry]] = defaultdict(list)
    scored: dict[tuple[object, int], Fraction] = {}
    for match in counted:
        if match.is_bye:
            entries[match.home].append(RoundEntry(match.round, unplayed=Unplayed.PAIRING_BYE))
            continue
        home_mp, away_mp = match_points(match, scoring, team)
        home_gp, away_gp = match_game_points(match, scoring, team)
        home_score, away_score = (home_mp, away_mp) if team.primary == "match" else (
            home_gp, away_gp)
        scored[(match.home, match.round)] = home_score
        scored[(match.away, match.round)] = away_score
        forfeited = _forfeited(match)
        if forfeited is None:
            home_outcome = (Outcome.WIN if home_mp > away_mp else Outcome.LOSS
                            if home_mp < away_mp else Outcome.DRAW)
            away_outcome = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN,
                            Outcome.DRAW: Outcome.DRAW}[home_outcome]
            entries[match.home].append(RoundEntry(match.round, match.away, GameColour.WHITE,
                                                  home_outcome))
            entries[match.away].append(RoundEntry(match.round, match.home, GameColour.BLACK,
                                                  away_outcome))
            continue
        home_kind = Unplayed.FORFEIT_WIN if forfeited == "home" else Unplayed.FORFEIT_LOSS
        away_kind = Unplayed.FORFEIT_WIN if forfeited == "away" else Unplayed.FORFEIT_LOSS
        entries[match.home].append(RoundEntry(match.round, match.away, GameColour.WHITE,
                                              unplayed=home_kind))
        entries[match.away].append(RoundEntry(match.round, match.home, GameColour.BLACK,
                                              unplayed=away_kind))
    return _TeamTable(list(teams), entries, unit, rounds, scored, regulation=regulation,
                      pab_points=bye, round_robin=round_robin)


class _TeamTable(SwissTable):
    """A SwissTable whose round scores are the match's own (game points vary by match)."""

    def __init__(self, players, entries, scoring, rounds, scored, **options):
        super().__init__(players, entries, scoring, rounds, **options)
        for player in self.players:
            self.points[player] = [scored.get((player, entry.round), value)
                                   for entry, value in zip(self.record[player],
                                                           self.points[player], strict=True)]
            self.total[player] = sum(self.points[player], Fraction(0))
        self.adjusted_total = {p: self._adjusted(p) for p in self.players}
        self._round_values = {}


def team_buchholz(teams: Sequence[object], matches: Iterable[MatchRecord], scoring: Scoring,
                  team: TeamScoring, *, regulation: Regulation = "2026",
                  round_robin: bool = False) -> dict[object, Fraction]:
    """C.07 Buchholz of each team: the sum of its opponents' primary scores, each opponent's
    adjusted for a withdrawal (16.3), and for the team's own bye, forfeited match or round
    without a match, a dummy opponent (16.4: in the 2024 text worth the team's own score; in
    the 2026 text capped, after a forfeit at the opponent's adjusted score, without an
    opponent at a draw's score in every round). In a round robin a forfeited match counts as
    a match and a bye adds nothing (C.07 15.2)."""
    table = team_rounds_table(teams, matches, scoring, team, regulation=regulation,
                              round_robin=round_robin)
    return {t: sum((value.score for value in table.round_values(t)), Fraction(0))
            for t in teams}


# --- board prizes ------------------------------------------------------------------------------

@dataclass(frozen=True)
class BoardScore:
    """A player's results on one board: points, games counted and the percentage."""

    board: int
    player: object
    points: Fraction
    games: int
    percentage: Fraction


def board_prizes(matches: Iterable[MatchRecord], scoring: Scoring,
                 min_games: int) -> dict[int, list[BoardScore]]:
    """Per board, the players with at least `min_games` games there, best percentage first
    (more games first on equal percentage). A double forfeit counts for neither player; a forfeit
    counts as a game for both, as it scores (Art. 28)."""
    totals: dict[tuple[int, object], list] = defaultdict(lambda: [Fraction(0), 0])
    for match in matches:
        for game in match.games:
            if game.result is None or game.result == Result.DOUBLE_FORFEIT:
                continue
            home_points, away_points = board_points(game, scoring)
            for player, got in ((game.home_player, home_points),
                                (game.away_player, away_points)):
                if player is not None:
                    total = totals[(game.board, player)]
                    total[0] += got
                    total[1] += 1
    prizes: dict[int, list[BoardScore]] = defaultdict(list)
    for (board, player), (got, games) in totals.items():
        if games >= min_games and games:
            prizes[board].append(BoardScore(board, player, got, games,
                                            got * 100 / (games * scoring.win)))
    for scores in prizes.values():
        scores.sort(key=lambda s: (-s.percentage, -s.games, str(s.player)))
    return dict(sorted(prizes.items()))


def player_scores(matches: Iterable[MatchRecord], scoring: Scoring
                  ) -> dict[object, tuple[Fraction, int]]:
    """Each player's (points, games) over every board he played, forfeits included."""
    totals: dict[object, tuple[Fraction, int]] = {}
    for scores in board_prizes(matches, scoring, min_games=0).values():
        for score in scores:
            got, games = totals.get(score.player, (Fraction(0), 0))
            totals[score.player] = (got + score.points, games + score.games)
    return totals

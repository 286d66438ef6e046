"""Team standings: each team's totals (match and game points, games won, whom it met), the team
tie-breaks, and the ranking by the primary score then the organiser's tie-breaks."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.standings.scoring import Scoring
from tournaments.standings.swiss_table import Regulation
from tournaments.standings.teams.buchholz import team_buchholz
from tournaments.standings.teams.matches import (
    MatchRecord,
    TeamScoring,
    board_wins,
    match_game_points,
    match_points,
)

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

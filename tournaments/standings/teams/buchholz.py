"""Team Buchholz (C.07): the teams' rounds as the individual Swiss tie-breaks see a player's, so
byes, forfeited matches and withdrawals count as C.07 section 16 says."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from fractions import Fraction

from tournaments.standings.games import Colour as GameColour
from tournaments.standings.games import Outcome
from tournaments.standings.scoring import Scoring
from tournaments.standings.swiss_table import Regulation, RoundEntry, SwissTable, Unplayed
from tournaments.standings.teams.lineups import MIN_BOARDS
from tournaments.standings.teams.matches import (
    MatchRecord,
    TeamScoring,
    _forfeited,
    match_game_points,
    match_points,
)

# --- Buchholz: byes, forfeited matches and withdrawals (C.07 section 16) ----------------------

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

"""What the team Swiss knows of each team before a round, as plain data: its scores, board-1
colours, opponents, PAB and float (TeamState), and how the site builds it from the stored
matches (team_states)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from tournaments.standings.scoring import Scoring
from tournaments.standings.teams import MatchRecord, TeamScoring, match_game_points, team_lines

type Colour = Literal["W", "B"]
type PreferenceType = Literal["A", "B", "none"]

PREFERENCE_TYPES: tuple[PreferenceType, ...] = ("A", "B", "none")


@dataclass(frozen=True)
class TeamState:
    """A team as the pairing sees it before a round.

    `score` is the primary score, `secondary` the other (Art. 1.2). `colours` holds its board-1
    colour round by round, None for a round without a played match (PAB, forfeit, absence);
    `played` drops those rounds, as colour sequences count played matches only (C.04.2, read
    by Art. 4.3.6). `opponents` are the teams it played
    ([C1]); `had_bye` whether it had the PAB or won a match by forfeit ([C2]); `floated` whether
    it was a floater in the previous round (Art. 1.5, for [C7] and [C10]).
    """

    id: object
    tpn: int
    score: Fraction = Fraction(0)
    secondary: Fraction = Fraction(0)
    colours: tuple[Colour | None, ...] = ()
    opponents: frozenset = field(default_factory=frozenset)
    had_bye: bool = False
    floated: bool = False

    @property
    def played(self) -> list[Colour]:
        return [c for c in self.colours if c is not None]

    @property
    def colour_difference(self) -> int:
        """Art. 1.6.2: matches with White minus matches with Black."""
        played = self.played
        return played.count("W") - played.count("B")


def _other(colour: Colour) -> Colour:
    return "B" if colour == "W" else "W"


# --- the teams' state from their matches -----------------------------------------------------

def match_was_played(match: MatchRecord) -> bool:
    """A match is played when at least one of its games was played over the board; a match
    every board of which was forfeited is not (no colour, Art. 1.6.1; no meeting for [C1],
    C.04.2; a forfeit win for [C2])."""
    return not match.is_bye and any(
        game.result is not None and game.result.played_over_the_board for game in match.games)


def _home_colour(match: MatchRecord) -> Colour:
    """Art. 1.6.1: the colour the home team's board-1 player was scheduled to have."""
    for game in match.games:
        if game.board == 1:
            return "W" if game.home_colour == "white" else "B"
    return "W"  # the home team has White on board 1 when the boards are not known


def team_states(tpns: Mapping[object, int], matches: Iterable[MatchRecord], scoring: Scoring,
                team_scoring: TeamScoring, rounds_played: int) -> list[TeamState]:
    """Each team's TeamState before round `rounds_played + 1`, from its complete matches.

    The primary and secondary scores follow `team_scoring.primary` (Art. 1.2); a floater of
    the previous round (Art. 1.5) is a team that played a match in it against a team whose
    primary score before that round was different.
    """
    matches = list(matches)
    lines = team_lines(tpns, matches, scoring, team_scoring)
    before = team_lines(tpns, [m for m in matches if m.round < rounds_played], scoring,
                        team_scoring)
    colours: dict[object, list[Colour | None]] = {t: [None] * rounds_played for t in tpns}
    opponents: dict[object, set] = {t: set() for t in tpns}
    had_bye: set = set()
    floated: set = set()
    for match in matches:
        if match.is_bye:
            had_bye.add(match.home)
            continue
        if not match_was_played(match):
            home, away = match_game_points(match, scoring, team_scoring)
            if home != away:
                had_bye.add(match.home if home > away else match.away)
            continue
        home_colour = _home_colour(match)
        if 1 <= match.round <= rounds_played:
            colours[match.home][match.round - 1] = home_colour
            colours[match.away][match.round - 1] = _other(home_colour)
        opponents[match.home].add(match.away)
        opponents[match.away].add(match.home)
        if (match.round == rounds_played and before[match.home].primary(team_scoring)
                != before[match.away].primary(team_scoring)):
            floated.update((match.home, match.away))
    states = []
    for team, tpn in tpns.items():
        line = lines[team]
        primary = line.primary(team_scoring)
        secondary = line.game_points if team_scoring.primary == "match" else line.match_points
        states.append(TeamState(team, tpn, primary, secondary, tuple(colours[team]),
                                frozenset(opponents[team]), team in had_bye, team in floated))
    return states

"""A season's rating calculation (issue 27): the tournaments of a season in date order, each
rated as its own rating report rates it (rating_report.py: Elo's expected score, the change
K × (score − expected) with the tournament's K, forfeits and games against unrated players not
rated), every player's new rating carried into his next tournament of the season.

A player starts the season with the rating he is given (the list in force at its start); he is
rated in a tournament when he has a rating there and rated games, and his new rating, rounded
as the tournament's report rounds it, is his rating (and his opponents' view of him) in the next
one; with no rated game in the season he keeps his rating. A player without a rating stays
without one all season: no provisional first rating is computed (the federations' rule for it
could not be confirmed; the README says so). Pure: plain ratings and games in, rows out.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.standings.games import GameRecord
from tournaments.standings.rating_report import RatingRow, rating_report


@dataclass(frozen=True)
class SeasonTournament:
    """One finished tournament of the season: `players` maps each pairing number to the person
    (any key the caller chooses, the same in every tournament)."""

    key: Hashable
    k: int
    players: Mapping[int, Hashable]
    games: Sequence[GameRecord]


@dataclass(frozen=True)
class TournamentLine:
    """One person's tournament: the rating he entered it with and its report's row."""

    tournament: Hashable
    person: Hashable
    k: int
    row: RatingRow


@dataclass(frozen=True)
class SeasonRow:
    person: Hashable
    start_rating: int | None
    tournaments: int
    games: int
    score: Fraction
    expected: float | None
    new_rating: int | None

    @property
    def change(self) -> int | None:
        """The season's change: the new rating less the start rating (whole points, as each
        tournament's new rating is rounded before the next)."""
        if self.start_rating is None or self.new_rating is None:
            return None
        return self.new_rating - self.start_rating


def season_ratings(tournaments: Sequence[SeasonTournament],
                   start_ratings: Mapping[Hashable, int | None]
                   ) -> tuple[list[SeasonRow], list[TournamentLine]]:
    """The season's row per person (in order of first appearance) and every tournament line,
    the tournaments taken in the order given (the caller sorts them by date)."""
    current: dict[Hashable, int | None] = {}
    lines: list[TournamentLine] = []
    for tournament in tournaments:
        for person in tournament.players.values():
            current.setdefault(person, start_ratings.get(person))
        ratings = {number: current[person] for number, person in tournament.players.items()}
        rows = rating_report(list(tournament.players), tournament.games, ratings, tournament.k)
        for row in rows:
            person = tournament.players[row.number]
            lines.append(TournamentLine(tournament.key, person, tournament.k, row))
            if row.new_rating is not None:
                current[person] = row.new_rating
    by_person: dict[Hashable, list[TournamentLine]] = {person: [] for person in current}
    for line in lines:
        by_person[line.person].append(line)
    return [_season_row(person, start_ratings.get(person), current[person], by_person[person])
            for person in current], lines


def _season_row(person: Hashable, start: int | None, final: int | None,
                lines: Sequence[TournamentLine]) -> SeasonRow:
    games = sum(line.row.games for line in lines)
    score = sum((line.row.score for line in lines), Fraction(0))
    expecteds = [line.row.expected for line in lines if line.row.expected is not None]
    rated = start is not None and bool(expecteds)
    return SeasonRow(person=person, start_rating=start, tournaments=len(lines), games=games,
                     score=score, expected=sum(expecteds) if rated else None,
                     new_rating=final if start is not None else None)

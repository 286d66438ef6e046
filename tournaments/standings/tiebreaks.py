"""Tie-breaks for round robins and Swiss events, one small class each, keyed by a stable id.

The regulation's order for a round robin is Art. 4 (a) direct encounter, (b) most wins,
(c) Sonneborn-Berger, (d) most games with Black; for a Swiss `DEFAULT_SWISS_ORDER`; a tournament
may choose another order from `REGISTRY`. Definitions follow FIDE C.07 (Tie-Break Regulations).
In a round robin forfeits count as regular games (C.07 15.2, pre-determined pairings; Art. 28
scores them) except where a tie-break says "over the board"; a double forfeit scores nothing and
counts nowhere (`Crosstable` leaves it out). In a Swiss (`SwissTable`) unplayed rounds count as
C.07 section 16 says, in the 2024 text or the one in force since 1 March 2026 (swiss_table.py).

Every value is higher-is-better and exact (`Fraction`). A tie-break whose value depends on which
players are tied (`per_group`) gets the tied group; the others are computed once for everyone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

from tournaments.standings.games import Colour, Crosstable, Outcome
from tournaments.standings.performance import average_rating, performance_rating
from tournaments.standings.swiss_table import (
    RoundEntry,
    RoundValue,
    SwissTable,
    cut_highest,
    cut_lowest,
    swiss_view,
)

type TieBreakValues = dict[int, Fraction | None]
type Table = Crosstable | SwissTable


class TieBreak(ABC):
    """A criterion that orders players level on points. `None` as a value means "does not apply"."""

    id: ClassVar[str]
    name: ClassVar[str]
    article: ClassVar[str]
    per_group: ClassVar[bool] = False
    reapply_to_subgroups: ClassVar[bool] = False

    @abstractmethod
    def compute(self, table: Table, group: Sequence[int]) -> TieBreakValues:
        """Each player of `group` with their value."""

    def __repr__(self) -> str:
        return f"<TieBreak {self.id!r}>"


class PlayerRecordTieBreak(TieBreak):
    """A tie-break read from one player's own games and totals, whoever else is tied."""

    @abstractmethod
    def value(self, table: Table, player: int) -> Fraction:
        """The player's value."""

    def compute(self, table: Table, group: Sequence[int]) -> TieBreakValues:
        return {player: self.value(table, player) for player in group}


class DirectEncounter(TieBreak):
    """Points scored in the games among the tied players, if every pair of them has met.

    In a multiple round robin each opponent counts with the average of the games against them, so a
    pair that has met once more than another is not favoured. If some pair of the group has not met
    it separates no one and every value is None; so is a player alone in his group. In a Swiss,
    where tied players often have not all met, a forfeit is no meeting and C.07 6.2 still ranks
    first whoever no one else could catch (`_swiss_direct_encounter`). Players still level form a
    sub-group to which the criterion is applied again (`reapply_to_subgroups`); the value
    reported is the one computed in the group where it was first applied.
    """

    id = "direct-encounter"
    name = "Direct encounter"
    article = "Art. 4 (a); FIDE C.07 6"
    per_group = True
    reapply_to_subgroups = True

    def compute(self, table: Table, group: Sequence[int]) -> TieBreakValues:
        if len(group) < 2:
            return {player: None for player in group}
        values: TieBreakValues = {}
        unmet: dict[int, int] = {}
        for player in group:
            score = Fraction(0)
            unmet[player] = 0
            for opponent in group:
                if opponent == player:
                    continue
                games = table.points_against(player, opponent)
                if not games:
                    unmet[player] += 1
                    continue
                score += sum(games, Fraction(0)) / len(games)
            values[player] = score
        if not any(unmet.values()):
            return values
        if not isinstance(table, SwissTable) or table.round_robin:
            return {member: None for member in group}
        return _swiss_direct_encounter(values, unmet, table.scoring.win)


def _swiss_direct_encounter(
    values: dict[int, Fraction], unmet: dict[int, int], win: Fraction
) -> TieBreakValues:
    """C.07 6.2 for a Swiss where not every pair of the tied group has met.

    From the top, a player is placed ahead of the rest only if his points among the group
    exceed what every other one could reach by winning the games not played among them. The
    values returned keep his score; the players it cannot separate all get the same value (the
    best score among them), so they stay level and the criterion is applied again to them.
    """
    ordered = sorted(values, key=lambda player: -values[player])
    result: TieBreakValues = {}
    while ordered:
        leader, rest = ordered[0], ordered[1:]
        best_reachable = max((values[p] + unmet[p] * win for p in rest), default=None)
        if best_reachable is not None and values[leader] <= best_reachable:
            break
        result[leader] = values[leader]
        ordered = rest
    level = max((values[p] for p in ordered), default=Fraction(0))
    result.update(dict.fromkeys(ordered, level))
    return result


class Wins(PlayerRecordTieBreak):
    """Rounds in which the player scored a win's points, with or without playing.

    In a round robin that is the games won, forfeit wins included; in a Swiss it also counts a
    full-point bye and a pairing-allocated bye worth a win (FIDE C.07 7.1 WIN).
    """

    id = "wins"
    name = "Most wins"
    article = "Art. 4 (b); FIDE C.07 7.1"

    def value(self, table: Table, player: int) -> Fraction:
        if isinstance(table, SwissTable):
            win = table.scoring.win
            return Fraction(sum(1 for scored in table.points[player] if scored == win))
        return Fraction(sum(1 for game in table.games_of[player] if game.outcome is Outcome.WIN))


class GamesWon(PlayerRecordTieBreak):
    """Games won over the board: forfeits and byes do not count (FIDE C.07 7.2 WON)."""

    id = "games-won"
    name = "Games won over the board"
    article = "FIDE C.07 7.2"

    def value(self, table: Table, player: int) -> Fraction:
        return Fraction(
            sum(
                1
                for game in table.games_of[player]
                if game.outcome is Outcome.WIN and game.played_over_the_board
            )
        )


class SonnebornBerger(PlayerRecordTieBreak):
    """Sum over the player's games of the opponent's current total times the points scored in it.

    "Current" is the total after the rounds considered (`up_to_round`), so the value of an early
    win grows as that opponent goes on scoring. In a round robin forfeits count like played games
    (C.07 15.2). In a Swiss the opponent's score is the adjusted one (16.3) and each unplayed
    round is a game against the dummy opponent of 16.4, times the points it brought.
    """

    id = "sonneborn-berger"
    name = "Sonneborn-Berger"
    article = "Art. 4 (c); FIDE C.07 9.1"

    def value(self, table: Table, player: int) -> Fraction:
        if isinstance(table, SwissTable) and not table.round_robin:
            points = table.points[player]
            return sum(
                (value.score * points[value.round - 1] for value in table.round_values(player)),
                Fraction(0),
            )
        return sum(
            (table.total[game.opponent] * game.points for game in table.games_of[player]),
            Fraction(0),
        )


class MostBlack(PlayerRecordTieBreak):
    """Games played over the board with Black; forfeits are not games played (FIDE C.07 7.3 BPG)."""

    id = "most-black"
    name = "Most games with Black"
    article = "Art. 4 (d); FIDE C.07 7.3"

    def value(self, table: Table, player: int) -> Fraction:
        return Fraction(
            sum(
                1
                for game in table.games_of[player]
                if game.colour is Colour.BLACK and game.played_over_the_board
            )
        )


class Koya(PlayerRecordTieBreak):
    """Points scored against opponents who have at least 50% of the maximum possible score.

    An opponent's maximum possible score is a win in each of his counted games so far (all of them
    once the tournament is complete, forfeits included, double forfeits not), so the criterion also
    works on standings after any round (FIDE C.07 9.2 KS).
    """

    id = "koya"
    name = "Koya score"
    article = "FIDE C.07 9.2"

    def value(self, table: Table, player: int) -> Fraction:
        return sum(
            (
                game.points
                for game in table.games_of[player]
                if self._at_least_half(table, game.opponent)
            ),
            Fraction(0),
        )

    @staticmethod
    def _at_least_half(table: Crosstable, opponent: int) -> bool:
        maximum = table.scoring.win * len(table.games_of[opponent])
        return 2 * table.total[opponent] >= maximum


class GamesPlayed(PlayerRecordTieBreak):
    """Games with a result other than a double forfeit, forfeits counted as regular games.

    In a round robin the pairings are fixed in advance, so FIDE C.07 15.2 counts forfeits as regular
    games; a double forfeit counts nowhere. The criterion therefore only separates players who lost
    games to double forfeits (or, after an incomplete round, who have fewer results recorded).
    """

    id = "games-played"
    name = "Games played"
    article = "FIDE C.07 15.2"

    def value(self, table: Table, player: int) -> Fraction:
        return Fraction(len(table.games_of[player]))


class Buchholz(PlayerRecordTieBreak):
    """Sum of the opponents' scores (FIDE C.07 8.1 BH), with a Cut or Median modifier (14).

    In a Swiss each opponent counts with his adjusted score (C.07 16.3: his rounds after a
    withdrawal are draws) and each of the player's own unplayed rounds with a dummy opponent
    (16.4; the 2024 and 2026 texts differ, see swiss_table.py); the Cut modifiers drop the
    player's Voluntary Unplayed Rounds first (16.5). In a round robin forfeits are games (15.2).
    """

    id = "buchholz"
    name = "Buchholz"
    article = "FIDE C.07 8.1, 16"
    cut_low: ClassVar[int] = 0
    cut_high: ClassVar[int] = 0

    def value(self, table: Table, player: int) -> Fraction:
        values: list[RoundValue] = swiss_view(table).round_values(player)
        values = cut_highest(cut_lowest(values, self.cut_low), self.cut_high)
        return sum((value.score for value in values), Fraction(0))


class BuchholzCut1(Buchholz):
    """Buchholz without the least significant opponent (C.07 14.1 Cut-1; VURs first, 16.5)."""

    id = "buchholz-cut-1"
    name = "Buchholz cut 1"
    article = "FIDE C.07 8.1, 14.1, 16"
    cut_low = 1


class BuchholzCut2(Buchholz):
    """Buchholz without the two least significant opponents (C.07 14.2 Cut-2; VURs first)."""

    id = "buchholz-cut-2"
    name = "Buchholz cut 2"
    article = "FIDE C.07 8.1, 14.2, 16"
    cut_low = 2


class MedianBuchholz(Buchholz):
    """Buchholz without the least and the most significant opponent (C.07 14.3 Median-1).

    The least significant is cut as in Cut-1 (VURs first, 16.5); the most significant is the
    highest value, a dummy opponent included.
    """

    id = "buchholz-median-1"
    name = "Median Buchholz"
    article = "FIDE C.07 8.1, 14.3, 16"
    cut_low = 1
    cut_high = 1


class ProgressiveScore(PlayerRecordTieBreak):
    """Sum of the player's running score after each round (FIDE C.07 7.5 PS).

    Unplayed rounds count with the points they gave (a bye's, a forfeit's). Early points weigh
    more: 1, 0, 1 gives 1 + 1 + 2 = 4, while 0, 1, 1 gives 0 + 1 + 2 = 3.
    """

    id = "progressive"
    name = "Progressive score"
    article = "FIDE C.07 7.5"

    def value(self, table: Table, player: int) -> Fraction:
        running = total = Fraction(0)
        for scored in swiss_view(table).points[player]:
            running += scored
            total += running
        return total


class AverageRatingOfOpponents(TieBreak):
    """Average rating of the opponents met over the board, rounded (FIDE C.07 10.1 ARO).

    Forfeits and byes bring no opponent's rating. Unrated opponents are left out. None when the
    player has no rated opponent (or, with Cut-1, fewer than two).
    """

    id = "aro"
    name = "Average rating of opponents"
    article = "FIDE C.07 10.1"
    cut_low: ClassVar[int] = 0

    def compute(self, table: Table, group: Sequence[int]) -> TieBreakValues:
        view = swiss_view(table)
        values: TieBreakValues = {}
        for player in group:
            ratings = sorted(_played_ratings(view, player))[self.cut_low:]
            average = average_rating(ratings)
            values[player] = None if average is None else Fraction(average)
        return values


class AverageRatingOfOpponentsCut1(AverageRatingOfOpponents):
    """ARO without the lowest-rated opponent (FIDE C.07 10.1 with modifier Cut-1, 14.1)."""

    id = "aro-cut-1"
    name = "Average rating of opponents cut 1"
    article = "FIDE C.07 10.1, 14.1"
    cut_low = 1


class TournamentPerformanceRating(TieBreak):
    """ARO + dp(p), p the standard points over the games played (FIDE C.07 10.2 TPR).

    dp is the FIDE B.02 8.1.a table (performance.py). Only games over the board against
    rated opponents count; None without one.
    """

    id = "tpr"
    name = "Tournament performance rating"
    article = "FIDE C.07 10.2; FIDE B.02 8.1.a"

    def compute(self, table: Table, group: Sequence[int]) -> TieBreakValues:
        view = swiss_view(table)
        values: TieBreakValues = {}
        for player in group:
            ratings: list[int] = []
            score = Fraction(0)
            for entry in view.record[player]:
                rating = _rated_opponent(view, entry)
                if rating is not None:
                    ratings.append(rating)
                    score += view.standard_points(player, entry.round)
            performance = performance_rating(score, ratings)
            values[player] = None if performance is None else Fraction(performance)
        return values


def _rated_opponent(view: SwissTable, entry: RoundEntry) -> int | None:
    """The rating of the opponent met over the board in that round, if he is rated."""
    if not entry.played or entry.opponent is None:
        return None
    return view.ratings.get(entry.opponent)


def _played_ratings(view: SwissTable, player: int) -> list[int]:
    return [
        rating
        for entry in view.record[player]
        if (rating := _rated_opponent(view, entry)) is not None
    ]


REGISTRY: dict[str, TieBreak] = {
    tie_break.id: tie_break
    for tie_break in (
        DirectEncounter(),
        Wins(),
        SonnebornBerger(),
        MostBlack(),
        Koya(),
        GamesPlayed(),
        Buchholz(),
        BuchholzCut1(),
        BuchholzCut2(),
        MedianBuchholz(),
        ProgressiveScore(),
        GamesWon(),
        AverageRatingOfOpponents(),
        AverageRatingOfOpponentsCut1(),
        TournamentPerformanceRating(),
    )
}

DEFAULT_ORDER: tuple[str, ...] = ("direct-encounter", "wins", "sonneborn-berger", "most-black")
DEFAULT_SWISS_ORDER: tuple[str, ...] = (
    "direct-encounter", "buchholz-cut-1", "buchholz", "sonneborn-berger", "wins",
)


def resolve(tiebreak_ids: Sequence[str]) -> list[TieBreak]:
    """The tie-breaks named by `tiebreak_ids`, in order; unknown or repeated ids are refused."""
    if len(set(tiebreak_ids)) != len(tiebreak_ids):
        raise ValueError(f"a tie-break may appear only once in the order, got {list(tiebreak_ids)}")
    unknown = [tie_break_id for tie_break_id in tiebreak_ids if tie_break_id not in REGISTRY]
    if unknown:
        raise ValueError(f"unknown tie-break ids {unknown}; known: {sorted(REGISTRY)}")
    return [REGISTRY[tie_break_id] for tie_break_id in tiebreak_ids]

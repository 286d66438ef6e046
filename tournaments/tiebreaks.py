"""Tie-breaks for round robins, one small class each, keyed by a stable id (Art. 4).

The regulation's order is Art. 4 (a) direct encounter, (b) most wins, (c) Sonneborn-Berger,
(d) most games with Black; a tournament may choose another order from `REGISTRY`. Definitions follow
FIDE C.07 (Tie-Break Regulations, 2023/2024 text) read for a round robin: forfeits count as regular
games (C.07 15.2, pre-determined pairings; Art. 28 scores them) except where a tie-break says
"over the board"; a double forfeit scores nothing and counts nowhere (`Crosstable` leaves it out).

Every value is higher-is-better and exact (`Fraction`). A tie-break whose value depends on which
players are tied (`per_group`) gets the tied group; the others are computed once for everyone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

from tournaments.domain_types import Colour, Crosstable, Outcome

type TieBreakValues = dict[int, Fraction | None]


class TieBreak(ABC):
    """A criterion that orders players level on points. `None` as a value means "does not apply"."""

    id: ClassVar[str]
    name: ClassVar[str]
    article: ClassVar[str]
    per_group: ClassVar[bool] = False
    reapply_to_subgroups: ClassVar[bool] = False

    @abstractmethod
    def compute(self, table: Crosstable, group: Sequence[int]) -> TieBreakValues:
        """Each player of `group` with their value."""

    def __repr__(self) -> str:
        return f"<TieBreak {self.id!r}>"


class PlayerRecordTieBreak(TieBreak):
    """A tie-break read from one player's own games and totals, whoever else is tied."""

    @abstractmethod
    def value(self, table: Crosstable, player: int) -> Fraction:
        """The player's value."""

    def compute(self, table: Crosstable, group: Sequence[int]) -> TieBreakValues:
        return {player: self.value(table, player) for player in group}


class DirectEncounter(TieBreak):
    """Points scored in the games among the tied players, if every pair of them has met.

    In a multiple round robin each opponent counts with the average of the games against them, so a
    pair that has met once more than another is not favoured. If some pair of the group has not met
    it separates no one and every value is None; so is a player alone in his group. Players still
    level form a sub-group to which the criterion is applied again (`reapply_to_subgroups`); the
    value reported is the one computed in the group where it was first applied.
    """

    id = "direct-encounter"
    name = "Direct encounter"
    article = "Art. 4 (a); FIDE C.07 6"
    per_group = True
    reapply_to_subgroups = True

    def compute(self, table: Crosstable, group: Sequence[int]) -> TieBreakValues:
        if len(group) < 2:
            return {player: None for player in group}
        values: TieBreakValues = {}
        for player in group:
            score = Fraction(0)
            for opponent in group:
                if opponent == player:
                    continue
                games = table.points_against(player, opponent)
                if not games:
                    return {member: None for member in group}
                score += sum(games, Fraction(0)) / len(games)
            values[player] = score
        return values


class Wins(PlayerRecordTieBreak):
    """Games won, forfeit wins included (FIDE C.07 7.1 WIN)."""

    id = "wins"
    name = "Most wins"
    article = "Art. 4 (b); FIDE C.07 7.1"

    def value(self, table: Crosstable, player: int) -> Fraction:
        return Fraction(sum(1 for game in table.games_of[player] if game.outcome is Outcome.WIN))


class SonnebornBerger(PlayerRecordTieBreak):
    """Sum over the player's games of the opponent's current total times the points scored in it.

    "Current" is the total after the rounds considered (`up_to_round`), so the value of an early
    win grows as that opponent goes on scoring. Forfeits count like played games (C.07 15.2).
    """

    id = "sonneborn-berger"
    name = "Sonneborn-Berger"
    article = "Art. 4 (c); FIDE C.07 9.1"

    def value(self, table: Crosstable, player: int) -> Fraction:
        return sum(
            (table.total[game.opponent] * game.points for game in table.games_of[player]),
            Fraction(0),
        )


class MostBlack(PlayerRecordTieBreak):
    """Games played over the board with Black; forfeits are not games played (FIDE C.07 7.3 BPG)."""

    id = "most-black"
    name = "Most games with Black"
    article = "Art. 4 (d); FIDE C.07 7.3"

    def value(self, table: Crosstable, player: int) -> Fraction:
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

    def value(self, table: Crosstable, player: int) -> Fraction:
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

    def value(self, table: Crosstable, player: int) -> Fraction:
        return Fraction(len(table.games_of[player]))


REGISTRY: dict[str, TieBreak] = {
    tie_break.id: tie_break
    for tie_break in (
        DirectEncounter(),
        Wins(),
        SonnebornBerger(),
        MostBlack(),
        Koya(),
        GamesPlayed(),
    )
}

DEFAULT_ORDER: tuple[str, ...] = ("direct-encounter", "wins", "sonneborn-berger", "most-black")


def resolve(tiebreak_ids: Sequence[str]) -> list[TieBreak]:
    """The tie-breaks named by `tiebreak_ids`, in order; unknown or repeated ids are refused."""
    if len(set(tiebreak_ids)) != len(tiebreak_ids):
        raise ValueError(f"a tie-break may appear only once in the order, got {list(tiebreak_ids)}")
    unknown = [tie_break_id for tie_break_id in tiebreak_ids if tie_break_id not in REGISTRY]
    if unknown:
        raise ValueError(f"unknown tie-break ids {unknown}; known: {sorted(REGISTRY)}")
    return [REGISTRY[tie_break_id] for tie_break_id in tiebreak_ids]

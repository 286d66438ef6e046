"""Per-round plain data for Swiss tie-breaks, and the two texts of FIDE C.07 section 16.

A Swiss is not a schedule fixed in advance: in a given round a player may have an opponent, a bye
allocated by the pairing, a bye he asked for, a forfeit, or no pairing at all (absent, not yet
entered, withdrawn). `RoundEntry` says which, per player per round; `SwissTable` checks the
entries agree with each other and answers what the tie-breaks ask, in exact arithmetic.

Unplayed rounds (FIDE C.07 section 16):
- 16.2 sorts them: a pairing-allocated bye, a full-point bye and a forfeit win leave the player
  available to play; a half- or zero-point bye, a forfeit loss, an absence or a round before
  entry / after withdrawal are Voluntary Unplayed Rounds (VUR).
- 16.3 a player's score, as his opponents' tie-breaks see it, counts the rounds without an
  opponent after his last round that is no VUR (a withdrawal) as draws (`adjusted_total`).
- 16.4 a player's own unplayed round counts, in his Buchholz and Sonneborn-Berger, as a game
  against a dummy opponent. The 2024 text gives the dummy the player's own score; the text in
  force since 1 March 2026 caps it: after a forfeit at the forfeiting/forfeited opponent's
  adjusted score (16.4.1), without an opponent at the score of a draw in every round (16.4.2).
- 16.5 the Cut modifiers remove VURs first (`cut_lowest`).
A round robin's pairings are fixed in advance, so there forfeits count as games (C.07 15.2) and
no dummy opponent is made (`round_robin=True`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import Literal

from tournaments.standings.games import Colour, Crosstable, GameRecord, Outcome, PlayerGame
from tournaments.standings.scoring import Result, Scoring, exact

type Regulation = Literal["2024", "2026"]

REGULATIONS: tuple[Regulation, ...] = ("2024", "2026")
C07_2026_IN_FORCE = date(2026, 3, 1)


def regulation_for(start: date | None) -> Regulation:
    """The C.07 text a tournament follows: the one in force on its first day.

    The revised text applies from 1 March 2026; an event without a start date is taken to be
    current.
    """
    if start is None or start >= C07_2026_IN_FORCE:
        return "2026"
    return "2024"


class Unplayed(StrEnum):
    """Why a player had no game over the board in a round (C.07 16.1, 16.2)."""

    PAIRING_BYE = "pairing-bye"  # C.04.1 c: allocated by the pairing, scores `pab_points`
    FULL_BYE = "full-bye"  # requested, a win's points
    HALF_BYE = "half-bye"  # requested, a draw's points
    ZERO_BYE = "zero-bye"  # requested, nothing
    FORFEIT_WIN = "forfeit-win"  # opponent did not come (Art. 28)
    FORFEIT_LOSS = "forfeit-loss"  # did not come (both sides for a double forfeit)
    ABSENT = "absent"  # not paired, no bye asked
    NOT_ENTERED = "not-entered"  # before a late entry, or after a withdrawal

    @property
    def voluntary(self) -> bool:
        """A Voluntary Unplayed Round (C.07 16.2.5): anything but a PAB, full bye, forfeit win."""
        return self not in (Unplayed.PAIRING_BYE, Unplayed.FULL_BYE, Unplayed.FORFEIT_WIN)


@dataclass(frozen=True)
class RoundEntry:
    """One player's round: a game (opponent, colour, outcome) or an unplayed round of a kind.

    A forfeit names the opponent (and the colour he was paired with, if known); a bye, an
    absence or a round not entered has no opponent.
    """

    round: int
    opponent: int | None = None
    colour: Colour | None = None
    outcome: Outcome | None = None
    unplayed: Unplayed | None = None

    @property
    def played(self) -> bool:
        return self.unplayed is None

    @property
    def voluntary(self) -> bool:
        return self.unplayed is not None and self.unplayed.voluntary


@dataclass(frozen=True)
class RoundValue:
    """What one round brings a player's Buchholz: the (real or dummy) opponent's score."""

    round: int
    score: Fraction
    voluntary: bool


class SwissTable:
    """Every player's rounds 1..`rounds`, checked for consistency and indexed for tie-breaks.

    Also answers what the round-robin tie-breaks ask of a `Crosstable` (`games_of`, `total`,
    `points_against`), so one registry serves both systems.
    """

    def __init__(
        self,
        players: Sequence[int],
        entries: Mapping[int, Sequence[RoundEntry]],
        scoring: Scoring,
        rounds: int,
        *,
        regulation: Regulation = "2026",
        ratings: Mapping[int, int | None] | None = None,
        pab_points: Fraction | int | str | None = None,
        round_robin: bool = False,
    ) -> None:
        if regulation not in REGULATIONS:
            raise ValueError(f"regulation must be one of {REGULATIONS}, got {regulation!r}")
        if rounds < 0:
            raise ValueError(f"rounds must be 0 or more, got {rounds}")
        self.players: tuple[int, ...] = tuple(players)
        if len(set(self.players)) != len(self.players):
            raise ValueError(f"pairing numbers must be distinct, got {list(self.players)}")
        self.scoring = scoring
        self.rounds = rounds
        self.up_to_round = rounds
        self.regulation: Regulation = regulation
        self.round_robin = round_robin
        self.ratings: dict[int, int | None] = {p: (ratings or {}).get(p) for p in self.players}
        self.pab_points = scoring.win if pab_points is None else exact(pab_points)
        unknown = sorted(set(entries) - set(self.players))
        if unknown:
            raise ValueError(f"entries for players {unknown} who are not in the tournament")

        self.record: dict[int, list[RoundEntry]] = {}
        for player in self.players:
            self.record[player] = _fill(player, entries.get(player, ()), rounds)
        self._check_opponents()

        self.points: dict[int, list[Fraction]] = {
            p: [self._points(entry) for entry in self.record[p]] for p in self.players
        }
        self.total: dict[int, Fraction] = {
            p: sum(self.points[p], Fraction(0)) for p in self.players
        }
        self.adjusted_total: dict[int, Fraction] = {p: self._adjusted(p) for p in self.players}
        self._round_values: dict[int, tuple[RoundValue, ...]] = {}  # the Buchholz family's

    # --- building ---

    def _check_opponents(self) -> None:
        """Both sides of a game must name each other and agree on colours and outcome."""
        opposite = {
            Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW,
        }
        for player in self.players:
            for entry in self.record[player]:
                where = f"player {player}, round {entry.round}"
                if entry.opponent is None:
                    continue
                if entry.opponent == player:
                    raise ValueError(f"{where}: a player cannot meet himself")
                if entry.opponent not in self.record:
                    raise ValueError(f"{where}: opponent {entry.opponent} is not in the tournament")
                other = self.record[entry.opponent][entry.round - 1]
                if other.opponent != player:
                    raise ValueError(
                        f"{where}: opponent {entry.opponent} does not name {player} in that round"
                    )
                if entry.played:
                    if not other.played or opposite[entry.outcome] != other.outcome:
                        raise ValueError(f"{where}: the two sides of the game disagree")
                    if entry.colour == other.colour:
                        raise ValueError(f"{where}: both sides have the same colour")
                elif other.played or (
                    entry.unplayed is Unplayed.FORFEIT_WIN
                    and other.unplayed is not Unplayed.FORFEIT_LOSS
                ):
                    raise ValueError(f"{where}: the two sides of the forfeit disagree")

    def _points(self, entry: RoundEntry) -> Fraction:
        scoring = self.scoring
        if entry.played:
            return {Outcome.WIN: scoring.win, Outcome.DRAW: scoring.draw,
                    Outcome.LOSS: scoring.loss}[entry.outcome]
        return {
            Unplayed.PAIRING_BYE: self.pab_points,
            Unplayed.FULL_BYE: scoring.win,
            Unplayed.HALF_BYE: scoring.draw,
            Unplayed.FORFEIT_WIN: scoring.win,
            Unplayed.FORFEIT_LOSS: scoring.loss,
        }.get(entry.unplayed, Fraction(0))

    def _adjusted(self, player: int) -> Fraction:
        """The player's score as his opponents' tie-breaks see it (C.07 16.3).

        After the last round that is no VUR (a game, a pairing-allocated or full-point bye, a
        forfeit win) he has withdrawn or stopped coming: those rounds count as draws, except a
        forfeit loss, which has an opponent and keeps its points. In a round robin nothing is
        adjusted (C.07 15.2).
        """
        if self.round_robin:
            return self.total[player]
        record = self.record[player]
        last_available = max((e.round for e in record if not e.voluntary), default=0)
        return sum(
            (
                self.scoring.draw
                if entry.round > last_available and entry.opponent is None
                else scored
                for entry, scored in zip(record, self.points[player], strict=True)
            ),
            Fraction(0),
        )

    @cached_property
    def games_of(self) -> dict[int, list[PlayerGame]]:
        """Each player's rounds with an opponent, as a round robin's `Crosstable` lists them."""
        return {player: self._games(player) for player in self.players}

    @cached_property
    def _between(self) -> dict[tuple[int, int], list[Fraction]]:
        between: dict[tuple[int, int], list[Fraction]] = {}
        for player in self.players:
            for entry, scored in zip(self.record[player], self.points[player], strict=True):
                met = entry.opponent is not None and (entry.played or self.round_robin)
                if met and self._counts_as_game(player, entry):
                    between.setdefault((player, entry.opponent), []).append(scored)
        return between

    def _counts_as_game(self, player: int, entry: RoundEntry) -> bool:
        """A double forfeit is no game anywhere."""
        if entry.played:
            return True
        other = self.record[entry.opponent][entry.round - 1]
        return Unplayed.FORFEIT_WIN in (entry.unplayed, other.unplayed)

    def _games(self, player: int) -> list[PlayerGame]:
        games = []
        for entry, scored in zip(self.record[player], self.points[player], strict=True):
            if entry.opponent is None or not self._counts_as_game(player, entry):
                continue
            if entry.played:
                outcome = entry.outcome
            else:
                outcome = Outcome.WIN if entry.unplayed is Unplayed.FORFEIT_WIN else Outcome.LOSS
            colour = entry.colour or (Colour.WHITE if outcome is Outcome.WIN else Colour.BLACK)
            games.append(PlayerGame(entry.round, entry.opponent, colour,
                                    _result(colour, outcome, entry.played), scored, outcome))
        return games

    # --- questions the tie-breaks ask ---

    def points_against(self, player: int, opponent: int) -> list[Fraction]:
        """Points scored in each game against `opponent`; in a Swiss only games played over the
        board count as meetings (a forfeit is no encounter)."""
        return self._between.get((player, opponent), [])

    def standard_points(self, player: int, round_number: int) -> Fraction:
        """The round's points in the 1-1/2-0 unit ("standard points"), for rating tie-breaks."""
        scored = self.points[player][round_number - 1]
        return (scored - self.scoring.loss) / (self.scoring.win - self.scoring.loss)

    def round_values(self, player: int) -> list[RoundValue]:
        """Per round, the opponent's score that Buchholz and Sonneborn-Berger use (C.07 16).

        A game played: the opponent's adjusted score (16.3). An unplayed round in a Swiss: the
        dummy opponent of 16.4 (2024: the player's own score; 2026: capped as 16.4.1/16.4.2
        say). In a round robin forfeits are games (15.2) and a round without one adds nothing.
        """
        cached = self._round_values.get(player)
        if cached is not None:
            return list(cached)
        values = []
        own = self.total[player]
        for entry in self.record[player]:
            has_game = entry.opponent is not None and (entry.played or self.round_robin)
            if has_game:
                if self._counts_as_game(player, entry):
                    values.append(
                        RoundValue(entry.round, self.adjusted_total[entry.opponent], False)
                    )
                continue
            if self.round_robin:
                continue
            score = own
            if self.regulation == "2026":
                if entry.opponent is not None:
                    score = min(own, self.adjusted_total[entry.opponent])  # 16.4.1
                else:
                    score = min(own, self.scoring.draw * self.rounds)  # 16.4.2
            values.append(RoundValue(entry.round, score, entry.voluntary))
        self._round_values[player] = tuple(values)
        return values

    @classmethod
    def from_crosstable(cls, table: Crosstable) -> SwissTable:
        """A round robin's games as rounds (forfeits kept as games, C.07 15.2), so that every
        tie-break of the registry can be computed on it."""
        rounds = max((g.round for games in table.games_of.values() for g in games), default=0)
        if table.up_to_round is not None:
            rounds = max(rounds, table.up_to_round)
        entries: dict[int, list[RoundEntry]] = {}
        for player, games in table.games_of.items():
            entries[player] = [
                RoundEntry(
                    game.round, game.opponent, game.colour,
                    game.outcome if game.played_over_the_board else None,
                    None if game.played_over_the_board else (
                        Unplayed.FORFEIT_WIN if game.outcome is Outcome.WIN
                        else Unplayed.FORFEIT_LOSS
                    ),
                )
                for game in games
            ]
        return cls(table.players, entries, table.scoring, rounds, round_robin=True,
                   ratings=table.ratings)


def entries_from_games(
    games: Sequence[GameRecord], unplayed: Iterable[tuple[int, int, Unplayed]] = ()
) -> dict[int, list[RoundEntry]]:
    """Per-player rounds from recorded games (colours as played, results as Art. 28 scores them)
    plus the unplayed rounds without an opponent, given as (player, round, kind).

    A forfeit ("+-", "-+") becomes a forfeit win and a forfeit loss; a double forfeit ("--") a
    forfeit loss for both; a game without a result yet is left out. Rounds named nowhere are
    rounds not entered (`SwissTable` fills them in).
    """
    entries: dict[int, list[RoundEntry]] = {}
    for game in games:
        if game.result is None:
            continue
        result = Result(game.result)
        sides = ((game.white, game.black, Colour.WHITE), (game.black, game.white, Colour.BLACK))
        for player, opponent, colour in sides:
            white_side = colour is Colour.WHITE
            white_won = result in (Result.WHITE_WIN, Result.WHITE_FORFEIT_WIN)
            black_won = result in (Result.BLACK_WIN, Result.BLACK_FORFEIT_WIN)
            won = white_won if white_side else black_won
            if result is Result.DRAW:
                entry = RoundEntry(game.round, opponent, colour, Outcome.DRAW)
            elif result.played_over_the_board:
                outcome = Outcome.WIN if won else Outcome.LOSS
                entry = RoundEntry(game.round, opponent, colour, outcome)
            else:
                kind = Unplayed.FORFEIT_WIN if won else Unplayed.FORFEIT_LOSS
                entry = RoundEntry(game.round, opponent, colour, unplayed=kind)
            entries.setdefault(player, []).append(entry)
    for player, number, kind in unplayed:
        entries.setdefault(player, []).append(RoundEntry(number, unplayed=Unplayed(kind)))
    return entries


def swiss_view(table: Crosstable | SwissTable) -> SwissTable:
    """The table as rounds: itself for a Swiss, a converted (and cached) one for a round robin."""
    if isinstance(table, SwissTable):
        return table
    cached = getattr(table, "_swiss_view", None)
    if cached is None:
        cached = SwissTable.from_crosstable(table)
        table._swiss_view = cached  # type: ignore[attr-defined]
    return cached


def cut_lowest(values: list[RoundValue], count: int) -> list[RoundValue]:
    """Remove the `count` least significant values, Voluntary Unplayed Rounds first (C.07 16.5).

    Among equal values the earliest round goes first (`values` is in round order; `min` keeps
    the first of equals).
    """
    kept = list(values)
    for _ in range(min(count, len(kept))):
        voluntary = [value for value in kept if value.voluntary]
        kept.remove(min(voluntary or kept, key=_score))
    return kept


def cut_highest(values: list[RoundValue], count: int) -> list[RoundValue]:
    """Remove the `count` most significant values (the upper half of a Median modifier)."""
    kept = list(values)
    for _ in range(min(count, len(kept))):
        kept.remove(max(kept, key=_score))
    return kept


def _score(value: RoundValue) -> Fraction:
    return value.score


def _fill(player: int, entries: Sequence[RoundEntry], rounds: int) -> list[RoundEntry]:
    """Rounds 1..rounds in order; a round not given is a round not entered."""
    by_round: dict[int, RoundEntry] = {}
    for entry in entries:
        where = f"player {player}, round {entry.round}"
        for field, kind in (("colour", Colour), ("outcome", Outcome), ("unplayed", Unplayed)):
            value = getattr(entry, field)
            if value is not None and value not in set(kind):
                raise ValueError(
                    f"{where}: unknown {field} {value!r}; known: {', '.join(kind)}"
                )
        if entry.round < 1:
            raise ValueError(f"{where}: rounds are numbered from 1")
        if entry.round in by_round:
            raise ValueError(f"{where}: two entries for the same round")
        if entry.played:
            if entry.opponent is None or entry.outcome is None or entry.colour is None:
                raise ValueError(f"{where}: a game needs an opponent, a colour and an outcome")
            entry = RoundEntry(entry.round, entry.opponent, Colour(entry.colour),
                               Outcome(entry.outcome))
        else:
            colour = None if entry.colour is None else Colour(entry.colour)
            entry = RoundEntry(entry.round, entry.opponent, colour, None, Unplayed(entry.unplayed))
            forfeit = entry.unplayed in (Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS)
            if forfeit != (entry.opponent is not None):
                raise ValueError(f"{where}: only a forfeit names an opponent without a game")
        by_round[entry.round] = entry
    return [
        by_round.get(number, RoundEntry(number, unplayed=Unplayed.NOT_ENTERED))
        for number in range(1, rounds + 1)
    ]


def _result(colour: Colour, outcome: Outcome, played: bool) -> Result:
    white_won = (colour is Colour.WHITE) == (outcome is Outcome.WIN)
    if not played:
        return Result.WHITE_FORFEIT_WIN if white_won else Result.BLACK_FORFEIT_WIN
    if outcome is Outcome.DRAW:
        return Result.DRAW
    return Result.WHITE_WIN if white_won else Result.BLACK_WIN

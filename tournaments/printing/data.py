"""The plain data the printed documents are built from.

Every text field arrives already formatted for the reader (points as "2.5" or "2,5", dates in the
active language), so the builders only lay it out and never need the database or the standings code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Side(StrEnum):
    """The colour a player had in a game, as played (Art. 10 of the regulation)."""

    WHITE = "white"
    BLACK = "black"


@dataclass(frozen=True, kw_only=True)
class TournamentHeader:
    """The title block every document starts with."""

    name: str
    place: str = ""
    dates: str = ""
    board: str = ""
    time_control: str = ""
    arbiters: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class TiebreakLabel:
    """A tie-break as printed: a short column heading and the full name for the legend."""

    abbreviation: str
    name: str


@dataclass(frozen=True, kw_only=True)
class StandingsRow:
    rank: int
    number: int
    name: str
    club: str = ""
    points: str = ""
    tiebreaks: tuple[str, ...] = ()
    rating: str = ""  # "" when unknown
    games: str = ""  # games played; "" leaves the column out


@dataclass(frozen=True, kw_only=True)
class StandingsData:
    header: TournamentHeader
    rows: list[StandingsRow]
    tiebreak_labels: list[TiebreakLabel] = field(default_factory=list)
    after_round: int | None = None
    # Which rounds are counted while a later one is in play (issue 25), under the legend
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class GameCell:
    """One game in a crosstable cell: the result for the row's player ("1", "½", "0", "+", "-")
    and the colour the row's player had. An empty result is a game not played yet."""

    result: str
    side: Side | None = None
    opponent: str = ""  # a Swiss's cell names the opponent's number first ("12W1")


@dataclass(frozen=True, kw_only=True)
class CrosstableRow(StandingsRow):
    """A standings row plus the games against each opponent, keyed by the opponent's pairing
    number; a list because a double round robin meets each opponent twice."""

    cells: dict[int, list[GameCell]] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class CrosstableData:
    header: TournamentHeader
    columns: list[int]
    rows: list[CrosstableRow]
    tiebreak_labels: list[TiebreakLabel] = field(default_factory=list)
    after_round: int | None = None
    by_round: bool = False  # a Swiss: one column per round (R1, R2...), as chess-results prints
    # Headings of the opponent columns when not their pairing numbers (by rank: the places).
    column_labels: dict[int, str] = field(default_factory=dict)
    # What a win, a draw and a loss show in a cell: the tournament's units (2, 1, 0 in FMJD).
    symbols: tuple[str, str, str] = ("1", "½", "0")
    # Further lines under the legend: what the direct-encounter places mean (issue 25)
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class PlayerEntry:
    number: int
    name: str
    club: str = ""
    points: str = ""
    rating: str = ""  # "" when unrated: the pairing cards print it (issue 27)


@dataclass(frozen=True, kw_only=True)
class PairingRow:
    """A game of a round. The scores are what each side got ("1", "½", "0", "+", "-"), empty
    until the result is recorded: the pairings sheet prints them in the result boxes."""

    board: int
    white: PlayerEntry
    black: PlayerEntry
    white_score: str = ""
    black_score: str = ""


@dataclass(frozen=True, kw_only=True)
class PairingsData:
    """One round: its games and the players who sit out (byes). Result slips print from it too."""

    header: TournamentHeader
    round: int
    games: list[PairingRow]
    byes: list[PlayerEntry] = field(default_factory=list)
    date: str = ""
    # A Swiss's players left out at their request or for their absence, each with what he gets
    # ("half-point bye", "absent (not paired)"): printed under the boards like the bye.
    not_paired: list[tuple[PlayerEntry, str]] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class AllPairingsData:
    """Every round's pairings in one document, for the notice board before the tournament."""

    header: TournamentHeader
    rounds: list[PairingsData]


@dataclass(frozen=True, kw_only=True)
class ScoreSheetData:
    """Score sheets for a board size: `games` pre-fills one sheet per game of a round; with no
    games, `copies` blank sheets are printed."""

    header: TournamentHeader
    squares: int = 64
    games: list[PairingRow] = field(default_factory=list)
    round: int | None = None
    copies: int = 1
    date: str = ""  # the round's date, when the tournament knows it

    def __post_init__(self) -> None:
        if self.squares not in (64, 100):
            raise ValueError(f"a score sheet is for 64 or 100 squares, got {self.squares}")
        if self.copies < 1:
            raise ValueError(f"print at least one score sheet, got copies={self.copies}")


@dataclass(frozen=True, kw_only=True)
class GameRecordData:
    """A game to print: its moves as written (one text per half-move, White first) and the
    positions to draw, as (ply, FEN) with ply 0 the starting position."""

    header: TournamentHeader
    white: str
    black: str
    result: str = ""
    round: int | None = None
    board_number: int | None = None
    date: str = ""
    squares: int = 64
    moves: list[str] = field(default_factory=list)
    diagrams: list[tuple[int, str]] = field(default_factory=list)
    first_ply_black: bool = False
    algebraic: bool = False  # the moves are written c3-d4 (8x8): label the diagrams a-h, 1-8

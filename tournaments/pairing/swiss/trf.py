"""The FIDE Tournament Report File (TRF-16 and TRF-2026 player lines), read and written.

A pairing program exchanges tournaments with the arbiter's software in this fixed-column format;
bbpPairings and JaVaFo add ``XXR`` (total rounds) and ``XXC`` (``white1``/``black1``, the initial
colour) and read round entries ``0000 - H/F/Z/-`` for the round being paired as requested byes and
absences. Errors name the line and column, since an arbiter has to find them in a text editor.

The pairing options of issue 27, accelerations (``XXA``, TRF-2026 ``250``) and forbidden pairs
(``XXP``, TRF-2026 ``260``), are read and written by `trf_fields`, as bbpPairings reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from rules.textfile import TextDecodingError, decode_text
from tournaments.pairing.swiss.trf_fields import (
    OPTION_TAGS,
    OptionReader,
    TrfError,
    _int,
    _points,
    option_lines,
)

__all__ = [
    "RoundEntry",
    "TrfReading",
    "TrfError",
    "TrfPlayer",
    "TrfTournament",
    "parse_trf",
    "read_trf",
    "write_trf",
]

#: Result codes of a round entry and the points they are worth (TRF: 1 = 0 + - W D L H F U Z).
RESULT_POINTS: dict[str, Fraction] = {
    "1": Fraction(1),
    "=": Fraction(1, 2),
    "0": Fraction(0),
    "W": Fraction(1),
    "D": Fraction(1, 2),
    "L": Fraction(0),
    "+": Fraction(1),
    "-": Fraction(0),
    "H": Fraction(1, 2),
    "F": Fraction(1),
    "U": Fraction(1),
    "Z": Fraction(0),
}
#: bbpPairings' scoring lines and the result codes each one prices (default: 1 - 1/2 - 0).
SCORING_TAGS: dict[str, str] = {
    "BBW": "1W+F",
    "BBD": "=DH",
    "BBL": "0L",
    "BBZ": "Z",
    "BBF": "-",
    "BBU": "U",
}
#: Results of a game actually played over the board (forfeits and byes are not games).
PLAYED = frozenset("1=0WDL")
#: Entries without an opponent: byes and absences.
BYE_CODES = frozenset("HFUZ-")

ROUND_START = 91  # 0-based column of the first round block (column 92)
ROUND_WIDTH = 10


@dataclass(frozen=True)
class RoundEntry:
    """One round of a player: opponent number (0 none), colour ``w``/``b``/``-``, result code."""

    opponent: int
    colour: str
    result: str

    @property
    def played(self) -> bool:
        return self.opponent != 0 and self.result in PLAYED

    @property
    def points(self) -> Fraction:
        return RESULT_POINTS[self.result]


@dataclass(frozen=True)
class TrfReading:
    """A round entry other programs write that the format does not define, and how it was read,
    so the arbiter is told (player, round) and can check it against his own papers."""

    line: int
    player: int
    round: int
    found: str  # "blank" (lichess: ten spaces) or "0000 - +" (a forfeit win without opponent)
    read_as: str  # the result code it stands for: "-", "H", "U", "F"


@dataclass
class TrfPlayer:
    number: int
    name: str
    rating: int
    points: Fraction
    rank: int
    rounds: list[RoundEntry]
    line: int
    raw: str = ""
    sex: str = ""  # column 10: "m" or "w"
    federation: str = ""  # columns 54-56
    birth_date: str = ""  # columns 70-79, as the file writes it
    #: 0-based rounds whose block was blank, to be read once the whole file is known.
    blank_rounds: list[int] = field(default_factory=list)
    readings: list[TrfReading] = field(default_factory=list)


@dataclass
class TrfTournament:
    players: dict[int, TrfPlayer]
    total_rounds: int | None = None
    initial_colour: str | None = None  # "w" or "b" from XXC
    other_lines: list[str] = field(default_factory=list)
    scoring: dict[str, Fraction] = field(default_factory=lambda: dict(RESULT_POINTS))
    #: Pairs of pairing numbers that must not meet in the round being paired (``XXP`` lines).
    forbidden_pairs: list[frozenset[int]] = field(default_factory=list)
    #: Virtual points per round by pairing number, index 0 = round 1 (``XXA`` lines).
    accelerations: dict[int, list[Fraction]] = field(default_factory=dict)
    #: Forbidden pairs that hold only from one round to another (TRF-2026 ``260`` lines), as
    #: (first, last) round; a pair of ``forbidden_pairs`` not in here holds in every round.
    forbidden_rounds: dict[frozenset[int], tuple[int, int]] = field(default_factory=dict)

    def forbidden_in(self, round_no: int) -> list[frozenset[int]]:
        """The forbidden pairs that hold in round ``round_no``."""
        limits = self.forbidden_rounds
        return [
            p
            for p in self.forbidden_pairs
            if p not in limits or limits[p][0] <= round_no <= limits[p][1]
        ]

    def acceleration(self, number: int, round_no: int) -> Fraction:
        """Virtual points of player ``number`` in round ``round_no`` (1-based), 0 when none."""
        row = self.accelerations.get(number, ())
        return row[round_no - 1] if 0 < round_no <= len(row) else Fraction(0)

    @property
    def readings(self) -> list[TrfReading]:
        """Every entry read by interpretation (blank blocks, ``0000 - +``), by player, round."""
        return sorted(
            (r for p in self.players.values() for r in p.readings),
            key=lambda r: (r.player, r.round),
        )

    def points_of(self, entry: RoundEntry) -> Fraction:
        """Points of a round entry under this file's scoring (BBW/BBD/... lines, else 1-1/2-0)."""
        return self.scoring[entry.result]

    @property
    def win_points(self) -> Fraction:
        return self.scoring["1"]

    @property
    def rounds_in_file(self) -> int:
        return max((len(p.rounds) for p in self.players.values()), default=0)


def parse_trf(text: str) -> TrfTournament:
    """Read a TRF text (any of CR, LF or CRLF line endings) and check what pairing relies on."""
    lines = re.split(r"\r\n|\r|\n", text)
    players: dict[int, TrfPlayer] = {}
    total_rounds = None
    initial = None
    other: list[str] = []
    scoring = dict(RESULT_POINTS)
    options = OptionReader()  # XXA, XXP and their TRF-2026 records 250, 260
    for no, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        tag = line[:3]
        if tag == "001":
            player = _parse_player(line, no)
            if player.number in players:
                raise TrfError(no, 5, f"player {player.number} is listed twice")
            players[player.number] = player
        elif tag == "XXR":
            total_rounds = _int(line[3:], no, 5, "XXR (number of rounds)")
        elif tag == "XXC":
            # JaVaFo/bbpPairings: "white1" or "black1" (the top player's colour in round 1),
            # possibly with "rank" (initial order by rating); other words are not ours to judge.
            words = line[3:].split()
            colours = [w for w in words if w in ("white1", "black1")]
            if not colours and "rank" not in words:
                raise TrfError(no, 5, "XXC must say white1 or black1")
            if colours:
                initial = colours[0][0]
        elif tag in OPTION_TAGS:
            options.read(tag, line, no)
        elif tag in SCORING_TAGS:
            value = _points(line[3:], no, 5)
            for code in SCORING_TAGS[tag]:
                scoring[code] = value
            other.append(line)
        else:
            other.append(line)
    if not players:
        raise TrfError(1, 1, "no player lines (001)")
    options.finish(players, total_rounds)
    tournament = TrfTournament(
        players,
        total_rounds,
        initial,
        other,
        scoring,
        options.forbidden,
        options.accelerations,
        options.limits,
    )
    _read_blank_rounds(tournament)
    _check(tournament)
    return tournament


def read_trf(path: str | Path) -> TrfTournament:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise TrfError(0, 0, f"cannot read {path}: {exc.strerror}") from exc
    try:
        text = decode_text(data).text
    except TextDecodingError as exc:
        raise TrfError(exc.line, 1, f"{path}: {exc.problem}") from exc
    return parse_trf(text)


def _parse_player(line: str, no: int) -> TrfPlayer:
    number = _int(line[4:8], no, 5, "the player's number")
    if number == 0:
        raise TrfError(no, 5, "player number 0 is not allowed")
    name = line[14:47].strip()
    rating = _int(line[48:52], no, 49, "the rating", blank=0)
    points = _points(line[80:84], no, 81)
    rank = _int(line[85:89], no, 86, "the rank", blank=0)
    rounds: list[RoundEntry] = []
    blanks: list[int] = []
    readings: list[TrfReading] = []
    col = ROUND_START
    while col < len(line):
        block = line[col : col + 8].ljust(8)
        if not block.strip():
            blanks.append(len(rounds))
            rounds.append(RoundEntry(0, "-", "-"))
            col += ROUND_WIDTH
            continue
        opp_text, colour, result = block[0:4], block[5], block[7]
        opp = _int(opp_text, no, col + 1, "the opponent's number", blank=0)
        if colour not in "wb-":
            raise TrfError(no, col + 6, f"colour must be w, b or -, found {colour!r}")
        if result not in RESULT_POINTS:
            raise TrfError(no, col + 8, f"unknown result code {result!r}")
        if opp == 0 and result == "+":
            # Some programs write the point of a player whose opponent never came, no opponent
            # named: it is a point without a game, what a full-point bye is.
            readings.append(TrfReading(no, number, len(rounds) + 1, "0000 - +", "F"))
            rounds.append(RoundEntry(0, "-", "F"))
            col += ROUND_WIDTH
            continue
        if opp == 0 and result not in BYE_CODES:
            raise TrfError(no, col + 8, f"result {result!r} needs an opponent")
        if opp != 0 and result in "HFUZ":
            raise TrfError(no, col + 8, f"result {result!r} is a bye and takes no opponent")
        if opp != 0 and result in PLAYED and colour == "-":
            raise TrfError(no, col + 6, "a played game needs the colour w or b")
        rounds.append(RoundEntry(opp, colour, result))
        col += ROUND_WIDTH
    while (
        rounds
        and rounds[-1] == RoundEntry(0, "-", "-")
        and not line[ROUND_START + ROUND_WIDTH * (len(rounds) - 1) :].strip()
    ):
        rounds.pop()
    blanks = [r for r in blanks if r < len(rounds)]
    sex = line[9:10].strip().lower()
    return TrfPlayer(
        number,
        name,
        rating,
        points,
        rank,
        rounds,
        no,
        line,
        sex=sex if sex in ("m", "w") else "",
        federation=line[53:56].strip(),
        birth_date=line[69:79].strip(),
        blank_rounds=blanks,
        readings=readings,
    )


def _read_blank_rounds(t: TrfTournament) -> None:
    """lichess writes a bye or an absence as a blank block: read each as an absence (``-``),
    unless the points column says the player scored there, then as the byes that make it add
    up: one pairing-allocated bye (``U``) in the latest such round nobody else has it, and
    half-point byes (``H``, a late entry's rounds) in the earliest. Each reading is recorded."""
    last = t.rounds_in_file
    bye_rounds = {r for p in t.players.values() for r, e in enumerate(p.rounds) if e.result == "U"}
    for p in sorted(t.players.values(), key=lambda p: p.number):
        blanks = list(p.blank_rounds)
        found = sum((t.points_of(e) for e in p.rounds), Fraction(0))
        if p.raw[80:84].strip() and p.points > found and len(p.rounds) < last:
            # his line stops early but he scored there: the trailing blanks are rounds too
            blanks += range(len(p.rounds), last)
            p.rounds += [RoundEntry(0, "-", "-")] * (last - len(p.rounds))
        if not blanks:
            continue
        codes = dict.fromkeys(blanks, "-")
        missing = p.points - found if p.raw[80:84].strip() else Fraction(0)
        if missing > 0:
            plan = _bye_plan(t, missing, len(blanks))
            if plan is not None:
                pab, halves = plan
                for r in blanks[:halves]:
                    codes[r] = "H"
                if pab:
                    free = [r for r in blanks[halves:] if r not in bye_rounds]
                    if free:
                        codes[free[-1]] = "U"
                        bye_rounds.add(free[-1])
                    else:  # that round's pairing bye is someone else's: a point without a game
                        codes[blanks[-1]] = "F"
        for r, code in codes.items():
            p.rounds[r] = RoundEntry(0, "-", code)
            p.readings.append(TrfReading(p.line, p.number, r + 1, "blank", code))
        p.blank_rounds = sorted(codes)


def _bye_plan(t: TrfTournament, missing: Fraction, blanks: int) -> tuple[bool, int] | None:
    """(a pairing-allocated bye?, how many half-point byes) worth `missing` points over at most
    `blanks` rounds; one pairing bye at most (C.04.1 c), the fewest rounds changed."""
    for pab in (True, False):
        rest = missing - (t.scoring["U"] if pab else 0)
        if rest < 0 or (pab and blanks < 1):
            continue
        half = t.scoring["H"]
        if rest == 0:
            return pab, 0
        if half > 0 and (rest / half).denominator == 1 and rest / half <= blanks - pab:
            return pab, int(rest / half)
    return None


_OPPOSITE_RESULT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}


def _check(t: TrfTournament) -> None:
    """Opponents exist and agree, nobody meets himself; results and colours mirror each other;
    the points column (when filled) adds up the results."""
    for p in t.players.values():
        if p.raw[80:84].strip():
            total = sum((t.points_of(e) for e in p.rounds), Fraction(0))
            upcoming = p.rounds[-1] if p.rounds and p.rounds[-1].opponent == 0 else None
            requested = upcoming is not None and upcoming.result != "U"
            before = total - t.points_of(upcoming) if requested else total  # type: ignore[arg-type]
            # Some programs add the round's virtual points (XXA) to the column: accept those too.
            virtual = {Fraction(0), *t.accelerations.get(p.number, ())}
            if not any(p.points - v in (total, before) for v in virtual):
                raise TrfError(
                    p.line,
                    81,
                    f"player {p.number} has {float(p.points):g} points but the results add up to "
                    f"{float(total):g}" + _blank_hint(p),
                )
        for r, e in enumerate(p.rounds):
            col = ROUND_START + ROUND_WIDTH * r + 1
            if e.opponent == 0:
                continue
            if e.opponent == p.number:
                raise TrfError(
                    p.line, col, f"player {p.number} is paired with himself in round {r + 1}"
                )
            q = t.players.get(e.opponent)
            if q is None:
                raise TrfError(p.line, col, f"round {r + 1}: unknown opponent {e.opponent}")
            other = q.rounds[r] if r < len(q.rounds) else None
            if other is None or other.opponent != p.number:
                raise TrfError(
                    p.line,
                    col,
                    f"round {r + 1}: player {p.number} meets {e.opponent}, "
                    f"who is not paired with {p.number} on line {q.line}",
                )
            if _OPPOSITE_RESULT.get(e.result) != other.result and not (
                e.result == "-" and other.result == "-"
            ):
                raise TrfError(
                    p.line,
                    col + 7,
                    f"round {r + 1}: results of {p.number} and {q.number} do not match",
                )
            if e.result in PLAYED and {e.colour, other.colour} != {"w", "b"}:
                raise TrfError(
                    p.line,
                    col + 5,
                    f"round {r + 1}: {p.number} and {q.number} have the same colour",
                )


def _blank_hint(p: TrfPlayer) -> str:
    """Which blank rounds no reading (absence, byes) could make add up: where to look."""
    blank = [r + 1 for r in p.blank_rounds if p.rounds[r] == RoundEntry(0, "-", "-")]
    if not blank:
        return ""
    rounds = ", ".join(str(r) for r in blank)
    return f" (blank round{'s' if len(blank) > 1 else ''} {rounds}, read as no points)"


def points_after(t: TrfTournament, player: TrfPlayer, rounds: int) -> Fraction:
    """Points after the first ``rounds`` rounds."""
    return sum((t.points_of(e) for e in player.rounds[:rounds]), Fraction(0))


def write_trf(
    t: TrfTournament, rounds: int | None = None, *, scored_rounds: int | None = None
) -> str:
    """TRF text of the first ``rounds`` rounds (all by default), points recomputed (after
    ``scored_rounds`` when given: a requested bye for the round to come is not scored yet);
    CR-LF."""
    n_rounds = t.rounds_in_file if rounds is None else rounds
    out = list(t.other_lines)
    if t.total_rounds is not None:
        out.append(f"XXR {t.total_rounds}")
    if t.initial_colour is not None:
        out.append("XXC white1" if t.initial_colour == "w" else "XXC black1")
    out += option_lines(t.accelerations, t.forbidden_pairs, t.forbidden_rounds)
    for p in sorted(t.players.values(), key=lambda p: p.number):
        pts = points_after(t, p, n_rounds if scored_rounds is None else scored_rounds)
        head = (
            f"001 {p.number:4d} {p.sex[:1]:1}    {p.name[:33]:<33} {p.rating or '':>4}"
            f" {p.federation[:3]:<3} {'':11} {p.birth_date[:10]:<10} {float(pts):4.1f}"
            f" {p.rank or '':>4}"
        )
        blocks = ""
        for e in p.rounds[:n_rounds]:
            opp = f"{e.opponent:4d}" if e.opponent else "0000"
            blocks += f"  {opp} {e.colour} {e.result}"
        out.append(head + blocks)
    return "\r\n".join(out) + "\r\n"

"""A Swiss's pairing options as the engine sees them in one round (issue 27): the pairs that must
not meet (players of the same club, pairs the arbiter names) and Baku's virtual points.

Everything here is by entry id, since pairing numbers change with a late entry;
`queries.swiss_trf` turns it into pairing numbers for the TRF data the engine reads.

Baku acceleration (C.04.5.1) is computed at each pairing from the initial ranking, never stored:
the order is that of the players entered for round 1 (by their pairing numbers, which keep their
order when a late entry is numbered among them), so group A is the same all tournament long. A
late entry is not in that order: he plays in group B, without virtual points.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.models import ForbiddenPair, Tournament
from tournaments.models.collation import fold
from tournaments.pairing.swiss.acceleration import baku

__all__ = [
    "NamedPair",
    "Options",
    "RoundPairs",
    "accelerations",
    "club_key",
    "clubs_of",
    "forbidden_in_round",
    "options_of",
    "round_pairs",
    "virtual_points",
]


def club_key(club: str) -> str:
    """The club as compared: accents, case and spaces folded ("Clube  Ágape" = "clube agape");
    an empty club is nobody's club."""
    return fold(club)


@dataclass(frozen=True)
class NamedPair:
    """A pair the arbiter named, by entry id (the smaller first), from round `from_round` to round
    `rounds` (None: to the last round)."""

    first: int
    second: int
    rounds: int | None = None
    note: str = ""
    from_round: int = 1

    def applies_to(self, round_number: int) -> bool:
        return self.from_round <= round_number and (
            self.rounds is None or round_number <= self.rounds
        )


@dataclass(frozen=True)
class Options:
    """The forbidden-pairing settings of a tournament, as plain data."""

    forbid_same_club: bool = False
    same_club_rounds: int | None = None
    named: tuple[NamedPair, ...] = ()

    def same_club_applies_to(self, round_number: int) -> bool:
        return self.forbid_same_club and (
            self.same_club_rounds is None or round_number <= self.same_club_rounds
        )


@dataclass
class RoundPairs:
    """The forbidden pairs of one round, with why: each club (as first written) with the entry
    ids of its two or more players, and the named pairs that apply."""

    clubs: dict[str, list[int]] = field(default_factory=dict)
    named: list[NamedPair] = field(default_factory=list)

    def pairs(self) -> set[frozenset[int]]:
        found = {frozenset((p.first, p.second)) for p in self.named}
        for members in self.clubs.values():
            found.update(frozenset((a, b)) for i, a in enumerate(members) for b in members[i + 1 :])
        return found

    def __bool__(self) -> bool:
        return bool(self.clubs or self.named)


def round_pairs(options: Options, clubs: dict[int, str], round_number: int) -> RoundPairs:
    """The pairs forbidden in `round_number`, from the options and each entry's club."""
    result = RoundPairs(named=[p for p in options.named if p.applies_to(round_number)])
    if options.same_club_applies_to(round_number):
        members: dict[str, list[int]] = defaultdict(list)
        written: dict[str, str] = {}
        for entry_id in sorted(clubs):
            key = club_key(clubs[entry_id])
            if key:
                members[key].append(entry_id)
                written.setdefault(key, " ".join(clubs[entry_id].split()))
        result.clubs = {written[key]: ids for key, ids in sorted(members.items()) if len(ids) > 1}
    return result


def options_of(tournament: Tournament) -> Options:
    named = tuple(
        NamedPair(first, second, rounds, note, from_round)
        for first, second, rounds, note, from_round in ForbiddenPair.objects.filter(
            tournament=tournament
        )
        .order_by("pk")
        .values_list("first_id", "second_id", "rounds", "note", "from_round")
    )
    return Options(tournament.forbid_same_club, tournament.same_club_rounds, named)


def clubs_of(tournament: Tournament) -> dict[int, str]:
    """Each entry's club, by entry id."""
    return dict(tournament.entries.values_list("pk", "player__club"))


def forbidden_in_round(tournament: Tournament, round_number: int) -> RoundPairs:
    """The pairs the engine must not make in `round_number` of the stored tournament."""
    options = options_of(tournament)
    if not options.forbid_same_club and not options.named:
        return RoundPairs()
    return round_pairs(options, clubs_of(tournament), round_number)


def accelerations(
    tournament: Tournament, *, enabled: bool | None = None
) -> dict[int, list[Fraction]]:
    """Baku's virtual points by entry id, one per round (index 0: round 1), for the players who
    have some; empty when the tournament is not accelerated (`enabled` overrides the setting)."""
    if not (tournament.baku_acceleration if enabled is None else enabled):
        return {}
    initial = list(
        tournament.entries.filter(number__isnull=False, first_round=1)
        .order_by("number")
        .values_list("number", "pk")
    )
    if not initial:
        return {}
    entry_of = dict(initial)
    values = baku(
        [number for number, _pk in initial],
        tournament.swiss_rounds,
        Fraction(str(tournament.scoring_win)),
    )
    return {
        entry_of[number]: list(points)
        for number, points in values.items()
        if number in entry_of and any(points)
    }


def virtual_points(tournament: Tournament, round_number: int) -> dict[int, Fraction]:
    """Each accelerated player's virtual points in `round_number`, by entry id (none: 0)."""
    return {
        pk: points[round_number - 1]
        for pk, points in accelerations(tournament).items()
        if round_number <= len(points) and points[round_number - 1]
    }

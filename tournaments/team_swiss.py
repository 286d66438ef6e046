"""Team Swiss pairing after FIDE C.04.6 (Swiss Team Pairing System, in force from 1 February
2026), as plain data: no Django, tested without a database.

What the regulation sets, and how this module reads it:
- Preface: the basic Swiss rules apply to teams mutatis mutandis, except that colours never
  decide whether two teams may meet; there are no absolute colour criteria.
- Art. 1.2: the pairing score is the primary score (match points by default, or game points);
  the other is the secondary score, used when allocating colours.
- Art. 1.6.1: a team's colour in a match is its colour on board 1.
- Art. 1.7: colour preferences of type A (simple) or B (strong and mild), or none.
- Art. 3.4: the pairing-allocated bye goes to a team that has not had one (nor a forfeit win),
  from the lowest score, then the team that has played most matches, then the largest pairing
  number.
- Art. 3.6: brackets are paired in lexicographic order of the pairing numbers: the first team
  left takes the first compatible team in the order given below, with backtracking, so teams
  never meet twice (C1) and the whole round always pairs when any pairing exists.
- Art. 4: colours are allocated in nine steps (allocate_colours).

Within a score bracket the first team meets the first team of the bracket's second half (S1
against S2), then the rest of the first half; a team left over floats to the next bracket down.
The handbook's text of Art. 3.6 could not be read here beyond its preface, and one secondary
description pairs a bracket in plain lexicographic order instead (the first team against the
next one it may meet): `fold=False` pairs that way, so the reading can be switched once checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

type Colour = Literal["W", "B"]
type PreferenceType = Literal["A", "B", "none"]

NODE_BUDGET = 200_000  # DFS steps before a round is declared unpairable (never reached in tests)


@dataclass(frozen=True)
class TeamState:
    """A team as the pairing sees it before a round.

    `colours` holds its board-1 colour per round played, None for a round without a match
    (bye, absence); `opponents` the teams met; `had_bye` whether it already had the
    pairing-allocated bye or a forfeit win (Art. 3.4).
    """

    id: object
    tpn: int
    score: Fraction = Fraction(0)
    secondary: Fraction = Fraction(0)
    colours: tuple[Colour | None, ...] = ()
    opponents: frozenset = field(default_factory=frozenset)
    had_bye: bool = False

    @property
    def played(self) -> list[Colour]:
        return [c for c in self.colours if c is not None]

    @property
    def colour_difference(self) -> int:
        played = self.played
        return played.count("W") - played.count("B")


@dataclass(frozen=True)
class Preference:
    colour: Colour | None
    strong: bool = False


def colour_preference(team: TeamState, kind: PreferenceType,
                      last_round: bool = False) -> Preference:
    """Art. 1.7. Type A: White when the colour difference is below -1, or is 0 or -1 after two
    Blacks running; Black symmetrically. Type B adds mild preferences: difference -1 (White),
    or 0 after a Black except in the last round; and symmetrically for Black."""
    if kind == "none":
        return Preference(None)
    played = team.played
    cd = team.colour_difference
    last_two = played[-2:]
    if cd < -1 or (cd in (0, -1) and last_two == ["B", "B"]):
        return Preference("W", strong=True)
    if cd > 1 or (cd in (0, 1) and last_two == ["W", "W"]):
        return Preference("B", strong=True)
    if kind == "B":
        if cd == -1 or (cd == 0 and played and played[-1] == "B" and not last_round):
            return Preference("W")
        if cd == 1 or (cd == 0 and played and played[-1] == "W" and not last_round):
            return Preference("B")
    return Preference(None)


def _other(colour: Colour) -> Colour:
    return "B" if colour == "W" else "W"


def allocate_colours(a: TeamState, b: TeamState, kind: PreferenceType = "A",
                     initial: Colour = "W", last_round: bool = False
                     ) -> tuple[TeamState, TeamState]:
    """(team with White on board 1, team with Black) by the nine steps of Art. 4."""
    first, second = sorted((a, b), key=lambda t: (-t.score, -t.secondary, t.tpn))

    def give(colour_of_first: Colour) -> tuple[TeamState, TeamState]:
        return (first, second) if colour_of_first == "W" else (second, first)

    # 1. No history for either team: the initial colour drawn by lot to odd pairing numbers.
    if not first.played and not second.played:
        return give(initial if first.tpn % 2 == 1 else _other(initial))
    p1 = colour_preference(first, kind, last_round)
    p2 = colour_preference(second, kind, last_round)
    # 2. Only one team has a preference: grant it.
    if p1.colour and not p2.colour:
        return give(p1.colour)
    if p2.colour and not p1.colour:
        return give(_other(p2.colour))
    # 3. Opposite preferences: grant both.
    if p1.colour and p2.colour and p1.colour != p2.colour:
        return give(p1.colour)
    # 4. Type B: only one strong preference: grant it.
    if p1.colour and p2.colour and p1.strong != p2.strong:
        return give(p1.colour if p1.strong else _other(p2.colour))
    # 5. The lower colour difference gets White.
    if first.colour_difference != second.colour_difference:
        return give("W" if first.colour_difference < second.colour_difference else "B")
    # 6. Alternate from the latest round where they had different colours.
    for c1, c2 in zip(reversed(first.colours), reversed(second.colours), strict=False):
        if c1 and c2 and c1 != c2:
            return give(_other(c1))
    # 7. Grant the first team's preference.
    if p1.colour:
        return give(p1.colour)
    # 8. Alternate the first team's last colour, 9. else the other's.
    if first.played:
        return give(_other(first.played[-1]))
    if second.played:
        return give(second.played[-1])
    return give(initial)


@dataclass(frozen=True)
class TeamPairing:
    """A round: (White team, Black team) pairs in board-1 terms, best scores first, and the bye."""

    pairs: tuple[tuple[object, object], ...]
    bye: object | None


class UnpairableError(ValueError):
    """No pairing meets C1 (teams meet once) for the teams given."""


def _order(teams: Sequence[TeamState]) -> list[TeamState]:
    return sorted(teams, key=lambda t: (-t.score, t.tpn))


def _candidates(first: TeamState, rest: list[TeamState], fold: bool) -> list[TeamState]:
    """The lexicographic order in which `first` (the top team left) tries opponents: its own
    bracket's second half, then its first half (with `fold`; else the bracket in order), then
    lower brackets (floating down)."""
    bracket = [first] + [t for t in rest if t.score == first.score]
    lower = [t for t in rest if t.score != first.score]
    if not fold:
        return bracket[1:] + lower
    half = len(bracket) // 2
    if half == 0:
        return lower
    return bracket[half:] + bracket[1:half] + lower


def _pair_all(teams: list[TeamState], budget: list[int],
              fold: bool = True) -> list[tuple[TeamState, TeamState]]:
    if not teams:
        return []
    first, rest = teams[0], teams[1:]
    for candidate in _candidates(first, rest, fold):
        budget[0] -= 1
        if budget[0] < 0:
            raise UnpairableError("the pairing search ran out of steps")
        if candidate.id in first.opponents:
            continue  # C1: two teams meet once
        remaining = [t for t in rest if t is not candidate]
        try:
            return [(first, candidate), *_pair_all(remaining, budget, fold)]
        except _Backtrack:
            continue
    raise _Backtrack


class _Backtrack(Exception):
    pass


def _bye_candidates(teams: list[TeamState]) -> list[TeamState]:
    """Art. 3.4 order: no bye or forfeit win yet; lowest score, most matches, largest number."""
    eligible = [t for t in teams if not t.had_bye] or list(teams)
    return sorted(eligible, key=lambda t: (t.score, -len(t.played), -t.tpn))


def pair_round(teams: Sequence[TeamState], *, kind: PreferenceType = "A", initial: Colour = "W",
               last_round: bool = False, fold: bool = True) -> TeamPairing:
    """Pair one round of a team Swiss; raises UnpairableError when no pairing exists."""
    ordered = _order(teams)
    ids = [t.id for t in ordered]
    if len(set(ids)) != len(ids):
        raise ValueError(f"team ids must be distinct, got {ids!r}")
    byes: list[TeamState | None] = _bye_candidates(ordered) if len(ordered) % 2 else [None]
    budget = [NODE_BUDGET]
    for bye in byes:
        field_ = [t for t in ordered if t is not bye]
        try:
            pairs = _pair_all(field_, budget, fold)
        except _Backtrack:
            continue
        allocated = [allocate_colours(a, b, kind, initial, last_round) for a, b in pairs]
        return TeamPairing(tuple((w.id, b.id) for w, b in allocated),
                           bye.id if bye is not None else None)
    raise UnpairableError("no pairing lets every team meet a team it has not met (C1)")

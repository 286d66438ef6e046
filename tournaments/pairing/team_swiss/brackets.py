"""A team Swiss round paired by Art. 3: the PAB (3.4), the upfloaters of each bracket (3.5),
each bracket's pairing (3.6), then colours (Art. 4, colours.py); pair_round is the entry."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.swiss.matching import max_weight_matching
from tournaments.pairing.team_swiss.colours import _allocate, colour_preference
from tournaments.pairing.team_swiss.state import (
    PREFERENCE_TYPES,
    Colour,
    PreferenceType,
    TeamState,
)

SET_BUDGET = 5_000  # upfloater sets examined for [C6]/[C7] in one bracket (never reached in tests)
C6_BUDGET = 1_000  # upfloater sets tried for the following scoregroup, per size, in one [C6] look


@dataclass(frozen=True)
class Bracket:
    """One bracket of Art. 3.3.2: its score, resident teams, upfloaters (3.5) and pairs (3.6)
    as (top member, bottom member) ids, the smaller TPN on top (3.6.1)."""

    score: Fraction
    residents: tuple[object, ...]
    upfloaters: tuple[object, ...]
    pairs: tuple[tuple[object, object], ...]


@dataclass(frozen=True)
class TeamPairing:
    """A round: (White team, Black team) pairs in board-1 terms, best scores first, the PAB,
    the brackets as paired, and the Art. 4.3 step that gave each pair its colours."""

    pairs: tuple[tuple[object, object], ...]
    bye: object | None
    brackets: tuple[Bracket, ...] = ()
    colour_steps: tuple[str, ...] = ()


class UnpairableError(ValueError):
    """No pairing meets the absolute criteria [C1] and [C2] (Art. 3.3.3: the Chief Arbiter
    decides). `criterion` names the one that failed: "C1" or "C2"."""

    def __init__(self, message: str, criterion: str = "C1"):
        super().__init__(message)
        self.criterion = criterion


@dataclass(frozen=True)
class RoundRules:
    """What the round's pairing depends on besides the teams."""

    kind: PreferenceType = "A"
    initial: Colour = "W"
    round_number: int | None = None
    total_rounds: int | None = None
    use_secondary: bool = True

    @property
    def last_round(self) -> bool:
        return (self.total_rounds is not None and self.round_number is not None
                and self.round_number >= self.total_rounds)

    @property
    def last_two_rounds(self) -> bool:
        """[C7] and [C10] are not applied in the last two rounds."""
        return (self.total_rounds is not None and self.round_number is not None
                and self.round_number >= self.total_rounds - 1)


class _Round:
    """The work of pairing one round: compatibility, pairability checks (memoised)."""

    def __init__(self, teams: Sequence[TeamState], rules: RoundRules):
        self.rules = rules
        self.teams = teams
        self.pref = {t.id: colour_preference(t, rules.kind, rules.last_round) for t in teams}
        self._pairable: dict[frozenset, bool] = {}

    @staticmethod
    def can_meet(a: TeamState, b: TeamState) -> bool:
        """[C1]: two teams shall not play each other more than once."""
        return b.id not in a.opponents and a.id not in b.opponents

    def pairable(self, teams: Sequence[TeamState]) -> bool:
        """Whether the teams can all be paired among themselves under [C1] (used for [C3])."""
        if len(teams) % 2:
            return False
        key = frozenset(t.id for t in teams)
        known = self._pairable.get(key)
        if known is None:
            known = self._pairable[key] = _perfect(teams, self.can_meet)
        return known

    # --- Art. 3.4 the pairing-allocated bye ---------------------------------------------

    def bye(self, ordered: list[TeamState]) -> TeamState | None:
        """3.4: among the teams [C2] allows, the one that leaves a legal pairing for all the
        others (3.4.1), with the lowest score (3.4.2), the most matches played (3.4.3), the
        largest TPN (3.4.4)."""
        if len(ordered) % 2 == 0:
            return None
        candidates = sorted((t for t in ordered if not t.had_bye),
                            key=lambda t: (t.score, -len(t.played), -t.tpn))
        for team in candidates:
            if self.pairable([t for t in ordered if t is not team]):
                return team
        raise UnpairableError(
            "no team may receive the pairing-allocated bye and leave the others pairable "
            "([C2], Art. 3.4.1)", "C2")

    # --- Art. 3.5 the upfloaters --------------------------------------------------------

    def upfloaters(self, residents: list[TeamState], lower: list[TeamState]
                   ) -> list[TeamState]:
        """3.5: the set of upfloaters joining the top scoregroup.

        [C4] the smallest number of upfloaters for which a legal set exists (the bracket can
        be paired, [C1], and so can the teams left below, [C3]); [C5] among those the best
        scores, compared as the upfloaters' scores in ascending order; then the set with the
        least [C6] excess and the fewest [C7] previous-round floaters, the first in the order
        of 3.5.3-3.5.4 (each set read by descending score then ascending TPN, the sets
        compared lexicographically) among equals (3.5.5)."""
        parity = len(residents) % 2
        for size in range(parity, len(lower) + 1, 2):
            for profile in _profiles(lower, size):
                best: tuple | None = None
                chosen: list[TeamState] | None = None
                examined = 0
                for candidate in _sets_of_profile(lower, profile):
                    if not self._legal(residents, candidate, lower):
                        continue
                    key = self._set_key(residents, candidate, lower)
                    if best is None or key < best:
                        best, chosen = key, candidate
                    examined += 1
                    if key == (0, 0) or examined >= SET_BUDGET:
                        break
                if chosen is not None:
                    return chosen
        raise UnpairableError("the top scoregroup cannot be paired with any upfloaters ([C1])")

    def _legal(self, residents, candidate, lower) -> bool:
        chosen = {t.id for t in candidate}
        return (self.pairable(residents + candidate)
                and self.pairable([t for t in lower if t.id not in chosen]))

    def _set_key(self, residents, candidate, lower) -> tuple[int, int]:
        c7 = 0 if self.rules.last_two_rounds else sum(t.floated for t in candidate)
        return self._c6_excess(candidate, lower), c7

    def _c6_excess(self, candidate: list[TeamState], lower: list[TeamState]) -> int:
        """[C6]: unless the following scoregroup was emptied by upfloating, how many more
        upfloaters than its parity minimum the bracket of that scoregroup would need for
        [C1], [C3] and [C4] to be met there (0 at best)."""
        chosen = {t.id for t in candidate}
        following = lower[0].score
        rest = [t for t in lower if t.id not in chosen]
        group = [t for t in rest if t.score == following]
        if not group:
            return 0
        below = [t for t in rest if t.score != following]
        parity = len(group) % 2
        for extra, size in enumerate(range(parity, min(len(below), parity + 2) + 1, 2)):
            combos = itertools.islice(itertools.combinations(below, size), C6_BUDGET)
            for combo in combos:
                taken = {t.id for t in combo}
                if (self.pairable(group + list(combo))
                        and self.pairable([t for t in below if t.id not in taken])):
                    return extra
        return 2  # two or more upfloaters beyond the minimum: counted alike

    # --- Art. 3.6 pairing the bracket ---------------------------------------------------

    def pair_bracket(self, bracket: list[TeamState], upfloater_ids: set
                     ) -> list[tuple[TeamState, TeamState]]:
        """3.6: the pairing of the whole bracket that complies with [C1] and, as far as
        possible, [C8], [C9] and [C10], the first in identifier order among the best.

        3.6.1-3.6.3: in a pair the smaller TPN is the top member; a pairing's identifier is
        its top members' TPNs in ascending order followed by their bottom members' TPNs in
        the same order, and pairings are ordered lexicographically by identifier. 3.6.4 asks
        for the first pairing "that also complies with" [C1], [C8], [C9], [C10]; since the
        last three are minimisations, the reading here is: the fewest [C8] failures, then
        [C9], then [C10], and among pairings equal on those the smallest identifier.

        The fold (1st half against 2nd half) is the smallest identifier of all; when it is
        legal and perfect on [C8]-[C10] it is the answer. Otherwise one exact maximum-weight
        matching decides, its weights encoding the criteria, then the top set, then the
        bottoms, each dominating what follows.
        """
        teams = sorted(bracket, key=lambda t: t.tpn)
        n = len(teams)
        half = n // 2
        fold = list(zip(teams[:half], teams[half:], strict=True))
        costs = {}

        def cost(i: int, j: int) -> int:
            got = costs.get((i, j))
            if got is None:
                got = costs[(i, j)] = self._pair_cost(teams[i], teams[j], upfloater_ids, n)
            return got

        if all(self.can_meet(a, b) for a, b in fold) and not any(
                cost(i, i + half) for i in range(half)):
            return fold
        unit_bottom = n + 1  # bottoms weigh (n - 1 - rank) < n + 1 per top position
        unit_top = unit_bottom ** n
        unit_quality = unit_top * 2 ** (n + 1)
        worst = 4 * n * n * n + 1
        edges = []
        for i, j in itertools.combinations(range(n), 2):
            if not self.can_meet(teams[i], teams[j]):
                continue
            weight = ((worst - cost(i, j)) * unit_quality + 2 ** (n - 1 - i) * unit_top
                      + unit_bottom ** (n - 1 - i) * (n - 1 - j))
            edges.append((i, j, weight))
        mate = max_weight_matching(n, edges, max_cardinality=True)
        if any(m < 0 for m in mate):
            raise UnpairableError("the bracket cannot be paired ([C1])")  # pragma: no cover
        return [(teams[i], teams[mate[i]]) for i in range(n) if i < mate[i]]

    def _pair_cost(self, a: TeamState, b: TeamState, upfloater_ids: set, n: int) -> int:
        """[C8], [C9], [C10] of one pair, folded into one number in that priority."""
        pa, pb = self.pref[a.id], self.pref[b.id]
        clash = pa.colour is not None and pa.colour == pb.colour
        c8 = 1 if clash else 0  # one of the two does not get its colour (Art. 4.3)
        c9 = 1 if clash and self.rules.kind == "B" and pa.strong and pb.strong else 0
        c10 = 0
        if not self.rules.last_two_rounds:
            c10 = ((a.id in upfloater_ids and b.floated)
                   + (b.id in upfloater_ids and a.floated))
        scale = 2 * n + 1
        return (c8 * scale + c9) * scale + c10


def _perfect(teams: Sequence[TeamState], can_meet) -> bool:
    """Whether a perfect matching exists: greedy first (almost always enough), then exact."""
    n = len(teams)
    if n == 0:
        return True
    free = list(range(n))
    matched = [False] * n
    for i in free:
        if matched[i]:
            continue
        for j in range(i + 1, n):
            if not matched[j] and can_meet(teams[i], teams[j]):
                matched[i] = matched[j] = True
                break
    if all(matched):
        return True
    edges = [(i, j, 1) for i, j in itertools.combinations(range(n), 2)
             if can_meet(teams[i], teams[j])]
    mate = max_weight_matching(n, edges, max_cardinality=True)
    return all(m >= 0 for m in mate)


def _profiles(lower: list[TeamState], size: int) -> Iterator[tuple[int, ...]]:
    """[C5]: how many upfloaters to take from each lower score level, best first - the
    upfloaters' scores in ascending order as large as possible (2.3.2)."""
    levels: list[tuple[Fraction, int]] = []
    for t in lower:
        if levels and levels[-1][0] == t.score:
            levels[-1] = (t.score, levels[-1][1] + 1)
        else:
            levels.append((t.score, 1))
    found: list[tuple[int, ...]] = []

    def build(index: int, left: int, taken: tuple[int, ...]) -> None:
        if left == 0:
            found.append(taken + (0,) * (len(levels) - index))
            return
        if index == len(levels):
            return
        for k in range(min(left, levels[index][1]), -1, -1):
            build(index + 1, left - k, taken + (k,))

    build(0, size, ())

    def ascending_scores(counts: tuple[int, ...]) -> tuple[Fraction, ...]:
        scores = [levels[i][0] for i, k in enumerate(counts) for _ in range(k)]
        return tuple(sorted(scores))

    yield from sorted(found, key=ascending_scores, reverse=True)


def _sets_of_profile(lower: list[TeamState], profile: tuple[int, ...]
                     ) -> Iterator[list[TeamState]]:
    """3.5.3-3.5.4: the sets with the given number from each score level, each read by
    descending score then ascending TPN, in lexicographic order of those TPN sequences."""
    levels: list[list[TeamState]] = []
    for t in lower:
        if levels and levels[-1][0].score == t.score:
            levels[-1].append(t)
        else:
            levels.append([t])
    choices = [itertools.combinations(sorted(level, key=lambda t: t.tpn), k)
               for level, k in zip(levels, profile, strict=True)]
    for parts in itertools.product(*choices):
        yield [t for part in parts for t in part]


def _board_order(pair: tuple[TeamState, TeamState]):
    a, b = pair
    return (-max(a.score, b.score), -(a.score + b.score), min(a.tpn, b.tpn))


def pair_round(teams: Sequence[TeamState], *, kind: PreferenceType = "A",
               initial: Colour = "W", round_number: int | None = None,
               total_rounds: int | None = None, use_secondary: bool = True) -> TeamPairing:
    """Pair one round of a team Swiss by Art. 3.3.2: the PAB (3.4), then bracket after
    bracket from the top scoregroup down (3.5, 3.6), then colours (Art. 4).

    `round_number` and `total_rounds` tell the last round (Type B mild preferences, 1.7.2)
    and the last two rounds ([C7], [C10]); without them every round is an ordinary one.
    Raises UnpairableError when no legal pairing exists (3.3.3).
    """
    if kind not in PREFERENCE_TYPES:
        raise ValueError(f"colour preference type must be one of {PREFERENCE_TYPES}, "
                         f"got {kind!r}")
    if initial not in ("W", "B"):
        raise ValueError(f"initial colour must be 'W' or 'B', got {initial!r}")
    ids = [t.id for t in teams]
    if len(set(ids)) != len(ids):
        raise ValueError(f"team ids must be distinct, got {ids!r}")
    tpns = [t.tpn for t in teams]
    if len(set(tpns)) != len(tpns):
        raise ValueError(f"pairing numbers must be distinct, got {tpns!r}")
    rules = RoundRules(kind, initial, round_number, total_rounds, use_secondary)
    work = _Round(teams, rules)
    ordered = sorted(teams, key=lambda t: (-t.score, t.tpn))
    bye = work.bye(ordered)
    remaining = [t for t in ordered if t is not bye]
    if not work.pairable(remaining):
        raise UnpairableError("no pairing lets every team meet a team it has not met (C1)")
    brackets: list[Bracket] = []
    pairs: list[tuple[TeamState, TeamState]] = []
    while remaining:
        top = remaining[0].score
        residents = [t for t in remaining if t.score == top]
        lower = [t for t in remaining if t.score != top]
        upfloaters = work.upfloaters(residents, lower) if lower else []
        chosen = {t.id for t in upfloaters}
        bracket_pairs = work.pair_bracket(residents + upfloaters, chosen)
        brackets.append(Bracket(top, tuple(t.id for t in residents),
                                tuple(t.id for t in upfloaters),
                                tuple((a.id, b.id) for a, b in bracket_pairs)))
        pairs.extend(bracket_pairs)
        remaining = [t for t in lower if t.id not in chosen]
    pairs.sort(key=_board_order)
    allocated = [_allocate(a, b, kind, initial, rules.last_round, use_secondary)
                 for a, b in pairs]
    return TeamPairing(tuple((w.id, b.id) for w, b, _step in allocated),
                       bye.id if bye is not None else None, tuple(brackets),
                       tuple(step for _w, _b, step in allocated))

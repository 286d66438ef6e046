"""FIDE (Dutch) System, C.04.3 as applied from 1 July 2025, with the Basic Rules (C.04.1).

Brackets are paired from the top scoregroup down (C.04.3 1.3, 3). Each bracket's choice is one
maximum-weight matching over the bracket *and every player below it*: the matching must be perfect
(with a bye vertex when the count is odd), which is the completion criterion (C4: the rest of the
round can still be paired); each edge's weight then encodes the quality criteria of the bracket as
one big integer, most important first (C5 pairs, C6 score differences, C7 the next bracket, C8-C9
topscorers' colours, C10-C11 colour preferences, C12-C15 repeated floats), and below them the order
in which the rules try candidates (exchanges between S1 and S2, then transpositions of S2, 4.x), so
the matching's optimum is the first candidate the rules' procedure would accept.
A heterogeneous bracket first fixes the moved-down players' pairs (S1 = MDPs), then pairs its
remainder the same way (1.3.4). The PAB goes to the lowest score possible and, in the last bracket
(or an odd bracket nobody below which may have it), to the player with the fewest unplayed rounds
(the 2025 rule). Whoever leaves a bracket unpaired or with the PAB floats down (C12, C14), a
moved-down player who goes on down included. C17/C19 weigh a repeated upfloat by the moved-down
opponent's score (C16/C18 cannot change a choice once C6 has picked the MDPs).

Speed without changing the answer (tests compare with the full graph): a bracket whose first
candidate S1[i]-S2[i] is faultless takes it; a bracket (or remainder) that pairs completely is
settled on its own players, an odd one on its own players and one stand-in for those below (kept
when its floater and the next scoregroup then make all their pairs); otherwise the matching sees
the next scoregroup and a margin below it, and a greedy pairing of everyone left proves
completion before the full graph is ever needed.
Colours follow the allocation rules (5.2): both preferences, the stronger one, alternation against
the latest differing round, the higher-ranked player's preference, then his pairing number's parity
against the initial colour (in round 1 his rank among the players present). With
`PairingInput.colour_rules` off (micro-matches: both colours every round) no player has a colour
preference, so C3 and C8-C11 never weigh and the allocation falls to that last step.

This module holds the bracket procedure, the colours and the board order; the player as the engine
sees him, the criteria and one bracket's weighted matching are in dutch_criteria.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from tournaments.pairing.swiss.dutch_criteria import (
    _P,
    ForbiddenPairsBlock,
    NoValidPairing,
    _BracketMatching,
    _compatible,
)
from tournaments.pairing.swiss.state import PairingInput

__all__ = ["DutchSystem", "RoundPairing", "allocate_colours", "pair_round"]


#: Lower players a bracket's matching sees beyond the next scoregroup (see ``_Round.window``).
WINDOW_MARGIN = 8
#: Compatibility checks the completion witness may spend repairing its greedy pairing before the
#: bracket is left to the full graph (``_greedy_completion``).
REPAIR_BUDGET = 20_000


@dataclass(frozen=True)
class RoundPairing:
    """Boards as (white, black) pairing numbers, in board order, and the PAB receiver if any."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None


class _Round(_BracketMatching):
    def __init__(self, inp: PairingInput, fast: bool = True):
        self.inp = inp
        self.fast = fast
        last = inp.round_no >= inp.total_rounds
        half = Fraction(inp.round_no - 1, 2) * inp.win_points
        order = sorted(inp.players, key=lambda s: (-s.pairing_score, s.number))
        self.players = [
            _P(s, i, last and s.pairing_score > half, inp.colour_rules) for i, s in enumerate(order)
        ]
        # A forbidden pairing binds both players, whichever of them lists it.
        present = {p.number: p for p in self.players}
        for p in self.players:
            for q in p.blocked - p.opponents:
                if q in present and p.number not in present[q].blocked:
                    present[q].blocked = present[q].blocked | {p.number}
        for p in self.players:
            p.unplayed = inp.round_no - 1 - p.played
        # E.5 parity: the pairing number among the players paired in this round.
        for k, p in enumerate(sorted(self.players, key=lambda p: p.number)):
            p.tpn_rank = k + 1
        all_scores = sorted({p.score for p in self.players})
        self.score_level = {s: i for i, s in enumerate(all_scores)}
        self.last_round = last

    # ------------------------------------------------------------------ bracket loop
    def pair(self) -> RoundPairing:
        players = self.players
        scores = sorted({p.score for p in players}, reverse=True)
        groups = {s: [p for p in players if p.score == s] for s in scores}
        pairs: list[tuple[_P, _P]] = []
        paired: set[int] = set()
        mdps: list[_P] = []
        bye: _P | None = None
        odd = len(players) % 2 == 1
        if odd and not any(p.eligible for p in players):
            raise NoValidPairing("no player may receive the pairing-allocated bye")
        stuck = [
            p.number
            for p in players
            if not any(q is not p and _compatible(p, q) for q in players)
            and not (odd and p.eligible)
        ]
        if stuck:
            names = ", ".join(map(str, stuck))
            raise NoValidPairing(f"player {names} can meet nobody left (C1 rematch, C3 colours)")
        for gi, s in enumerate(scores):
            bracket = mdps + groups[s]
            if not bracket:
                continue
            lower = [p for p in players if p.score < s and p.index not in paired]
            nxt = groups[scores[gi + 1]] if gi + 1 < len(scores) else []
            got = self.pair_bracket(bracket, mdps, lower, nxt, odd)
            pairs.extend(got)
            for a, b in got:
                paired.add(a.index)
                paired.add(b.index)
            mdps = [p for p in bracket if p.index not in paired]
        if mdps:
            if len(mdps) == 1 and odd and mdps[0].eligible:
                bye = mdps[0]
            else:
                raise NoValidPairing("the lowest players cannot be paired")
        boards = self.colours_and_boards(pairs)
        return RoundPairing(tuple(boards), bye.number if bye else None)

    def pair_bracket(
        self, bracket: list[_P], mdps: list[_P], lower: list[_P], nxt: list[_P], odd: bool
    ) -> list[tuple[_P, _P]]:
        """Pairs made inside this bracket (the others float down).

        Players far below the bracket only matter through completion (C4), so the matching first
        sees the bracket, the next scoregroup and a margin below it; a greedy pairing of everyone
        left then proves completion, and only when it fails is the bracket redone on the full graph.
        """
        if self.fast and not mdps:
            natural = self.natural_pairing(bracket, lower, odd)
            if natural is not None:
                return natural
        if self.fast and lower:
            # If the bracket pairs completely on its own, the players below cannot change its
            # choice (no floater, so C7 and the rest are fixed): they need only be completable.
            # An odd one is paired with one stand-in for the players below, taking its floater
            # as a player of the next scoregroup would; that holds when the floater and the
            # next scoregroup then make as many pairs as they can (``floats_into_next``).
            spare = len(bracket) % 2 == 1
            try:
                alone = self.pair_bracket_on(bracket, mdps, [], nxt, odd, False, floater=spare)
            except NoValidPairing:
                alone = []
            if spare:
                if self.floats_into_next(bracket, alone, lower, nxt, odd):
                    return alone
            elif 2 * len(alone) == len(bracket) and self.completes(bracket, alone, lower, odd):
                return alone
        window = self.window(bracket, lower, nxt, odd) if self.fast else None
        if window is not None:
            try:
                got = self.pair_bracket_on(bracket, mdps, window, nxt, odd, exact=False)
            except NoValidPairing:
                got = None
            if got is not None and self.completes(bracket, got, lower, odd):
                return got
        return self.pair_bracket_on(bracket, mdps, lower, nxt, odd, exact=True)

    def natural_pairing(self, bracket, lower, odd) -> list[tuple[_P, _P]] | None:
        """S1[i] against S2[i] when that first candidate is faultless, so no matching is needed.

        It is the optimum when it pairs everyone (or leaves the last player for the PAB in the
        last bracket), breaks no colour preference and no topscorer rule, repeats no float, and
        the players below can still all be paired (4.2: the first transposition is tried first).
        """
        half = len(bracket) // 2
        s1, s2 = bracket[:half], bracket[half:]
        if len(bracket) % 2:
            if lower or not odd:
                return None
            spare = s2[-1]
            if not spare.eligible or spare.df1 or spare.df2:
                return None
            if any(p.eligible and p.unplayed < spare.unplayed for p in bracket):
                return None
        pairs = list(zip(s1, s2, strict=False))
        for a, b in pairs:
            if not _compatible(a, b) or (a.pref is not None and a.pref == b.pref):
                return None
            if self.last_round and (a.top or b.top):
                return None
        if lower and not self.completes(bracket, pairs, lower, odd):
            return None
        return pairs

    def window(self, bracket, lower, nxt, odd) -> list[_P] | None:
        """The lower players the bracket's matching sees, or None when it must see them all."""
        want = len(nxt) + WINDOW_MARGIN
        if len(lower) <= want:
            return None
        if odd and not any(p.eligible for p in lower):
            return None  # the PAB may have to come from this bracket
        cut = want
        return lower[:cut]

    def completes(self, bracket, got, lower, odd) -> bool:
        """True if the players left after this bracket can all be paired (greedy witness)."""
        used = {p.index for pr in got for p in pr}
        rest = [p for p in bracket if p.index not in used] + lower
        return _greedy_completion(rest, odd) is not None

    def floats_into_next(self, bracket, got, lower, nxt, odd) -> bool:
        """True if ``got``, an odd bracket's pairs leaving one floater, is the bracket's choice.

        ``got`` is optimal with the floater counted as paired in the next scoregroup (C7 pairs
        and score difference); it is the choice over the real players below when a completion
        exists in which he is, and the next scoregroup with him makes all the pairs it can (C7's
        bound), the PAB going to the lowest player who may have it, as the full matching would.
        """
        used = {p.index for pr in got for p in pr}
        left = [p for p in bracket if p.index not in used]
        if len(left) != 1:
            return False
        floater = left[0]
        pairs = _greedy_completion([floater, *lower], odd, keep=1)
        if pairs is None:
            return False
        group = {p.index for p in nxt}
        inside = 0
        for a, b in pairs:
            if a is floater or b is floater:
                if (b if a is floater else a).index not in group:
                    return False
                inside += 1
            elif a.index in group and b.index in group:
                inside += 1
        return inside == (len(nxt) + 1) // 2

    def pair_bracket_on(
        self, bracket, mdps, lower, nxt, odd, exact: bool, floater: bool = False
    ) -> list[tuple[_P, _P]]:
        """The bracket's pairs, over ``lower`` or, with ``floater``, one stand-in for the players
        below (dutch_criteria's ``solve``)."""
        verts = bracket + lower
        mset = {p.index for p in mdps}
        fixed: list[tuple[_P, _P]] = []
        pairs: list[tuple[_P, _P]] = []
        if mdps:
            # S1 = the MDPs that can be paired (as many as the quality optimum pairs): guess, check.
            m1 = min(len(mdps), len(bracket) - len(mdps))
            while True:
                mate = self.solve(
                    verts, bracket, mset, nxt, odd, "h", exact, m1=m1, floater=floater
                )
                pairs = self.inside_pairs(mate, verts, bracket, mset)
                fixed = [(a, b) for a, b in pairs if a.index in mset or b.index in mset]
                if len(fixed) == m1:
                    break
                m1 = len(fixed)
            rest_pairs = len(pairs) - len(fixed)
            if rest_pairs == 0:
                return fixed
        used = {p.index for pr in fixed for p in pr}
        verts2 = [p for p in verts if p.index not in used]
        bracket2 = [p for p in bracket if p.index not in used]
        guess = rest_pairs if mdps else len(bracket2) // 2
        residents = [p for p in bracket2 if p.index not in mset]
        if self.fast and mdps and 2 * rest_pairs == len(residents):
            # The remainder pairs completely: what is left below is the same whichever way it
            # pairs, so its order (4.2, 4.3) is settled on the remainder alone.
            mate = self.solve(residents, residents, set(), nxt, odd, "r", False, pr=rest_pairs)
            rest = self.inside_pairs(mate, residents, residents, set())
            if len(rest) == rest_pairs:
                return fixed + rest
        while True:
            mate = self.solve(
                verts2, bracket2, mset, nxt, odd, "r", exact, pr=guess, floater=floater
            )
            rest = self.inside_pairs(mate, verts2, bracket2, mset)
            if len(rest) == guess:
                return fixed + rest
            guess = len(rest)

    @staticmethod
    def inside_pairs(mate, verts, bracket, mset) -> list[tuple[_P, _P]]:
        inb = {p.index for p in bracket}
        out = []
        for i, j in enumerate(mate):
            if j > i and j < len(verts):
                a, b = verts[i], verts[j]
                if a.index in inb and b.index in inb and not (a.index in mset and b.index in mset):
                    out.append((a, b))
        return out

    # ------------------------------------------------------------------ colours
    def colours_and_boards(self, pairs: Sequence[tuple[_P, _P]]) -> list[tuple[int, int]]:
        boards = []
        for a, b in pairs:
            hi, lo = (a, b) if a.index < b.index else (b, a)
            white = self.allocate(hi, lo)
            boards.append((hi, lo, white))
        boards.sort(key=lambda t: _board_key(t[0], t[1]))
        return [(h.number, lo.number) if w is h else (lo.number, h.number) for h, lo, w in boards]

    def allocate(self, hi: _P, lo: _P) -> _P:
        """The player who gets White (C.04.3 5.2)."""
        if hi.pref and lo.pref and hi.pref != lo.pref:
            return hi if hi.pref == "w" else lo
        if hi.pref is None and lo.pref is None:
            pass
        elif hi.pref is None or lo.pref is None:
            p = hi if hi.pref else lo
            return p if p.pref == "w" else (lo if p is hi else hi)
        else:
            # Same preference: the stronger one; two absolutes: the wider colour difference.
            if hi.strength != lo.strength or (hi.strength == 3 and abs(hi.cd) != abs(lo.cd)):
                if hi.strength != lo.strength:
                    p = hi if hi.strength > lo.strength else lo
                else:
                    p = hi if abs(hi.cd) > abs(lo.cd) else lo
                return p if p.pref == "w" else (lo if p is hi else hi)
        # Alternate against the latest round in which they had different colours.
        for x, y in zip(reversed(hi.colours), reversed(lo.colours), strict=False):
            if x != y:
                return hi if x == "b" else lo
        if hi.pref is not None:
            return hi if hi.pref == "w" else lo
        initial = self.inp.initial_colour
        # Round 1 alternates board by board among the players present (their rank); later the
        # rule reads the pairing number itself, absentees or not (as bbpPairings does).
        number = hi.tpn_rank if self.inp.round_no == 1 else hi.number
        odd = number % 2 == 1
        hi_colour = initial if odd else ("b" if initial == "w" else "w")
        return hi if hi_colour == "w" else lo


def _greedy_completion(rest: list[_P], odd: bool, keep: int = 0) -> list[tuple[_P, _P]] | None:
    """Pairs of all of ``rest``, the lowest eligible player out of them for the PAB when
    ``odd``, or None if none is found: a witness that they can be paired (C4), not a choice.
    The first ``keep`` players are not given the PAB.

    Each player in order takes the first compatible one after him; whoever is left over (late in
    a tournament the last two may share an absolute colour preference, C3) then takes a paired
    player whose partner meets another one left over, the pairs nearest the end first."""
    if odd:
        for k in range(len(rest) - 1, keep - 1, -1):
            if rest[k].eligible:
                rest = rest[:k] + rest[k + 1 :]
                break
        else:
            return None
    size = len(rest)
    partner = [-1] * size
    for i, a in enumerate(rest):
        if partner[i] != -1:
            continue
        for j in range(i + 1, size):
            if partner[j] == -1 and _compatible(a, rest[j]):
                partner[i], partner[j] = j, i
                break
    left = [i for i in range(size) if partner[i] == -1]
    budget = REPAIR_BUDGET
    while left:
        u = left.pop()
        for x in range(size - 1, -1, -1):
            y = partner[x]
            if y == -1 or budget <= 0:
                continue
            budget -= 1
            if not _compatible(rest[u], rest[x]):
                continue
            v = next((v for v in left if _compatible(rest[y], rest[v])), -1)
            budget -= len(left)
            if v != -1:
                left.remove(v)
                partner[u], partner[x], partner[y], partner[v] = x, u, v, y
                break
        else:
            return None
    return [(rest[i], rest[partner[i]]) for i in range(size) if partner[i] > i]


def _board_key(a: _P, b: _P) -> tuple:
    """Board order: the higher score of the pair, then the sum of scores, then the higher
    player's pairing number. On the real scores, virtual points left out: boards are published
    by the standings (as bbpPairings prints them); without acceleration it is the pairing order."""
    hi, lo = (a, b) if (-a.real, a.number) < (-b.real, b.number) else (b, a)
    return (-hi.real, -lo.real, hi.number)


def pair_round(inp: PairingInput) -> RoundPairing:
    """Pair ``inp.round_no`` by the FIDE Dutch System (2025).

    Raises NoValidPairing when the absolute criteria leave no pairing; ForbiddenPairsBlock (one
    of them) when the round would pair but for its forbidden pairings."""
    try:
        return _Round(inp).pair()
    except NoValidPairing as first:
        pairs = _blocking_pairs(inp)
        if not pairs:
            raise
        free = replace(inp, players=[replace(s, forbidden=set()) for s in inp.players])
        try:
            _Round(free).pair()
        except NoValidPairing:
            raise first from None  # unpairable even without them: the first reason stands
        raise ForbiddenPairsBlock(pairs) from first


def _blocking_pairs(inp: PairingInput) -> list[tuple[int, int]]:
    """The forbidden pairs to name when they block a round: those of the players they leave
    with nobody to meet, when there are such players; else every one between players present
    (a club's pairs can be many: the arbiter reads the likely ones first)."""
    numbers = {s.number for s in inp.players}
    pairs = {
        (min(s.number, q), max(s.number, q))
        for s in inp.players
        for q in s.forbidden
        if q in numbers
    }
    kept = {n: set() for n in numbers}
    for a, b in pairs:
        kept[a].add(b)
        kept[b].add(a)
    alone = {
        s.number
        for s in inp.players
        if numbers - {s.number} <= s.opponents | kept[s.number]
        and not numbers - {s.number} <= s.opponents
    }
    return sorted(p for p in pairs if not alone or alone & set(p))


def allocate_colours(inp: PairingInput, pairs: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """(White, Black) of each pair of pairing numbers by the allocation rules (5.2), as the engine
    would give them: the draft page judges pairs the arbiter made, not only the engine's."""
    r = _Round(inp)
    by_number = {p.number: p for p in r.players}
    out = []
    for a, b in pairs:
        pa, pb = by_number[a], by_number[b]
        hi, lo = (pa, pb) if pa.index < pb.index else (pb, pa)
        white = r.allocate(hi, lo)
        out.append((white.number, (lo if white is hi else hi).number))
    return out


class DutchSystem:
    """The registry entry for the Dutch System (see ``tournaments.pairing.swiss.systems``)."""

    key = "dutch"
    name = "FIDE (Dutch) System, C.04.3 (2025)"

    def pair(self, inp: PairingInput) -> RoundPairing:
        return pair_round(inp)

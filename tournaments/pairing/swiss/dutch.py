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
settled on its own players; otherwise the matching sees the next scoregroup and a margin below it,
and a greedy pairing of everyone left proves completion before the full graph is ever needed.
Colours follow the allocation rules (5.2): both preferences, the stronger one, alternation against
the latest differing round, the higher-ranked player's preference, then his pairing number's parity
against the initial colour (in round 1 his rank among the players present). With
`PairingInput.colour_rules` off (micro-matches: both colours every round) no player has a colour
preference, so C3 and C8-C11 never weigh and the allocation falls to that last step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.swiss.matching import max_weight_matching
from tournaments.pairing.swiss.state import PairingInput, PlayerState

__all__ = ["DutchSystem", "NoValidPairing", "RoundPairing", "allocate_colours", "pair_round"]


#: Lower players a bracket's matching sees beyond the next scoregroup (see ``_Round.window``).
WINDOW_MARGIN = 8


class NoValidPairing(Exception):
    """The absolute criteria (C1-C3) leave no way to pair every player of the round."""


@dataclass(frozen=True)
class RoundPairing:
    """Boards as (white, black) pairing numbers, in board order, and the PAB receiver if any."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None


class _P:
    """A player as the engine sees him during one round's pairing."""

    __slots__ = (
        "abs_pref",
        "cd",
        "colours",
        "df1",
        "df2",
        "eligible",
        "index",
        "number",
        "opponents",
        "played",
        "pref",
        "score",
        "strength",
        "top",
        "uf1",
        "uf2",
        "unplayed",
        "tpn_rank",
    )

    def __init__(self, s: PlayerState, index: int, topscorer: bool, colour_rules: bool = True):
        self.number = s.number
        self.score = s.score
        self.index = index  # rank in the pairing order (1.2): score, then pairing number
        self.played = len(s.colours)  # games over the board so far (one colour each)
        # Without colour rules (micro-matches) no history of colours is seen: no preference,
        # no colour difference, so C3 and C8-C11 never bite and 5.2 falls to the last step.
        self.colours = s.colours if colour_rules else []
        self.opponents = s.opponents
        self.eligible = not s.bye_ineligible
        self.unplayed = 0
        self.tpn_rank = 0
        self.top = topscorer
        cd = s.colour_difference if colour_rules else 0
        self.cd = cd
        last2 = self.colours[-2:]
        # Colour preference (C.04.3 1.6 / A.6): absolute, strong, mild or none.
        if not self.colours:
            self.pref, self.strength = None, 0
        elif cd < -1 or cd > 1 or (len(last2) == 2 and last2[0] == last2[1]):
            if cd < -1:
                self.pref = "w"
            elif cd > 1:
                self.pref = "b"
            else:
                self.pref = "b" if last2[0] == "w" else "w"
            self.strength = 3
        elif cd != 0:
            self.pref, self.strength = ("w" if cd < 0 else "b"), 2
        else:
            self.pref, self.strength = ("b" if self.colours[-1] == "w" else "w"), 1
        self.abs_pref = self.pref if self.strength == 3 else None
        fl = s.floats
        self.df1 = len(fl) >= 1 and fl[-1] == "d"
        self.uf1 = len(fl) >= 1 and fl[-1] == "u"
        self.df2 = len(fl) >= 2 and fl[-2] == "d"
        self.uf2 = len(fl) >= 2 and fl[-2] == "u"


def _compatible(a: _P, b: _P) -> bool:
    """C1 (no rematch) and C3 (non-topscorers with the same absolute preference do not meet)."""
    if b.number in a.opponents:
        return False
    same_absolute = a.abs_pref is not None and a.abs_pref == b.abs_pref
    return not (same_absolute and not (a.top or b.top))


def _combine(levels: list[list[int]], nvert: int) -> list[int]:
    """Edge weights from per-edge criterion values, lexicographic (first level most important)."""
    nedges = len(levels[0]) if levels else 0
    weights = [0] * nedges
    for values in levels:
        span = max((abs(x) for x in values), default=0)
        if span == 0:
            continue
        radix = nvert * span + 1
        weights = [w * radix + x for w, x in zip(weights, values, strict=True)]
    return weights


def _topscorer_colour_faults(a: _P, b: _P, white: _P, black: _P) -> tuple[int, int]:
    """(C8, C9) if ``white``/``black`` play: players beyond |CD| 2, or with 3 same in a row."""
    c8 = c9 = 0
    for p, col in ((white, "w"), (black, "b")):
        cd = p.cd + (1 if col == "w" else -1)
        if cd > 2 or cd < -2:
            c8 += 1
        if len(p.colours) >= 2 and p.colours[-1] == p.colours[-2] == col:
            c9 += 1
    return c8, c9


class _Round:
    def __init__(self, inp: PairingInput, fast: bool = True):
        self.inp = inp
        self.fast = fast
        last = inp.round_no >= inp.total_rounds
        half = Fraction(inp.round_no - 1, 2) * inp.win_points
        order = sorted(inp.players, key=lambda s: (-s.score, s.number))
        self.players = [_P(s, i, last and s.score > half, inp.colour_rules)
                        for i, s in enumerate(order)]
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
        if self.fast and not mdps and lower and len(bracket) % 2 == 0:
            # If the bracket pairs completely on its own, the players below cannot change its
            # choice (no floater, so C7 and the rest are fixed): they need only be completable.
            try:
                alone = self.pair_bracket_on(bracket, mdps, [], nxt, odd, exact=False)
            except NoValidPairing:
                alone = []
            if 2 * len(alone) == len(bracket) and self.completes(bracket, alone, lower, odd):
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
        if odd:
            for k in range(len(rest) - 1, -1, -1):
                if rest[k].eligible:
                    rest = rest[:k] + rest[k + 1 :]
                    break
            else:
                return False
        free = [True] * len(rest)
        for i, a in enumerate(rest):
            if not free[i]:
                continue
            free[i] = False
            for j in range(i + 1, len(rest)):
                if free[j] and _compatible(a, rest[j]):
                    free[j] = False
                    break
            else:
                return False
        return True

    def pair_bracket_on(self, bracket, mdps, lower, nxt, odd, exact: bool) -> list[tuple[_P, _P]]:
        verts = bracket + lower
        mset = {p.index for p in mdps}
        fixed: list[tuple[_P, _P]] = []
        pairs: list[tuple[_P, _P]] = []
        if mdps:
            # S1 = the MDPs that can be paired (as many as the quality optimum pairs): guess, check.
            m1 = min(len(mdps), len(bracket) - len(mdps))
            while True:
                mate = self.solve(verts, bracket, mset, nxt, odd, "h", exact, m1=m1)
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
            mate = self.solve(verts2, bracket2, mset, nxt, odd, "r", exact, pr=guess)
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

    # ------------------------------------------------------------------ one matching
    def solve(self, verts, bracket, mset, nxt, odd, mode, exact, m1=0, pr=0) -> list[int]:
        n = len(verts)
        with_bye = exact and odd and n % 2 == 1
        inb = {p.index: k for k, p in enumerate(bracket)}  # BSN - 1
        nb = len(bracket)
        nset = {p.index for p in nxt}
        last_group = not nxt
        # C6/C7 score weights: a higher score beats any number of lower ones.
        bscores = sorted({p.score for p in bracket})
        score_rank = {s: (nb + 1) ** i for i, s in enumerate(bscores)}
        mdps_sorted = [p for p in bracket if p.index in mset]
        s1m = {p.index for p in mdps_sorted[:m1]}
        if mode == "r":
            residents = [p for p in bracket if p.index not in mset]
            s1 = {p.index for p in residents[:pr]}
        kk = nb + 1
        levels_per_edge: list[list[int] | None] = []
        edges: list[tuple[int, int]] = []
        last_round = self.last_round
        for i in range(n):
            a = verts[i]
            ai = a.index
            a_in = ai in inb
            a_m = ai in mset
            for j in range(i + 1, n):
                b = verts[j]
                if not _compatible(a, b):
                    continue
                bi = b.index
                b_in = bi in inb
                b_m = bi in mset
                if not a_in and not b_in and not (ai in nset and bi in nset):
                    # Two players below the bracket and not both in the next scoregroup: this edge
                    # only serves completion, which the window mode proves separately.
                    if exact:
                        edges.append((i, j))
                        levels_per_edge.append(None)
                    continue
                inside = a_in and b_in and not (a_m and b_m)
                lv = [0] * 19
                if inside:
                    lv[2] = 1
                    if a_m or b_m:
                        m, r = (a, b) if a_m else (b, a)
                        lv[3] = score_rank[m.score]
                        lv[14] = -int(r.uf1)
                        lv[16] = -int(r.uf2)
                        # C17, C19: the score difference of a repeated upfloat (the MDP's score).
                        if r.uf1:
                            lv[17] = -score_rank[m.score]
                        if r.uf2:
                            lv[18] = -score_rank[m.score]
                    # Colours (C8-C11).
                    if last_round and (a.top or b.top):
                        f1 = _topscorer_colour_faults(a, b, a, b)
                        f2 = _topscorer_colour_faults(a, b, b, a)
                        best = min(f1, f2)
                        lv[8] = -best[0]
                        lv[9] = -best[1]
                    if a.pref is not None and a.pref == b.pref:
                        lv[10] = -1
                        if a.strength >= 2 and b.strength >= 2:
                            lv[11] = -1
                else:
                    # C12, C14: whoever leaves the bracket unpaired floats down, a moved-down
                    # player (MDP) who goes on down included.
                    for x, x_in in ((a, a_in), (b, b_in)):
                        if x_in:
                            lv[13] -= int(x.df1)
                            lv[15] -= int(x.df2)
                    if not last_group:
                        # C7: pairs and score differences of the next bracket.
                        if (a_in and bi in nset) or (b_in and ai in nset):
                            lv[4] = 1
                            x = a if a_in else b
                            lv[5] = score_rank[x.score]
                        elif ai in nset and bi in nset:
                            lv[4] = 1
                if mode == "h" and inside and (a_m or b_m):
                    m, r = (a, b) if a_m else (b, a)
                    levels_ext = [
                        int(m.index in s1m),
                        2 ** (nb - inb[m.index]),
                        -(inb[r.index] + 1) * kk ** (nb - inb[m.index]),
                    ]
                    lv.extend(levels_ext)
                elif mode == "r":
                    lv.extend(
                        self.exchange_levels(a, b, inside, a_in, b_in, a_m, b_m, inb, s1, nb, kk)
                    )
                edges.append((i, j))
                levels_per_edge.append(lv)
        if with_bye:
            # The PAB must come out of an odd bracket when nobody below may receive it: the
            # bracket then settles it as the last one would (fewest unplayed rounds).
            settles_bye = last_group or (
                len(bracket) % 2 == 1 and not any(v.eligible for v in verts if v.index not in inb)
            )
            for i in range(n):
                a = verts[i]
                if not a.eligible:
                    continue
                lv = [0] * 19
                # The PAB goes to the lowest score; in the bracket that settles it, to the fewest
                # unplayed rounds. Receiving it is one more downfloat (C12, C14), MDPs included.
                lv[0] = -self.score_level[a.score]
                if settles_bye and (last_group or a.index in inb):
                    lv[1] = -a.unplayed
                if a.index in inb:
                    lv[13] = -int(a.df1)
                    lv[15] = -int(a.df2)
                if mode == "r":
                    lv.extend(
                        self.exchange_levels(
                            a,
                            None,
                            False,
                            a.index in inb,
                            False,
                            a.index in mset,
                            False,
                            inb,
                            s1,
                            nb,
                            kk,
                        )
                    )
                edges.append((i, n))
                levels_per_edge.append(lv)
        width = max((len(lv) for lv in levels_per_edge if lv is not None), default=19)
        cols: list[list[int]] = [[] for _ in range(width)]
        for lv in levels_per_edge:
            if lv is None:
                for c in cols:
                    c.append(0)
            else:
                for k in range(width):
                    cols[k].append(lv[k] if k < len(lv) else 0)
        nv = n + (1 if with_bye else 0)
        if not exact:
            # Window mode: lower players may stay unmatched (they are paired later), but every
            # bracket player must be matched, inside or floating into the window.
            nbr = len(bracket)
            cols.insert(0, [(i < nbr) + (j < nbr) for i, j in edges])
        weights = _combine(cols, nv)
        mate = max_weight_matching(
            nv, [(i, j, w) for (i, j), w in zip(edges, weights, strict=True)], exact
        )
        needed = mate if exact else mate[: len(bracket)]
        if any(m == -1 for m in needed):
            raise NoValidPairing("no pairing satisfies the absolute criteria")
        return mate

    @staticmethod
    def exchange_levels(a, b, inside, a_in, b_in, a_m, b_m, inb, s1, nb, kk) -> list[int]:
        """Exchange (4.3) and transposition (4.2) order of a homogeneous remainder, per edge."""
        e1 = e2 = e3 = e4 = t = 0
        if inside:
            ba, bb = inb[a.index] + 1, inb[b.index] + 1
            if ba > bb:
                a, b, ba, bb = b, a, bb, ba
            a1, b1 = a.index in s1, b.index in s1
            if a1 and b1:
                e2 = bb
                e3 = 2**bb
            elif not a1 and not b1:
                e1 = -1
                e2 = -ba
                e4 = 2 ** (nb - ba)
            if a1 or not b1:
                lead, other = ba, bb
            else:
                lead, other = bb, ba
            t = -other * kk ** (nb - lead)
        else:
            for x, x_in, x_m in ((a, a_in, a_m), (b, b_in, b_m)):
                if x is not None and x_in and not x_m and x.index in s1:
                    bx = inb[x.index] + 1
                    e2 += bx
                    e3 += 2**bx
        return [e1, e2, e3, e4, t]

    # ------------------------------------------------------------------ colours
    def colours_and_boards(self, pairs: Sequence[tuple[_P, _P]]) -> list[tuple[int, int]]:
        boards = []
        for a, b in pairs:
            hi, lo = (a, b) if a.index < b.index else (b, a)
            white = self.allocate(hi, lo)
            boards.append((hi, lo, white))
        # Board order: higher score of the pair, then the sum of scores, then the higher's rank.
        boards.sort(
            key=lambda t: (-max(t[0].score, t[1].score), -(t[0].score + t[1].score), t[0].index)
        )
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


def pair_round(inp: PairingInput) -> RoundPairing:
    """Pair ``inp.round_no`` by the FIDE Dutch System (2025)."""
    return _Round(inp).pair()


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

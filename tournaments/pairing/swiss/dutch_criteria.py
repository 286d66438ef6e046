"""The Dutch System's criteria (C1-C19 of C.04.3) as one bracket's matching weighs them.

What the bracket procedure (dutch.py) needs to judge a pair: the player as the engine sees him
(colour preference, floats), the absolute criteria C1 and C3, the topscorers' colour faults
(C8-C9), and one bracket's maximum-weight matching, each edge's weight encoding the quality
criteria most important first, then the order of exchanges and transpositions (4.2, 4.3).
"""

from __future__ import annotations

from tournaments.pairing.swiss.matching import max_weight_matching
from tournaments.pairing.swiss.state import PlayerState

__all__ = ["ForbiddenPairsBlock", "NoValidPairing"]


#: A bracket's matching is solved on its leading levels first (matching's ``coarse``) when it
#: has this many edges and a transposition level this many bits long. Measured in instructions
#: (callgrind): a 112-vertex bracket gains 14 %, a 162-vertex one 38 %, a 370-vertex one about
#: two fifths. With the stand-in for the players below (an odd bracket) the first pass makes
#: many blossoms: a 114-vertex graph loses 2 %, a 220-vertex one gains 7 %; hence its own limit.
COARSE_EDGES = 3000
COARSE_FLOATER_EDGES = 20000
COARSE_BITS = 256


class NoValidPairing(Exception):
    """The absolute criteria (C1-C3) leave no way to pair every player of the round."""


class ForbiddenPairsBlock(NoValidPairing):
    """No pairing respects the forbidden pairings, though the round pairs without them.

    ``pairs`` holds the forbidden pairs to blame, lower number first (dutch._blocking_pairs);
    the message shows the first ten."""

    SHOWN = 10

    def __init__(self, pairs: list[tuple[int, int]]):
        self.pairs = pairs
        shown = ", ".join(f"{a}-{b}" for a, b in pairs[: self.SHOWN])
        if len(pairs) > self.SHOWN:
            shown += f" and {len(pairs) - self.SHOWN} more"
        super().__init__(
            f"the forbidden pairings ({shown}) leave no valid pairing; without them the round pairs"
        )


class _P:
    """A player as the engine sees him during one round's pairing."""

    __slots__ = (
        "abs_pref",
        "blocked",
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
        "real",
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
        # The pairing score: virtual points (accelerated pairings, C.04.5) count for everything
        # the score does, brackets, their order, the PAB, topscorers and floats (see dutch);
        # only the board order goes by the real score.
        self.score = s.pairing_score
        self.real = s.score  # the standings' score: board order only
        self.index = index  # rank in the pairing order (1.2): score, then pairing number
        self.played = len(s.colours)  # games over the board so far (one colour each)
        # Without colour rules (micro-matches) no history of colours is seen: no preference,
        # no colour difference, so C3 and C8-C11 never bite and 5.2 falls to the last step.
        self.colours = s.colours if colour_rules else []
        self.opponents = s.opponents
        # Who he must not meet: his opponents (C1) and his forbidden pairings, absolute alike.
        self.blocked = s.opponents | s.forbidden if s.forbidden else s.opponents
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
    """C1 (no rematch, no forbidden pairing) and C3 (non-topscorers with the same absolute
    preference do not meet)."""
    if b.number in a.blocked:
        return False
    same_absolute = a.abs_pref is not None and a.abs_pref == b.abs_pref
    return not (same_absolute and not (a.top or b.top))


def _combine_rows(rows: list[list[int]], nvert: int) -> list[int]:
    """Edge weights from per-edge criterion values, lexicographic (first level most important):
    each level's value times the product of the radices (vertices x the level's span + 1) of the
    nonzero levels below it.

    Added level by level over all the edges, an edge's zero values costing no arithmetic: a
    third faster than summing each edge's levels (most of them zero) one edge at a time."""
    if not rows:
        return []
    columns = list(zip(*rows, strict=True))
    spans = [max(map(abs, column)) for column in columns]
    scales = [0] * len(spans)
    scale = 1
    for i in range(len(spans) - 1, -1, -1):
        if spans[i]:
            scales[i] = scale
            scale *= nvert * spans[i] + 1
    weights = [0] * len(rows)
    for column, place in zip(columns, scales, strict=True):
        if place:
            weights = [w + x * place if x else w for w, x in zip(weights, column, strict=True)]
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


def transposition_places(nb: int, bracket, mset) -> tuple[list[int], bool]:
    """Place values of the transposition level: lead ``l`` (BSN) weighs its partner by
    ``powers[l]``, each lead outweighing all the later ones together.

    Without a moved-down player in the remainder a lead's partner is always a later player
    (S1 is the first BSNs), so the digit is the distance to him, below ``nb - l + 1``, and the
    places are factorials, (nb - l)!; else the partner's BSN itself in base nb + 1. Either way
    the order is the same; the factorials are about 1.44 * nb bits shorter, and the matching's
    time grows with the weights' length (issue 28)."""
    if any(p.index in mset for p in bracket):
        kk = nb + 1
        return [kk ** (nb - lead) for lead in range(nb + 1)], False
    powers = [1] * (nb + 1)
    for lead in range(nb - 1, -1, -1):
        powers[lead] = powers[lead + 1] * (nb - lead)
    return powers, True


class _BracketMatching:
    """One bracket's maximum-weight matching, the criteria as edge weights (mixed into
    dutch._Round, whose last round and score levels it reads)."""

    last_round: bool
    score_level: dict

    # ------------------------------------------------------------------ one matching
    def solve(
        self, verts, bracket, mset, nxt, odd, mode, exact, m1=0, pr=0, floater=False
    ) -> list[int]:
        """Mate of each of ``verts`` in the bracket's optimal matching (index ``len(verts)`` is
        the PAB or, with ``floater``, one stand-in for the players below the bracket: his
        edges weigh what an edge to a player of the next scoregroup would)."""
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
        # An MDP's place among the MDPs orders their pairs (1.3.4: S1 is the MDPs in order), the
        # highest first; counted among the MDPs only, not the whole bracket, the weights stay
        # short (issue 28) and order the same.
        mdp_power = {p.index: len(mdps_sorted) - k for k, p in enumerate(mdps_sorted)}
        if mode == "r":
            residents = [p for p in bracket if p.index not in mset]
            s1 = {p.index for p in residents[:pr]}
        kk = nb + 1
        place = transposition_places(nb, bracket, mset) if mode == "r" else None
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
                    power = mdp_power[m.index]
                    lv.extend((int(m.index in s1m), 2**power, -(inb[r.index] + 1) * kk**power))
                elif mode == "r":
                    lv.extend(
                        self.exchange_levels(a, b, inside, a_in, b_in, a_m, b_m, inb, s1, nb, place)
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
                            place,
                        )
                    )
                edges.append((i, n))
                levels_per_edge.append(lv)
        if floater:
            for i, a in enumerate(verts):
                a_m = a.index in mset
                lv = [0] * 19
                lv[13] = -int(a.df1)
                lv[15] = -int(a.df2)
                if not last_group:
                    lv[4] = 1
                    lv[5] = score_rank[a.score]
                if mode == "r":
                    lv.extend(
                        self.exchange_levels(
                            a, None, False, True, False, a_m, False, inb, s1, nb, place
                        )
                    )
                edges.append((i, n))
                levels_per_edge.append(lv)
        width = max((len(lv) for lv in levels_per_edge if lv is not None), default=19)
        zero = [0] * width
        rows = [zero if lv is None else lv for lv in levels_per_edge]
        for row in rows:
            if len(row) < width:
                row.extend(zero[len(row) :])
        del levels_per_edge
        nv = n + (1 if with_bye or floater else 0)
        if not exact:
            # Window mode: lower players may stay unmatched (they are paired later), but every
            # bracket player must be matched, inside or floating into the window.
            nbr = len(bracket)
            rows = [[(i < nbr) + (j < nbr), *row] for (i, j), row in zip(edges, rows, strict=True)]
        weights = _combine_rows(rows, nv)
        coarse = None
        # The transposition level is most of a weight's length: the levels above it are matched
        # first, and the whole weights only where they leave a choice (matching's ``coarse``);
        # worth it on a large bracket.
        if mode == "r" and len(rows) >= (COARSE_FLOATER_EDGES if floater else COARSE_EDGES):
            span = max(abs(row[-1]) for row in rows)
            if span.bit_length() >= COARSE_BITS:
                # The last level's place is 1 and its radix nv * span + 1 (``_combine_rows``),
                # and its values are at most 0: the levels above are the weight divided by the
                # radix, rounded up.
                radix = nv * span + 1
                coarse = [-(-w // radix) for w in weights]
        # The levels are done with: a large bracket's graph needs the memory (issue 28).
        del rows
        graph = [(i, j, w) for (i, j), w in zip(edges, weights, strict=True)]
        del edges, weights
        # With the stand-in every vertex is a bracket player or him, and a choice must match
        # all the bracket's: it is a perfect matching (else none), which the matching is told.
        mate = max_weight_matching(nv, graph, exact or floater, coarse)
        needed = mate if exact else mate[: len(bracket)]
        if any(m == -1 for m in needed):
            raise NoValidPairing("no pairing satisfies the absolute criteria")
        return mate

    @staticmethod
    def exchange_levels(a, b, inside, a_in, b_in, a_m, b_m, inb, s1, nb, place) -> list[int]:
        """Exchange (4.3) and transposition (4.2) order of a homogeneous remainder, per edge.

        The transposition level reads each pair's leading player's partner, the leads in
        order (``transposition_places``)."""
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
            powers, relative = place
            t = -(other - lead if relative else other) * powers[lead]
        else:
            for x, x_in, x_m in ((a, a_in, a_m), (b, b_in, b_m)):
                if x is not None and x_in and not x_m and x.index in s1:
                    bx = inb[x.index] + 1
                    e2 += bx
                    e3 += 2**bx
        return [e1, e2, e3, e4, t]

"""Move generation on bitboards: the fast core under `Board` and `perft`.

A position is three Python ints in the Scan layout of `rules.geometry` (`own`, `opp`: the pieces
of the side to move and of the other side; `kings`: the kings of both) plus which side moves.
Nothing here builds an object per piece or per move: moves are tuples of ints, so that perft can
run millions of them. `Board` wraps these functions with `Move` objects and numeric squares.

Rules implemented (RULES.md "Moving" and "Capturing"; article numbers of "Regras básicas", seed
003): men move one square forwards (Art. 3) and are crowned only when they END the move on the far
row (Art. 4, Art. 9); kings fly over empty squares (Art. 5); capture is compulsory and the majority
law applies by number of pieces, kings and men alike (Art. 6, Art. 7); men capture backwards too
(Art. 6); the capturing piece may pass the same empty square twice but never jumps a piece twice,
and jumped pieces stay on the board, blocking, until the move ends (Art. 8, Art. 10, "Turkish
strike"); two pieces side by side on a diagonal cannot be jumped (Art. 5); moves with the same
start, end and set of captured pieces are one move.

Captures are searched over states, not routes: where a capturing piece can go on depends only on
its square and the pieces it has jumped, so each (square, captured set) state is explored once
per generation call. A king among many pieces has thousands of routes (12,530 in one position)
but only about a thousand states, which keeps every position in a few milliseconds.
"""

from __future__ import annotations

from functools import cache

from rules.geometry import bit_index
from rules.variants import Variant

__all__ = ["Core", "core_for"]

# Direction numbers: 0 and 1 go towards Black's back row (lower bits), 2 and 3 towards White's.
# The opposite of direction d is 3 - d.
_DIRECTIONS = 4

# A capture search state's result: (most further captures, {(end bit, final live mask): the next
# state on the first route to it, or None where it ends}); states are keyed `live << 6 | bit`.
_Found = tuple[int, dict[tuple[int, int], int | None]]


class Core:
    """Precomputed tables and move-generation functions for one variant.

    The hot functions are closures over local tables (built in `__init__`), which is the fastest
    way to reach constant data from CPython.
    """

    def __init__(self, variant: Variant) -> None:
        size = variant.size
        half = size // 2
        self.variant = variant
        self.sq_to_bit = [-1] + [bit_index(sq, size) for sq in range(1, variant.squares + 1)]
        top = max(self.sq_to_bit) + 1
        self.bit_to_sq = [0] * (top + 2 * (half + 1) + 1)
        for sq in range(1, variant.squares + 1):
            self.bit_to_sq[self.sq_to_bit[sq]] = sq
        board = 0
        for sq in range(1, variant.squares + 1):
            board |= 1 << self.sq_to_bit[sq]
        self.board_mask = board
        white_promo = 0
        for sq in variant.white_promotion_row():
            white_promo |= 1 << self.sq_to_bit[sq]
        black_promo = 0
        for sq in variant.black_promotion_row():
            black_promo |= 1 << self.sq_to_bit[sq]
        self.white_promo = white_promo
        self.black_promo = black_promo

        offsets = (-(half + 1), -half, half, half + 1)
        on_board = set(self.sq_to_bit[1:])
        # rays[d][bit]: bits met walking from `bit` in direction d, nearest first (list and mask)
        ray_lists: list[list[tuple[int, ...]]] = [
            [() for _ in range(top)] for _ in range(_DIRECTIONS)
        ]
        ray_masks: list[list[int]] = [[0] * top for _ in range(_DIRECTIONS)]
        # man_jumps[bit]: (jumped bit mask, landing bit index, landing bit mask, direction)
        man_jumps: list[tuple[tuple[int, int, int, int], ...]] = [() for _ in range(top)]
        for b in on_board:
            jumps = []
            for d, off in enumerate(offsets):
                ray = []
                nxt = b + off
                while nxt in on_board:
                    ray.append(nxt)
                    nxt += off
                ray_lists[d][b] = tuple(ray)
                mask = 0
                for r in ray:
                    mask |= 1 << r
                ray_masks[d][b] = mask
                if len(ray) >= 2:
                    jumps.append((1 << ray[0], ray[1], 1 << ray[1], d))
            man_jumps[b] = tuple(jumps)
        self.offsets = offsets
        self.ray_lists = ray_lists
        self.ray_masks = ray_masks
        self.man_jumps = man_jumps
        self._build_functions()

    # ------------------------------------------------------------------ the generated functions
    def _build_functions(self) -> None:  # noqa: C901 - one closure factory keeps the hot code local
        A = self.variant.size // 2
        B = A + 1
        A2 = 2 * A
        B2 = 2 * B
        BOARD = self.board_mask
        WPROMO = self.white_promo
        BPROMO = self.black_promo
        MJ = self.man_jumps
        R0, R1, R2, R3 = self.ray_masks

        def king_best(sq, live, occ, memo, came, n):
            """(most further captures, distinct (end, final live) reaching it) for a king state.

            A king's continuation depends only on where it stands and what it has taken (Art. 8:
            jumped pieces stay and block), so each (square, live set) state is searched once per
            generation call and shared by every route that reaches it (memo keyed by both).
            States after fewer than two captures are reached by one route only: not memoised.
            `came` skips the way back, which the piece just jumped blocks anyway.
            """
            if n > 1:
                key = live << 6 | sq
                r = memo.get(key)
                if r is not None:
                    return r
            kids = []
            nn = n + 1
            # direction 0 and 1: towards lower bits, first blocker is the highest bit of the ray
            if came != 3:
                blk = R0[sq] & occ
                if blk:
                    fi = blk.bit_length() - 1
                    fb = 1 << fi
                    if live & fb:
                        beyond = R0[fi]
                        blk2 = beyond & occ
                        if blk2:
                            si = blk2.bit_length() - 1
                            land = beyond ^ R0[si] ^ (1 << si)
                        else:
                            land = beyond
                        nlive = live ^ fb
                        while land:
                            li = land.bit_length() - 1
                            land ^= 1 << li
                            kids.append(king_best(li, nlive, occ, memo, 0, nn))
            if came != 2:
                blk = R1[sq] & occ
                if blk:
                    fi = blk.bit_length() - 1
                    fb = 1 << fi
                    if live & fb:
                        beyond = R1[fi]
                        blk2 = beyond & occ
                        if blk2:
                            si = blk2.bit_length() - 1
                            land = beyond ^ R1[si] ^ (1 << si)
                        else:
                            land = beyond
                        nlive = live ^ fb
                        while land:
                            li = land.bit_length() - 1
                            land ^= 1 << li
                            kids.append(king_best(li, nlive, occ, memo, 1, nn))
            # direction 2 and 3: towards higher bits, first blocker is the lowest bit of the ray
            if came != 1:
                blk = R2[sq] & occ
                if blk:
                    fb = blk & -blk
                    if live & fb:
                        beyond = R2[fb.bit_length() - 1]
                        blk2 = beyond & occ
                        if blk2:
                            sb = blk2 & -blk2
                            land = beyond ^ R2[sb.bit_length() - 1] ^ sb
                        else:
                            land = beyond
                        nlive = live ^ fb
                        while land:
                            lb = land & -land
                            land ^= lb
                            kids.append(king_best(lb.bit_length() - 1, nlive, occ, memo, 2, nn))
            if came != 0:
                blk = R3[sq] & occ
                if blk:
                    fb = blk & -blk
                    if live & fb:
                        beyond = R3[fb.bit_length() - 1]
                        blk2 = beyond & occ
                        if blk2:
                            sb = blk2 & -blk2
                            land = beyond ^ R3[sb.bit_length() - 1] ^ sb
                        else:
                            land = beyond
                        nlive = live ^ fb
                        while land:
                            lb = land & -land
                            land ^= lb
                            kids.append(king_best(lb.bit_length() - 1, nlive, occ, memo, 3, nn))
            if not kids:
                r = (0, ((sq, live),))
            elif len(kids) == 1:
                r = kids[0]
                r = (r[0] + 1, r[1])
            else:
                r = merge(kids)
            if n > 1:
                memo[key] = r
            return r

        def merge(kids):
            """A state's result from its children's (two or more): the longest continuations
            (Art. 7), each distinct (end, final live) once."""
            best = max([k[0] for k in kids])
            chosen = [ends for e, ends in kids if e == best]
            if len(chosen) == 1:
                return best + 1, chosen[0]
            return best + 1, set().union(*chosen)

        def man_best(sq, live, empty, memo, n):
            """Like `king_best` for a man, which stays a man while it captures (Art. 9)."""
            if n > 1:
                key = live << 6 | sq
                r = memo.get(key)
                if r is not None:
                    return r
            r = kids = None
            for nb, li, lb, _d in MJ[sq]:
                if live & nb and empty & lb:
                    kid = man_best(li, live ^ nb, empty, memo, n + 1)
                    if r is None:
                        r = kid
                    elif kids is None:
                        kids = [r, kid]
                    else:
                        kids.append(kid)
            if r is None:
                r = (0, ((sq, live),))
            elif kids is None:
                r = (r[0] + 1, r[1])
            else:
                r = merge(kids)
            if n > 1:
                memo[key] = r
            return r

        def best_captures(own, opp, kings):
            """The legal captures as (count, start bit, end bit, live opp mask), one per distinct
            (start, end, captured set), majority law applied (Art. 7). `opp ^ live` is the
            captured set."""
            found = []
            occ = own | opp
            empty = BOARD ^ occ
            men = own & ~kings
            if men:
                cand = men & (
                    ((opp >> A) & (empty >> A2))
                    | ((opp >> B) & (empty >> B2))
                    | ((opp << A) & (empty << A2))
                    | ((opp << B) & (empty << B2))
                )
                while cand:
                    sb = cand & -cand
                    cand ^= sb
                    s = sb.bit_length() - 1
                    found.append((s, man_best(s, opp, empty | sb, {}, 0)))
            kk = own & kings
            while kk:
                kb = kk & -kk
                kk ^= kb
                s = kb.bit_length() - 1
                found.append((s, king_best(s, opp, occ ^ kb, {}, -1, 0)))
            if not found:
                return found
            if len(found) == 1:
                s, (best, ends) = found[0]
                return [(best, s, end, live) for end, live in ends] if best else []
            best = max([r[0] for _s, r in found])
            if not best:
                return []
            return [
                (best, s, end, live) for s, (n, ends) in found if n == best for end, live in ends
            ]

        def has_capture(own, opp, kings):
            """Whether the side to move has any capture (cheap: no chain search)."""
            occ = own | opp
            empty = BOARD ^ occ
            men = own & ~kings
            if men & (
                ((opp >> A) & (empty >> A2))
                | ((opp >> B) & (empty >> B2))
                | ((opp << A) & (empty << A2))
                | ((opp << B) & (empty << B2))
            ):
                return True
            kk = own & kings
            while kk:
                kb = kk & -kk
                kk ^= kb
                k = kb.bit_length() - 1
                blk = R0[k] & occ
                if blk:
                    fb = 1 << (blk.bit_length() - 1)
                    if fb & opp and (fb >> B) & empty:
                        return True
                blk = R1[k] & occ
                if blk:
                    fb = 1 << (blk.bit_length() - 1)
                    if fb & opp and (fb >> A) & empty:
                        return True
                blk = R2[k] & occ
                if blk:
                    fb = blk & -blk
                    if fb & opp and (fb << A) & empty:
                        return True
                blk = R3[k] & occ
                if blk:
                    fb = blk & -blk
                    if fb & opp and (fb << B) & empty:
                        return True
            return False

        def king_quiet(k, occ):
            """Mask of the squares a king on bit k can move to without capturing."""
            dest = 0
            ray = R0[k]
            blk = ray & occ
            if blk:
                fi = blk.bit_length() - 1
                dest |= ray ^ R0[fi] ^ (1 << fi)
            else:
                dest |= ray
            ray = R1[k]
            blk = ray & occ
            if blk:
                fi = blk.bit_length() - 1
                dest |= ray ^ R1[fi] ^ (1 << fi)
            else:
                dest |= ray
            ray = R2[k]
            blk = ray & occ
            if blk:
                fb = blk & -blk
                dest |= ray ^ R2[fb.bit_length() - 1] ^ fb
            else:
                dest |= ray
            ray = R3[k]
            blk = ray & occ
            if blk:
                fb = blk & -blk
                dest |= ray ^ R3[fb.bit_length() - 1] ^ fb
            else:
                dest |= ray
            return dest

        def quiet_moves(own, opp, kings, white):
            """Non-capturing moves as (from bit, to bit) pairs."""
            occ = own | opp
            empty = BOARD ^ occ
            men = own & ~kings
            moves = []
            if white:
                t = (men >> A) & empty
                while t:
                    b = t & -t
                    t ^= b
                    i = b.bit_length() - 1
                    moves.append((i + A, i))
                t = (men >> B) & empty
                while t:
                    b = t & -t
                    t ^= b
                    i = b.bit_length() - 1
                    moves.append((i + B, i))
            else:
                t = (men << A) & empty
                while t:
                    b = t & -t
                    t ^= b
                    i = b.bit_length() - 1
                    moves.append((i - A, i))
                t = (men << B) & empty
                while t:
                    b = t & -t
                    t ^= b
                    i = b.bit_length() - 1
                    moves.append((i - B, i))
            kk = own & kings
            while kk:
                kb = kk & -kk
                kk ^= kb
                k = kb.bit_length() - 1
                dest = king_quiet(k, occ)
                while dest:
                    b = dest & -dest
                    dest ^= b
                    moves.append((k, b.bit_length() - 1))
            return moves

        def children(own, opp, kings, white):
            """Positions after each legal move, as (own, opp, kings) of the side that moved."""
            caps = best_captures(own, opp, kings)
            result = []
            append = result.append
            if caps:
                promo = WPROMO if white else BPROMO
                for _n, s, e, live in caps:
                    sb = 1 << s
                    eb = 1 << e
                    captured = opp ^ live
                    if kings & sb:
                        append((own ^ sb ^ eb, live, (kings ^ sb ^ eb) & ~captured))
                    elif eb & promo:
                        append((own ^ sb ^ eb, live, (kings & ~captured) | eb))
                    else:
                        append((own ^ sb ^ eb, live, kings & ~captured))
                return result
            occ = own | opp
            empty = BOARD ^ occ
            men = own & ~kings
            if white:
                t = (men >> A) & empty
                while t:
                    b = t & -t
                    t ^= b
                    append((own ^ b ^ (b << A), opp, kings | (b & WPROMO)))
                t = (men >> B) & empty
                while t:
                    b = t & -t
                    t ^= b
                    append((own ^ b ^ (b << B), opp, kings | (b & WPROMO)))
            else:
                t = (men << A) & empty
                while t:
                    b = t & -t
                    t ^= b
                    append((own ^ b ^ (b >> A), opp, kings | (b & BPROMO)))
                t = (men << B) & empty
                while t:
                    b = t & -t
                    t ^= b
                    append((own ^ b ^ (b >> B), opp, kings | (b & BPROMO)))
            kk = own & kings
            while kk:
                kb = kk & -kk
                kk ^= kb
                dest = king_quiet(kb.bit_length() - 1, occ)
                while dest:
                    b = dest & -dest
                    dest ^= b
                    append((own ^ kb ^ b, opp, kings ^ kb ^ b))
            return result

        def count_moves(own, opp, kings, white):
            """Number of legal moves, without making them (perft's bulk counting)."""
            occ = own | opp
            empty = BOARD ^ occ
            men = own & ~kings
            if men & (
                ((opp >> A) & (empty >> A2))
                | ((opp >> B) & (empty >> B2))
                | ((opp << A) & (empty << A2))
                | ((opp << B) & (empty << B2))
            ):
                return len(best_captures(own, opp, kings))
            kk = own & kings
            if kk and has_capture(own, opp, kings):
                return len(best_captures(own, opp, kings))
            if white:
                n = ((men >> A) & empty).bit_count() + ((men >> B) & empty).bit_count()
            else:
                n = ((men << A) & empty).bit_count() + ((men << B) & empty).bit_count()
            while kk:
                kb = kk & -kk
                kk ^= kb
                n += king_quiet(kb.bit_length() - 1, occ).bit_count()
            return n

        def perft(own, opp, kings, white, depth):
            """Leaf count `depth` plies ahead (depth >= 1), counting the last ply in bulk."""
            if depth == 1:
                return count_moves(own, opp, kings, white)
            total = 0
            nxt = not white
            d = depth - 1
            if d == 1:
                for o, p, k in children(own, opp, kings, white):
                    total += count_moves(p, o, k, nxt)
            else:
                for o, p, k in children(own, opp, kings, white):
                    total += perft(p, o, k, nxt, d)
            return total

        self.best_captures = best_captures
        self.has_capture = has_capture
        self.quiet_moves = quiet_moves
        self.children = children
        self.count_moves = count_moves
        self.perft = perft
        self.king_quiet = king_quiet

    # ------------------------------------------------------------------ routes, for the public API
    def capture_search(
        self, own: int, opp: int, kings: int, *, majority: bool = True
    ) -> tuple[list[tuple[tuple[int, ...], int]], int]:
        """Captures with a route each, and the number of search states it took.

        Returns ([(landing bits from start to end, captured mask)], states). There is one entry
        per distinct (start, end, captured set) (RULES.md "Capturing", last rule), with the route
        a depth-first search meets first (directions 0-3, nearest landing first). With `majority`
        each piece keeps only its longest captures (Art. 7; the caller compares pieces);
        without, every complete capture is kept (for Art. 23 (h) checks).

        The search runs over states, not routes: a piece's continuation depends only on its
        square and the pieces it has jumped (they stay on the board, Art. 8), so each (square,
        captured set) state is explored once and the routes are rebuilt for the results only.
        `states` counts the states explored: a deterministic measure of the work.
        """
        occ_all = own | opp
        empty_all = self.board_mask ^ occ_all
        rays = self.ray_masks
        man_jumps = self.man_jumps
        out: list[tuple[tuple[int, ...], int]] = []
        states = 0

        def king_steps(sq: int, live: int, occ: int) -> list[tuple[int, int]]:
            steps = []
            for d in range(_DIRECTIONS):
                ray_d = rays[d]
                blk = ray_d[sq] & occ
                if not blk:
                    continue
                # first piece on the ray: highest bit going down (d < 2), lowest going up
                fb = 1 << (blk.bit_length() - 1) if d < 2 else blk & -blk
                if not live & fb:
                    continue  # own piece, or one already jumped (Turkish strike): blocked
                beyond = ray_d[fb.bit_length() - 1]
                blk2 = beyond & occ
                if blk2:
                    nb = 1 << (blk2.bit_length() - 1) if d < 2 else blk2 & -blk2
                    land = beyond ^ ray_d[nb.bit_length() - 1] ^ nb
                else:
                    land = beyond
                nlive = live ^ fb
                while land:
                    lb = 1 << (land.bit_length() - 1) if d < 2 else land & -land
                    land ^= lb
                    steps.append((lb.bit_length() - 1, nlive))
            return steps

        def man_steps(sq: int, live: int, empty: int) -> list[tuple[int, int]]:
            return [(li, live ^ nb) for nb, li, lb, _d in man_jumps[sq] if live & nb and empty & lb]

        def search_piece(start: int, king: bool) -> dict[int, _Found]:
            """The memo of one piece's search: state -> (most further captures, results)."""
            room = occ_all ^ (1 << start) if king else empty_all | 1 << start
            steps = king_steps if king else man_steps
            memo: dict[int, _Found] = {}

            def search(sq: int, live: int) -> _Found:
                key = live << 6 | sq
                known = memo.get(key)
                if known is not None:
                    return known
                best = -1
                results: dict[tuple[int, int], int | None] = {}
                for li, nlive in steps(sq, live, room):
                    extra, ends = search(li, nlive)
                    child = nlive << 6 | li
                    if majority and extra > best:
                        best = extra
                        results = dict.fromkeys(ends, child)
                    elif not majority or extra == best:
                        best = max(best, extra)
                        for end in ends:
                            results.setdefault(end, child)
                found = (best + 1, results) if results else (0, {(sq, live): None})
                memo[key] = found
                return found

            search(start, opp)
            return memo

        pieces = own
        while pieces:
            b = pieces & -pieces
            pieces ^= b
            start = b.bit_length() - 1
            memo = search_piece(start, bool(kings & b))
            states += len(memo)
            root = opp << 6 | start
            extra, ends = memo[root]
            if not extra:
                continue
            for end in ends:
                route = [start]
                nxt = ends[end]
                while nxt is not None:
                    route.append(nxt & 63)
                    nxt = memo[nxt][1][end]
                out.append((tuple(route), opp ^ end[1]))
        return out, states


@cache
def core_for(variant: Variant) -> Core:
    """The (cached) move-generation core of a variant."""
    return Core(variant)

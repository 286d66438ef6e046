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
"""

from __future__ import annotations

from functools import cache

from rules.geometry import bit_index
from rules.variants import Variant

__all__ = ["Core", "core_for"]

# Direction numbers: 0 and 1 go towards Black's back row (lower bits), 2 and 3 towards White's.
# The opposite of direction d is 3 - d.
_DIRECTIONS = 4


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

        def king_dfs(sq, live, occ, out, start, n, came):
            """Extend a king's chain from `sq`; append (n, start, end, live) per complete one."""
            found = False
            nn = n + 1
            # direction 0 and 1: towards lower bits, first blocker is the highest bit of the ray
            if came != 3:
                ray = R0[sq]
                blk = ray & occ
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
                        if land:
                            found = True
                            nlive = live ^ fb
                            while land:
                                li = land.bit_length() - 1
                                land ^= 1 << li
                                king_dfs(li, nlive, occ, out, start, nn, 0)
            if came != 2:
                ray = R1[sq]
                blk = ray & occ
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
                        if land:
                            found = True
                            nlive = live ^ fb
                            while land:
                                li = land.bit_length() - 1
                                land ^= 1 << li
                                king_dfs(li, nlive, occ, out, start, nn, 1)
            # direction 2 and 3: towards higher bits, first blocker is the lowest bit of the ray
            if came != 1:
                ray = R2[sq]
                blk = ray & occ
                if blk:
                    fb = blk & -blk
                    if live & fb:
                        fi = fb.bit_length() - 1
                        beyond = R2[fi]
                        blk2 = beyond & occ
                        if blk2:
                            sb = blk2 & -blk2
                            land = beyond ^ R2[sb.bit_length() - 1] ^ sb
                        else:
                            land = beyond
                        if land:
                            found = True
                            nlive = live ^ fb
                            while land:
                                lb = land & -land
                                land ^= lb
                                king_dfs(lb.bit_length() - 1, nlive, occ, out, start, nn, 2)
            if came != 0:
                ray = R3[sq]
                blk = ray & occ
                if blk:
                    fb = blk & -blk
                    if live & fb:
                        fi = fb.bit_length() - 1
                        beyond = R3[fi]
                        blk2 = beyond & occ
                        if blk2:
                            sb = blk2 & -blk2
                            land = beyond ^ R3[sb.bit_length() - 1] ^ sb
                        else:
                            land = beyond
                        if land:
                            found = True
                            nlive = live ^ fb
                            while land:
                                lb = land & -land
                                land ^= lb
                                king_dfs(lb.bit_length() - 1, nlive, occ, out, start, nn, 3)
            if not found and n:
                out.append((n, start, sq, live))

        def man_dfs(sq, live, empty, out, start, n):
            """Extend a man's chain from `sq`; a man stays a man while it captures (Art. 9)."""
            found = False
            for nb, li, lb, _d in MJ[sq]:
                if live & nb and empty & lb:
                    found = True
                    man_dfs(li, live ^ nb, empty, out, start, n + 1)
            if not found:
                out.append((n, start, sq, live))

        def raw_captures(own, opp, kings):
            """Every complete capture sequence as (count, start bit, end bit, live opp mask).

            Neither the majority law nor deduplication is applied. `live` is `opp` minus the
            captured pieces, so `opp ^ live` is the captured set.
            """
            out: list[tuple[int, int, int, int]] = []
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
                    e = empty | sb
                    for nb, li, lb, _d in MJ[s]:
                        if opp & nb and e & lb:
                            man_dfs(li, opp ^ nb, e, out, s, 1)
            kk = own & kings
            while kk:
                kb = kk & -kk
                kk ^= kb
                king_dfs(kb.bit_length() - 1, opp, occ ^ kb, out, kb.bit_length() - 1, 0, -1)
            return out

        def best_captures(own, opp, kings):
            """The legal captures: majority law applied, duplicates removed (list of tuples)."""
            out = raw_captures(own, opp, kings)
            if not out:
                return out
            best = max(out)[0]
            if best == 1:
                return out
            seen = set()
            result = []
            for item in out:
                if item[0] == best:
                    key = item[1:]
                    if key not in seen:
                        seen.add(key)
                        result.append(item)
            return result

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

        self.raw_captures = raw_captures
        self.best_captures = best_captures
        self.has_capture = has_capture
        self.quiet_moves = quiet_moves
        self.children = children
        self.count_moves = count_moves
        self.perft = perft
        self.king_quiet = king_quiet

    # ------------------------------------------------------------------ paths, for the public API
    def capture_paths(self, own: int, opp: int, kings: int) -> list[tuple[tuple[int, ...], int]]:
        """Every complete capture sequence with its path: (landing bits, captured mask).

        Slower than `raw_captures` (it builds the path), used by `Board` only. Neither the
        majority law nor deduplication is applied.
        """
        empty_all = self.board_mask ^ (own | opp)
        ray_lists = self.ray_lists
        man_jumps = self.man_jumps
        out: list[tuple[tuple[int, ...], int]] = []

        def man(path: list[int], captured: int, empty: int) -> None:
            found = False
            for nb, li, lb, _d in man_jumps[path[-1]]:
                if opp & nb and not captured & nb and empty & lb:
                    found = True
                    path.append(li)
                    man(path, captured | nb, empty)
                    path.pop()
            if not found and captured:
                out.append((tuple(path), captured))

        def king(path: list[int], captured: int, empty: int) -> None:
            found = False
            for d in range(_DIRECTIONS):
                ray = ray_lists[d][path[-1]]
                i = 0
                while i < len(ray) and empty >> ray[i] & 1:
                    i += 1
                if i >= len(ray) - 1:
                    continue
                victim = 1 << ray[i]
                # a piece of our own, or one already jumped (Turkish strike), blocks the ray
                if not opp & victim or captured & victim:
                    continue
                i += 1
                while i < len(ray) and empty >> ray[i] & 1:
                    found = True
                    path.append(ray[i])
                    king(path, captured | victim, empty)
                    path.pop()
                    i += 1
            if not found and captured:
                out.append((tuple(path), captured))

        pieces = own
        while pieces:
            b = pieces & -pieces
            pieces ^= b
            start = b.bit_length() - 1
            if kings & b:
                king([start], 0, empty_all | b)
            else:
                man([start], 0, empty_all | b)
        return out


@cache
def core_for(variant: Variant) -> Core:
    """The (cached) move-generation core of a variant."""
    return Core(variant)

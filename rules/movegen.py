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

from rules.capture_routes import CaptureRoutes
from rules.geometry import bit_index
from rules.variants import Variant

__all__ = ["Core", "core_for"]

# Direction numbers: 0 and 1 go towards Black's back row (lower bits), 2 and 3 towards White's.
# The opposite of direction d is 3 - d.
_DIRECTIONS = 4


class Core(CaptureRoutes):
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
        # ray_hits[d][bit]: {pieces on the ray: (first piece's bit mask, landing bits beyond it
        # up to the next piece, nearest first)}, for every pattern with a piece and a landing;
        # a king's jumps are then four lookups (1,510 patterns on 8x8, 6,114 on 10x10)
        ray_hits: list[list[dict[int, tuple[int, tuple[int, ...]]]]] = [
            [{} for _ in range(top)] for _ in range(_DIRECTIONS)
        ]
        for d in range(_DIRECTIONS):
            for b in on_board:
                ray = ray_lists[d][b]
                mask = ray_masks[d][b]
                pattern = mask
                while pattern:
                    first = next(i for i, r in enumerate(ray) if pattern >> r & 1)
                    lands = []
                    for r in ray[first + 1 :]:
                        if pattern >> r & 1:
                            break
                        lands.append(r)
                    if lands:
                        ray_hits[d][b][pattern] = (1 << ray[first], tuple(lands))
                    pattern = (pattern - 1) & mask
        self.offsets = offsets
        self.ray_lists = ray_lists
        self.ray_masks = ray_masks
        self.ray_hits = ray_hits
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
        TOP = len(R0)

        H0, H1, H2, H3 = self.ray_hits

        def king_steps(sq, occ, opp):
            """The jumps a king on `sq` could make: ((enemy bit, landing bits nearest first), ...).

            Occupancy does not change during a capture (jumped pieces stay on the board, Art. 8),
            so these are fixed for one generation call; a state only asks which enemies are live.
            Directions 0-3 in order, as the routes are searched.
            """
            steps = []
            hit = H0[sq].get(occ & R0[sq])
            if hit and opp & hit[0]:
                steps.append(hit)
            hit = H1[sq].get(occ & R1[sq])
            if hit and opp & hit[0]:
                steps.append(hit)
            hit = H2[sq].get(occ & R2[sq])
            if hit and opp & hit[0]:
                steps.append(hit)
            hit = H3[sq].get(occ & R3[sq])
            if hit and opp & hit[0]:
                steps.append(hit)
            return steps

        def king_leaves(sq, live, table, seen, out, start, n):
            """Explore a king's capture state: (count, start, end, live) per complete capture.

            A king's continuation depends only on where it stands and what it has taken (Art. 8:
            jumped pieces stay and block), so a complete capture is a state with no jump left,
            and each (square, live set) state is explored once per call (`seen`): routes that
            meet in a state share its continuations. After fewer than two captures a state has
            one route only, so it is not recorded. `table` holds each square's `king_steps`,
            filled on first use; its last entry is (occupancy, enemies). The way back is never
            taken: the piece just jumped blocks it.
            """
            steps = table[sq]
            if steps is None:
                occ, opp = table[-1]
                steps = table[sq] = king_steps(sq, occ, opp)
            found = False
            nn = n + 1
            for fb, lands in steps:
                if live & fb:
                    found = True
                    nlive = live ^ fb
                    if n:
                        base = nlive << 6
                        for li in lands:
                            key = base | li
                            if key not in seen:
                                seen.add(key)
                                king_leaves(li, nlive, table, seen, out, start, nn)
                    else:
                        for li in lands:
                            king_leaves(li, nlive, table, seen, out, start, nn)
            if not found and n:
                out.append((n, start, sq, live))

        def king_table(occ, opp):
            """An empty `king_steps` table for one king's search (see `king_leaves`)."""
            table = [None] * TOP
            table.append((occ, opp))
            return table

        def man_leaves(sq, live, empty, seen, out, start, n):
            """Like `king_leaves` for a man, which stays a man while it captures (Art. 9)."""
            found = False
            nn = n + 1
            for nb, li, lb, _d in MJ[sq]:
                if live & nb and empty & lb:
                    found = True
                    if n:
                        key = (live ^ nb) << 6 | li
                        if key in seen:
                            continue
                        seen.add(key)
                    man_leaves(li, live ^ nb, empty, seen, out, start, nn)
            if not found and n:
                out.append((n, start, sq, live))

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
                    man_leaves(s, opp, empty | sb, set(), found, s, 0)
            kk = own & kings
            while kk:
                kb = kk & -kk
                kk ^= kb
                s = kb.bit_length() - 1
                king_leaves(s, opp, king_table(occ ^ kb, opp), set(), found, s, 0)
            if not found:
                return found
            best = max(found)[0]
            if best == 1:
                return found
            return [item for item in found if item[0] == best]

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
        self.king_table = king_table
        self._king_steps = king_steps


@cache
def core_for(variant: Variant) -> Core:
    """The (cached) move-generation core of a variant."""
    return Core(variant)

"""Captures with their routes, for the public API (`Board`): the search behind
`Core.capture_search`, kept apart from the generated hot functions of `rules.movegen`.

A mixin of `rules.movegen.Core`: it reads the tables `Core.__init__` builds (`board_mask`,
`variant`, `ray_masks`, `man_jumps`) and its `_king_steps` closure.
"""

from __future__ import annotations


class CaptureRoutes:
    """`Core`'s capture search that keeps a route for each capture (see `capture_search`)."""

    def capture_search(
        self, own: int, opp: int, kings: int, *, majority: bool = True, only: int = -1
    ) -> tuple[list[tuple[tuple[int, ...], int]], int]:
        """Captures with a route each, and the number of search states it took.

        Returns ([(landing bits from start to end, captured mask)], states). There is one entry
        per distinct (start, end, captured set) (RULES.md "Capturing", last rule), with the route
        a depth-first search meets first (directions 0-3, nearest landing first). With `majority`
        only the captures that take the most pieces (Art. 7); without, every complete capture
        (for Art. 23 (h) checks). `only` (a mask) limits the search to those pieces.

        The search runs over states, not routes: a piece's continuation depends only on its
        square and the pieces it has jumped (they stay on the board, Art. 8), so each (square,
        captured set) state is explored once, and a complete capture is a state with no jump
        left. The first route to a state is the branch of the search tree that found it.
        `states` counts the states explored: a deterministic measure of the work.
        """
        found: list[tuple[int, int, int, dict[int, int | None]]] = []  # (n, state, start, tree)
        states = 0
        best = 0
        occ = own | opp
        empty = self.board_mask ^ occ
        A = self.variant.size // 2
        B = A + 1
        # pieces that can capture at all: men next to an enemy with an empty square behind it,
        # kings with a jump in some direction
        pieces = (own & ~kings) & (
            ((opp >> A) & (empty >> 2 * A))
            | ((opp >> B) & (empty >> 2 * B))
            | ((opp << A) & (empty << 2 * A))
            | ((opp << B) & (empty << 2 * B))
        )
        kk = own & kings
        while kk:
            kb = kk & -kk
            kk ^= kb
            if self._king_steps(kb.bit_length() - 1, occ ^ kb, opp):
                pieces |= kb
        pieces &= only
        while pieces:
            b = pieces & -pieces
            pieces ^= b
            start = b.bit_length() - 1
            parents, leaves = self._piece_search(start, bool(kings & b), own, opp)
            states += len(parents)
            for n, key in leaves:
                if majority and n < best:
                    continue  # the majority law (Art. 7): shorter than one already found
                best = max(best, n)
                found.append((n, key, start, parents))
        out: list[tuple[tuple[int, ...], int]] = []
        for n, key, _start, parents in found:
            if majority and n < best:
                continue
            route = []
            state: int | None = key
            while state is not None:
                route.append(state & 63)
                state = parents[state]
            out.append((tuple(reversed(route)), opp ^ (key >> 6)))
        return out, states

    def _piece_search(
        self, start: int, king: bool, own: int, opp: int
    ) -> tuple[dict[int, int | None], list[tuple[int, int]]]:
        """One piece's capture states: (tree, complete captures as [(count, state)]).

        States are `live << 6 | bit` (`live`: the enemies not jumped yet); `tree` maps each state
        explored to the state it was first reached from.
        """
        bit = 1 << start
        occ = (own | opp) ^ bit
        empty = self.board_mask ^ occ
        root = opp << 6 | start
        tree: dict[int, int | None] = {root: None}
        leaves: list[tuple[int, int]] = []
        # each square's jumps as ((enemy bit, landing bits), ...), filled on first use
        table: list = [None] * len(self.ray_masks[0])
        king_steps = self._king_steps
        man_jumps = self.man_jumps

        def visit(sq: int, live: int, key: int, n: int) -> None:
            jumps = table[sq]
            if jumps is None:
                if king:
                    jumps = king_steps(sq, occ, opp)
                else:
                    jumps = [
                        (nb, (li,)) for nb, li, lb, _d in man_jumps[sq] if empty & lb and opp & nb
                    ]
                table[sq] = jumps
            leaf = True
            for fb, lands in jumps:
                if live & fb:
                    leaf = False
                    nlive = live ^ fb
                    base = nlive << 6
                    for li in lands:
                        child = base | li
                        if child not in tree:
                            tree[child] = key
                            visit(li, nlive, child, n + 1)
            if leaf and n:
                leaves.append((n, key))

        visit(start, opp, root, 0)
        return tree, leaves

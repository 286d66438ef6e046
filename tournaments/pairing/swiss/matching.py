"""Exact maximum-weight matching on a general graph, integer weights (Edmonds' blossom method).

The Dutch engine reduces every bracket decision to one matching whose edge weights encode the
pairing criteria in lexicographic order, so the matching must be exact, not a heuristic. This is the
primal-dual method as described by Z. Galil, "Efficient algorithms for finding maximum matching in
graphs" (ACM Computing Surveys, 1986): grow alternating trees from every free vertex, shrink odd
cycles into blossoms, and change the dual variables by the largest step that keeps them feasible.
With integer weights every quantity stays an integer (weights are doubled on entry so that the
half-slack of an edge between two outer vertices is whole), so Python's big integers give exact
lexicographic weights of any length.

``max_weight_matching(n, edges, max_cardinality=True)`` returns ``mate`` with ``mate[v]`` the vertex
matched to ``v`` or ``-1``: of all matchings of largest size (when asked) one of largest weight.

Speed (issue 28), the answer unchanged: a stage starts with every vertex of a free (root) blossom
outer, and scanning all their edges again at each of the ~n/2 stages was most of the work on a
large bracket. Those vertices' duals all fall by the same steps, so each vertex keeps a heap of
its edges to them keyed by a constant (``scan_roots``): a stage reads the heaps' tops instead.
The unlabelled vertices' best edges sit in a heap too (their slack falls by each step alike), so a
dual step does not recompute every one. Most edges a stage scans join two outer blossoms and only
bid for the scanned blossom's best edge, so that slack is kept in a local, less the scanned
vertex's dual (one long addition an edge); a vertex turning outer mid-stage reads its edges to
the roots from its heap too. The blossom operations are in blossom.py.

A weight's length costs time on every edge visited, and the Dutch engine's lowest level (the
transpositions' order) is most of it: given the leading levels apart (``coarse``), they are
matched first and the whole weights only over the edges left tight (``max_weight_matching``).
"""

from __future__ import annotations

from collections.abc import Sequence
from heapq import heapify, heappop, heappush

from tournaments.pairing.swiss.blossom import _Blossoms

__all__ = ["max_weight_matching"]

INF = float("inf")  # exceeds every integer slack, however long


def max_weight_matching(
    n: int,
    edges: Sequence[tuple[int, int, int]],
    max_cardinality: bool = True,
    coarse: Sequence[int] | None = None,
) -> list[int]:
    """Mate of every vertex (or -1) in a maximum-weight (maximum-size first, if asked) matching.

    ``coarse``, when given, holds each edge's leading levels: its weight is ``coarse * R +
    fine`` with every matching's fines summing to less than R/2 in size (``_combine_rows``'
    radix), so only a matching best on the coarse weights can be best. They are solved first,
    short numbers, and the whole weights only over the edges their optimal duals leave tight
    (``_tight_edges``): every coarse optimum lies on those (complementary slackness), so the
    answer is the same, found on a graph about a quarter the size (issue 28). With
    ``max_cardinality`` this holds when the coarse matching is perfect; else the whole graph
    is solved."""
    if not edges:
        return [-1] * n
    if coarse is not None:
        pairs = [(u, v, c) for (u, v, _w), c in zip(edges, coarse, strict=True)]
        rough = _Solver(n, pairs, max_cardinality)
        mate = rough.solve()
        if not max_cardinality or -1 not in mate:
            edges = [edges[k] for k in _tight_edges(rough)]
            if not edges:
                return [-1] * n  # the empty matching is the only coarse optimum
    return _Solver(n, edges, max_cardinality).solve()


def _tight_edges(solver: _Blossoms) -> list[int]:
    """The edges of zero slack under a finished solver's duals, blossoms' included (an edge
    inside blossoms counts twice the duals of those holding both its ends)."""
    n, parent, dual = solver.n, solver.parent, solver.dual
    chains: list[list[int]] = []
    for v in range(n):
        chain = []
        b = parent[v]
        while b != -1:
            chain.append(b)
            b = parent[b]
        chains.append(chain)
    tight = []
    eu, ev, ew = solver.eu, solver.ev, solver.ew
    for k in range(len(eu)):
        u, v = eu[k], ev[k]
        slack = dual[u] + dual[v] - ew[k]
        cu, cv = chains[u], chains[v]
        if cu and cv:
            # Blossoms nest: those holding both ends are the two chains' common outer part.
            i, j = len(cu) - 1, len(cv) - 1
            while i >= 0 and j >= 0 and cu[i] == cv[j]:
                slack += 2 * dual[cu[i]]
                i -= 1
                j -= 1
        if slack == 0:
            tight.append(k)
    return tight


class _Solver(_Blossoms):
    """The search: stages of tree growth and dual steps over the state of ``_Blossoms``."""

    def stage(self) -> bool:
        """One search for an augmenting path; False when none exists (the matching is final)."""
        n = self.n
        label, top, best, dual = self.label, self.top, self.best, self.dual
        eu, ev, ew = self.eu, self.ev, self.ew
        for i in range(2 * n):
            label[i] = 0
            best[i] = -1
        for i in range(n, 2 * n):
            self.bestlist[i] = None
        self.queue = []
        for v in range(n):
            if self.mate[v] == -1 and label[top[v]] == 0:
                self.assign(v, 1, -1)
        self.queue = []
        self.free_heap = []
        self.outer_heap.clear()
        k = self.scan_roots()
        if k >= 0:
            self.augment(k)
            return True
        while True:
            self.epoch += 1
            epoch = self.epoch
            best_slack, best_epoch = self.best_slack, self.best_epoch
            beyond_roots, near, labelend = self.beyond_roots, self.near, self.labelend
            shift, version, free_heap = self.shift, self.version, self.free_heap
            outer_heap = self.outer_heap
            changed: list[int] = []  # best edges changed before this dual step (see below)
            while self.queue:
                v = self.queue.pop()
                tv = top[v]
                dv = dual[v]
                # Most edges scanned join two outer blossoms and only bid for ``best[tv]``: its
                # slack is kept at hand (``INF`` when none) rather than looked up edge by edge.
                # Both compared less ``dv`` (one long addition per edge, not two).
                ndv = -dv
                # Its edges to the root blossoms are read from its heap (``near_roots``); the
                # loop below sees only the others (``beyond_roots``).
                if near[v]:
                    k = self.near_roots(v, dv, epoch, changed)
                    if k >= 0:
                        self.augment(k)
                        return True
                    tv = top[v]
                tv_cur = self.current_best(tv, epoch)
                lim = tv_cur if tv_cur is INF else tv_cur - dv
                for w, p, k, wk in beyond_roots[v]:
                    tw = top[w]
                    if tv == tw:
                        continue
                    lw = label[tw]
                    if lw == 2 and label[w]:
                        continue  # an inner vertex already reached: nothing to learn
                    # Between two top blossoms the vertex duals alone give the exact slack.
                    part = dual[w] - wk
                    if lw == 1:
                        if part > ndv:
                            if part < lim:
                                lim = part
                                kslack = part + dv
                                best[tv], best_slack[tv], best_epoch[tv] = k, kslack, epoch
                                changed.append(tv)
                            continue
                        found = self.trace(v, w)
                        if found < 0:
                            self.augment(k)
                            return True
                        self.shrink(found, k)
                        tv = top[v]
                        tv_cur = self.current_best(tv, epoch)
                        lim = tv_cur if tv_cur is INF else tv_cur - dv
                        continue
                    kslack = part + dv
                    if kslack <= 0:
                        if lw == 0:
                            self.assign(w, 2, p ^ 1)
                        else:
                            label[w] = 2
                            labelend[w] = p ^ 1
                        continue
                    # An unlabelled vertex (free, or unreached inside an inner blossom).
                    bk = best[w]
                    if bk != -1:
                        if best_epoch[w] == epoch:
                            cur = best_slack[w]
                        else:
                            cur = dual[eu[bk]] + dual[ev[bk]] - ew[bk]
                            best_slack[w], best_epoch[w] = cur, epoch
                        if kslack >= cur:
                            continue
                    best[w], best_slack[w], best_epoch[w] = k, kslack, epoch
                    changed.append(w)
            # No tight edge left to explore: move the duals. The best edges that changed meanwhile
            # enter their heaps once each (their slack is this epoch's).
            for x in set(changed):
                k = best[x]
                if k == -1 or best_epoch[x] != epoch:
                    continue
                if x < n and label[top[x]] != 1:
                    version[x] += 1
                    heappush(free_heap, (best_slack[x] + shift, x, k, version[x]))
                elif label[x] == 1 and self.parent[x] == -1:
                    heappush(outer_heap, (best_slack[x] + 2 * shift, x, k))
            kind = 0
            delta = 0
            edge = -1
            blossom = -1
            if not self.max_cardinality:
                kind, delta = 1, min(dual[:n])
            # (Comprehensions pick the candidates; the order and the strict "<" are the plain
            # loops', so the same step is taken.)
            top_label = [label[t] for t in top]
            # The least slack of an unlabelled vertex's best edge (the least vertex on a tie).
            free_heap, version = self.free_heap, self.version
            while free_heap:
                key, v, bk, ver = free_heap[0]
                if ver == version[v] and best[v] == bk and top_label[v] == 0:
                    d = key - self.shift
                    if kind == 0 or d < delta:
                        kind, delta, edge = 2, d, bk
                    break
                heappop(free_heap)
            parent, base = self.parent, self.base
            # The least half-slack between two outer blossoms (the least blossom on a tie): both
            # ends fall by each step, so an entry's slack plus twice the shift stays constant.
            outer_heap = self.outer_heap
            while outer_heap:
                key, b, bk = outer_heap[0]
                if best[b] == bk and parent[b] == -1 and label[b] == 1:
                    d = (key - 2 * self.shift) // 2
                    if kind == 0 or d < delta:
                        kind, delta, edge = 3, d, bk
                    break
                heappop(outer_heap)
            tops = [b for b in range(n, self.hi) if base[b] >= 0 and parent[b] == -1 and label[b]]
            for b in tops:
                if label[b] == 2 and (kind == 0 or dual[b] < delta):
                    kind, delta, blossom = 4, dual[b], b
            if kind == 0:
                kind, delta = 1, max(0, min(dual[:n]))
            self.shift += delta
            if delta:
                dual[:n] = [
                    d - delta if lt == 1 else (d + delta if lt == 2 else d)
                    for d, lt in zip(dual, top_label, strict=False)
                ]
                for b in tops:
                    if label[b] == 1:
                        dual[b] += delta
                    elif label[b] == 2:
                        dual[b] -= delta
            if kind == 1:
                return False
            if kind == 2:
                i, j = self.eu[edge], self.ev[edge]
                if label[top[i]] == 0:
                    i = j
                self.queue.append(i)
            elif kind == 3:
                self.queue.append(self.eu[edge])
            else:
                members = list(self.leaves(blossom))
                self.expand(blossom, False)
                # Its vertices left unlabelled had their duals moved while inner: new entries.
                for x in members:
                    bk = best[x]
                    if bk != -1 and label[top[x]] == 0:
                        self.version[x] += 1
                        heappush(
                            self.free_heap, (self.slack(bk) + self.shift, x, bk, self.version[x])
                        )

    def current_best(self, x: int, epoch: int) -> float | int:
        """The slack of ``x``'s best edge in this epoch (cached), ``INF`` when it has none."""
        bk = self.best[x]
        if bk == -1:
            return INF
        if self.best_epoch[x] != epoch:
            self.best_slack[x] = self.slack(bk)
            self.best_epoch[x] = epoch
        return self.best_slack[x]

    def near_roots(self, v: int, dv: int, epoch: int, changed: list[int]) -> int:
        """Outer vertex ``v``'s edges to the root blossoms, read from its heap (``scan_roots``):
        the least-slack one bids for its blossom's best edge; a tight one closes a blossom
        (and the next is read) or is an augmenting path, whose edge is returned (else -1).

        A root vertex's dual plus ``shift`` is constant through the stage, so the heap's order
        is the order of these edges' slacks: the same findings as scanning them one by one.
        Entries of its own blossom are set aside, not dropped: a blossom that is not a root
        may be expanded at the stage's end, and they are needed again then."""
        heap = self.near[v]
        top, in_roots, joined = self.top, self.in_roots, self.joined
        offset = dv - self.shift
        aside = []
        found_edge = -1
        while heap:
            key, w, k, count = heap[0]
            if not in_roots[w] or joined[w] != count:
                heappop(heap)
                continue
            tv = top[v]
            if top[w] == tv:
                aside.append(heappop(heap))
                continue
            slack = key + offset
            if slack > 0:
                if slack < self.current_best(tv, epoch):
                    self.best[tv] = k
                    self.best_slack[tv] = slack
                    self.best_epoch[tv] = epoch
                    changed.append(tv)
                break
            found = self.trace(v, w)
            if found < 0:
                found_edge = k
                break
            self.shrink(found, k)
        for entry in aside:
            heappush(heap, entry)
        return found_edge

    def scan_roots(self) -> int:
        """What scanning every vertex of the root blossoms would find, without scanning them.

        The vertices of the free (root) blossoms are outer through a whole stage, so each dual
        step lowers all of them alike: a root vertex's dual plus ``shift`` is constant while it
        stays in a root blossom. So each vertex keeps a heap of its edges to the root vertices of
        other blossoms, keyed by that constant less the weight: a vertex that joins the roots
        pushes its edges into its neighbours' heaps, one that leaves is dropped from them when it
        comes to the top, and a vertex that joins or leaves builds its own heap again. The top of
        each heap is its least-slack edge to the roots: tight ones label their ends inner, the
        others are best edges, and a tight edge between two root blossoms is an augmenting path
        (its edge is returned, else -1).
        """
        n = self.n
        top, label, base, mate, dual = self.top, self.label, self.base, self.mate, self.dual
        in_roots, root_dual, adjacent = self.in_roots, self.root_dual, self.adjacent
        joined_count, near = self.joined, self.near
        shift = self.shift
        changed = []
        for v in range(n):
            now = mate[base[top[v]]] == -1
            if now != in_roots[v]:
                changed.append(v)
                in_roots[v] = now
                if now:
                    root_dual[v] = dual[v] + shift
                    joined_count[v] += 1
        # The edges to vertices out of the root blossoms, for the scans mid-stage: a vertex
        # leaving them (matched) is added to its neighbours' lists; one joining them (a blossom
        # on a free base kept) is filtered out of them.
        beyond_roots = self.beyond_roots
        joiners = []
        for v in changed:
            if in_roots[v]:
                joiners.append(v)
            else:
                for w, p, k, wk in adjacent[v]:
                    beyond_roots[w].append((v, p ^ 1, k, wk))
        if joiners:
            for x in {w for v in joiners for w, _p, _k, _wk in adjacent[v]}:
                beyond_roots[x] = [e for e in beyond_roots[x] if not in_roots[e[0]]]
        for v in changed:
            tv = top[v]
            heap = [
                (root_dual[w] - wk, w, k, joined_count[w])
                for w, _p, k, wk in adjacent[v]
                if in_roots[w] and top[w] != tv
            ]
            heapify(heap)
            near[v] = heap
        rebuilt = set(changed)
        for v in changed:
            if not in_roots[v]:
                continue
            tv = top[v]
            rv = root_dual[v]
            count = joined_count[v]
            for w, _p, k, wk in adjacent[v]:
                if top[w] != tv and w not in rebuilt:
                    heappush(near[w], (rv - wk, v, k, count))
        value: list[int | None] = [None] * n
        edge = [-1] * n
        far = [-1] * n
        for v in range(n):
            heap = near[v]
            tv = top[v]
            while heap:
                x, w, k, count = heap[0]
                if in_roots[w] and joined_count[w] == count and top[w] != tv:
                    value[v], edge[v], far[v] = x, k, w
                    break
                heappop(heap)
        best, labelend = self.best, self.labelend
        best_epoch = self.best_epoch
        for v in range(n):
            x = value[v]
            if x is None:
                continue
            k = edge[v]
            slack = x + dual[v] - shift
            tv = top[v]
            lv = label[tv]
            if in_roots[v]:
                if slack <= 0:
                    return k
                bk = best[tv]
                if bk == -1 or slack < self.slack(bk):
                    best[tv] = k
                    heappush(self.outer_heap, (slack + 2 * shift, tv, k))
                    best_epoch[tv] = -1
                continue
            # The root end of edge k: its endpoint index is the one on far[v]'s side.
            q = 2 * k if self.eu[k] == far[v] else 2 * k + 1
            if slack <= 0:
                if lv == 0:
                    self.assign(v, 2, q)
                elif lv == 2 and label[v] == 0:
                    label[v] = 2
                    labelend[v] = q
            elif lv != 1 and label[v] == 0:
                bk = best[v]
                if bk == -1 or slack < self.slack(bk):
                    best[v] = k
                    best_epoch[v] = -1
                    self.version[v] += 1
                    heappush(self.free_heap, (slack + shift, v, k, self.version[v]))
        return -1

    def solve(self) -> list[int]:
        n = self.n
        for _ in range(n):
            if not self.stage():
                break
            for b in range(n, self.hi):
                if (
                    self.parent[b] == -1
                    and self.base[b] >= 0
                    and self.label[b] == 1
                    and self.dual[b] == 0
                ):
                    self.expand(b, True)
        return [self.endpoint[p] if p >= 0 else -1 for p in self.mate]

"""The blossom side of the matching (matching.py): one run's state and the operations on it.

Labels (outer, inner), the alternating trees' links, shrinking an odd cycle into a blossom,
expanding one, and augmenting along a path through nested blossoms. The search itself (stages,
dual steps, the heaps that spare rescanning edges) is ``matching._Solver``, built on this class.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from heapq import heappush

__all__: list[str] = []


class _Blossoms:
    """State of one run; vertices are 0..n-1, blossoms n..2n-1 (see matching.py's docstring)."""

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]], max_cardinality: bool):
        self.n = n
        self.max_cardinality = max_cardinality
        # Doubled weights keep every dual change an integer (half of an even slack).
        self.eu = [e[0] for e in edges]
        self.ev = [e[1] for e in edges]
        self.ew = [2 * e[2] for e in edges]
        top = max(0, max(self.ew))
        # Endpoint p of edge k is eu[k] for p = 2k and ev[k] for p = 2k + 1.
        self.endpoint = [0] * (2 * len(edges))
        self.incident: list[list[int]] = [[] for _ in range(n)]
        # The same, as (remote vertex, remote endpoint, edge, doubled weight) for the scan.
        self.adjacent: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n)]
        ew = self.ew
        for k, (u, v, _w) in enumerate(edges):
            if u == v:
                raise ValueError(f"edge {k} is a loop on vertex {u}")
            self.endpoint[2 * k] = u
            self.endpoint[2 * k + 1] = v
            self.incident[u].append(2 * k + 1)  # remote endpoint seen from u
            self.incident[v].append(2 * k)
            self.adjacent[u].append((v, 2 * k + 1, k, ew[k]))
            self.adjacent[v].append((u, 2 * k, k, ew[k]))
        m = 2 * n
        self.mate = [-1] * n  # remote endpoint of the matched edge
        self.label = [0] * m  # 0 free, 1 outer (S), 2 inner (T); 5 = outer + breadcrumb
        self.labelend = [-1] * m
        self.top = list(range(n))  # outermost blossom holding each vertex
        self.parent = [-1] * m
        self.children: list[list[int] | None] = [None] * m
        self.base = list(range(n)) + [-1] * n
        self.links: list[list[int] | None] = [None] * m  # endpoints joining consecutive children
        self.best = [-1] * m  # least-slack edge to an outer blossom
        # The best edge's slack, valid while its epoch is the current one (no dual step since).
        self.best_slack = [0] * m
        self.best_epoch = [-1] * m
        self.epoch = 0
        # The roots' side of every vertex, kept from stage to stage (see ``scan_roots``).
        self.shift = 0  # sum of every dual step so far: a root's dual plus it stays constant
        # Outer blossoms' best edges by slack plus twice ``shift`` (see matching._Solver).
        self.outer_heap: list[tuple[int, int, int]] = []
        self.in_roots = [False] * n
        self.root_dual = [0] * n  # dual + shift of a vertex of a root blossom
        self.joined = [0] * n  # how many times the vertex joined a root blossom
        # Unlabelled vertices' best edges by slack plus ``shift`` (constant while the vertex stays
        # unlabelled and its edge's other end outer), with the version of the vertex's entry.
        self.free_heap: list[tuple[int, int, int, int]] = []
        self.version = [0] * n
        # Per vertex, a heap of (root dual - weight, root vertex, edge, its join count) over its
        # edges to root vertices of other blossoms; entries that no longer hold are dropped.
        self.near: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n)]
        # Per vertex, its ``adjacent`` entries to vertices out of the root blossoms.
        self.beyond_roots: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n)]
        self.bestlist: list[list[int] | None] = [None] * m
        self.free_ids = list(range(m - 1, n - 1, -1))
        self.hi = n  # every blossom in use is below it (ids are taken least first)
        self.dual = [top] * n + [0] * n
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        return self.dual[self.eu[k]] + self.dual[self.ev[k]] - self.ew[k]

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
            return
        stack = [b]
        while stack:
            t = stack.pop()
            if t < self.n:
                yield t
            else:
                stack.extend(self.children[t])  # type: ignore[arg-type]

    def assign(self, w: int, t: int, p: int) -> None:
        """Label the blossom of ``w`` outer (1) or inner (2), reached through endpoint ``p``."""
        while True:
            b = self.top[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.best[w] = self.best[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            mp = self.mate[self.base[b]]
            w, t, p = self.endpoint[mp], 1, mp ^ 1

    def trace(self, v: int, w: int) -> int:
        """Walk back from two outer vertices: their new blossom's base, or -1 (augmenting path)."""
        path = []
        found = -1
        while v != -1 or w != -1:
            b = self.top[v]
            if self.label[b] & 4:
                found = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.labelend[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.labelend[b]]
                b = self.top[v]
                v = self.endpoint[self.labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return found

    def shrink(self, base: int, k: int) -> None:
        """Make a blossom of the odd cycle closed by edge ``k`` through ``base``."""
        top, endpoint, labelend = self.top, self.endpoint, self.labelend
        v, w = self.eu[k], self.ev[k]
        bb, bv, bw = top[base], top[v], top[w]
        b = self.free_ids.pop()
        if b >= self.hi:
            self.hi = b + 1
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        ends: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            ends.append(labelend[bv])
            bv = top[endpoint[labelend[bv]]]
        path.append(bb)
        path.reverse()
        ends.reverse()
        ends.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            ends.append(labelend[bw] ^ 1)
            bw = top[endpoint[labelend[bw]]]
        self.children[b] = path
        self.links[b] = ends
        self.label[b] = 1
        labelend[b] = labelend[bb]
        self.dual[b] = 0
        for x in self.leaves(b):
            if self.label[top[x]] == 2:
                self.queue.append(x)
            top[x] = b
        # Least-slack edges from the new blossom to every other outer blossom (each slack once).
        best_to: dict[int, tuple[int, int]] = {}
        eu, ev, ew, dual, label = self.eu, self.ev, self.ew, self.dual, self.label
        for sub in path:
            if self.bestlist[sub] is None:
                lists = [[p >> 1 for p in self.incident[x]] for x in self.leaves(sub)]
            else:
                lists = [self.bestlist[sub]]
            for lst in lists:
                for kk in lst:
                    i, j = eu[kk], ev[kk]
                    bj = top[j]
                    if bj == b:
                        bj = top[i]
                    if bj != b and label[bj] == 1:
                        d = dual[i] + dual[j] - ew[kk]
                        cur = best_to.get(bj)
                        if cur is None or d < cur[0]:
                            best_to[bj] = (d, kk)
            self.bestlist[sub] = None
            self.best[sub] = -1
        self.bestlist[b] = [kk for _d, kk in best_to.values()]
        bestk = -1
        least = 0
        for d, kk in best_to.values():
            if bestk == -1 or d < least:
                bestk, least = kk, d
        self.best[b] = bestk
        if bestk != -1:
            heappush(self.outer_heap, (least + 2 * self.shift, b, bestk))
        self.best_epoch[b] = -1

    def expand(self, b: int, endstage: bool) -> None:
        """Undo blossom ``b``; an inner blossom mid-stage keeps its path labelled."""
        n, top, endpoint = self.n, self.top, self.endpoint
        children = self.children[b]
        assert children is not None
        for s in children:
            self.parent[s] = -1
            if s < n:
                top[s] = s
            elif endstage and self.dual[s] == 0:
                self.expand(s, endstage)
            else:
                for x in self.leaves(s):
                    top[x] = s
        if not endstage and self.label[b] == 2:
            ends = self.links[b]
            assert ends is not None
            entry = top[endpoint[self.labelend[b] ^ 1]]
            j = children.index(entry)
            if j & 1:
                j -= len(children)
                step, trick = 1, 0
            else:
                step, trick = -1, 1
            p = self.labelend[b]
            while j != 0:
                self.label[endpoint[p ^ 1]] = 0
                self.label[endpoint[ends[j - trick] ^ trick ^ 1]] = 0
                self.assign(endpoint[p ^ 1], 2, p)
                j += step
                p = ends[j - trick] ^ trick
                j += step
            bv = children[j]
            self.label[endpoint[p ^ 1]] = self.label[bv] = 2
            self.labelend[endpoint[p ^ 1]] = self.labelend[bv] = p
            self.best[bv] = -1
            j += step
            while children[j] != entry:
                bv = children[j]
                if self.label[bv] == 1:
                    j += step
                    continue
                reached = -1
                for x in self.leaves(bv):
                    if self.label[x] != 0:
                        reached = x
                        break
                if reached != -1:
                    self.label[reached] = 0
                    self.label[endpoint[self.mate[self.base[bv]]]] = 0
                    self.assign(reached, 2, self.labelend[reached])
                j += step
        self.label[b] = self.labelend[b] = -1
        self.children[b] = self.links[b] = None
        self.base[b] = -1
        self.bestlist[b] = None
        self.best[b] = -1
        self.free_ids.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        """Rotate blossom ``b`` so that vertex ``v`` becomes its base, swapping matched edges."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children = self.children[b]
        ends = self.links[b]
        assert children is not None and ends is not None
        i = j = children.index(t)
        if i & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        endpoint = self.endpoint
        while j != 0:
            j += step
            t = children[j]
            p = ends[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, endpoint[p])
            j += step
            t = children[j]
            if t >= self.n:
                self.augment_blossom(t, endpoint[p ^ 1])
            self.mate[endpoint[p]] = p ^ 1
            self.mate[endpoint[p ^ 1]] = p
        self.children[b] = children[i:] + children[:i]
        self.links[b] = ends[i:] + ends[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment(self, k: int) -> None:
        """Flip the augmenting path through edge ``k``."""
        endpoint, top, labelend = self.endpoint, self.top, self.labelend
        for s, p in ((self.eu[k], 2 * k + 1), (self.ev[k], 2 * k)):
            while True:
                bs = top[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = top[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

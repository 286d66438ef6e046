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
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = ["max_weight_matching"]


def max_weight_matching(
    n: int, edges: Sequence[tuple[int, int, int]], max_cardinality: bool = True
) -> list[int]:
    """Mate of every vertex (or -1) in a maximum-weight (maximum-size first, if asked) matching."""
    if not edges:
        return [-1] * n
    return _Solver(n, edges, max_cardinality).solve()


class _Solver:
    """State of one run; vertices are 0..n-1, blossoms n..2n-1 (see the module docstring)."""

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
        for k, (u, v, _w) in enumerate(edges):
            if u == v:
                raise ValueError(f"edge {k} is a loop on vertex {u}")
            self.endpoint[2 * k] = u
            self.endpoint[2 * k + 1] = v
            self.incident[u].append(2 * k + 1)  # remote endpoint seen from u
            self.incident[v].append(2 * k)
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
        self.bestlist: list[list[int] | None] = [None] * m
        self.free_ids = list(range(m - 1, n - 1, -1))
        self.dual = [top] * n + [0] * n
        self.tight = [0] * len(edges)  # stage number in which the edge became tight
        self.stamp = 0
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
        # Least-slack edges from the new blossom to every other outer blossom.
        best_to: dict[int, int] = {}
        for sub in path:
            if self.bestlist[sub] is None:
                lists = [[p >> 1 for p in self.incident[x]] for x in self.leaves(sub)]
            else:
                lists = [self.bestlist[sub]]
            for lst in lists:
                for kk in lst:
                    i, j = self.eu[kk], self.ev[kk]
                    if top[j] == b:
                        i, j = j, i
                    bj = top[j]
                    if bj != b and self.label[bj] == 1:
                        cur = best_to.get(bj)
                        if cur is None or self.slack(kk) < self.slack(cur):
                            best_to[bj] = kk
            self.bestlist[sub] = None
            self.best[sub] = -1
        self.bestlist[b] = list(best_to.values())
        bestk = -1
        for kk in self.bestlist[b]:
            if bestk == -1 or self.slack(kk) < self.slack(bestk):
                bestk = kk
        self.best[b] = bestk

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
                self.tight[ends[j - trick] >> 1] = self.stamp
                j += step
                p = ends[j - trick] ^ trick
                self.tight[p >> 1] = self.stamp
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

    def stage(self) -> bool:
        """One search for an augmenting path; False when none exists (the matching is final)."""
        n = self.n
        label, top, best, dual, tight = self.label, self.top, self.best, self.dual, self.tight
        eu, ev, ew, endpoint, incident = self.eu, self.ev, self.ew, self.endpoint, self.incident
        for i in range(2 * n):
            label[i] = 0
            best[i] = -1
        for i in range(n, 2 * n):
            self.bestlist[i] = None
        # An edge is tight in this stage when its mark equals the stage number (no O(E) reset).
        self.stamp += 1
        stamp = self.stamp
        self.queue = []
        for v in range(n):
            if self.mate[v] == -1 and label[top[v]] == 0:
                self.assign(v, 1, -1)
        while True:
            while self.queue:
                v = self.queue.pop()
                tv = top[v]
                for p in incident[v]:
                    w = endpoint[p]
                    tw = top[w]
                    if tv == tw:
                        continue
                    k = p >> 1
                    kslack = 0
                    if tight[k] != stamp:
                        kslack = dual[eu[k]] + dual[ev[k]] - ew[k]
                        if kslack <= 0:
                            tight[k] = stamp
                    lw = label[tw]
                    if tight[k] == stamp:
                        if lw == 0:
                            self.assign(w, 2, p ^ 1)
                        elif lw == 1:
                            found = self.trace(v, w)
                            if found >= 0:
                                self.shrink(found, k)
                                tv = top[v]
                            else:
                                self.augment(k)
                                return True
                        elif label[w] == 0:
                            label[w] = 2
                            self.labelend[w] = p ^ 1
                    elif lw == 1:
                        bk = best[tv]
                        if bk == -1 or kslack < dual[eu[bk]] + dual[ev[bk]] - ew[bk]:
                            best[tv] = k
                    elif label[w] == 0:
                        bk = best[w]
                        if bk == -1 or kslack < dual[eu[bk]] + dual[ev[bk]] - ew[bk]:
                            best[w] = k
            # No tight edge left to explore: move the duals.
            kind = 0
            delta = 0
            edge = -1
            blossom = -1
            if not self.max_cardinality:
                kind, delta = 1, min(dual[:n])
            for v in range(n):
                bk = best[v]
                if bk != -1 and label[top[v]] == 0:
                    d = dual[eu[bk]] + dual[ev[bk]] - ew[bk]
                    if kind == 0 or d < delta:
                        kind, delta, edge = 2, d, bk
            parent = self.parent
            for b in range(2 * n):
                bk = best[b]
                if bk != -1 and parent[b] == -1 and label[b] == 1:
                    d = (dual[eu[bk]] + dual[ev[bk]] - ew[bk]) // 2
                    if kind == 0 or d < delta:
                        kind, delta, edge = 3, d, bk
            for b in range(n, 2 * n):
                if (
                    self.base[b] >= 0
                    and self.parent[b] == -1
                    and label[b] == 2
                    and (kind == 0 or dual[b] < delta)
                ):
                    kind, delta, blossom = 4, dual[b], b
            if kind == 0:
                kind, delta = 1, max(0, min(dual[:n]))
            for v in range(n):
                lv = label[top[v]]
                if lv == 1:
                    dual[v] -= delta
                elif lv == 2:
                    dual[v] += delta
            for b in range(n, 2 * n):
                if self.base[b] >= 0 and self.parent[b] == -1:
                    if label[b] == 1:
                        dual[b] += delta
                    elif label[b] == 2:
                        dual[b] -= delta
            if kind == 1:
                return False
            if kind == 2:
                tight[edge] = self.stamp
                i, j = self.eu[edge], self.ev[edge]
                if label[top[i]] == 0:
                    i = j
                self.queue.append(i)
            elif kind == 3:
                tight[edge] = self.stamp
                self.queue.append(self.eu[edge])
            else:
                self.expand(blossom, False)

    def solve(self) -> list[int]:
        n = self.n
        for _ in range(n):
            if not self.stage():
                break
            for b in range(n, 2 * n):
                if (
                    self.parent[b] == -1
                    and self.base[b] >= 0
                    and self.label[b] == 1
                    and self.dual[b] == 0
                ):
                    self.expand(b, True)
        return [self.endpoint[p] if p >= 0 else -1 for p in self.mate]

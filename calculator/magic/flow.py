"""A small maximum flow (shortest augmenting paths) whose every step is counted against a bound,
so CPython and Pyodide refuse the same inputs (calculator.core.limits.BOUNDS["payments"])."""
from __future__ import annotations

from collections import deque

from ..core.errors import TooLarge


class Work:
    """Counts the steps of one answer; past ``limit`` the answer is "too large"."""

    def __init__(self, limit: int, field: str = "cast") -> None:
        self.limit, self.used, self.field = limit, 0, field

    def spend(self, n: int) -> None:
        self.used += n
        if self.used > self.limit:
            raise TooLarge(self.field, "too large to check exactly: too many ways to pay for these spells "
                                       "(fewer castings or fewer spells)")


class Graph:
    """Capacities between numbered nodes."""

    def __init__(self, size: int) -> None:
        self.cap: list[dict[int, int]] = [dict() for _ in range(size)]

    def edge(self, a: int, b: int, c: int) -> None:
        if c > 0:
            self.cap[a][b] = self.cap[a].get(b, 0) + c
            self.cap[b].setdefault(a, 0)

    def max_flow(self, s: int, t: int, work: Work) -> dict[tuple[int, int], int]:
        """The flow on each edge of a maximum flow from ``s`` to ``t``."""
        orig = [dict(d) for d in self.cap]
        while True:
            prev = self._path(s, t, work)
            if prev is None:
                break
            push, v = None, t
            while v != s:
                u = prev[v]
                push = self.cap[u][v] if push is None else min(push, self.cap[u][v])
                v = u
            v = t
            while v != s:
                u = prev[v]
                self.cap[u][v] -= push or 0
                self.cap[v][u] += push or 0
                v = u
        return {(a, b): c - self.cap[a][b] for a, d in enumerate(orig) for b, c in d.items() if c > self.cap[a][b]}

    def _path(self, s: int, t: int, work: Work) -> dict[int, int] | None:
        prev = {s: s}
        todo = deque([s])
        while todo:
            u = todo.popleft()
            work.spend(1 + len(self.cap[u]))
            for v, c in self.cap[u].items():
                if c > 0 and v not in prev:
                    prev[v] = u
                    if v == t:
                        return prev
                    todo.append(v)
        return None

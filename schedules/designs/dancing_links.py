"""Exact cover by dancing links, step for step the C kernels' (tools/c_kernel.py): the same
items, options in the same order and the same generator give the same cover after the same
number of nodes, so a search ported from a kernel reproduces what the kernel stored.

`schedules.designs.exact_cover` is the engine's own, simpler search; this one exists to follow
a kernel exactly: it branches on the first item with the fewest options left and tries that
item's options in the order a xorshift shuffle of their order of addition gives.
"""

from __future__ import annotations

from collections.abc import Sequence

from schedules.designs.xorshift import XorShift


class DancingLinks:
    """Items 1 .. `items`, options added one by one, each owned by the thing it places."""

    def __init__(self, items: int) -> None:
        self.items = items
        self.left = [i - 1 if i else items for i in range(items + 1)]
        self.right = [i + 1 if i < items else 0 for i in range(items + 1)]
        self.up = list(range(items + 1))
        self.down = list(range(items + 1))
        self.top = [0] * (items + 1)
        self.length = [0] * (items + 1)
        self.row = [0] * (items + 1)
        self.owners: list[int] = []

    def add_option(self, owner: int, columns: Sequence[int]) -> None:
        """An option covering `columns` (distinct items), placing `owner`."""
        option, first = len(self.owners), len(self.top)
        self.owners.append(owner)
        for i, c in enumerate(columns):
            x = len(self.top)
            self.top.append(c)
            self.row.append(option)
            self.up.append(self.up[c])
            self.down.append(c)
            self.down[self.up[c]] = x
            self.up[c] = x
            self.length[c] += 1
            self.left.append(x - 1 if i else x)
            self.right.append(first)
            if i:
                self.right[x - 1] = x
            self.left[first] = x

    def search(self, rng: XorShift, limit: int) -> dict[int, int] | None:
        """The option chosen for each owner in a cover of every item, or None when there is
        none or `limit` nodes did not find one (the structure is left as it was)."""
        left, right, up, down = self.left, self.right, self.up, self.down
        top, length, row = self.top, self.length, self.row
        picks: dict[int, int] = {}
        nodes = 0

        def hide(i: int) -> None:
            left[right[i]], right[left[i]] = left[i], right[i]
            p = down[i]
            while p != i:
                q = right[p]
                while q != p:
                    up[down[q]], down[up[q]] = up[q], down[q]
                    length[top[q]] -= 1
                    q = right[q]
                p = down[p]

        def unhide(i: int) -> None:
            p = up[i]
            while p != i:
                q = left[p]
                while q != p:
                    up[down[q]] = down[up[q]] = q
                    length[top[q]] += 1
                    q = left[q]
                p = up[p]
            left[right[i]] = right[left[i]] = i

        def search() -> int:  # 1 found, 0 none, -1 out of nodes
            nonlocal nodes
            nodes += 1
            if nodes > limit:
                return -1
            if right[0] == 0:
                return 1
            best, item, i = 1 << 30, 0, right[0]
            while i:
                if length[i] < best:
                    best, item = length[i], i
                i = right[i]
            if not best:
                return 0
            rows, p = [], down[item]
            while p != item:
                rows.append(p)
                p = down[p]
            for k in range(len(rows) - 1, 0, -1):
                j = rng.below(k + 1)
                rows[k], rows[j] = rows[j], rows[k]
            hide(item)
            found = 0
            for p in rows:
                q = right[p]
                while q != p:
                    hide(top[q])
                    q = right[q]
                found = search()
                if found == 1:
                    picks[self.owners[row[p]]] = row[p]
                q = left[p]
                while q != p:
                    unhide(top[q])
                    q = left[q]
                if found:
                    break
            unhide(item)
            return found

        return picks if search() == 1 else None

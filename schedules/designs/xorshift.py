"""The xorshift64 generator (13, 7, 17) of the tools' C kernels (tools/c_kernel.py), in Python:
a search ported from a kernel draws the same numbers from the same seed, so it takes the same
steps and finds the same design."""

from __future__ import annotations

MASK = (1 << 64) - 1


class XorShift:
    """xorshift64 (13, 7, 17), seeded as the C kernels seed it."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 2654435761 + 1) & MASK

    def next(self) -> int:
        """The next 64-bit word."""
        x = self.state
        x ^= (x << 13) & MASK
        x ^= x >> 7
        x ^= (x << 17) & MASK
        self.state = x
        return x

    def below(self, n: int) -> int:
        """0 <= k < n."""
        return self.next() % n

    def uniform(self) -> float:
        """0 <= u < 1, 53 bits."""
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)

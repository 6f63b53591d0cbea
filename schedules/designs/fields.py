"""Finite fields GF(q) for prime powers q, small enough to tabulate.

An element of GF(p^k) is the integer 0 .. q-1 whose base-p digits, lowest first, are the
coefficients of a polynomial over GF(p) taken modulo a primitive polynomial of degree k. So
for a prime q the elements are the ordinary residues mod q, 0 is zero and 1 is one in every
field. Multiplication goes through exp/log tables over a primitive element `g` (the residue
x itself, or the least primitive root for a prime field), which also gives the cyclotomic
classes the difference-set and whist constructions need.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial

MAX_ORDER = 1 << 16
"""The largest field we tabulate: the tables hold 2q integers."""


def prime_power(q: int) -> tuple[int, int] | None:
    """`(p, k)` with q = p^k and p prime, or None when q is not a prime power (or q < 2)."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k, rest = 0, q
    while rest % p == 0:
        rest //= p
        k += 1
    return (p, k) if rest == 1 else None


def is_prime(n: int) -> bool:
    """Whether n is a prime."""
    found = prime_power(n)
    return found is not None and found[1] == 1


@dataclass(frozen=True)
class Field:
    """GF(q), q = p^degree, with elements 0 .. q-1 (see the module docstring)."""

    q: int
    p: int
    degree: int
    modulus: tuple[int, ...]
    """The low coefficients c_0 .. c_{k-1} of the monic modulus x^k + ... + c_0 (() for k=1)."""
    exp_table: tuple[int, ...]
    """g^i for i = 0 .. q-2."""
    log_table: tuple[int, ...]
    """log_g(a) for a = 1 .. q-1 at index a (index 0 unused, -1)."""

    @property
    def elements(self) -> range:
        """Every element, 0 .. q-1."""
        return range(self.q)

    @property
    def generator(self) -> int:
        """The primitive element g whose powers are every non-zero element."""
        return self.exp_table[1 % (self.q - 1)]

    def add(self, a: int, b: int) -> int:
        """a + b."""
        if self.degree == 1:
            return (a + b) % self.p
        if self.p == 2:
            return a ^ b
        return _digitwise(a, b, self.p, 1)

    def neg(self, a: int) -> int:
        """-a."""
        if self.degree == 1:
            return -a % self.p
        if self.p == 2:
            return a
        return _digitwise(0, a, self.p, -1)

    def sub(self, a: int, b: int) -> int:
        """a - b."""
        if self.degree == 1:
            return (a - b) % self.p
        if self.p == 2:
            return a ^ b
        return _digitwise(a, b, self.p, -1)

    def mul(self, a: int, b: int) -> int:
        """a * b."""
        if a == 0 or b == 0:
            return 0
        return self.exp_table[(self.log_table[a] + self.log_table[b]) % (self.q - 1)]

    def inv(self, a: int) -> int:
        """1 / a; a must be non-zero."""
        if a == 0:
            raise ZeroDivisionError("0 has no inverse in a field")
        return self.exp_table[-self.log_table[a] % (self.q - 1)]

    def div(self, a: int, b: int) -> int:
        """a / b; b must be non-zero."""
        return self.mul(a, self.inv(b))

    def power(self, a: int, n: int) -> int:
        """a^n for any integer n (n < 0 needs a non-zero)."""
        if a == 0:
            if n < 0:
                raise ZeroDivisionError("0 has no inverse in a field")
            return 1 if n == 0 else 0
        return self.exp_table[(self.log_table[a] * n) % (self.q - 1)]

    def exp(self, i: int) -> int:
        """g^i."""
        return self.exp_table[i % (self.q - 1)]

    def log(self, a: int) -> int:
        """The i in 0 .. q-2 with g^i = a; a must be non-zero."""
        if a == 0:
            raise ValueError("0 has no logarithm")
        return self.log_table[a]

    def is_square(self, a: int) -> bool:
        """Whether a is a non-zero square (always true in characteristic 2)."""
        return a != 0 and (self.p == 2 or self.log_table[a] % 2 == 0)

    def squares(self) -> frozenset[int]:
        """The non-zero squares (the quadratic residues)."""
        return frozenset(self.exp_table[i] for i in range(0, self.q - 1, 1 if self.p == 2 else 2))


def _digitwise(a: int, b: int, p: int, sign: int) -> int:
    """a + sign*b on base-p digit vectors: addition in GF(p)^k."""
    out, place = 0, 1
    while a or b:
        out += ((a % p + sign * (b % p)) % p) * place
        a //= p
        b //= p
        place *= p
    return out


def _times_x(a: int, p: int, k: int, modulus: tuple[int, ...]) -> int:
    """a * x modulo x^k + modulus, digits base p."""
    shifted = a * p
    top = shifted // p**k
    if top == 0:
        return shifted
    low = shifted % p**k
    reduction = sum(((p - top) * c % p) * p**i for i, c in enumerate(modulus))
    return _digitwise(low, reduction, p, 1)


def _primitive_tables(p: int, k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The first primitive modulus (in counting order) and the powers of x under it."""
    q = p**k
    for code in range(p**k):
        modulus = tuple((code // p**i) % p for i in range(k))
        if modulus[0] == 0:
            continue
        powers = _cycle(1, partial(_times_x, p=p, k=k, modulus=modulus))
        if len(powers) == q - 1:
            return modulus, powers
    raise AssertionError(f"no primitive polynomial of degree {k} over GF({p})")  # pragma: no cover


def _cycle(start: int, step: Callable[[int], int]) -> tuple[int, ...]:
    """start, step(start), ... up to the first return to start (a permutation's cycle)."""
    out = [start]
    current = step(start)
    while current != start:
        out.append(current)
        current = step(current)
    return tuple(out)


def _times_mod(a: int, g: int, p: int) -> int:
    return a * g % p


def _prime_tables(p: int) -> tuple[int, ...]:
    """The powers of the least primitive root mod p."""
    for g in range(1, p):
        powers = _cycle(1, partial(_times_mod, g=g, p=p))
        if len(powers) == p - 1:
            return powers
    raise AssertionError(f"no primitive root mod {p}")  # pragma: no cover


@cache
def field(q: int) -> Field:
    """GF(q); raises ValueError unless q is a prime power no larger than `MAX_ORDER`."""
    found = prime_power(q)
    if found is None:
        raise ValueError(f"there is no field of order {q}: {q} is not a prime power")
    if q > MAX_ORDER:
        raise ValueError(f"GF({q}) is too large to tabulate (at most {MAX_ORDER})")
    p, k = found
    if k == 1:
        modulus: tuple[int, ...] = ()
        powers = _prime_tables(p)
    else:
        modulus, powers = _primitive_tables(p, k)
    logs = [-1] * q
    for i, a in enumerate(powers):
        logs[a] = i
    return Field(q, p, k, modulus, powers, tuple(logs))

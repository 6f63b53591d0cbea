"""Difference sets that make a cyclic complete Howell well balanced
(docs/movement-rules.md#balanced-howells).

In a complete Howell developed over a group G of order v = 2n-1 with the stationary pair always
North-South, tray set g is played North-South by the stationary pair and by A + g for one base
set A of n-1 elements; two moving pairs x, y are compared 1 + 2*lambda_A(x - y) times, where
lambda_A(d) counts ordered pairs of A with difference d. So:

- perfect balance (every count n-1) <=> A is a (4m-1, 2m-1, m-1) Hadamard difference set
  (n = 2m): quadratic residues for a prime power v = 3 mod 4 (Paley), the zeros of an
  m-sequence for v = 2^k - 1 (Singer), or the twin-prime sets for v = p(p+2);
- for odd n every moving pair is off by at least one (the cyclic optimum SS = (2n-1)(n-1)),
  reached when lambda_A takes only the values (n-3)/2 and (n-1)/2: quadratic residues for a
  prime power v = 1 mod 4, otherwise a set found by search (stored, or a quick local search).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from random import Random

from schedules.designs.fields import field, is_prime, prime_power
from schedules.designs.groups import Group, additive, cyclic
from schedules.package_data import data_file

BASE_SETS = data_file("schedules", "howell", "base_sets.json")
"""Almost difference sets found by tools/base_set_search.py, by order."""


@dataclass(frozen=True)
class BaseSet:
    """The North-South moving pairs of tray set 0, over `group`, and where it comes from."""

    group: Group
    elements: frozenset[int]
    origin: str


def lambdas(group: Group, elements: frozenset[int]) -> Counter[int]:
    """lambda(d): ordered pairs of `elements` with difference d, for every d != 0."""
    counts: Counter[int] = Counter(dict.fromkeys(range(1, group.order), 0))
    for a in elements:
        for b in elements:
            if a != b:
                counts[group.sub(a, b)] += 1
    return counts


def spread(group: Group, elements: frozenset[int]) -> Fraction:
    """SS of the comparison counts 1 + 2*lambda over the moving pairs (each unordered pair
    counted once), against the mean n-1; the stationary pair is always exactly at the mean."""
    n = (group.order + 1) // 2
    lam = lambdas(group, elements)
    # Each unordered pair {x, y} is counted by d = x - y; d and -d give the same pair.
    return sum((Fraction(1 + 2 * lam[d] - (n - 1)) ** 2 for d in lam), Fraction(0)) * Fraction(
        group.order, 2
    )


def paley(q: int) -> BaseSet | None:
    """The non-zero squares of GF(q), q an odd prime power: for q = 3 (mod 4) a Hadamard
    difference set, for q = 1 (mod 4) an almost difference set (Paley's partial difference
    set), in the additive group of GF(q) (Z_q for a prime, Z_7 x Z_7 for 49)."""
    if prime_power(q) is None or q % 2 == 0:
        return None
    f = field(q)
    group = cyclic(q) if is_prime(q) else additive(q)
    return BaseSet(group, frozenset(f.squares()) - {0}, f"quadratic residues of GF({q})")


def singer(v: int) -> BaseSet | None:
    """v = 2^k - 1: the exponents i where g^i has constant term 0 in GF(2^k) (the zeros of an
    m-sequence), a (2^k-1, 2^(k-1)-1, 2^(k-2)-1) cyclic difference set."""
    k = (v + 1).bit_length() - 1
    if v < 7 or (1 << k) != v + 1:
        return None
    f = field(v + 1)
    zeros = frozenset(i for i in range(v) if f.exp(i) & 1 == 0)
    return BaseSet(cyclic(v), zeros, f"Singer set in Z_{v} from GF({v + 1})")


def twin_prime(v: int) -> BaseSet | None:
    """v = p(p+2), both prime: {x : chi_p(x) chi_p+2(x) = 1} with the multiples of p+2, less 0."""
    p = next((p for p in range(3, v) if p * (p + 2) == v), None)
    if p is None or not (is_prime(p) and is_prime(p + 2)):
        return None

    def chi(x: int, m: int) -> int:
        r = pow(x % m, (m - 1) // 2, m)
        return 0 if r == 0 else (1 if r == 1 else -1)

    ones = {x for x in range(v) if chi(x, p) * chi(x, p + 2) == 1}
    ones |= {x for x in range(v) if x % (p + 2) == 0}
    return BaseSet(cyclic(v), frozenset(ones), f"twin-prime set in Z_{v} = Z_{p} x Z_{p + 2}")


def hadamard(v: int) -> BaseSet | None:
    """A (v, (v-1)/2, (v-3)/4) difference set from one of the known families, if any."""
    if v % 4 != 3:
        return None
    for make in (paley, singer, twin_prime):
        found = make(v)
        if (
            found is not None
            and len(found.elements) == (v - 1) // 2
            and len(set(lambdas(found.group, found.elements).values())) == 1
        ):
            return found
    return None


def searched(v: int, seed: int = 0, steps: int = 3000) -> BaseSet:
    """The best (v-1)/2-subset of Z_v a local search finds, by the spread of its counts.

    Moves swap one element in for one out and are kept when sum (2*lambda(d) - (size-1))^2
    does not grow; the change is computed from the differences the two elements make, so a
    step costs O(v).
    """
    rng = Random(seed)
    size = (v - 1) // 2
    inside = [False] * v
    for a in rng.sample(range(v), size):
        inside[a] = True
    doubled = [0] * v  # 2*lambda(d) - (size - 1): zero at the mean
    for d in range(1, v):
        doubled[d] = 1 - size
    for a in range(v):
        for b in range(v):
            if inside[a] and inside[b] and a != b:
                doubled[(a - b) % v] += 2

    def change(out: int, into: int) -> dict[int, int]:
        moved: dict[int, int] = {}
        for b in range(v):
            if inside[b] and b != out:
                for d, step in (
                    ((out - b) % v, -2),
                    ((b - out) % v, -2),
                    ((into - b) % v, 2),
                    ((b - into) % v, 2),
                ):
                    moved[d] = moved.get(d, 0) + step
        return moved

    for _ in range(steps):
        out = rng.choice([a for a in range(v) if inside[a]])
        into = rng.choice([a for a in range(v) if not inside[a]])
        moved = change(out, into)
        gain = sum((doubled[d] + m) ** 2 - doubled[d] ** 2 for d, m in moved.items())
        if gain <= 0:
            inside[out], inside[into] = False, True
            for d, m in moved.items():
                doubled[d] += m
    return BaseSet(cyclic(v), frozenset(a for a in range(v) if inside[a]), f"local search in Z_{v}")


def base_sets(v: int) -> Iterator[BaseSet]:
    """Candidate base sets for a complete Howell on v + 1 pairs, best first: a Hadamard
    difference set alone (perfect); otherwise the almost difference set, if any, and then sets
    found by local search, which can balance better once an odd field leaves a pair out. Each
    is made only when asked for (the searches take a while)."""
    perfect = hadamard(v)
    if perfect is not None:
        yield perfect
        return
    optimum = almost(v)
    if optimum is not None:
        yield optimum
    yield from sorted(
        (searched(v, seed) for seed in range(3)), key=lambda b: spread(b.group, b.elements)
    )


def almost(v: int) -> BaseSet | None:
    """For v = 1 (mod 4), a base set reaching the cyclic optimum: Paley's, or one found by
    tools/base_set_search.py and stored in schedules/data/howell/base_sets.json."""
    if v % 4 != 1:
        return None
    return paley(v) or _stored().get(v)


@cache
def _stored() -> dict[int, BaseSet]:
    sizes = json.loads(BASE_SETS.read_text(encoding="utf-8"))["sizes"]
    return {
        int(v): BaseSet(
            cyclic(int(v)),
            frozenset(entry["elements"]),
            f"almost difference set in Z_{v} ({entry['command']}, {entry['seconds']} s)",
        )
        for v, entry in sizes.items()
    }

"""Patterned whist first rounds over Z_n: partners are always x and -x.

Write [x] for the class {x, -x} of a non-zero x in Z_n, n odd. Seat the partner pairs
{x, -x}: their differences +-2x meet every class once, because 2 is a unit. A game
(a, b, -a, -b) then has the opponent differences +-(a - b) and +-(a + b), each twice, so a
first round works exactly when its classes pair up as {[a], [b]} with the classes [a + b] and
[a - b] of all the pairs meeting every class once (docs/movement-rules.md#whist-tournaments;
the patterned starter of the whist literature):

- v = 0 (mod 4), n = v - 1 (1-rotational): one class [c] is left over and seated with infinity,
  game (infinity, c, 0, -c); infinity partners 0 and the opponent differences +-c meet [c].
- v = 1 (mod 4), n = v: every class pairs up and 0 sits out.

Finding the pairing is an exact cover (schedules.designs.exact_cover): the items are the
classes as seats, the classes as opponent differences, and infinity, seated once. A sum of
squares rules out most sizes (`obstructed`): every 1-rotational size with v - 1 prime, and
the sizes v = 1 (mod 4) with one factor 3. Where it does not, the search has found a pairing
(76, 77, 133, 148, 161 in seconds; 184 in 14 minutes over seeds 0-8, of which seed 8 alone
takes half a minute).
"""

from __future__ import annotations

from dataclasses import dataclass

from schedules.designs.exact_cover import exact_cover
from schedules.designs.whist import Game, Starter

Pair = tuple[int, int]


@dataclass(frozen=True)
class Pairing:
    """The classes of Z_n \\ {0} paired for a patterned first round."""

    order: int
    """n: the players are Z_n (and infinity when `special` is set)."""
    pairs: tuple[Pair, ...]
    special: int | None
    """[c], seated with infinity (1-rotational); None when 0 sits out instead."""

    @property
    def players(self) -> int:
        """v."""
        return self.order + (0 if self.special is None else 1)


def class_of(x: int, n: int) -> int:
    """The representative of [x] in 0 .. (n - 1) / 2."""
    x %= n
    return min(x, n - x)


def pair_differences(pair: Pair, n: int) -> tuple[int, int]:
    """[a + b] and [a - b] for the pair {[a], [b]}."""
    a, b = pair
    return class_of(a + b, n), class_of(a - b, n)


def class_squares(n: int) -> int:
    """The sum of x^2 over the classes [x] of Z_n (x = 1 .. (n - 1) / 2), mod n."""
    return sum(x * x for x in range(1, (n - 1) // 2 + 1)) % n


def obstructed(players: int) -> bool:
    """True when no patterned first round exists for v = players, by counting squares.

    x^2 is the same for x and -x, and (a + b)^2 + (a - b)^2 = 2 (a^2 + b^2). Summing over
    the classes once as seats and once as differences, with S the sum of x^2 over all
    classes: for v = 1 (mod 4), S = 2 S, so n must divide S; 1-rotational, c^2 + P = S and
    c^2 + 2 P = S, so P = 0 and c^2 = S for a non-zero c. S = 0 (mod n) when n is prime to
    6, so no 1-rotational patterned round exists over Z_p, p prime; the v = 1 (mod 4) counts
    with one factor 3 (57, 69, 105, ...) fail too.
    """
    rotational = players % 4 == 0
    n = players - 1 if rotational else players
    s = class_squares(n)
    if not rotational:
        return s != 0
    return all(c * c % n != s for c in range(1, (n - 1) // 2 + 1))


def search_pairing(
    players: int, seed: int = 0, node_limit: int = 200_000
) -> tuple[Pairing | None, int]:
    """A pairing for v = players by exact cover, and the nodes searched (None: not found)."""
    rotational = players % 4 == 0
    n = players - 1 if rotational else players
    classes = range(1, (n - 1) // 2 + 1)
    options: list[tuple[tuple[str, int], ...]] = []
    pairs: list[Pair | int] = []
    for a in classes:
        for b in range(a + 1, (n - 1) // 2 + 1):
            s, d = pair_differences((a, b), n)
            if s != d:
                options.append((("seat", a), ("seat", b), ("diff", s), ("diff", d)))
                pairs.append((a, b))
        if rotational:
            # every such option covers "infinity" too, so exactly one class is left over
            options.append((("seat", a), ("diff", a), ("infinity", 0)))
            pairs.append(a)
    cover = exact_cover(options, seed, node_limit)
    if cover.chosen is None:
        return None, cover.nodes
    chosen = [pairs[k] for k in cover.chosen]
    special = next((c for c in chosen if isinstance(c, int)), None)
    paired = tuple(sorted(c for c in chosen if not isinstance(c, int)))
    return Pairing(n, paired, special), cover.nodes


def patterned_starter(pairing: Pairing, origin: str) -> Starter:
    """The first round over Z_n: (infinity, c, 0, -c) first when 1-rotational, then
    (a, b, -a, -b) for each pair."""
    n = pairing.order
    games: list[Game] = []
    if pairing.special is not None:
        c = pairing.special
        games.append((n, c, 0, n - c))
    games.extend((a, b, n - a, n - b) for a, b in pairing.pairs)
    return Starter((n,), tuple(games), pairing.special is not None, origin)

"""Whist tournaments Wh(v): every two players partners once and opponents twice.

A game (a, b, c, d) seats a and c against b and d. Every construction here is a *starter*: the
first round over an abelian group G = Z_m1 x Z_m2 x ..., developed by adding each element of G
in turn (docs/movement-rules.md#whist-tournaments):

- v = 1 (mod 4): G has order v, the first round seats every element but 0 (who sits out), and
  round g is the first round plus g, so player g sits out round g.
- v = 0 (mod 4): G has order v - 1 and a fixed player "infinity" (numbered v - 1) stays at
  table 1, North (1-rotational); nobody sits out.

A starter works exactly when the partner differences +-(a - c), +-(b - d) of its games cover
every non-zero element of G once and the opponent differences cover each twice (pairs with
infinity aside: developing puts infinity with everyone). `starter_defects` counts how far a
starter is from that, so a search can drive it to zero and a test can prove a starter works.

The binary construction develops by multiplication in GF(2^k) instead; in logarithms it is
1-rotational over Z_(2^k - 1) all the same. Beyond starters: `drive_rounds` spreads a Wh(u)
over a difference matrix (a ring of fields, or one found by search) into a whist drive of u m
players (partners at most once, opponents at most twice) and `product_rounds` completes it
into a Wh(u m) with a Wh(m) in each fibre;
`all_starters` / `search_starter` search for first rounds.

Elements of G are numbered 0 .. |G|-1 in mixed radix, lowest modulus first; for G = Z_p^k that
is exactly the numbering of GF(p^k) in `schedules.designs.fields`, so a field's additive group
is G = (p,) * k.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from schedules.designs.fields import field, prime_power

Game = tuple[int, int, int, int]
"""(north, east, south, west): north and south partner against east and west."""

PARTNER_SEATS = ((0, 2), (1, 3))
OPPONENT_SEATS = ((0, 1), (0, 3), (2, 1), (2, 3))
SEATS = 4
"""Players at a game."""


def as_game(seats: Iterable[int]) -> Game:
    """Four seats as a game. A tuple made from a generator has its length only when run, so
    the type checker cannot count it: this counts (ValueError for other than four)."""
    north, east, south, west = seats
    return north, east, south, west


@dataclass(frozen=True)
class FirstRound:
    """Games over G = Z_moduli[0] x Z_moduli[1] x ..., to be developed over G."""

    moduli: tuple[int, ...]
    games: tuple[Game, ...]

    @property
    def order(self) -> int:
        """|G|."""
        return math.prod(self.moduli)


@dataclass(frozen=True)
class Starter(FirstRound):
    """The first round of a whist tournament over G."""

    rotational: bool
    """True: the 1-rotational form, with player |G| (infinity) fixed at game 0, North."""
    origin: str
    """How it was found, for the director's notes."""

    @property
    def players(self) -> int:
        """v: |G|, plus infinity when 1-rotational."""
        return self.order + (1 if self.rotational else 0)


@dataclass(frozen=True)
class Group:
    """Z_m1 x Z_m2 x ... with addition and negation tabulated (|G| stays small)."""

    moduli: tuple[int, ...]
    add_table: tuple[tuple[int, ...], ...]
    neg_table: tuple[int, ...]

    @property
    def order(self) -> int:
        """|G|."""
        return len(self.neg_table)

    def sub(self, a: int, b: int) -> int:
        """a - b."""
        return self.add_table[a][self.neg_table[b]]


@cache
def group(moduli: tuple[int, ...]) -> Group:
    """The group Z_m1 x Z_m2 x ... in mixed radix, lowest modulus first."""
    if not moduli:
        return Group((), ((0,),), (0,))
    # Z_m x H, element d + m h: its tables from H's, a row at a time (digit by digit it took
    # a second for the 196 elements of Z_2 x Z_2 x Z_7 x Z_7)
    m, inner = moduli[0], group(moduli[1:])
    shifted = [[(d + e) % m for e in range(m)] for d in range(m)]
    add = tuple(
        tuple(c + m * s for s in inner.add_table[h] for c in shifted[d])
        for h in range(inner.order)
        for d in range(m)
    )
    neg = tuple(-d % m + m * n for n in inner.neg_table for d in range(m))
    return Group(moduli, add, neg)


def starter_defects(starter: Starter) -> int:
    """0 when the starter develops into a Wh(v); otherwise the total shortfall and excess of
    partner (target 1) and opponent (target 2) differences over the non-zero elements."""
    g = group(starter.moduli)
    partners, opponents = difference_counts(g, starter.games)
    seated = sorted(x for game in starter.games for x in game)
    expected = list(range(g.order + 1)) if starter.rotational else list(range(1, g.order))
    misplaced = 0 if seated == expected else 1 + abs(len(seated) - len(expected))
    return misplaced + sum(abs(partners[d] - 1) + abs(opponents[d] - 2) for d in range(1, g.order))


def difference_counts(g: Group, games: Sequence[Game]) -> tuple[list[int], list[int]]:
    """How often each element of G is a partner and an opponent difference a - b of the
    games (both orders of each pair); pairs with a fixed player (numbered |G| or more) aside."""
    partners = [0] * g.order
    opponents = [0] * g.order
    for game in games:
        for seats, counts in ((PARTNER_SEATS, partners), (OPPONENT_SEATS, opponents)):
            for i, j in seats:
                a, b = game[i], game[j]
                if max(a, b) >= g.order:
                    continue
                counts[g.sub(a, b)] += 1
                counts[g.sub(b, a)] += 1
    return partners, opponents


def develop(starter: Starter) -> list[list[Game]]:
    """Every round: the first round plus each element of G (rounds in element order)."""
    return develop_games(starter.moduli, starter.games)


def develop_games(moduli: tuple[int, ...], games: Sequence[Game]) -> list[list[Game]]:
    """The games plus each element of G in turn; fixed players (numbered |G| or more) stay."""
    g = group(moduli)
    # each row of the addition table, run on by the fixed players: a seat is then one
    # look-up, with no test and no generator a game (10,000 games for 197 players)
    fixed = tuple(range(g.order, max((x + 1 for game in games for x in game), default=0)))
    rounds = []
    for row in g.add_table:
        moved = row + fixed
        rounds.append([(moved[a], moved[b], moved[c], moved[d]) for a, b, c, d in games])
    return rounds


# -- closed forms ------------------------------------------------------------------------------


def ring_starter(orders: Sequence[int]) -> Starter:
    """Wh(v) for v = q_1 q_2 ... q_r, each q_i a prime power 1 (mod 4), over the ring
    R = GF(q_1) x ... x GF(q_r) (Z-cyclic when v is a prime).

    j = (x_i^(n_i))_i, x_i primitive and q_i = 4 n_i + 1, is a square root of -1 with 1 + j,
    1 - j and 2 units. Split R \\ {0} by support (which coordinates are non-zero): each class is
    the unit group of a subring and is closed under the differences below. Its games are the
    cosets u<j> = (u, ju, -u, -ju) for u in a transversal of units/<j>: the partner
    differences 2u<j> cover the class once, the opponent differences u(1 - j)<j> and u(1 + j)<j>
    twice. For one field this is the classic first round {(x^i, x^(i+n), x^(i+2n), x^(i+3n))}.
    """
    fields = [field(q) for q in orders]
    if any(q % 4 != 1 for q in orders) or not fields:
        raise ValueError(f"the ring construction needs prime powers 1 mod 4, not {list(orders)}")
    places = [1]
    for q in orders:
        places.append(places[-1] * q)
    games: list[Game] = []
    for support in range(1, 1 << len(fields)):
        chosen = [i for i in range(len(fields)) if support >> i & 1]
        ranges = [range((fields[i].q - 1) // (4 if k == 0 else 1)) for k, i in enumerate(chosen)]
        for logs in product(*ranges):
            # u has logarithm logs[k] in coordinate chosen[k]; j^e adds e * n_i to each
            game = as_game(
                sum(
                    fields[i].exp(log + e * (fields[i].q - 1) // 4) * places[i]
                    for log, i in zip(logs, chosen, strict=True)
                )
                for e in range(4)
            )
            games.append(game)
    moduli = ring_moduli(orders)
    name = " x ".join(f"GF({q})" for q in orders)
    return Starter(moduli, tuple(games), False, f"{name} starter (u, ju, -u, -ju), j^2 = -1")


def binary_starter(q: int) -> Starter:
    """Wh(2^k), k >= 2: the players are GF(2^k) and round r is g^r times the first round.

    The first round is the cosets c + W of the plane W = {0, 1, g, 1 + g}, seated
    (c, c + 1, c + 1 + g, c + g): the partner pairs {x, x + 1 + g} and the opponent pairs
    {x, x + 1}, {x, x + g} each run over every x, so their ratios y/x meet every class
    {t, 1/t} once, once and once again. In logarithms this is a 1-rotational starter over
    Z_(2^k - 1), with the field's 0 as the fixed player.
    """
    found = prime_power(q)
    if found is None or found[0] != 2 or q < 4:
        raise ValueError(f"the binary construction needs 2^k with k >= 2, not {q}")
    f = field(q)
    g = f.generator
    infinity = q - 1
    seen: set[int] = set()
    games: list[Game] = []
    for c in f.elements:
        if c in seen:
            continue
        game = (c, f.add(c, 1), f.add(c, f.add(1, g)), f.add(c, g))
        seen.update(game)
        games.append(as_game(infinity if x == 0 else f.log(x) for x in game))
    return Starter((q - 1,), tuple(games), True, f"GF({q}) planes, rotated by multiplication")


# -- search ------------------------------------------------------------------------------------


class SearchExhaustedError(Exception):
    """A search ran out of its budget of placements."""


def search_starter(
    moduli: tuple[int, ...], rotational: bool, seed: int = 0, budget: int = 200_000
) -> Starter | None:
    """A first round over Z_moduli by randomised depth-first search, restarting (with a fresh
    order) after `budget` placements; None after 20 restarts (slow beyond about 30 players)."""
    rng = random.Random(seed)
    for _ in range(20):
        try:
            return next(all_starters(moduli, rotational, rng, budget))
        except (StopIteration, SearchExhaustedError):
            continue
    return None


def all_starters(
    moduli: tuple[int, ...],
    rotational: bool,
    rng: random.Random | None = None,
    budget: int | None = None,
) -> Iterator[Starter]:
    """Every first round over Z_moduli that develops into a Wh(v), each once up to the order of
    its games and the symmetries of a game (depth-first; shuffled when `rng` is given).

    Seats are filled game by game; the lowest player left opens each game at North (a game
    reads the same turned round or mirrored, and the lowest player can be turned to North),
    and a player is placed only while no partner difference is used twice and no opponent
    difference three times. Raises `SearchExhaustedError` after `budget` placements.
    """
    g = group(moduli)
    order = g.order
    if (order % 4 != 3) if rotational else (order % 4 != 1):
        raise ValueError(f"no whist starter over a group of order {order}")
    infinity = order
    sub = [[g.sub(a, b) for b in range(order)] for a in range(order)]
    size = order + 1 if rotational else order - 1
    counts = ([0] * order, [0] * order)  # partner and opponent differences used
    seats: list[int] = [infinity] if rotational else []
    free = set(range(order)) if rotational else set(range(1, order))
    steps = 0

    def raised_by(x: int) -> list[tuple[int, int]] | None:
        """The counts seating x next would raise, or None if one would overflow."""
        seat = len(seats) % 4
        base = len(seats) - seat
        raised: list[tuple[int, int]] = []
        for other in range(seat):
            y = seats[base + other]
            if infinity in (x, y):
                continue
            kind = 0 if seat - other == 2 else 1
            raised += [(kind, sub[x][y]), (kind, sub[y][x])]
        for kind, d in raised:
            if counts[kind][d] + raised.count((kind, d)) > 2 - (kind == 0):
                return None
        return raised

    def place() -> Iterator[Starter]:
        nonlocal steps
        if len(seats) == size:
            games = tuple(as_game(seats[i : i + 4]) for i in range(0, size, 4))
            yield Starter(moduli, games, rotational, f"search over Z_{order}")
            return
        steps += 1
        if budget is not None and steps > budget:
            raise SearchExhaustedError
        seat = len(seats) % 4
        if seat == 0:
            options = [min(free)]
        else:
            # the lowest player opens at North (infinity opens its own game), West above East
            opener = seats[-seat]
            floor = max(-1 if opener == infinity else opener, seats[-2] if seat == 3 else -1)
            options = sorted(x for x in free if x > floor)
            if rng is not None:
                rng.shuffle(options)
        for x in options:
            raised = raised_by(x)
            if raised is None:
                continue
            for kind, d in raised:
                counts[kind][d] += 1
            seats.append(x)
            free.discard(x)
            yield from place()
            free.add(x)
            seats.pop()
            for kind, d in raised:
                counts[kind][d] -= 1

    yield from place()


def field_product_starter(q: int, inner: Starter) -> Starter:
    """Wh(q k) over GF(q) x K from the ring Wh(q), q = 1 (mod 4), and a Wh(k) first round
    `inner` over K with 0 sitting out (`rotational` False).

    The first round is the Wh(q) first round in GF(q) x {0}, `inner` in {0} x K, and for
    every game (a, b, c, d) of `inner` and every x != 0 in GF(q) the game
    ((x, a), (2x, b), (3x, c), (4x, d)), with 1, 2, 3, 4 any four distinct non-zero field
    elements (here those numbered 1 to 4). The differences between two of its seats are
    (x (m - m'), a - c) and so on: as x runs over the units so does x (m - m'), so every
    (u, w) with u, w != 0 is met as often as w is met in `inner`, and (x m, a) runs over
    every (u, a). q >= 5 gives the four elements.
    """
    if inner.rotational or q % 4 != 1:
        raise ValueError("the field product needs q = 1 (mod 4) and a first round with sit-outs")
    outer = ring_starter([q])
    f = field(q)
    games = list(outer.games)
    games.extend(as_game(q * x for x in game) for game in inner.games)
    multipliers = (1, 2, 3, 4)
    for game in inner.games:
        for x in range(1, q):
            seats = zip(multipliers, game, strict=True)
            games.append(as_game(f.mul(m, x) + q * a for m, a in seats))
    origin = f"GF({q}) x ({inner.origin}): product of Wh({q}) and Wh({inner.order})"
    return Starter(outer.moduli + inner.moduli, tuple(games), False, origin)


def multiplier_levels(moduli: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
    """Level rows for `rotational_field_product` over K = Z_moduli: i -> i, 2i, 3i, 4i, when
    1, 2, 3, 4 and their differences are units (K = Z_k with k prime to 6, or K the additive
    group of a field, numbered as GF(p^e)). None otherwise."""
    order = math.prod(moduli)
    if len(moduli) == 1 and order % 2 and order % 3:
        return tuple(tuple(m * i % order for i in range(order)) for m in (1, 2, 3, 4))
    found = prime_power(order)
    if len(moduli) == 1 or found is None or any(m != found[0] for m in moduli):
        return None
    f = field(order)
    return tuple(tuple(f.mul(m, i) for i in range(order)) for m in (1, 2, 3, 4))


def rotational_field_product(q: int, inner: Starter, levels: Sequence[Sequence[int]]) -> Starter:
    """Wh(k q + 1) over GF(q) x K plus infinity, from a 1-rotational Wh(k + 1) first round
    `inner` over K, q = 1 (mod 4), and four level rows A, B, C, E over K, each of them and
    each difference of two of them a permutation of K (with a zero row, a difference matrix
    with five rows; `multiplier_levels` gives i, 2i, 3i, 4i).

    Let j^2 = -1 in GF(q) and X a transversal of the units modulo <j>. The first round is
    `inner` in {0} x K (with its infinity), and for every i in K and x in X the game
    ((A(i), x), (B(i), jx), (C(i), -x), (E(i), -jx)). Each level is seated once at each
    compass point, so K x X, K x jX, K x -X and K x -jX are all seated. The partner
    differences are (A(i) - C(i), 2x) and (B(i) - E(i), 2jx); the opponent differences
    (A(i) - B(i), (1 - j) x), (A(i) - E(i), (1 + j) x), ... As i runs over K each level
    difference runs over K once, so every (d, w), w != 0, is met once by partners and twice
    by opponents, as the second coordinates 2x, 2jx, -2x, -2jx (and (1 - j) x times the
    same) run over the units once.
    """
    if not inner.rotational or q % 4 != 1:
        raise ValueError("the rotational field product needs q = 1 (mod 4) and infinity")
    f = field(q)
    quarter = (q - 1) // 4
    j = f.exp(quarter)
    k = inner.order
    infinity = q * k
    games: list[Game] = [
        as_game(infinity if x == k else q * x for x in game) for game in inner.games
    ]
    for i in range(k):
        at = [row[i] for row in levels]
        for t in range(quarter):
            x = f.exp(t)
            seats = (x, f.mul(j, x), f.neg(x), f.neg(f.mul(j, x)))
            games.append(as_game(s + q * level for s, level in zip(seats, at, strict=True)))
    origin = f"GF({q}) x ({inner.origin}) + infinity: product of Wh({q}) and Wh({k + 1})"
    return Starter(ring_moduli([q]) + inner.moduli, tuple(games), True, origin)


# -- whist drives ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spread:
    """A difference matrix over G = Z_moduli[0] x ...: one row per player of a base Wh(u),
    one column per element s of G, and for any two rows a != a' the entries D[a][s] - D[a'][s]
    run over all of G. It spreads the base over G in `drive_rounds`."""

    moduli: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    name: str
    """How it is made, for the director's notes."""


def ring_moduli(orders: Sequence[int]) -> tuple[int, ...]:
    """The moduli of the additive group of GF(q_1) x GF(q_2) x ... (Z_p once per power)."""
    return tuple(p for q in orders for p, k in [prime_power(q) or (q, 1)] for _ in range(k))


def field_spread(players: int, orders: Sequence[int]) -> Spread:
    """D[a][s] = s a over the ring R = GF(q_1) x GF(q_2) x ..., every q_i >= players: the
    base player a stands for the ring element (a, a, ...), so two rows differ by a unit."""
    if any(q < players for q in orders):
        raise ValueError(f"GF({min(orders)}) is too small to spread {players} players")
    fields = [field(q) for q in orders]
    size = math.prod(orders)

    def coordinates(z: int) -> list[int]:
        out = []
        for q in orders:
            out.append(z % q)
            z //= q
        return out

    def encode(xs: Sequence[int]) -> int:
        code, place = 0, 1
        for x, q in zip(xs, orders, strict=True):
            code += x * place
            place *= q
        return code

    elements = [coordinates(z) for z in range(size)]
    rows = tuple(
        tuple(encode([f.mul(si, a) for f, si in zip(fields, s, strict=True)]) for s in elements)
        for a in range(players)
    )
    return Spread(ring_moduli(orders), rows, " x ".join(f"GF({q})" for q in orders))


def is_difference_matrix(spread: Spread) -> bool:
    """True when every two rows of the spread differ by a permutation of G."""
    g = group(spread.moduli)
    return all(
        len({g.sub(x, y) for x, y in zip(a, b, strict=True)}) == g.order
        for i, a in enumerate(spread.rows)
        for b in spread.rows[:i]
    )


def drive_rounds(
    base: Sequence[Sequence[Game]], players: int, spread: Spread, by_seat: bool = False
) -> Iterator[list[Game]]:
    """Rounds of a whist drive for `players` * m players from a Wh(players) with nobody
    sitting out (its rounds `base`, players 0 .. players-1) and a difference matrix `spread`
    over a group G of order m with a row per base player.

    Player (a, z), a a player of the base and z in G, is numbered a * m + z. Round (s, r)
    seats, for every y in G and every game (a, b, c, d) of base round r, the game
    ((a, y + D[a][s]), (b, y + D[b][s]), ...). Two players (a, z), (a', z') with a != a' meet
    only in the rounds r where a and a' meet in the base, each time with the one s that has
    D[a][s] - D[a'][s] = z - z': so they partner at most once and oppose at most twice;
    players with a = a' never meet. (players - 1) m rounds in all, generated s by s.

    `by_seat` takes row D[i] for whoever sits in seat i of a base game instead, so four rows
    are enough: two players of a game still differ by D[j][s] - D[i][s], which runs over G.
    """
    rows = SEATS if by_seat else players
    if len(spread.rows) < rows:
        raise ValueError(f"{spread.name} has {len(spread.rows)} rows, not {rows}")
    g = group(spread.moduli)
    size = g.order
    for s in range(size):
        shifted = [g.add_table[spread.rows[i][s]] for i in range(rows)]
        for games in base:
            yield [
                as_game(a * size + shifted[i if by_seat else a][y] for i, a in enumerate(game))
                for y in range(size)
                for game in games
            ]


def product_rounds(
    base: Sequence[Sequence[Game]],
    players: int,
    fibre: Sequence[Sequence[Game]],
    spread: Spread,
) -> list[list[Game]]:
    """Wh(players * m) from a Wh(players) and a Wh(m), neither with sit-outs, and a
    difference matrix over a group of order m: the (players - 1) m rounds of `drive_rounds`,
    in which everyone meets everyone outside their fibre {(a, z) : z in G} once as partner
    and twice as opponent, then m - 1 rounds in which every fibre plays the Wh(m) `fibre`.
    """
    size = group(spread.moduli).order
    rounds = list(drive_rounds(base, players, spread))
    rounds.extend(_every_fibre(games, players, size) for games in fibre)
    return rounds


def _every_fibre(games: Sequence[Game], players: int, size: int) -> list[Game]:
    """The fibre games `games` (players 0 .. size-1) played in every fibre a at once, its
    player x as (a, x), numbered a * size + x."""
    return [as_game(a * size + x for x in game) for a in range(players) for game in games]


def sit_out_product_rounds(
    base: Sequence[Sequence[Game]],
    players: int,
    fibre: Sequence[Sequence[Game]],
    spread: Spread,
) -> list[list[Game]]:
    """Wh(players * m) from a Wh(players) without sit-outs, a Wh(m) with sit-outs (m = 1
    mod 4, its players 0 .. m-1 standing for the elements of G) and a difference matrix with
    four rows over G whose column 0 is zero: the drive rounds by seat (`drive_rounds`), in
    which everyone meets everyone outside their fibre once as partner and twice as opponent.

    Drive round (0, 0) seats, at its games with y, exactly the players (a, y) of every fibre:
    the players who sit out of the fibre round in which y sits out. So that drive round is
    split by y and shared out among the m fibre rounds, every fibre playing each of them:
    (players - 1) m - 1 + m = players * m - 1 rounds in all.
    """
    size = group(spread.moduli).order
    if len(fibre) != size or any(row[0] for row in spread.rows[:SEATS]):
        raise ValueError(f"need a Wh({size}) with sit-outs and a spread whose column 0 is zero")
    rounds = list(drive_rounds(base, players, spread, by_seat=True))
    first = rounds.pop(0)
    merged = []
    for games in fibre:
        (idle,) = set(range(size)) - {x for game in games for x in game}
        merged.append(
            [game for game in first if game[0] % size == idle] + _every_fibre(games, players, size)
        )
    return merged + rounds


def holed_product_rounds(
    base: Sequence[Sequence[Game]],
    players: int,
    fibre: Sequence[Sequence[Game]],
    spread: Spread,
) -> list[list[Game]]:
    """Wh(players * m + 4) from a Wh(players) with sit-outs (players = 1 mod 4), a
    Wh(m + 4) whose last three rounds seat its players m .. m + 3 at one game and everyone
    else among themselves (a Wh with a hole: schedules.designs.holed_whist) and a difference
    matrix over a group of order m with a row per base player.

    Round (s, r) of `drive_rounds` leaves the fibre of base round r's sit-out a idle: it plays
    round s of `fibre`, its players x < m as (a, x) and the fibre's last four as the four
    fixed players, numbered players * m .. players * m + 3. So the fixed players meet every
    fibre as the Wh(m + 4) says, and every fibre meets itself in its m developed rounds and,
    in the three rounds that close the tournament, in the hole rounds, all fibres at once
    beside the fixed players' own game. (players * m + 3 rounds in all.)
    """
    size = group(spread.moduli).order
    if len(fibre) != size + 3:
        raise ValueError(f"the fibre needs {size + 3} rounds, not {len(fibre)}")
    fixed = players * size

    def relabel(game: Game, row: int) -> Game:
        return as_game(fixed + x - size if x >= size else row * size + x for x in game)

    out = []
    for games in base:
        seated = {x for game in games for x in game}
        (idle,) = set(range(players)) - seated
        out.append(idle)
    rounds = []
    for index, games in enumerate(drive_rounds(base, players, spread)):
        s, r = divmod(index, len(base))
        rounds.append(games + [relabel(game, out[r]) for game in fibre[s]])
    for games in fibre[size:]:
        own = [game for game in games if min(game) >= size]
        rest = [game for game in games if max(game) < size]
        if len(own) + len(rest) != len(games):
            raise ValueError("the fibre's hole rounds must keep its last four players apart")
        rounds.append(
            [relabel(game, a) for a in range(players) for game in rest]
            + [relabel(game, 0) for game in own]
        )
    return rounds


@dataclass(frozen=True)
class Frame(FirstRound):
    """The first round of a whist frame over G: its groups are the cosets of H = {g : the
    digits of g sum to 0 (mod `groups`)}, and the round seats every element outside H once
    with every class {d, -d} outside H once a partner difference and twice an opponent one."""

    groups: int
    hole: int
    """The players added to fill it: a third of a group (frame_rounds)."""
    origin: str

    @property
    def players(self) -> int:
        """v: |G| plus the hole."""
        return self.order + self.hole

    def group_of(self, x: int) -> int:
        """The coset of H holding element x."""
        place, total = 1, 0
        for m in self.moduli:
            total += x // place % m
            place *= m
        return total % self.groups


def frame_rounds(frame: Frame, fill: Sequence[Sequence[Game]]) -> list[list[Game]]:
    """Wh(|G| + y) from a whist frame over G (y = frame.hole) and `fill`, a Wh(h + y) on
    players 0 .. h+y-1 (h = |G| / groups) whose first h rounds never seat two of the hole
    0 .. y-1 at one game and whose last y - 1 rounds seat the hole among itself: the product
    Wh(4) x Wh(y) with the hole as its fibre 0 is one (product_rounds).

    The first round plus t seats everyone outside group g(t) (the group of t); the h rounds
    that miss a group take its players, the hole beside them, through the fill's first h
    rounds in turn. The last y - 1 rounds play the fill's hole rounds in every group at once,
    the hole's own games once. Two players of one group, or of a group and the hole, meet as
    the fill says; of two groups, as the frame says; of the hole, as its Wh(y) says.
    """
    g = group(frame.moduli)
    order, y = g.order, frame.hole
    size = order // frame.groups
    if len(fill) != size + y - 1:
        raise ValueError(f"the fill needs {size + y - 1} rounds, not {len(fill)}")
    members: list[list[int]] = [[] for _ in range(frame.groups)]
    for x in range(order):
        members[frame.group_of(x)].append(x)

    def into(game: Game, i: int) -> Game:
        return as_game(order + p if p < y else members[i][p - y] for p in game)

    missed = [0] * frame.groups
    rounds = []
    for t in range(order):
        i = frame.group_of(t)
        rounds.append(
            [as_game(g.add_table[x][t] for x in game) for game in frame.games]
            + [into(game, i) for game in fill[missed[i]]]
        )
        missed[i] += 1
    for games in fill[size:]:
        own = [game for game in games if max(game) < y]
        rest = [game for game in games if min(game) >= y]
        if len(own) + len(rest) != len(games):
            raise ValueError("the fill's hole rounds must keep the hole apart")
        rounds.append(
            [into(game, 0) for game in own]
            + [into(game, i) for i in range(frame.groups) for game in rest]
        )
    return rounds

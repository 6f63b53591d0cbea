"""Individual movements: whist tournaments Wh(v), whist drives and phantom schedules.

`director movement individual --players N` seats N individuals so that every two players are
partners exactly once and opponents exactly twice (promise "individual-wh"). The rounds come
from a first round developed over a group (schedules.designs.whist), chosen in this order:

1. the ring construction for N = 1 (mod 4) whose prime-power factors are all 1 (mod 4)
   (primes 13, 17, 29, ...; 9 over GF(9); products such as 45 = 9 x 5);
2. the binary construction for N = 2^k (8, 16, 32, 64, 128);
3. first rounds found once by `schedules.designs.whist.all_starters` and stored below
   (12, 20, 21, 24, 28; and 13, 17, where a Z-cyclic first round balances perfectly and the
   closed form does not); the tests prove each;
4. patterned first rounds, partners always x and -x over Z_n, found by exact cover
   (`schedules.designs.patterned_whist`, tools/patterned_search.py) and stored in
   schedules/data/whist/patterned.json (76, 77, 133, 148, 161, 184);
5. first rounds invariant under a multiplier of odd order, found by annealing over its orbits
   (tools/multiplier_search.py) and stored in schedules/data/whist/multiplier.json: 1-rotational
   (88 over Z_3 x Z_29, 124 over Z_3 x Z_41) or with a hole
   (`schedules.designs.holed_whist`: 57 over Z_8 x Z_7, 141 over Z_20 x Z_7 and 177 over
   Z_16 x Z_11 with infinity; 52 over Z_4 x Z_4 x Z_3, 180 over Z_2 x Z_8 x Z_11 and 200
   over Z_2 x Z_2 x Z_7 x Z_7 with four fixed players);
6. first rounds over Z_n found in two steps (tools/family_search.py, stored in
   schedules/data/whist/family.json): games whose differences work (annealing), then a translate
   of each game or of its negation so that everyone is seated once (exact cover): with
   infinity over Z_(v-1) for v - 1 prime (60, 68, 72, ...), with sit-outs over Z_v (69, ...);
7. GF(q) x K from the ring Wh(q) and a first round over K above: for N = 1 (mod 4) one
   with sit-outs (105 = 5 x 21, 165 = 5 x 33, 189 = 9 x 21), for N = 0 (mod 4) a 1-rotational
   Wh(k + 1) with N - 1 = q k (56 = 5 x 11 + 1, 92 = 13 x 7 + 1, 100, 116, 120, 136, 156,
   172, 188);
8. the product of a Wh(u) and a Wh(m), neither with sit-outs, over a difference matrix with
   u rows: a ring of fields each of order >= u (80 = 4 x 20 over GF(4) x GF(5), 192 = 12 x 16
   over GF(16)) or one found by search (48 = 4 x 12, 96 = 4 x 24; `STORED_SPREADS`);
9. the holed product of a Wh(u) with sit-outs and a Wh(m + 4) with four fixed players over
   a difference matrix with u rows: N = u m + 4 (84 = 5 x 16 + 4, 164 = 5 x 32 + 4; the
   fibres Wh(20) and Wh(36) are stored by the multiplier search);
10. the product of a Wh(u) without sit-outs and a Wh(m) with them (m = 1 mod 4) over a
   difference matrix with only four rows, one per seat; the fibres' sit-outs play one drive
   round among themselves (132 = 4 x 33, 140 = 28 x 5, 168 = 8 x 21; the matrices over Z_21
   and Z_33 are stored in `STORED_SPREADS`);
11. Wilson's closure (`schedules.designs.pbd`): a pairwise balanced design on N points
   whose blocks carry whist tournaments with sit-outs, found over Z_(N-1) + infinity by
   tools/pbd_search.py and stored in schedules/data/whist/pbd.json (129 from blocks of 5 and 9);
12. a whist frame over Z_m x Z_m filled with a hole (`schedules.designs.whist.frame_rounds`):
   its six groups of 24 and the eight players of the hole play the product Wh(4) x Wh(8)
   with the hole as one fibre (152 = 144 + 8, 151 being prime; the frame is found by
   tools/frame_search.py and stored in schedules/data/whist/frame.json).

Other player counts are refused with the nearest counts that work; `--variant phantom` seats
them in the next tournament that works, with phantoms: a table holding a phantom does not play,
so its real players sit that round out, and no two real players ever partner twice or oppose
three times (promise "individual-partial"). `--rounds R` plays the first R rounds only, and
`--variant drive` builds a whist drive for counts such as 1,000 from a product construction.
`--variant seats` is the two-table game of 8 players with four seat winners (schedules.seat_game).

Trays: every table plays the same trays in a round (one set per round, duplicated at each
table: a barometer, docs/movement-rules.md#individual-movements), so every player plays each
tray once.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import cache

from schedules.catalog import Family, Request, Variant
from schedules.designs.fields import prime_power
from schedules.designs.holed_whist import HoledStarter, develop_holed
from schedules.designs.patterned_whist import Pairing, patterned_starter
from schedules.designs.pbd import RotationalPbd, closure_rounds
from schedules.designs.whist import (
    SEATS,
    Frame,
    Game,
    Spread,
    Starter,
    binary_starter,
    develop,
    drive_rounds,
    field_product_starter,
    field_spread,
    frame_rounds,
    holed_product_rounds,
    multiplier_levels,
    product_rounds,
    ring_starter,
    rotational_field_product,
    sit_out_product_rounds,
)
from schedules.findings import ImpossibleMovementError
from schedules.package_data import data_file
from schedules.seat_game import ROUNDS as SEAT_GAME_ROUNDS
from schedules.seat_game import build_seat_game
from schedules.types import (
    Competitors,
    Movement,
    Seating,
    find_shares,
    infer_trays,
    tray_block,
)

PATTERNED = data_file("schedules", "whist", "patterned.json")
MULTIPLIER = data_file("schedules", "whist", "multiplier.json")
SEATED_FAMILIES = data_file("schedules", "whist", "family.json")
DESIGNS = data_file("schedules", "whist", "pbd.json")
FRAMES = data_file("schedules", "whist", "frame.json")
LARGEST = 200
"""The largest tournament the catalog offers (issue 16, target 4)."""
DEFAULT_TRAYS = 2

STORED: dict[int, tuple[tuple[int, ...], tuple[Game, ...], str]] = {
    # size: (moduli of G, first round, how it was found). Found with
    # schedules.designs.whist.all_starters; tests/schedules/test_whist.py proves each.
    # 13 and 17 have closed forms too, but a Z-cyclic first round chosen for balance compares
    # every two players equally often (SS 0 against 208 and 816): every first round of
    # all_starters, each game also turned a seat round (its other partnership North-South,
    # which all_starters counts as the same game), exhaustively.
    12: ((11,), ((11, 8, 4, 9), (0, 2, 7, 10), (1, 3, 6, 5)), "search over Z_11 + infinity"),
    13: (
        (13,),
        ((1, 2, 4, 7), (3, 6, 12, 8), (9, 11, 10, 5)),
        "a perfectly balanced Z-cyclic first round (exhaustive search)",
    ),
    17: (
        (17,),
        ((1, 5, 16, 12), (2, 7, 15, 10), (4, 14, 13, 3), (8, 11, 9, 6)),
        "a perfectly balanced Z-cyclic first round (exhaustive search)",
    ),
    20: (
        (19,),
        ((19, 18, 14, 8), (0, 15, 12, 13), (1, 11, 9, 6), (2, 10, 17, 7), (3, 5, 16, 4)),
        "search over Z_19 + infinity",
    ),
    21: (
        (21,),
        ((1, 13, 5, 14), (2, 17, 15, 20), (3, 9, 10, 7), (4, 6, 16, 11), (8, 18, 19, 12)),
        "search over Z_21",
    ),
    24: (
        (23,),
        (
            (23, 20, 1, 14),
            (0, 9, 22, 7),
            (2, 19, 21, 5),
            (3, 12, 15, 4),
            (6, 10, 11, 17),
            (8, 16, 18, 13),
        ),
        "search over Z_23 + infinity",
    ),
    28: (
        (3, 3, 3),
        (
            (27, 14, 0, 18),
            (1, 6, 9, 24),
            (2, 15, 16, 19),
            (3, 8, 13, 10),
            (4, 5, 7, 26),
            (11, 21, 12, 22),
            (17, 23, 20, 25),
        ),
        "search over Z_3^3 + infinity",
    ),
    # tools/whist_search.py (simulated annealing): the command is in each origin
    33: (
        (33,),
        (
            (4, 1, 31, 14),
            (17, 7, 5, 18),
            (10, 11, 19, 3),
            (16, 12, 26, 8),
            (2, 20, 32, 13),
            (24, 29, 9, 15),
            (27, 6, 28, 22),
            (21, 30, 23, 25),
        ),
        "annealing over Z_33 (tools/whist_search.py 33 --seed 1 --cc, 23 s)",
    ),
    36: (
        (35,),
        (
            (35, 26, 1, 13),
            (28, 8, 0, 2),
            (6, 16, 14, 19),
            (33, 32, 24, 12),
            (5, 31, 10, 21),
            (29, 34, 30, 23),
            (25, 22, 7, 18),
            (3, 20, 17, 4),
            (11, 27, 9, 15),
        ),
        "annealing over Z_35 + infinity (tools/whist_search.py 36 --seed 1 --cc)",
    ),
    40: (
        (39,),
        (
            (39, 6, 32, 10),
            (31, 18, 0, 11),
            (38, 37, 29, 14),
            (23, 28, 35, 13),
            (7, 3, 12, 2),
            (34, 9, 20, 22),
            (30, 36, 24, 33),
            (15, 1, 17, 21),
            (16, 8, 26, 19),
            (27, 25, 5, 4),
        ),
        "annealing over Z_39 + infinity (tools/whist_search.py 40 --seed 1 --cc, 300 s)",
    ),
    44: (
        (43,),
        (
            (43, 38, 5, 23),
            (37, 16, 21, 40),
            (26, 10, 6, 24),
            (17, 34, 8, 31),
            (41, 32, 39, 33),
            (1, 30, 11, 13),
            (42, 0, 3, 12),
            (19, 18, 25, 29),
            (9, 15, 4, 36),
            (27, 22, 2, 14),
            (28, 20, 35, 7),
        ),
        "annealing over Z_43 + infinity (tools/whist_search.py 44 --seed 2 --cc)",
    ),
}


STORED_SPREADS: dict[int, Spread] = {
    # m: a difference matrix over a group of order m that no ring of fields gives (GF(3) is
    # too small to spread 4 players; Z_15 has no multipliers 1-4 with unit differences), for
    # the products (4 rows) or the rotational field product (5 rows); tests/schedules/
    # test_whist.py checks each.
    12: Spread(
        (2, 2, 3),
        (
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
            (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
            (0, 6, 4, 9, 7, 2, 11, 3, 5, 1, 8, 10),
            (0, 2, 6, 10, 11, 7, 1, 9, 4, 8, 3, 5),
        ),
        "a difference matrix over Z_2 x Z_2 x Z_3 "
        "(tools/difference_matrix_search.py 2 2 3, seed 0, 0.2 s)",
    ),
    15: Spread(
        (15,),
        (
            (0,) * 15,
            tuple(range(15)),
            (0, 6, 1, 10, 7, 2, 12, 5, 3, 13, 11, 4, 14, 9, 8),
            (0, 14, 12, 7, 6, 11, 3, 8, 13, 2, 9, 5, 4, 1, 10),
            (0, 10, 3, 8, 1, 9, 2, 13, 6, 4, 12, 14, 11, 5, 7),
        ),
        "a difference matrix over Z_15 "
        "(tools/difference_matrix_search.py 15 --rows 5, seed 0, 79 s)",
    ),
    24: Spread(
        (2, 2, 2, 3),
        (
            (0,) * 24,
            tuple(range(24)),
            (0, 16, 15, 10, 2, 7, 9, 23, 20, 5, 14, 19, 6, 12, 21, 1, 13, 22, 17, 8, 11, 3, 4, 18),
            (0, 12, 7, 17, 21, 11, 13, 1, 9, 19, 5, 6, 20, 10, 23, 4, 18, 15, 22, 16, 8, 2, 14, 3),
        ),
        "a difference matrix over Z_2 x Z_2 x Z_2 x Z_3 "
        "(tools/difference_matrix_search.py 2 2 2 3, seed 0, 266 s)",
    ),
    21: Spread(
        (21,),
        (
            (0,) * 21,
            tuple(range(21)),
            (0, 6, 15, 18, 12, 19, 3, 8, 11, 4, 1, 13, 10, 17, 20, 5, 2, 16, 14, 7, 9),
            (0, 7, 18, 5, 9, 15, 2, 1, 16, 10, 14, 4, 19, 12, 6, 3, 13, 20, 8, 17, 11),
        ),
        "a difference matrix over Z_21 (tools/difference_matrix_search.py 21, seed 0, 33 s)",
    ),
    33: Spread(
        (33,),
        (
            (0,) * 33,
            tuple(range(33)),
            (
                0,
                3,
                16,
                30,
                17,
                9,
                28,
                19,
                7,
                20,
                2,
                18,
                27,
                10,
                24,
                11,
                1,
                5,
                26,
                6,
                13,
                4,
                12,
                29,
                25,
                23,
                21,
                32,
                31,
                15,
                14,
                22,
                8,
            ),
            (
                0,
                29,
                24,
                6,
                18,
                21,
                23,
                3,
                31,
                1,
                22,
                15,
                5,
                20,
                16,
                13,
                17,
                27,
                12,
                4,
                26,
                9,
                2,
                32,
                10,
                30,
                25,
                14,
                19,
                11,
                8,
                28,
                7,
            ),
        ),
        "a difference matrix over Z_33 "
        "(tools/difference_matrix_search.py 33 --cc --seed 1 --nodes 100000, 10 s)",
    ),
}


def prime_power_factors(n: int) -> list[int]:
    """n as a product of powers of distinct primes, smallest prime first."""
    factors, p = [], 2
    while n > 1:
        if n % p == 0:
            q = 1
            while n % p == 0:
                n //= p
                q *= p
            factors.append(q)
        p += 1
    return factors


@cache
def patterned_pairings() -> dict[int, tuple[Pairing, str]]:
    """The pairings stored by tools/patterned_search.py, with how each was found."""
    stored = json.loads(PATTERNED.read_text(encoding="utf-8"))["sizes"]
    found = {}
    for key, entry in stored.items():
        players = int(key)
        order = players - 1 if players % 4 == 0 else players
        pairs = tuple((a, b) for a, b in entry["pairs"])
        origin = (
            f"patterned first round over Z_{order}, partners x and -x "
            f"({entry['command']}, seed {entry['seed']}, {entry['seconds']} s)"
        )
        found[players] = (Pairing(order, pairs, entry["special"]), origin)
    return found


@cache
def multiplier_starters() -> dict[int, Starter | HoledStarter]:
    """The first rounds stored by tools/multiplier_search.py: 1-rotational ones, and ones
    with a hole (schedules.designs.holed_whist)."""
    stored = json.loads(MULTIPLIER.read_text(encoding="utf-8"))["sizes"]
    found: dict[int, Starter | HoledStarter] = {}
    for key, entry in stored.items():
        moduli = tuple(entry["moduli"])
        games = tuple(tuple(game) for game in entry["games"])
        group_name = " x ".join(f"Z_{m}" for m in moduli)
        fixed = "infinity" if entry["points"] == 1 else "four fixed players"
        hole = "" if entry["hole"] is None else " and a hole of order 4"
        origin = (
            f"first round over {group_name} with {fixed}{hole}, invariant under the "
            f"multiplier {entry['multiplier']} ({entry['command']}, {entry['seconds']} s)"
        )
        found[int(key)] = (
            Starter(moduli, games, True, origin)
            if entry["hole"] is None
            else HoledStarter(moduli, games, tuple(entry["hole"]), entry["points"], origin)
        )
    return found


@cache
def family_starters() -> dict[int, Starter]:
    """The first rounds stored by tools/family_search.py: a seated difference family over
    Z_n, each game translated or negated so that everyone is seated once."""
    stored = json.loads(SEATED_FAMILIES.read_text(encoding="utf-8"))["sizes"]
    found = {}
    for key, entry in stored.items():
        players = int(key)
        (n,) = entry["moduli"]
        origin = (
            f"first round over Z_{n}{' + infinity' if players % 4 == 0 else ''}: a seated "
            "difference family, each game translated or negated by exact cover "
            f"({entry['command']}, {entry['seconds']} s)"
        )
        games = tuple(tuple(game) for game in entry["games"])
        found[players] = Starter((n,), games, players % 4 == 0, origin)
    return found


@cache
def stored_designs() -> dict[int, RotationalPbd]:
    """The pairwise balanced designs stored by tools/pbd_search.py, by point count."""
    stored = json.loads(DESIGNS.read_text(encoding="utf-8"))["sizes"]
    return {
        int(key): RotationalPbd(
            entry["modulus"],
            entry["subgroup"],
            tuple(tuple(b) for b in entry["base"]),
            f"{entry['command']}, {entry['seconds']} s",
        )
        for key, entry in stored.items()
    }


@cache
def stored_frames() -> dict[int, Frame]:
    """The whist frames stored by tools/frame_search.py, by the player count they fill to."""
    stored = json.loads(FRAMES.read_text(encoding="utf-8"))["sizes"]
    return {
        int(key): Frame(
            tuple(entry["moduli"]),
            tuple(tuple(game) for game in entry["games"]),
            entry["groups"],
            entry["hole"],
            f"{entry['command']}, {entry['seconds']} s",
        )
        for key, entry in stored.items()
    }


def frame_plan(players: int) -> tuple[Frame, Spread] | None:
    """A stored frame for `players` with what fills it: the product Wh(4) x Wh(hole) over a
    difference matrix with four rows (the hole is a third of a group), or None."""
    frame = stored_frames().get(players)
    if frame is None or construction(frame.hole) is None:
        return None
    spread = spread_for(4, frame.hole)
    return None if spread is None else (frame, spread)


def closure_design(players: int) -> RotationalPbd | None:
    """The stored design on `players` points whose every block size has a Wh with
    sit-outs that we build (Wilson's closure), or None."""
    design = stored_designs().get(players)
    if design is None:
        return None
    usable = all(k % 4 == 1 and construction(k) for k in design.block_sizes)
    return design if usable else None


def whist_starter(players: int) -> Starter | None:
    """The first round of a Wh(players) by the first construction that applies, or None:
    a stored first round, a stored patterned pairing, a stored 1-rotational first round
    from the multiplier search or the family search, the ring construction, the binary
    construction, the field product."""
    if players in STORED:
        moduli, games, origin = STORED[players]
        return Starter(moduli, games, players % 4 == 0, origin)
    if players in patterned_pairings():
        return patterned_starter(*patterned_pairings()[players])
    stored = multiplier_starters().get(players) or family_starters().get(players)
    if isinstance(stored, Starter):
        return stored
    if players % 4 == 1:
        factors = prime_power_factors(players)
        if all(q % 4 == 1 for q in factors):
            return ring_starter(factors)
    found = prime_power(players)
    if found is not None and found[0] == 2 and players >= 4:
        return binary_starter(players)
    return _field_product(players)


def _field_product(players: int) -> Starter | None:
    """GF(q) x K for the smallest prime power q = 1 (mod 4) that gives one: for v = 1
    (mod 4), v = q k with a first round with sit-outs over K (105 = 5 x 21, 165, 189); for
    v = 0 (mod 4), v - 1 = q k with a 1-rotational Wh(k + 1) over K (56 = 5 x 11 + 1, 92,
    100, 116, 120, 136, 156, 172, 188)."""
    rotational = players % 4 == 0
    order = players - 1 if rotational else players
    for q in range(5, order // 3 + 1, 4):
        if prime_power(q) is None or order % q:
            continue
        inner = whist_starter(order // q + (1 if rotational else 0))
        if inner is None or inner.rotational != rotational:
            continue
        if not rotational:
            return field_product_starter(q, inner)
        levels = _levels(inner)
        if levels is not None:
            return rotational_field_product(q, inner, levels)
    return None


def _levels(inner: Starter) -> Sequence[Sequence[int]] | None:
    """Level rows over the group K of `inner` for the rotational field product: multipliers,
    or the last four rows of a stored difference matrix with five rows over K."""
    found = multiplier_levels(inner.moduli)
    if found is not None:
        return found
    stored = STORED_SPREADS.get(inner.order)
    if stored is None or stored.moduli != inner.moduli or len(stored.rows) < 5:
        return None
    return stored.rows[1:5]


def supported_sizes(low: int = 4, high: int = LARGEST) -> list[int]:
    """Every player count in low..high for which a Wh is built."""
    return [v for v in range(low, high + 1) if v % 4 in (0, 1) and _is_built(v)]


@cache
def _is_built(players: int) -> bool:
    # Cached: the catalog's help, a refusal's nearest sizes and the phantom variant each ask
    # about every count up to LARGEST, and the answer takes a construction's search.
    return construction(players) is not None


def nearest_sizes(players: int) -> tuple[int | None, int | None]:
    """The largest supported count below and the smallest above `players` (None if none)."""
    below = list(supported_sizes(4, players - 1)) if players > 4 else []
    above = supported_sizes(players + 1, LARGEST)
    return (below[-1] if below else None, above[0] if above else None)


@cache
def spread_for(u: int, m: int) -> Spread | None:
    """A difference matrix with u rows over a group of order m: the ring of fields when
    every prime-power factor of m is at least u, else a stored one (None when neither)."""
    orders = prime_power_factors(m)
    if all(q >= u for q in orders):
        return field_spread(u, orders)
    stored = STORED_SPREADS.get(m)
    return stored if stored is not None and len(stored.rows) >= u else None


def _spread_plans(players: int) -> list[tuple[int, Spread]]:
    """(u, D): players = u m, a first round for a Wh(u) without sit-outs and a difference
    matrix D with u rows over a group of order m (`schedules.designs.whist.drive_rounds`)."""
    plans = []
    for u in range(4, players // 4 + 1, 4):
        if players % u == 0 and whist_starter(u) is not None:
            spread = spread_for(u, players // u)
            if spread is not None:
                plans.append((u, spread))
    return plans


def product_plan(players: int) -> tuple[int, Spread] | None:
    """The first plan whose fibre m = players / u is a Wh without sit-outs that we build:
    the product construction (48 = 4 x 12, 80 = 4 x 20, 96 = 4 x 24, 192 = 12 x 16 are the
    ones in range it adds)."""
    for u, spread in _spread_plans(players):
        m = players // u
        if m % 4 == 0 and construction(m) is not None:
            return u, spread
    return None


def holed_product_plan(players: int) -> tuple[int, Spread, HoledStarter] | None:
    """(u, D, F) for players = u m + 4: a Wh(u) with sit-outs, a difference matrix D with u
    rows over a group of order m and F, a stored Wh(m + 4) with four fixed players
    (`schedules.designs.whist.holed_product_rounds`; 84 = 5 x 16 + 4 and 164 = 5 x 32 + 4
    are the ones in range it adds)."""
    for u in range(5, (players - 4) // 4 + 1, 4):
        m, left = divmod(players - 4, u)
        fibre = holed_starter(m + 4)
        if left or fibre is None or fibre.points != 4 or construction(u) is None:
            continue
        spread = spread_for(u, m)
        if spread is not None:
            return u, spread, fibre
    return None


def sit_out_product_plan(players: int) -> tuple[int, Spread] | None:
    """(u, D) for players = u m: a Wh(u) without sit-outs, a Wh(m) with them (m = 1 mod 4)
    and a difference matrix D with four rows over a group of order m
    (`schedules.designs.whist.sit_out_product_rounds`; 132 = 4 x 33, 140 = 28 x 5 and
    168 = 8 x 21 are the ones in range it adds)."""
    for u in range(4, players // 5 + 1, 4):
        m, left = divmod(players, u)
        if left or m % 4 != 1 or construction(u) is None or construction(m) is None:
            continue
        spread = spread_for(SEATS, m)
        if spread is not None:
            return u, spread
    return None


def holed_starter(players: int) -> HoledStarter | None:
    """The stored first round with a hole for `players`, or None."""
    found = multiplier_starters().get(players)
    return found if isinstance(found, HoledStarter) else None


def construction(players: int) -> str | None:
    """How the Wh(players) is built, or None when no construction applies."""
    starter = whist_starter(players) or holed_starter(players)
    if starter is not None:
        return starter.origin
    plan = product_plan(players)
    if plan is not None:
        u, spread = plan
        return f"product of Wh({u}) and Wh({players // u}) over {spread.name}"
    holed = holed_product_plan(players)
    if holed is not None:
        u, spread, fibre = holed
        return (
            f"Wh({u}) spread over {spread.name}, each fibre of {fibre.order} filling its "
            f"sit-outs with the Wh({fibre.players}) with a hole, four fixed players shared"
        )
    mixed = sit_out_product_plan(players)
    if mixed is not None:
        u, spread = mixed
        return (
            f"product of Wh({u}) and Wh({players // u}) over {spread.name}, a row per seat; "
            f"the fibres' sit-outs play one round of the spread Wh({u}) among themselves"
        )
    design = closure_design(players)
    if design is not None:
        sizes = " and ".join(map(str, design.block_sizes))
        return (
            f"Wilson's closure: a pairwise balanced design on Z_{design.modulus} + infinity "
            f"with blocks of {sizes} ({design.origin}); round x plays, in every block through "
            "x, the round of that block's whist tournament in which x sits out"
        )
    framed = frame_plan(players)
    if framed is not None:
        frame, spread = framed
        size = frame.order // frame.groups
        moduli = " x ".join(f"Z_{m}" for m in frame.moduli)
        return (
            f"a whist frame over {moduli} ({frame.origin}): {frame.groups} groups of {size}, "
            f"each filled with the {frame.hole} added players by the product of Wh(4) and "
            f"Wh({frame.hole}) over {spread.name}"
        )
    return None


def whist_rounds(players: int) -> list[list[Game]]:
    """The rounds of the Wh(players), players numbered 0 .. players-1 (ImpossibleMovementError
    when no construction applies)."""
    starter = whist_starter(players)
    if starter is not None:
        return develop(starter)
    holed = holed_starter(players)
    if holed is not None:
        return develop_holed(holed)
    plan = product_plan(players)
    if plan is not None:
        u, spread = plan
        return product_rounds(whist_rounds(u), u, whist_rounds(players // u), spread)
    holed_plan = holed_product_plan(players)
    if holed_plan is not None:
        u, spread, fibre = holed_plan
        return holed_product_rounds(whist_rounds(u), u, develop_holed(fibre), spread)
    mixed = sit_out_product_plan(players)
    if mixed is not None:
        u, spread = mixed
        return sit_out_product_rounds(whist_rounds(u), u, whist_rounds(players // u), spread)
    design = closure_design(players)
    if design is not None:
        return closure_rounds(players, design.blocks(), whist_rounds)
    framed = frame_plan(players)
    if framed is None:
        raise ImpossibleMovementError(_refusal(players))
    frame, spread = framed
    fill = product_rounds(whist_rounds(4), 4, whist_rounds(frame.hole), spread)
    return frame_rounds(frame, fill)


def _refusal(players: int) -> str:
    below, above = nearest_sizes(players)
    near = " or ".join(str(v) for v in (below, above) if v is not None)
    why = (
        "a whist tournament needs a number of players that is 0 or 1 more than a multiple of 4"
        if players % 4 in (2, 3)
        else f"no whist tournament for {players} players is built yet"
    )
    return (
        f"{players} players: {why}; nearest sizes that work: {near} "
        f"(or --variant phantom to seat {players} in the next one with phantoms)"
    )


def seat_rounds(
    rounds: Iterable[Sequence[Game]],
    labels: Sequence[str],
    trays_per_round: int,
    playing: set[int] | None = None,
) -> tuple[Seating, ...]:
    """Seatings for rounds of games; every table plays the round's tray set. Games with a
    player outside `playing` (phantoms) are left out, and so is a round left with no game:
    nobody would play in it."""
    seatings: list[Seating] = []
    r = 0
    for games in rounds:
        kept = [g for g in games if playing is None or playing.issuperset(g)]
        if not kept:
            continue
        r += 1
        trays = tray_block(r, trays_per_round)
        seatings += (
            Seating(r, table, trays, tuple(labels[x] for x in game))
            for table, game in enumerate(kept, start=1)
        )
    return tuple(seatings)


def _movement(
    seatings: tuple[Seating, ...],
    field: Sequence[str],
    promise: str,
    variant: str | None,
    notes: Sequence[str],
) -> Movement:
    rounds = max(s.round for s in seatings)
    return Movement(
        family="individual",
        competitors=Competitors.INDIVIDUALS,
        tables=max(s.table for s in seatings),
        rounds=rounds,
        trays=infer_trays(seatings),
        seatings=seatings,
        field=tuple(field),
        shared=find_shares(seatings),
        variant=variant,
        promise=promise,
        notes=tuple(notes),
    )


def _labels(players: int) -> list[str]:
    return [str(x + 1) for x in range(players)]


def starter_movement(starter: Starter, trays_per_round: int = DEFAULT_TRAYS) -> Movement:
    """The movement a first round develops into, promising a Wh (for the verifier to judge:
    candidates that are not whist tournaments fail it)."""
    labels = _labels(starter.players)
    return _movement(
        seat_rounds(develop(starter), labels, trays_per_round),
        labels,
        "individual-wh",
        None,
        [f"Construction: {starter.origin}."],
    )


def whist_movement(
    players: int, trays_per_round: int = DEFAULT_TRAYS, rounds: int | None = None
) -> Movement:
    """The Wh(players) movement, or its first `rounds` rounds (a whist drive)."""
    all_rounds = whist_rounds(players)
    played = _round_count(rounds, len(all_rounds))
    labels = _labels(players)
    notes = [f"Construction: {construction(players)}."]
    if players % 4 == 1:
        notes.append("One player sits out each round, everyone once.")
    if played < len(all_rounds):
        notes.append(f"Whist drive: the first {played} of the {len(all_rounds)} rounds.")
    return _movement(
        seat_rounds(all_rounds[:played], labels, trays_per_round),
        labels,
        "individual-wh" if played == len(all_rounds) else "individual-partial",
        None if played == len(all_rounds) else "drive",
        notes,
    )


def _round_count(rounds: int | None, available: int) -> int:
    if rounds is None:
        return available
    if not 1 <= rounds <= available:
        raise ImpossibleMovementError(f"--rounds must be 1 to {available} here, not {rounds}")
    return rounds


def phantom_movement(players: int, trays_per_round: int = DEFAULT_TRAYS) -> Movement:
    """`players` individuals seated in the next Wh that works, the rest phantoms whose tables
    do not play (their real players sit out that round)."""
    above = supported_sizes(players, LARGEST)
    if players < 4 or not above:
        raise ImpossibleMovementError(
            f"--variant phantom takes 4 to {LARGEST} players, not {players}"
        )
    full = above[0]
    labels = _labels(full)
    return _movement(
        seat_rounds(whist_rounds(full), labels, trays_per_round, set(range(players))),
        labels[:players],
        "individual-partial",
        "phantom",
        [
            f"Seated as a {full}-player whist tournament with {full - players} phantom(s) "
            f"({', '.join(labels[players:]) or 'none'}); a table with a phantom does not play "
            "and its players sit out that round."
        ],
    )


def drive_movement(
    players: int, trays_per_round: int = DEFAULT_TRAYS, rounds: int | None = None
) -> Movement:
    """A whist drive of `players`: the first rounds of a Wh(players) when one is built,
    otherwise of the product of a Wh(u) and a ring of fields (schedules.designs.whist)."""
    if construction(players) is not None:
        return whist_movement(players, trays_per_round, rounds)
    plan = _drive_plan(players)
    if plan is None:
        raise ImpossibleMovementError(
            f"no whist drive for {players} players: needs a Wh({players}) or {players} = u x m "
            "with a Wh(u), u a multiple of 4, and m a product of prime powers each >= u"
        )
    u, spread = plan
    m = players // u
    available = (u - 1) * m
    played = _round_count(rounds, available)
    generated = drive_rounds(whist_rounds(u), u, spread)
    labels = _labels(players)
    return _movement(
        seat_rounds((next(generated) for _ in range(played)), labels, trays_per_round),
        labels,
        "individual-partial",
        "drive",
        [
            f"Whist drive: {played} of the {available} rounds of the product of a Wh({u}) and "
            f"{spread.name}; players in the same block of {m} (1-{m}, {m + 1}-{2 * m}, ...) never "
            "meet, all others at most once as partners and twice as opponents."
        ],
    )


def _drive_plan(players: int) -> tuple[int, Spread] | None:
    """The plan (see `_spread_plans`) with the most rounds."""
    return max(
        _spread_plans(players),
        default=None,
        key=lambda plan: (plan[0] - 1) * (players // plan[0]),
    )


def tournament_rounds(players: int) -> int:
    """Rounds of a Wh(players): players - 1, or players when one sits out each round."""
    return players - 1 if players % 4 == 0 else players


def _drive_total(players: int) -> int:
    """Rounds a whist drive of `players` can have (1 when there is none; the build refuses)."""
    if construction(players) is not None:
        return tournament_rounds(players)
    plan = _drive_plan(players)
    return (plan[0] - 1) * (players // plan[0]) if plan else 1


def build(request: Request) -> Movement:
    """The catalog's entry point."""
    players = request.players
    if players is None:
        raise ImpossibleMovementError("individual movements need --players N")
    variant = request.variant or "whist"
    if variant == "phantom":
        above = supported_sizes(players, LARGEST)
        rounds = tournament_rounds(above[0]) if above else 1
        return phantom_movement(players, request.trays_for(rounds, DEFAULT_TRAYS))
    if variant == "seats":
        trays = request.trays_for(SEAT_GAME_ROUNDS, DEFAULT_TRAYS)
        return build_seat_game(players, request.rounds, trays)
    if variant == "drive":
        rounds = request.rounds or _drive_total(players)
        return drive_movement(players, request.trays_for(rounds, DEFAULT_TRAYS), request.rounds)
    if variant != "whist":
        raise ImpossibleMovementError(
            f"unknown variant {variant!r}; choose whist, phantom, drive or seats"
        )
    if players < 4 or players % 4 in (2, 3) or construction(players) is None:
        raise ImpossibleMovementError(_refusal(players))
    rounds = request.rounds or tournament_rounds(players)
    return whist_movement(players, request.trays_for(rounds, DEFAULT_TRAYS), request.rounds)


SEED_RULE = (
    "Foster (Hoyle, duplicate whist; docs/movement-rules.md#individual-movements): 'Several "
    "ingenious methods have been devised for handling large numbers of players ... Safford and "
    "Mitchell having both distinguished themselves in this line.' 'The score of each four hands "
    "should be added up by each individual player ... The winner is the player who loses the "
    "fewest tricks.'"
)
READING = (
    "We guarantee a whist tournament: every two players are partners exactly once and "
    "opponents exactly twice; partners sit North-South and East-West. With N = 4n players "
    "there are N-1 rounds of n tables; with N = 4n+1 there are N rounds and one player sits "
    "out each round, everyone exactly once. Every table plays the same trays in a round "
    "(one set per round, duplicated), so each player plays each tray once. Sizes: "
    "{sizes}. Other counts are refused with the nearest sizes; --variant phantom seats them "
    "with phantoms (a phantom's table sits out), --rounds R plays only the first R rounds "
    "(a whist drive: partners at most once, opponents at most twice), and --variant drive "
    "builds drives for larger counts (e.g. 1,000 players) from a product construction. "
    "--variant seats seats 8 players at 2 tables, each keeping one seat, for four seat winners "
    "(best North, East, South and West): every two players of different seats meet twice in 4 "
    "rounds, the two tables exchanging their trays each round."
)


@cache
def _family() -> Family:
    sizes = supported_sizes()
    return Family(
        name="individual",
        title="Individual movement (whist tournament)",
        competitors=Competitors.INDIVIDUALS,
        sizes=f"{len(sizes)} player counts from 4 to {LARGEST} (0 or 1 mod 4)",
        help=SEED_RULE + "\n\n" + READING.format(sizes=", ".join(map(str, sizes))),
        build=build,
        variants=(
            Variant("whist", "whist tournament: partner once, oppose twice", "see help"),
            Variant(
                "phantom", "any count, phantoms filling the next tournament", f"4-{LARGEST} players"
            ),
            Variant(
                "drive", "a whist drive: partners at most once, opponents at most twice", "see help"
            ),
            Variant("seats", "two tables, everyone keeps a seat: four seat winners", "8 players"),
        ),
        size_unit="players",
    )


def __getattr__(name: str) -> Family:
    """`FAMILY`, made on first use (PEP 562): its sizes and help list every supported count,
    which takes each count's construction, too slow to pay on import."""
    if name == "FAMILY":
        return _family()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

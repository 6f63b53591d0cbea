"""Which construction builds the whist tournament Wh(N) for each number of players N.

A Wh(N) seats N players so that every two are partners exactly once and opponents exactly
twice. Its rounds come from a first round developed over a group (schedules.designs.whist),
chosen in this order:

1. the ring construction for N = 1 (mod 4) whose prime-power factors are all 1 (mod 4)
   (primes 13, 17, 29, ...; 9 over GF(9); products such as 45 = 9 x 5);
2. the binary construction for N = 2^k (8, 16, 32, 64, 128);
3. first rounds found once by `schedules.designs.whist.all_starters` (12, 20, 21, 24, 28; and
   13, 17, where a Z-cyclic first round balances perfectly and the closed form does not) or
   by annealing (tools/whist_search.py: 33, 36, 40, 44), stored in
   schedules/data/whist/starters.json; the tests prove each. Without that file the engine
   reruns the recorded search of 12-28 (`SEARCHED_STARTERS`, under a second each) and builds
   the same rounds;
4. patterned first rounds, partners always x and -x over Z_n, found by exact cover
   (`schedules.designs.patterned_whist`, tools/patterned_search.py) and stored in
   schedules/data/whist/patterned.json (76, 77, 133, 148, 161, 184); without that file the
   engine reruns the search of 76, 77, 133, 161 and 184 (`SEARCHED_PAIRINGS`);
5. first rounds invariant under a multiplier of odd order, found by annealing over its orbits
   (tools/multiplier_search.py) and stored in schedules/data/whist/multiplier.json: 1-rotational
   (88 over Z_3 x Z_29, 124 over Z_3 x Z_41) or with a hole
   (`schedules.designs.holed_whist`: 57 over Z_8 x Z_7, 141 over Z_20 x Z_7 and 177 over
   Z_16 x Z_11 with infinity; 52 over Z_4 x Z_4 x Z_3, 180 over Z_2 x Z_8 x Z_11 and 200
   over Z_2 x Z_2 x Z_7 x Z_7 with four fixed players); without that file the engine reruns
   the annealing of 57, 88, 124 and 177 and finds another 141 (`SEARCHED_MULTIPLIERS`);
6. first rounds over Z_n found in two steps (tools/family_search.py, stored in
   schedules/data/whist/family.json): games whose differences work (annealing), then a translate
   of each game or of its negation so that everyone is seated once (exact cover): with
   infinity over Z_(v-1) for v - 1 prime (60, 68, 72, ...), with sit-outs over Z_v (69, ...);
   without that file the engine reruns the search of 69 and finds another 93
   (`SEARCHED_FAMILIES`), and without starters.json it runs it for 33 and 44;
7. GF(q) x K from the ring Wh(q) and a first round over K above: for N = 1 (mod 4) one
   with sit-outs (105 = 5 x 21, 165 = 5 x 33, 189 = 9 x 21), for N = 0 (mod 4) a 1-rotational
   Wh(k + 1) with N - 1 = q k (56 = 5 x 11 + 1, 92 = 13 x 7 + 1, 100, 116, 120, 136, 156,
   172, 188);
8. the product of a Wh(u) and a Wh(m), neither with sit-outs, over a difference matrix with
   u rows: a ring of fields each of order >= u (80 = 4 x 20 over GF(4) x GF(5), 192 = 12 x 16
   over GF(16)) or one found by search (48 = 4 x 12, 96 = 4 x 24; `stored_spreads`; without
   spreads.json the engine reruns the search of the matrices over Z_12 and Z_21,
   `SEARCHED_SPREADS`, under a second each);
9. the holed product of a Wh(u) with sit-outs and a Wh(m + 4) with four fixed players over
   a difference matrix with u rows: N = u m + 4 (84 = 5 x 16 + 4, 164 = 5 x 32 + 4; the
   fibres Wh(20) and Wh(36) are stored by the multiplier search);
10. the product of a Wh(u) without sit-outs and a Wh(m) with them (m = 1 mod 4) over a
   difference matrix with only four rows, one per seat; the fibres' sit-outs play one drive
   round among themselves (132 = 4 x 33, 140 = 28 x 5, 168 = 8 x 21; the matrices over Z_21
   and Z_33 are stored in `stored_spreads`; without that file the engine finds them again,
   `SEARCHED_SPREADS` and `FEWEST_FIRST_SPREADS`);
11. Wilson's closure (`schedules.designs.pbd`): a pairwise balanced design on N points
   whose blocks carry whist tournaments with sit-outs, found over Z_(N-1) + infinity by
   tools/pbd_search.py and stored in schedules/data/whist/pbd.json (129 from blocks of 5 and 9;
   without that file the engine finds another design, `SEARCHED_DESIGNS`);
12. a whist frame over Z_m x Z_m filled with a hole (`schedules.designs.whist.frame_rounds`):
   its six groups of 24 and the eight players of the hole play the product Wh(4) x Wh(8)
   with the hole as one fibre (152 = 144 + 8, 151 being prime; the frame is found by
   tools/frame_search.py and stored in schedules/data/whist/frame.json; without that file
   the engine reruns its search, `SEARCHED_FRAMES`).

The designs found by search are read from schedules/data/whist/ (one JSON file per kind, each
entry naming the command that found it) when a size first asks for them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from schedules.designs import (
    difference_matrices,
    family_whist,
    frame_whist,
    multiplier_whist,
    pbd_search,
)
from schedules.designs.fields import prime_power
from schedules.designs.holed_whist import HoledStarter, develop_holed
from schedules.designs.patterned_whist import Pairing, patterned_starter, search_pairing
from schedules.designs.pbd import RotationalPbd, closure_rounds
from schedules.designs.whist import (
    SEATS,
    Frame,
    Game,
    Spread,
    Starter,
    all_starters,
    binary_starter,
    develop,
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
from schedules.package_data import data_file, stored_entries

STARTERS = data_file("schedules", "whist", "starters.json")
SPREADS = data_file("schedules", "whist", "spreads.json")
PATTERNED = data_file("schedules", "whist", "patterned.json")
MULTIPLIER = data_file("schedules", "whist", "multiplier.json")
SEATED_FAMILIES = data_file("schedules", "whist", "family.json")
DESIGNS = data_file("schedules", "whist", "pbd.json")
FRAMES = data_file("schedules", "whist", "frame.json")


@cache
def stored_starters() -> dict[int, Starter]:
    """The first rounds found by search (schedules.designs.whist.all_starters up to 28, then
    tools/whist_search.py; the command is in each entry), by player count. 13 and 17 have
    closed forms too, but a Z-cyclic first round chosen for balance compares every two players
    equally often (SS 0 against 208 and 816)."""
    return {
        players: Starter(
            tuple(entry["moduli"]),
            tuple(tuple(game) for game in entry["games"]),
            players % 4 == 0,
            entry["origin"],
        )
        for players, entry in stored_entries(STARTERS).items()
    }


@cache
def stored_spreads() -> dict[int, Spread]:
    """Difference matrices no ring of fields gives (GF(3) is too small to spread 4 players;
    Z_15 has no multipliers 1-4 with unit differences), by the order of their group: four rows
    for the products, five for the rotational field product (tools/difference_matrix_search.py,
    the command in each entry). Those of `SEARCHED_SPREADS` the stored file lacks are found
    again by rerunning their recorded search."""
    found = {
        order: Spread(
            tuple(entry["moduli"]), tuple(tuple(row) for row in entry["rows"]), entry["name"]
        )
        for order, entry in stored_entries(SPREADS).items()
    }
    for order in SEARCHED_SPREADS.keys() - found.keys():
        found[order] = searched_spread(order)
    return found


SEARCHED_SPREADS: dict[int, tuple[tuple[int, ...], int, int, float]] = {
    12: ((2, 2, 3), 0, 20_000, 0.2),
    21: ((21,), 10, 2_000, 0.8),
}
"""The group, seed, steps per row and seconds (when stored) of the stored four-row difference
matrices that `schedules.designs.difference_matrices.search` finds again within a second, as
their command in spreads.json ran it: what the engine reruns when the stored file is missing
(Z_12 for 48 players, Z_21 for 168; Z_15 and Z_24 took 47 and 162 s and no size needs them
without the file, 33 is a C search)."""


def searched_spread(order: int) -> Spread:
    """The difference matrix of `SEARCHED_SPREADS` over a group of `order`, found again by its
    recorded search, named as its stored entry is."""
    moduli, seed, nodes, seconds = SEARCHED_SPREADS[order]
    rows = difference_matrices.search(moduli, seed, nodes)
    command = difference_matrices.command(moduli, seed, nodes)
    name = f"a difference matrix over {group_name(moduli)} ({command}, seed {seed}, {seconds} s)"
    return Spread(moduli, tuple(map(tuple, rows)), name)


FEWEST_FIRST_SPREADS: dict[int, tuple[int, int, int]] = {
    33: (1, 100_000, 10),
}
"""The seed, steps per row and seconds (with the C kernel, as stored) of the stored four-row
difference matrices over Z_n that `schedules.designs.difference_matrices.search_fewest_first`
finds again, the kernel's steps from the same seed, when the stored file is missing: Z_33 for
132 players (27 s of CPU in Python). Only the rows are searched, when the rounds are built."""


def _fewest_first_name(order: int) -> str:
    seed, nodes, seconds = FEWEST_FIRST_SPREADS[order]
    command = difference_matrices.command((order,), seed, nodes, fewest_first=True)
    return f"a difference matrix over Z_{order} ({command}, {seconds} s)"


@cache
def _fewest_first_spread(order: int) -> Spread:
    seed, nodes, _ = FEWEST_FIRST_SPREADS[order]
    rows = difference_matrices.search_fewest_first(order, seed, nodes)
    return Spread((order,), tuple(map(tuple, rows)), _fewest_first_name(order))


def group_name(moduli: Sequence[int]) -> str:
    """Z_2 x Z_2 x Z_3 for the moduli (2, 2, 3)."""
    return " x ".join(f"Z_{m}" for m in moduli)


SEARCHED_STARTERS: dict[int, tuple[tuple[int, ...], int, str]] = {
    12: ((11,), 1, "search over Z_11 + infinity"),
    20: ((19,), 1, "search over Z_19 + infinity"),
    21: ((21,), 12, "search over Z_21"),
    24: ((23,), 5, "search over Z_23 + infinity"),
    28: ((3, 3, 3), 65, "search over Z_3^3 + infinity"),
}
"""The group, seed and origin of the stored first rounds a depth-first search finds again
within a second (tools/starter_search.py N --seed S, its command in starters.json): what the
engine runs when the stored file is missing, to build the very same first round."""


def searched_starter(players: int) -> Starter | None:
    """The stored first round for `players`, or, when the stored file lacks it, the same
    round found again by rerunning its recorded search (`SEARCHED_STARTERS`); else None."""
    stored = stored_starters().get(players)
    if stored is not None or players not in SEARCHED_STARTERS:
        return stored
    return _rerun_search(players)


@cache
def _rerun_search(players: int) -> Starter:
    moduli, seed, origin = SEARCHED_STARTERS[players]
    rotational = players % 4 == 0
    found = next(all_starters(moduli, rotational, random.Random(seed)))
    return Starter(found.moduli, found.games, rotational, origin)


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


SEARCHED_PAIRINGS: dict[int, tuple[int, int, float]] = {
    76: (0, 1_000_000, 0.07),
    77: (0, 1_000_000, 0.17),
    133: (0, 1_000_000, 10.61),
    161: (0, 1_000_000, 5.86),
    184: (8, 3_000_000, 815.71),
}
"""The seed, nodes and seconds (when stored) of the stored pairings the exact cover finds
again, as tools/patterned_search.py N --nodes K ran: what the engine reruns when the stored
file is missing. The tool tries seeds 0, 1, ... in turn and each seed's search stands alone,
so the engine runs only the seed that found the pairing: 184 in 31 s of CPU (seeds 0-7 ran
out of nodes first, 14 minutes in all). 148 is not rerun: without the file another
construction builds it."""


@cache
def _stored_pairings() -> dict[int, dict[str, Any]]:
    """The pairings of the stored file, by player count."""
    return stored_entries(PATTERNED)


def _pairing_source(players: int) -> dict[str, Any] | None:
    """The stored pairing for `players`, or, for a size of `SEARCHED_PAIRINGS` the stored file
    lacks, the command, seed and seconds its recorded search is rerun with (no pairs yet);
    else None."""
    stored = _stored_pairings().get(players)
    if stored is not None or players not in SEARCHED_PAIRINGS:
        return stored
    seed, nodes, seconds = SEARCHED_PAIRINGS[players]
    return {
        "command": f"tools/patterned_search.py {players} --nodes {nodes}",
        "seed": seed,
        "seconds": seconds,
    }


def pairing_origin(players: int) -> str | None:
    """How the patterned first round for `players` was found, told without running a search
    (a missing stored file leaves it to be found again), or None when there is none."""
    source = _pairing_source(players)
    if source is None:
        return None
    order = players - 1 if players % 4 == 0 else players
    return (
        f"patterned first round over Z_{order}, partners x and -x "
        f"({source['command']}, seed {source['seed']}, {source['seconds']} s)"
    )


@cache
def patterned_pairing(players: int) -> tuple[Pairing, str] | None:
    """The pairing stored by tools/patterned_search.py for `players`, or found again by
    rerunning its recorded search when the stored file lacks it, with how it was found; or
    None."""
    source, origin = _pairing_source(players), pairing_origin(players)
    if source is None or origin is None:
        return None
    order = players - 1 if players % 4 == 0 else players
    if "pairs" in source:
        return Pairing(order, tuple((a, b) for a, b in source["pairs"]), source["special"]), origin
    seed, nodes, _ = SEARCHED_PAIRINGS[players]
    found, _ = search_pairing(players, seed, nodes)
    assert found is not None  # the recorded search found it with these settings
    return found, origin


@cache
def multiplier_starters() -> dict[int, Starter | HoledStarter]:
    """The first rounds stored by tools/multiplier_search.py: 1-rotational ones, and ones
    with a hole (schedules.designs.holed_whist)."""
    found: dict[int, Starter | HoledStarter] = {}
    for players, entry in stored_entries(MULTIPLIER).items():
        moduli = tuple(entry["moduli"])
        games = tuple(tuple(game) for game in entry["games"])
        hole = None if entry["hole"] is None else tuple(entry["hole"])
        origin = _multiplier_origin(
            moduli, entry["points"], hole is not None, entry["multiplier"], entry["command"]
        )
        origin = f"{origin}, {entry['seconds']} s)"
        found[players] = (
            Starter(moduli, games, True, origin)
            if hole is None
            else HoledStarter(moduli, games, hole, entry["points"], origin)
        )
    return found


def _multiplier_origin(
    moduli: tuple[int, ...], points: int, holed: bool, multiplier: str, command: str
) -> str:
    """How a multiplier search's first round was found, up to its seconds."""
    fixed = "infinity" if points == 1 else "four fixed players"
    hole = " and a hole of order 4" if holed else ""
    return (
        f"first round over {group_name(moduli)} with {fixed}{hole}, invariant under the "
        f"multiplier {multiplier} ({command}"
    )


SEARCHED_MULTIPLIERS: dict[int, tuple[multiplier_whist.Run, float]] = {
    57: (multiplier_whist.Run(57, (8, 7), "1,2", 1), 4.45),
    88: (multiplier_whist.Run(88, (3, 29), "1,16", 1), 0.45),
    124: (multiplier_whist.Run(124, (3, 41), "1,10", 1), 1.64),
    141: (multiplier_whist.Run(141, (20, 7), "1,2", 33, 2.5, 1_000_000), 3.2),
    177: (multiplier_whist.Run(177, (16, 11), "1,3", 1, temperature=2.5), 2.66),
}
"""The run and seconds (with its C kernel) of the multiplier searches the engine reruns in
Python when the stored file is missing, the C kernel's moves from the same seed: the stored
rounds of 57, 88, 124 and 177, the very same (CPU seconds in Python: 88 0.1, 124 8, 57 22,
177 23); for 141, whose stored seed 2 took 146 s in C (20 to 40 minutes in Python), another
round from seed 33 (3.2 s in C, 75 s of CPU in Python)."""


def rerun_multiplier_origin(players: int) -> str | None:
    """How the first round of a `SEARCHED_MULTIPLIERS` size missing from the stored file is
    found, told without running its search; None for any other size."""
    if players in multiplier_starters() or players not in SEARCHED_MULTIPLIERS:
        return None
    run, seconds = SEARCHED_MULTIPLIERS[players]
    problem = run.problem()
    origin = _multiplier_origin(
        run.moduli, problem.points, problem.hole is not None, run.multiplier, run.command
    )
    return f"{origin}, {seconds} s)"


@cache
def multiplier_starter(players: int) -> Starter | HoledStarter | None:
    """The stored multiplier first round for `players`, or the one its recorded search finds
    again when the stored file lacks it (`SEARCHED_MULTIPLIERS`); else None."""
    origin = rerun_multiplier_origin(players)
    if origin is None:
        return multiplier_starters().get(players)
    found = multiplier_whist.search(SEARCHED_MULTIPLIERS[players][0])
    return replace(found, origin=origin)


@cache
def family_starters() -> dict[int, Starter]:
    """The first rounds stored by tools/family_search.py: a seated difference family over
    Z_n, each game translated or negated so that everyone is seated once."""
    found = {}
    for players, entry in stored_entries(SEATED_FAMILIES).items():
        (n,) = entry["moduli"]
        origin = _family_origin(players, entry["command"], entry["seconds"])
        games = tuple(tuple(game) for game in entry["games"])
        found[players] = Starter((n,), games, players % 4 == 0, origin)
    return found


def _family_origin(players: int, command: str, seconds: float) -> str:
    n, rotational = family_whist.group_order(players)
    return (
        f"first round over Z_{n}{' + infinity' if rotational else ''}: a seated "
        "difference family, each game translated or negated by exact cover "
        f"({command}, {seconds} s)"
    )


SEARCHED_FAMILIES: dict[int, tuple[int, float]] = {
    33: (1, 0.42),
    44: (5, 0.28),
    69: (1, 2.91),
    93: (9, 17.43),
}
"""The seed and seconds (with the C kernel of tools/family_search.py) of the family searches
the engine reruns in Python, the kernel's steps from the same seed, when the stored files are
missing: 69's stored round, the very same (81 s of CPU in Python); for 33 and 44, whose stored
rounds the annealing of tools/whist_search.py found (23 s and 110 s in C, a hundred times
that in Python), another first round (0.04 s and 0.09 s); for 93, whose stored seed 1 took
85 s in C over 110 families (some 40 minutes in Python), another from seed 9 (5 families,
229 s of CPU in Python)."""


def rerun_family_origin(players: int) -> str | None:
    """How the first round of a `SEARCHED_FAMILIES` size missing from the stored file is
    found, told without running its search; None for any other size."""
    if players in family_starters() or players not in SEARCHED_FAMILIES:
        return None
    seed, seconds = SEARCHED_FAMILIES[players]
    return _family_origin(players, family_whist.Run(players, seed).command, seconds)


@cache
def family_starter(players: int) -> Starter | None:
    """The stored family first round for `players`, or the one its recorded search finds again
    when the stored file lacks it (`SEARCHED_FAMILIES`); else None."""
    origin = rerun_family_origin(players)
    if origin is None:
        return family_starters().get(players)
    _, games = family_whist.search(family_whist.Run(players, SEARCHED_FAMILIES[players][0]))
    n, rotational = family_whist.group_order(players)
    return Starter((n,), games, rotational, origin)


@cache
def stored_designs() -> dict[int, RotationalPbd]:
    """The pairwise balanced designs stored by tools/pbd_search.py, by point count."""
    return {
        players: RotationalPbd(
            entry["modulus"],
            entry["subgroup"],
            tuple(tuple(b) for b in entry["base"]),
            f"{entry['command']}, {entry['seconds']} s",
        )
        for players, entry in stored_entries(DESIGNS).items()
    }


SEARCHED_DESIGNS: dict[int, tuple[pbd_search.Run, float]] = {
    129: (pbd_search.Run(128, 8, 5, 3), 0.3),
}
"""The run and seconds (with the C kernel of tools/pbd_search.py) of the design searches the
engine reruns in Python, the kernel's moves from the same seed, when the stored file is
missing: for 129 not the stored seed 1 (14 tries, 25 s in C, some half an hour in Python) but
seed 3, whose first try finds another design (0.8 s of CPU in Python)."""


@cache
def rotational_design(players: int) -> RotationalPbd | None:
    """The stored design on `players` points, or the one `SEARCHED_DESIGNS` finds when the
    stored file lacks it; else None."""
    stored = stored_designs().get(players)
    if stored is not None or players not in SEARCHED_DESIGNS:
        return stored
    run, seconds = SEARCHED_DESIGNS[players]
    _, base = pbd_search.search(run)
    return RotationalPbd(run.n, run.subgroup, base, f"{run.command}, {seconds} s")


@cache
def stored_frames() -> dict[int, Frame]:
    """The whist frames stored by tools/frame_search.py, by the player count they fill to."""
    return {
        players: Frame(
            tuple(entry["moduli"]),
            tuple(tuple(game) for game in entry["games"]),
            entry["groups"],
            entry["hole"],
            f"{entry['command']}, {entry['seconds']} s",
        )
        for players, entry in stored_entries(FRAMES).items()
    }


SEARCHED_FRAMES: dict[int, tuple[int, int, int, float]] = {
    152: (12, 6, 1, 1.3),
}
"""The side, groups, seed and seconds (with its C kernel, as stored) of the stored frames whose
search the engine reruns in Python when the stored file is missing, the kernel's steps from the
same seed, so the very same frame (152: 53 s of CPU in Python)."""


def frame_outline(players: int) -> Frame | None:
    """The stored frame for `players`; for a `SEARCHED_FRAMES` size the stored file lacks, the
    frame its recorded search finds, told without running it (no games yet); else None."""
    stored = stored_frames().get(players)
    if stored is not None or players not in SEARCHED_FRAMES:
        return stored
    side, groups, seed, seconds = SEARCHED_FRAMES[players]
    hole = frame_whist.hole_size(players, side, groups)
    origin = f"{frame_whist.Run(players, side, groups, seed).command}, {seconds} s"
    return Frame((side, side), (), groups, hole, origin)


@cache
def _whist_frame(players: int) -> Frame:
    """The frame of `frame_outline` with its games, found again by its search if need be."""
    outline = frame_outline(players)
    assert outline is not None  # asked only for a size with a frame
    if outline.games:
        return outline
    side, groups, seed, _ = SEARCHED_FRAMES[players]
    _, games = frame_whist.search(frame_whist.Run(players, side, groups, seed))
    return replace(outline, games=games)


def _fill_spread(frame: Frame) -> Spread | None:
    """The difference matrix with four rows over the hole's order for the product
    Wh(4) x Wh(hole) that fills the frame (the hole is a third of a group), or None."""
    return None if construction(frame.hole) is None else spread_for(4, frame.hole)


def frame_plan(players: int) -> tuple[Frame, Spread] | None:
    """A frame for `players` with what fills it (`_fill_spread`), or None."""
    outline = frame_outline(players)
    spread = None if outline is None else _fill_spread(outline)
    return None if spread is None else (_whist_frame(players), spread)


def closure_design(players: int) -> RotationalPbd | None:
    """The `rotational_design` on `players` points whose every block size has a Wh with
    sit-outs that we build (Wilson's closure), or None."""
    found = rotational_design(players)
    if found is None:
        return None
    usable = all(k % 4 == 1 and construction(k) for k in found.block_sizes)
    return found if usable else None


def whist_starter(players: int) -> Starter | None:
    """The first round of a Wh(players) by the first construction that applies, or None:
    a stored first round, a stored patterned pairing, a stored 1-rotational first round
    from the multiplier search or the family search, the ring construction, the binary
    construction, the field product."""
    stored_starter = searched_starter(players)
    if stored_starter is not None:
        return stored_starter
    pairing = patterned_pairing(players)
    if pairing is not None:
        return patterned_starter(*pairing)
    stored = multiplier_starter(players) or family_starter(players)
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
    stored = stored_spreads().get(inner.order)
    if stored is None or stored.moduli != inner.moduli or len(stored.rows) < 5:
        return None
    return stored.rows[1:5]


@cache
def spread_for(u: int, m: int) -> Spread | None:
    """A difference matrix with u rows over a group of order m: the ring of fields when
    every prime-power factor of m is at least u, else a stored one (None when neither)."""
    orders = prime_power_factors(m)
    if all(q >= u for q in orders):
        return field_spread(u, orders)
    stored = stored_spreads().get(m)
    if stored is None and m in FEWEST_FIRST_SPREADS and u <= SEATS:
        return _fewest_first_spread(m)
    return stored if stored is not None and len(stored.rows) >= u else None


def spread_name(u: int, m: int) -> str | None:
    """The name of `spread_for(u, m)`, told without running a search, or None."""
    if m in FEWEST_FIRST_SPREADS and m not in stored_spreads() and u <= SEATS:
        return _fewest_first_name(m)
    spread = spread_for(u, m)
    return None if spread is None else spread.name


def spread_plans(players: int) -> list[tuple[int, Spread]]:
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
    for u in range(4, players // 4 + 1, 4):
        m, left = divmod(players, u)
        # the fibre first: a spread may take a search (132 = 4 x 33 without the stored files)
        if left or m % 4 or whist_starter(u) is None or construction(m) is None:
            continue
        spread = spread_for(u, m)
        if spread is not None:
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


def sit_out_product_plan(players: int) -> int | None:
    """u for players = u m: a Wh(u) without sit-outs, a Wh(m) with them (m = 1 mod 4) and a
    difference matrix with four rows over a group of order m, `spread_for(SEATS, m)`
    (`schedules.designs.whist.sit_out_product_rounds`; 132 = 4 x 33, 140 = 28 x 5 and
    168 = 8 x 21 are the ones in range it adds)."""
    for u in range(4, players // 5 + 1, 4):
        m, left = divmod(players, u)
        if left or m % 4 != 1 or construction(u) is None or construction(m) is None:
            continue
        if spread_name(SEATS, m) is not None:
            return u
    return None


def holed_starter(players: int) -> HoledStarter | None:
    """The multiplier first round with a hole for `players`, or None."""
    found = multiplier_starter(players)
    return found if isinstance(found, HoledStarter) else None


def construction(players: int) -> str | None:
    """How the Wh(players) is built, or None when no construction applies."""
    if searched_starter(players) is None:
        # told before any search runs: listing the sizes offered asks about them all
        origin = (
            pairing_origin(players)
            or rerun_multiplier_origin(players)
            or rerun_family_origin(players)
        )
        if origin is not None:
            return origin
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
        m = players // mixed
        return (
            f"product of Wh({mixed}) and Wh({m}) over {spread_name(SEATS, m)}, a row per seat; "
            f"the fibres' sit-outs play one round of the spread Wh({mixed}) among themselves"
        )
    design = closure_design(players)
    if design is not None:
        sizes = " and ".join(map(str, design.block_sizes))
        return (
            f"Wilson's closure: a pairwise balanced design on Z_{design.modulus} + infinity "
            f"with blocks of {sizes} ({design.origin}); round x plays, in every block through "
            "x, the round of that block's whist tournament in which x sits out"
        )
    # the outline: its search runs only when the rounds are built
    frame = frame_outline(players)
    fill = None if frame is None else _fill_spread(frame)
    if frame is not None and fill is not None:
        size = frame.order // frame.groups
        return (
            f"a whist frame over {group_name(frame.moduli)} ({frame.origin}): "
            f"{frame.groups} groups of {size}, "
            f"each filled with the {frame.hole} added players by the product of Wh(4) and "
            f"Wh({frame.hole}) over {fill.name}"
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
    mixed_spread = None if mixed is None else spread_for(SEATS, players // mixed)
    if mixed is not None and mixed_spread is not None:
        m = players // mixed
        return sit_out_product_rounds(whist_rounds(mixed), mixed, whist_rounds(m), mixed_spread)
    design = closure_design(players)
    if design is not None:
        return closure_rounds(players, design.blocks(), whist_rounds)
    framed = frame_plan(players)
    if framed is None:
        raise ImpossibleMovementError(f"no whist tournament for {players} players is built")
    frame, spread = framed
    fill = product_rounds(whist_rounds(4), 4, whist_rounds(frame.hole), spread)
    return frame_rounds(frame, fill)

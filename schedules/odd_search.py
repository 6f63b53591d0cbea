"""A local search that balances an odd field's movement further (docs/movements.md#odd-fields).

Leaving one place of the even field's movement empty loses the comparisons the missing pair
and each round's resting pair would have made, unevenly; with few rounds the loss can be
several points. The search starts from the best movement built that way (or from our odd-field
designs) and changes it one step at a time, keeping every rule a Howell keeps:

- a table turns round (its pairs change sides);
- two pairs of a round change places, or a resting pair takes a seated pair's place (nobody
  rests more often than the rests allow);
- two tables of a round exchange their tray sets;
- a table plays a set another table plays that round (a relay of two, as the interwoven
  Howells have), where the set it leaves is played elsewhere and it has trays enough to pass;
  the longer searches of tools/odd_field_search.py, whose movements are stored
  (schedules.odd_stored), also allow relays of three.

A step is kept when the balance index does not fall, and now and then when it falls a little
(simulated annealing, from a seed fixed by the size, so a size always builds the same
movement); the best movement seen is returned. Nobody meets anyone twice or plays a tray set
twice, so the verifier's Howell promise holds.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from schedules.types import Movement, Seating, Share, TrayNo, find_shares, infer_trays

TRIES = 3
"""Searches from the same start, each from its own seed: the one that ends highest is kept."""
HEAT = 1.0
"""How far (in index points) a step may lower the balance and still be kept, at the start:
the chance falls as exp(-fall / heat), the heat falling to nothing over the search."""
STEPS = 12_000
"""Steps tried per search up to `FULL_STEPS_UP_TO` pairs; a step costs more in a larger
field, which takes proportionately fewer, so that a build stays well under a second of CPU."""
FULL_STEPS_UP_TO = 21

Table = list[int]
"""[North-South pair, East-West pair, tray set] at one table in one round (pairs and sets by
index)."""
_Made = tuple[int, list[tuple[int, Table]], tuple[int, int] | None]


def improve(movement: Movement, target: float) -> Movement:
    """`movement` balanced further by the search, stopping once its index reaches `target`
    (the even field's); `movement` itself where the search finds nothing better or the
    movement is not one it can change (split rounds, arrow switches, mnemonic play)."""
    if not searchable(movement):
        return movement
    pairs = len(movement.field)
    steps = STEPS * min(FULL_STEPS_UP_TO, pairs) // pairs
    best, start = movement, _State(movement).index()
    for k in range(TRIES):
        found = search_from(movement, target, pairs * 1000 + movement.rounds + k * 100_000, steps)
        if found is not None and found[0] > start + 1e-9:
            best, start = found[1], found[0]
        if start >= target - 1e-9:
            break
    return best


def search_from(
    movement: Movement, target: float, seed: int, steps: int, relay: int = 2
) -> tuple[float, Movement] | None:
    """One search of `steps` steps from `movement` (one `improve` can change), from `seed`,
    stopping at `target`, with relays of up to `relay` tables: the best index seen and its
    movement, or None (no step made)."""
    state = _State(movement, relay)
    found = state.search(target, random.Random(seed), steps)
    return None if found is None else (found[0], state.movement(found[1]))


def searchable(movement: Movement) -> bool:
    """One seating per table and round, no arrow switches, no mnemonic play, and tray sets
    that are either the same or apart."""
    if movement.mnemonic or any(s.switched or len(s.places) != 2 for s in movement.seatings):
        return False
    if len({(s.round, s.table) for s in movement.seatings}) != len(movement.seatings):
        return False
    sets = {frozenset(s.trays) for s in movement.seatings}
    return sum(map(len, sets)) == len(set().union(*sets))


class _State:
    """The movement as rounds of tables, with the comparison counts kept up to date."""

    def __init__(self, movement: Movement, relay: int = 2) -> None:
        self.source = movement
        self.labels = list(movement.field)
        who = {p: i for i, p in enumerate(self.labels)}
        self.sets: list[tuple[TrayNo, ...]] = sorted(
            {tuple(sorted(s.trays)) for s in movement.seatings}
        )
        set_of = {trays: k for k, trays in enumerate(self.sets)}
        self.tables: list[list[int]] = []
        self.rounds: list[list[Table]] = []
        for _, seatings in movement.by_round():
            ordered = sorted(seatings, key=lambda s: s.table)
            self.tables.append([s.table for s in ordered])
            self.rounds.append(
                [[who[s.ns], who[s.ew], set_of[tuple(sorted(s.trays))]] for s in ordered]
            )
        n = len(self.labels)
        self.resting = [
            sorted(set(range(n)) - {p for t in row for p in t[:2]}) for row in self.rounds
        ]
        self.rests = Counter(p for row in self.resting for p in row)
        per_round = max(map(len, self.resting), default=0)
        self.most_rests = -(-len(self.rounds) * per_round // n) if n else 0
        self.met: Counter[tuple[int, int]] = Counter()
        self.played: Counter[tuple[int, int]] = Counter()
        self.share: Counter[tuple[int, int]] = Counter()
        self.groups: dict[tuple[int, int], list[int]] = {}
        self.counts = [[0] * n for _ in range(n)]
        self.total = self.squares = 0
        for r, row in enumerate(self.rounds):
            for t, seated in enumerate(row):
                self._seat(r, t, *seated)
        self.pairs = n * (n - 1) // 2
        # a relay of two wants two trays to pass (a larger one, where asked, plays copies of
        # a set of fewer trays than tables); a seed's own relays may be larger
        most = relay if relay > 2 else min(2, min(map(len, self.sets)))
        self.most_share = max(max(self.share.values()), most)

    def index(self) -> float:
        """The balance index, as schedules.balance counts it."""
        if not self.squares:
            return 0.0
        return 100.0 * self.total * self.total / (self.pairs * self.squares)

    def _join(self, s: int, side: int, p: int) -> None:
        group = self.groups.setdefault((s, side), [])
        row = self.counts[p]
        for q in group:
            c = row[q]
            self.squares += 2 * c + 1
            row[q] = c + 1
            self.counts[q][p] = c + 1
        self.total += len(group)
        group.append(p)

    def _leave(self, s: int, side: int, p: int) -> None:
        group = self.groups[s, side]
        group.remove(p)
        row = self.counts[p]
        for q in group:
            c = row[q]
            self.squares -= 2 * c - 1
            row[q] = c - 1
            self.counts[q][p] = c - 1
        self.total -= len(group)

    def _seat(self, r: int, t: int, ns: int, ew: int, s: int) -> None:
        """Put a table's seating in place."""
        self.rounds[r][t] = [ns, ew, s]
        self.met[_key(ns, ew)] += 1
        self.played[ns, s] += 1
        self.played[ew, s] += 1
        self.share[r, s] += 1
        self._join(s, 0, ns)
        self._join(s, 1, ew)

    def _unseat(self, r: int, t: int) -> Table:
        """Take a table's seating out (to be replaced); returns it."""
        ns, ew, s = old = self.rounds[r][t]
        self.met[_key(ns, ew)] -= 1
        self.played[ns, s] -= 1
        self.played[ew, s] -= 1
        self.share[r, s] -= 1
        self._leave(s, 0, ns)
        self._leave(s, 1, ew)
        return old

    def _replace(self, r: int, changes: dict[int, Table]) -> list[tuple[int, Table]] | None:
        """Replace tables of round `r` (index -> new seating) where every new seating keeps
        the rules (nobody meets twice or plays a set twice, no relay larger than allowed);
        returns the old seatings to undo with, or None (nothing changed)."""
        if not self._allowed(r, changes):
            return None
        old = [(t, self._unseat(r, t)) for t in changes]
        for t, (ns, ew, s) in changes.items():
            self._seat(r, t, ns, ew, s)
        return old

    def _allowed(self, r: int, changes: dict[int, Table]) -> bool:
        """Whether the new seatings, put in one after another where the old ones were, keep
        the rules: counted beside the kept counts (`moved`: what the step has taken out and
        put in so far), so that a refused step changes nothing to be put back."""
        row = self.rounds[r]
        if len(changes) == 1:  # most steps: one table's seating for another
            ((t, (ns, ew, s)),) = changes.items()
            was_ns, was_ew, was = row[t]
            return not (
                self.met[_key(ns, ew)] - (_key(ns, ew) == _key(was_ns, was_ew))
                or self.played[ns, s] - (s == was and ns in (was_ns, was_ew))
                or self.played[ew, s] - (s == was and ew in (was_ns, was_ew))
                or self.share[r, s] - (s == was) >= self.most_share
            )
        moved: dict[object, int] = {}
        for t in changes:  # the old seatings, taken out
            ns, ew, s = row[t]
            for key in (_key(ns, ew), (ns, s, 0), (ew, s, 0), s):
                moved[key] = moved.get(key, 0) - 1
        for ns, ew, s in changes.values():
            met = _key(ns, ew)
            if (
                self.met[met] + moved.get(met, 0)
                or self.played[ns, s] + moved.get((ns, s, 0), 0)
                or self.played[ew, s] + moved.get((ew, s, 0), 0)
                or self.share[r, s] + moved.get(s, 0) >= self.most_share
            ):
                return False
            for key in (met, (ns, s, 0), (ew, s, 0), s):
                moved[key] = moved.get(key, 0) + 1
        return True

    def _undo(self, r: int, old: list[tuple[int, Table]]) -> None:
        for t, _ in old:
            self._unseat(r, t)
        for t, table in old:
            self._seat(r, t, *table)

    def _step(self, rng: random.Random) -> _Made | None:
        """One random change, made if it keeps the rules: (round, the old seatings, and where
        a resting pair came in, it and the pair now resting), or None."""
        r = below(rng, len(self.rounds))
        row = self.rounds[r]
        t = below(rng, len(row))
        ns, ew, s = row[t]
        kind = below(rng, 4)
        if kind == 0:
            old = self._replace(r, {t: [ew, ns, s]})
            return None if old is None else (r, old, None)
        if kind == 1:
            u = below(rng, len(row))
            if u == t or row[u][2] == s:
                return None
            a, b, x = row[u]
            old = self._replace(r, {t: [ns, ew, x], u: [a, b, s]})
            return None if old is None else (r, old, None)
        if kind == 2:
            x = below(rng, len(self.sets))
            if x == s:
                return None
            old = self._replace(r, {t: [ns, ew, x]})
            return None if old is None else (r, old, None)
        # two pairs change places: one at this table, the other seated or resting
        side = below(rng, 2)
        mover = row[t][side]
        choices = len(row) * 2 + len(self.resting[r])
        pick = below(rng, choices)
        if pick >= 2 * len(row):
            rester = self.resting[r][pick - 2 * len(row)]
            if self.rests[mover] + 1 > self.most_rests:
                return None
            new = list(row[t])
            new[side] = rester
            old = self._replace(r, {t: new})
            if old is None:
                return None
            self._rest(r, rester, mover)
            return (r, old, (rester, mover))
        u, other_side = divmod(pick, 2)
        if u == t:
            return None
        other = row[u][other_side]
        first, second = list(row[t]), list(row[u])
        first[side], second[other_side] = other, mover
        old = self._replace(r, {t: first, u: second})
        return None if old is None else (r, old, None)

    def _rest(self, r: int, comes: int, goes: int) -> None:
        """`comes` plays in round `r` and `goes` rests instead."""
        self.resting[r][self.resting[r].index(comes)] = goes
        self.rests[comes] -= 1
        self.rests[goes] += 1

    def search(
        self, target: float, rng: random.Random, steps: int
    ) -> tuple[float, list[list[Table]]] | None:
        """Simulated annealing for `steps` steps or until the index reaches `target`: the best
        index seen and its rounds (None when no step was made)."""
        current = self.index()
        best: tuple[float, list[list[Table]]] | None = None
        for step in range(steps):
            made = self._step(rng)
            if made is None:
                continue
            r, old, rested = made
            now = self.index()
            heat = HEAT * (1 - step / steps) + 0.01
            if now >= current or rng.random() < math.exp((now - current) / heat):
                current = now
                if best is None or now > best[0] + 1e-9:
                    best = (now, [[list(t) for t in row] for row in self.rounds])
                    if now >= target - 1e-9:
                        break
                continue
            self._undo(r, old)
            if rested is not None:
                came, went = rested
                self._rest(r, went, came)
        return best

    def movement(self, rounds: list[list[Table]]) -> Movement:
        """The movement these rounds seat; a tray set no table plays any more is not dealt,
        and the trays are numbered on without it."""
        used = sorted({s for row in rounds for _, _, s in row})
        numbers: dict[int, tuple[TrayNo, ...]] = {}
        start = 1
        for s in used:
            numbers[s] = tuple(range(start, start + len(self.sets[s])))
            start += len(self.sets[s])
        seatings = tuple(
            Seating.pair(r + 1, self.tables[r][t], numbers[s], self.labels[ns], self.labels[ew])
            for r, row in enumerate(rounds)
            for t, (ns, ew, s) in enumerate(row)
        )
        source = self.source
        shared = find_shares(seatings)
        return replace(
            source,
            seatings=seatings,
            trays=infer_trays(seatings, range(1, start)),
            shared=shared,
            variant="reseated",
            notes=notes(source.variant == "interwoven", shared),
        )


def notes(interwoven: bool, shared: Sequence[Share]) -> tuple[str, ...]:
    """A reseated odd field's notes: what the search started from, and the relays."""
    seed = "an interwoven Howell" if interwoven else "a Howell"
    largest = max((len(share.tables) for share in shared), default=0)
    if largest <= 2:
        relays = "two tables share a set in a round and pass its trays between them (a relay)."
    else:
        relays = (
            "two or three tables share a set in a round and pass its trays between them (a relay)"
        )
        if any(len(share.tables) > len(share.trays) for share in shared):
            relays += "; where a set has fewer trays than the tables sharing it, each of them "
            relays += "plays its own copy, dealt alike"
        relays += "."
    return (
        f"Reseated Howell: a search balanced {seed} with one place empty for the odd field; "
        "nobody meets anyone twice or plays a tray set twice.",
        *([f"Where there are more tables than tray sets in play, {relays}"] if shared else []),
    )


def below(rng: random.Random, n: int) -> int:
    """A number from 0 to n - 1, drawn from `rng`'s bits as `Random.randrange(n)` draws it
    (bits of n's length, drawn again when too large): the same numbers, without randrange's
    checks on every step, and held here so a seed keeps its movement whatever the library."""
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def _key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)

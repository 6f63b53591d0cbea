"""Promises of the Safford married-couples movement
(docs/movement-rules.md#saffords-married-couples).

Three promises, each adding to the one before: `safford-rotation` (couples never partners,
a and 1 still, the others rotating, a different dealer at each table), `safford-seating`
(husband and wife never in one set) and `safford` (everyone holds the same cards as everyone).

The movement says who is who in `Movement.attributes`: "lady:a-1" or "gentleman:a-1" (sex, then
the couple). The first lady and the first gentleman of the field are the couple who sit still;
the others of each sex move, in field order, to the next one's place. The two *sets* are the
first and the second half of the tables. Every check reads only the seatings and the trays.
"""

from __future__ import annotations

from collections import defaultdict

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.tally import PairKey, all_pairs, pair_key
from schedules.types import Label, Movement, RoundNo, Seat, TableNo, Tray

LADY = "lady"
GENTLEMAN = "gentleman"

Place = tuple[TableNo, Seat]


def sex_of(movement: Movement, who: Label) -> str:
    """ "lady", "gentleman" or "" from the competitor's attribute."""
    return movement.attributes.get(who, "").partition(":")[0]


def couples_of(movement: Movement) -> dict[str, tuple[Label, Label]]:
    """Couple name -> (wife, husband), from the attributes."""
    members: dict[str, dict[str, Label]] = defaultdict(dict)
    for who in movement.field:
        sex, _, couple = movement.attributes.get(who, "").partition(":")
        if couple:
            members[couple][sex] = who
    return {
        name: (pair[LADY], pair[GENTLEMAN])
        for name, pair in members.items()
        if LADY in pair and GENTLEMAN in pair
    }


def places_by_round(movement: Movement) -> dict[tuple[RoundNo, Label], Place]:
    """Where each individual sits (table, seat) in each round."""
    return {
        (s.round, who): (s.table, s.seat_of(who)) for s in movement.seatings for who in s.places
    }


def same_cards_counts(movement: Movement) -> dict[PairKey, int]:
    """Rounds in which two players hold the same cards: the same seat of the same tray at two
    different tables (hands exchanged by an arrow switch move the seat one place round)."""
    holders: dict[tuple[int, Seat], set[tuple[RoundNo, TableNo, Label]]] = defaultdict(set)
    for s in movement.seatings:
        for who in s.places:
            seat = s.seat_of(who).next(1 if s.switched else 0)
            for tray in s.trays:
                holders[(tray, seat)].add((s.round, s.table, who))
    met: set[tuple[RoundNo, PairKey]] = set()
    for group in holders.values():
        for r, t, a in group:
            for r2, t2, b in group:
                if t != t2 and a < b:
                    met.add((min(r, r2), pair_key(a, b)))
    counts: dict[PairKey, int] = defaultdict(int)
    for _, key in met:
        counts[key] += 1
    return counts


def sets_of(movement: Movement) -> dict[TableNo, int]:
    """Table -> its set (1 or 2): the first half of the tables, then the second."""
    tables = movement.table_numbers
    half = len(tables) // 2
    return {t: 1 if i < half else 2 for i, t in enumerate(tables)}


def _couples(movement: Movement, same_set: bool) -> list[Finding]:
    """Husband and wife as partners, or (`same_set`) in one set of tables, round by round."""
    findings = []
    sets = sets_of(movement)
    where = places_by_round(movement)
    for name, (wife, husband) in sorted(couples_of(movement).items()):
        for r in range(1, movement.rounds + 1):
            if (r, wife) not in where or (r, husband) not in where:
                continue
            (tw, sw), (th, sh) = where[(r, wife)], where[(r, husband)]
            if not same_set and tw == th and sw.partner == sh:
                findings.append(
                    Finding(
                        Law.COUPLE_PARTNERS,
                        r,
                        tw,
                        (wife, husband),
                        f"couple {name}: {wife} and {husband} are partners",
                    )
                )
            if same_set and sets[tw] == sets[th]:
                findings.append(
                    Finding(
                        Law.COUPLE_SAME_SET,
                        r,
                        tw,
                        (wife, husband),
                        f"couple {name}: {wife} and {husband} are both in set {sets[tw]}",
                    )
                )
    return findings


def _rotation(movement: Movement) -> list[Finding]:
    """The first of each sex sits still; the others take the next one's place each round."""
    findings = []
    where = places_by_round(movement)
    for sex in (LADY, GENTLEMAN):
        people = [p for p in movement.field if sex_of(movement, p) == sex]
        if not people:
            continue
        still, movers = people[0], people[1:]
        home = where.get((1, still))
        for r in range(2, movement.rounds + 1):
            if where.get((r, still)) != home:
                findings.append(
                    Finding(
                        Law.FIXED_PLAYER_MOVED,
                        r,
                        None,
                        (still,),
                        f"{still} should sit still at {_name(home)}, "
                        f"is at {_name(where.get((r, still)))}",
                    )
                )
        first = [where.get((1, p)) for p in movers]
        for i, who in enumerate(movers):
            for r in range(2, movement.rounds + 1):
                expected = first[(i + r - 1) % len(movers)]
                if where.get((r, who)) != expected:
                    findings.append(
                        Finding(
                            Law.ROTATION_BROKEN,
                            r,
                            None,
                            (who,),
                            f"{who} should be at {_name(expected)} (the place of "
                            f"{movers[(i + r - 1) % len(movers)]} in round 1), "
                            f"is at {_name(where.get((r, who)))}",
                        )
                    )
    return findings


def _name(place: Place | None) -> str:
    return "nowhere" if place is None else f"table {place[0]} {place[1].word}"


def _dealers(movement: Movement) -> list[Finding]:
    """The trays first dealt in one round: a different compass point at each table (as far
    as four points go round)."""
    findings = []
    dealt: dict[RoundNo, list[Tray]] = defaultdict(list)
    for tray in movement.trays:
        dealt[tray.original_round].append(tray)
    for r, trays in sorted(dealt.items()):
        limit = -(-len(trays) // 4)
        by_seat: dict[Seat, list[int]] = defaultdict(list)
        for tray in trays:
            by_seat[tray.dealer].append(tray.original_table)
        for seat, tables in sorted(by_seat.items()):
            if len(tables) > limit:
                findings.append(
                    Finding(
                        Law.DEALERS_NOT_DISTINCT,
                        r,
                        None,
                        (),
                        f"{seat.word} deals at tables {sorted(tables)} (at most {limit})",
                    )
                )
    return findings


def never_same_cards(movement: Movement) -> list[Finding]:
    """Every two players who never hold the same cards."""
    counts = same_cards_counts(movement)
    return [
        Finding(
            Law.NEVER_SAME_CARDS,
            None,
            None,
            key,
            f"{key[0]} and {key[1]} never hold the same cards",
        )
        for key in all_pairs(movement.field)
        if not counts.get(key)
    ]


@promise(
    "safford-rotation",
    "Safford rotation: couples never partners, a and 1 still, the others rotating, a "
    "different dealer at each table",
)
def check_safford_rotation(movement: Movement) -> list[Finding]:
    """The Safford rules that hold for every even number of couples."""
    return _couples(movement, same_set=False) + _rotation(movement) + _dealers(movement)


@promise(
    "safford-seating",
    "Safford seating: as safford-rotation, and husband and wife never in one set of tables",
)
def check_safford_seating(movement: Movement) -> list[Finding]:
    """Every Safford property except that everyone holds the same cards as everyone."""
    return check_safford_rotation(movement) + _couples(movement, same_set=True)


@promise(
    "safford",
    "Safford married couples: the seating properties, and every player holds the same cards "
    "as every other (spouse included) at least once",
)
def check_safford(movement: Movement) -> list[Finding]:
    """Every Safford property (docs/movement-rules.md#saffords-married-couples)."""
    return check_safford_seating(movement) + never_same_cards(movement)

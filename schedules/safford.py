"""Safford's schedule for married couples (docs/movement-rules.md#saffords-married-couples).

The seating diagram of the book is lost; the places of the indicator letters and numbers were
found by `schedules.designs.safford_search` and are stored in schedules/data/safford/
(tools/safford_search.py reproduces them). This module turns a stored seating into a
`Movement`, and writes the proof: every property of the reading checked by the verifier, and
for every player with whom they hold the same cards how often, spouse included.
"""

from __future__ import annotations

import json
from dataclasses import replace

from schedules.catalog import Family, Request
from schedules.designs.safford_search import Seating as SaffordSeating
from schedules.designs.safford_search import check_couples
from schedules.findings import ImpossibleMovementError, Law
from schedules.package_data import data_file
from schedules.promises.couples import (
    GENTLEMAN,
    LADY,
    couples_of,
    same_cards_counts,
    sets_of,
    sex_of,
)
from schedules.tally import pair_key, partner_counts
from schedules.types import Competitors, Label, Movement, Seat, Seating, Share, Tray
from schedules.verify import verify

SEATINGS = data_file("schedules", "safford")
"""The stored seatings, one file per couple count: N-couples.json."""
DEFAULT_COUPLES = 8
PROMISES = ("safford", "safford-seating", "safford-rotation")
"""The Safford promises, strongest first."""
SEED_RULE = (
    '"Safford has an ingenious schedule for eight married couples, so arranged in two sets '
    "that no husband and wife are ever in the same set at the same time. When seven sets have "
    "been played, every lady will have overplayed four hands against every other lady and "
    'gentleman, including four held by her husband." "The couple a-1 always sit still; the '
    "ladies go to the next higher letter of the alphabet, and the men to the next higher "
    'number; h going to b, as a sits still; and 8 to 2." "One hand is dealt at each table, '
    "and overplayed at each of the others. A different point of the compass should deal at "
    'each table, in order to equalise the lead." "The winner is the player who loses the '
    "fewest tricks.\" (Foster's Hoyle, Duplicate Whist: married couples.)"
)
READING = (
    "Our reading (docs/movement-rules.md#saffords-married-couples): ladies a-h and their husbands "
    "1-8 at four tables in two sets of two tables, seven rounds; husband and wife never in the "
    "same set, so never partners; every player holds the same cards (same seat, a whole round of "
    "hands) as every other, spouse included, at least once -- exactly once is impossible (21 "
    "places for 15 others). The book's diagram is lost: the seating was found by search "
    "(schedules/data/safford/) and is proved by the verifier. Other counts: any even number of "
    "couples from 4 with a stored seating. Only a multiple of 4 keeps every couple apart (each set "
    "seats one member of every couple); with 6, 10, ... two couples a round share the larger set "
    "(never as partners), and 4 or 6 couples cannot give everyone the same cards as everyone. The "
    "movement promises what holds and its proof names every shortfall, couple by couple and pair "
    "by pair. Scoring is individual: tricks lost, fewest wins."
)


def lady(i: int) -> Label:
    """Lady i (from 0): a, b, c, ..."""
    return chr(ord("a") + i)


def gentleman(i: int) -> Label:
    """Gentleman i (from 0): 1, 2, 3, ..."""
    return str(i + 1)


def stored_counts() -> tuple[int, ...]:
    """The couple counts with a stored seating."""
    suffix = "-couples.json"
    names = [entry.name for entry in SEATINGS.iterdir() if entry.name.endswith(suffix)]
    return tuple(sorted(int(name.removesuffix(suffix)) for name in names))


def load_seating(couples: int) -> SaffordSeating:
    """The stored seating for `couples` couples (refused when there is none)."""
    check_couples(couples)
    path = SEATINGS / f"{couples}-couples.json"
    if not path.is_file():
        have = ", ".join(map(str, stored_counts())) or "none"
        raise ImpossibleMovementError(
            f"no Safford seating is stored for {couples} couples (stored: {have}); find one "
            f"with: python tools/safford_search.py --couples {couples}"
        )
    return SaffordSeating.from_json(json.loads(path.read_text(encoding="utf-8"))["seating"])


def movement_from_seating(seating: SaffordSeating) -> Movement:
    """The movement a seating gives: trays, dealers, shares and every round's tables."""
    n, tables, rounds = seating.couples, seating.tables, seating.rounds
    trays: list[Tray] = []
    seatings: list[Seating] = []
    shared: list[Share] = []
    for r in range(1, rounds + 1):
        dealt = [(r - 1) * tables + t for t in range(1, tables + 1)]
        trays += [Tray(no, Seat((t - 1) % 4), r, t) for t, no in enumerate(dealt, start=1)]
        shared.append(Share(r, tuple(dealt), tuple(range(1, tables + 1))))
        ladies, gents = seating.places(r - 1)
        at = {p: lady(i) for i, p in enumerate(ladies)}
        at.update({p: gentleman(i) for i, p in enumerate(gents)})
        for t in range(1, tables + 1):
            # Each table starts with the tray it deals; the trays then pass to the next table.
            order = tuple(dealt[(t - 1 - j) % tables] for j in range(tables))
            places = tuple(at[(t - 1) * 4 + seat] for seat in range(4))
            seatings.append(Seating(r, t, order, places))
    field = tuple(lady(i) for i in range(n)) + tuple(gentleman(i) for i in range(n))
    attributes = {lady(i): f"{LADY}:{lady(i)}-{gentleman(i)}" for i in range(n)}
    attributes |= {gentleman(i): f"{GENTLEMAN}:{lady(i)}-{gentleman(i)}" for i in range(n)}
    return Movement(
        family="safford",
        competitors=Competitors.INDIVIDUALS,
        tables=tables,
        rounds=rounds,
        trays=tuple(trays),
        seatings=tuple(seatings),
        field=field,
        shared=tuple(shared),
        promise="safford",
        attributes=attributes,
        winners=("overall",),
    )


def build(request: Request) -> Movement:
    """The Safford movement for `request.couples` (8 by default), with its proof as notes."""
    n = request.couples if request.couples is not None else DEFAULT_COUPLES
    if request.rounds not in (None, n - 1):
        raise ImpossibleMovementError(
            f"a Safford movement for {n} couples has {n - 1} rounds (every mover visits every "
            "place once); leave out --rounds"
        )
    if request.trays_per_round not in (None, n // 2):
        raise ImpossibleMovementError(
            f"a Safford movement deals one tray at each table: {n // 2} trays a round; "
            "leave out --trays-per-round"
        )
    movement = movement_from_seating(load_seating(n))
    # Promise the most that holds (4 couples cannot give everyone everyone's cards; 6, 10,
    # ... couples cannot keep every couple apart); the proof names every shortfall.
    holds = next((p for p in PROMISES if not verify(movement, p)), PROMISES[0])
    movement = replace(movement, promise=holds)
    return replace(movement, notes=proof_lines(movement))


def proof_lines(movement: Movement) -> tuple[str, ...]:
    """The proof, one line each: every property with the verifier's verdict, every player."""
    findings = verify(movement, "safford")
    lines = [
        "Lady a and gentleman 1 sit still; the other ladies move to the next letter's place, "
        "the other gentlemen to the next number's place, each round.",
        f"One tray is dealt at each table each round and overplayed at each of the others; "
        f"a player adds up his or her tricks lost after every {movement.tables} trays; "
        "fewest tricks lost wins.",
        _indicators(movement),
        _dealers_line(movement),
        "Proof (checked by the verifier):",
    ]
    checks = (
        (Law.COUPLE_PARTNERS, "husband and wife are never partners"),
        (
            Law.COUPLE_SAME_SET,
            "husband and wife are never in the same set (tables " + _sets_text(movement) + ")",
        ),
        (Law.FIXED_PLAYER_MOVED, "lady a and gentleman 1 never move"),
        (Law.ROTATION_BROKEN, "every other player takes the next letter's or number's place"),
        (Law.DEALERS_NOT_DISTINCT, "a different compass point deals at each table"),
        (
            Law.NEVER_SAME_CARDS,
            "every player holds the same cards as every other, spouse included, at least once",
        ),
    )
    for law, text in checks:
        failed = [f for f in findings if f.law is law]
        verdict = "holds" if not failed else f"FAILS {len(failed)} times"
        lines.append(f"  {text}: {verdict}")
        lines += [f"    - {f}" for f in failed]
    lines.append(_aims(movement))
    lines.append(
        "Same cards (rounds holding the same seat at another table; * = spouse), and partners:"
    )
    lines += _player_lines(movement)
    return tuple(lines)


def _aims(movement: Movement) -> str:
    """What the search also aimed at, counted from the seatings (not part of the promise)."""
    partners = partner_counts(movement)
    twice = sum(1 for n in partners.values() if n > 1)
    unmixed = sum(n for (a, b), n in partners.items() if sex_of(movement, a) == sex_of(movement, b))
    counts = same_cards_counts(movement).values()
    return (
        f"Also counted (the search's aims, not promised): partnerships repeated: {twice}; "
        f"partnerships of two ladies or two gentlemen: {unmixed}; same-cards counts range "
        f"{min(counts)}-{max(counts)}, sum of squares {sum(c * c for c in counts)}."
    )


def _sets_text(movement: Movement) -> str:
    sets = sets_of(movement)
    one = [t for t, s in sets.items() if s == 1]
    two = [t for t, s in sets.items() if s == 2]
    return f"{','.join(map(str, one))} and {','.join(map(str, two))}"


def _indicators(movement: Movement) -> str:
    first = {
        who: (s.table, s.seat_of(who))
        for s in movement.seatings
        if s.round == 1
        for who in s.places
    }
    marks = ", ".join(f"{who} at {t}{seat.name}" for who, (t, seat) in first.items())
    return f"Indicators (round 1 places): {marks}."


def _dealers_line(movement: Movement) -> str:
    first_round = [t for t in movement.trays if t.original_round == 1]
    points = ", ".join(f"table {t.original_table} {t.dealer.word}" for t in first_round)
    return f"Dealers, every round: {points}."


def _player_lines(movement: Movement) -> list[str]:
    counts = same_cards_counts(movement)
    partners = partner_counts(movement)
    spouse: dict[Label, Label] = {}
    for wife, husband in couples_of(movement).values():
        spouse[wife], spouse[husband] = husband, wife
    lines = []
    for who in movement.field:
        others = [o for o in movement.field if o != who]
        same = " ".join(
            f"{o}{'*' if spouse.get(who) == o else ''}:{counts.get(pair_key(who, o), 0)}"
            for o in others
        )
        mates = sorted(
            (o for o in others if partners.get(pair_key(who, o))),
            key=movement.field.index,
        )
        twice = [o for o in mates if partners[pair_key(who, o)] > 1]
        mate_text = " ".join(mates) + (f" (twice: {' '.join(twice)})" if twice else "")
        lines.append(f"  {who} ({sex_of(movement, who)}): same cards {same}; partners {mate_text}")
    return lines


def _sizes() -> str:
    """The stored couple counts, those with every property first."""
    complete: list[str] = []
    short: list[str] = []
    for n in stored_counts():
        data = json.loads((SEATINGS / f"{n}-couples.json").read_text(encoding="utf-8"))
        every = n % 4 == 0 and not data["score"]["uncovered"]
        (complete if every else short).append(str(n))
    text = f"{', '.join(complete)} couples (every property)"
    if short:
        text += f"; {', '.join(short)} couples (each shortfall named)"
    return text


FAMILY = Family(
    name="safford",
    title="Safford married couples",
    competitors=Competitors.INDIVIDUALS,
    sizes=_sizes(),
    help=SEED_RULE + "\n\n" + READING,
    build=build,
    size_unit="couples",
)

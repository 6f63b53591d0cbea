"""Promises of the Mitchell for ladies and gentlemen
(docs/movement-rules.md#fosters-ladies-and-gentlemen).

Each player's attribute says "lady" or "gentleman" (schedules.promises.couples.sex_of reads
it). Ladies sit North and East and never move; gentlemen sit South and West, keep their compass
point and move together, two by two, from table to table (in regular order, one table East
each round; the even-table methods skip or hold tables as the pair Mitchell says).
"""

from __future__ import annotations

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.promises.couples import GENTLEMAN, LADY, sex_of
from schedules.types import Label, Movement, Seat

_SEATS = {LADY: (Seat.N, Seat.E), GENTLEMAN: (Seat.S, Seat.W)}
_FELLOW = {Seat.S: Seat.W, Seat.W: Seat.S}
"""The other gentleman's seat: the two who start at a table move together."""


def _seats(movement: Movement) -> list[Finding]:
    findings = []
    for s in movement.seatings:
        for seat, who in zip(Seat, s.places, strict=True):
            sex = sex_of(movement, who)
            if sex in _SEATS and seat not in _SEATS[sex]:
                findings.append(
                    Finding(
                        Law.WRONG_SEX_AT_SEAT,
                        s.round,
                        s.table,
                        (who,),
                        f"{sex} {who} sits {seat.word}",
                    )
                )
    return findings


def _still_and_keeping(movement: Movement) -> list[Finding]:
    findings = []
    first: dict[Label, tuple[int, int, Seat, Label]] = {}
    for s in sorted(movement.seatings, key=lambda x: (x.round, x.table)):
        for seat, who in zip(Seat, s.places, strict=True):
            sex = sex_of(movement, who)
            beside = s.places[_FELLOW.get(seat, seat)]
            r0, t0, seat0, beside0 = first.setdefault(who, (s.round, s.table, seat, beside))
            if sex == LADY and (s.table, seat) != (t0, seat0):
                findings.append(
                    Finding(
                        Law.LADY_MOVED,
                        s.round,
                        s.table,
                        (who,),
                        f"lady {who} sits at table {s.table} {seat.word}, "
                        f"not at her place (table {t0} {seat0.word})",
                    )
                )
            if sex == GENTLEMAN and (seat, beside) != (seat0, beside0):
                findings.append(
                    Finding(
                        Law.GENTLEMAN_CHANGED_SEAT,
                        s.round,
                        s.table,
                        (who,),
                        f"gentleman {who} sits {seat.word} beside {beside} "
                        f"(began {seat0.word} beside {beside0} in round {r0})",
                    )
                )
    return findings


def _one_table_east(movement: Movement) -> list[Finding]:
    """In regular order (odd tables) every gentleman moves exactly one table East a round."""
    if movement.variant != "regular":
        return []
    findings = []
    tables = movement.table_numbers
    at = {
        (s.round, who): s.table
        for s in movement.seatings
        for who in s.places
        if sex_of(movement, who) == GENTLEMAN
    }
    for (r, who), table in sorted(at.items()):
        expected = tables[(tables.index(table) + 1) % len(tables)]
        if (r + 1, who) in at and at[(r + 1, who)] != expected:
            findings.append(
                Finding(
                    Law.GENTLEMAN_CHANGED_SEAT,
                    r + 1,
                    at[(r + 1, who)],
                    (who,),
                    f"gentleman {who} goes from table {table} to table {at[(r + 1, who)]}, "
                    f"not one table East (table {expected})",
                )
            )
    return findings


@promise(
    "ladies-gentlemen",
    "ladies at N and E never move; gentlemen at S and W keep their compass point and move together",
)
def check_ladies_gentlemen(movement: Movement) -> list[Finding]:
    """The seating rules of the Mitchell for ladies and gentlemen."""
    return _seats(movement) + _still_and_keeping(movement) + _one_table_east(movement)

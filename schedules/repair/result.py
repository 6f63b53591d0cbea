"""What a repair of a movement in play gives back, and the checks every repair shares.

A repair takes the movement as planned and returns a new one in which the rounds already played
are untouched (a wrong move excepted: its point is to record who really sat where). The
`Repaired` value says what changed, so the director can judge it before it is stored: the
seatings before and after, the balance index before and after, who sits out, and the meetings
and trays that now repeat. Which papers to print again is the printing's to work out
(`director.printing.reprints`), from what each paper prints.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from schedules.balance import balance
from schedules.findings import Finding, InvalidMovementError, Law, ScheduleError
from schedules.tally import pair_key, plays_by_competitor
from schedules.types import (
    REPAIR_NOTE,
    Competitors,
    Direction,
    Label,
    Movement,
    RoundNo,
    Seating,
    Share,
    TableNo,
    Tray,
    TrayNo,
)
from schedules.verify import verify

STRUCTURAL = frozenset(
    {
        Law.SEATING_MALFORMED,
        Law.UNKNOWN_COMPETITOR,
        Law.ROUND_OUT_OF_RANGE,
        Law.TABLE_DOUBLE_BOOKED,
        Law.SEAT_DOUBLE_BOOKED,
        Law.TRAY_UNKNOWN,
        Law.TRAY_SHARED_UNDECLARED,
        Law.SHARE_NOT_PLAYED,
        Law.TRAY_ORIGINAL_WRONG,
    }
)
"""The universal rules a repaired movement must still keep (docs/movement-rules.md#universal-rules).
The family's promise is not demanded: a repaired movement is no longer the family's own. A tray
played twice is refused too, except after a wrong move, where it happened at the table and is
reported instead (the scoring gives that table the average, docs/laws.md#a-deal-played-twice)."""

REPAIRED_PROMISE = "any"
"""The promise a repaired movement keeps: the universal rules only."""


@dataclass(frozen=True, slots=True)
class SeatingChange:
    """One table in one round whose seating a repair changed, added or removed."""

    round: RoundNo
    table: TableNo
    before: tuple[Seating, ...]
    """The seatings planned there (empty: the table did not play that round)."""
    after: tuple[Seating, ...]
    """The seatings there now (empty: the table no longer plays that round)."""


@dataclass(frozen=True)
class Repaired:
    """A repaired movement and what the repair changed."""

    movement: Movement
    previous: Movement
    changed: tuple[SeatingChange, ...]
    before: float | None
    """Balance index (0-100) of the movement before the repair; None where it does not apply."""
    after: float | None
    sit_outs: dict[RoundNo, tuple[Label, ...]]
    """Who sits out each round from the first round the repair touches."""
    repeats: tuple[str, ...]
    """Meetings that now happen again and trays a competitor now plays twice, in words."""
    summary: str


def noun(movement: Movement) -> str:
    """What one competitor of the movement is called: "pair" or "player"."""
    return "player" if movement.competitors is Competitors.INDIVIDUALS else "pair"


def check_round(movement: Movement, round: RoundNo) -> None:
    """Refuse a round the movement does not have."""
    if not 1 <= round <= movement.rounds:
        raise ScheduleError(
            f"round {round}: the movement has rounds 1 to {movement.rounds}; give one of those"
        )


def check_known(movement: Movement, label: Label) -> None:
    """Refuse a competitor who is not in the field."""
    if label not in movement.field:
        shown = ", ".join(movement.field[:12]) + (", ..." if len(movement.field) > 12 else "")
        raise ScheduleError(
            f"{noun(movement)} {label} is not in this movement (its field: {shown});"
            " check the label"
        )


def finish(
    previous: Movement,
    seatings: Iterable[Seating],
    *,
    summary: str,
    note: str,
    rounds: int | None = None,
    field: Sequence[Label] | None = None,
    winners: Sequence[str] | None = None,
    twice_allowed: bool = False,
    trays: Sequence[Tray] | None = None,
    shared: Sequence[Share] | None = None,
) -> Repaired:
    """The repaired movement from its new seatings, checked against the universal rules, with
    everything the director is shown about the change. `trays` and `shared` are the trays it
    may deal and the relays it may play (the previous movement's unless given): a place that
    rested and is taken back brings its own."""
    seats = tuple(sorted(seatings, key=_place))
    movement = replace(
        previous,
        tables=max([previous.tables, *(s.table for s in seats)]),
        rounds=previous.rounds if rounds is None else rounds,
        seatings=seats,
        field=previous.field if field is None else tuple(field),
        winners=previous.winners if winners is None else tuple(winners),
        trays=_original_plays(previous.trays if trays is None else trays, seats),
        shared=_still_shared(previous.shared if shared is None else shared, seats),
        promise=REPAIRED_PROMISE,
        notes=(*previous.notes, REPAIR_NOTE + note),
    )
    _refuse_new_faults(previous, movement, twice_allowed)
    changed = _changes(previous, movement)
    first = min((c.round for c in changed), default=movement.rounds + 1)
    return Repaired(
        movement=movement,
        previous=previous,
        changed=changed,
        before=balance_index(previous),
        after=balance_index(movement),
        sit_outs={r: out for r, out in movement.sitouts.items() if r >= first},
        repeats=repeats(previous, movement),
        summary=summary,
    )


def balance_index(movement: Movement) -> float | None:
    """The balance index, where comparisons between competitors mean something: not for teams,
    whose pairs are compared as teams."""
    if movement.competitors is Competitors.TEAMS or len(movement.field) < 2:
        return None
    return balance(movement).index


def _original_plays(trays: Sequence[Tray], seatings: Sequence[Seating]) -> tuple[Tray, ...]:
    """The trays with their original play moved to their first play in the new seatings (the
    laws' original play, law (e)); a tray nobody plays any more keeps its old one."""
    first: dict[TrayNo, tuple[RoundNo, TableNo]] = {}
    for s in seatings:
        for t in s.trays:
            if t not in first or (s.round, s.table) < first[t]:
                first[t] = (s.round, s.table)
    out = []
    for tray in trays:
        where = first.get(tray.number)
        planned = (tray.original_round, tray.original_table)
        # A relay's first play is at several tables at once: keep the stated one if it is one.
        if where is None or planned in _tables_of(seatings, tray.number, where[0]):
            out.append(tray)
        else:
            out.append(replace(tray, original_round=where[0], original_table=where[1]))
    return tuple(out)


def _tables_of(
    seatings: Sequence[Seating], tray: TrayNo, round: RoundNo
) -> set[tuple[RoundNo, TableNo]]:
    return {(s.round, s.table) for s in seatings if s.round == round and tray in s.trays}


def _still_shared(shared: Sequence[Share], seatings: Sequence[Seating]) -> tuple[Share, ...]:
    """The declared relays that the new seatings still play at two or more tables."""
    plays = {(s.round, s.table, t) for s in seatings for t in s.trays}
    out = []
    for share in shared:
        tables = tuple(
            t for t in share.tables if all((share.round, t, n) in plays for n in share.trays)
        )
        if len(tables) > 1:
            out.append(Share(share.round, share.trays, tables))
    return tuple(out)


def _refuse_new_faults(previous: Movement, movement: Movement, twice_allowed: bool) -> None:
    """Refuse a repair that breaks a universal rule the movement kept before."""
    hard = STRUCTURAL if twice_allowed else STRUCTURAL | {Law.TRAY_PLAYED_TWICE}
    # in round order, as the new movement is, so that a play again is found at the same place
    ordered = replace(previous, seatings=tuple(sorted(previous.seatings, key=_place)))
    old = {_fault_key(f) for f in verify(ordered, REPAIRED_PROMISE)}
    new = [
        f for f in verify(movement, REPAIRED_PROMISE) if f.law in hard and _fault_key(f) not in old
    ]
    if new:
        raise InvalidMovementError(new)


def _place(s: Seating) -> tuple[RoundNo, TableNo]:
    return (s.round, s.table)


def _fault_key(f: Finding) -> tuple[Law, RoundNo | None, TableNo | None, tuple[Label, ...]]:
    return (f.law, f.round, f.table, f.who)


def by_place(movement: Movement) -> dict[tuple[RoundNo, TableNo], tuple[Seating, ...]]:
    """The seatings of each table in each round (a round split at a table has several)."""
    out: dict[tuple[RoundNo, TableNo], list[Seating]] = defaultdict(list)
    for s in movement.seatings:
        out[(s.round, s.table)].append(s)
    return {k: tuple(v) for k, v in out.items()}


def _changes(previous: Movement, movement: Movement) -> tuple[SeatingChange, ...]:
    old, new = by_place(previous), by_place(movement)
    return tuple(
        SeatingChange(r, t, old.get((r, t), ()), new.get((r, t), ()))
        for r, t in sorted(set(old) | set(new))
        if old.get((r, t), ()) != new.get((r, t), ())
    )


def _meetings(movement: Movement) -> dict[tuple[Label, Label], list[tuple[RoundNo, TableNo]]]:
    met: dict[tuple[Label, Label], list[tuple[RoundNo, TableNo]]] = defaultdict(list)
    for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        for a in s.side(Direction.NS):
            for b in s.side(Direction.EW):
                where = met[pair_key(a, b)]
                if not where or where[-1][0] != s.round:
                    where.append((s.round, s.table))
    return met


def repeats(previous: Movement, movement: Movement) -> tuple[str, ...]:
    """Every meeting that happens again and every tray a competitor plays again in the new
    movement but not in the old one, in round order, in words; the trays a competitor plays
    again at one table in one round are one line."""
    word = noun(movement)
    lines: list[tuple[RoundNo, TableNo, str]] = []
    old_met = _meetings(previous)
    for (a, b), where in _meetings(movement).items():
        before = len(old_met.get((a, b), ()))
        for r, t in where[max(before, 1) :]:
            lines.append(
                (r, t, f"Round {r} table {t}: {word}s {a} and {b} meet again (first in round"
                 f" {where[0][0]})")
            )  # fmt: skip
    if not movement.mnemonic:
        again: dict[tuple[RoundNo, TableNo, Label, RoundNo, TableNo], list[TrayNo]] = {}
        old_plays = plays_by_competitor(previous)
        for (who, tray), plays in plays_by_competitor(movement).items():
            ordered = sorted(plays, key=lambda p: p.round)
            known = len(old_plays.get((who, tray), ()))
            first = ordered[0]
            for p in ordered[max(known, 1) :]:
                again.setdefault((p.round, p.table, who, first.round, first.table), []).append(tray)
        for (r, t, who, r0, t0), trays in again.items():
            which = f"tray {trays[0]}" if len(trays) == 1 else f"trays {_listed(sorted(trays))}"
            lines.append(
                (r, t, f"Round {r} table {t}: {word} {who} plays {which} again (first in round"
                 f" {r0} at table {t0}); that table takes the average for"
                 f" {'it' if len(trays) == 1 else 'them'}")
            )  # fmt: skip
    return tuple(text for *_, text in sorted(lines))


def _listed(numbers: Sequence[int]) -> str:
    """ "7, 8 and 9"."""
    return ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def trays_played(movement: Movement) -> dict[Label, set[TrayNo]]:
    """Every tray each competitor plays anywhere in the movement."""
    out: dict[Label, set[TrayNo]] = defaultdict(set)
    for s in movement.seatings:
        for who in s.places:
            out[who].update(s.trays)
    return out


def usual_side(movement: Movement) -> dict[Label, Direction]:
    """The side each pair sits at most often (its Mitchell direction)."""
    counts: dict[Label, Counter[Direction]] = defaultdict(Counter)
    for s in movement.seatings:
        for who in s.places:
            counts[who][s.direction_of(who)] += 1
    return {who: c.most_common(1)[0][0] for who, c in counts.items()}

"""The repairs that need no search: a withdrawal, a wrong move, rounds cut, an arrow switch.

Each is a pure function Movement -> `Repaired` that refuses bad input with a `ScheduleError`
of one plain line. Rounds before the repair's round never change.

>>> from schedules.catalog import Request, build
>>> m = build(Request("howell", tables=3))
>>> cut_rounds(m, 3).movement.rounds
3
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from schedules.findings import ScheduleError
from schedules.repair.result import (
    Repaired,
    check_known,
    check_round,
    finish,
    noun,
    trays_played,
)
from schedules.types import (
    REPAIR_NOTE,
    Competitors,
    Label,
    Movement,
    RoundNo,
    Seating,
    TableNo,
    TrayNo,
)

T = TypeVar("T", Label, TrayNo)


def withdraw(movement: Movement, label: Label, from_round: RoundNo) -> Repaired:
    """`label` leaves before `from_round`: their places from then on are vacated.

    A sit-out of that round who has never played the table's trays and never will takes the
    vacated place; otherwise the table does not play that round and the others there sit out.
    Results already played stand: the competitor stays in the field."""
    check_known(movement, label)
    check_round(movement, from_round)
    word = noun(movement)
    seatings = list(movement.seatings)
    filled: list[str] = []
    dropped: list[str] = []
    for r in range(from_round, movement.rounds + 1):
        # a round split at one table seats the same competitors in each part
        spots = [s for s in seatings if s.round == r and label in s.places]
        if not spots:
            continue
        seatings = [s for s in seatings if s not in spots]
        stand_in = _stand_in(movement, seatings, spots, label)
        where = f"round {r} table {spots[0].table}"
        if stand_in is None:
            dropped.append(where)
            continue
        seatings += [
            replace(s, places=tuple(stand_in if p == label else p for p in s.places)) for s in spots
        ]
        filled.append(f"{word} {stand_in}, who sat out, plays in {label}'s place in {where}")
    said = [f"{word.capitalize()} {label} withdraws from round {from_round}"]
    if dropped:
        others = "the others there sit out" if word == "player" else "their opponents sit out"
        said.append(f"no play at {', '.join(dropped)} ({others})")
    said += filled
    return finish(
        movement,
        seatings,
        summary="; ".join(said),
        note=_WITHDREW.format(word=word, label=label, round=from_round),
    )


_WITHDREW = "{word} {label} withdrew from round {round} (withdrawal)"
"""The movement's note of a withdrawal (after `REPAIR_NOTE`), read back by `withdrawals`."""
_WITHDREW_READ = re.compile(
    re.escape(REPAIR_NOTE) + r"(?:pair|player) (\S+) withdrew from round (\d+) \(withdrawal\)$"
)


def withdrawals(movement: Movement) -> dict[Label, RoundNo]:
    """Each competitor who withdrew in play, and the first round they did not play."""
    found = (_WITHDREW_READ.match(note) for note in movement.notes)
    return {m.group(1): int(m.group(2)) for m in found if m}


def _stand_in(
    movement: Movement, seatings: Sequence[Seating], spots: Sequence[Seating], leaving: Label
) -> Label | None:
    """A sit-out of the round who can take `leaving`'s place at the table `spots`: one who
    plays none of its trays anywhere, so nobody plays a tray twice; None if there is none."""
    r = spots[0].round
    present = {p for x in (*seatings, *spots) if x.round == r for p in x.places}
    played = trays_played(replace(movement, seatings=tuple(seatings)))
    trays = {t for s in spots for t in s.trays}
    for who in movement.field:
        if who != leaving and who not in present and not played.get(who, set()) & trays:
            return who
    return None


def wrong_move(
    movement: Movement,
    round: RoundNo,
    table: TableNo,
    places: Sequence[Label],
    trays: Sequence[TrayNo] = (),
) -> Repaired:
    """Record who really sat at `table` in `round` (pairs: N-S then E-W; individuals: N, E, S,
    W) and, if they differ from the plan, the trays they really played there. The round stays
    consistent by swapping: a competitor named here who was planned elsewhere that round
    trades places with the one planned here whom they displaced, and a tray played here that
    was planned at another table goes there in exchange for one planned here. Later rounds
    stay as planned; the repeats name every meeting and tray that now comes again."""
    check_round(movement, round)
    width = movement.competitors.places_per_table
    word = noun(movement)
    actual = tuple(p.strip() for p in places)
    if len(actual) != width or len(set(actual)) != width:
        how = "--ns and --ew" if width == 2 else "--places N,E,S,W"
        raise ScheduleError(f"a table seats {width} different {word}s: give them with {how}")
    for who in actual:
        check_known(movement, who)
    here = [s for s in movement.seatings if (s.round, s.table) == (round, table)]
    if not here:
        played = sorted({s.table for s in movement.seatings if s.round == round})
        raise ScheduleError(
            f"table {table} does not play in round {round} (tables playing: "
            f"{', '.join(map(str, played))})"
        )
    planned = here[0]
    dealt = _trays_played(movement, planned, here, tuple(trays))
    if (actual, dealt) == (planned.places, planned.trays):
        raise ScheduleError(
            f"round {round} table {table} already seats {' and '.join(actual)} with those"
            " trays: nothing to record"
        )
    trade = _trade(planned.places, actual)
    swap = _trade(planned.trays, dealt)
    seatings = []
    for s in movement.seatings:
        if s.round != round:
            seatings.append(s)
        elif s.table == table:
            # a round played in halves (the second switched) keeps each half's own trays
            seatings.append(replace(s, places=actual, trays=dealt if len(here) == 1 else s.trays))
        else:
            places_now = tuple(trade.get(p, p) for p in s.places)
            seatings.append(
                replace(s, places=places_now, trays=tuple(swap.get(t, t) for t in s.trays))
            )
    seated = {p for s in movement.seatings if s.round == round for p in s.places}
    moved = [
        f"{word} {a} sat at table {table} in place of {word} {b}, who "
        + (f"took {a}'s place" if a in seated else "sat out instead")
        for a, b in trade.items()
    ]
    if not trade and actual != planned.places:
        moved.append(f"the {word}s at table {table} sat in other seats")
    if swap:
        moved.append(
            f"table {table} played trays {', '.join(map(str, dealt))}, not"
            f" {', '.join(map(str, planned.trays))}"
        )
    return finish(
        movement,
        seatings,
        summary=f"Wrong move in round {round} at table {table}: " + "; ".join(moved),
        note=f"round {round} table {table} was played by {', '.join(actual)} (wrong move)",
        twice_allowed=True,
    )


def _trays_played(
    movement: Movement, planned: Seating, here: Sequence[Seating], trays: tuple[TrayNo, ...]
) -> tuple[TrayNo, ...]:
    """The trays the table really played: as planned unless given, then as many as planned,
    each a tray of the movement."""
    if not trays:
        return planned.trays
    if len(here) > 1:
        raise ScheduleError(
            f"table {planned.table} plays round {planned.round} in parts: record who sat"
            " there, without trays"
        )
    unknown = [t for t in trays if t not in movement.tray_numbers]
    if unknown or len(set(trays)) != len(trays) or len(trays) != len(planned.trays):
        raise ScheduleError(
            f"give the {len(planned.trays)} different trays table {planned.table} played in"
            f" round {planned.round}, from the movement's trays 1 to {max(movement.tray_numbers)}"
        )
    return trays


def _trade(planned: Sequence[T], actual: Sequence[T]) -> dict[T, T]:
    """Who (or which tray) came in for whom: the newcomers, in order, for those they
    displaced, in order; each displaced one takes the newcomer's planned place."""
    incoming = [x for x in actual if x not in planned]
    displaced = [x for x in planned if x not in actual]
    return dict(zip(incoming, displaced, strict=True))


def cut_rounds(movement: Movement, after: RoundNo) -> Repaired:
    """Play ends after round `after`: the later rounds are dropped. Trays nobody plays any
    more stay in the movement (a slip or result entered for them is kept)."""
    if not 1 <= after < movement.rounds:
        raise ScheduleError(
            f"cut after round {after}: give a round from 1 to {movement.rounds - 1}, after which"
            " play ends"
        )
    kept = [s for s in movement.seatings if s.round <= after]
    return finish(
        movement,
        kept,
        rounds=after,
        summary=f"Play ends after round {after} of {movement.rounds}",
        note=f"play ended after round {after} of {movement.rounds} (rounds cut)",
    )


def arrow_switch(movement: Movement, round: RoundNo, table: TableNo | None = None) -> Repaired:
    """Turn the arrow in `round` (at one table, or at all): the pairs at N-S play the E-W hands
    and vice versa; a table already switched is switched back."""
    check_round(movement, round)
    if movement.competitors is Competitors.INDIVIDUALS:
        raise ScheduleError(
            "an arrow switch is for pairs: in an individual movement the players change seats"
            " instead"
        )
    tables = {s.table for s in movement.seatings if s.round == round}
    if table is not None and table not in tables:
        raise ScheduleError(
            f"table {table} does not play in round {round} (tables playing: "
            f"{', '.join(map(str, sorted(tables)))})"
        )
    seatings = [
        replace(s, switched=not s.switched) if s.round == round and table in (None, s.table) else s
        for s in movement.seatings
    ]
    where = f"at table {table}" if table is not None else "at every table"
    summary = f"Arrow switch in round {round} {where}"
    # pairs that held both sides' hands are ranked together: one overall winner
    sides = {"n-s", "e-w", "ns", "ew"}
    winners = [w for w in movement.winners if w.strip().lower() not in sides]
    if len(winners) < len(movement.winners):
        winners = winners if "overall" in winners else ["overall", *winners]
        summary += "; one overall winner instead of an N-S and an E-W winner"
    return finish(
        movement,
        seatings,
        summary=summary,
        note=f"arrow switched in round {round} {where} (arrow switch)",
        winners=winners,
    )

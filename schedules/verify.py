"""The verifier: checks any movement, however it was made, and reports every fault it finds.

It knows nothing about the builders. `verify(m)` runs the universal rules
(docs/movement-rules.md#universal-rules) and then the movement's promise (`m.promise`, or the one
named), and returns every finding; an empty list means the movement holds. Every builder runs it
before returning.

>>> from schedules.types import Competitors, Seating, infer_trays
>>> seats = (Seating.pair(1, 1, (1,), "1", "2"), Seating.pair(2, 1, (1,), "1", "3"))
>>> m = Movement("any", Competitors.PAIRS, 1, 2, infer_trays(seats), seats, ("1", "2", "3"))
>>> [f.law.value for f in verify(m)]
['tray-played-twice']
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping

from schedules.findings import Finding, InvalidMovementError, Law, ScheduleError
from schedules.promises import check_promise, promise_names
from schedules.tally import Play, plays_by_competitor
from schedules.types import Label, Movement, RoundNo, Seating, TableNo, TrayNo


def verify(movement: Movement, promise: str | None = None) -> list[Finding]:
    """Every broken invariant of `movement`: the universal rules, then its promise."""
    name = promise or movement.promise
    if name not in promise_names():
        known = ", ".join(promise_names())
        raise ScheduleError(f"unknown promise {name!r}; known promises: {known}")
    findings = _check_seatings(movement)
    findings += _check_trays(movement)
    findings += _check_plays(movement)
    findings += check_promise(name, movement)
    return findings


def ensure_valid(movement: Movement, promise: str | None = None) -> Movement:
    """Return `movement` if it verifies; raise `InvalidMovementError` with every finding."""
    findings = verify(movement, promise)
    if findings:
        raise InvalidMovementError(findings)
    return movement


def sitout_findings(m: Movement, declared: Mapping[RoundNo, Collection[Label]]) -> list[Finding]:
    """Sit-outs a document declares against those its seatings leave, round by round: anyone
    declared out but seated, or left out but not declared. (A round with no table at all is a
    finding of the universal rules, `verify`.)"""
    findings: list[Finding] = []
    seated: dict[RoundNo, dict[Label, TableNo]] = defaultdict(dict)
    for s in m.seatings:
        seated[s.round].update(dict.fromkeys(s.places, s.table))
    for r in sorted(set(declared) | set(m.sitouts)):
        out = set(declared.get(r, ()))
        if r not in seated:
            continue
        for who in sorted(out & set(seated[r])):
            findings.append(
                Finding(
                    Law.SITOUT_SEATED,
                    r,
                    seated[r][who],
                    (who,),
                    f"{who} is declared sitting out but is seated at table {seated[r][who]}",
                )
            )
        for who in m.sitouts.get(r, ()):
            if who not in out:
                findings.append(
                    Finding(
                        Law.SITOUT_UNDECLARED,
                        r,
                        None,
                        (who,),
                        f"{who} plays at no table but is not declared sitting out",
                    )
                )
    return findings


def _check_seatings(m: Movement) -> list[Finding]:
    findings: list[Finding] = []
    known = set(m.field)
    width = m.competitors.places_per_table
    # A round may be split at one table (half-round arrow switch, tray-by-tray exchange):
    # several seatings there are fine when the same competitors sit and no tray repeats.
    tables: dict[tuple[RoundNo, TableNo], list[Seating]] = defaultdict(list)
    seated: dict[tuple[RoundNo, Label], TableNo] = {}
    double: dict[tuple[RoundNo, Label], set[TableNo]] = defaultdict(set)
    """Where someone sits at two tables in one round: every such table."""
    for s in m.seatings:
        where = (s.round, s.table)
        if not 1 <= s.round <= m.rounds:
            findings.append(
                Finding(
                    Law.ROUND_OUT_OF_RANGE,
                    *where,
                    s.places,
                    f"round {s.round} is outside 1..{m.rounds}",
                )
            )
        tables[where].append(s)
        if len(s.places) != width or len(set(s.places)) != len(s.places):
            findings.append(
                Finding(
                    Law.SEATING_MALFORMED,
                    *where,
                    s.places,
                    f"needs {width} distinct {m.competitors.value}, has {list(s.places)}",
                )
            )
        if not s.trays or len(set(s.trays)) != len(s.trays):
            findings.append(
                Finding(
                    Law.SEATING_MALFORMED,
                    *where,
                    s.places,
                    f"trays {list(s.trays)}: must be at least one, none repeated",
                )
            )
        for who in s.places:
            if who not in known:
                findings.append(
                    Finding(Law.UNKNOWN_COMPETITOR, *where, (who,), f"{who} is not in the field")
                )
            first = seated.setdefault((s.round, who), s.table)
            if first != s.table:
                double[(s.round, who)] |= {first, s.table}
    played = {r for r, _ in tables}
    for r in range(1, m.rounds + 1):
        if r not in played:
            findings.append(
                Finding(
                    Law.ROUND_EMPTY,
                    r,
                    None,
                    (),
                    f"no table plays in round {r}, though the movement has {m.rounds} rounds",
                )
            )
    # only the few tables and players at fault are sorted: sorting them all costs more than
    # the checks in a large movement
    for (r, t), group in sorted(item for item in tables.items() if len(item[1]) > 1):
        if not _split_round(group):
            findings.append(
                Finding(
                    Law.TABLE_DOUBLE_BOOKED,
                    r,
                    t,
                    (),
                    f"table {t} has {len(group)} seatings with different players or trays",
                )
            )
    for (r, who), places in sorted(double.items()):
        findings.append(
            Finding(
                Law.SEAT_DOUBLE_BOOKED,
                r,
                None,
                (who,),
                f"{who} is seated at tables {sorted(places)} at once",
            )
        )
    return findings


def _split_round(group: list[Seating]) -> bool:
    """One table's round split into parts: same competitors, no tray in two parts."""
    trays = [t for s in group for t in s.trays]
    return len({s.places for s in group}) == 1 and len(trays) == len(set(trays))


_NONE: frozenset[TableNo] = frozenset()
"""No tables: where no relay is declared."""


def _check_trays(m: Movement) -> list[Finding]:
    findings: list[Finding] = []
    listed = set(m.tray_numbers)
    where: dict[tuple[RoundNo, TrayNo], list[TableNo]] = defaultdict(list)
    for s in m.seatings:
        for t in s.trays:
            where[(s.round, t)].append(s.table)
    # each tray's first round: the latest rounds written first, the earliest written last
    latest_first = sorted(m.seatings, key=lambda s: s.round, reverse=True)
    first: dict[TrayNo, RoundNo] = {t: s.round for s in latest_first for t in s.trays}
    if first.keys() - listed:
        findings += [
            Finding(Law.TRAY_UNKNOWN, s.round, s.table, (), f"tray {t} is not listed")
            for s in m.seatings
            for t in s.trays
            if t not in listed
        ]
    declared: dict[tuple[RoundNo, TrayNo], set[TableNo]] = defaultdict(set)
    for sh in m.shared:
        for t in sh.trays:
            declared[(sh.round, t)].update(sh.tables)
    # only the few trays at fault are sorted: sorting every (round, tray) of a large movement
    # costs more than the checks
    undeclared = sorted(
        (key, tables)
        for key, tables in where.items()
        if len(tables) > 1 and not declared.get(key, _NONE).issuperset(tables)
    )
    for (r, t), tables in undeclared:
        findings.append(
            Finding(
                Law.TRAY_SHARED_UNDECLARED,
                r,
                None,
                (),
                f"tray {t} is at tables {sorted(tables)} without a declared relay",
            )
        )
    unplayed = []
    for (r, t), sharing in declared.items():
        played = where.get((r, t), ())
        unplayed += [(r, t, table) for table in sharing if table not in played]
    for r, t, table in sorted(unplayed):
        findings.append(
            Finding(
                Law.SHARE_NOT_PLAYED,
                r,
                table,
                (),
                f"relay declares tray {t} at table {table}, which does not play it",
            )
        )
    for tray in m.trays:
        n = tray.number
        if n not in first:
            findings.append(
                Finding(Law.TRAY_NEVER_PLAYED, None, None, (), f"tray {n} is never played")
            )
            continue
        original = (tray.original_round, tray.original_table)
        if tray.original_round != first[n] or tray.original_table not in where[original[0], n]:
            findings.append(
                Finding(
                    Law.TRAY_ORIGINAL_WRONG,
                    *original,
                    (),
                    f"tray {n} is first played in round {first[n]} at table(s) "
                    f"{sorted(where[first[n], n])}, not at its stated original play",
                )
            )
    # Unequal play counts are not a fault (rule 3): published movements have them, a Wh(20)
    # whose trays are played 4 or 5 times; the balance report remarks on them instead.
    return findings


def _check_plays(m: Movement) -> list[Finding]:
    if not m.mnemonic:
        # the usual case, everyone playing each tray at most once, in one pass (a Play per
        # play of a 200-player tournament costs more than the rest of the verifier)
        held = [(who, t) for s in m.seatings for who in s.places for t in s.trays]
        if len(set(held)) == len(held):
            return []
    # sorting every (player, tray) of a large movement costs more than the checks, so only
    # the competitors with findings are sorted, at the end
    findings: dict[tuple[Label, TrayNo], list[Finding]] = {}
    for key, plays in plays_by_competitor(m).items():
        found = _play_findings(m, key, plays)
        if found:
            findings[key] = found
    return [f for key in sorted(findings) for f in findings[key]]


def _play_findings(m: Movement, key: tuple[Label, TrayNo], plays: list[Play]) -> list[Finding]:
    """The findings on one competitor's plays of one tray: twice, or not twice when
    mnemonic, or twice the same way round."""
    who, tray = key
    findings: list[Finding] = []
    if not m.mnemonic:
        for later in plays[1:]:
            findings.append(
                Finding(
                    Law.TRAY_PLAYED_TWICE,
                    later.round,
                    later.table,
                    (who,),
                    f"{who} plays tray {tray} again (first in round {plays[0].round} "
                    f"at table {plays[0].table})",
                )
            )
    elif len(plays) != 2:
        findings.append(
            Finding(
                Law.MNEMONIC_NOT_TWICE,
                plays[0].round,
                plays[0].table,
                (who,),
                f"{who} plays tray {tray} {len(plays)} time(s); mnemonic play needs twice",
            )
        )
    elif plays[0].hands is plays[1].hands:
        findings.append(
            Finding(
                Law.MNEMONIC_SAME_WAY,
                plays[1].round,
                plays[1].table,
                (who,),
                f"{who} holds the {plays[0].hands.label} hands of tray {tray} both times",
            )
        )
    return findings

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
from dataclasses import replace
from itertools import chain

from schedules.findings import Finding, InvalidMovementError, Law, ScheduleError
from schedules.promises import check_promise, is_mnemonic, promise_names
from schedules.tally import Play, plays_by_competitor, tray_blocks
from schedules.types import Label, Movement, RoundNo, Seating, TableNo, TrayNo


def verify(movement: Movement, promise: str | None = None) -> list[Finding]:
    """Every broken invariant of `movement`: the universal rules, then its promise."""
    name = promise or movement.promise
    if name not in promise_names():
        known = ", ".join(promise_names())
        raise ScheduleError(f"unknown promise {name!r}; known promises: {known}")
    if is_mnemonic(name) and not movement.mnemonic:
        # the promise carries the rule: a Snow movement written elsewhere need not say
        # "mnemonic" for its replays to be the point rather than a fault
        movement = replace(movement, mnemonic=True)
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
    tables: dict[tuple[RoundNo, TableNo], Seating] = {}
    """The first seating at each table in each round."""
    split: dict[tuple[RoundNo, TableNo], list[Seating]] = {}
    """Every seating at a table that has more than one in a round."""
    seated: dict[RoundNo, dict[Label, TableNo]] = defaultdict(dict)
    """Per round, where each competitor sits (first seen)."""
    double: dict[tuple[RoundNo, Label], set[TableNo]] = defaultdict(set)
    """Where someone sits at two tables in one round: every such table."""
    last = m.rounds
    for s in m.seatings:
        # read once: this loop runs for every seating of a movement, 20,000 for 58 teams
        r, table, places, trays = s.round, s.table, s.places, s.trays
        where = (r, table)
        if not 1 <= r <= last:
            findings.append(
                Finding(
                    Law.ROUND_OUT_OF_RANGE,
                    *where,
                    places,
                    f"round {r} is outside 1..{last}",
                )
            )
        there = tables.setdefault(where, s)
        if there is not s:
            split.setdefault(where, [there]).append(s)
        if len(places) != width or len(set(places)) != len(places):
            findings.append(
                Finding(
                    Law.SEATING_MALFORMED,
                    *where,
                    places,
                    f"needs {width} distinct {m.competitors.value}, has {list(places)}",
                )
            )
        if not trays or len(set(trays)) != len(trays):
            findings.append(
                Finding(
                    Law.SEATING_MALFORMED,
                    *where,
                    places,
                    f"trays {list(trays)}: must be at least one, none repeated",
                )
            )
        in_round = seated[r]
        for who in places:
            if who not in known:
                findings.append(
                    Finding(Law.UNKNOWN_COMPETITOR, *where, (who,), f"{who} is not in the field")
                )
            first = in_round.setdefault(who, table)
            if first != table:
                double[(r, who)] |= {first, table}
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
    for (r, t), group in sorted(split.items()):
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
    for (r, who), at in sorted(double.items()):
        findings.append(
            Finding(
                Law.SEAT_DOUBLE_BOOKED,
                r,
                None,
                (who,),
                f"{who} is seated at tables {sorted(at)} at once",
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
    # Every check below reads a block of trays played together once, for all its trays.
    blocks = tray_blocks(m)
    where: dict[tuple[RoundNo, int], list[TableNo]] = defaultdict(list)
    for s, blocks_played in zip(m.seatings, blocks.of_seating, strict=True):
        for b in blocks_played:
            where[(s.round, b)].append(s.table)
    first: dict[int, RoundNo] = {}
    """Each block's first round."""
    for r, b in where:
        if first.get(b, r) >= r:
            first[b] = r
    if not listed.issuperset(chain.from_iterable(map(blocks.trays.__getitem__, first))):
        findings += [
            Finding(Law.TRAY_UNKNOWN, s.round, s.table, (), f"tray {t} is not listed")
            for s in m.seatings
            for t in s.trays
            if t not in listed
        ]
    declared: dict[tuple[RoundNo, int], set[TableNo]] = defaultdict(set)
    for sh, shared in zip(m.shared, blocks.of_share, strict=True):
        for b in shared:
            declared[(sh.round, b)].update(sh.tables)
    # only the few trays at fault are sorted: sorting every (round, tray) of a large movement
    # costs more than the checks
    undeclared = sorted(
        ((key[0], t), tables)
        for key, tables in where.items()
        if len(tables) > 1 and not declared.get(key, _NONE).issuperset(tables)
        for t in blocks.trays[key[1]]
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
    for (r, b), sharing in declared.items():
        played = where.get((r, b), [])
        if not sharing.issubset(played):
            unplayed += [
                (r, t, table) for table in sharing if table not in played for t in blocks.trays[b]
            ]
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
    # each block's first round and the tables playing it then, looked up once a tray
    opening = {b: (r, where[r, b]) for b, r in first.items()}
    block_of = blocks.block_of
    for tray in m.trays:
        n = tray.number
        start = opening.get(block_of.get(n, -1))
        if start is None:
            findings.append(
                Finding(Law.TRAY_NEVER_PLAYED, None, None, (), f"tray {n} is never played")
            )
            continue
        r, tables = start
        if tray.original_round != r or tray.original_table not in tables:
            findings.append(
                Finding(
                    Law.TRAY_ORIGINAL_WRONG,
                    tray.original_round,
                    tray.original_table,
                    (),
                    f"tray {n} is first played in round {r} at table(s) "
                    f"{sorted(tables)}, not at its stated original play",
                )
            )
    # Unequal play counts are not a fault (rule 3): published movements have them, a Wh(20)
    # whose trays are played 4 or 5 times; the balance report remarks on them instead.
    return findings


def _check_plays(m: Movement) -> list[Finding]:
    if not m.mnemonic:
        # the usual case, everyone playing each tray at most once, in one pass over the blocks
        # of trays played together (a Play per play of a 200-player tournament costs more
        # than the rest of the verifier)
        blocks = tray_blocks(m).of_seating
        held = [
            (who, b)
            for s, played in zip(m.seatings, blocks, strict=True)
            for who in s.places
            for b in played
        ]
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

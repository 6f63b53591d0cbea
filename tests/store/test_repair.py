"""Repairs of the movement in play, replayed on real movements: the mistakes of issue #33.

Each case enters the rounds played (random tricks from a seeded generator), repairs, enters the
rest, and checks that every result entered before is still there, unchanged, attached to the
competitors who played it; that the standings equal an independent recount of the games as
played (written here from the test's own record of who sat where); and that undo puts the
movement, the results and the standings back exactly.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

import pytest

from director.store.services import EventStore, ResultEntry, StoreError
from schedules.catalog import Request, build
from schedules.findings import ScheduleError
from schedules.repair import ArrowSwitch, CutRounds, LatePair, RepairRequest, Withdraw, WrongMove
from schedules.types import Label, Movement, Seating
from tests.schedules.test_repair import trays_again

TRICKS = 13


@dataclass(frozen=True)
class Played:
    """One play as the test knows it happened: who held which hands, and the tricks."""

    round: int
    table: int
    tray: int
    ns_hands: tuple[Label, ...]
    ew_hands: tuple[Label, ...]
    ns_tricks: int


class Evening:
    """An event being played: the store, and the test's own log of what happened."""

    def __init__(self, store: EventStore, seed: int) -> None:
        self.store = store
        self.rng = random.Random(seed)
        self.log: list[Played] = []
        self.seated: dict[tuple[int, int], tuple[Label, ...]] = {}
        """(round, table) -> who really sat there, places in seating order."""

    def play(self, rounds: range, truth: dict[tuple[int, int], Seating] | None = None) -> None:
        """Enter every table's results of `rounds` as the stored movement plans them, except
        where `truth` says who really sat at a table."""
        movement = self.store.movement()
        for r in rounds:
            entries = []
            for planned in sorted(movement.seatings, key=lambda s: s.table):
                if planned.round != r:
                    continue
                s = (truth or {}).get((r, planned.table), planned)
                self.seated[(r, s.table)] = s.places
                for tray in s.trays:
                    ns = self.rng.randint(0, TRICKS)
                    entries.append(ResultEntry(1, r, s.table, tray, ns))
                    ns_side, ew_side = (s.ew, s.ns) if s.switched else (s.ns, s.ew)
                    self.log.append(Played(r, s.table, tray, (ns_side,), (ew_side,), ns))
            self.store.record_round(entries)

    def recount(self) -> dict[Label, Fraction]:
        """Plus/minus per pair from the log alone: per tray, the plays that count are the
        first play of it by everyone at the table (a pair's second play takes the average,
        plus/minus 0); the average is over the counting N-S tricks."""
        seen: set[tuple[Label, int]] = set()
        counting: list[Played] = []
        for p in sorted(self.log, key=lambda p: (p.round, p.table)):
            who = (*p.ns_hands, *p.ew_hands)
            if not any((w, p.tray) in seen for w in who):
                counting.append(p)
            seen.update((w, p.tray) for w in who)
        by_tray: dict[int, list[Played]] = defaultdict(list)
        for p in counting:
            by_tray[p.tray].append(p)
        totals: dict[Label, Fraction] = {
            w: Fraction(0) for p in self.log for w in (*p.ns_hands, *p.ew_hands)
        }
        for plays in by_tray.values():
            average = Fraction(sum(p.ns_tricks for p in plays), len(plays))
            for p in plays:
                for w in p.ns_hands:
                    totals[w] += p.ns_tricks - average
                for w in p.ew_hands:
                    totals[w] += average - p.ns_tricks
        return totals

    def check(self) -> None:
        """The standings equal the recount, and every result sits with who played it."""
        overall = self.store.standings().standings["overall"]
        assert {s.label: s.plus_minus for s in overall} == self.recount()
        movement = self.store.movement()
        where = {(s.round, s.table): s.places for s in movement.seatings}
        for result in self.store.results():
            assert where[(result.round, result.table)] == self.seated[(result.round, result.table)]

    def snapshot(self) -> tuple[object, ...]:
        """Everything a repair must not lose, and undo must give back."""
        movement = self.store.movement()
        standings = self.store.standings()
        return (
            movement,
            tuple(sorted(movement.seatings, key=lambda s: (s.round, s.table))),
            self.store.results(),
            standings.standings,
            self.store.partnerships(),
            self.store.players(),
        )

    def repair(self, request: RepairRequest, reason: str) -> object:
        """Repair, checking the dry run, the audit trail, that nothing entered moved, and that
        undo and redo work; returns the repair."""
        before = self.snapshot()
        results = {(r.id, r.round, r.table, r.tray, r.ns_tricks) for r in self.store.results()}
        dry = self.store.repair(request, dry_run=True)
        assert self.snapshot() == before
        repaired = self.store.repair(request, reason=reason)
        assert repaired.movement == dry.movement
        entry = self.store.audit_log(1)[0]
        assert entry.action == "repair movement"
        assert reason in entry.summary
        assert repaired.summary in entry.summary
        stored = self.store.movement()
        assert sorted(stored.seatings, key=lambda s: (s.round, s.table)) == list(
            repaired.movement.seatings
        )
        assert replace(stored, seatings=repaired.movement.seatings) == repaired.movement
        assert {
            (r.id, r.round, r.table, r.tray, r.ns_tricks) for r in self.store.results()
        } == results
        after = self.snapshot()
        self.store.undo()
        assert self.snapshot() == before
        self.store.redo()
        assert self.snapshot()[1:] == after[1:]
        return repaired


@pytest.fixture
def evening(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Evening]:
    movement: Movement = build(request.param)
    with EventStore.create(tmp_path / "club.whist", name="Club night") as store:
        store.choose_movement(movement)
        yield Evening(store, seed=33)


@pytest.mark.parametrize("evening", [Request("howell", tables=7)], indirect=True)
def test_a_wrong_move_in_round_3_of_a_7_table_howell(evening: Evening) -> None:
    evening.play(range(1, 3))
    movement = evening.store.movement()
    third = sorted((s for s in movement.seatings if s.round == 3), key=lambda s: s.table)
    at_2, at_4 = third[1], third[3]
    # The E-W pair of table 4 sat E-W at table 2; table 2's E-W pair went to table 4.
    truth = {
        (3, at_2.table): replace(at_2, places=(at_2.ns, at_4.ew)),
        (3, at_4.table): replace(at_4, places=(at_4.ns, at_2.ew)),
    }
    evening.play(range(3, 4), truth)
    repaired = evening.repair(
        WrongMove(3, at_2.table, (at_2.ns, at_4.ew)), "pair went to the wrong table"
    )
    assert {(c.round, c.table) for c in repaired.changed} == {(3, at_2.table), (3, at_4.table)}
    assert repaired.repeats, "a pair that went astray meets or plays something again later"
    evening.check()
    evening.play(range(4, movement.rounds + 1))
    evening.check()
    twice = [
        d
        for d in evening.store.standings().deals
        for t in d.tables
        if any("had already played" in s.text for s in t.steps)
    ]
    assert len(twice) == trays_again(repaired.repeats)


@pytest.mark.parametrize("evening", [Request("mitchell", tables=6)], indirect=True)
def test_a_late_pair_in_round_2_of_a_6_table_mitchell(evening: Evening) -> None:
    evening.play(range(1, 2))
    repaired = evening.repair(LatePair(2, names=("Mrs Ames", "Mr Brown")), "arrived at 7.40")
    label = repaired.movement.field[-1]
    assert [p.label for p in evening.store.partnerships()] == [label]
    assert evening.store.printed_names()[label] == "Mrs Ames & Mr Brown"
    assert all(r in repaired.sit_outs for r in range(2, 6))
    evening.play(range(2, repaired.movement.rounds + 1))
    evening.check()
    standings = evening.store.standings()
    newcomer = next(s for s in standings.standings["overall"] if s.label == label)
    assert newcomer.deals == 2 * 4
    assert {"N-S", "E-W"} <= set(standings.standings), "the newcomer keeps one side"


@pytest.mark.parametrize("evening", [Request("howell", tables=5)], indirect=True)
def test_a_withdrawal_in_a_5_table_howell(evening: Evening) -> None:
    evening.play(range(1, 4))
    repaired = evening.repair(Withdraw("4", 4), "taken ill")
    assert all("4" in repaired.sit_outs[r] for r in range(4, 10))
    assert not any("4" in s.places for s in repaired.movement.seatings if s.round >= 4)
    evening.play(range(4, 10))
    evening.check()
    rows = {s.label: s for s in evening.store.standings().standings["overall"]}
    assert rows["4"].deals == 3 * 2


@pytest.mark.parametrize("evening", [Request("howell", tables=5)], indirect=True)
def test_a_cut_after_6_of_9_rounds(evening: Evening) -> None:
    evening.play(range(1, 7))
    repaired = evening.repair(CutRounds(6), "the hall closes at ten")
    assert repaired.movement.rounds == 6
    assert repaired.movement.tray_numbers == tuple(range(1, 19)), "no tray is deleted"
    evening.check()


@pytest.mark.parametrize("evening", [Request("mitchell", tables=9)], indirect=True)
def test_an_arrow_switch_in_round_7(evening: Evening) -> None:
    evening.play(range(1, 7))
    repaired = evening.repair(ArrowSwitch(7), "to make one winner")
    assert all(s.switched for s in repaired.movement.seatings if s.round == 7)
    evening.play(range(7, 10))
    evening.check()
    standings = evening.store.standings()
    assert [w.title for w in standings.winners] == ["overall"]
    assert standings.warnings == ()


@pytest.mark.parametrize("evening", [Request("howell", tables=5)], indirect=True)
def test_a_repair_that_would_move_a_result_is_refused(evening: Evening) -> None:
    evening.play(range(1, 4))
    before = evening.snapshot()
    steps = evening.store.newest_step()
    for request in (CutRounds(2), Withdraw("4", 3), LatePair(2), ArrowSwitch(1, 2)):
        with pytest.raises(StoreError, match=r"round \d+ table \d+ already has results"):
            evening.store.repair(request)
    with pytest.raises(ScheduleError, match="not in this movement"):
        evening.store.repair(Withdraw("99", 5))
    assert evening.snapshot() == before
    assert evening.store.newest_step() == steps


@pytest.mark.parametrize("evening", [Request("howell", pairs=9)], indirect=True)
def test_a_late_pair_plays_the_sit_out_at_a_table_added_for_them(evening: Evening) -> None:
    evening.play(range(1, 3))
    planned = evening.store.movement()
    repaired = evening.repair(LatePair(3), "a tenth pair came")
    added = {s.table for s in repaired.movement.seatings if "10" in s.places}
    assert added == {planned.tables + 1}
    assert repaired.sit_outs == {}
    evening.play(range(3, planned.rounds + 1))
    evening.check()

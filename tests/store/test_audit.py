"""The audit trail keeps every change with old and new values; undo and redo walk it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from director.store.services import ConflictError, EventStore, IrregularityKind, ResultEntry


def entry(round: int, table: int, tray: int, ns: int, who: str = "director") -> ResultEntry:
    return ResultEntry(1, round, table, tray, ns, entered_by=who)


def test_every_change_is_in_the_trail_with_old_and_new_values(store: EventStore) -> None:
    set_up = len(store.audit_log())
    first = store.record_result(entry(1, 1, 1, 7, who="T1"))
    store.correct_result(first.id, first.version, ns_tricks=8, who="TD")
    store.record_slip(1, "QH", who="TD")
    store.record_slip(1, "KH", who="TD")
    store.order_new_deal(1, "faced card", who="TD")
    store.record_irregularity(round=2, table=3, tray=2, kind=IrregularityKind.SHORT_HAND)
    latest = store.result(first.id)
    store.delete_result(latest.id, latest.version)
    log = store.audit_log()[:-set_up]
    assert [e.action for e in reversed(log)] == [
        "record result",
        "correct result",
        "record slip",
        "record slip",
        "new deal",
        "record irregularity",
        "delete result",
    ]
    record, correct = log[-1], log[-2]
    assert record.who == "T1"
    assert record.changes[0].old is None
    assert record.changes[0].new is not None
    assert record.changes[0].new["ns_tricks"] == 7
    assert correct.changes[0].old is not None
    assert correct.changes[0].old["ns_tricks"] == 7
    assert correct.changes[0].new is not None
    assert correct.changes[0].new["ns_tricks"] == 8
    slip_change = log[-4].changes[0]
    assert (slip_change.op, slip_change.old["rank"], slip_change.new["rank"]) == (  # type: ignore[index]  # an update has both
        "update",
        "Q",
        "K",
    )
    new_deal = log[-5]
    assert [(c.entity, c.op) for c in new_deal.changes] == [("deal", "update"), ("deal", "insert")]
    deleted = log[0].changes[0]
    assert deleted.op == "delete"
    assert deleted.new is None
    assert deleted.old is not None
    assert all(e.at.tzinfo is not None for e in log)
    assert store.audit_log(limit=2) == log[:2]


def test_undo_and_redo_walk_back_and_forth(store: EventStore) -> None:
    first = store.record_result(entry(1, 1, 1, 7))
    corrected = store.correct_result(first.id, first.version, ns_tricks=9)
    undone = store.undo()
    assert undone is not None
    assert undone.action == "correct result"
    assert store.result(first.id).ns_tricks == 7
    assert store.undo() is not None
    assert store.results() == ()
    before_the_entries = store.next_undo()
    assert before_the_entries is not None
    assert before_the_entries.action == "choose movement"
    assert store.redo() is not None
    assert store.result(first.id).ns_tricks == 7
    redone = store.redo()
    assert redone is not None
    assert redone.action == "correct result"
    after = store.result(first.id)
    assert after.ns_tricks == 9
    assert after.version > corrected.version  # stations holding the old version see a conflict
    assert store.redo() is None
    actions = [e.action for e in store.audit_log()][:4]
    assert actions == ["redo", "redo", "undo", "undo"]


def test_a_new_entry_drops_what_could_be_redone(store: EventStore) -> None:
    store.record_result(entry(1, 1, 1, 7))
    store.undo()
    store.record_result(entry(1, 1, 2, 6))
    assert store.redo() is None
    assert [r.tray for r in store.results()] == [2]


def test_undo_a_new_deal_makes_the_old_results_count_again(store: EventStore) -> None:
    old = store.record_result(entry(1, 1, 1, 7))
    store.order_new_deal(1, "misdeal")
    assert store.results() == ()
    store.undo()
    assert [r.id for r in store.results()] == [old.id]
    assert [d.version for d in store.deals() if d.tray == 1] == [1]
    store.redo()
    assert store.results() == ()
    assert [d.version for d in store.deals() if d.tray == 1] == [1, 2]


def test_undo_a_deletion_restores_the_result(store: EventStore) -> None:
    first = store.record_result(entry(1, 1, 1, 7, who="T1"))
    store.delete_result(first.id, first.version)
    store.undo()
    back = store.result(first.id)
    assert (back.ns_tricks, back.entered_by, back.entered_at) == (7, "T1", first.entered_at)


def test_undo_refuses_what_another_station_changed_since(
    store: EventStore, reopen: Callable[[], EventStore]
) -> None:
    first = store.record_result(entry(1, 1, 1, 7))
    store.record_slip(1, "QH")
    store.undo()  # the slip
    other = reopen()
    other.correct_result(first.id, first.version, ns_tricks=8, who="station 2")
    # The director's undo takes back the director's own entry, never station 2's correction
    # made since; the entry no longer holds what it left, and the refusal says who changed it.
    with pytest.raises(ConflictError, match=r"changed since by station 2 \(#\d+ correct result\)"):
        store.undo()
    assert store.result(first.id).ns_tricks == 8
    correction = store.audit_log(1)[0]
    assert correction.who == "station 2"
    store.undo_step(correction.id)  # taken back by its number, as from the History
    assert store.result(first.id).ns_tricks == 7
    assert store.undo() is not None  # now the director's entry is as it left it
    assert store.results() == ()
    store.redo()
    from sqlalchemy import update

    from director.store.schema import ResultRow

    with store._unit() as db:  # a change that bypassed the trail
        db.execute(update(ResultRow).values(ns_tricks=3, ew_tricks=10))
    with pytest.raises(ConflictError, match="outside the history"):
        store.undo()

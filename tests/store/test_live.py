"""The standings' changes since a step: applied to the input read then, they give the input
read now, for every kind of change to results; any other change asks for a full reading."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from director.scoring.model import SectionPlay
from director.store.services import EventStore, IrregularityKind, ResultEntry, Revoke
from schedules.types import Direction


def entry(round: int, table: int, tray: int, ns: int | None) -> ResultEntry:
    return ResultEntry(1, round, table, tray, ns)


def _record(store: EventStore) -> None:
    store.record_result(entry(2, 3, 2, 9))


def _correct(store: EventStore) -> None:
    first = store.results()[0]
    store.correct_result(first.id, first.version, ns_tricks=3)


def _revoke(store: EventStore) -> None:
    first = store.results()[0]
    revoke = Revoke(Direction.EW, 1, tricks_after=2)
    store.correct_result(first.id, first.version, ns_tricks=6, revokes=(revoke,))


def _delete(store: EventStore) -> None:
    first = store.results()[0]
    store.delete_result(first.id, first.version)


def _rule(store: EventStore) -> None:
    store.record_irregularity(
        round=2, table=3, tray=1, kind=IrregularityKind.WRONG_TRUMP_OVERPLAY, table_trump="S"
    )


def _record_and_undo(store: EventStore) -> None:
    _record(store)
    store.undo()


def _several(store: EventStore) -> None:
    _record(store)
    _correct(store)
    store.undo()
    store.redo()


@pytest.mark.parametrize(
    "change",
    [_record, _correct, _revoke, _delete, _rule, _record_and_undo, _several],
    ids=lambda f: f.__name__.strip("_"),
)
def test_changes_applied_give_the_input_read_now(
    store: EventStore, change: Callable[[EventStore], None]
) -> None:
    store.record_result(entry(1, 1, 1, 7))
    store.record_result(entry(2, 3, 1, 8))
    store.record_result(entry(1, 2, 7, 5))
    mark = store.audit_mark()
    before: SectionPlay = store.scoring_input()
    change(store)
    changes = store.scoring_changes(mark)
    assert changes is not None
    assert changes.mark == store.audit_mark() > mark
    now = store.scoring_input()
    assert changes.apply(before) == now
    touched = {r.tray for r in set(before.results) ^ set(now.results)}
    assert touched <= changes.trays


def test_nothing_changed_is_an_empty_change(store: EventStore) -> None:
    store.record_result(entry(1, 1, 1, 7))
    mark = store.audit_mark()
    changes = store.scoring_changes(mark)
    assert changes is not None
    assert (changes.mark, changes.trays, changes.results) == (mark, frozenset(), ())


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.add_player("Mr Late"),
        lambda s: s.record_slip(1, "KD"),
        lambda s: s.order_new_deal(1, "a card faced in dealing"),
        lambda s: s.update_event(venue="Club room"),
    ],
    ids=["player", "slip", "new deal", "event"],
)
def test_other_changes_ask_for_a_full_reading(
    store: EventStore, change: Callable[[EventStore], object]
) -> None:
    store.record_result(entry(1, 1, 1, 7))
    mark = store.audit_mark()
    change(store)
    assert store.scoring_changes(mark) is None

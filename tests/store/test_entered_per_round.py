"""The results each round has, counted by the database for the evening's path: the same count
as the results read in full, a replaced deal's results no longer among them."""

from __future__ import annotations

from collections import Counter

from director.store.services import EventStore, ResultEntry


def counted(store: EventStore) -> dict[int, int]:
    """The rounds' counts from the results read in full."""
    return dict(Counter(r.round for r in store.results()))


def test_each_round_counts_its_counting_results(store: EventStore) -> None:
    assert store.entered_per_round() == {}
    # In the 3-table Mitchell tray 1 is played at (round, table) (1, 1), (2, 3), (3, 2).
    for entry in (
        ResultEntry(1, 1, 1, 1, 8),
        ResultEntry(1, 1, 1, 2, 7),
        ResultEntry(1, 2, 3, 1, 6),
        ResultEntry(1, 3, 2, 1, 5),
    ):
        store.record_result(entry)
    assert store.entered_per_round() == counted(store) == {1: 2, 2: 1, 3: 1}
    store.order_new_deal(1, "a card faced in dealing")
    assert store.entered_per_round() == counted(store) == {1: 1}
    assert store.entered_per_round(session=1, section="A") == {1: 1}

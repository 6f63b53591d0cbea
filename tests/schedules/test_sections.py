"""Several sections as one event."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schedules.catalog import Request, build
from schedules.findings import ImpossibleMovementError
from schedules.sections import combine_sections
from schedules.tally import opponent_counts
from schedules.verify import verify


@given(sizes=st.lists(st.sampled_from([3, 4, 5, 7]), min_size=1, max_size=4))
def test_sections_keep_to_themselves(sizes: list[int]) -> None:
    parts = [build(Request("mitchell", tables=t)) for t in sizes]
    event = combine_sections(parts)
    assert verify(event) == []
    assert event.tables == sum(sizes)
    assert len(event.trays) == sum(len(p.trays) for p in parts)
    assert event.rounds == max(p.rounds for p in parts)
    for (a, b), _ in opponent_counts(event).items():
        assert a.split("-")[0] == b.split("-")[0]
    for s in event.seatings:
        section = s.places[0].split("-")[0]
        assert all(w.startswith(section) for w in s.places)


def test_sections_need_distinct_names() -> None:
    part = build(Request("mitchell", tables=3))
    with pytest.raises(ImpossibleMovementError, match="distinct name"):
        combine_sections([part, part], ["A", "A"])

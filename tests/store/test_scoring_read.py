"""The scoring input read in one pass of plain columns (`repository.results.scored_results`) carries
every stored field of every counting result, in scoring's order, on SQLite and PostgreSQL."""

from __future__ import annotations

from director.store.services import (
    Award,
    EventSettings,
    EventStore,
    IrregularityKind,
    Method,
    ResultEntry,
    Revoke,
)
from schedules.types import Direction


def test_scoring_reads_every_field_of_a_stored_result(store: EventStore) -> None:
    store.update_event(settings=EventSettings(method=Method.MATCHPOINTS))
    both = (Revoke(Direction.NS, 1, 1), Revoke(Direction.EW, 2, 0, 1))
    for entry in (
        # In the 3-table Mitchell tray 1 is played at (round, table) (1, 1), (2, 3), (3, 2).
        ResultEntry(1, 1, 1, 1, 8, revokes=(Revoke(Direction.NS, 2, 4, 1),), ew_record=5),
        ResultEntry(1, 2, 3, 1, 6),
        ResultEntry(1, 3, 2, 1, 7, revokes=both, ew_record=4),
        ResultEntry(1, 1, 2, 7, None, awards=(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)),
        ResultEntry(1, 2, 1, 7, 9, revokes=(Revoke(Direction.EW, 1, 2),)),
    ):
        store.record_result(entry)
    store.record_irregularity(
        round=2, table=3, tray=1, kind=IrregularityKind.WRONG_TRUMP_OVERPLAY, table_trump="S"
    )
    read = store.scoring_input().results
    assert [r.key for r in read] == sorted(r.key for r in read)
    by_play = {(r.round, r.table, r.tray): r for r in read}
    stored = store.results()
    assert len(by_play) == len(stored) == 5
    for result in stored:
        got = by_play[result.round, result.table, result.tray]
        assert (got.ns_tricks, got.ew_record, got.revokes, got.version) == (
            result.ns_tricks,
            result.ew_record,
            result.revokes,
            result.deal_version,
        )
        assert got.awards == (result.awards or (Award.AVERAGE, Award.AVERAGE))
    assert by_play[1, 2, 7].irregularity is not None  # not played: no tricks
    assert by_play[1, 2, 7].irregularity.kind is IrregularityKind.NOT_PLAYED
    ruled = by_play[2, 3, 1].irregularity
    assert ruled is not None
    assert ruled.kind is IrregularityKind.WRONG_TRUMP_OVERPLAY

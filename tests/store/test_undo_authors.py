"""Undo with several authors: the director's undo takes back the director's own last step,
never a table's entry that landed in between; any step is taken back by its number."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.cli import main
from director.store.services import ConflictError, EventStore, ResultEntry
from schedules.types import Movement


def _plays(movement: Movement) -> list[tuple[int, int, int]]:
    return [(s.round, s.table, t) for s in movement.seatings if s.round == 1 for t in s.trays]


def test_the_directors_undo_skips_a_tables_entry_made_since(
    store: EventStore, movement: Movement
) -> None:
    mine_at, table_at, later_at = _plays(movement)[:3]
    mine = store.record_result(ResultEntry(1, *mine_at, 7))
    table = store.record_result(ResultEntry(1, *table_at, 8, entered_by="table 2"))
    upcoming = store.next_undo()
    assert upcoming is not None
    assert upcoming.in_words() == f"record result by director: {upcoming.summary}"
    undone = store.undo()
    assert undone is not None
    assert (undone.who, undone.action) == ("director", "record result")
    assert [r.id for r in store.results()] == [table.id]
    assert f"record result by director: round {mine_at[0]}" in store.audit_log(1)[0].summary
    # A table's new step does not drop what the director can redo.
    store.record_result(ResultEntry(1, *later_at, 9, entered_by=f"table {later_at[1]}"))
    assert store.redo() is not None
    assert mine.id in {r.id for r in store.results()}


def test_a_tables_step_is_taken_back_and_put_back_by_its_number(
    store: EventStore, movement: Movement
) -> None:
    table_at = _plays(movement)[0]
    store.record_result(ResultEntry(1, *table_at, 8, entered_by="table 1"))
    step = store.audit_log(1)[0]
    assert store.undo_step(step.id).who == "table 1"
    assert store.results() == ()
    with pytest.raises(ConflictError, match="it is undone already"):
        store.undo_step(step.id)
    assert store.redo_step(step.id).id == step.id
    assert len(store.results()) == 1
    undo_row = store.audit_log(2)[1]
    assert undo_row.action == "undo"
    with pytest.raises(ConflictError, match="is not undone or redone itself"):
        store.undo_step(undo_row.id)
    with pytest.raises(ConflictError, match="no step #999"):
        store.undo_step(999)


def test_the_command_line_names_who_and_takes_a_step_by_number(
    tmp_path: Path, movement: Movement, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "event.whist"
    first, second = _plays(movement)[:2]
    with EventStore.create(path, "Club") as store:
        store.choose_movement(movement)
        store.record_result(ResultEntry(1, *first, 7))
        store.record_result(ResultEntry(1, *second, 8, entered_by=f"table {second[1]}"))
        table_step = store.audit_log(1)[0].id
    assert main(["event", "undo", str(path)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("undid #")
    assert "record result by director: round 1" in said
    assert main(["event", "undo", str(path), "--step", str(table_step)]) == 0
    assert f"record result by table {second[1]}" in capsys.readouterr().out
    with EventStore.open(path, read_only=True) as check:
        assert check.results() == ()
    assert main(["event", "undo", str(path), "--by", "table 9"]) == 0
    assert "nothing of table 9's to undo" in capsys.readouterr().out

"""A stateful test: random entries, corrections, deletions, undo, redo and reopening, with the
store compared after every step against a plain dict (and a list of its past states)."""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from director.store.services import ConflictError, EventStore, Result, ResultEntry
from schedules.jsonio import load_movement
from tests.conftest import MOVEMENTS

MOVEMENT = load_movement(str(MOVEMENTS / "bridgescorer-Mitchell3Table.json"))
PLAYS = sorted((s.round, s.table, t) for s in MOVEMENT.seatings for t in s.trays[:2])
Play = tuple[int, int, int]


@functools.cache
def template() -> Path:
    """One event file with the movement chosen, copied for every example (creating a file
    runs the migrations, which is slow to repeat)."""
    folder = Path(tempfile.mkdtemp(prefix="director-stateful-"))
    atexit.register(shutil.rmtree, folder, True)
    path = folder / "template.whist"
    with EventStore.create(path, "Stateful") as store:
        store.choose_movement(MOVEMENT)
    return path


class StoreAgainstDict(RuleBasedStateMachine):
    """The store's counting results must always equal the model's current state."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="director-stateful-"))
        self.path = self.folder / "event.whist"
        self.history: list[dict[Play, int]] = [{}]
        self.at = 0

    @initialize()
    def open_store(self) -> None:
        shutil.copy(template(), self.path)
        self.store = EventStore.open(self.path)

    @property
    def model(self) -> dict[Play, int]:
        return self.history[self.at]

    def _did(self, state: dict[Play, int]) -> None:
        del self.history[self.at + 1 :]
        self.history.append(state)
        self.at += 1

    @rule(play=st.sampled_from(PLAYS), tricks=st.integers(0, 13))
    def enter(self, play: Play, tricks: int) -> None:
        if play in self.model:
            try:
                self.store.record_result(ResultEntry(1, *play, tricks))
            except ConflictError:
                return
            raise AssertionError("a second result for the same play was accepted")
        self.store.record_result(ResultEntry(1, *play, tricks))
        self._did({**self.model, play: tricks})

    @precondition(lambda self: bool(self.model))
    @rule(data=st.data(), tricks=st.integers(0, 13))
    def correct(self, data: st.DataObject, tricks: int) -> None:
        play = data.draw(st.sampled_from(sorted(self.model)))
        found = self._stored(play)
        self.store.correct_result(found.id, found.version, ns_tricks=tricks)
        self._did({**self.model, play: tricks})

    @precondition(lambda self: bool(self.model))
    @rule(data=st.data())
    def delete(self, data: st.DataObject) -> None:
        play = data.draw(st.sampled_from(sorted(self.model)))
        found = self._stored(play)
        self.store.delete_result(found.id, found.version)
        self._did({k: v for k, v in self.model.items() if k != play})

    @rule()
    def undo(self) -> None:
        if self.at == 0:
            # Before the first entry, undo would take back the choice of the movement.
            before = self.store.next_undo()
            assert before is not None
            assert before.action == "choose movement"
            return
        assert self.store.undo() is not None
        self.at -= 1

    @rule()
    def redo(self) -> None:
        redone = self.store.redo()
        assert (redone is not None) == (self.at < len(self.history) - 1)
        self.at = min(self.at + 1, len(self.history) - 1)

    @rule()
    def reopen(self) -> None:
        self.store.close()
        self.store = EventStore.open(self.path)

    def _stored(self, play: Play) -> Result:
        return next(r for r in self.store.results() if (r.round, r.table, r.tray) == play)

    @invariant()
    def store_matches_model(self) -> None:
        if not hasattr(self, "store"):
            return
        stored = {(r.round, r.table, r.tray): r.ns_tricks for r in self.store.results()}
        assert stored == self.model

    def teardown(self) -> None:
        if hasattr(self, "store"):
            self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)


StoreAgainstDict.TestCase.settings = settings(
    max_examples=15, stateful_step_count=12, deadline=None
)
test_store_against_dict = pytest.mark.slow(StoreAgainstDict.TestCase)

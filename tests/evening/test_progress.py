"""Where the evening stands, read from a real event file without Qt: each step done or not,
and the one to take next."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from director.evening.progress import Step, evening, next_step
from director.gui.demo import demo_event, enter_everything, pair_up, roster_csv
from director.store.services import EventStore
from director.store.values import ResultEntry


def test_a_new_event_starts_with_entering_the_players(tmp_path: Path) -> None:
    with EventStore.create(tmp_path / "new.whist", name="Club") as store:
        states = evening(store, None, False, session=1, section="A")
        assert [s.step for s in states] == list(Step)
        assert not any(s.done for s in states)
        assert next_step(states).action == "Enter the players"


def test_a_roster_without_pairs_asks_for_the_pairs_then_the_movement(tmp_path: Path) -> None:
    with EventStore.create(tmp_path / "club.whist", name="Club") as store:
        store.import_roster(roster_csv(tmp_path / "roster.csv", 8))
        states = evening(store, None, False, session=1, section="A")
        # the demo roster says who is a lady and who a gentleman: their game needs no pairs
        assert states[0].done
        assert states[0].status == "4 ladies, 4 gentlemen"
        assert next_step(states).step is Step.MOVEMENT
        pair_up(store, ["1", "2", "3", "4"])
        states = evening(store, None, False, session=1, section="A")
        assert states[0].status == "4 pairs"


def test_the_scores_step_names_the_first_round_still_to_enter(tmp_path: Path) -> None:
    with demo_event(tmp_path / "night.whist", tables=3, played=False) as store:
        movement = store.movement(session=1)
        first = [s for s in movement.seatings if s.round == 1]
        for s in first:
            for tray in s.trays:
                store.record_result(ResultEntry(1, 1, s.table, tray, 7))
        states = evening(store, movement, False, session=1, section="A")
        by_step = {s.step: s for s in states}
        assert by_step[Step.PAPERS].done
        assert by_step[Step.PAPERS].status == "in use"
        assert by_step[Step.SCORES].round == 2
        assert by_step[Step.SCORES].action == "Enter round 2's scores"
        assert by_step[Step.RESULTS].status == "provisional"


def test_a_finished_evening_has_every_step_done_and_goes_on_to_the_standings(
    tmp_path: Path,
) -> None:
    with demo_event(tmp_path / "night.whist", tables=3, played=False) as store:
        movement = store.movement(session=1)
        before = evening(store, movement, True, session=1, section="A")
        assert next_step(before).step is Step.SLIPS
        enter_everything(store)
        states = evening(store, movement, False, session=1, section="A")
        assert all(s.done for s in states)
        assert next_step(states).step is Step.RESULTS
        assert states[-1].status == "final"


def test_the_use_cases_load_without_qt() -> None:
    """Every module of the use-case layer imports with no Qt loaded: the table server and the
    command line can use them on a machine without a display."""
    code = (
        "import pkgutil, importlib, sys, director.evening as e\n"
        "for m in pkgutil.iter_modules(e.__path__):\n"
        "    importlib.import_module(f'director.evening.{m.name}')\n"
        "print(sorted(n for n in sys.modules if n.startswith(('PySide6', 'director.gui'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"

"""The running plus/minus, without Qt: each competitor's line ends at their total, and a
provisional evening's lines stop at the last round played."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.evening.plus_minus import last_round_played, running_plus_minus
from director.gui.demo import demo_event
from director.scoring.session import score_section
from director.store.values import ResultEntry


@pytest.mark.parametrize("played", [0, 1, 2, 3])
def test_the_lines_stop_at_the_last_round_played_and_end_at_each_total(
    tmp_path: Path, played: int
) -> None:
    with demo_event(tmp_path / "night.whist", tables=3, played=False) as store:
        movement = store.movement(session=1)
        for s in movement.seatings:
            if s.round <= played:
                for tray in s.trays:
                    store.record_result(ResultEntry(1, s.round, s.table, tray, 5 + s.table))
        result = score_section(store.scoring_input())
        running = running_plus_minus(result)
        assert last_round_played(result) == played
        assert all(len(row) == played for row in running.values())
        if played:
            totals = {s.label: s.plus_minus for s in result.standings["overall"]}
            assert {label: row[-1] for label, row in running.items()} == totals
            # plus and minus balance at every round: what one pair gains the other loses
            assert all(sum(row[n] for row in running.values()) == 0 for n in range(played))
        else:
            assert running == {}

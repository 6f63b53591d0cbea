"""The standings as text (`director score`, `director event standings`): a competitor who
withdrew is marked there as on the printed results."""

from __future__ import annotations

import re

from director.scoring import score_section
from director.scoring.model import SectionPlay
from director.scoring.session import marked_names
from director.scoring.text import report
from schedules.repair import withdraw
from tests.scoring.builders import mitchell, random_results


def test_a_pair_that_withdrew_is_marked_in_the_text_standings() -> None:
    movement = withdraw(mitchell(5, 1), "2", 5).movement
    play = SectionPlay(movement, tuple(random_results(movement, 3)))
    text = report(score_section(play), marked_names(play))
    assert set(re.findall(r"(\S+) +\(withdrew after round (\d+)\)", text)) == {("2", "4")}
    # the standings' line too, whole, its figures after it
    assert re.search(r"^  \S+ +2 \(withdrew after round 4\) +\d", text, re.MULTILINE)


def test_nobody_is_marked_where_nobody_withdrew() -> None:
    movement = mitchell(5, 1)
    play = SectionPlay(movement, tuple(random_results(movement, 3)))
    assert marked_names(play) == dict(play.names)
    assert "withdrew" not in report(score_section(play), marked_names(play))

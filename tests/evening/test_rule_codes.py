"""A rule's code is shown with what it means: the codes' words, without a display."""

from __future__ import annotations

import re
from pathlib import Path

from director.evening.rule_codes import MEANINGS, codes_in, meanings

RULES = Path(__file__).parents[2] / "docs" / "scoring-rules.md"


def test_every_code_of_the_scoring_rules_has_its_meaning() -> None:
    headings = re.findall(r"^### ([WAM]\d+) ", RULES.read_text(encoding="utf-8"), re.MULTILINE)
    assert headings
    assert set(headings) == set(MEANINGS)


def test_the_codes_named_are_found_once_each_in_order() -> None:
    assert codes_in("Total plus/minus (W2-W5); not played (W5) or artificial (M4)") == (
        "W2",
        "W5",
        "M4",
    )
    assert codes_in("Law IV Sec.9; WBF Law 12C") == ()
    assert meanings("credited the average (W5)") == f"W5: {MEANINGS['W5']}"
    assert meanings("no code here") == ""

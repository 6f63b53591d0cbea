"""Explanations: every figure traced to its inputs, the law applied and the steps."""

from __future__ import annotations

from director.scoring import score_section
from director.scoring.explain import explain, explain_text
from director.scoring.text import report
from tests.scoring.builders import one_deal, one_deal_results, revoke, session


def _revoke_deal():
    results = one_deal_results([7, 7, 7, 7, 5], **{"5": {"revokes": (revoke("ew", 3, 8),)}})
    return score_section(session(one_deal(5), results))


def test_a_revoke_is_explained_with_its_law_and_steps() -> None:
    steps = explain(_revoke_deal(), "10", tray=1)  # E/W pair at table 5
    rules = {s.rule for s in steps}
    assert "Law VII Sec.4" in rules
    assert "Law VII Sec.4, second paragraph (W14.4)" in rules
    assert steps[-1].text == "  10: 4 tricks, plus/minus -2"


def test_the_total_adds_every_deal() -> None:
    text = explain_text(_revoke_deal(), "10")
    assert text.endswith("Total plus/minus for 10: -2  [W2-W5]")


def test_a_deal_not_played_is_explained_as_the_average() -> None:
    steps = explain(_revoke_deal(), "10", tray=2)
    assert steps[0].rule == "W5"


def test_the_text_report_marks_the_revoke() -> None:
    text = report(_revoke_deal())
    line = next(x for x in text.splitlines() if x.strip().startswith("T5"))
    assert "[revoke]" in line
    assert "+R -R" in line

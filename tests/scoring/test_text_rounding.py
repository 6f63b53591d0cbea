"""Display rounding: exact fractions underneath, rounded only for the eye
(docs/scoring-rules.md#w11-rounding)."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from director.scoring.text import Rounding, figure

EXAMPLE = "director/data/examples/mitchell-plusminus.json"


@given(st.fractions(min_value=-200, max_value=200), st.sampled_from(list(Rounding)))
def test_rounded_figure_is_the_nearest_step(x: Fraction, rounding: Rounding) -> None:
    step = Fraction(rounding.value)
    shown = Fraction(figure(x, rounding=rounding))
    assert abs(shown - x) <= step / 2
    assert shown / step == int(shown / step)


def test_halves_round_away_from_zero() -> None:
    assert figure(Fraction(5, 2), rounding=Rounding.WHOLE) == "3"
    assert figure(Fraction(-5, 2), rounding=Rounding.WHOLE) == "-3"
    assert figure(Fraction(3, 4), signed=True, rounding=Rounding.HALVES) == "+1"
    assert figure(Fraction(1, 4), rounding=Rounding.HALVES) == "0.5"
    assert figure(Fraction(-1, 5), rounding=Rounding.WHOLE) == "0"


def test_score_command_rounds_only_the_display(capsys) -> None:
    assert main(["score", EXAMPLE]) == 0
    exact = capsys.readouterr().out
    assert main(["score", EXAMPLE, "--rounding", "whole"]) == 0
    whole = capsys.readouterr().out
    assert exact != whole
    # The same competitors in the same order: rounding never changes a ranking.
    rows = [line.split()[:2] for line in exact.splitlines() if line.startswith("  1")]
    assert rows == [line.split()[:2] for line in whole.splitlines() if line.startswith("  1")]
    assert all("." not in tok for line in whole.splitlines()[:20] for tok in line.split()[3:])


@given(
    st.fractions(min_value=-1000, max_value=1000),
    st.booleans(),
    st.sampled_from(list(Rounding)),
)
def test_a_figure_reads_as_the_rounding_rule_says(
    x: Fraction, signed: bool, rounding: Rounding
) -> None:
    """The rounding worked out in whole numbers reads as the rule in fractions does."""
    step = Fraction(rounding.value)
    value = math.copysign(1, x) * math.floor(abs(x) / step + Fraction(1, 2)) * step
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    text = "0" if text in ("-0", "") else text
    assert figure(x, signed, rounding) == (f"+{text}" if signed and value > 0 else text)

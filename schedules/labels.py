"""The order competitors' labels are listed in: "2" before "10", "NS2" before "NS10",
"1.2" before "10.1", as a director reads them.

>>> sorted(["10", "2", "NS10", "EW1", "NS2", "1.2", "10.1"], key=natural_key)
['1.2', '2', '10', '10.1', 'EW1', 'NS2', 'NS10']
"""

from __future__ import annotations

import re

_DIGITS = re.compile(r"(\d+)")

Part = str | tuple[int, str]
"""A run of text, or a run of digits as (length without leading zeros, those digits)."""


def natural_key(label: str) -> tuple[tuple[Part, ...], str]:
    """A sort key taking each run of digits in `label` by its value; the label itself breaks
    ties ("02" and "2")."""
    # split() with a group alternates text and digit runs, text first (maybe empty), so two
    # keys always compare text with text and digits with digits. A digit run compares by its
    # length, then its digits: its value, without converting a label of any length to a number.
    runs = _DIGITS.split(label)
    parts = tuple(_value(run) if i % 2 else run for i, run in enumerate(runs))
    return parts, label


def _value(digits: str) -> tuple[int, str]:
    significant = digits.lstrip("0")
    return len(significant), significant

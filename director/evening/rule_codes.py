"""What the scoring rules' codes mean, for the line that shows one ("W5", "M4").

The scoring engine names the rule behind a figure by its code in docs/scoring-rules.md: W for
the laws' own scoring, A for the A.W.L. laws' tables, M for the modern layer. A director reads
the code with its meaning beside it, never the code alone. A use case of the evening, so any
front end that names a rule can say what it means.
"""

from __future__ import annotations

import re

MEANINGS: dict[str, str] = {
    "W1": "the trick score",
    "W2": "plus/minus: tricks above or below the average of the deal",
    "W3": "N/S and E/W scored alike",
    "W4": "scoring pairs who change direction",
    "W5": "a deal played at fewer tables, or not played, counts the average",
    "W6": "two teams of four",
    "W7": "more than two teams",
    "W8": "an odd number of pairs in a team",
    "W9": "individual events and the four winners",
    "W10": "ties",
    "W11": "rounding",
    "W12": "records that disagree",
    "W13": "average awards and new deals",
    "W14": "revokes",
    "W15": "a deal played twice",
    "A3": "the other tables",
    "A6": "both sides revoke",
    "M1": "matchpoints",
    "M2": "percentages",
    "M3": "Neuberg's rule for deals played fewer times",
    "M4": "under matchpoints, an artificial score for a deal not played",
    "M5": "fouled deals",
    "M6": "sit-outs and unequal numbers of deals",
    "M7": "rounding",
}
"""Each code of docs/scoring-rules.md, in a few plain words."""

_CODE = re.compile(r"\b([WAM]\d{1,2})\b")


def codes_in(text: str) -> tuple[str, ...]:
    """The rule codes `text` names, in order, each once ("W2-W5" names W2 and W5)."""
    return tuple(dict.fromkeys(c for c in _CODE.findall(text) if c in MEANINGS))


def meanings(text: str) -> str:
    """What the codes named in `text` mean, as one line ("W5: a deal ... average; M4: ...");
    "" when it names none."""
    return "; ".join(f"{code}: {MEANINGS[code]}" for code in codes_in(text))

"""Scoring: averages, plus/minus, equating, the laws' awards and revokes, matchpoints. Pure.

The front door is `score_section(play) -> SectionResult`. `rescore` re-scores after a few
deals changed; `LiveScorer` keeps running totals so the GUI can refresh on every keystroke;
`director.scoring.explain` says how any figure was reached. The vocabulary is in
`director.scoring.model`, the refused-input errors in `director.scoring.errors`.

The rule codes in explanations and docstrings (W1-W14, M1-M7, A3, A6) are defined in
docs/scoring-rules.md; the readings of the laws they carry out are in docs/laws.md.
"""

from director.scoring.session import LiveScorer, rescore, score_section

__all__ = ["LiveScorer", "rescore", "score_section"]

"""Named errors for refused input: each message names the deal, table and field at fault."""

from __future__ import annotations

from director.errors import DirectorError


class ScoringError(DirectorError, ValueError):
    """Input to scoring that cannot be scored; nothing is computed from half-valid input."""


class TrickCountError(ScoringError):
    """Tricks outside 0..13, or a revoke's trick counts that cannot have happened."""


class UnknownPlayError(ScoringError):
    """A result for a table, round or tray the movement does not have play there."""


class UnknownCompetitorError(ScoringError):
    """A label that is not in the movement's field."""


class AwardError(ScoringError):
    """An award or ruling the laws do not give in the circumstances."""


class InputFormatError(ScoringError):
    """A session file that does not have the documented shape."""


def where(tray: int, table: int, round_: int, version: int = 1) -> str:
    """The place of a result, as every message starts.

    >>> where(3, 2, 1), where(3, 2, 1, version=2)
    ('tray 3, table 2, round 1', 'tray 3 (new deal 2), table 2, round 1')
    """
    deal = f"tray {tray}" if version == 1 else f"tray {tray} (new deal {version})"
    return f"{deal}, table {table}, round {round_}"

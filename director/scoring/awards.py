"""What each irregularity does to the score: the laws' table (W13), looked up, not if-laddered.

>>> ruling(IrregularityKind.WRONG_TRUMP_OVERPLAY, tables=4, mnemonic=False)
<Outcome.AVERAGE: 'the table takes the average score'>
>>> ruling(IrregularityKind.WRONG_TRUMP_OVERPLAY, tables=2, mnemonic=False)
<Outcome.NEW_DEAL: 'a new deal'>
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from director.scoring.model import Award, IrregularityKind
from schedules.types import Movement, TrayNo


class Outcome(enum.Enum):
    """The scoring consequence of a ruling."""

    STANDS = "the result stands as played"
    AVERAGE = "the table takes the average score"
    NEW_DEAL = "a new deal"
    NOT_PLAYED = "not played: credited the average (W5) or an artificial score (M4)"


@dataclass(frozen=True, slots=True)
class Rule:
    """One law's consequence with more than two tables in play, and with fewer than three."""

    law: str
    many: Outcome
    few: Outcome
    quote: str


RULES: dict[IrregularityKind, Rule] = {
    # Law IV Sec.8: "discovered and corrected before the play of the deal is commenced, the
    # card turned in error is liable to be called" -- no scoring event.
    IrregularityKind.WRONG_TRUMP_CORRECTED: Rule(
        "Law IV Sec.8",
        Outcome.STANDS,
        Outcome.STANDS,
        "the card turned in error is liable to be called",
    ),
    # Law IV Sec.9
    IrregularityKind.WRONG_TRUMP_OVERPLAY: Rule(
        "Law IV Sec.9",
        Outcome.AVERAGE,
        Outcome.NEW_DEAL,
        "the players at that table shall take the average score for the deal; if less than"
        " three tables are in play there must be a new deal",
    ),
    # Law IV Sec.10, first sentence: found at the next table, whatever the number of tables.
    IrregularityKind.SLIP_FOUND_AT_NEXT_TABLE: Rule(
        "Law IV Sec.10",
        Outcome.NEW_DEAL,
        Outcome.NEW_DEAL,
        "the error be discovered at the next table, there must be a new deal",
    ),
    # Law IV Sec.10, second sentence: only the original table takes the average.
    IrregularityKind.SLIP_MISRECORDED: Rule(
        "Law IV Sec.10",
        Outcome.AVERAGE,
        Outcome.NEW_DEAL,
        "the recorded trump must be taken as correct and the players at the original table"
        " take the average score for the deal; if less than three tables are in play, there"
        " must be a new deal",
    ),
    # Law V Sec.1
    IrregularityKind.WRONG_CARDS: Rule(
        "Law V Sec.1",
        Outcome.AVERAGE,
        Outcome.NEW_DEAL,
        "the table at which the error was discovered must not overplay the deal but shall"
        " take the average score",
    ),
    # Law V Sec.2: the short player answers for the missing cards and the revokes they caused.
    IrregularityKind.SHORT_HAND: Rule(
        "Law V Sec.2",
        Outcome.STANDS,
        Outcome.STANDS,
        "such player shall be answerable for the missing card or cards and for any revoke or"
        " revokes which he has made by reason of its or their absence",
    ),
    # Law II Sec.2
    IrregularityKind.MISDEAL: Rule(
        "Law II Sec.2", Outcome.NEW_DEAL, Outcome.NEW_DEAL, "there must be a new deal"
    ),
    # Not a law: a table that could not play the deal (W5; modern M4).
    IrregularityKind.NOT_PLAYED: Rule(
        "W5 / WBF Law 12C",
        Outcome.NOT_PLAYED,
        Outcome.NOT_PLAYED,
        "a pair that did not play a deal is credited with the average",
    ),
}

MNEMONIC = Rule(
    "Mnemonic Duplicate (docs/laws.md#mnemonic-duplicate)",
    Outcome.NEW_DEAL,
    Outcome.NEW_DEAL,
    "in case of the discovery of an irregularity in the hands, there must always be a new deal",
)
"""Every irregularity in the hands in mnemonic play (the corrected wrong trump is not one)."""

ARTIFICIAL_SHARE: dict[Award, Fraction] = {
    # WBF Law 12C (1997 12C1; 2017 12C2(a)): share of the full top.
    Award.AVERAGE_PLUS: Fraction(3, 5),  # in no way at fault: at least 60%
    Award.AVERAGE: Fraction(1, 2),  # partly at fault: 50%
    Award.AVERAGE_MINUS: Fraction(2, 5),  # directly at fault: at most 40%
}

FEW_TABLES = 3
"""The laws' dividing line: "if less than three tables are in play"."""


def plays_of(movement: Movement, tray: TrayNo) -> int:
    """The tables at which the movement plays `tray`: the laws' "tables in play" for that deal.

    The threshold exists so that an average rests on at least two other results, so each play
    counts (a table that plays the tray twice gives two results).

    >>> from schedules.types import Competitors, Seating, infer_trays
    >>> seats = (Seating.pair(1, 1, (1, 2), "a", "b"), Seating.pair(1, 2, (2, 1), "c", "d"),
    ...          Seating.pair(1, 3, (3,), "e", "f"))
    >>> mv = Movement("x", Competitors.PAIRS, 3, 1, infer_trays(seats), seats, tuple("abcdef"))
    >>> mv.tables, plays_of(mv, 1)
    (3, 2)
    """
    return sum(tray in seating.trays for seating in movement.seatings)


def rule_for(kind: IrregularityKind, mnemonic: bool) -> Rule:
    """The rule that applies to an irregularity (mnemonic play replaces the hands' rules)."""
    in_hands = kind not in (IrregularityKind.WRONG_TRUMP_CORRECTED, IrregularityKind.NOT_PLAYED)
    return MNEMONIC if mnemonic and in_hands else RULES[kind]


def ruling(kind: IrregularityKind, tables: int, mnemonic: bool) -> Outcome:
    """The consequence of an irregularity with `tables` tables in play: the tables at which
    the deal is played (`plays_of`), not the movement's tables."""
    rule = rule_for(kind, mnemonic)
    return rule.many if tables >= FEW_TABLES else rule.few

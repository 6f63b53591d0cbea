"""Promises of individual movements."""

from __future__ import annotations

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.tally import all_pairs, opponent_counts, partner_counts
from schedules.types import Movement


@promise(
    "individual-wh",
    "a whist tournament: every two players partners exactly once and opponents exactly twice",
)
def check_whist_tournament(movement: Movement) -> list[Finding]:
    """Wh(v): partner once, oppose twice (doubled under mnemonic play)."""
    times = 2 if movement.mnemonic else 1
    partners = partner_counts(movement)
    opponents = opponent_counts(movement)
    findings = []
    for key in all_pairs(movement.field):
        a, b = key
        if partners[key] != times:
            findings.append(
                Finding(
                    Law.PARTNERS_WRONG,
                    None,
                    None,
                    key,
                    f"{a} and {b} are partners {partners[key]} times (must be {times})",
                )
            )
        if opponents[key] != 2 * times:
            findings.append(
                Finding(
                    Law.OPPONENTS_WRONG,
                    None,
                    None,
                    key,
                    f"{a} and {b} are opponents {opponents[key]} times (must be {2 * times})",
                )
            )
    return findings

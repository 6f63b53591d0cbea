"""The promise of the Snow system as we reconstruct it (docs/movement-rules.md#the-snow-system).

Every pair plays every tray of the movement twice, once with each side's hands (the universal
mnemonic rule checks "once in each direction"), the two plays against different opponents and
at least R/2 - 1 rounds apart (R rounds in all).

Why R/2 - 1 is the most that can be promised when each tray set is at one table a round: if a
pair replayed every set R/2 rounds later, it would play its sets in the same order in both
halves; two pairs meeting over a set in the second half then both held it in the same round of
the first half, at its one table, so they met there already.
"""

from __future__ import annotations

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.tally import plays_by_competitor
from schedules.types import Label, Movement, RoundNo, TrayNo


def _opponents(movement: Movement) -> dict[tuple[RoundNo, Label], tuple[Label, ...]]:
    return {(s.round, who): s.opponents_of(who) for s in movement.seatings for who in s.places}


@promise(
    "snow",
    "Snow system (reconstruction): every pair plays every tray twice, once each way, against "
    "different opponents, at least half the rounds less one apart",
    mnemonic=True,
)
def check_snow(movement: Movement) -> list[Finding]:
    """Every pair meets every tray twice, replays it against others, and not too soon."""
    findings: list[Finding] = []
    plays = plays_by_competitor(movement)
    against = _opponents(movement)
    gap = movement.rounds // 2 - 1
    for who in movement.field:
        for tray in movement.tray_numbers:
            found = plays.get((who, tray), [])
            if not found:
                findings.append(_missing(who, tray))
                continue
            if len(found) != 2:
                continue  # the universal mnemonic rule reports it
            first, second = found
            if against[(first.round, who)] == against[(second.round, who)]:
                findings.append(
                    Finding(
                        Law.REPLAY_SAME_OPPONENTS,
                        second.round,
                        second.table,
                        (who,),
                        f"{who} replays tray {tray} against "
                        f"{', '.join(against[(second.round, who)])} again",
                    )
                )
            if abs(second.round - first.round) < gap:
                findings.append(
                    Finding(
                        Law.REPLAY_TOO_CLOSE,
                        second.round,
                        second.table,
                        (who,),
                        f"{who} replays tray {tray} in round {second.round}, only "
                        f"{abs(second.round - first.round)} rounds after round {first.round} "
                        f"(at least {gap})",
                    )
                )
    return findings


def _missing(who: Label, tray: TrayNo) -> Finding:
    return Finding(Law.MNEMONIC_NOT_TWICE, None, None, (who,), f"{who} never plays tray {tray}")

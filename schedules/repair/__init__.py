"""Repairs of a movement in play: a late pair, a withdrawal, a wrong move, rounds cut for time,
an arrow switch. Each is a pure function Movement -> `Repaired`; the store applies it to an
event without losing a result (`director.store.services.EventStore.repair`)."""

from schedules.repair.late import late_pair, next_label
from schedules.repair.operations import (
    arrow_switch,
    cut_rounds,
    withdraw,
    withdrawals,
    wrong_move,
)
from schedules.repair.requests import (
    ArrowSwitch,
    CutRounds,
    LatePair,
    RepairRequest,
    Withdraw,
    WrongMove,
)
from schedules.repair.result import Repaired, SeatingChange

__all__ = [
    "ArrowSwitch",
    "CutRounds",
    "LatePair",
    "RepairRequest",
    "Repaired",
    "SeatingChange",
    "Withdraw",
    "WrongMove",
    "arrow_switch",
    "cut_rounds",
    "late_pair",
    "next_label",
    "withdraw",
    "withdrawals",
    "wrong_move",
]

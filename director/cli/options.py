"""Options shared by every command that builds a movement (`movement`, `event movement`,
`print --movement`), so that they mean the same everywhere."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TYPE_CHECKING

from schedules.findings import ImpossibleMovementError
from schedules.timing import DEFAULT_MINUTES_PER_TRAY

if TYPE_CHECKING:
    from schedules.catalog import Request

SIZE_UNITS = ("tables", "pairs", "players", "couples", "teams")


def add_movement_options(parser: argparse.ArgumentParser) -> None:
    """Size, trays or time, rounds, variant and the family-specific switches."""
    size = parser.add_mutually_exclusive_group()
    for unit in SIZE_UNITS:
        size.add_argument(f"--{unit}", type=int)
    trays = parser.add_mutually_exclusive_group()
    trays.add_argument("--trays-per-round", type=int)
    trays.add_argument("--minutes", type=Fraction, help="time available for play")
    parser.add_argument("--minutes-per-tray", type=Fraction, default=DEFAULT_MINUTES_PER_TRAY)
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--variant")
    parser.add_argument("--stationary-table", type=int)
    parser.add_argument("--arrow-switch", default="", help="rounds to arrow-switch, e.g. 3,7")
    parser.add_argument("--balance", choices=["best"])
    parser.add_argument("--mnemonic", action="store_true")


def movement_request(family: str, args: argparse.Namespace) -> Request:
    """The catalog request those options describe."""
    # The catalog (every family's checks) loads only for a command that builds a movement.
    from schedules.catalog import Request

    try:
        switches = tuple(int(x) for x in args.arrow_switch.split(",") if x.strip())
    except ValueError:
        raise ImpossibleMovementError(
            f"--arrow-switch takes round numbers separated by commas, not {args.arrow_switch!r}"
        ) from None
    return Request(
        family=family,
        **{unit: getattr(args, unit) for unit in SIZE_UNITS},
        trays_per_round=args.trays_per_round,
        minutes=args.minutes,
        minutes_per_tray=args.minutes_per_tray,
        rounds=args.rounds,
        variant=args.variant,
        mnemonic=args.mnemonic,
        stationary_table=args.stationary_table,
        arrow_switch=switches,
        balance=args.balance,
    )

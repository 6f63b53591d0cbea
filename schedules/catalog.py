"""Every family the engine can build, with its variants, sizes and help, as data.

The CLI and the GUI's chooser read this catalog; `build(request)` is the one front door:
it asks the family for its movement, applies mnemonic play when requested, and verifies the
result before anyone sits down.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from schedules.findings import ImpossibleMovementError
from schedules.shared_order import staggered
from schedules.timing import DEFAULT_MINUTES_PER_TRAY, trays_per_round_for

__all__ = ["DEFAULT_MINUTES_PER_TRAY", "Family", "ImpossibleMovementError", "Request", "Variant"]
from schedules.types import Competitors, Movement
from schedules.verify import ensure_valid


@dataclass(frozen=True)
class Request:
    """What the director asks for. Each family reads the size it understands."""

    family: str
    tables: int | None = None
    pairs: int | None = None
    players: int | None = None
    couples: int | None = None
    teams: int | None = None
    trays_per_round: int | None = None
    minutes: Fraction | None = None
    minutes_per_tray: Fraction = DEFAULT_MINUTES_PER_TRAY
    rounds: int | None = None
    variant: str | None = None
    mnemonic: bool = False
    stationary_table: int | None = None
    arrow_switch: tuple[int, ...] = ()
    """Rounds to arrow-switch (Mitchell)."""
    balance: str | None = None
    """"best": the best-balanced construction the engine knows for this size."""

    def trays_for(self, rounds: int, default: int = 2) -> int:
        """Trays per round: as given, or derived from the time available, or `default`."""
        if self.trays_per_round is not None:
            if self.trays_per_round < 1:
                raise ImpossibleMovementError("trays per round must be at least 1")
            return self.trays_per_round
        if self.minutes is not None:
            return trays_per_round_for(self.minutes, rounds, self.minutes_per_tray, self.mnemonic)
        return default


@dataclass(frozen=True)
class Variant:
    """One way of running a family (e.g. the skip for an even-table Mitchell)."""

    name: str
    summary: str
    sizes: str
    """Human-readable range, e.g. "4-50 tables, even"."""


@dataclass(frozen=True)
class Family:
    """A family of movements: how to build one, and what to tell the director about it."""

    name: str
    title: str
    competitors: Competitors
    sizes: str
    help: str
    """The source's rule, quoted, and our reading of it (docs/movement-rules.md)."""
    build: Callable[[Request], Movement]
    variants: tuple[Variant, ...] = ()
    size_unit: str = "tables"
    """The CLI option that sizes it: tables, pairs, players, couples or teams."""
    mnemonic_allowed: bool = True
    extra: dict[str, str] = field(default_factory=dict)


_MODULES = {
    "mitchell": "schedules.mitchell",
    "ladies-gentlemen": "schedules.ladies_gentlemen",
    "howell": "schedules.howell",
    "safford": "schedules.safford",
    "individual": "schedules.individual",
    "team": "schedules.team",
    "snow": "schedules.snow",
    "classic": "schedules.classic",
}
"""Each family's name and the module that defines it as `FAMILY`, in the order the catalog
lists them. A module is imported only when its family is asked for: importing them all costs
more than building a small movement (`director movement howell --tables 5`)."""


def families() -> dict[str, Family]:
    """Every family by name, in the order the catalog lists them."""
    return {name: family(name) for name in _MODULES}


def family(name: str) -> Family:
    """The family called `name`; an unknown name raises `ImpossibleMovementError` listing them."""
    module = _MODULES.get(name)
    if module is None:
        raise ImpossibleMovementError(
            f"unknown family {name!r}; choose one of: {', '.join(_MODULES)}"
        )
    fam: Family = importlib.import_module(module).FAMILY
    return fam


def build(request: Request, check: bool = True) -> Movement:
    """Build, apply mnemonic play if asked, give tables that share trays their turns with them
    (`schedules.shared_order`), and verify (raises `InvalidMovementError`)."""
    fam = family(request.family)
    if request.mnemonic and not fam.mnemonic_allowed:
        raise ImpossibleMovementError(f"{fam.title} is already a mnemonic movement")
    movement = fam.build(request)
    if request.mnemonic:
        from schedules.mnemonic import make_mnemonic

        movement = make_mnemonic(movement)
    # tables sharing trays take turns with them: one copy of a tray serves them all
    movement = staggered(movement)
    if check:
        ensure_valid(movement)
    return movement


def with_notes(movement: Movement, *notes: str) -> Movement:
    """The movement with more notes for the director."""
    return replace(movement, notes=movement.notes + tuple(n for n in notes if n))

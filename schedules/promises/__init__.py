"""The promises a family makes beyond the universal rules, by name.

A promise is a function `Movement -> list[Finding]`; `schedules.verify.verify(m, promise=...)`
runs the universal checks and then the named promise. The fixtures and the CLI use these names.
"""

from __future__ import annotations

from collections.abc import Callable

from schedules.findings import Finding
from schedules.types import Movement

PromiseCheck = Callable[[Movement], list[Finding]]

_REGISTRY: dict[str, tuple[PromiseCheck, str]] = {}


def promise(name: str, description: str) -> Callable[[PromiseCheck], PromiseCheck]:
    """Register a promise check under `name` (used by the submodules below)."""

    def register(check: PromiseCheck) -> PromiseCheck:
        if name in _REGISTRY:
            raise ValueError(f"promise {name!r} registered twice")
        _REGISTRY[name] = (check, description)
        return check

    return register


def check_promise(name: str, movement: Movement) -> list[Finding]:
    """The findings of one promise on a movement; unknown names raise `KeyError`."""
    return _REGISTRY[name][0](movement)


def promise_names() -> dict[str, str]:
    """Every promise with its one-line description."""
    return {name: desc for name, (_, desc) in sorted(_REGISTRY.items())}


# The submodules register themselves on import; keep this list in step with the folder.
from schedules.promises import (  # noqa: E402, F401, I001
    pairs,
    individuals,
    couples,
    mitchell_variants,
    teams,
    ladies_gentlemen,
    snow,
    whist_variants,
    seats,
)

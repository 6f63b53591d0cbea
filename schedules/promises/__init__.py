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
_MNEMONIC: set[str] = set()
"""Promises whose movements are played through twice, whatever the document says."""


def promise(
    name: str, description: str, mnemonic: bool = False
) -> Callable[[PromiseCheck], PromiseCheck]:
    """Register a promise check under `name` (used by the submodules below). A `mnemonic`
    promise carries the rule of mnemonic play with it: a movement checked under it is held to
    every tray twice, once each way, even when its document does not say "mnemonic"."""

    def register(check: PromiseCheck) -> PromiseCheck:
        if name in _REGISTRY:
            raise ValueError(f"promise {name!r} registered twice")
        _REGISTRY[name] = (check, description)
        if mnemonic:
            _MNEMONIC.add(name)
        return check

    return register


def is_mnemonic(name: str) -> bool:
    """Whether the promise `name` is of a movement played through twice (the Snow system)."""
    return name in _MNEMONIC


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

"""A repair for PySide6 releases whose signals give Python a reference to True or False that
they never counted (6.12.0 does).

There, `SignalInstance.emit()` and `SignalInstance.disconnect()` return a bool without adding
to its reference count, so every call whose result is dropped takes one count from `True`
(or `False`). Under Python 3.11, where the two are ordinary objects, an evening's thousand or
so emitted signals bring the count below the number of real holders, and the interpreter aborts
with "Fatal Python error: bool_dealloc" when it frees them, mostly while it tears down at quit.
`repair_signal_results()` tries the two methods once and, if they are faulty, wraps them to
add the missing count; on a sound PySide (or a Python whose bools are immortal) it changes
nothing.
"""

from __future__ import annotations

import ctypes
import functools
import sys
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal, SignalInstance

TRIES = 8
"""Calls per method when looking for the fault (each faulty call loses exactly one count)."""

_add_reference = ctypes.pythonapi.Py_IncRef
_add_reference.argtypes = [ctypes.py_object]
_add_reference.restype = None


class _Probe(QObject):
    ping = Signal()


def _ignore() -> None:
    """A slot for the probe to connect and disconnect."""


def _loses_counts(call: Callable[[], object]) -> bool:
    """True if `call()`, its result dropped at once, takes a count from True each time."""
    before = sys.getrefcount(True)
    for _ in range(TRIES):
        call()
    return before - sys.getrefcount(True) >= TRIES


def _connect_then_disconnect(signal: SignalInstance) -> Callable[[], object]:
    def call() -> object:
        signal.connect(_ignore)
        return signal.disconnect(_ignore)

    return call


def _counting(method: Callable[..., object]) -> Callable[..., object]:
    """`method` with the reference count it owes on the bool it returns added."""

    @functools.wraps(method)
    def call(self: SignalInstance, *args: object, **kwargs: object) -> object:
        result = method(self, *args, **kwargs)
        if result is True or result is False:
            _add_reference(result)
        return result

    return call


def repair_signal_results() -> tuple[str, ...]:
    """Wrap the `SignalInstance` methods that lose counts on True or False; return their
    names (none when PySide is sound or was repaired already)."""
    probe = _Probe()
    checks = {
        "emit": probe.ping.emit,
        "disconnect": _connect_then_disconnect(probe.ping),
    }
    faulty = tuple(name for name, call in checks.items() if _loses_counts(call))
    for name in faulty:
        setattr(SignalInstance, name, _counting(getattr(SignalInstance, name)))
        for _ in range(TRIES):  # the counts the trial itself lost
            _add_reference(True)
    return faulty

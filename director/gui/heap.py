"""Keeping the garbage collector's full passes short while an evening is entered.

A full collection scans every object the program holds: the libraries, the open event's
screens and models. In a 30-table event one such pass took 70-90 ms of CPU, landing on one
typed result in forty and holding the standings back by several frames. The objects an event
loads live as long as the event is open, so scanning them finds nothing; `gc.freeze` moves them
out of the collector's sight (into its permanent generation) and full passes then scan only what
was made since.
"""

from __future__ import annotations

import gc


def event_loaded() -> None:
    """Stop full collections scanning what the event just loaded (and the program itself)."""
    gc.freeze()


def event_closing() -> None:
    """Let the collector see the closing event's objects again, so that they can be freed."""
    gc.unfreeze()

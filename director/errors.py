"""The application's base error: a message a director can act on, shown without a traceback."""

from __future__ import annotations


class DirectorError(Exception):
    """Bad input or an impossible request; the message says what is wrong and how to fix it."""

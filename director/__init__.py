"""Whist Director: runs a duplicate-whist tournament from the director's table."""

__version__ = "0.1.0"

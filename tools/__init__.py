"""The searches that found the designs stored under schedules/data, and what they share.

Each runs as the command stored beside its result (`.venv/bin/python tools/NAME.py ...`, from
the repository root) and imports as `tools.NAME` in the tests.
"""

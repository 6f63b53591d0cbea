"""Alembic migrations of the event schema (see env.py)."""

"""What the repository's reads of plain table columns give back."""

from typing import Any

from sqlalchemy import Row

Columns = Row[*tuple[Any, ...]]
"""A row of table columns (a Core row: its values read by column name)."""

"""Alembic's environment: migrations run on the connection the store hands over.

Set up for SQLite from the first revision (as Prefect does): batch mode, so that changing a
table rebuilds it; one transaction per migration; foreign keys off while tables are rebuilt.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from director.store.schema import Base


def run(connection: Connection) -> None:
    """Migrate the database behind `connection` to the requested revision."""
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        # A table rebuild would otherwise trip or cascade over foreign keys mid-way.
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,
        transaction_per_migration=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
    if sqlite:
        connection.exec_driver_sql("PRAGMA foreign_keys=ON")


run(context.config.attributes["connection"])

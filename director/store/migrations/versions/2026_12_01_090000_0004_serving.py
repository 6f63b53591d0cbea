"""Where the tables are served: the address and port the table cards' links name.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 09:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "serving",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("host", sa.String(length=255), nullable=False),
        sa.Column("port", sa.Integer(), nullable=False),
        sa.Column("chosen_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("port BETWEEN 0 AND 65535", name=op.f("ck_serving_port_range")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_serving")),
    )


def downgrade() -> None:
    op.drop_table("serving")

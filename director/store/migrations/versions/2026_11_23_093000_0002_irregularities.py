"""Irregularities reported at a table.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 09:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "irregularities",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("deal_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.SmallInteger(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("side", sa.String(length=2), nullable=True),
        sa.Column("table_trump", sa.String(length=1), nullable=True),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("entered_by", sa.String(length=60), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("row_version", sa.Integer(), nullable=False),
        sa.CheckConstraint("side IN ('ns', 'ew')", name=op.f("ck_irregularities_side_known")),
        sa.CheckConstraint(
            "table_trump IN ('S', 'H', 'D', 'C')", name=op.f("ck_irregularities_table_trump_suit")
        ),
        sa.ForeignKeyConstraint(
            ["deal_id"],
            ["deals.id"],
            name=op.f("fk_irregularities_deal_id_deals"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["event_tables.id"],
            name=op.f("fk_irregularities_table_id_event_tables"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_irregularities")),
    )


def downgrade() -> None:
    op.drop_table("irregularities")

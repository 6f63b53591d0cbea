"""Entry at the table: each table's link token, and the tables' calls to the director.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24 09:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.SmallInteger(), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["section_id"],
            ["sections.id"],
            name=op.f("fk_table_tokens_section_id_sections"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_tokens")),
        sa.UniqueConstraint("token", name=op.f("uq_table_tokens_token")),
        sa.UniqueConstraint(
            "section_id", "table_no", name=op.f("uq_table_tokens_section_id_table_no")
        ),
    )
    op.create_table(
        "table_calls",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("deal_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.SmallInteger(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("settled", sa.Boolean(), nullable=False),
        sa.Column("entered_by", sa.String(length=60), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("row_version", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "kind IN ('revoke', 'irregularity', 'other')", name=op.f("ck_table_calls_kind_known")
        ),
        sa.ForeignKeyConstraint(
            ["deal_id"],
            ["deals.id"],
            name=op.f("fk_table_calls_deal_id_deals"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["event_tables.id"],
            name=op.f("fk_table_calls_table_id_event_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_calls")),
    )


def downgrade() -> None:
    op.drop_table("table_calls")
    op.drop_table("table_tokens")

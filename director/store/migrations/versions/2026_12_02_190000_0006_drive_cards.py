"""The whist drive's paper route: the players' score cards as typed, and the host's rulings
on hands whose cards disagree (docs/drive.md#the-paper-route).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 19:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "drive_cards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Text(), nullable=False),
        sa.Column("total", sa.String(length=20), nullable=True),
        sa.Column("entered_by", sa.String(length=60), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_drive_cards_player_id_players"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drive_cards")),
        sa.UniqueConstraint("player_id", name=op.f("uq_drive_cards_player_id")),
    )
    op.create_table(
        "drive_rulings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_no", sa.SmallInteger(), nullable=False),
        sa.Column("table_no", sa.SmallInteger(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("entered_by", sa.String(length=60), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_drive_rulings_player_id_players"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drive_rulings")),
        sa.UniqueConstraint("hand_no", "table_no", name=op.f("uq_drive_rulings_hand_no_table_no")),
    )


def downgrade() -> None:
    op.drop_table("drive_rulings")
    op.drop_table("drive_cards")

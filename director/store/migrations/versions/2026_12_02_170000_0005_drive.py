"""The whist drive: its settings, first seating, each hand's entries, penalties, arrivals and
leavers (docs/drive.md).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02 17:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "drive_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_no", sa.SmallInteger(), nullable=False),
        sa.Column("table_no", sa.SmallInteger(), nullable=False),
        sa.Column("winners", sa.String(length=2), nullable=False),
        sa.Column("tricks", sa.SmallInteger(), nullable=False),
        sa.Column("method", sa.String(length=10), nullable=False),
        sa.Column("entered_by", sa.String(length=60), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "method IN ('keyboard', 'phone', 'card')", name=op.f("ck_drive_entries_method_known")
        ),
        sa.CheckConstraint("winners IN ('ns', 'ew')", name=op.f("ck_drive_entries_winners_known")),
        sa.CheckConstraint("tricks BETWEEN 7 AND 13", name=op.f("ck_drive_entries_tricks_range")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drive_entries")),
        sa.UniqueConstraint("hand_no", "table_no", name=op.f("uq_drive_entries_hand_no_table_no")),
    )
    op.create_table(
        "drive_penalties",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_no", sa.SmallInteger(), nullable=False),
        sa.Column("table_no", sa.SmallInteger(), nullable=False),
        sa.Column("offenders", sa.String(length=2), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("entered_by", sa.String(length=60), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "offenders IN ('ns', 'ew')", name=op.f("ck_drive_penalties_offenders_known")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drive_penalties")),
    )
    op.create_table(
        "drives",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tables", sa.SmallInteger(), nullable=False),
        sa.Column("rule", sa.String(length=20), nullable=False),
        sa.Column("field", sa.String(length=30), nullable=False),
        sa.Column("layout", sa.String(length=10), nullable=False),
        sa.Column("partner_mover", sa.String(length=10), nullable=False),
        sa.Column("trumps", sa.String(length=30), nullable=False),
        sa.Column("hands", sa.SmallInteger(), nullable=False),
        sa.Column("halves", sa.SmallInteger(), nullable=False),
        sa.Column("sit_out", sa.String(length=30), nullable=False),
        sa.Column("set_figure", sa.SmallInteger(), nullable=False),
        sa.Column("dummy", sa.Boolean(), nullable=False),
        sa.Column("revoke_penalty", sa.SmallInteger(), nullable=False),
        sa.Column("prizes_by_role", sa.Boolean(), nullable=False),
        sa.Column("prize_places", sa.SmallInteger(), nullable=False),
        sa.Column("half_time_prize", sa.Boolean(), nullable=False),
        sa.Column("booby_prize", sa.Boolean(), nullable=False),
        sa.Column("big_hands_prize", sa.Boolean(), nullable=False),
        sa.Column("tie_rule", sa.String(length=40), nullable=False),
        sa.Column("lots_seed", sa.Integer(), nullable=False),
        sa.Column("draw_seed", sa.Integer(), nullable=True),
        sa.CheckConstraint("hands >= 1 AND halves >= 1", name=op.f("ck_drives_hands_range")),
        sa.CheckConstraint("revoke_penalty BETWEEN 0 AND 13", name=op.f("ck_drives_penalty_range")),
        sa.CheckConstraint("set_figure BETWEEN 0 AND 13", name=op.f("ck_drives_set_figure_range")),
        sa.CheckConstraint("tables >= 1", name=op.f("ck_drives_tables_range")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drives")),
    )
    op.create_table(
        "drive_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=6), nullable=False),
        sa.Column("from_hand", sa.SmallInteger(), nullable=False),
        sa.Column("role", sa.String(length=10), nullable=True),
        sa.CheckConstraint("kind IN ('arrive', 'leave')", name=op.f("ck_drive_changes_kind_known")),
        sa.CheckConstraint(
            "role IN ('lady', 'gentleman')", name=op.f("ck_drive_changes_role_known")
        ),
        sa.CheckConstraint("from_hand >= 2", name=op.f("ck_drive_changes_from_hand_range")),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_drive_changes_player_id_players"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drive_changes")),
        sa.UniqueConstraint("player_id", "kind", name=op.f("uq_drive_changes_player_id_kind")),
    )
    op.create_table(
        "drive_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.SmallInteger(), nullable=False),
        sa.Column("seat", sa.String(length=1), nullable=False),
        sa.CheckConstraint("seat IN ('N', 'E', 'S', 'W')", name=op.f("ck_drive_seats_seat_known")),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_drive_seats_player_id_players"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drive_seats")),
        sa.UniqueConstraint("player_id", name=op.f("uq_drive_seats_player_id")),
        sa.UniqueConstraint("table_no", "seat", name=op.f("uq_drive_seats_table_no_seat")),
    )


def downgrade() -> None:
    for table in ("drive_seats", "drive_changes", "drives", "drive_penalties", "drive_entries"):
        op.drop_table(table)

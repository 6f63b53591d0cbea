"""The event schema: event, players, partnerships, sessions, movements, deals, slips,
results and the audit trail.

Revision ID: 0001
Revises:
Create Date: 2026-11-23 09:22:42.834809
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("who", sa.String(length=60), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("changes", sa.JSON(), nullable=False),
        sa.Column("state", sa.String(length=8), nullable=False),
        sa.CheckConstraint(
            "state IN ('done', 'undone', 'final')", name=op.f("ck_audit_state_known")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit")),
    )
    with op.batch_alter_table("audit", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_state"), ["state", "id"], unique=False)

    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=True),
        sa.Column("venue", sa.String(length=200), nullable=True),
        sa.Column("method", sa.String(length=20), nullable=False),
        sa.Column("scale", sa.String(length=8), nullable=False),
        sa.Column("rounding", sa.String(length=20), nullable=False),
        sa.Column("trays_per_round", sa.SmallInteger(), nullable=True),
        sa.Column("minutes_available", sa.Integer(), nullable=True),
        sa.Column("declared_trump", sa.String(length=1), nullable=True),
        sa.CheckConstraint(
            "declared_trump IN ('S', 'H', 'D', 'C')", name=op.f("ck_event_declared_trump_suit")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event")),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("club", sa.String(length=200), nullable=True),
        sa.Column("member_number", sa.String(length=40), nullable=True),
        sa.Column("gender", sa.String(length=10), nullable=True),
        sa.CheckConstraint("gender IN ('lady', 'gentleman')", name=op.f("ck_players_gender_known")),
        sa.CheckConstraint("length(name) > 0", name=op.f("ck_players_name_given")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("member_number", name=op.f("uq_players_member_number")),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", sa.SmallInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessions")),
        sa.UniqueConstraint("number", name=op.f("uq_sessions_number")),
    )
    op.create_table(
        "teams",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(length=40), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_teams")),
        sa.UniqueConstraint("label", name=op.f("uq_teams_label")),
    )
    op.create_table(
        "partnerships",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(length=20), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=True),
        sa.CheckConstraint(
            "kind IN ('pair', 'couple', 'individual')", name=op.f("ck_partnerships_kind_known")
        ),
        sa.ForeignKeyConstraint(
            ["team_id"],
            ["teams.id"],
            name=op.f("fk_partnerships_team_id_teams"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_partnerships")),
        sa.UniqueConstraint("label", name=op.f("uq_partnerships_label")),
    )
    op.create_table(
        "sections",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=20), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_sections_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sections")),
        sa.UniqueConstraint("session_id", "name", name=op.f("uq_sections_session_id_name")),
    )
    op.create_table(
        "event_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.SmallInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["section_id"],
            ["sections.id"],
            name=op.f("fk_event_tables_section_id_sections"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event_tables")),
        sa.UniqueConstraint("section_id", "number", name=op.f("uq_event_tables_section_id_number")),
    )
    op.create_table(
        "movements",
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("family", sa.String(length=40), nullable=False),
        sa.Column("size", sa.SmallInteger(), nullable=False),
        sa.Column("size_unit", sa.String(length=12), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=True),
        sa.Column("competitors", sa.String(length=12), nullable=False),
        sa.Column("tables", sa.SmallInteger(), nullable=False),
        sa.Column("rounds", sa.SmallInteger(), nullable=False),
        sa.Column("mnemonic", sa.Boolean(), nullable=False),
        sa.Column("promise", sa.String(length=60), nullable=False),
        sa.Column("field", sa.JSON(), nullable=False),
        sa.Column("winners", sa.JSON(), nullable=False),
        sa.Column("notes", sa.JSON(), nullable=False),
        sa.Column("teams", sa.JSON(), nullable=False),
        sa.Column("attributes", sa.JSON(), nullable=False),
        sa.Column("shared", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["section_id"],
            ["sections.id"],
            name=op.f("fk_movements_section_id_sections"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("section_id", name=op.f("pk_movements")),
    )
    op.create_table(
        "partnership_members",
        sa.Column("partnership_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.SmallInteger(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["partnership_id"],
            ["partnerships.id"],
            name=op.f("fk_partnership_members_partnership_id_partnerships"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_partnership_members_player_id_players"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("partnership_id", "position", name=op.f("pk_partnership_members")),
    )
    op.create_table(
        "seatings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.SmallInteger(), nullable=False),
        sa.Column("table_no", sa.SmallInteger(), nullable=False),
        sa.Column("switched", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["section_id"],
            ["sections.id"],
            name=op.f("fk_seatings_section_id_sections"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seatings")),
    )
    with op.batch_alter_table("seatings", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_seatings_section_id"),
            ["section_id", "round_no", "table_no"],
            unique=False,
        )

    op.create_table(
        "trays",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.SmallInteger(), nullable=False),
        sa.Column("dealer", sa.String(length=1), nullable=False),
        sa.Column("original_round", sa.SmallInteger(), nullable=False),
        sa.Column("original_table", sa.SmallInteger(), nullable=False),
        sa.CheckConstraint("dealer IN ('N', 'E', 'S', 'W')", name=op.f("ck_trays_dealer_seat")),
        sa.ForeignKeyConstraint(
            ["section_id"],
            ["sections.id"],
            name=op.f("fk_trays_section_id_sections"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trays")),
        sa.UniqueConstraint("section_id", "number", name=op.f("uq_trays_section_id_number")),
    )
    op.create_table(
        "deals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tray_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.SmallInteger(), nullable=False),
        sa.Column("counting", sa.Boolean(), nullable=False),
        sa.Column("replaced_reason", sa.Text(), nullable=True),
        sa.Column("replaced_law", sa.String(length=40), nullable=True),
        sa.Column("replaced_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("version >= 1", name=op.f("ck_deals_version_positive")),
        sa.ForeignKeyConstraint(
            ["tray_id"], ["trays.id"], name=op.f("fk_deals_tray_id_trays"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deals")),
        sa.UniqueConstraint("tray_id", "version", name=op.f("uq_deals_tray_id_version")),
    )
    op.create_table(
        "seating_places",
        sa.Column("seating_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.SmallInteger(), nullable=False),
        sa.Column("label", sa.String(length=20), nullable=False),
        sa.ForeignKeyConstraint(
            ["seating_id"],
            ["seatings.id"],
            name=op.f("fk_seating_places_seating_id_seatings"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("seating_id", "position", name=op.f("pk_seating_places")),
    )
    op.create_table(
        "seating_trays",
        sa.Column("seating_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.SmallInteger(), nullable=False),
        sa.Column("tray_no", sa.SmallInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["seating_id"],
            ["seatings.id"],
            name=op.f("fk_seating_trays_seating_id_seatings"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("seating_id", "position", name=op.f("pk_seating_trays")),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("deal_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.SmallInteger(), nullable=False),
        sa.Column("ns_tricks", sa.SmallInteger(), nullable=True),
        sa.Column("ew_tricks", sa.SmallInteger(), nullable=True),
        sa.Column("ew_record", sa.SmallInteger(), nullable=True),
        sa.Column("ns_award", sa.String(length=2), nullable=True),
        sa.Column("ew_award", sa.String(length=2), nullable=True),
        sa.Column("ns_revokes", sa.SmallInteger(), nullable=False),
        sa.Column("ns_failed_calls", sa.SmallInteger(), nullable=False),
        sa.Column("ns_tricks_after_revoke", sa.SmallInteger(), nullable=False),
        sa.Column("ew_revokes", sa.SmallInteger(), nullable=False),
        sa.Column("ew_failed_calls", sa.SmallInteger(), nullable=False),
        sa.Column("ew_tricks_after_revoke", sa.SmallInteger(), nullable=False),
        sa.Column("entered_by", sa.String(length=60), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("row_version", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "ns_award IN ('A+', 'A', 'A-') AND ew_award IN ('A+', 'A', 'A-')",
            name=op.f("ck_results_awards_known"),
        ),
        sa.CheckConstraint(
            "(ns_tricks IS NULL) = (ew_tricks IS NULL)"
            " AND (ns_award IS NULL) = (ew_award IS NULL)"
            " AND (ns_tricks IS NULL) = (ns_award IS NOT NULL)",
            name=op.f("ck_results_tricks_or_awards"),
        ),
        sa.CheckConstraint("ew_record BETWEEN 0 AND 13", name=op.f("ck_results_ew_record_range")),
        sa.CheckConstraint("ew_tricks BETWEEN 0 AND 13", name=op.f("ck_results_ew_tricks_range")),
        sa.CheckConstraint(
            "ns_revokes >= 0"
            " AND ew_revokes >= 0"
            " AND ns_failed_calls BETWEEN 0"
            " AND ns_revokes"
            " AND ew_failed_calls BETWEEN 0"
            " AND ew_revokes"
            " AND ns_tricks_after_revoke BETWEEN 0"
            " AND 13"
            " AND ew_tricks_after_revoke BETWEEN 0"
            " AND 13",
            name=op.f("ck_results_revokes_range"),
        ),
        sa.CheckConstraint("ns_tricks + ew_tricks = 13", name=op.f("ck_results_tricks_total_13")),
        sa.CheckConstraint("ns_tricks BETWEEN 0 AND 13", name=op.f("ck_results_ns_tricks_range")),
        sa.ForeignKeyConstraint(
            ["deal_id"], ["deals.id"], name=op.f("fk_results_deal_id_deals"), ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["event_tables.id"],
            name=op.f("fk_results_table_id_event_tables"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_results")),
        sa.UniqueConstraint("deal_id", "table_id", "round_no", name="uq_results_one_per_table"),
    )
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_results_table_id"), ["table_id", "round_no"], unique=False
        )

    op.create_table(
        "trump_slips",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("deal_id", sa.Integer(), nullable=False),
        sa.Column("rank", sa.String(length=1), nullable=False),
        sa.Column("suit", sa.String(length=1), nullable=False),
        sa.Column("entered_by", sa.String(length=60), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("row_version", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "rank IN ('2','3','4','5','6','7','8','9','T','J','Q','K','A')",
            name=op.f("ck_trump_slips_rank"),
        ),
        sa.CheckConstraint("suit IN ('S', 'H', 'D', 'C')", name=op.f("ck_trump_slips_suit_known")),
        sa.ForeignKeyConstraint(
            ["deal_id"], ["deals.id"], name=op.f("fk_trump_slips_deal_id_deals"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trump_slips")),
        sa.UniqueConstraint("deal_id", name=op.f("uq_trump_slips_deal_id")),
    )


def downgrade() -> None:
    op.drop_table("trump_slips")
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_results_table_id"))

    op.drop_table("results")
    op.drop_table("seating_trays")
    op.drop_table("seating_places")
    op.drop_table("deals")
    op.drop_table("trays")
    with op.batch_alter_table("seatings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seatings_section_id"))

    op.drop_table("seatings")
    op.drop_table("partnership_members")
    op.drop_table("movements")
    op.drop_table("event_tables")
    op.drop_table("sections")
    op.drop_table("partnerships")
    op.drop_table("teams")
    op.drop_table("sessions")
    op.drop_table("players")
    op.drop_table("event")
    with op.batch_alter_table("audit", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_state"))

    op.drop_table("audit")

"""The movement as chosen, kept while places of it rest: the seats a late pair or the last
partnership entered takes back.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02 20:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("movements", schema=None) as batch_op:
        batch_op.add_column(sa.Column("chosen", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("movements", schema=None) as batch_op:
        batch_op.drop_column("chosen")

"""Turn deadlines are stored (turn-based tables).

`turn_deadlines`: one row per table with a turn timer: the absolute deadline of every seat whose
clock runs (JSON, seat -> seconds since the epoch) and the table's version when they were set
(server/deadlines.py), so that a timer of a day survives a restart with its deadline.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "turn_deadlines",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("deadlines", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    """The old code restarts every turn timer from zero after a restart: nothing else is lost."""
    op.drop_table("turn_deadlines")

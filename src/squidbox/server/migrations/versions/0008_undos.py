"""Moves taken back: one `undos` row per undo, in order.

An undo deletes the action row it takes back (the `actions` table holds the moves that stand,
so a table replays as before) and any snapshot taken after it, and writes an `undos` row: who
took back which move, the number of actions that stand after it (`version`) and the number of
log entries then (`events`, where the table's log shows "<seat> took back a move").

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "undos",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("events", sa.Integer, nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """The moves taken back are already gone from `actions`: only the log notes are lost."""
    op.drop_table("undos")

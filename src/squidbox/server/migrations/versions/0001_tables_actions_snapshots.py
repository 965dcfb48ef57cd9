"""Tables, their actions and their snapshots.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
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
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("bots", sa.JSON, nullable=False),
        sa.Column("token_hashes", sa.JSON, nullable=False),
        sa.Column("turn_seconds", sa.Float, nullable=True),
        sa.Column("leave_seconds", sa.Float, nullable=True),
        sa.Column("leave_bot", sa.String(200), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_index("ix_tables_created", "tables", ["created"])
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "snapshots",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("document", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_table("actions")
    op.drop_index("ix_tables_created", "tables")
    op.drop_index("ix_tables_status", "tables")
    op.drop_table("tables")

"""Who sits where and the table chat.

`seatings`: one row per table that has a host (tables made before this revision have none): the
SHA-256 of the host token, and per seat its player's display name and the number of the host-made
link it holds (a seat link is derived from the host token and that number, so the host page can
show it again; no token is stored). `chat_messages`: each table's chat, in order.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
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
        "seatings",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
    )
    op.create_table(
        "chat_messages",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """The old code knows neither tables waiting for players nor tables a host ended: both
    become "expired" (watched, not played)."""
    tables = sa.table("tables", sa.column("status", sa.String))
    op.get_bind().execute(sa.update(tables).where(tables.c.status.in_(("open", "ended")))
                          .values(status="expired"))
    op.drop_table("chat_messages")
    op.drop_table("seatings")

"""Several server processes share one database: table leases, live nodes, the shared
secret, and the bodies of bus messages too long for PostgreSQL's NOTIFY.

`table_leases`: which process (node) owns a table, under which generation, until when; every write
of a table's actions, seats, status, snapshot and chat is fenced by it (server/leases.py).
`server_nodes`: each live process renews its row; sockets relayed to a node whose row ran out are
closed. `server_settings`: the server secret every process mixes seeds with. `bus_messages`: a
LISTEN/NOTIFY message longer than NOTIFY's limit waits here until its node reads it.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
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
        "table_leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False, index=True),
        sa.Column("generation", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False, index=True))
    op.create_table(
        "server_nodes",
        sa.Column("node", sa.String(64), primary_key=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False))
    op.create_table(
        "server_settings",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False))
    op.create_table(
        "bus_messages",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True,
                  autoincrement=True),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False))


def downgrade() -> None:
    for name in ("bus_messages", "server_settings", "server_nodes", "table_leases"):
        op.drop_table(name)

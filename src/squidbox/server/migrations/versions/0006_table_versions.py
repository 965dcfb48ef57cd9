"""Every table records the rules and data version it started under.

`table_versions`: one row per table: the game's rules version (`games/<id>/rules_version.toml`)
and a hash of the data it is played on (record.py, `data_version`). A server whose rules
are newer replays such a table from its seed; when its stored actions no longer replay, the
table is shown as finished under older rules instead of being quarantined (server/versions.py).
The tables stored before this migration get rules version 1 (the first one recorded; every
game's rules_version.toml starts there) and an unknown data version (NULL).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24
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
        "table_versions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("data_version", sa.String(64), nullable=True),
    )
    op.execute("INSERT INTO table_versions (table_id, rules_version, data_version) "
               "SELECT id, 1, NULL FROM tables")


def downgrade() -> None:
    """The old code knows no "outdated" status: such tables become "ended" (watched, not
    played)."""
    tables = sa.table("tables", sa.column("status", sa.String))
    op.get_bind().execute(sa.update(tables).where(tables.c.status == "outdated")
                          .values(status="ended"))
    op.drop_table("table_versions")

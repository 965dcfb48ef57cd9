"""Tables started before issue 14's new default readings keep the readings they started with.

Grid Squid's Advanced rule now keeps the two unplayed cards by default
(`advanced_leftovers="keep"`), and Directors follows the Commerce and Sphinx FAQ answers by
default (`commerce_new_card="commandable"`, `sphinx_payments="several"`). A stored table's
options list only what its creator chose, so without this migration a game begun under the old
readings would go on under the new ones after an upgrade. Every stored table of those games that
does not name the option gets the old reading written into its options.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

EARLIER_READINGS = {
    "grid_squid": {"advanced_leftovers": "discard"},
    "directors": {"commerce_new_card": "rotated", "sphinx_payments": "one"},
}


def stored_tables() -> tuple[sa.TableClause, sa.ColumnElement[str]]:
    """The tables table, and its options read as text (a damaged row must not stop this)."""
    tables = sa.table("tables", sa.column("id", sa.String), sa.column("game", sa.String),
                      sa.column("options", sa.JSON))
    return tables, sa.type_coerce(tables.c.options, sa.Text)


def upgrade() -> None:
    connection = op.get_bind()
    tables, raw_options = stored_tables()
    for game, readings in EARLIER_READINGS.items():
        rows = connection.execute(sa.select(tables.c.id, raw_options)
                                  .where(tables.c.game == game)).all()
        for table_id, text in rows:
            try:
                options = json.loads(text) if isinstance(text, str) else text
            except ValueError:
                continue  # a damaged row: the server quarantines it when it loads
            if not isinstance(options, dict):
                continue
            missing = {name: value for name, value in readings.items() if name not in options}
            if missing:
                connection.execute(sa.update(tables).where(tables.c.id == table_id)
                                   .values(options={**options, **missing}))


def downgrade() -> None:
    """The old code does not know these options: take them out again."""
    connection = op.get_bind()
    tables, raw_options = stored_tables()
    for game, readings in EARLIER_READINGS.items():
        rows = connection.execute(sa.select(tables.c.id, raw_options)
                                  .where(tables.c.game == game)).all()
        for table_id, text in rows:
            try:
                options = json.loads(text) if isinstance(text, str) else text
            except ValueError:
                continue
            if isinstance(options, dict) and any(name in options for name in readings):
                kept = {k: v for k, v in options.items() if k not in readings}
                connection.execute(sa.update(tables).where(tables.c.id == table_id)
                                   .values(options=kept))

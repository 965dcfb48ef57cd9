"""Tables started before the new default readings keep the readings they started with.

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
from collections.abc import Iterator
from typing import Any

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
TABLES = sa.table("tables", sa.column("id", sa.String), sa.column("game", sa.String),
                  sa.column("options", sa.JSON))


def stored_options(connection: sa.Connection, game: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(table id, options) of every stored table of `game` whose options are a JSON object; a
    damaged row is skipped (the server quarantines it when it loads)."""
    raw_options = sa.type_coerce(TABLES.c.options, sa.Text)
    for table_id, text in connection.execute(sa.select(TABLES.c.id, raw_options)
                                             .where(TABLES.c.game == game)).all():
        try:
            options = json.loads(text) if isinstance(text, str) else text
        except ValueError:
            continue
        if isinstance(options, dict):
            yield table_id, options


def set_options(connection: sa.Connection, table_id: str, options: dict[str, Any]) -> None:
    connection.execute(sa.update(TABLES).where(TABLES.c.id == table_id).values(options=options))


def upgrade() -> None:
    connection = op.get_bind()
    for game, readings in EARLIER_READINGS.items():
        for table_id, options in stored_options(connection, game):
            missing = {name: value for name, value in readings.items() if name not in options}
            if missing:
                set_options(connection, table_id, {**options, **missing})


def downgrade() -> None:
    """The old code does not know these options: take them out again."""
    connection = op.get_bind()
    for game, readings in EARLIER_READINGS.items():
        for table_id, options in stored_options(connection, game):
            if any(name in options for name in readings):
                set_options(connection, table_id,
                            {k: v for k, v in options.items() if k not in readings})

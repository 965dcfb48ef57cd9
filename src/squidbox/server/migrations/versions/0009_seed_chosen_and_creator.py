"""Whether a table's seed was chosen by its creator, and who created it.

`seed_chosen`: a client may choose the seed of a table of bots only (reproducible bot games);
such a table never seats a person, since its creator knows the deal. Tables stored before this
migration with bots in every seat may have had their seed chosen: they are marked so.
`creator`: a keyed hash of the creating address; the bot pool shares its workers out per
creator, so that no one address can slow other tables' bots.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-29
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE, never a copy of the table: on SQLite a copy drops the old table, and
    # the foreign keys would delete every action, snapshot and seating with it.
    op.add_column("tables", sa.Column("seed_chosen", sa.Boolean, nullable=False,
                                      server_default=sa.false()))
    op.add_column("tables", sa.Column("creator", sa.String(32), nullable=True))
    tables = sa.table("tables", sa.column("id", sa.String), sa.column("players", sa.Integer),
                      sa.column("bots", sa.Text), sa.column("seed_chosen", sa.Boolean))
    connection = op.get_bind()
    rows = connection.execute(sa.select(tables.c.id, tables.c.players,
                                        sa.cast(tables.c.bots, sa.Text))).all()
    for table_id, players, bots in rows:
        if _all_bots(players, bots):
            connection.execute(tables.update().where(tables.c.id == table_id)
                               .values(seed_chosen=True))


def _all_bots(players: object, bots: object) -> bool:
    """Whether every seat is a bot's; a row too damaged to tell is left for the loader to
    quarantine."""
    try:
        seats = json.loads(bots) if isinstance(bots, str) else bots
        return isinstance(seats, dict) and isinstance(players, int) and len(seats) >= players
    except ValueError:
        return False


def downgrade() -> None:
    op.drop_column("tables", "creator")
    op.drop_column("tables", "seed_chosen")

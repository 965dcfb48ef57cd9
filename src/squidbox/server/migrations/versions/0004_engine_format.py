"""Every table records the engine format it was dealt with; the tables stored so far are format 1.

Issue 15 replaced the engine's seeded generator (engine/rng.py): the same seed now deals another
game. A table stores its seed and actions, so one begun before the change must be replayed with
the generator it began with. The new column `engine_format` says which: existing rows get 1 (the
server default, so a server of the old release that writes a table after this migration marks
it correctly too); the new release writes engine.FORMAT (2) for every table it creates.

Revision ID: 0004
Revises: 0002 (the lead re-chains it after 0003 when merging)
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("engine_format", sa.Integer, nullable=False,
                                   server_default="1"))


def downgrade() -> None:
    """The old release deals every table with the format-1 generator: a table of a later format
    cannot go back, so a downgrade refuses while one exists."""
    connection = op.get_bind()
    later = connection.execute(sa.text(
        "SELECT count(*) FROM tables WHERE engine_format <> 1")).scalar_one()
    if later:
        raise RuntimeError(f"{later} stored table(s) were dealt by the new engine (format 2); "
                           "the old release cannot replay them, so the downgrade stops here")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("engine_format")

"""Game reviews are stored with their table.

`reviews`: one row per table and seat that asked for a review of its decisions once the game
was over (server/reviews.py): the review as JSON (`review.Review.to_json()`: each decision's
step, the move made and the best move found with their estimated chances). The rows go with
their table.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("document", sa.JSON, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Reviews are made again on request: nothing of a game is lost."""
    op.drop_table("reviews")

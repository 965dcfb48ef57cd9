"""Accounts beside link play: people with a name, passkeys and an optional password, their
sessions, the seats they hold by account, invitations by name, rated tables and ratings.

`accounts`: a deleted account keeps its row (its games keep their seats) with its name and
secrets gone. `passkeys`: WebAuthn credentials (the attested credential data, as fido2 writes
it). `account_sessions` and `account_challenges`: server-side, so that every process of a
cluster reads them. `account_seats`: the seats an account holds, with the seat's token sealed
by a key of this database (`server_settings` row `account_seat_key`, made here), and
the seat's result (its return: 1 a win, 0 a loss) once the game is over.
`table_rules`: whether a table is rated and whether only signed-in people may take its seats.
`ratings` and `rating_changes`: a rating per account and game, and each rated game's change.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-29
"""

from __future__ import annotations

import base64
import secrets

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

TIME = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("name_key", sa.String(64), nullable=True, unique=True),
        sa.Column("user_handle", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("created", TIME, nullable=False),
        sa.Column("deleted", TIME, nullable=True),
    )
    op.create_table(
        "passkeys",
        sa.Column("credential_id", sa.String(1400), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("credential", sa.Text, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("created", TIME, nullable=False),
        sa.Column("last_used", TIME, nullable=True),
    )
    op.create_table(
        "account_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("created", TIME, nullable=False),
        sa.Column("expires_at", TIME, nullable=False, index=True),
    )
    op.create_table(
        "account_challenges",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("expires_at", TIME, nullable=False, index=True),
    )
    op.create_table(
        "account_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("sealed_token", sa.Text, nullable=True),
        sa.Column("result", sa.Float, nullable=True),
        sa.Column("created", TIME, nullable=False),
    )
    op.create_table(
        "invites",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("created", TIME, nullable=False),
    )
    op.create_table(
        "table_rules",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("signed_in_only", sa.Boolean, nullable=False),
        sa.Column("rated_done", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("abandoned", sa.Boolean, nullable=False),
        sa.Column("time", TIME, nullable=False, index=True),
    )
    settings = sa.table("server_settings", sa.column("name", sa.String),
                        sa.column("value", sa.Text))
    key = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()
    op.execute(settings.insert().values(name="account_seat_key", value=key))


def downgrade() -> None:
    for name in ("rating_changes", "ratings", "table_rules", "invites", "account_seats",
                 "account_challenges", "account_sessions", "passkeys", "accounts"):
        op.drop_table(name)
    settings = sa.table("server_settings", sa.column("name", sa.String))
    op.execute(settings.delete().where(settings.c.name == "account_seat_key"))

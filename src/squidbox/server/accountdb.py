"""Accounts in the database (migration 0010): accounts, passkeys, sessions, WebAuthn challenges,
seats held by account, invitations, table rules and ratings.

Every method is blocking (the server runs them on its database thread, `TableManager.db`) and
reads or writes the database only: nothing is kept in memory, so that every process of a
cluster sees the same sessions and accounts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    delete,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column
from sqlalchemy.types import Text

from .storage import Base, SeatingRow, SettingRow, Storage, TableRow, now

DELETED_NAME = "a deleted player"


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name_key: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    user_handle: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str | None] = mapped_column(Text, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    deleted: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PasskeyRow(Base):
    __tablename__ = "passkeys"

    credential_id: Mapped[str] = mapped_column(String(1400), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    credential: Mapped[str] = mapped_column(Text)
    sign_count: Mapped[int] = mapped_column(BigInteger)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_used: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SessionRow(Base):
    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class ChallengeRow(Base):
    __tablename__ = "account_challenges"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(16))
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class AccountSeatRow(Base):
    __tablename__ = "account_seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    sealed_token: Mapped[str | None] = mapped_column(Text, nullable=True)
    result: Mapped[float | None] = mapped_column(Float, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class InviteRow(Base):
    __tablename__ = "invites"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TableRulesRow(Base):
    __tablename__ = "table_rules"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    rated: Mapped[bool] = mapped_column(Boolean)
    signed_in_only: Mapped[bool] = mapped_column(Boolean)
    rated_done: Mapped[bool] = mapped_column(Boolean, default=False)


class RatingRow(Base):
    __tablename__ = "ratings"

    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class RatingChangeRow(Base):
    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    abandoned: Mapped[bool] = mapped_column(Boolean)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    user_handle: str
    password_hash: str | None
    created: datetime


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int


class NameTaken(Exception):
    """Another account has this name."""


class SeatHeld(Exception):
    """Another account holds this seat."""


def _account(row: AccountRow) -> Account:
    assert row.name is not None
    return Account(row.id, row.name, row.user_handle, row.password_hash, row.created)


class AccountStore:
    """The account tables of one database (the tables' Storage's engine)."""

    def __init__(self, storage: Storage) -> None:
        self.engine = storage.engine

    # ---- accounts ------------------------------------------------------------------------------
    def create_account(self, account_id: str, name: str, name_key: str, user_handle: str,
                       passkey: tuple[str, str, int] | None = None) -> None:
        """A new account, with its first passkey (credential id, credential, sign count);
        NameTaken when the name is another account's."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(AccountRow(id=account_id, name=name, name_key=name_key,
                                       user_handle=user_handle, created=now()))
                session.flush()
                if passkey is not None:
                    self._add_passkey(session, account_id, *passkey)
        except IntegrityError:
            raise NameTaken(name) from None

    def by_name(self, name_key: str) -> Account | None:
        with Session(self.engine) as session:
            row = session.scalars(select(AccountRow).where(
                AccountRow.name_key == name_key, AccountRow.deleted.is_(None))).first()
            return None if row is None else _account(row)

    def by_id(self, account_id: str) -> Account | None:
        with Session(self.engine) as session:
            row = session.get(AccountRow, account_id)
            return None if row is None or row.deleted is not None else _account(row)

    def names_of(self, account_ids: list[str]) -> dict[str, str]:
        """The names of these accounts; a deleted one's is DELETED_NAME."""
        if not account_ids:
            return {}
        with Session(self.engine) as session:
            rows = session.execute(select(AccountRow.id, AccountRow.name)
                                   .where(AccountRow.id.in_(account_ids))).all()
        return {row.id: row.name or DELETED_NAME for row in rows}

    def set_password(self, account_id: str, password_hash: str | None) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(AccountRow).where(AccountRow.id == account_id)
                               .values(password_hash=password_hash))

    def delete_account(self, account_id: str) -> None:
        """Forget the account's name, secrets, sessions, passkeys, ratings and invitations;
        its seats in past games stay (their names become DELETED_NAME)."""
        with Session(self.engine) as session, session.begin():
            session.execute(update(AccountRow).where(AccountRow.id == account_id).values(
                name=None, name_key=None, password_hash=None, deleted=now()))
            for row_type in (PasskeyRow, SessionRow, RatingRow, InviteRow):
                session.execute(delete(row_type).where(row_type.account_id == account_id))
            session.execute(update(AccountSeatRow).where(AccountSeatRow.account_id == account_id)
                            .values(sealed_token=None))
            held = session.execute(select(AccountSeatRow.table_id, AccountSeatRow.seat)
                                   .where(AccountSeatRow.account_id == account_id)).all()
            for table_id, seat in held:
                seating = session.get(SeatingRow, table_id)
                if seating is not None and seat < len(seating.seats):
                    seats = [dict(entry) for entry in seating.seats]
                    if seats[seat].get("name") is not None:
                        seats[seat]["name"] = DELETED_NAME
                    seating.seats = seats

    # ---- passkeys ------------------------------------------------------------------------------
    @staticmethod
    def _add_passkey(session: Session, account_id: str, credential_id: str, credential: str,
                     sign_count: int) -> None:
        session.add(PasskeyRow(credential_id=credential_id, account_id=account_id,
                               credential=credential, sign_count=sign_count, created=now()))

    def add_passkey(self, account_id: str, credential_id: str, credential: str,
                    sign_count: int) -> None:
        with Session(self.engine) as session, session.begin():
            self._add_passkey(session, account_id, credential_id, credential, sign_count)

    def passkey(self, credential_id: str) -> tuple[str, str, int] | None:
        """(account id, credential, sign count) of a live account's passkey."""
        with Session(self.engine) as session:
            row = session.execute(
                select(PasskeyRow.account_id, PasskeyRow.credential, PasskeyRow.sign_count)
                .join(AccountRow, AccountRow.id == PasskeyRow.account_id)
                .where(PasskeyRow.credential_id == credential_id,
                       AccountRow.deleted.is_(None))).first()
        return None if row is None else (row[0], row[1], int(row[2]))

    def passkeys_of(self, account_id: str) -> list[PasskeyRow]:
        with Session(self.engine) as session:
            rows = session.scalars(select(PasskeyRow).where(PasskeyRow.account_id == account_id)
                                   .order_by(PasskeyRow.created)).all()
            session.expunge_all()
            return list(rows)

    def used_passkey(self, credential_id: str, sign_count: int) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(PasskeyRow).where(PasskeyRow.credential_id == credential_id)
                               .values(sign_count=sign_count, last_used=now()))

    # ---- sessions and challenges ---------------------------------------------------------------
    def new_session(self, account_id: str, token_hash: str, lifetime: timedelta,
                    replaces: str | None = None) -> None:
        """A session; the one `replaces` names (the browser's earlier cookie) ends with it."""
        with Session(self.engine) as session, session.begin():
            if replaces is not None:
                session.execute(delete(SessionRow).where(SessionRow.token_hash == replaces))
            session.execute(delete(SessionRow).where(SessionRow.expires_at < now()))
            session.add(SessionRow(token_hash=token_hash, account_id=account_id, created=now(),
                                   expires_at=now() + lifetime))

    def session_account(self, token_hash: str) -> Account | None:
        with Session(self.engine) as session:
            row = session.scalars(
                select(AccountRow).join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(SessionRow.token_hash == token_hash, SessionRow.expires_at > now(),
                       AccountRow.deleted.is_(None))).first()
            return None if row is None else _account(row)

    def end_session(self, token_hash: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    def end_sessions(self, account_id: str) -> int:
        with self.engine.begin() as connection:
            ended = connection.execute(delete(SessionRow)
                                       .where(SessionRow.account_id == account_id))
            return int(ended.rowcount)

    def sessions_of(self, account_id: str) -> int:
        with Session(self.engine) as session:
            return len(session.scalars(select(SessionRow.token_hash).where(
                SessionRow.account_id == account_id, SessionRow.expires_at > now())).all())

    def save_challenge(self, challenge_id: str, purpose: str, state: dict[str, Any],
                       lifetime: timedelta) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(delete(ChallengeRow).where(ChallengeRow.expires_at < now()))
            session.add(ChallengeRow(id=challenge_id, purpose=purpose, state=state,
                                     expires_at=now() + lifetime))

    def take_challenge(self, challenge_id: str, purpose: str) -> dict[str, Any] | None:
        """A challenge's state, used up (a challenge answers once); None when unknown,
        expired or of another purpose."""
        with Session(self.engine) as session, session.begin():
            row = session.get(ChallengeRow, challenge_id)
            if row is None:
                return None
            expires = row.expires_at if row.expires_at.tzinfo else \
                row.expires_at.replace(tzinfo=UTC)  # SQLite keeps times without their zone
            state, fresh = dict(row.state), expires > now()
            right = row.purpose == purpose
            session.delete(row)
        return state if fresh and right else None

    # ---- seats, invitations and table rules ----------------------------------------------------
    def seat_key(self) -> str:
        with Session(self.engine) as session:
            return str(session.scalars(select(SettingRow.value)
                                       .where(SettingRow.name == "account_seat_key")).one())

    def hold_seat(self, table_id: str, seat: int, account_id: str, sealed: str) -> None:
        """The account holds the seat (with its current token); SeatHeld when another does."""
        with Session(self.engine) as session, session.begin():
            row = session.get(AccountSeatRow, (table_id, seat))
            if row is not None and row.account_id != account_id:
                raise SeatHeld(f"{table_id}:{seat}")
            if row is None:
                session.add(AccountSeatRow(table_id=table_id, seat=seat, account_id=account_id,
                                           sealed_token=sealed, created=now()))
            else:
                row.sealed_token = sealed
            session.execute(delete(InviteRow).where(InviteRow.table_id == table_id,
                                                    InviteRow.account_id == account_id))

    def holders(self, table_id: str) -> dict[int, str]:
        """Seat -> the account holding it."""
        with Session(self.engine) as session:
            rows = session.execute(select(AccountSeatRow.seat, AccountSeatRow.account_id)
                                   .where(AccountSeatRow.table_id == table_id)).all()
        return {int(seat): account for seat, account in rows}

    def seats_of(self, account_id: str) -> list[tuple[str, int, str | None, str, str, Any]]:
        """(table, seat, sealed token, game, status, the table's token hashes) of every seat
        the account holds, newest table first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountSeatRow.table_id, AccountSeatRow.seat, AccountSeatRow.sealed_token,
                       TableRow.game, TableRow.status, TableRow.token_hashes)
                .join(TableRow, TableRow.id == AccountSeatRow.table_id)
                .where(AccountSeatRow.account_id == account_id)
                .order_by(TableRow.created.desc())).all()
        return [(row[0], int(row[1]), row[2], row[3], row[4], row[5]) for row in rows]

    def set_results(self, table_id: str, results: dict[int, float]) -> None:
        """Each account-held seat's return at the end of the game."""
        with self.engine.begin() as connection:
            for seat, value in results.items():
                connection.execute(update(AccountSeatRow).where(
                    AccountSeatRow.table_id == table_id, AccountSeatRow.seat == seat)
                    .values(result=value))

    def finished_games(self, account_id: str, statuses: tuple[str, ...]
                       ) -> list[tuple[str, int, str, float | None, datetime]]:
        """(table, seat, game, result, created) of the account's games in `statuses`, newest
        first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountSeatRow.table_id, AccountSeatRow.seat, TableRow.game,
                       AccountSeatRow.result, TableRow.created)
                .join(TableRow, TableRow.id == AccountSeatRow.table_id)
                .where(AccountSeatRow.account_id == account_id,
                       TableRow.status.in_(statuses))
                .order_by(TableRow.created.desc())).all()
        return [(row[0], int(row[1]), row[2], row[3], row[4]) for row in rows]

    def invite(self, table_id: str, account_id: str) -> None:
        with Session(self.engine) as session, session.begin():
            if session.get(InviteRow, (table_id, account_id)) is None:
                session.add(InviteRow(table_id=table_id, account_id=account_id, created=now()))

    def invites_of(self, account_id: str) -> list[tuple[str, str, str]]:
        """(table, game, status) of each table the account is invited to, newest first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(InviteRow.table_id, TableRow.game, TableRow.status)
                .join(TableRow, TableRow.id == InviteRow.table_id)
                .where(InviteRow.account_id == account_id)
                .order_by(InviteRow.created.desc())).all()
        return [(row[0], row[1], row[2]) for row in rows]

    def set_rules(self, table_id: str, rated: bool, signed_in_only: bool) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(TableRulesRow(table_id=table_id, rated=rated,
                                      signed_in_only=signed_in_only, rated_done=False))

    def rules(self, table_ids: list[str]) -> dict[str, tuple[bool, bool]]:
        """Table -> (rated, signed in only), for the tables that have rules."""
        if not table_ids:
            return {}
        with Session(self.engine) as session:
            rows = session.execute(select(TableRulesRow.table_id, TableRulesRow.rated,
                                          TableRulesRow.signed_in_only)
                                   .where(TableRulesRow.table_id.in_(table_ids))).all()
        return {row[0]: (bool(row[1]), bool(row[2])) for row in rows}

    # ---- ratings -------------------------------------------------------------------------------
    def ratings(self, account_ids: list[str], game: str) -> dict[str, Rating]:
        if not account_ids:
            return {}
        with Session(self.engine) as session:
            rows = session.scalars(select(RatingRow).where(RatingRow.account_id.in_(account_ids),
                                                           RatingRow.game == game)).all()
        return {row.account_id: Rating(row.mu, row.sigma, row.games) for row in rows}

    def ratings_of(self, account_id: str) -> dict[str, Rating]:
        with Session(self.engine) as session:
            rows = session.scalars(select(RatingRow)
                                   .where(RatingRow.account_id == account_id)).all()
        return {row.game: Rating(row.mu, row.sigma, row.games) for row in rows}

    def record_rated_game(self, table_id: str, game: str, seats: dict[int, str],
                          before: dict[str, Rating], after: dict[str, Rating],
                          abandoned: set[str]) -> bool:
        """Store a rated game's new ratings and their changes, once per table (False when it
        was already counted, e.g. by another process)."""
        with Session(self.engine) as session, session.begin():
            done = session.execute(
                update(TableRulesRow).where(TableRulesRow.table_id == table_id,
                                            TableRulesRow.rated.is_(True),
                                            TableRulesRow.rated_done.is_(False))
                .values(rated_done=True))
            if done.rowcount != 1:  # type: ignore[attr-defined]
                return False
            for seat, account_id in seats.items():
                new = after[account_id]
                session.merge(RatingRow(account_id=account_id, game=game, mu=new.mu,
                                        sigma=new.sigma, games=new.games))
                session.add(RatingChangeRow(
                    table_id=table_id, account_id=account_id, game=game, seat=seat,
                    before=before[account_id].mu - 3 * before[account_id].sigma,
                    after=new.mu - 3 * new.sigma, games=new.games,
                    abandoned=account_id in abandoned, time=now()))
        return True

    def changes_of_table(self, table_id: str) -> list[RatingChangeRow]:
        with Session(self.engine) as session:
            rows = session.scalars(select(RatingChangeRow)
                                   .where(RatingChangeRow.table_id == table_id)
                                   .order_by(RatingChangeRow.seat)).all()
            session.expunge_all()
            return list(rows)

    def changes_of(self, account_id: str, limit: int = 200) -> list[RatingChangeRow]:
        with Session(self.engine) as session:
            rows = session.scalars(select(RatingChangeRow)
                                   .where(RatingChangeRow.account_id == account_id)
                                   .order_by(RatingChangeRow.time.desc()).limit(limit)).all()
            session.expunge_all()
            return list(reversed(rows))

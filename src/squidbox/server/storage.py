"""Persistence with SQLAlchemy 2: a game is stored as seed + options + actions, plus snapshots.

SQLite (a file, zero set-up) by default; PostgreSQL by URL. The schema is made by the Alembic
migrations in `migrations/`, run by `upgrade()` (at server start, or `squidbox db upgrade`).
Seat tokens are never stored, only their SHA-256.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

from squidbox.engine import InvalidOptions

HERE = Path(__file__).parent
PLAYING = "playing"
FINISHED = "finished"


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    bots: Mapped[dict[str, str]] = mapped_column(JSON)
    token_hashes: Mapped[list[str | None]] = mapped_column(JSON)
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    leave_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    leave_bot: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(16), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    document: Mapped[dict[str, Any]] = mapped_column(JSON)


@dataclass
class TableRecord:
    """A table as stored: enough to rebuild its game exactly (with its actions)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    bots: dict[int, str]
    token_hashes: list[str | None]
    turn_seconds: float | None
    leave_seconds: float | None
    leave_bot: str
    status: str
    created: datetime


@dataclass(frozen=True)
class ActionWrite:
    """One action to store: the `index`-th (from 0) of its table; `finished` ends the game."""

    table_id: str
    index: int
    seat: int
    action: str
    finished: bool


@dataclass
class StoredGame:
    """A table with its actions and latest snapshot, as loaded at start-up."""

    record: TableRecord
    actions: list[tuple[int, str]]
    snapshot: tuple[int, dict[str, Any]] | None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


def normalize_url(url: str) -> str:
    """postgresql:// and postgres:// URLs use psycopg 3 (the driver squidbox installs)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str) -> Engine:
    url = normalize_url(url)
    try:
        parsed = make_url(url)
        parsed.get_dialect()
    except (ArgumentError, NoSuchModuleError) as e:
        raise InvalidOptions(f"bad database URL {url!r}: {e}; use sqlite:///FILE or "
                             "postgresql://user:password@host/database") from None
    if parsed.get_backend_name() != "sqlite":
        try:
            return create_engine(url, pool_pre_ping=True)
        except ModuleNotFoundError as e:
            raise InvalidOptions(f"database URL {url!r} needs the driver module {e.name!r} "
                                 "(PostgreSQL: pip install 'squidbox[postgres]')") from None
    memory = parsed.database in (None, "", ":memory:")
    engine = create_engine(url, connect_args={"check_same_thread": False},
                           poolclass=StaticPool if memory else None)
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL: readers never wait for the writer; NORMAL sync survives a killed process."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def alembic_config(engine: Engine | None = None) -> Config:
    config = Config(str(HERE / "alembic.ini"))
    config.set_main_option("script_location", str(HERE / "migrations"))
    if engine is not None:
        config.attributes["engine"] = engine
    return config


class Storage:
    """The repository. Its methods are blocking: the server calls them from one worker thread."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(url)

    def upgrade(self) -> None:
        """Bring the schema to the newest migration (creating it in an empty database)."""
        command.upgrade(alembic_config(self.engine), "head")

    def dispose(self) -> None:
        self.engine.dispose()

    # ---- writing -----------------------------------------------------------------------------
    def create_table(self, record: TableRecord) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(**_row_fields(record)))

    def add_action(self, table_id: str, index: int, seat: int, action: str,
                   finished: bool) -> None:
        """Store the action numbered `index` (from 0); mark the table finished with it."""
        self.add_actions([ActionWrite(table_id, index, seat, action, finished)])

    def add_actions(self, writes: list[ActionWrite]) -> None:
        """Store actions of any tables in one transaction (the server's group commit)."""
        moment = now()
        with self.engine.begin() as connection:
            connection.execute(insert(ActionRow), [
                {"table_id": w.table_id, "index": w.index, "seat": w.seat, "action": w.action,
                 "time": moment} for w in writes])
            finished = [w.table_id for w in writes if w.finished]
            if finished:
                connection.execute(update(TableRow).where(TableRow.id.in_(finished))
                                   .values(status=FINISHED))

    def save_snapshot(self, table_id: str, index: int, document: dict[str, Any]) -> None:
        """Keep one snapshot per table: the state after `index` actions."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(SnapshotRow).where(SnapshotRow.table_id == table_id))
            session.add(SnapshotRow(table_id=table_id, index=index, document=document))

    # ---- reading -----------------------------------------------------------------------------
    def list_tables(self, limit: int) -> list[TableRecord]:
        query = select(TableRow).order_by(TableRow.created.desc(), TableRow.id).limit(limit)
        with Session(self.engine) as session:
            return [_record(row) for row in session.scalars(query)]

    def unfinished_ids(self) -> list[str]:
        query = select(TableRow.id).where(TableRow.status == PLAYING).order_by(TableRow.created)
        with Session(self.engine) as session:
            return list(session.scalars(query))

    def load(self, table_id: str) -> StoredGame | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            actions = session.execute(
                select(ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id).order_by(ActionRow.index)).all()
            snapshot = session.scalars(
                select(SnapshotRow).where(SnapshotRow.table_id == table_id)
                .order_by(SnapshotRow.index.desc()).limit(1)).first()
            return StoredGame(
                _record(row), [(seat, action) for seat, action in actions],
                None if snapshot is None else (snapshot.index, snapshot.document))


def _row_fields(record: TableRecord) -> dict[str, Any]:
    fields = dict(record.__dict__)
    fields["bots"] = {str(seat): spec for seat, spec in record.bots.items()}
    return fields


def _record(row: TableRow) -> TableRecord:
    created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)
    return TableRecord(
        id=row.id, game=row.game, players=row.players, options=dict(row.options), seed=row.seed,
        bots={int(seat): spec for seat, spec in row.bots.items()},
        token_hashes=list(row.token_hashes), turn_seconds=row.turn_seconds,
        leave_seconds=row.leave_seconds, leave_bot=row.leave_bot, status=row.status,
        created=created)

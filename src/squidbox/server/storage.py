"""Persistence with SQLAlchemy 2: a game is stored as seed + options + actions, plus snapshots.

SQLite (a file, zero set-up) by default; PostgreSQL by URL. The schema is made by the Alembic
migrations in `migrations/`, run by `upgrade()` (at server start, or `squidbox db upgrade`).
Seat and host tokens are never stored, only their SHA-256. Who sits where (the host, display
names, link numbers) is a `seatings` row; the chat is `chat_messages` (migration 0003).
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    cast,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    tuple_,
    update,
)
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool
from sqlalchemy.types import Text

from squidbox.engine import FORMAT as ENGINE_FORMAT
from squidbox.engine import InvalidOptions, SquidboxError

from .rows import (
    BadRecord,
    StoredAction,
    StoredChat,
    StoredRow,
    StoredSeating,
    StoredSnapshot,
    StoredTable,
    StoredUndo,
    validated,
)

HERE = Path(__file__).parent
PLAYING = "playing"
FINISHED = "finished"
OPEN = "open"  # waiting for people to take its open seats
ENDED = "ended"  # ended by its host
MIGRATION_LOCK = 0x5155_4944  # the PostgreSQL advisory lock migrations run under ("QUID")
log = logging.getLogger("squidbox.server")


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
    # The engine's snapshot format (and seeded generator) the game was dealt with: 1 before
    # engine format 2, whose tables migration 0004 marks; engine.FORMAT for every new table.
    engine_format: Mapped[int] = mapped_column(Integer, server_default="1")
    # Migration 0009: whether a client chose the seed (such a table never seats a person), and
    # who created it (a keyed hash of the address: bots think in turns per creator).
    seed_chosen: Mapped[bool] = mapped_column(Boolean, server_default=false())
    creator: Mapped[str | None] = mapped_column(String(32), nullable=True)


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


class SeatingRow(Base):
    __tablename__ = "seatings"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    host_hash: Mapped[str] = mapped_column(String(64))
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)


class ChatRow(Base):
    __tablename__ = "chat_messages"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LeaseRow(Base):
    """Which process owns a table (server/leases.py, migration 0005)."""

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), index=True)
    generation: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class NodeRow(Base):
    __tablename__ = "server_nodes"

    node: Mapped[str] = mapped_column(String(64), primary_key=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SettingRow(Base):
    __tablename__ = "server_settings"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class BusRow(Base):
    __tablename__ = "bus_messages"

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"),
                                    primary_key=True, autoincrement=True)
    payload: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class UndoRow(Base):
    __tablename__ = "undos"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    version: Mapped[int] = mapped_column(Integer)
    events: Mapped[int] = mapped_column(Integer)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class UndoNote:
    """A move taken back: by `seat`, leaving `version` actions and `events` log entries."""

    seat: int
    action: str
    version: int
    events: int
    time: datetime


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
    host_hash: str | None = None  # tables made before migration 0003 (and rematches) have none
    names: dict[int, str] = field(default_factory=dict)  # display names of seats taken by name
    links: dict[int, int] = field(default_factory=dict)  # seat -> number of its host-made link
    issued: dict[int, int] = field(default_factory=dict)  # seat -> host-made links issued so far
    engine_format: int = ENGINE_FORMAT
    undos: list[UndoNote] = field(default_factory=list)  # moves taken back, in order
    seed_chosen: bool = False  # the creator chose the seed: the seats stay with bots
    creator: str | None = None  # who created it (bots' turns are shared out per creator)

    def seating(self) -> list[dict[str, Any]]:
        return [{"name": self.names.get(seat), "link": self.links.get(seat),
                 "issued": self.issued.get(seat, 0)} for seat in range(self.players)]


@dataclass(frozen=True)
class ChatEntry:
    """One chat line: the `index`-th of its table; `seat` None for a spectator."""

    index: int
    seat: int | None
    name: str
    text: str
    time: datetime


@dataclass(frozen=True)
class ActionWrite:
    """One action to store: the `index`-th (from 0) of its table; `finished` ends the game."""

    table_id: str
    index: int
    seat: int
    action: str
    finished: bool


class StorageError(SquidboxError):
    """The database cannot be opened or written."""


class LeaseLost(Exception):
    """A write for a table whose lease this process no longer holds (another process took the
    table over): nothing of it was stored."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id}: this process no longer holds its lease")
        self.table_id = table_id


class BadRow(Exception):
    """A stored row that does not make a table (malformed JSON, wrong types, gaps)."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(f"table {table_id}: {reason}")
        self.table_id = table_id
        self.reason = reason
        self.game: str | None = None  # as far as the row tells (for the lobby)
        self.players: int | None = None


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


# Every write of a table locks its lease row until it commits (Storage._fence). A process
# paused between the statements of a write (SIGSTOP, a frozen virtual machine) would hold that
# lock, and so stop the takeover of its tables, until it wakes: PostgreSQL ends a session idle
# in a transaction this long, which rolls the write back and frees the row. The writes are a
# few statements each, well under this; it is half a lease (leases.LEASE_SECONDS).
IDLE_IN_TRANSACTION_SECONDS = 3.0
# A database out of reach fails a connection attempt this fast (libpq's least is 2 s), so
# the database thread is never held for long by a PostgreSQL that is restarting or gone.
CONNECT_SECONDS = 3


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
    backend = parsed.get_backend_name()
    if backend != "sqlite":
        try:
            return create_engine(url, pool_pre_ping=True, connect_args=(
                {"options": _postgres_options(parsed), "connect_timeout": CONNECT_SECONDS}
                if backend == "postgresql" else {}))
        except ModuleNotFoundError as e:
            raise InvalidOptions(f"database URL {url!r} needs the driver module {e.name!r} "
                                 "(PostgreSQL: pip install 'squidbox[postgres]')") from None
    memory = parsed.database in (None, "", ":memory:")
    engine = create_engine(url, connect_args={"check_same_thread": False},
                           poolclass=StaticPool if memory else None)
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _postgres_options(url: URL) -> str:
    """The URL's own `options` (libpq's -c settings), and the idle-transaction timeout."""
    timeout = f"-c idle_in_transaction_session_timeout={IDLE_IN_TRANSACTION_SECONDS * 1000:.0f}"
    own = url.query.get("options", ())  # a string, or a tuple when the URL repeats it
    return " ".join([*((own,) if isinstance(own, str) else own), timeout])


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
        parsed = make_url(self.url)
        self.name = (parsed.database or ":memory:") if parsed.get_backend_name() == "sqlite" \
            else parsed.render_as_string(hide_password=True)
        self.is_postgres = parsed.get_backend_name() == "postgresql"
        # Set by the cluster (server/leases.py) when several processes share the database: every
        # write of a table is then fenced by the lease generation this node holds for it.
        self.node: str | None = None
        self.fences: dict[str, int] = {}
        self.lease_seconds = 0.0
        self.reported: set[tuple[str, str]] = set()  # malformed records already logged

    def _fence(self, connection: Any, table_ids: Any) -> None:
        """Refuse (LeaseLost) unless this node still holds each table's lease, with the
        generation it took it under. The UPDATE locks the lease row until the transaction
        ends, so a takeover waits for this write and then loads it."""
        if self.node is None:
            return
        held = {table_id: self.fences.get(table_id) for table_id in set(table_ids)}
        checked = set(connection.execute(
            update(LeaseRow).where(LeaseRow.owner == self.node,
                                   tuple_(LeaseRow.table_id, LeaseRow.generation)
                                   .in_([pair for pair in held.items() if pair[1] is not None]))
            .values(generation=LeaseRow.generation).returning(LeaseRow.table_id)).scalars())
        lost = sorted(set(held) - checked)
        if lost:
            raise LeaseLost(lost[0])

    def open_for_writing(self) -> None:
        """Migrate the schema and check that the database takes writes; any failure is one
        StorageError naming the database (for the command line, without a traceback)."""
        try:
            self.upgrade()
            self.check_writable()
        except Exception as e:
            reason = str(getattr(e, "orig", None) or e).strip().splitlines()
            raise StorageError(f"cannot open database {self.name} for writing: "
                               f"{reason[0] if reason else type(e).__name__}") from None

    def upgrade(self) -> None:
        """Bring the schema to the newest migration (creating it in an empty database). On
        PostgreSQL, processes starting together migrate one after another (an advisory lock)."""
        if not self.is_postgres:
            command.upgrade(alembic_config(self.engine), "head")
            return
        # A session lock, held outside any transaction: the idle-transaction timeout must not
        # end it however long the migrations take.
        with self.engine.execution_options(isolation_level="AUTOCOMMIT").connect() as connection:
            connection.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
            try:
                command.upgrade(alembic_config(self.engine), "head")
            finally:
                connection.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")

    def dispose(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """Raise unless the database answers a query (/healthz)."""
        with self.engine.connect() as connection:
            connection.exec_driver_sql("SELECT 1")

    # ---- writing -----------------------------------------------------------------------------
    def create_table(self, record: TableRecord) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(**_row_fields(record)))
            session.flush()
            if self.node is not None:  # its creator owns a new table
                session.add(LeaseRow(table_id=record.id, owner=self.node,
                                     generation=self.fences[record.id],
                                     expires_at=func.now() + timedelta(
                                         seconds=self.lease_seconds)))
            if record.host_hash is not None:
                session.add(SeatingRow(table_id=record.id, host_hash=record.host_hash,
                                       seats=record.seating()))

    def save_seating(self, record: TableRecord) -> None:
        """Store who sits where: the seat tokens, bots, status and the seating row."""
        with Session(self.engine) as session, session.begin():
            self._fence(session, [record.id])
            session.execute(update(TableRow).where(TableRow.id == record.id).values(
                token_hashes=record.token_hashes, status=record.status,
                bots={str(seat): spec for seat, spec in record.bots.items()}))
            session.execute(delete(SeatingRow).where(SeatingRow.table_id == record.id))
            if record.host_hash is not None:
                session.add(SeatingRow(table_id=record.id, host_hash=record.host_hash,
                                       seats=record.seating()))

    def add_chat(self, table_id: str, entry: ChatEntry) -> None:
        with Session(self.engine) as session, session.begin():
            self._fence(session, [table_id])
            session.add(ChatRow(table_id=table_id, index=entry.index, seat=entry.seat,
                                name=entry.name, text=entry.text, time=entry.time))

    def add_action(self, table_id: str, index: int, seat: int, action: str,
                   finished: bool) -> None:
        """Store the action numbered `index` (from 0); mark the table finished with it."""
        self.add_actions([ActionWrite(table_id, index, seat, action, finished)])

    def add_actions(self, writes: list[ActionWrite]) -> None:
        """Store actions of any tables in one transaction (the server's group commit)."""
        moment = now()
        with self.engine.begin() as connection:
            self._fence(connection, [w.table_id for w in writes])
            connection.execute(insert(ActionRow), [
                {"table_id": w.table_id, "index": w.index, "seat": w.seat, "action": w.action,
                 "time": moment} for w in writes])
            finished = [w.table_id for w in writes if w.finished]
            if finished:
                connection.execute(update(TableRow).where(TableRow.id.in_(finished))
                                   .values(status=FINISHED))

    def add_undo(self, table_id: str, number: int, note: UndoNote) -> None:
        """Take back the last stored action (leaving `note.version`), drop snapshots taken
        after it, and store the undo as the table's `number`-th (from 0)."""
        with Session(self.engine) as session, session.begin():
            self._fence(session, [table_id])
            session.execute(delete(ActionRow).where(ActionRow.table_id == table_id,
                                                    ActionRow.index >= note.version))
            session.execute(delete(SnapshotRow).where(SnapshotRow.table_id == table_id,
                                                      SnapshotRow.index > note.version))
            session.add(UndoRow(table_id=table_id, index=number, seat=note.seat,
                                action=note.action, version=note.version, events=note.events,
                                time=note.time))

    def save_snapshot(self, table_id: str, index: int, document: dict[str, Any]) -> None:
        """Keep one snapshot per table: the state after `index` actions."""
        with Session(self.engine) as session, session.begin():
            self._fence(session, [table_id])
            session.execute(delete(SnapshotRow).where(SnapshotRow.table_id == table_id))
            session.add(SnapshotRow(table_id=table_id, index=index, document=document))

    # ---- reading -----------------------------------------------------------------------------
    # Every row is read raw (JSON and times as text) and validated by rows.py, so that one
    # malformed row (edited by hand, written by another program) makes a BadRow for its own
    # table, or drops its own record, and nothing else.
    def list_tables(self, limit: int, statuses: tuple[str, ...] = ()) -> list[TableRecord | BadRow]:
        """The newest `limit` tables (of those `statuses` only, when given)."""
        query = select(*raw(TableRow, StoredTable)).order_by(TableRow.created.desc(),
                                                            TableRow.id).limit(limit)
        if statuses:
            query = query.where(TableRow.status.in_(statuses))
        with Session(self.engine) as session:
            return [_checked_record(row._mapping) for row in session.execute(query)]

    def unfinished_ids(self) -> list[str]:
        query = (select(TableRow.id).where(TableRow.status.in_((PLAYING, OPEN)))
                 .order_by(TableRow.created))
        with Session(self.engine) as session:
            return list(session.scalars(query))

    def load(self, table_id: str) -> StoredGame | None:
        """A stored table; BadRow when its rows do not make one (a bad snapshot is dropped,
        replaying from the seed instead)."""
        with Session(self.engine) as session:
            row = session.execute(select(*raw(TableRow, StoredTable))
                                  .where(TableRow.id == table_id)).first()
            if row is None:
                return None
            record = _record_or_raise(row._mapping)
            seating = session.execute(select(*raw(SeatingRow, StoredSeating))
                                      .where(SeatingRow.table_id == table_id)).first()
            actions = session.execute(select(*raw(ActionRow, StoredAction))
                                      .where(ActionRow.table_id == table_id)
                                      .order_by(ActionRow.index)).all()
            snapshot = session.execute(select(*raw(SnapshotRow, StoredSnapshot))
                                       .where(SnapshotRow.table_id == table_id)
                                       .order_by(SnapshotRow.index.desc()).limit(1)).first()
            undos = session.execute(select(*raw(UndoRow, StoredUndo))
                                    .where(UndoRow.table_id == table_id)
                                    .order_by(UndoRow.index)).all()
        if seating is not None:
            _add_seating(record, seating._mapping)
        record.undos = [_undo_note(record.id, row._mapping) for row in undos]
        return StoredGame(record, _checked_actions(record.id, actions, record.players),
                          self._checked_snapshot(record.id, snapshot))

    def chat(self, table_id: str, limit: int) -> tuple[int, list[ChatEntry]]:
        """How many lines the table's chat has, and its last `limit` lines in order (a
        malformed line is left out, logged once)."""
        with Session(self.engine) as session:
            rows = session.execute(select(*raw(ChatRow, StoredChat))
                                   .where(ChatRow.table_id == table_id)
                                   .order_by(ChatRow.index.desc()).limit(limit)).all()
        entries = []
        for row in reversed(rows):
            try:
                line = validated(StoredChat, row._mapping)
            except BadRecord as e:
                self.dropped(table_id, f"chat line {row._mapping['index']!r}", e)
                continue
            entries.append(ChatEntry(line.index, line.seat, line.name, line.text, line.time))
        numbers = [row._mapping["index"] for row in rows if type(row._mapping["index"]) is int]
        return (max(numbers) + 1 if numbers else 0), entries

    def dropped(self, table_id: str, what: str, error: BadRecord) -> None:
        """Log a malformed record left out of its table (once per record and process)."""
        key = (table_id, what)
        if key not in self.reported:
            self.reported.add(key)
            log.warning("table %s: stored %s ignored: %s", table_id, what, error)

    def _checked_snapshot(self, table_id: str, row: Any) -> tuple[int, dict[str, Any]] | None:
        if row is None:
            return None
        try:
            snapshot = validated(StoredSnapshot, row._mapping)
        except BadRecord as e:  # the table replays from the seed instead
            self.dropped(table_id, "snapshot", e)
            return None
        return snapshot.index, snapshot.document

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as connection:
            self._fence(connection, [table_id])
            connection.execute(update(TableRow).where(TableRow.id == table_id)
                               .values(status=status))

    def check_writable(self) -> None:
        """Raise when the database cannot be written (a read-only file, a full disk)."""
        with self.engine.begin() as connection:
            connection.exec_driver_sql(
                "UPDATE alembic_version SET version_num = version_num")


def raw(orm: type[Base], model: type[StoredRow]) -> list[Any]:
    """The columns `model` validates, as the database holds them: JSON, times and big
    integers as text, so that no driver parses (or fails on) them before rows.py does."""
    columns = []
    for name in model.model_fields:
        column = getattr(orm, name)
        if isinstance(column.type, JSON | DateTime | BigInteger):
            column = cast(column, Text).label(name)
        columns.append(column)
    return columns


def _checked_record(row: Any) -> TableRecord | BadRow:
    try:
        return _record_or_raise(row)
    except BadRow as e:
        e.game = row["game"] if isinstance(row["game"], str) else None
        e.players = row["players"] if type(row["players"]) is int else None
        return e


def _record_or_raise(row: Any) -> TableRecord:
    try:
        stored = validated(StoredTable, row)
    except BadRecord as e:
        raise BadRow(str(row["id"]), f"malformed row: {e}") from None
    return TableRecord(
        id=stored.id, game=stored.game, players=stored.players, options=stored.options,
        seed=stored.seed, bots={int(seat): spec for seat, spec in stored.bots.items()},
        token_hashes=list(stored.token_hashes), turn_seconds=stored.turn_seconds,
        leave_seconds=stored.leave_seconds, leave_bot=stored.leave_bot, status=stored.status,
        created=stored.created, engine_format=stored.engine_format,
        seed_chosen=stored.seed_chosen, creator=stored.creator)


def _add_seating(record: TableRecord, row: Any) -> None:
    try:
        seating = validated(StoredSeating, row)
    except BadRecord as e:
        raise BadRow(record.id, f"malformed seating: {e}") from None
    if len(seating.seats) != record.players:
        raise BadRow(record.id, "malformed seating: it does not match the player count")
    record.host_hash = seating.host_hash
    for seat, entry in enumerate(seating.seats):
        if entry.name is not None:
            record.names[seat] = entry.name
        if entry.link is not None:
            record.links[seat] = entry.link
        record.issued[seat] = entry.issued


def _undo_note(table_id: str, row: Any) -> UndoNote:
    try:
        undo = validated(StoredUndo, row)
    except BadRecord as e:
        raise BadRow(table_id, f"malformed undo: {e}") from None
    return UndoNote(undo.seat, undo.action, undo.version, undo.events, undo.time)


def _checked_actions(table_id: str, rows: Any, players: int) -> list[tuple[int, str]]:
    actions = []
    for expected, row in enumerate(rows):
        try:
            stored = validated(StoredAction, row._mapping)
        except BadRecord as e:
            raise BadRow(table_id, f"action {expected} is malformed: {e}") from None
        if stored.index != expected:
            raise BadRow(table_id, f"action {expected} is missing (found {stored.index} "
                                   "instead)")
        if stored.seat >= players:
            raise BadRow(table_id, f"action {expected} is malformed (seat {stored.seat})")
        actions.append((stored.seat, stored.action))
    return actions


def _row_fields(record: TableRecord) -> dict[str, Any]:
    fields = {name: value for name, value in record.__dict__.items()
              if name not in ("host_hash", "names", "links", "issued", "undos")}
    fields["bots"] = {str(seat): spec for seat, spec in record.bots.items()}
    return fields

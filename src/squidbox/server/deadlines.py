"""Turn deadlines that outlive the server process (turn-based tables).

A turn timer of a day must not start again from zero when the server restarts (or, with several
processes, when another one takes the table over). Each table with a turn timer keeps one row in
`turn_deadlines` (migration 0007): the absolute deadlines (seconds since the epoch) of the seats
whose clocks run, and the table's version when they were set. After a load the stored deadlines
are used again only when that version is the table's own: otherwise the process stopped between
storing an action and storing the deadlines it started, and the clocks start afresh (as they
did before this module), never shorter than they should be.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from sqlalchemy import JSON, ForeignKey, Integer, String, delete, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, Session, mapped_column

from .rows import BadRecord, StoredDeadlines, validated
from .storage import Base, Storage, raw

if TYPE_CHECKING:
    from .manager import TableManager
    from .tables import Table

log = logging.getLogger("squidbox.server")


class DeadlineRow(Base):
    __tablename__ = "turn_deadlines"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    deadlines: Mapped[dict[str, float]] = mapped_column(JSON)  # seat (as text) -> epoch seconds


def save_deadlines(storage: Storage, table_id: str, version: int,
                   deadlines: dict[int, float]) -> None:
    """Replace the table's stored deadlines (blocking: the server's database thread)."""
    with Session(storage.engine) as session, session.begin():
        session.execute(delete(DeadlineRow).where(DeadlineRow.table_id == table_id))
        stored = {str(seat): moment for seat, moment in deadlines.items()}
        session.add(DeadlineRow(table_id=table_id, version=version, deadlines=stored))


def load_deadlines(storage: Storage, table_id: str, version: int) -> dict[int, float]:
    """The deadlines stored for the table at `version`; none when they were stored at another
    version or the row is malformed (logged: the clocks then start afresh)."""
    try:
        with Session(storage.engine) as session:
            row = session.execute(select(*raw(DeadlineRow, StoredDeadlines))
                                  .where(DeadlineRow.table_id == table_id)).first()
    except SQLAlchemyError as e:  # the table still loads; its clocks start afresh
        log.error("table %s: stored turn deadlines not read: %s", table_id, e)
        return {}
    if row is None:
        return {}
    try:
        stored = validated(StoredDeadlines, row._mapping)
    except BadRecord as e:
        storage.dropped(table_id, "turn deadlines", e)
        return {}
    if stored.version != version:
        return {}
    return {int(seat): moment for seat, moment in stored.deadlines.items()}


class SavedDeadlines:
    """One table's deadlines as stored: those restored after a load are used once, by the first
    scheduling of the timers; after that every change is stored."""

    def __init__(self, restored: dict[int, float] | None = None) -> None:
        self.restored = dict(restored or {})
        self.saved: tuple[int, dict[int, float]] | None = None

    def take(self, seat: int) -> float | None:
        """The deadline `seat` had before the table was loaded, if it still runs."""
        return self.restored.pop(seat, None)

    def save(self, table: Table) -> None:
        """Store the table's running deadlines when they (or its version) changed."""
        self.restored.clear()
        current = (table.version, dict(table.deadlines))
        if current == self.saved:
            return
        self.saved = current
        table.manager.spawn(_write(table.manager, table.id, *current), f"deadlines {table.id}",
                            stores=True)


async def _write(manager: TableManager, table_id: str, version: int,
                 deadlines: dict[int, float]) -> None:
    try:
        await manager.db(save_deadlines, manager.storage, table_id, version, deadlines)
    except Exception as e:  # the timers go on; only a restart would start them afresh
        log.error("table %s: turn deadlines not stored: %s: %s", table_id, type(e).__name__, e)

"""The rules and data version each stored table started under.

A table stores its seed and actions; the rules code that replays them may change. So every table
records, in `table_versions` (migration 0006), the game's rules version
(`games/<id>/rules_version.toml`) and a hash of its data (record.py). On load:

- same versions: the table is rebuilt as before (snapshot, then actions); an action that does
  not replay then means damaged rows, and the table is quarantined as before;
- other versions: the table is replayed from its seed under this server's rules (its snapshot
  was written by the older code, so it is not trusted). When every action replays it goes on
  ("compatible"); when one does not, or a finished game no longer ends where it ended, the table
  becomes "outdated": it is shown as finished under older rules, with the reason, its replay
  shows the steps that still replay and its record stays downloadable. It is never skipped.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import ForeignKey, Integer, String, insert, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from squidbox.engine import Game, IllegalAction, State
from squidbox.record import data_version, rules_version

from .persistence import rebuild
from .rows import BadRecord, StoredVersions, validated
from .storage import FINISHED, PLAYING, Base, Storage, StoredGame, TableRecord, raw
from .variants import OPTION, from_option

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("squidbox.server")
OUTDATED = "outdated"  # a table whose stored actions no longer replay under this server's rules
FIRST_RULES = 1  # the rules version of tables stored before versions were recorded


class TableVersionRow(Base):
    __tablename__ = "table_versions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    rules_version: Mapped[int] = mapped_column(Integer)
    data_version: Mapped[str | None] = mapped_column(String(64), nullable=True)


@dataclass(frozen=True)
class Versions:
    rules: int
    data: str | None  # None: not known (stored before migration 0006)

    def describe(self, game_id: str) -> str:
        data = f", data {self.data}" if self.data else ""
        return f"rules version {self.rules} of {game_id}{data}"


def current_versions(game_id: str, options: dict[str, object]) -> Versions:
    """The versions a table of these options is played under by this server."""
    doc = options.get(OPTION)
    content = None if doc is None else from_option(game_id, doc).content
    return Versions(rules_version(game_id), data_version(game_id, content))


def save_versions(storage: Storage, table_id: str, versions: Versions) -> None:
    with Session(storage.engine) as session, session.begin():
        session.execute(insert(TableVersionRow).values(
            table_id=table_id, rules_version=versions.rules, data_version=versions.data))


def stored_versions(storage: Storage, table_id: str) -> Versions:
    """The versions a table started under (rules version 1 for a table stored before, or
    whose row is malformed: logged, and the table is replayed as one of unknown versions)."""
    with Session(storage.engine) as session:
        row = session.execute(select(*raw(TableVersionRow, StoredVersions))
                              .where(TableVersionRow.table_id == table_id)).first()
    if row is None:
        return Versions(FIRST_RULES, None)
    try:
        stored = validated(StoredVersions, row._mapping)
    except BadRecord as e:
        storage.dropped(table_id, "rules versions", e)
        return Versions(FIRST_RULES, None)
    return Versions(stored.rules_version, stored.data_version)


async def record_versions(manager: TableManager, record: TableRecord, game: Game) -> None:
    """Store the versions a new table starts under (called when it is created)."""
    versions = current_versions(game.id, record.options)
    await manager.db(save_versions, manager.storage, record.id, versions)


async def rebuild_checked(manager: TableManager, game: Game,
                          stored: StoredGame) -> tuple[State, str | None]:
    """The state of a stored table, and why it is outdated (None when it is not)."""
    record = stored.record
    then = await manager.db(stored_versions, manager.storage, record.id)
    now = current_versions(game.id, record.options)
    loop = asyncio.get_running_loop()
    if then.rules == now.rules and then.data in (None, now.data):
        return await loop.run_in_executor(manager.loader, rebuild, game, stored), None
    state, outdated = await loop.run_in_executor(manager.loader, replay_under, game, stored,
                                                 then, now)
    if outdated is None:
        log.info("table %s: started under %s, replays under %s", record.id,
                 then.describe(game.id), now.describe(game.id))
        if record.status == OUTDATED:  # outdated under an earlier server, replays again now
            record.status = FINISHED if state.is_terminal() else PLAYING
            await manager.db(manager.storage.set_status, record.id, record.status)
        return state, None
    log.warning("table %s is finished under older rules: %s", record.id, outdated)
    if record.status != OUTDATED:
        await manager.db(manager.storage.set_status, record.id, OUTDATED)
        record.status = OUTDATED
    return state, outdated


def replay_under(game: Game, stored: StoredGame, then: Versions,
                 now: Versions) -> tuple[State, str | None]:
    """Replay a table of other versions from its seed under this server's rules: the state
    reached, and why it is outdated when its actions stop replaying there."""
    record = stored.record
    state = game.new_game(record.players, record.seed, record.options, record.engine_format)
    why = (f"it was played under {then.describe(game.id)}; this server has "
           f"{now.describe(game.id)}")
    for index, (seat, action) in enumerate(stored.actions):
        try:
            state.apply(seat, action)
        except IllegalAction as e:
            return state, (f"{why}, and its action {index + 1} of {len(stored.actions)} "
                           f"(seat {seat}: {action!r}) no longer replays: {e}")
    if record.status in (FINISHED, OUTDATED) and not state.is_terminal():
        return state, f"{why}, and its actions no longer end the game"
    return state, None

"""A table's moves to and from storage.

Actions are stored by the group writer in batches; a write that fails is answered in one way
wherever it happens (`refused_write`); snapshots are taken every few actions; and a stored
table is rebuilt from its latest good snapshot and the actions after it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from sqlalchemy.exc import IntegrityError

from squidbox.engine import Game, IllegalAction, SnapshotError, State
from squidbox.i18n import gettext as _

from .errors import ApiError
from .storage import ActionWrite, BadRow, LeaseLost, StoredGame

if TYPE_CHECKING:
    from .manager import TableManager
    from .tables import Table

log = logging.getLogger("squidbox.server")


class GroupWriter:
    """Stores actions in batches: the actions of all tables that arrive while one transaction
    is being committed go into the next one, so a busy server commits far less often. Each
    caller still waits until its own action is stored. When a batch fails, its actions are
    retried one by one, so that one bad write fails alone."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.pending: list[tuple[ActionWrite, asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None

    async def store(self, write: ActionWrite) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((write, future))
        if self.task is None or self.task.done():
            self.task = self.manager.spawn(self._flush(), "group writer", stores=True)
        await future

    async def _flush(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                await self.manager.db(self.manager.storage.add_actions, [w for w, _ in batch])
            except Exception:
                await self._one_by_one(batch)
                continue
            for _written, future in batch:
                if not future.done():
                    future.set_result(None)

    async def _one_by_one(self, batch: list[tuple[ActionWrite, asyncio.Future[None]]]) -> None:
        for write, future in batch:
            try:
                await self.manager.db(self.manager.storage.add_actions, [write])
            except Exception as e:
                if not future.done():
                    future.set_exception(e)
            else:
                if not future.done():
                    future.set_result(None)


def refused_write(table: Table, what: str, error: Exception, refusal: str) -> ApiError:
    """The refusal of a change of `table` whose write (`what`) the database failed; the caller
    has left the table as it was before the change. When this process no longer holds the
    table's lease, or storage already holds that write (an earlier attempt whose answer was
    lost, the database stopping mid-commit), storage is the truth: the table is dropped from
    memory, its clients reconnect and it is loaded afresh. Otherwise `refusal` says what was
    not done (the client may try again)."""
    manager = table.manager
    log.error("table %s: %s not stored: database %s: %s", table.id, what, manager.storage.name,
              one_line(error))
    if isinstance(error, LeaseLost) and manager.cluster is not None:
        manager.cluster.evict(table)
    elif isinstance(error, IntegrityError):
        manager.unload(table, "storage holds more than memory")
    else:
        return ApiError("server_error", refusal)
    return ApiError("unavailable", _("table {table} moved to another server process; "
                                     "reconnect and try again").format(table=table.id))


async def save_snapshot(table: Table) -> None:
    """Store the table's state, so that loading it replays only the actions after it; when
    that fails, loading replays more (nothing is lost)."""
    manager = table.manager
    try:
        await manager.db(manager.storage.save_snapshot, table.id, table.version,
                         table.state.to_json())
    except Exception as e:
        log.error("table %s: snapshot at %d not saved (replay still works): database %s: "
                  "%s", table.id, table.version, manager.storage.name, one_line(e))


def rebuild(game: Game, stored: StoredGame) -> State:
    """The exact state of a stored table: its latest snapshot when that agrees with the stored
    actions, then the remaining actions replayed (from the seed when there is no snapshot)."""
    record, actions = stored.record, stored.actions
    state = None
    if stored.snapshot is not None:
        index, document = stored.snapshot
        try:
            candidate = game.from_json(document)
            if (candidate.seed == record.seed and candidate.history == actions[:index]
                    and candidate.rng.format == record.engine_format):
                state = candidate
        except SnapshotError as e:
            log.warning("table %s: snapshot ignored (%s); replaying from the seed", record.id, e)
    if state is None:
        state = game.new_game(record.players, record.seed, record.options, record.engine_format)
    if len(record.token_hashes) != state.num_players:
        raise BadRow(record.id, "seat tokens do not match the player count")
    for index, (seat, action) in enumerate(actions[len(state.history):], len(state.history)):
        try:
            state.apply(seat, action)
        except IllegalAction as e:
            raise BadRow(record.id, f"stored action {index} does not replay: {e}") from None
    if not state.undo_window_known():  # the moves that may be undone may reach before it
        state = game.replay(record.players, record.seed, record.options, actions,
                            record.engine_format)
    return state


def one_line(error: BaseException) -> str:
    """An exception as one line for the log: its type and first line."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"

"""The tables of one server process: created, loaded from storage, kept in memory while they
are played or watched, expired when abandoned and forgotten when over.

Every table is loaded in its own error boundary: one whose rows are bad is quarantined and every
other one still works. The manager also owns what the tables share: the database thread, the
group writer, the bot pool and the tasks that run beside the requests (those that store data
are awaited when the server stops, within a few seconds whatever the database does).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from squidbox import i18n
from squidbox.i18n import gettext as _

from .autopass import AutoPass
from .botpool import BotPool
from .clients import MOVED
from .deadlines import SavedDeadlines, load_deadlines
from .errors import ApiError
from .limits import Limits
from .messages import NewTable
from .metrics import Metrics
from .persistence import GroupWriter, one_line
from .seat_tokens import open_seats, seat_token
from .storage import OPEN, PLAYING, BadRow, Storage, TableRecord, hash_token, now
from .tables import EXPIRED, Table, iso_time, seconds
from .variants import table_game, variant_entry
from .versions import rebuild_checked, record_versions

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("squidbox.server")
T = TypeVar("T")

SNAPSHOT_EVERY = 50
UNAVAILABLE = "unavailable"
STOP_STEP_SECONDS = 3.0  # each step of a stop that waits for the database or the bus


def creator_key(secret: bytes, address: str) -> str:
    """Who created a table, as stored: a keyed hash of the address (not the address itself)."""
    return hmac.new(secret, address.encode(), hashlib.sha256).hexdigest()[:32]


def mixed_seed(secret: bytes, seed: int, table_id: str) -> int:
    """A client's seed mixed with the server's secret and the new table's id: nobody can know
    the deal in advance, nor make two tables deal alike."""
    digest = hmac.new(secret, f"{seed}:{table_id}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 2


class TableManager:
    """All tables of the server: created, loaded from storage (each in its own error boundary:
    a table whose rows are bad is quarantined and every other one still works), expired when
    abandoned and forgotten when finished."""

    def __init__(self, storage: Storage, snapshot_every: int = SNAPSHOT_EVERY,
                 limits: Limits | None = None, metrics: Metrics | None = None) -> None:
        self.storage = storage
        self.snapshot_every = snapshot_every
        self.limits = limits or Limits()
        self.metrics = metrics or Metrics()
        self.tables: dict[str, Table] = {}
        self.quarantined: dict[str, str] = {}  # table id -> why it cannot be loaded
        self.tasks: set[asyncio.Task[Any]] = set()
        self.writes: set[asyncio.Task[Any]] = set()  # they store data: finished on close
        self.loading = asyncio.Lock()
        self.secret = secrets.token_bytes(32)
        self.connections = 0
        # One thread for the database: writes stay in order and SQLite has a single writer.
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="squidbox-db")
        # Loading (replays) has its own thread, bots their own processes: bots never delay a load.
        self.loader = ThreadPoolExecutor(1, thread_name_prefix="squidbox-load")
        self.bots = BotPool(self.limits.bot_processes, self.limits.bot_queue)
        self.writer = GroupWriter(self)
        self.autopass = AutoPass()
        self.cluster: Cluster | None = None  # several processes on one PostgreSQL (cluster.py)
        # Told of each game that ends with a move (ratings.py), before anyone hears of the end.
        self.finish_hooks: list[Callable[[Table], Awaitable[None]]] = []

    async def db(self, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, function, *args)

    async def finished(self, table: Table) -> None:
        """Run the finish hooks; a failing one is logged and stops nothing."""
        for hook in self.finish_hooks:
            try:
                await hook(table)
            except Exception as e:
                log.error("table %s: after the game: %s", table.id, one_line(e))

    def unload(self, table: Table, why: str) -> None:
        """Drop a table held in memory and close its clients with 1012: they reconnect, and
        the next request loads it from storage (on whichever node owns it then)."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        table.close_tasks()
        log.warning("table %s: %s; its %d clients reconnect", table.id, why,
                    len(table.clients) + len(table.chat_clients))
        for client in list(table.clients | table.chat_clients):
            with i18n.language(client.language):
                text = _("table {table} moved to another server process; reconnecting").format(
                    table=table.id)
            client.end({"type": "error", "code": "unavailable", "error": text}, MOVED)
        table.clients.clear()
        table.chat_clients.clear()

    def spawn(self, coroutine: Coroutine[Any, Any, None], name: str,
              stores: bool = False) -> asyncio.Task[None]:
        """Run `coroutine` beside the requests. One that `stores` data (actions, deadlines) is
        awaited when the server closes; the others are cancelled."""
        task = asyncio.create_task(coroutine, name=name)
        (self.writes if stores else self.tasks).add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        self.writes.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("task %s failed: %r", task.get_name(), task.exception())

    async def start(self, app: Any = None) -> None:
        """Resume every unfinished table (a bad one is quarantined; none waits for a bot) and
        start the sweeper that expires abandoned tables. With a cluster, only the tables no
        other live process holds are resumed here (and taken over later as leases run out)."""
        if self.cluster is not None:
            await self.cluster.start(app)
        else:
            for table_id in await self.db(self.storage.unfinished_ids):
                with contextlib.suppress(ApiError):  # quarantined: logged once by _load
                    await self.get(table_id)
        log.info("resumed %d unfinished tables (%d quarantined)", len(self.tables),
                 len(self.quarantined))
        self.spawn(self._sweep(), "sweeper")
        self._count()

    async def close(self) -> None:
        """Stop, within a few seconds whatever the database and the bus do: each step that
        waits for them is bounded (a stop must never hang on a dependency that is down)."""
        if self.writes:  # finished first: a deadline stored before a stop gives no extra time
            await asyncio.wait(set(self.writes), timeout=self.limits.close_write_seconds)
        if self.cluster is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.cluster.hand_back(), STOP_STEP_SECONDS)
        for table in self.tables.values():
            table.close_tasks()
            for client in table.clients:
                client.close()
        left = self.tasks | self.writes
        for task in left:
            task.cancel()
        await asyncio.gather(*left, return_exceptions=True)
        if self.cluster is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.cluster.close(), STOP_STEP_SECONDS)
        self.bots.close()
        self.loader.shutdown(wait=False, cancel_futures=True)
        with contextlib.suppress(TimeoutError):  # the database thread's last statement
            await asyncio.wait_for(asyncio.to_thread(self.executor.shutdown, cancel_futures=True),
                                   STOP_STEP_SECONDS)

    def _count(self) -> None:
        self.metrics.tables.set(len(self.tables))
        self.metrics.quarantined.set(len(self.quarantined))
        self.metrics.connections.set(self.connections)

    async def create(self, new: NewTable, address: str = "unknown"
                     ) -> tuple[Table, dict[int, str], str]:
        """A new table, created from `address`; returns it with the tokens of its human seats
        that are not open and its host token (none of them stored). A client's seed is mixed
        with the server's secret when the table has people (whoever chose it cannot know the
        deals); a table of bots only keeps it, for reproducible deals, and is marked so: it
        never seats a person (seating.py)."""
        if len(self.tables) >= self.limits.max_tables:
            raise ApiError("full", _("the server has {count} tables open, its limit; try again "
                                     "later").format(count=len(self.tables)))
        humans = new.players - len(new.bots)
        table_id = secrets.token_urlsafe(6)
        if new.seed is None:
            seed = random.SystemRandom().getrandbits(62)
        else:
            seed = mixed_seed(self.secret, new.seed, table_id) if humans else new.seed
        state = new.game.new_game(new.players, seed, new.options)
        host_token = secrets.token_urlsafe(24)
        tokens = {seat: seat_token(host_token, table_id, seat, 0) for seat in range(new.players)
                  if seat not in new.bots and seat not in new.open_seats}
        record = TableRecord(
            id=table_id, game=new.game.id, players=new.players,
            options=new.options, seed=seed, bots=new.bots,
            token_hashes=[hash_token(tokens[s]) if s in tokens else None
                          for s in range(new.players)],
            turn_seconds=new.turn_seconds, leave_seconds=new.leave_seconds,
            leave_bot=new.leave_bot, status=OPEN if new.open_seats else PLAYING, created=now(),
            host_hash=hash_token(host_token), links=dict.fromkeys(tokens, 0),
            issued=dict.fromkeys(tokens, 1), seed_chosen=new.seed is not None and not humans,
            creator=creator_key(self.secret, address))
        if self.cluster is not None:
            self.storage.fences[table_id] = 1  # its creator holds its first lease
        try:
            await self.db(self.storage.create_table, record)
            await record_versions(self, record, new.game)
        except Exception as e:
            self.storage.fences.pop(table_id, None)
            log.error("table not created: database %s: %s", self.storage.name, one_line(e))
            raise ApiError("server_error", _("the table could not be saved (the server's "
                                             "database failed); try again later")) from None
        table = Table(record, state, self)
        self.tables[record.id] = table
        table.schedule()
        self._count()
        return table, tokens, host_token

    async def get(self, table_id: str) -> Table:
        """A table by id, loaded from storage when it is not in memory."""
        if table_id in self.tables:
            return self.tables[table_id]
        self._refuse_quarantined(table_id)
        async with self.loading:
            if table_id not in self.tables:
                self.tables[table_id] = await self._load(table_id)
                self.tables[table_id].schedule()
                self._count()
        return self.tables[table_id]

    def _refuse_quarantined(self, table_id: str) -> None:
        if table_id in self.quarantined:
            raise ApiError("unavailable", _("table {table} is unavailable: its stored data is "
                                            "damaged (the operator has been told)").format(
                                                table=table_id))

    async def _load(self, table_id: str) -> Table:
        """Load one table in its own error boundary: anything wrong with its rows quarantines
        it (logged once) instead of failing anything else."""
        self._refuse_quarantined(table_id)
        if len(table_id) > 32:
            raise ApiError("unknown_table", _("there is no table {table}").format(
                table=repr(table_id[:40])))
        if self.cluster is not None and not await self.cluster.take(table_id):
            raise ApiError("unavailable", _("another server process plays table {table} right "
                                            "now; try again in a few seconds").format(
                                                table=table_id))
        try:
            stored = await self.db(self.storage.load, table_id)
            if stored is None:
                raise ApiError("unknown_table", _("there is no table {table}").format(
                    table=repr(table_id)))
            game = table_game(stored.record.game, stored.record.options)
            state, outdated = await rebuild_checked(self, game, stored)
        except ApiError:
            raise
        except Exception as e:
            self.quarantined[table_id] = one_line(e)
            log.error("table %s quarantined: %s", table_id, one_line(e))
            self._count()
            self._refuse_quarantined(table_id)
            raise
        table = Table(stored.record, state, self)
        table.outdated = outdated
        table.saved_deadlines = SavedDeadlines(
            await self.db(load_deadlines, self.storage, table_id, len(state.history)))
        return table

    def forget(self, table: Table) -> None:
        """Drop a finished or expired table nobody watches from memory (it stays stored)."""
        if self.tables.get(table.id) is table and not table.clients:
            del self.tables[table.id]
            self._count()
            if self.cluster is not None:
                self.spawn(self.cluster.release(table.id), f"release {table.id}")

    async def _sweep(self) -> None:
        """Expire tables with people that nobody has touched for `expire_seconds`."""
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            await self.expire_abandoned()

    async def expire_abandoned(self) -> None:
        moment = time.monotonic()
        for table in list(self.tables.values()):
            if table.status not in (PLAYING, OPEN):  # over: only kept while watched
                self.forget(table)
                continue
            idle = moment - table.last_activity
            humans = any(seat not in table.record.bots for seat in range(table.record.players))
            if table.clients or not humans or idle < self.limits.expire_seconds:
                continue
            async with table.lock:
                if table.clients or table.status not in (PLAYING, OPEN):
                    continue
                try:
                    await self.db(self.storage.set_status, table.id, EXPIRED)
                except Exception as e:
                    log.error("table %s not expired: %s", table.id, one_line(e))
                    continue
                table.record.status = EXPIRED
                table.close_tasks()
                table.broadcast()  # nobody is connected, but "my tables" pages hear of it
                self.tables.pop(table.id, None)
                if self.cluster is not None:
                    await self.cluster.release(table.id)
                log.info("table %s expired after %.0f s without activity", table.id, idle)
        self._count()

    async def lobby(self, limit: int, statuses: tuple[str, ...] = ()) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = []
        for record in await self.db(self.storage.list_tables, limit, statuses):
            if isinstance(record, BadRow):
                entries.append({"table": record.table_id, "game": record.game,
                                "players": record.players, "status": UNAVAILABLE,
                                "created": None})
                continue
            status = UNAVAILABLE if record.id in self.quarantined else self._status(record)
            table = self.tables.get(record.id)
            seats = table.open_seats() if table is not None else open_seats(record)
            entries.append({"table": record.id, "game": record.game, "players": record.players,
                            "status": status, "created": iso_time(record.created),
                            "open_seats": seats if status == OPEN else [],
                            "turn_seconds": seconds(record.turn_seconds),
                            # no person has joined: the lobby lists it apart (docs/playtest.md)
                            "bots_only": (status == PLAYING and table is not None
                                          and not table.people_joined()),
                            **variant_entry(record.options)})
        return entries

    def _status(self, record: TableRecord) -> str:
        table = self.tables.get(record.id)
        return record.status if table is None else table.status

"""The live tables: engine states, seat tokens, connected clients, bots and timers.

One asyncio lock per table orders every change. An action is checked by the engine, applied,
stored, and then every client of the table is sent its own view. Bots, and the default moves of
the turn timer, are computed in worker threads on a clone of the state, so the event loop never
waits for them; the move is then submitted like anyone else's and refused as stale when the table
moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from squidbox.bots import make_bot
from squidbox.engine import Action, Game, IllegalAction, SnapshotError, SquidboxError, State

from .messages import ApiError, NewTable
from .storage import (
    FINISHED,
    PLAYING,
    ActionWrite,
    Storage,
    StoredGame,
    TableRecord,
    hash_token,
    now,
)
from .variants import public_options, table_game, variant_entry, variant_label

log = logging.getLogger("squidbox.server")
T = TypeVar("T")

SNAPSHOT_EVERY = 50
CLIENT_QUEUE = 256
MAX_TOKEN_LENGTH = 200


@dataclass(eq=False)
class Client:
    """One WebSocket connection: its seat (None for a spectator) and its outgoing messages."""

    seat: int | None
    queue: asyncio.Queue[str | None] = field(
        default_factory=lambda: asyncio.Queue(CLIENT_QUEUE))

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue a message; a client too slow to take 256 of them is disconnected."""
        text = message if isinstance(message, str) else encode(message)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def derived_seed(*parts: object) -> int:
    """A seed for a bot's decision, a function of the table seed, seat and version only, so
    that bot games are reproducible and do not depend on restarts."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def bot_move(game: Game, spec: str, seed: int, state: State, seat: int) -> Action:
    """A bot's choice (runs in a worker thread, on a clone). A failing bot plays the first
    listed action rather than stopping the table."""
    try:
        return make_bot(spec, seed, game).choose(state, seat)
    except Exception:
        log.exception("bot %s failed in %s; playing the first listed action", spec, game.id)
        return state.legal_actions(seat)[0]


def default_move(game: Game, seed: int, state: State, seat: int) -> Action:
    """What the turn timer plays: the heuristic bot's move where the game has a heuristic, else
    the first listed action."""
    if game.evaluate_view is None:
        return state.legal_actions(seat)[0]
    return bot_move(game, "heuristic", seed, state, seat)


def rebuild(game: Game, stored: StoredGame) -> State:
    """The exact state of a stored table: its latest snapshot when that agrees with the stored
    actions, then the remaining actions replayed (from the seed when there is no snapshot)."""
    record, actions = stored.record, stored.actions
    state = None
    if stored.snapshot is not None:
        index, document = stored.snapshot
        try:
            candidate = game.from_json(document)
            if candidate.seed == record.seed and candidate.history == actions[:index]:
                state = candidate
        except SnapshotError as e:
            log.warning("table %s: snapshot ignored (%s); replaying from the seed", record.id, e)
    if state is None:
        state = game.new_game(record.players, record.seed, record.options)
    for seat, action in actions[len(state.history):]:
        state.apply(seat, action)
    return state


def iso_time(moment: Any) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def seconds(value: float | None) -> float | int | None:
    return int(value) if value is not None and value.is_integer() else value


class Table:
    """A table being played. Every method runs on the event loop."""

    def __init__(self, record: TableRecord, state: State, manager: TableManager) -> None:
        self.record = record
        self.game = state.game
        self.state = state
        self.manager = manager
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.replaced: dict[int, str] = {}  # human seats a bot plays for (leave policy)
        self.deadlines: dict[int, float] = {}  # turn timer, per human seat to move
        started = time.time()
        self.to_move_since: dict[int, float] = {}
        self.disconnected_since = dict.fromkeys(range(record.players), started)
        self.timer_tasks: dict[int, asyncio.Task[None]] = {}
        self.leave_tasks: dict[int, asyncio.Task[None]] = {}
        self.bot_task: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def version(self) -> int:
        return len(self.state.history)

    # ---- who is who ----------------------------------------------------------------------------
    def seat_for(self, token: str | None) -> int | None:
        """The seat a token opens; None (a spectator) without a token. Constant-time compare."""
        if token is None or token == "":
            return None
        digest = hash_token(token[:MAX_TOKEN_LENGTH])
        found = None
        for seat, stored in enumerate(self.record.token_hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                found = seat
        if found is None or len(token) > MAX_TOKEN_LENGTH:
            raise ApiError("bad_token", f"this token is not a seat token of table {self.id}")
        return found

    def bot_spec(self, seat: int) -> str | None:
        """The bot playing `seat`: a bot seat's own, or the one standing in for a person."""
        return self.record.bots.get(seat) or self.replaced.get(seat)

    def is_connected(self, seat: int) -> bool:
        return seat in self.record.bots or any(c.seat == seat for c in self.clients)

    # ---- what clients see ----------------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        """The table as GET /api/tables/{id} answers it (public: no seat's secrets)."""
        names = self.state.seat_names()
        return {
            "table": self.id,
            "game": self.game.id,
            "players": self.record.players,
            "options": public_options(self.state.options),
            "variant": variant_label(self.state.options),
            "status": FINISHED if self.state.is_terminal() else PLAYING,
            "turn_seconds": seconds(self.record.turn_seconds),
            "leave_seconds": seconds(self.record.leave_seconds),
            "leave_bot": self.record.leave_bot,
            "created": iso_time(self.record.created),
            "version": self.version,
            "deadlines": {str(seat): deadline for seat, deadline in self.deadlines.items()},
            "seats": [
                {"seat": seat, "name": names[seat], "bot": self.record.bots.get(seat),
                 "replaced_by": self.replaced.get(seat), "connected": self.is_connected(seat)}
                for seat in range(self.record.players)
            ],
        }

    def message(self, seat: int | None) -> dict[str, Any]:
        """The state message for one seat (None: a spectator), built from that seat's view and
        log only."""
        view = self.state.view(seat)
        labels = {action: self.game.action_label(view, action)
                  for action in view["legal_actions"]}
        return {
            "type": "state",
            "version": self.version,
            "table": self.info(),
            "view": view,
            "log": self.state.log(seat),
            "labels": labels,
            "deadline": None if seat is None else self.deadlines.get(seat),
        }

    def broadcast(self) -> None:
        """Send every client its own state (built once per seat)."""
        texts: dict[int | None, str] = {}
        for client in list(self.clients):
            if client.seat not in texts:
                texts[client.seat] = encode(self.message(client.seat))
            client.push(texts[client.seat])

    # ---- changes -------------------------------------------------------------------------------
    async def submit(self, seat: int, action: Action, version: int | None = None,
                     by: str = "player") -> int:
        """Apply one action for `seat` (by a person, a "bot" or the "timer"); store it; send
        everyone their view. Returns the new version."""
        async with self.lock:
            self._check_turn(seat, version, by)
            try:
                self.state.apply(seat, action)
            except IllegalAction as e:
                raise ApiError("illegal_action", str(e)) from None
            await self._store(seat, action)
            if by == "player":
                self.replaced.pop(seat, None)
            self._clear_timer(seat)
            self.to_move_since.pop(seat, None)
            self.broadcast()
            self.schedule()
            return self.version

    def _check_turn(self, seat: int, version: int | None, by: str) -> None:
        if version is not None and version != self.version:
            raise ApiError("stale", f"the table is at version {self.version}, not {version}: "
                                    "another action came first; look at the new state")
        if by == "bot" and self.bot_spec(seat) is None:
            raise ApiError("stale", f"seat {seat} is no longer played by a bot")
        if by == "timer" and seat not in self.deadlines:
            raise ApiError("stale", f"seat {seat} has no running turn timer")

    async def _store(self, seat: int, action: Action) -> None:
        """Persist the action just applied; if that fails, undo it and refuse it."""
        index = self.version - 1
        finished = self.state.is_terminal()
        try:
            await self.manager.writer.store(ActionWrite(self.id, index, seat, action, finished))
        except Exception:
            log.exception("table %s: could not store action %d", self.id, index)
            history = self.state.history[:-1]
            self.state = self.game.replay(self.record.players, self.record.seed,
                                          self.record.options, history)
            raise ApiError("server_error", "the action could not be saved, so it was not "
                                           "played; try again") from None
        if finished:
            self.record.status = FINISHED
        if self.version % self.manager.snapshot_every == 0:
            await self._snapshot()

    async def _snapshot(self) -> None:
        try:
            await self.manager.db(self.manager.storage.save_snapshot, self.id, self.version,
                                  self.state.to_json())
        except Exception:
            log.exception("table %s: snapshot at %d not saved (replay still works)",
                          self.id, self.version)

    async def attach(self, client: Client) -> None:
        """A client connects; a seat's own token reclaims it from a stand-in bot."""
        async with self.lock:
            self.clients.add(client)
            if client.seat is not None:
                self.replaced.pop(client.seat, None)
            self.broadcast()
            self.schedule()

    async def detach(self, client: Client) -> None:
        async with self.lock:
            self.clients.discard(client)
            if client.seat is not None and not self.is_connected(client.seat):
                self.disconnected_since[client.seat] = time.time()
            self.broadcast()
            self.schedule()
        if not self.clients and self.state.is_terminal():
            self.manager.forget(self)

    # ---- bots and timers -----------------------------------------------------------------------
    def schedule(self) -> None:
        """Start or stop the bots, turn timers and leave timers to fit who is to move now."""
        if self.state.is_terminal():
            self.close_tasks()
            return
        moment = time.time()
        to_move = self.state.to_move()
        self.to_move_since = {seat: self.to_move_since.get(seat, moment) for seat in to_move}
        self._schedule_timers(to_move, moment)
        self._schedule_leaves(to_move)
        if any(self.bot_spec(seat) for seat in to_move):
            if self.bot_task is None or self.bot_task.done():
                self.bot_task = self.manager.spawn(self._run_bots(), f"bots {self.id}")

    def _human(self, seat: int) -> bool:
        return self.bot_spec(seat) is None

    def _schedule_timers(self, to_move: list[int], moment: float) -> None:
        for seat in list(self.deadlines):
            if seat not in to_move or not self._human(seat):
                self._clear_timer(seat)
        if self.record.turn_seconds is None:
            return
        for seat in to_move:
            if self._human(seat) and seat not in self.deadlines:
                deadline = moment + self.record.turn_seconds
                self.deadlines[seat] = deadline
                self.timer_tasks[seat] = self.manager.spawn(
                    self._turn_timer(seat, deadline), f"timer {self.id}/{seat}")

    def _clear_timer(self, seat: int) -> None:
        self.deadlines.pop(seat, None)
        cancel(self.timer_tasks.pop(seat, None))

    def _schedule_leaves(self, to_move: list[int]) -> None:
        if self.record.leave_seconds is None:
            return
        for seat in list(self.leave_tasks):
            if seat not in to_move or not self._human(seat) or self.is_connected(seat):
                cancel(self.leave_tasks.pop(seat))
        for seat in to_move:
            if self._human(seat) and not self.is_connected(seat) and seat not in self.leave_tasks:
                since = max(self.disconnected_since[seat], self.to_move_since[seat])
                self.leave_tasks[seat] = self.manager.spawn(
                    self._leave_timer(seat, since + self.record.leave_seconds),
                    f"leave {self.id}/{seat}")

    async def _run_bots(self) -> None:
        while not self.state.is_terminal():
            seats = [seat for seat in self.state.to_move() if self.bot_spec(seat)]
            if not seats:
                return
            seat, version = seats[0], self.version
            spec = self.bot_spec(seat)
            assert spec is not None
            seed = derived_seed(self.record.seed, seat, version)
            action = await asyncio.to_thread(bot_move, self.game, spec, seed,
                                             self.state.clone(), seat)
            if await self._submit_computed(seat, action, version, "bot") == "refused":
                return

    async def _turn_timer(self, seat: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        while self.deadlines.get(seat) == deadline:
            version = self.version
            seed = derived_seed(self.record.seed, seat, version, "timer")
            action = await asyncio.to_thread(default_move, self.game, seed,
                                             self.state.clone(), seat)
            if await self._submit_computed(seat, action, version, "timer") != "stale":
                return

    async def _submit_computed(self, seat: int, action: Action, version: int, by: str) -> str:
        """Submit a move computed by a bot or the timer: "played", "stale" (the table moved on
        while it was thought of: think again) or "refused" (logged)."""
        try:
            await self.submit(seat, action, version, by)
        except ApiError as e:
            if e.code == "stale":
                return "stale"
            log.error("table %s: %s move %r for seat %d refused: %s", self.id, by, action,
                      seat, e.message)
            return "refused"
        return "played"

    async def _leave_timer(self, seat: int, moment: float) -> None:
        await asyncio.sleep(max(0.0, moment - time.time()))
        async with self.lock:
            self.leave_tasks.pop(seat, None)
            if self._human(seat) and not self.is_connected(seat):
                log.info("table %s: seat %d left; %s plays for it", self.id, seat,
                         self.record.leave_bot)
                self.replaced[seat] = self.record.leave_bot
                self.broadcast()
                self.schedule()

    def close_tasks(self) -> None:
        for seat in list(self.deadlines):
            self._clear_timer(seat)
        for task in self.leave_tasks.values():
            cancel(task)
        self.leave_tasks.clear()
        cancel(self.bot_task)


def cancel(task: asyncio.Task[Any] | None) -> None:
    """Cancel a task, unless it is the one running now (it is finishing by itself)."""
    if task is not None and task is not asyncio.current_task():
        task.cancel()


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
            self.task = self.manager.spawn(self._flush(), "group writer")
        await future

    async def _flush(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                await self.manager.db(self.manager.storage.add_actions, [w for w, _ in batch])
            except Exception:
                await self._one_by_one(batch)
                continue
            for _, future in batch:
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


class TableManager:
    """All tables of the server, created, loaded from storage and forgotten when finished."""

    def __init__(self, storage: Storage, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.storage = storage
        self.snapshot_every = snapshot_every
        self.tables: dict[str, Table] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self.loading = asyncio.Lock()
        # One thread for the database: writes stay in order and SQLite has a single writer.
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="squidbox-db")
        self.writer = GroupWriter(self)

    async def db(self, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, function, *args)

    def spawn(self, coroutine: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        task = asyncio.create_task(coroutine, name=name)
        self.tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("task %s failed", task.get_name(), exc_info=task.exception())

    async def start(self) -> None:
        """Load every unfinished table and resume its bots and timers."""
        for table_id in await self.db(self.storage.unfinished_ids):
            try:
                await self.get(table_id)
            except (ApiError, SquidboxError) as e:
                log.error("table %s could not be resumed: %s", table_id, e)
        log.info("resumed %d unfinished tables", len(self.tables))

    async def close(self) -> None:
        for table in self.tables.values():
            table.close_tasks()
            for client in table.clients:
                client.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.executor.shutdown(wait=True)

    async def create(self, new: NewTable) -> tuple[Table, dict[int, str]]:
        """A new table; returns it with the tokens of its human seats (never stored)."""
        seed = new.seed if new.seed is not None else random.SystemRandom().getrandbits(62)
        state = new.game.new_game(new.players, seed, new.options)
        tokens = {seat: secrets.token_urlsafe(24)
                  for seat in range(new.players) if seat not in new.bots}
        record = TableRecord(
            id=secrets.token_urlsafe(6), game=new.game.id, players=new.players,
            options=new.options, seed=seed, bots=new.bots,
            token_hashes=[hash_token(tokens[s]) if s in tokens else None
                          for s in range(new.players)],
            turn_seconds=new.turn_seconds, leave_seconds=new.leave_seconds,
            leave_bot=new.leave_bot, status=PLAYING, created=now())
        await self.db(self.storage.create_table, record)
        table = Table(record, state, self)
        self.tables[record.id] = table
        table.schedule()
        return table, tokens

    async def get(self, table_id: str) -> Table:
        """A table by id, loaded from storage when it is not in memory."""
        if table_id in self.tables:
            return self.tables[table_id]
        async with self.loading:
            if table_id not in self.tables:
                self.tables[table_id] = await self._load(table_id)
                self.tables[table_id].schedule()
        return self.tables[table_id]

    async def _load(self, table_id: str) -> Table:
        stored = await self.db(self.storage.load, table_id) if len(table_id) <= 32 else None
        if stored is None:
            raise ApiError("unknown_table", f"there is no table {table_id!r}")
        game = table_game(stored.record.game, stored.record.options)
        state = await asyncio.to_thread(rebuild, game, stored)
        return Table(stored.record, state, self)

    def forget(self, table: Table) -> None:
        """Drop a finished table nobody watches from memory (it stays stored)."""
        if self.tables.get(table.id) is table and not table.clients:
            del self.tables[table.id]

    async def lobby(self, limit: int) -> list[dict[str, Any]]:
        records = await self.db(self.storage.list_tables, limit)
        return [{"table": r.id, "game": r.game, "players": r.players,
                 "status": self._status(r), "created": iso_time(r.created),
                 **variant_entry(r.options)} for r in records]

    def _status(self, record: TableRecord) -> str:
        table = self.tables.get(record.id)
        if table is None:
            return record.status
        return FINISHED if table.state.is_terminal() else PLAYING

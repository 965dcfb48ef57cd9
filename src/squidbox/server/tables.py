"""The live tables: engine states, seat tokens, connected clients, bots and timers.

One asyncio lock per table orders every change. An action is checked by the engine, applied,
stored, and then every client of the table is sent its own view. Bots, and the default moves of
the turn timer, are computed in worker processes (botpool.py) on the state as their seat sees it,
so the event loop never waits for them; the move is then submitted like anyone else's and refused
as stale when the table moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.exc import IntegrityError

from squidbox import i18n
from squidbox.bots import make_bot
from squidbox.engine import Action, Game, IllegalAction, SnapshotError, State
from squidbox.games.names import shown as shown_name
from squidbox.i18n import gettext as _

from . import undos
from .autopass import AutoPass
from .botpool import Abandoned, BotPool, PoolFull, Share, WorkerLost
from .deadlines import SavedDeadlines, load_deadlines
from .errors import ApiError
from .limits import Limits
from .messages import MAX_TOKEN_LENGTH, NewTable
from .metrics import Metrics
from .storage import (
    ENDED,
    FINISHED,
    OPEN,
    PLAYING,
    ActionWrite,
    BadRow,
    LeaseLost,
    Storage,
    StoredGame,
    TableRecord,
    UndoNote,
    hash_token,
    now,
)
from .variants import public_options, table_game, variant_entry, variant_label
from .versions import OUTDATED, rebuild_checked, record_versions
from .wording import reword

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("squidbox.server")
T = TypeVar("T")

SNAPSHOT_EVERY = 50
EXPIRED = "expired"
UNAVAILABLE = "unavailable"
QUICK_BOTS = ("random", "heuristic")  # the rest search: their moves queue behind these
STOP_STEP_SECONDS = 3.0  # each step of a stop that waits for the database or the bus
MOVED = 1012  # WebSocket close code: the table is served afresh (or elsewhere); reconnect


@dataclass(eq=False)
class Client:
    """One WebSocket connection: its seat (None for a spectator) and its outgoing messages."""

    seat: int | None
    address: str = ""
    queue_size: int = 256
    close_code: int = 1000  # 4403: the seat's link was re-issued (do not reconnect with it)
    language: str = field(default_factory=i18n.current)  # its messages' language
    queue: asyncio.Queue[str | None] = field(init=False)
    overflowed: asyncio.Event = field(init=False, default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.queue = asyncio.Queue(self.queue_size)

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue a message; a client that leaves `queue_size` of them unread is disconnected
        (`overflowed` tells its connection to close, even when its socket no longer drains)."""
        if self.overflowed.is_set():
            return
        text = message if isinstance(message, str) else encode(message)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed.set()
            self.close()

    def end(self, message: dict[str, Any], code: int) -> None:
        """Send a last message, then close the connection with `code`."""
        self.push(message)
        self.close_code = code
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def bot_seed(secret: bytes, table_id: str, seat: int, version: int, purpose: str) -> int:
    """The seed of one decision of a bot (or of the turn timer, `purpose`): from the server's
    secret, never from the table's seed, which its creator may have chosen and everyone sees
    once the game is over. So nobody can work out what a bot will do."""
    digest = hmac.new(secret, f"{table_id}:{seat}:{version}:{purpose}".encode(),
                      hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def creator_key(secret: bytes, address: str) -> str:
    """Who created a table, as stored: a keyed hash of the address (not the address itself)."""
    return hmac.new(secret, address.encode(), hashlib.sha256).hexdigest()[:32]


def mixed_seed(secret: bytes, seed: int, table_id: str) -> int:
    """A client's seed mixed with the server's secret and the new table's id: nobody can know
    the deal in advance, nor make two tables deal alike."""
    digest = hmac.new(secret, f"{seed}:{table_id}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def seat_token(host_token: str, table_id: str, seat: int, link: int) -> str:
    """The `link`-th link of `seat`, derived from the host token: the host page can show it again
    while the server stores only its hash, and nobody else can work it out."""
    digest = hmac.new(host_token.encode(), f"{table_id}:{seat}:{link}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def quick_move(game: Game, seed: int, state: State, seat: int) -> Action:
    """The random bot's move: what a bot plays when its own thinking ran past its budget."""
    return make_bot("random", seed, game).choose(state, seat)


def bot_move(game: Game, spec: str, seed: int, state: State, seat: int) -> Action:
    """A bot's choice (runs in a bot worker, on its seat's state). A failing bot plays the first
    listed action rather than stopping the table."""
    try:
        return make_bot(spec, seed, game).choose(state, seat)
    except Abandoned:
        raise
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


def illegal_text(state: State, seat: int, action: Any, error: IllegalAction) -> str:
    """Why the engine refused `action`, in the reader's language (the engine's own words are
    English: they are the English text)."""
    if i18n.current() == i18n.DEFAULT:
        return str(error)
    if state.is_terminal():
        return _("the game is over; {action} cannot be played").format(action=repr(action))
    name = shown_name(state.game, state.seat_name(seat))
    legal = state.legal_actions(seat)
    if not legal:
        to_move = ", ".join(shown_name(state.game, state.seat_name(s)) for s in state.to_move())
        return _("{name} (seat {seat}) is not to move; to move: {names}").format(
            name=name, seat=seat, names=to_move)
    listed = ", ".join(legal[:12])
    if len(legal) > 12:
        listed += ", … " + _("({count} in all)").format(count=len(legal))
    return _("{action} is not a legal action for {name} (seat {seat}) now; legal: "
             "{legal}").format(action=repr(action), name=name, seat=seat, legal=listed)


def iso_time(moment: Any) -> str:
    return str(moment.isoformat()).replace("+00:00", "Z")


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
        self.chat_clients: set[Client] = set()  # chat.py's connections
        self.chat_next: int | None = None  # the next chat line's index, once read from storage
        self.chat_lock = asyncio.Lock()  # orders chat lines (apart from the game's lock)
        self.reworded = False  # wording.reword has given its log lines every language
        self.replaced: dict[int, str] = {}  # human seats a bot plays for (leave policy)
        self.deadlines: dict[int, float] = {}  # turn timer, per human seat to move
        self.saved_deadlines = SavedDeadlines()  # stored, so that a restart keeps them
        self.listeners: set[Callable[[Table], None]] = set()  # told of every broadcast
        started = time.time()
        self.to_move_since: dict[int, float] = {}
        self.disconnected_since = dict.fromkeys(range(record.players), started)
        self.timer_tasks: dict[int, asyncio.Task[None]] = {}
        self.leave_tasks: dict[int, asyncio.Task[None]] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.last_activity = time.monotonic()
        self.outdated: str | None = None  # why it no longer replays (server/versions.py)
        self.machine_moves: set[int] = set()  # history indexes of moves a bot or timer made

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
            raise ApiError("bad_token", _("this link does not open a seat of table {table}: it is "
                                          "mistyped, or the host gave the seat a new link (ask "
                                          "the host for the seat's current link)").format(
                                              table=self.id))
        return found

    def is_host(self, token: str | None) -> bool:
        """Whether `token` is the table's host token (constant-time compare)."""
        stored = self.record.host_hash
        if stored is None or not token or len(token) > MAX_TOKEN_LENGTH:
            return False
        return hmac.compare_digest(stored, hash_token(token))

    def open_seats(self) -> list[int]:
        """Human seats nobody holds yet (anyone may take one with a name)."""
        return [seat for seat, digest in enumerate(self.record.token_hashes)
                if digest is None and seat not in self.record.bots]

    def bot_spec(self, seat: int) -> str | None:
        """The bot playing `seat`: a bot seat's own, or the one standing in for a person."""
        return self.record.bots.get(seat) or self.replaced.get(seat)

    def is_connected(self, seat: int) -> bool:
        return seat in self.record.bots or any(c.seat == seat for c in self.clients)

    def people_joined(self) -> bool:
        """Whether a person has made a move here, or has a seat open in a page now. A table
        loaded again after a restart counts every earlier move as a person's."""
        return (any(index not in self.machine_moves for index in range(self.version))
                or any(c.seat is not None and c.seat not in self.record.bots
                       for c in self.clients))

    # ---- what clients see ----------------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        """The table as GET /api/tables/{id} answers it (public: no seat's secrets)."""
        names = self.state.seat_names()
        moment = time.time()
        return {
            "table": self.id,
            "game": self.game.id,
            "players": self.record.players,
            "options": public_options(self.state.options),
            "variant": variant_label(self.state.options),
            "status": self.status,
            "turn_seconds": seconds(self.record.turn_seconds),
            "leave_seconds": seconds(self.record.leave_seconds),
            "leave_bot": self.record.leave_bot,
            "created": iso_time(self.record.created),
            "version": self.version,
            "deadlines": {str(seat): deadline for seat, deadline in self.deadlines.items()},
            "time_left": {str(seat): round(max(0.0, deadline - moment), 1)
                          for seat, deadline in self.deadlines.items()},
            "open_seats": self.open_seats(),
            "seed": self.record.seed if self.state.is_terminal() else None,
            "outdated": self.outdated,  # why it is finished under older rules (versions.py)
            "seats": [
                {"seat": seat, "name": names[seat], "bot": self.record.bots.get(seat),
                 "replaced_by": self.replaced.get(seat), "connected": self.is_connected(seat),
                 "player": self.record.names.get(seat),
                 "open": seat not in self.record.bots and self.record.token_hashes[seat] is None}
                for seat in range(self.record.players)
            ],
        }

    @property
    def status(self) -> str:
        if self.record.status in (EXPIRED, ENDED, OPEN, OUTDATED):
            return self.record.status
        return FINISHED if self.state.is_terminal() else PLAYING

    def message(self, seat: int | None) -> dict[str, Any]:
        """The state message for one seat (None: a spectator), built from that seat's view and
        log only."""
        view = self.state.view(seat)
        if self.record.status in (OPEN, ENDED):  # nobody plays before the start or after the end
            view = {**view, "legal_actions": [], "to_move": []}
        labels = {action: self.game.action_label(view, action)
                  for action in view["legal_actions"]}
        return {
            "type": "state",
            "version": self.version,
            "table": self.info(),
            "view": view,
            "log": undos.log_with_notes(self.state, seat, self.record.undos),
            "labels": labels,
            "can_undo": undos.can_undo(self, seat),
            "deadline": None if seat is None else self.deadlines.get(seat),
        }

    def broadcast(self) -> None:
        """Send every client its own state (built once per seat and language)."""
        texts: dict[tuple[int | None, str], str] = {}
        for client in list(self.clients):
            key = (client.seat, client.language)
            if key not in texts:
                with i18n.language(client.language):
                    texts[key] = encode(self.message(client.seat))
            client.push(texts[key])
        for listener in list(self.listeners):  # e.g. mine.py's "my tables" connections
            listener(self)
        if self.manager.cluster is not None:  # other processes' "my tables" connections
            self.manager.cluster.changed(self)

    def spectators(self, address: str | None = None) -> int:
        return sum(1 for c in self.clients
                   if c.seat is None and (address is None or c.address == address))

    # ---- changes -------------------------------------------------------------------------------
    async def submit(self, seat: int, action: Action, version: int | None = None,
                     by: str = "player") -> int:
        """Apply one action for `seat` (by a person, a "bot" or the "timer"); store it; send
        everyone their view. Returns the new version."""
        async with self.lock:
            started = time.perf_counter()
            self._check_turn(seat, version, by)
            try:
                self.state.apply(seat, action)
            except IllegalAction as e:
                raise ApiError("illegal_action", illegal_text(self.state, seat, action, e)) \
                    from None
            await self._store(seat, self.state.history[-1][1])  # the name, not an ASCII spelling
            self.last_activity = time.monotonic()
            if by != "player":
                self.machine_moves.add(self.version - 1)  # never taken back (server/undos.py)
            if by == "player":
                self.replaced.pop(seat, None)
            self._clear_timer(seat)
            self.to_move_since.pop(seat, None)
            self.schedule()  # first, so that the message carries the timers it starts
            self.broadcast()
            metrics = self.manager.metrics
            metrics.actions.labels(by).inc()
            metrics.latency.observe(time.perf_counter() - started)
            return self.version

    async def undo(self, seat: int, version: int | None = None) -> int:
        """Take back `seat`'s last decision, a person's, where the rules of undo allow it
        (server/undos.py); store it; send everyone the earlier state. Returns the version."""
        async with self.lock:
            self._check_turn(seat, version, "player")
            reason = undos.refusal(self, seat)
            if reason is not None:
                raise ApiError("illegal_action", _("no undo: {reason}").format(reason=reason))
            earlier = self.state.clone()
            earlier.undo(seat)
            note = UndoNote(seat, self.state.history[-1][1], len(earlier.history),
                            len(earlier.events), now())
            try:
                await self.manager.db(self.manager.storage.add_undo, self.id,
                                      len(self.record.undos), note)
            except Exception as e:
                log.error("table %s: undo not stored: database %s: %s", self.id,
                          self.manager.storage.name, one_line(e))
                if isinstance(e, LeaseLost) and self.manager.cluster is not None:
                    self.manager.cluster.evict(self)
                    raise ApiError("unavailable", _("table {table} moved to another server "
                                                    "process; reconnect and try again").format(
                                                        table=self.id)) from None
                raise ApiError("server_error", _("the undo could not be saved, so the move "
                                                 "stands; try again")) from None
            self.state = earlier
            self.record.undos.append(note)
            self.last_activity = time.monotonic()
            # A bot may be thinking about the move taken back; the version alone cannot tell
            # it (the same version comes again with the next move).
            cancel(self.bot_task)
            self.bot_task = None  # schedule() starts bots that are to move afresh
            self.schedule()  # first, so that the message carries the timers it starts
            self.broadcast()
            return self.version

    def _check_turn(self, seat: int, version: int | None, by: str) -> None:
        if self.record.status == EXPIRED:
            raise ApiError("unavailable", _("table {table} expired after a long time without "
                                            "activity; it can be watched, not played").format(
                                                table=self.id))
        if self.record.status == ENDED:
            raise ApiError("unavailable", _("the host ended table {table}; it can be watched, not "
                                            "played").format(table=self.id))
        if self.record.status == OUTDATED:
            raise ApiError("unavailable", _("table {table} is finished under older rules: "
                                            "{reason}").format(table=self.id,
                                                               reason=self.outdated))
        if self.record.status == OPEN:
            raise ApiError("illegal_action", _("the game starts when every seat is taken ({count} "
                                               "still open) or when the host starts it with "
                                               "bots").format(count=len(self.open_seats())))
        if version is not None and version != self.version:
            raise ApiError("stale", _("the table is at version {current}, not {version}: another "
                                      "action came first; look at the new state").format(
                                          current=self.version, version=version))
        if by == "bot" and self.bot_spec(seat) is None:
            raise ApiError("stale", _("seat {seat} is no longer played by a bot").format(seat=seat))
        if by == "timer" and seat not in self.deadlines:
            raise ApiError("stale", _("seat {seat} has no running turn timer").format(seat=seat))

    async def _store(self, seat: int, action: Action) -> None:
        """Persist the action just applied; if that fails, undo it and refuse it."""
        index = self.version - 1
        finished = self.state.is_terminal()
        try:
            await self.manager.writer.store(ActionWrite(self.id, index, seat, action, finished))
        except Exception as e:
            log.error("table %s: action %d not stored: database %s: %s", self.id, index,
                      self.manager.storage.name, one_line(e))
            history = self.state.history[:-1]
            self.state = self.game.replay(self.record.players, self.record.seed,
                                          self.record.options, history)
            if isinstance(e, LeaseLost) and self.manager.cluster is not None:
                self.manager.cluster.evict(self)
                raise ApiError("unavailable", _("table {table} moved to another server "
                                                "process; reconnect and try again").format(
                                                    table=self.id)) from None
            if isinstance(e, IntegrityError):
                # That action's place is taken in storage: an earlier write whose answer was
                # lost (the database stopped mid-commit) had been stored. Storage is the truth:
                # the table is loaded from it again at the next request.
                self.manager.unload(self, "storage holds more actions than memory")
                raise ApiError("unavailable", _("table {table} moved to another server "
                                                "process; reconnect and try again").format(
                                                    table=self.id)) from None
            raise ApiError("server_error", _("the action could not be saved, so it was not "
                                             "played; try again")) from None
        if finished:
            self.record.status = FINISHED
            await self.manager.finished(self)
        if self.version % self.manager.snapshot_every == 0:
            await self._snapshot()

    async def _snapshot(self) -> None:
        try:
            await self.manager.db(self.manager.storage.save_snapshot, self.id, self.version,
                                  self.state.to_json())
        except Exception as e:
            log.error("table %s: snapshot at %d not saved (replay still works): database %s: "
                      "%s", self.id, self.version, self.manager.storage.name, one_line(e))

    async def attach(self, client: Client) -> None:
        """A client connects and gets its own state. Everyone else hears of it only when a
        seat's connected status (or its stand-in bot) changed: spectators come and go
        silently."""
        async with self.lock:
            with i18n.language(client.language):
                await reword(self)  # lines restored from a snapshot, in the client's language
            self.last_activity = time.monotonic()
            changed = client.seat is not None and not self.is_connected(client.seat)
            if client.seat is not None and self.replaced.pop(client.seat, None) is not None:
                changed = True
            self.clients.add(client)
            if changed:
                self.schedule()  # first, so that the message carries the timers it starts
                self.broadcast()
            else:
                client.push(self.message(client.seat))

    async def detach(self, client: Client) -> None:
        async with self.lock:
            self.last_activity = time.monotonic()
            self.clients.discard(client)
            if client.seat is not None and not self.is_connected(client.seat):
                self.disconnected_since[client.seat] = time.time()
                self.schedule()  # first, so that the message carries the timers it starts
                self.broadcast()
        if not self.clients and self.status not in (PLAYING, OPEN):
            self.manager.forget(self)

    # ---- bots and timers -----------------------------------------------------------------------
    def schedule(self) -> None:
        """Start or stop the bots, turn timers and leave timers to fit who is to move now."""
        if self.state.is_terminal() or self.record.status in (EXPIRED, ENDED, OPEN, OUTDATED):
            self.close_tasks()
            return
        moment = time.time()
        to_move = self.state.to_move()
        self.to_move_since = {seat: self.to_move_since.get(seat, moment) for seat in to_move}
        self._schedule_timers(to_move, moment)
        self._schedule_leaves(to_move)
        self.manager.autopass.schedule(self, to_move)  # seats passing automatically
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
                deadline = self.saved_deadlines.take(seat) or moment + self.record.turn_seconds
                self.deadlines[seat] = deadline
                self.timer_tasks[seat] = self.manager.spawn(
                    self._turn_timer(seat, deadline), f"timer {self.id}/{seat}")
        self.saved_deadlines.save(self)

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
        """Bots to move play, one after another; after a failed write, again after a pause
        that grows (the database may be back)."""
        failures = 0
        while not self.state.is_terminal():
            seats = [seat for seat in self.state.to_move() if self.bot_spec(seat)]
            if not seats:
                return
            seat, version = seats[0], self.version
            spec = self.bot_spec(seat)
            assert spec is not None
            seed = bot_seed(self.manager.secret, self.id, seat, version, "bot")
            action = await self.manager.think(self.share(spec), bot_move, self.game, spec, seed,
                                              self.state.clone(), seat)
            outcome = await self._submit_computed(seat, action, version, "bot")
            if outcome == "refused":
                return
            failures = failures + 1 if outcome == "failed" else 0
            if failures:
                await asyncio.sleep(self.manager.backoff(failures))

    def share(self, spec: str) -> Share:
        """This table's place in the bot pool's fair order, for a move of bot `spec`."""
        return Share(creator=self.record.creator or self.id,
                     people=len(self.record.bots) < self.record.players,
                     search=spec.split(":")[0] not in QUICK_BOTS)

    async def _turn_timer(self, seat: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        failures = 0
        while self.deadlines.get(seat) == deadline:
            version = self.version
            seed = bot_seed(self.manager.secret, self.id, seat, version, "timer")
            action = await self.manager.think(self.share("heuristic"), default_move, self.game,
                                              seed, self.state.clone(), seat)
            outcome = await self._submit_computed(seat, action, version, "timer")
            if outcome in ("played", "refused"):
                return
            failures = failures + 1 if outcome == "failed" else 0
            if failures:
                await asyncio.sleep(self.manager.backoff(failures))

    async def _submit_computed(self, seat: int, action: Action, version: int, by: str) -> str:
        """Submit a move computed by a bot or the timer: "played", "stale" (the table moved on
        while it was thought of: think again), "failed" (not stored: try again later) or
        "refused" (logged)."""
        try:
            await self.submit(seat, action, version, by)
        except ApiError as e:
            if e.code in ("stale", "server_error"):
                return "stale" if e.code == "stale" else "failed"
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
                self.schedule()  # first, so that the message carries the timers it starts
                self.broadcast()

    def revoke(self, seat: int, message: Callable[[], str]) -> None:
        """Every connection of `seat` loses it at once: told why (`message()`, made in each
        connection's language), then closed (code 4403)."""
        self.manager.autopass.set(self, seat, False)  # the old holder's preference goes too
        for client in [c for c in self.clients | self.chat_clients if c.seat == seat]:
            self.clients.discard(client)
            self.chat_clients.discard(client)
            with i18n.language(client.language):
                text = message()
            client.end({"type": "error", "code": "bad_token", "error": text}, 4403)

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

    async def think(self, share: Share, move: Callable[..., Action], game: Game,
                    *args: Any) -> Action:
        """A bot's or timer's move (`move(game, ..., seed, state, seat)`): a random bot's at
        once (it is cheap), any other in the bot pool's processes within the per-move budget,
        in the pool's fair order (`share`). Past the budget, with the creator's queue full or
        its worker lost, the random bot's move (seeded alike) is played instead."""
        *settings, seed, state, seat = args
        if move is bot_move and settings == ["random"]:
            return move(game, *args)
        try:
            return await self.bots.run(self.limits.bot_move_seconds, move, game, *args,
                                       share=share)
        except (TimeoutError, PoolFull, WorkerLost) as e:
            reason = {TimeoutError: "budget", PoolFull: "full"}.get(type(e), "lost")
            log.warning("a bot move in %s: %s; playing a random move", game.id,
                        f"ran past {self.limits.bot_move_seconds:g} s" if reason == "budget"
                        else e)
            self.metrics.bot_fallbacks.labels(reason).inc()
            return quick_move(game, seed, state, seat)

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

    async def finished(self, table: Table) -> None:
        """Run the finish hooks; a failing one is logged and stops nothing."""
        for hook in self.finish_hooks:
            try:
                await hook(table)
            except Exception as e:
                log.error("table %s: after the game: %s", table.id, one_line(e))

    def backoff(self, failures: int) -> float:
        waits = self.limits.retry_seconds
        return waits[min(failures, len(waits)) - 1]

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
            open_seats = (table.open_seats() if table is not None else
                          [seat for seat, digest in enumerate(record.token_hashes)
                           if digest is None and seat not in record.bots])
            entries.append({"table": record.id, "game": record.game, "players": record.players,
                            "status": status, "created": iso_time(record.created),
                            "open_seats": open_seats if status == OPEN else [],
                            "turn_seconds": seconds(record.turn_seconds),
                            # no person has joined: the lobby lists it apart (docs/playtest.md)
                            "bots_only": (status == PLAYING and table is not None
                                          and not table.people_joined()),
                            **variant_entry(record.options)})
        return entries

    def _status(self, record: TableRecord) -> str:
        table = self.tables.get(record.id)
        return record.status if table is None else table.status


def one_line(error: BaseException) -> str:
    """An exception as one line for the log: its type and first line."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"

"""A live table: its engine state, who sits where, its connected clients and its changes.

One asyncio lock per table orders every change. An action is checked by the engine, applied,
stored, and then every client of the table is sent its own view. Seat tokens are checked in
seat_tokens.py, bots and timers run in clocks.py (their moves computed in bot_moves.py),
actions are stored through persistence.py, and the manager (manager.py) holds the tables.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from squidbox import i18n
from squidbox.engine import Action, IllegalAction, State
from squidbox.games.names import shown as shown_name
from squidbox.i18n import gettext as _

from . import clocks, undos
from .clients import Client, encode
from .deadlines import SavedDeadlines
from .errors import ApiError
from .persistence import refused_write, save_snapshot
from .seat_tokens import is_host_token, open_seats, seat_of_token
from .storage import ENDED, FINISHED, OPEN, PLAYING, ActionWrite, TableRecord, UndoNote, now
from .variants import public_options, variant_label
from .versions import OUTDATED
from .wording import reword

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("squidbox.server")

EXPIRED = "expired"


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
        self.listeners: set[Callable[[Table], None]] = set()  # told of every broadcast
        # Bots, turn timers and leave timers (clocks.py):
        self.replaced: dict[int, str] = {}  # human seats a bot plays for (leave policy)
        self.deadlines: dict[int, float] = {}  # turn timer, per human seat to move
        self.saved_deadlines = SavedDeadlines()  # stored, so that a restart keeps them
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

    # ---- who is who (seat_tokens.py) -----------------------------------------------------------
    def seat_for(self, token: str | None) -> int | None:
        """The seat a token opens; None (a spectator) without a token."""
        return seat_of_token(self.record, token)

    def is_host(self, token: str | None) -> bool:
        """Whether `token` is the table's host token."""
        return is_host_token(self.record, token)

    def open_seats(self) -> list[int]:
        """Human seats nobody holds yet (anyone may take one with a name)."""
        return open_seats(self.record)

    def bot_spec(self, seat: int) -> str | None:
        """The bot playing `seat`: a bot seat's own, or the one standing in for a person."""
        return self.record.bots.get(seat) or self.replaced.get(seat)

    def is_connected(self, seat: int) -> bool:
        return seat in self.record.bots or any(c.seat == seat for c in self.clients)

    def people_joined(self) -> bool:
        """Whether a person has taken a seat by name, made a move here, or has a seat open in a
        page now. A table loaded again after a restart counts every earlier move as a
        person's."""
        return (any(seat not in self.record.bots for seat in self.record.names)
                or any(index not in self.machine_moves for index in range(self.version))
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
            index = self.version - 1
            if by != "player":
                # never taken back (server/undos.py); marked before the write is awaited, so
                # that the lobby never counts a bot's move being stored as a person's
                self.machine_moves.add(index)
            try:
                await self._store(seat, self.state.history[-1][1])  # the name, not ASCII
            finally:
                if self.version <= index:  # not stored, so taken off again
                    self.machine_moves.discard(index)
            self.last_activity = time.monotonic()
            if by == "player":
                self.replaced.pop(seat, None)
            clocks.clear_timer(self, seat)
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
                raise refused_write(self, "undo", e, _("the undo could not be saved, so the move "
                                                       "stands; try again")) from None
            self.state = earlier
            self.record.undos.append(note)
            self.last_activity = time.monotonic()
            clocks.stop_bots(self)  # a bot may be thinking about the move taken back
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
            self.state = self.game.replay(self.record.players, self.record.seed,
                                          self.record.options, self.state.history[:-1])
            raise refused_write(self, f"action {index}", e, _(
                "the action could not be saved, so it was not played; try again")) from None
        if finished:
            self.record.status = FINISHED
            await self.manager.finished(self)
        if self.version % self.manager.snapshot_every == 0:
            await save_snapshot(self)

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

    # ---- bots and timers (clocks.py) ---------------------------------------------------------
    def schedule(self) -> None:
        """Start or stop the bots, turn timers and leave timers to fit who is to move now."""
        clocks.schedule(self)

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
        clocks.close_all(self)


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

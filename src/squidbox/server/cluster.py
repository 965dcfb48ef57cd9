"""Several `squidbox serve` processes on one PostgreSQL (docs/web-api.md, "Several processes").

Each process is a node. A table is played in the one node that holds its lease (leases.py); a
client may connect to any node. A node that does not own a table relays the client's HTTP
requests and WebSocket connections for it to the owner over the bus (bus.py), as ASGI events:
the owner runs them through its own app exactly as if the client were connected to it (so every
route and every message kind, today's and tomorrow's, works the same on every node, and each
socket gets only what its own token lets it see), and the node in front only passes bytes.

Every node renews its leases and its node row every RENEW_SECONDS, evicts tables whose lease it
lost (their clients are closed with 1012 and reconnect), closes relays to or from nodes whose
row ran out, and every SWEEP_SECONDS takes over unfinished tables whose lease ran out
(rebuilding them from storage; bots and turn timers go on there).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from squidbox.i18n import gettext as _

from .bus import Bus, channel_of
from .clients import MOVED
from .errors import ApiError
from .leases import LEASE_SECONDS, RENEW_SECONDS, SWEEP_SECONDS, Leases
from .routing import FORWARDED, client_address
from .sockets import check_caps, counted, refuse
from .status import public_status
from .storage import StorageError

if TYPE_CHECKING:
    from .manager import TableManager
    from .tables import Table

log = logging.getLogger("squidbox.server")
TABLE_PATH = re.compile(r"^/(?:api/tables|ws/tables|ws/chat)/([A-Za-z0-9_-]{1,32})(?:/|$)")
RELAY_SECONDS = 15.0  # a relayed HTTP request waits this long at most
ACCEPT_SECONDS = 2.0  # a relayed socket waits this long for the owner to accept it
TIDY_SECONDS = 60.0
SCOPE_KEYS = ("type", "http_version", "method", "scheme", "path", "raw_path", "root_path",
              "query_string", "headers", "client", "server", "subprotocols")


def node_name() -> str:
    return secrets.token_hex(4)


def packed(value: Any) -> Any:
    """ASGI scopes and events as JSON: bytes become {"b": base64}."""
    if isinstance(value, bytes):
        return {"b": base64.b64encode(value).decode()}
    if isinstance(value, dict):
        return {key: packed(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [packed(item) for item in value]
    return value


def unpacked(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"b"}:
            return base64.b64decode(value["b"])
        return {key: unpacked(item) for key, item in value.items()}
    if isinstance(value, list):
        return [unpacked(item) for item in value]
    return value


@dataclass
class Relayed:
    """A client of this node whose table another node owns: the owner's events for it."""

    owner: str
    events: asyncio.Queue[Message | None] = field(default_factory=asyncio.Queue)


@dataclass
class Served:
    """A client of another node (`edge`) this node serves: that node's events from it."""

    edge: str
    events: asyncio.Queue[Message] = field(default_factory=asyncio.Queue)


class Cluster:
    """This node: its leases, its bus, and the relays to and from the other nodes."""

    def __init__(self, manager: TableManager, bus: Bus, node: str) -> None:
        self.manager = manager
        self.bus = bus
        self.node = node
        self.leases = Leases(manager.storage, node)
        self.app: ASGIApp | None = None  # the whole app, set at start (relayed requests)
        self.relayed: dict[str, Relayed] = {}
        self.served: dict[str, Served] = {}
        # "My tables" across processes (mine.py): the other live nodes, which hear every
        # table's public status from its owner; this node's listeners to tables owned
        # elsewhere; the statuses still to send; and the questions asked of owners.
        self.peers: set[str] = set()
        self.status_listeners: dict[str, set[Callable[[dict[str, Any]], None]]] = {}
        self.outgoing: dict[str, dict[str, Any]] = {}
        self.outgoing_ready = asyncio.Event()
        self.asked: dict[str, asyncio.Future[list[dict[str, Any]]]] = {}

    # ---- start and stop --------------------------------------------------------------------
    async def start(self, app: ASGIApp) -> None:
        self.app = app
        self.manager.secret = await self.manager.db(self.leases.shared_secret)
        if not await self.manager.db(self.leases.join):
            message = (f"another live server process is named {self.node!r} (node names must "
                       f"be unique; its name is free {LEASE_SECONDS:g} s after it stopped)")
            log.critical("%s", message)
            raise StorageError(message)
        try:
            await self.bus.start(channel_of(self.node), self.deliver, self.bus_lost)
        except Exception as e:
            log.critical("node %s: cannot reach the bus (%s): %s", self.node,
                         type(self.bus).__name__, e)
            raise
        self.peers = await self.manager.db(self.leases.live_nodes) - {self.node}
        await self.take_orphans()
        self.manager.spawn(self._keep(), "leases")
        self.manager.spawn(self._send_statuses(), "statuses")
        self.manager.spawn(self._sweep(), "takeover")
        log.info("node %s: serving, %d tables", self.node, len(self.manager.tables))

    def bus_lost(self) -> None:
        """The bus connection failed: whatever was on its way is lost, so every relayed
        client is closed with 1012 (it reconnects, and is answered `unavailable` until the bus
        is back) and every client served for another node ends. This node's own tables and
        clients go on."""
        for relayed in self.relayed.values():
            relayed.events.put_nowait(None)
        for served in self.served.values():
            served.events.put_nowait({"type": "websocket.disconnect", "code": 1001})

    async def hand_back(self) -> None:
        """Stopping: the clients other nodes relay here are closed with 1012 (reconnect)."""
        if not self.bus.link.connected:
            return
        for sid, served in list(self.served.items()):
            with contextlib.suppress(Exception):
                await self._to(served.edge, "out", sid,
                               {"type": "websocket.close", "code": MOVED, "reason": ""})

    async def close(self) -> None:
        """Stop: every lease and the node row go at once, so others take over without
        waiting for them to run out."""
        for relayed in self.relayed.values():
            relayed.events.put_nowait(None)
        held, self.manager.storage.fences = self.manager.storage.fences, {}
        with contextlib.suppress(Exception):
            await self.manager.db(self.leases.release, held)
            await self.manager.db(self.leases.leave)
        await self.bus.close()

    # ---- leases ----------------------------------------------------------------------------
    async def take(self, table_id: str) -> bool:
        """Take the table's lease when it is free; False when a live node holds it."""
        return await self.manager.db(self.leases.take, table_id) is not None

    def release(self, table_id: str) -> Coroutine[Any, Any, None]:
        """Give up the table's lease (its generation is read now, the row goes later)."""
        return self._release(table_id, self.manager.storage.fences.pop(table_id, None))

    async def _release(self, table_id: str, generation: int | None) -> None:
        if generation is None:
            return
        try:
            await self.manager.db(self.leases.release, {table_id: generation})
        except Exception as e:
            log.warning("table %s: lease not released (it runs out by itself): %s", table_id, e)

    async def owner_elsewhere(self, table_id: str) -> str | None:
        """The live node that owns the table when it is not this one."""
        if table_id in self.manager.tables:
            return None
        owner = await self.manager.db(self.leases.owner, table_id)
        return owner if owner != self.node else None

    def evict(self, table: Table, why: str = "lease lost") -> None:
        """This node no longer owns the table: forget it and close its clients (they
        reconnect, to whichever node owns it now)."""
        self.manager.storage.fences.pop(table.id, None)
        self.manager.unload(table, why)

    async def _keep(self) -> None:
        """Renew the leases; when that failed for a whole lease (the database out of reach),
        the tables are others' by now: evict them all."""
        last_tidy = renewed = time.monotonic()
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                await self._renew()
                renewed = time.monotonic()
                if renewed - last_tidy > TIDY_SECONDS:
                    last_tidy = renewed
                    await self.bus.tidy()
            except Exception as e:
                log.error("node %s: leases not renewed: %s", self.node, e)
                if time.monotonic() - renewed > LEASE_SECONDS:
                    for table in list(self.manager.tables.values()):
                        self.evict(table, "lease not renewed in time")

    async def _renew(self) -> None:
        before = dict(self.manager.storage.fences)
        held = await self.manager.db(self.leases.renew, list(before))
        for table in list(self.manager.tables.values()):
            generation = before.get(table.id)
            if generation is not None and held.get(table.id) != generation \
                    and self.manager.storage.fences.get(table.id) == generation:
                self.evict(table)
        live = await self.manager.db(self.leases.live_nodes)
        self.peers = live - {self.node}
        for served in self.served.values():
            if served.edge not in live:
                served.events.put_nowait({"type": "websocket.disconnect", "code": 1001})
        for relayed in self.relayed.values():
            if relayed.owner not in live:
                relayed.events.put_nowait(None)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.take_orphans()
            except Exception as e:
                log.error("node %s: takeover sweep failed: %s", self.node, e)

    async def take_orphans(self) -> None:
        """Take over unfinished tables whose lease ran out (within this node's table cap)."""
        for table_id in await self.manager.db(self.leases.orphans):
            if len(self.manager.tables) >= self.manager.limits.max_tables:
                return
            if table_id in self.manager.tables or table_id in self.manager.quarantined:
                continue
            with contextlib.suppress(ApiError):
                await self.manager.get(table_id)
                log.info("node %s: took over table %s", self.node, table_id)

    # ---- the bus ---------------------------------------------------------------------------
    def deliver(self, message: dict[str, Any]) -> None:
        """A bus message for this node (called in order; hands it on without waiting)."""
        op, sid = message.get("op"), str(message.get("sid"))
        if op == "out" and sid in self.relayed:
            self._to_client(self.relayed[sid], unpacked(message["event"]))
        elif op == "in" and sid in self.served:
            self.served[sid].events.put_nowait(unpacked(message["event"]))
        elif op == "open" and sid not in self.served:
            self.served[sid] = Served(str(message["from"]))
            self.manager.spawn(self._serve(sid, message), f"relay {sid}")
        elif op == "status":
            facts = message["facts"]
            for listener in list(self.status_listeners.get(str(facts["table"]), ())):
                listener(facts)
        elif op == "ask":
            self.peers.add(str(message["from"]))  # it watches now: tell it of changes
            self.manager.spawn(self._answer(sid, message), f"answer {sid}")
        elif op == "answer" and sid in self.asked and not self.asked[sid].done():
            self.asked[sid].set_result(message["answers"])

    def _to_client(self, relayed: Relayed, event: Message) -> None:
        """Queue an event for a relayed client; one that leaves `client_queue` of them unread
        is closed with 4408, as a client of the owner would be."""
        if relayed.events.qsize() >= self.manager.limits.client_queue:
            while not relayed.events.empty():
                relayed.events.get_nowait()
            event = {"type": "websocket.close", "code": 4408, "reason": "too slow"}
        relayed.events.put_nowait(event)

    async def _to(self, node: str, op: str, sid: str, event: Message) -> None:
        await self.bus.publish(channel_of(node), {"op": op, "sid": sid, "event": packed(event)})

    # ---- "my tables" (mine.py) across processes --------------------------------------------
    def changed(self, table: Table) -> None:
        """The table broadcast: its public status goes to every other node (the latest one
        only, when several changes wait), in order. A table of bots only is in nobody's list
        (no seat of it has a token), so it sends nothing."""
        if len(table.record.bots) == table.record.players:
            return
        self.outgoing[table.id] = public_status(table)
        self.outgoing_ready.set()

    async def _send_statuses(self) -> None:
        while True:
            await self.outgoing_ready.wait()
            self.outgoing_ready.clear()
            waiting, self.outgoing = self.outgoing, {}
            for facts in waiting.values():
                for peer in list(self.peers):
                    try:
                        await self.bus.publish(channel_of(peer), {"op": "status", "facts": facts})
                    except Exception as e:
                        log.warning("table %s: status not sent to %s: %s", facts["table"],
                                    peer, e)

    def listen(self, table_id: str, listener: Callable[[dict[str, Any]], None],
               on: bool) -> None:
        """Hear (or stop hearing) the public status of a table another node owns."""
        listeners = self.status_listeners.setdefault(table_id, set())
        if on:
            listeners.add(listener)
        else:
            listeners.discard(listener)
        if not listeners:
            del self.status_listeners[table_id]

    async def ask(self, owner: str, refs: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        """Have the owner answer seats of its tables as mine.py does (it checks the tokens);
        None when it did not answer in time."""
        sid = secrets.token_hex(8)
        answer = self.asked[sid] = asyncio.get_running_loop().create_future()
        try:
            await self.bus.publish(channel_of(owner), {"op": "ask", "sid": sid,
                                                       "from": self.node, "refs": refs})
            return await asyncio.wait_for(answer, RELAY_SECONDS)
        except Exception as e:
            log.warning("node %s did not answer a my-tables question: %r", owner, e)
            return None
        finally:
            self.asked.pop(sid, None)

    async def _answer(self, sid: str, message: dict[str, Any]) -> None:
        from .mine import answer_here  # mine.py builds on the tables, which build on this

        answers = await answer_here(self.manager, message["refs"])
        try:
            await self.bus.publish(channel_of(str(message["from"])),
                                   {"op": "answer", "sid": sid, "answers": answers})
        except Exception as e:
            log.warning("a my-tables answer to %s was not sent: %r", message["from"], e)

    # ---- the owner's side: another node's client ------------------------------------------
    async def _serve(self, sid: str, message: dict[str, Any]) -> None:
        served = self.served[sid]
        scope: dict[str, Any] = unpacked(message["scope"])
        scope["client"] = tuple(scope["client"]) if scope.get("client") else None
        scope["server"] = tuple(scope["server"]) if scope.get("server") else None
        scope[FORWARDED] = True
        scope["state"] = {}
        closed = False
        if scope["type"] == "http":
            served.events.put_nowait({"type": "http.request", "body": unpacked(message["body"]),
                                      "more_body": False})

        async def receive() -> Message:
            return await served.events.get()

        async def send(event: Message) -> None:
            nonlocal closed
            closed = closed or event["type"] == "websocket.close"
            await self._to(served.edge, "out", sid, event)

        try:
            assert self.app is not None
            await self.app(scope, receive, send)
        finally:
            self.served.pop(sid, None)
            if scope["type"] == "websocket" and not closed:  # the app failed or was stopped
                with contextlib.suppress(Exception):
                    await self._to(served.edge, "out", sid,
                                   {"type": "websocket.close", "code": MOVED, "reason": ""})

    # ---- this node's side: a client of a table another node owns -------------------------
    async def forward(self, owner: str, scope: Scope, receive: Receive, send: Send) -> None:
        """Relay the request or socket to `owner`; `unavailable` (503, or 4503 on a socket)
        at once while the bus is down or when the owner cannot be reached through it."""
        try:
            await self._forward(owner, scope, receive, send)
        except BusDown:
            if scope["type"] == "http":
                await unavailable().response()(scope, receive, send)
            else:
                websocket = WebSocket(scope, receive, send)
                await websocket.accept()
                await refuse(websocket, unavailable())

    async def _forward(self, owner: str, scope: Scope, receive: Receive, send: Send) -> None:
        if not self.bus.link.connected:
            raise BusDown
        sid = secrets.token_hex(8)
        relayed = self.relayed[sid] = Relayed(owner)
        opening = {"op": "open", "sid": sid, "from": self.node,
                   "scope": packed({key: scope[key] for key in SCOPE_KEYS if key in scope})}
        try:
            if scope["type"] == "http":
                await self._forward_http(relayed, opening, scope, receive, send)
            else:
                await self._forward_socket(relayed, sid, opening, scope, receive, send)
        finally:
            self.relayed.pop(sid, None)

    async def _forward_http(self, relayed: Relayed, opening: dict[str, Any], scope: Scope,
                            receive: Receive, send: Send) -> None:
        body = b""
        while True:
            event = await receive()
            body += event.get("body", b"")
            if event["type"] != "http.request" or not event.get("more_body"):
                break
        await self._open(relayed.owner, {**opening, "body": packed(body)})
        while True:
            answer: Message | None = None
            with contextlib.suppress(TimeoutError):
                answer = await asyncio.wait_for(relayed.events.get(), RELAY_SECONDS)
            if answer is None:
                await unavailable().response()(scope, receive, send)
                return
            await send(answer)
            if answer["type"] == "http.response.body" and not answer.get("more_body"):
                return

    async def _forward_socket(self, relayed: Relayed, sid: str, opening: dict[str, Any],
                              scope: Scope, receive: Receive, send: Send) -> None:
        websocket = WebSocket(scope, receive, send)
        address = client_address(websocket)
        try:
            check_caps(websocket, address)
        except ApiError as e:
            await websocket.accept()
            await refuse(websocket, e)
            return
        with counted(websocket, address):
            await self._open(relayed.owner, opening)
            pump = asyncio.create_task(self._pump(relayed, sid, receive))
            try:
                await self._relay_out(relayed, send)
            finally:
                if not pump.done():
                    pump.cancel()
                    with contextlib.suppress(Exception):
                        await self._to(relayed.owner, "in", sid,
                                       {"type": "websocket.disconnect", "code": 1001})

    async def _open(self, owner: str, opening: dict[str, Any]) -> None:
        try:
            await self.bus.publish(channel_of(owner), opening)
        except Exception as e:
            log.warning("a relay to %s could not be opened: %r", owner, e)
            raise BusDown from e

    async def _pump(self, relayed: Relayed, sid: str, receive: Receive) -> None:
        """The client's events, to the owner, until it disconnects; when one cannot be sent
        (the bus failed) the client is closed with 1012 and reconnects."""
        while True:
            event = await receive()
            try:
                await self._to(relayed.owner, "in", sid, event)
            except Exception:
                relayed.events.put_nowait(None)
                return
            if event["type"] == "websocket.disconnect":
                return

    async def _relay_out(self, relayed: Relayed, send: Send) -> None:
        """The owner's events, to the client, until the socket closes. An owner that does not
        accept within ACCEPT_SECONDS (dead, its lease not yet run out) refuses the connection
        with `unavailable` (4503: try again); an owner lost later closes it with 1012."""
        accepted = False
        while True:
            timeout = None if accepted else ACCEPT_SECONDS
            try:
                event = await asyncio.wait_for(relayed.events.get(), timeout)
            except TimeoutError:
                event = None
            try:
                if event is None:
                    if not accepted:
                        await self._refuse_unavailable(send)
                        return
                    await send({"type": "websocket.close", "code": MOVED,
                                "reason": "the table's server process is gone; reconnect"})
                    return
                await send(event)
            except Exception:  # the client is gone
                return
            accepted = accepted or event["type"] == "websocket.accept"
            if event["type"] == "websocket.close":
                return

    @staticmethod
    async def _refuse_unavailable(send: Send) -> None:
        """As the owner refuses a connection it cannot serve: an error, then 4503."""
        error = unavailable()
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send",
                    "text": json.dumps({"type": "error", **error.body()})})
        await send({"type": "websocket.close", "code": 4000 + error.status, "reason": ""})


class BusDown(Exception):
    """The bus is down: nothing can be relayed now."""


def unavailable() -> ApiError:
    return ApiError("unavailable", _("the server process that plays this table did not answer; "
                                     "try again in a few seconds"))


class Relay:
    """ASGI middleware: a request or socket for a table another node owns goes to that node."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not scope.get(FORWARDED):
            cluster: Cluster | None = scope["app"].state.manager.cluster
            match = TABLE_PATH.match(scope["path"]) if cluster is not None else None
            if cluster is not None and match is not None:
                owner = await cluster.owner_elsewhere(match[1])
                if owner is not None:
                    await cluster.forward(owner, scope, receive, send)
                    return
        await self.app(scope, receive, send)

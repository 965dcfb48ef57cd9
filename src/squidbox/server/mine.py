""""My tables" (turn-based play): each table this browser holds a seat at, as that
seat may see it, and whether it is that seat's turn (docs/web-api.md, "My tables").

The browser keeps its seat tokens (web/static/seats.js) and sends them here: `POST /api/mine`
answers once, the WebSocket `/ws/mine` answers and then sends a table's entry again whenever the
table changes. It hears of a change through a listener on the table (`Table.listeners`, called
by `Table.broadcast`), never by scanning tables. With several processes, a table another
process owns is asked of its owner and then followed through the public status the owner sends
on every change (server/status.py, cluster.py; docs/web-api.md, "Several processes").
An entry says only what the table's public information says plus whose turn it is and that
seat's own clock: never a view. A token that
opens no seat of its table, or a table that does not exist, is an error entry of its own that
says nothing about the table; the other entries are answered as usual.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, WebSocket
from pydantic import Field, TypeAdapter, ValidationError

from squidbox.i18n import gettext as _

from .clients import encode
from .cluster import unavailable
from .errors import ApiError, from_validation
from .guard import check_json
from .manager import TableManager
from .messages import Body, PingMessage, SeatNumber, Token
from .routing import check_rate, client_address, manager_of, rate_limited
from .sockets import check_connection, counted, refuse
from .status import public_status, seat_entry_of
from .tables import Table

router = APIRouter()
log = logging.getLogger("squidbox.server")
MAX_SEATS = 100  # entries one request or watch may name


class SeatRef(Body):
    """A seat this browser holds: its table, the seat's token, and the seat the browser
    thinks it opens (only echoed in an error entry, so the page knows which one failed)."""

    table: Annotated[str, Field(min_length=1, max_length=64)]
    token: Token
    seat: SeatNumber | None = None


class MineBody(Body):
    """POST /api/mine."""

    seats: list[SeatRef] = Field(max_length=MAX_SEATS)


class WatchMessage(Body):
    """WebSocket /ws/mine: the seats to follow (replaces any earlier list)."""

    type: Literal["watch"]
    seats: list[SeatRef] = Field(max_length=MAX_SEATS)


MineMessage = Annotated[WatchMessage | PingMessage, Field(discriminator="type")]
MINE_MESSAGE: TypeAdapter[WatchMessage | PingMessage] = TypeAdapter(MineMessage)


@dataclass
class Found:
    """One seat's entry, with where it came from: a table this process holds (`table`) or
    the public status its owner sent (`facts`, when another process holds it)."""

    entry: dict[str, Any]
    table: Table | None = None
    facts: dict[str, Any] | None = None


def error_entry(ref: SeatRef, error: ApiError) -> dict[str, Any]:
    return {"table": ref.table, "seat": ref.seat, "error": error.message, "code": error.code}


def own_entry(table: Table, ref: SeatRef) -> Found:
    """One seat of a table in hand (its lock held, or the table let go)."""
    try:
        seat = table.seat_for(ref.token)
        if seat is None:
            raise ApiError("bad_token", _("an empty token opens no seat"))
        return Found(seat_entry_of(public_status(table), seat), table=table)
    except ApiError as e:
        return Found(error_entry(ref, e))


async def local_entry(manager: TableManager, ref: SeatRef) -> Found:
    """One seat of a table this process holds (or loads), or an error entry naming only what
    was asked."""
    try:
        table = await manager.get(ref.table)
    except ApiError as e:
        return Found(error_entry(ref, e))
    async with table.lock:
        return own_entry(table, ref)


async def answer_here(manager: TableManager, refs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Another process's question (cluster.py): these seats, answered by this one, with each
    table's public status so that the asker builds the next entries itself."""
    answers = []
    for raw in refs:
        found = await local_entry(manager, SeatRef.model_validate(raw))
        answers.append({"entry": found.entry,
                        "facts": None if found.table is None else public_status(found.table)})
    return answers


async def lookup(manager: TableManager, refs: list[SeatRef],
                 known: dict[int, Found] | None = None) -> list[Found]:
    """The entries of `refs` (those of `known`, by index, already built): a table this process
    holds answers here; a table another process owns is asked of its owner (one question per
    owner), which checks the tokens."""
    found: dict[int, Found] = dict(known or {})
    owners: dict[str, list[int]] = {}
    cluster = manager.cluster
    for index, ref in enumerate(refs):
        if index in found:
            continue
        owner = None
        if cluster is not None and len(ref.table) <= 32:
            owner = await cluster.owner_elsewhere(ref.table)
        if owner is None:
            found[index] = await local_entry(manager, ref)
        else:
            owners.setdefault(owner, []).append(index)
    for owner, indexes in owners.items():
        assert cluster is not None
        answers = await cluster.ask(owner, [refs[i].model_dump() for i in indexes])
        for position, index in enumerate(indexes):
            if answers is None:
                found[index] = Found(error_entry(refs[index], unavailable()))
            else:
                found[index] = Found(answers[position]["entry"], facts=answers[position]["facts"])
    return [found[index] for index in range(len(refs))]


@router.post("/api/mine", dependencies=[Depends(rate_limited("action"))])
async def my_tables(request: Request, body: MineBody) -> dict[str, Any]:
    return {"tables": [found.entry for found in await lookup(manager_of(request), body.seats)]}


class Watch:
    """One /ws/mine connection: the seats it follows, the tables it listens to, and which of
    them changed since it last sent. Changes arriving faster than the socket drains are
    merged: the next message carries each changed table's latest entry once.

    A table another process owns is listened to through the cluster: its owner sends its
    public status on every change, and the entries are built from that status with the seat
    the owner found for each token; when the table's seating changed (a new link), the owner
    is asked again."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.refs: list[SeatRef] = []
        self.tables: dict[str, Table] = {}
        self.remote: dict[str, dict[str, Any]] = {}  # latest public status, owned elsewhere
        self.seats: dict[tuple[str, str], tuple[int, str]] = {}  # -> (seat, its seating)
        self.changed: dict[str, Table | None] = {}
        self.everything = False  # a new list: answer every entry
        self.notes: list[dict[str, Any]] = []  # pongs and errors, sent after the entries
        self.wake = asyncio.Event()

    def heard(self, table: Table) -> None:
        """The listener on each followed table (runs inside its broadcast)."""
        self.changed[table.id] = table
        self.wake.set()

    def heard_status(self, facts: dict[str, Any]) -> None:
        """The listener on each followed table another process owns (its public status)."""
        table_id = str(facts["table"])
        old = self.remote.get(table_id)
        if old is not None and old["version"] > facts["version"]:
            return
        self.remote[table_id] = facts
        self.changed.setdefault(table_id, None)
        self.wake.set()

    def follow(self, refs: list[SeatRef]) -> None:
        self.refs = refs
        self.everything = True
        self.wake.set()

    def tell(self, note: dict[str, Any]) -> None:
        self.notes.append(note)
        self.wake.set()

    def stop(self) -> None:
        for table_id in set(self.tables) | set(self.remote):
            self.listen(table_id, None, None)

    def known(self, refs: list[SeatRef], changed: dict[str, Table | None]) -> dict[int, Found]:
        """The entries built without asking anyone: a changed table this process holds
        (even one it just let go, e.g. expired), or a status another process sent for a
        token whose seat its owner found under the same seating."""
        found: dict[int, Found] = {}
        for index, ref in enumerate(refs):
            facts = self.remote.get(ref.table)
            seat = self.seats.get((ref.table, ref.token))
            table = changed.get(ref.table)
            if table is not None and table.id not in self.manager.tables:
                found[index] = own_entry(table, ref)
            elif facts is not None and seat is not None and seat[1] == facts["seating"]:
                found[index] = Found(seat_entry_of(facts, seat[0]), facts=facts)
        return found

    async def entries(self, only: dict[str, Table | None] | None) -> list[dict[str, Any]]:
        """The entries of the followed seats (of the tables `only`, when given), listening
        from now on to exactly the tables that answered."""
        refs = [ref for ref in self.refs if only is None or ref.table in only]
        known = self.known(refs, only) if only is not None else {}
        answered = await lookup(self.manager, refs, known)
        tables: dict[str, Table] = {}
        remote: dict[str, dict[str, Any]] = {}
        for ref, found in zip(refs, answered, strict=True):
            if found.table is not None:
                tables[ref.table] = found.table
            elif found.facts is not None:
                remote[ref.table] = found.facts
                if "error" not in found.entry:
                    self.seats[(ref.table, ref.token)] = (int(found.entry["seat"]),
                                                          str(found.facts["seating"]))
        asked = set(self.tables) | set(self.remote) | {r.table for r in refs} \
            if only is None else set(only)
        for table_id in asked:
            self.listen(table_id, tables.get(table_id), remote.get(table_id))
        return [found.entry for found in answered]

    def listen(self, table_id: str, table: Table | None, facts: dict[str, Any] | None) -> None:
        old = self.tables.pop(table_id, None)
        if old is not None:
            old.listeners.discard(self.heard)
        cluster = self.manager.cluster
        if self.remote.pop(table_id, None) is not None and cluster is not None:
            cluster.listen(table_id, self.heard_status, False)
        if table is not None and table.id in self.manager.tables:
            table.listeners.add(self.heard)
            self.tables[table_id] = table
        if facts is not None and cluster is not None:
            cluster.listen(table_id, self.heard_status, True)
            self.remote[table_id] = facts

    async def pump(self, websocket: WebSocket) -> None:
        """Send what changed, in order, until the connection ends."""
        try:
            await self._pump(websocket)
        except Exception as e:  # a vanished peer fails in transport-specific ways
            log.debug("a my-tables connection ended: %r", e)

    async def _pump(self, websocket: WebSocket) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            if self.everything:
                self.everything, self.changed = False, {}
                await websocket.send_text(encode({"type": "tables",
                                                  "tables": await self.entries(None)}))
            elif self.changed:
                changed, self.changed = self.changed, {}
                await websocket.send_text(encode({"type": "update",
                                                  "tables": await self.entries(changed)}))
            notes, self.notes = self.notes, []
            for note in notes:
                await websocket.send_text(encode(note))


@router.websocket("/ws/mine")
async def my_tables_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    address = client_address(websocket)
    try:
        check_connection(websocket, address)
    except ApiError as e:
        await refuse(websocket, e)
        return
    watch = Watch(manager_of(websocket))
    with counted(websocket, address):
        pump = asyncio.create_task(watch.pump(websocket))
        receiver = asyncio.create_task(receive(websocket, watch))
        try:
            await asyncio.wait({pump, receiver}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            watch.stop()
            for task in (pump, receiver):
                task.cancel()


async def receive(websocket: WebSocket, watch: Watch) -> None:
    """Each message is size-checked, rate limited and validated; a refusal is an error message
    (sent, like a pong, after the entries already due) and the connection goes on."""
    manager = manager_of(websocket)
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text") or message.get("bytes") or b""
        try:
            check_json(raw, websocket.app.state.limits)
            check_rate(websocket, "action")
            request = parse(raw)
        except ApiError as e:
            manager.metrics.refused(e.code)
            watch.tell({"type": "error", **e.body()})
            continue
        if isinstance(request, WatchMessage):
            watch.follow(request.seats)
        else:
            watch.tell({"type": "pong"})


def parse(raw: str | bytes) -> WatchMessage | PingMessage:
    try:
        return MINE_MESSAGE.validate_json(raw)
    except ValidationError as e:
        raise from_validation(e) from None

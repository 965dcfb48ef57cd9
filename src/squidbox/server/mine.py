""""My tables" (issue 20, turn-based play): each table this browser holds a seat at, as that
seat may see it, and whether it is that seat's turn (docs/web-api.md, "My tables").

The browser keeps its seat tokens (web/static/seats.js) and sends them here: `POST /api/mine`
answers once, the WebSocket `/ws/mine` answers and then sends a table's entry again whenever the
table changes. It hears of a change through a listener on the table (`Table.listeners`, called
by `Table.broadcast`), never by scanning tables. An entry says only what the table's public
information says plus whose turn it is and that seat's own clock: never a view. A token that
opens no seat of its table, or a table that does not exist, is an error entry of its own that
says nothing about the table; the other entries are answered as usual.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, WebSocket
from pydantic import Field, TypeAdapter, ValidationError

from .errors import ApiError, from_validation
from .guard import check_json
from .messages import Body, PingMessage, SeatNumber, Token
from .routing import check_rate, client_address, manager_of, rate_limited
from .sockets import check_connection, counted, refuse
from .storage import PLAYING
from .tables import Table, TableManager, encode, seconds

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


def seat_status(table: Table, seat: int) -> dict[str, Any]:
    """What the "my tables" page shows of one seat: public table facts, whose turn it is, the
    running clocks (public on the table too) and, once over, the seat's result."""
    status = table.status
    to_move = table.state.to_move() if status == PLAYING else []
    names = table.state.seat_names()
    moment = time.time()
    entry: dict[str, Any] = {
        "table": table.id, "seat": seat, "game": table.game.id, "status": status,
        "version": table.version, "your_turn": seat in to_move, "to_move": to_move,
        "turn_seconds": seconds(table.record.turn_seconds),
        "time_left": {str(s): round(max(0.0, deadline - moment), 1)
                      for s, deadline in table.deadlines.items()},
        "seats": [{"seat": s, "name": names[s], "player": table.record.names.get(s),
                   "bot": table.record.bots.get(s)} for s in range(table.record.players)],
    }
    if table.state.is_terminal():
        entry["result"] = table.state.returns()[seat]
    return entry


async def seat_entry(manager: TableManager, ref: SeatRef) -> tuple[dict[str, Any], Table | None]:
    """One seat's entry (and its table), or an error entry naming only what was asked."""
    try:
        table = await manager.get(ref.table)
        seat = table.seat_for(ref.token)
        if seat is None:
            raise ApiError("bad_token", "an empty token opens no seat")
        async with table.lock:
            return seat_status(table, seat), table
    except ApiError as e:
        return {"table": ref.table, "seat": ref.seat, "error": e.message, "code": e.code}, None


@router.post("/api/mine", dependencies=[Depends(rate_limited("action"))])
async def my_tables(request: Request, body: MineBody) -> dict[str, Any]:
    manager = manager_of(request)
    return {"tables": [(await seat_entry(manager, ref))[0] for ref in body.seats]}


class Watch:
    """One /ws/mine connection: the seats it follows, the tables it listens to, and which of
    them changed since it last sent. Changes arriving faster than the socket drains are
    merged: the next message carries each changed table's latest entry once."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.refs: list[SeatRef] = []
        self.tables: dict[str, Table] = {}
        self.changed: set[str] = set()
        self.everything = False  # a new list: answer every entry
        self.notes: list[dict[str, Any]] = []  # pongs and errors, sent after the entries
        self.wake = asyncio.Event()

    def heard(self, table: Table) -> None:
        """The listener on each followed table (runs inside its broadcast)."""
        self.changed.add(table.id)
        self.wake.set()

    def follow(self, refs: list[SeatRef]) -> None:
        self.refs = refs
        self.everything = True
        self.wake.set()

    def tell(self, note: dict[str, Any]) -> None:
        self.notes.append(note)
        self.wake.set()

    def stop(self) -> None:
        for table in self.tables.values():
            table.listeners.discard(self.heard)
        self.tables.clear()

    async def entries(self, only: set[str] | None) -> list[dict[str, Any]]:
        """The entries of the followed seats (of the tables `only`, when given), listening
        from now on to exactly the tables that answered."""
        answered, found = [], {}
        for ref in self.refs:
            if only is None or ref.table in only:
                entry, table = await seat_entry(self.manager, ref)
                answered.append(entry)
                if table is not None:
                    found[ref.table] = table
        for table_id in set(self.tables) | set(found) if only is None else only:
            self.listen(table_id, found.get(table_id))
        return answered

    def listen(self, table_id: str, table: Table | None) -> None:
        old = self.tables.get(table_id)
        if old is not None and old is not table:
            old.listeners.discard(self.heard)
            del self.tables[table_id]
        if table is not None:
            table.listeners.add(self.heard)
            self.tables[table_id] = table

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
                self.everything, self.changed = False, set()
                await websocket.send_text(encode({"type": "tables",
                                                  "tables": await self.entries(None)}))
            elif self.changed:
                changed, self.changed = self.changed, set()
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

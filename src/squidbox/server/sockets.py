"""The table WebSocket `/ws/tables/{id}?token=<t>` (docs/web-api.md).

Each connection is counted against the per-process, per-client and per-table spectator caps and
the connection rate; every message is size- and depth-checked, rate limited and validated
before it reaches the table. A client that leaves its queue full is closed at once, even when
its socket no longer drains.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from typing import Annotated

from fastapi import APIRouter, Query, WebSocket
from starlette.websockets import WebSocketState

from squidbox.i18n import gettext as _

from .clients import Client
from .errors import ApiError
from .guard import check_json
from .messages import MAX_TOKEN_LENGTH, PingMessage, UndoMessage, parse_client_message
from .routing import TableId, check_rate, client_address, forwarded, limits_of, manager_of
from .tables import Table

router = APIRouter()
SOCKETS_BY_ADDRESS = "sockets_by_address"
TOO_SLOW = 4408  # the close code of a client that left its queue full


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: TableId,
                       token: Annotated[str | None, Query(max_length=MAX_TOKEN_LENGTH)] = None
                       ) -> None:
    opened = await open_connection(websocket, table_id, token, seat_or_spectator)
    if opened is not None:
        with counted(websocket, opened[1].address):
            await serve_client(websocket, *opened)


MakeClient = Callable[[WebSocket, Table, "str | None", str], Client]


async def open_connection(websocket: WebSocket, table_id: str, token: str | None,
                          make_client: MakeClient) -> tuple[Table, Client] | None:
    """Accept a connection to a table: within the caps and the connection rate, to a table that
    exists, with a token that opens a seat (or none); else refuse it and return None."""
    await websocket.accept()
    address = client_address(websocket)
    try:
        check_connection(websocket, address)
        table = await manager_of(websocket).get(table_id)
        return table, make_client(websocket, table, token, address)
    except ApiError as e:
        await refuse(websocket, e)
        return None


async def refuse(websocket: WebSocket, error: ApiError) -> None:
    """Tell a connection why it is refused, then close it (4404 unknown table, else 4000 +
    the HTTP status: 4403 a wrong or revoked token)."""
    manager_of(websocket).metrics.refused(error.code)
    await websocket.send_json({"type": "error", **error.body()})
    await websocket.close(code=4404 if error.code == "unknown_table" else 4000 + error.status)


@contextlib.contextmanager
def counted(websocket: WebSocket, address: str) -> Iterator[None]:
    """Count an open connection against the process and per-address caps while it lasts (a
    relayed one is counted by the process the client is connected to)."""
    if forwarded(websocket):
        yield
        return
    manager = manager_of(websocket)
    open_sockets: Counter[str] = websocket.app.state.sockets_by_address
    manager.connections += 1
    open_sockets[address] += 1
    manager.metrics.connections.set(manager.connections)
    try:
        yield
    finally:
        manager.connections -= 1
        open_sockets[address] -= 1
        if not open_sockets[address]:
            del open_sockets[address]
        manager.metrics.connections.set(manager.connections)


def check_connection(websocket: WebSocket, address: str) -> None:
    if not forwarded(websocket):
        check_caps(websocket, address)
    check_rate(websocket, "connect")


def check_caps(websocket: WebSocket, address: str) -> None:
    """The process's connection cap (`--max-connections`: refused with code "full", close code
    4503) and the per-address cap."""
    limits = limits_of(websocket)
    if manager_of(websocket).connections >= limits.max_connections:
        raise ApiError("full", _("the server has {count} connections open, its limit; try "
                                 "again later").format(count=limits.max_connections))
    if websocket.app.state.sockets_by_address[address] >= limits.max_sockets_per_client:
        raise ApiError("rate_limited", _("at most {count} open connections per address").format(
            count=limits.max_sockets_per_client), retry_after=5)


def seat_or_spectator(websocket: WebSocket, table: Table, token: str | None,
                      address: str) -> Client:
    """The client of a seat, or of a spectator (within the spectator caps). A wrong or revoked
    token is refused (bad_token, close code 4403), never quietly turned into a spectator."""
    client = Client(table.seat_for(token), address,
                    queue_size=limits_of(websocket).client_queue)
    if client.seat is None:
        limits = limits_of(websocket)
        if table.spectators() >= limits.max_spectators_per_table:
            raise ApiError("full", _("table {table} has {count} spectators, its limit").format(
                table=table.id, count=limits.max_spectators_per_table))
        if table.spectators(address) >= max(1, limits.max_sockets_per_client // 5):
            raise ApiError("rate_limited", _("too many spectators of this table from your "
                                             "address"), retry_after=5)
    return client


async def serve_client(websocket: WebSocket, table: Table, client: Client) -> None:
    """Send and receive until the client leaves, the server closes it, or it stops reading."""
    sender = asyncio.create_task(send_messages(websocket, client))
    await table.attach(client)  # first: its state comes before any answer to its messages
    receiver = asyncio.create_task(receive_messages(websocket, table, client))
    overflow = asyncio.create_task(client.overflowed.wait())
    try:
        await asyncio.wait({sender, receiver, overflow}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        await table.detach(client)
        client.close()
        for task in (receiver, overflow):
            task.cancel()
        if client.overflowed.is_set():
            sender.cancel()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(code=TOO_SLOW), 1)
        else:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(sender), 1)
            sender.cancel()


async def send_messages(websocket: WebSocket, client: Client) -> None:
    """Send the client's queued messages in order; stop when it is closed or gone."""
    with contextlib.suppress(Exception):  # a vanished peer fails in transport-specific ways
        while (text := await client.queue.get()) is not None:
            await websocket.send_text(text)
        if websocket.client_state == WebSocketState.CONNECTED:  # 4408: it left too much unread
            await websocket.close(code=TOO_SLOW if client.overflowed.is_set() else
                                  client.close_code)


Handler = Callable[[Table, Client, "str | bytes"], Awaitable[None]]


async def receive_messages(websocket: WebSocket, table: Table, client: Client,
                           handle: Handler | None = None) -> None:
    """Check and hand each message to `handle` (the game's handle_message by default); a
    refusal is sent to the client as an error message and the connection goes on."""
    limits = limits_of(websocket)
    handle = handle or handle_message
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        try:
            check_json(raw, limits)
            check_rate(websocket, "action")
            await handle(table, client, raw)
        except ApiError as e:
            table.manager.metrics.refused(e.code)
            client.push({"type": "error", **e.body()})


async def handle_message(table: Table, client: Client, raw: str | bytes) -> None:
    request = parse_client_message(raw)
    if isinstance(request, PingMessage):
        client.push({"type": "pong", "version": table.version})
        return
    if client.seat is None:
        raise ApiError("bad_token", _("spectators cannot act: connect with a seat token"))
    if isinstance(request, UndoMessage):
        await table.undo(client.seat, request.version)
        return
    await table.submit(client.seat, request.action, request.version)

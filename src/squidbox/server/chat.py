"""The table chat (docs/web-api.md, "Chat"): seats and spectators talk on their own WebSocket
`/ws/chat/{id}?token=<t>`, apart from the game's, so chat never delays a move.

A chat line is text only (the clients show it as text, never as HTML), at most MAX_CHAT_CHARS
characters, rate limited per connection (Limits.chat_rate) as well as per address, and stored
with its table before anyone sees it, so the chat survives a restart. A seat chats under its
player's name (the display name it took the seat with, else the seat's name); a spectator under
the name it gives, or "Spectator".
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, WebSocket
from pydantic import Field, StringConstraints, TypeAdapter, ValidationError

from squidbox.i18n import gettext as _

from .clients import Client, encode
from .errors import ApiError, from_validation
from .limits import RateLimiter
from .messages import MAX_CHAT_CHARS, MAX_TOKEN_LENGTH, Body, DisplayName, PingMessage
from .persistence import one_line
from .routing import TableId, limits_of, manager_of
from .sockets import Handler, counted, open_connection, receive_messages, send_messages
from .storage import ChatEntry, now
from .tables import Table, iso_time, log

router = APIRouter()
SPECTATOR = "Spectator"

ChatText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1,
                                            max_length=MAX_CHAT_CHARS)]


class ChatMessage(Body):
    """WebSocket (chat): say `text`; a spectator may give a display `name`."""

    type: Literal["chat"]
    text: ChatText
    name: DisplayName | None = None


ChatClientMessage = Annotated[ChatMessage | PingMessage, Field(discriminator="type")]
CHAT_MESSAGE: TypeAdapter[ChatMessage | PingMessage] = TypeAdapter(ChatClientMessage)


def entry_json(entry: ChatEntry) -> dict[str, Any]:
    return {"index": entry.index, "seat": entry.seat, "name": entry.name, "text": entry.text,
            "time": iso_time(entry.time)}


@router.get("/api/tables/{table_id}/chat")
async def chat_history(request: Request, table_id: TableId) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    _count, entries = await table.manager.db(table.manager.storage.chat, table.id,
                                             limits_of(request).chat_history)
    return {"table": table.id, "entries": [entry_json(e) for e in entries]}


@router.websocket("/ws/chat/{table_id}")
async def chat_socket(websocket: WebSocket, table_id: TableId,
                      token: Annotated[str | None, Query(max_length=MAX_TOKEN_LENGTH)] = None
                      ) -> None:
    opened = await open_connection(websocket, table_id, token, chat_client)
    if opened is not None:
        with counted(websocket, opened[1].address):
            await serve_chat(websocket, *opened)


def chat_client(websocket: WebSocket, table: Table, token: str | None, address: str) -> Client:
    return Client(table.seat_for(token), address, queue_size=limits_of(websocket).client_queue)


async def serve_chat(websocket: WebSocket, table: Table, client: Client) -> None:
    sender = asyncio.create_task(send_messages(websocket, client))
    async with table.chat_lock:  # no line is said between the history and the first new one
        _count, entries = await table.manager.db(table.manager.storage.chat, table.id,
                                                 limits_of(websocket).chat_history)
        client.push({"type": "chat", "history": True,
                     "entries": [entry_json(e) for e in entries]})
        table.chat_clients.add(client)
    handle = chat_handler(websocket)
    receiver = asyncio.create_task(receive_messages(websocket, table, client, handle))
    try:
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        table.chat_clients.discard(client)
        receiver.cancel()
        if not client.overflowed.is_set():
            client.close()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(sender), 1)
        sender.cancel()


def chat_handler(websocket: WebSocket) -> Handler:
    """The chat connection's messages: pings, and chat lines within its own rate limit."""
    limits = limits_of(websocket)
    per_connection = RateLimiter()

    async def handle(table: Table, client: Client, raw: str | bytes) -> None:
        request = parse_chat_message(raw)
        if isinstance(request, PingMessage):
            client.push({"type": "pong"})
            return
        wait = per_connection.take("chat", "connection", limits.chat_rate)
        if wait:
            raise ApiError("rate_limited", _("you are chatting too fast; wait {seconds} s").format(
                seconds=f"{wait:.1f}"), retry_after=wait)
        await say(table, client, request)
    return handle


def parse_chat_message(raw: str | bytes) -> ChatMessage | PingMessage:
    try:
        return CHAT_MESSAGE.validate_json(raw)
    except ValidationError as e:
        raise from_validation(e) from None


def speaker(table: Table, seat: int | None, name: str | None) -> str:
    if seat is None:
        return name or SPECTATOR
    if name is not None:
        raise ApiError("bad_request",
                       _("a seat chats under its player's name: leave out 'name'"))
    return table.record.names.get(seat) or table.state.seat_names()[seat]


async def say(table: Table, client: Client, message: ChatMessage) -> None:
    """Store one chat line, then send it to every chat connection of the table."""
    name = speaker(table, client.seat, message.name)
    manager = table.manager
    async with table.chat_lock:
        if table.chat_next is None:
            table.chat_next, _stored = await manager.db(manager.storage.chat, table.id, 1)
        assert table.chat_next is not None  # read just above
        entry = ChatEntry(table.chat_next, client.seat, name, message.text, now())
        try:
            await manager.db(manager.storage.add_chat, table.id, entry)
        except Exception as e:
            log.error("table %s: chat line not stored: database %s: %s", table.id,
                      manager.storage.name, one_line(e))
            raise ApiError("server_error",
                           _("the message could not be saved; try again")) from None
        table.chat_next += 1
    manager.metrics.chat.inc()
    text = encode({"type": "chat", "history": False, "entries": [entry_json(entry)]})
    for other in list(table.chat_clients):
        other.push(text)

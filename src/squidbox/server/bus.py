"""Messages between server processes: Redis pub/sub, or PostgreSQL LISTEN/NOTIFY without Redis
(docs/web-api.md, "Several processes").

Each process (node) listens on its own channel; a message is a JSON object. The handler is called
in order, one message at a time, on the event loop: it must only hand the message on (a queue, a
task), never wait. Messages from one sender to one channel arrive in the order they were sent.
NOTIFY carries at most 8000 bytes: a longer message is stored in `bus_messages` and its id is
notified instead ("@<id>"); the receiver reads and deletes the row.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any, Protocol

log = logging.getLogger("squidbox.server")
Handler = Callable[[dict[str, Any]], None]
NOTIFY_LIMIT = 7900  # bytes of a NOTIFY payload (PostgreSQL's limit is 8000)
RECONNECT_SECONDS = 1.0  # wait before listening again after the bus connection failed
STORED_MESSAGE_SECONDS = 300  # an unread stored message (its node died) is deleted after this


class Bus(Protocol):
    async def start(self, channel: str, handler: Handler) -> None: ...
    async def publish(self, channel: str, message: dict[str, Any]) -> None: ...
    async def tidy(self) -> None: ...
    async def close(self) -> None: ...


def channel_of(node: str) -> str:
    return f"squidbox_{node}"


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class RedisBus:
    """Redis pub/sub (`redis://host:port/N`)."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis

        self.client = redis.from_url(url)
        self.task: asyncio.Task[None] | None = None

    async def start(self, channel: str, handler: Handler) -> None:
        pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(channel)  # fails here when Redis is down: serve refuses to start
        self.task = asyncio.create_task(self._listen(pubsub, channel, handler), name="bus")

    async def _listen(self, pubsub: Any, channel: str, handler: Handler) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message["type"] == "message":
                        handler(json.loads(message["data"]))
            except asyncio.CancelledError:
                await pubsub.aclose()
                raise
            except Exception as e:
                log.error("bus: Redis connection lost (%s); listening again", e)
                await asyncio.sleep(RECONNECT_SECONDS)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                pubsub = self.client.pubsub(ignore_subscribe_messages=True)
                with contextlib.suppress(Exception):
                    await pubsub.subscribe(channel)

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        await self.client.publish(channel, encode(message))

    async def tidy(self) -> None:
        return None

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        await self.client.aclose()


class PostgresBus:
    """PostgreSQL LISTEN/NOTIFY on the server's own database (psycopg 3, asyncio)."""

    def __init__(self, url: str) -> None:
        self.conninfo = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.writer: Any = None
        self.lock = asyncio.Lock()
        self.task: asyncio.Task[None] | None = None

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)

    async def start(self, channel: str, handler: Handler) -> None:
        listener = await self._listen_on(channel)
        self.writer = await self._connect()
        self.task = asyncio.create_task(self._listen(listener, channel, handler), name="bus")

    async def _listen_on(self, channel: str) -> Any:
        from psycopg import sql

        listener = await self._connect()
        await listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
        return listener

    async def _listen(self, listener: Any, channel: str, handler: Handler) -> None:
        reader = await self._connect()
        try:
            while True:
                try:
                    async for notice in listener.notifies():
                        handler(json.loads(await self._payload(reader, notice.payload)))
                except asyncio.CancelledError:
                    raise
                except Exception as e:
                    log.error("bus: PostgreSQL LISTEN connection lost (%s); listening again", e)
                    await asyncio.sleep(RECONNECT_SECONDS)
                    with contextlib.suppress(Exception):
                        await listener.close()
                        await reader.close()
                    with contextlib.suppress(Exception):
                        reader = await self._connect()
                        listener = await self._listen_on(channel)
        finally:
            with contextlib.suppress(Exception):
                await listener.close()
            with contextlib.suppress(Exception):
                await reader.close()

    async def _payload(self, reader: Any, payload: str) -> str:
        if not payload.startswith("@"):
            return payload
        cursor = await reader.execute("DELETE FROM bus_messages WHERE id = %s RETURNING payload",
                                      (int(payload[1:]),))
        row = await cursor.fetchone()
        return str(row[0]) if row else "{}"

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        text = encode(message)
        async with self.lock:
            if self.writer is None or self.writer.closed:
                self.writer = await self._connect()
            if len(text.encode()) <= NOTIFY_LIMIT:
                await self.writer.execute("SELECT pg_notify(%s, %s)", (channel, text))
                return
            async with self.writer.transaction():
                cursor = await self.writer.execute(
                    "INSERT INTO bus_messages (payload, created) VALUES (%s, now()) "
                    "RETURNING id", (text,))
                row = await cursor.fetchone()
                await self.writer.execute("SELECT pg_notify(%s, %s)", (channel, f"@{row[0]}"))

    async def tidy(self) -> None:
        async with self.lock:
            if self.writer is not None and not self.writer.closed:
                await self.writer.execute(
                    "DELETE FROM bus_messages WHERE created < now() - make_interval(secs => %s)",
                    (STORED_MESSAGE_SECONDS,))

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        if self.writer is not None:
            with contextlib.suppress(Exception):
                await self.writer.close()


def make_bus(bus_url: str | None, database_url: str) -> Bus:
    """Redis when a bus URL is given, else the PostgreSQL database's LISTEN/NOTIFY."""
    if bus_url:
        return RedisBus(bus_url)
    return PostgresBus(database_url)

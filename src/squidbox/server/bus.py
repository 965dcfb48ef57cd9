"""Messages between server processes: Redis pub/sub, or PostgreSQL LISTEN/NOTIFY without Redis
(docs/web-api.md, "Several processes").

Each process (node) listens on its own channel; a message is a JSON object. The handler is called
in order, one message at a time, on the event loop: it must only hand the message on (a queue, a
task), never wait. Messages from one sender to one channel arrive in the order they were sent.
NOTIFY carries at most 8000 bytes: a longer message is stored in `bus_messages` and its id is
notified instead ("@<id>"); the receiver reads and deletes the row.

Either bus may fail and come back. A send fails within SEND_SECONDS (never retried inside: the
relay answers `unavailable`); the listener notices a broken or silent connection within
HEARTBEAT_SECONDS + SEND_SECONDS and connects again after a capped, jittered backoff, for as
long as it takes, without holding up the event loop. `link.connected` says whether it listens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

log = logging.getLogger("squidbox.server")
Handler = Callable[[dict[str, Any]], None]
NOTIFY_LIMIT = 7900  # bytes of a NOTIFY payload (PostgreSQL's limit is 8000)
CONNECT_SECONDS = 2.0  # a bus connection not made in this long has failed
SEND_SECONDS = 3.0  # a message (or a heartbeat) not handed over in this long has failed
HEARTBEAT_SECONDS = 2.0  # a quiet listener checks its connection this often
STORED_MESSAGE_SECONDS = 300  # an unread stored message (its node died) is deleted after this


class Bus(Protocol):
    link: Link

    async def start(self, channel: str, handler: Handler, lost: Callable[[], None]) -> None: ...
    async def publish(self, channel: str, message: dict[str, Any]) -> None: ...
    async def tidy(self) -> None: ...
    async def close(self) -> None: ...


def channel_of(node: str) -> str:
    return f"squidbox_{node}"


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class Backoff:
    """The waits between reconnection attempts: doubling from `first` up to `cap` seconds, each
    drawn between half and all of that, so nodes that lost the bus together do not all knock
    again at the same moment."""

    def __init__(self, first: float = 0.1, cap: float = 5.0) -> None:
        self.first = first
        self.cap = cap
        self.failures = 0

    def next(self) -> float:
        ceiling = min(self.cap, self.first * 2 ** self.failures)
        self.failures += 1
        return random.uniform(ceiling / 2, ceiling)


class Link:
    """Whether a bus's listener is connected (relays are refused while it is not; /healthz
    says so), and what follows when that changes: `lost` is called once an outage."""

    def __init__(self) -> None:
        self.connected = False
        self.error = ""
        self.lost: Callable[[], None] = lambda: None
        self.backoff = Backoff()
        self.down_since: float | None = None

    def up(self) -> None:
        if self.down_since is not None:
            log.warning("bus: connected again after %.1f s",
                        asyncio.get_running_loop().time() - self.down_since)
        self.connected, self.error, self.down_since = True, "", None
        self.backoff = Backoff()

    def down(self, error: BaseException) -> float:
        """The connection failed: the seconds to wait before the next attempt."""
        self.error = str(error) or type(error).__name__
        if self.connected:
            self.connected = False
            self.down_since = asyncio.get_running_loop().time()
            log.error("bus: connection lost (%s); tables owned by other processes are "
                      "unavailable here until it is back", self.error)
            self.lost()
        return self.backoff.next()


def deliver(handler: Handler, data: str | bytes) -> None:
    """Hand one message on. One that is not a JSON object, or that the handler cannot take,
    cannot be from a node: it is logged and dropped, and the listener goes on."""
    try:
        message = json.loads(data)
    except ValueError:
        message = None
    if not isinstance(message, dict):
        log.warning("bus: a message that is not a JSON object was dropped")
        return
    try:
        handler(message)
    except Exception as e:  # a message no node sends (damaged, or from another program)
        log.warning("bus: a message that could not be handled was dropped: %r", e)


async def quietly(closing: Awaitable[Any]) -> None:
    """Close a connection that may be broken already."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(closing, CONNECT_SECONDS)


class RedisBus:
    """Redis pub/sub (`redis://host:port/N`)."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        # One immediate retry, for a pooled connection that went stale while Redis restarted;
        # a Redis that is down fails the send at once (a relay then answers `unavailable`).
        # The listener does the reconnecting, with its own backoff.
        self.client = redis.from_url(url, socket_connect_timeout=CONNECT_SECONDS,
                                     socket_timeout=SEND_SECONDS, retry=Retry(NoBackoff(), 1))
        self.link = Link()
        self.task: asyncio.Task[None] | None = None

    async def start(self, channel: str, handler: Handler, lost: Callable[[], None]) -> None:
        pubsub = await self._subscribe(channel)  # fails when Redis is down: serve refuses to start
        self.link.lost = lost
        self.link.up()
        self.task = asyncio.create_task(self._listen(pubsub, channel, handler), name="bus")

    async def _subscribe(self, channel: str) -> Any:
        pubsub: Any = self.client.pubsub(ignore_subscribe_messages=True)
        try:
            await asyncio.wait_for(pubsub.subscribe(channel), CONNECT_SECONDS)
        except BaseException:
            await quietly(pubsub.aclose())
            raise
        return pubsub

    async def _listen(self, pubsub: Any, channel: str, handler: Handler) -> None:
        """Read, and after a failure subscribe again (backing off), until cancelled."""
        try:
            while True:
                try:
                    if pubsub is None:
                        pubsub = await self._subscribe(channel)
                        self.link.up()
                    await self._read(pubsub, handler)
                except asyncio.CancelledError:
                    raise
                except Exception as e:
                    wait = self.link.down(e)
                    if pubsub is not None:
                        await quietly(pubsub.aclose())
                    pubsub = None
                    await asyncio.sleep(wait)
        finally:
            if pubsub is not None:
                await quietly(pubsub.aclose())

    async def _read(self, pubsub: Any, handler: Handler) -> None:
        """Messages until the connection fails. A quiet connection is pinged every
        HEARTBEAT_SECONDS; a ping not answered within SEND_SECONDS (Redis stopped, the network
        cut) fails it. Only an unanswered ping counts: a process that was itself paused
        (SIGSTOP, a frozen machine) finds its connection quiet, not failed."""
        loop = asyncio.get_running_loop()
        heard = pinged = before = loop.time()
        while True:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.5)
            moment = loop.time()
            if message is not None or moment - before > HEARTBEAT_SECONDS:
                heard = moment  # a message, or this process was paused: not Redis's silence
            before = moment
            if message is not None and message["type"] == "message":
                deliver(handler, message["data"])
            if not pubsub.subscribed:
                raise ConnectionError("the subscription ended")
            if moment - heard > HEARTBEAT_SECONDS + SEND_SECONDS:
                raise ConnectionError(f"no answer from Redis in {moment - heard:.0f} s")
            if moment - pinged >= HEARTBEAT_SECONDS:
                await asyncio.wait_for(pubsub.ping(), SEND_SECONDS)
                pinged = moment

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        await asyncio.wait_for(self.client.publish(channel, encode(message)), SEND_SECONDS)

    async def tidy(self) -> None:
        return None

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        await quietly(self.client.aclose())


class PostgresBus:
    """PostgreSQL LISTEN/NOTIFY on the server's own database (psycopg 3, asyncio)."""

    def __init__(self, url: str) -> None:
        self.conninfo = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.writer: Any = None
        self.lock = asyncio.Lock()
        self.link = Link()
        self.task: asyncio.Task[None] | None = None

    async def _connect(self) -> Any:
        import psycopg

        return await asyncio.wait_for(psycopg.AsyncConnection.connect(
            self.conninfo, autocommit=True, connect_timeout=max(2, round(CONNECT_SECONDS))),
            CONNECT_SECONDS + 1)

    async def start(self, channel: str, handler: Handler, lost: Callable[[], None]) -> None:
        listener = await self._listen_on(channel)
        self.writer = await self._connect()
        self.link.lost = lost
        self.link.up()
        self.task = asyncio.create_task(self._listen(listener, channel, handler), name="bus")

    async def _listen_on(self, channel: str) -> Any:
        from psycopg import sql

        listener = await self._connect()
        try:
            await asyncio.wait_for(listener.execute(
                sql.SQL("LISTEN {}").format(sql.Identifier(channel))), SEND_SECONDS)
        except BaseException:
            await quietly(listener.close())
            raise
        return listener

    async def _listen(self, listener: Any, channel: str, handler: Handler) -> None:
        """Read, and after a failure listen again (backing off), until cancelled."""
        reader: Any = None
        try:
            while True:
                try:
                    if listener is None:
                        listener = await self._listen_on(channel)
                        self.link.up()
                    if reader is None:
                        reader = await self._connect()
                    await self._read(listener, reader, handler)
                except asyncio.CancelledError:
                    raise
                except Exception as e:
                    wait = self.link.down(e)
                    for connection in (listener, reader):
                        if connection is not None:
                            await quietly(connection.close())
                    listener = reader = None
                    await asyncio.sleep(wait)
        finally:
            for connection in (listener, reader):
                if connection is not None:
                    await quietly(connection.close())

    async def _read(self, listener: Any, reader: Any, handler: Handler) -> None:
        """Notifications until the connection fails; a quiet connection is checked every
        HEARTBEAT_SECONDS."""
        while True:
            async for notice in listener.notifies(timeout=HEARTBEAT_SECONDS):
                deliver(handler, await self._payload(reader, notice.payload))
            await asyncio.wait_for(listener.execute("SELECT 1"), SEND_SECONDS)

    async def _payload(self, reader: Any, payload: str) -> str:
        if not payload.startswith("@") or not (payload[1:].isascii() and payload[1:].isdigit()):
            return payload  # a message, or something deliver() drops
        cursor = await asyncio.wait_for(reader.execute(
            "DELETE FROM bus_messages WHERE id = %s RETURNING payload", (int(payload[1:]),)),
            SEND_SECONDS)
        row = await cursor.fetchone()
        return str(row[0]) if row else "{}"

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Send; a connection that went stale (PostgreSQL restarted) is replaced once, at once."""
        import psycopg

        text = encode(message)
        async with self.lock:
            for attempt in (1, 2):
                try:
                    await asyncio.wait_for(self._send(channel, text), SEND_SECONDS)
                    return
                except BaseException as e:
                    await self._drop_writer()  # the next message connects afresh
                    if attempt == 2 or not isinstance(e, psycopg.OperationalError):
                        raise

    async def _drop_writer(self) -> None:
        writer, self.writer = self.writer, None
        if writer is not None:
            await quietly(writer.close())

    async def _send(self, channel: str, text: str) -> None:
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
                await asyncio.wait_for(self.writer.execute(
                    "DELETE FROM bus_messages WHERE created < now() - make_interval(secs => %s)",
                    (STORED_MESSAGE_SECONDS,)), SEND_SECONDS)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        if self.writer is not None:
            await quietly(self.writer.close())


def make_bus(bus_url: str | None, database_url: str) -> Bus:
    """Redis when a bus URL is given, else the PostgreSQL database's LISTEN/NOTIFY."""
    if bus_url:
        return RedisBus(bus_url)
    return PostgresBus(database_url)

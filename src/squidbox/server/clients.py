"""A table's connections: each WebSocket's seat, language and queue of outgoing messages.

A client that leaves too many messages unread is disconnected rather than letting its queue
grow; a connection ends with a last message and a close code (MOVED: reconnect, the table is
served afresh; 4403: the seat's link was re-issued, do not reconnect with it).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from squidbox import i18n

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

"""A real uvicorn server in a thread (real sockets), with its log records collected: for the
fuzz campaign, which must find no 5xx and no traceback in the server's log."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import httpx
import uvicorn

from squidbox.server import create_app
from squidbox.server.limits import Limits
from tests.server.conftest import free_port


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class LiveServer:
    url: str
    database_url: str
    log: Collect = field(default_factory=Collect)

    def problems(self) -> list[str]:
        """The server's log records that show a failure: an exception, a traceback, an
        unexpected error (clients' own records, e.g. of the websockets library, are not the
        server's)."""
        return [record.getMessage() for record in self.log.records
                if record.name.startswith(("squidbox", "uvicorn"))
                and (record.exc_info or "Traceback" in record.getMessage()
                     or "unexpected" in record.getMessage()
                     or record.levelno >= logging.CRITICAL)]


@contextmanager
def live_server(database_url: str, limits: Limits | None = None) -> Iterator[LiveServer]:
    port = free_port()
    app = create_app(database_url, web_client=False, limits=limits)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws_max_size=16 * 1024 * 1024))
    live = LiveServer(f"http://127.0.0.1:{port}", database_url)
    root = logging.getLogger()
    root.addHandler(live.log)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        httpx.get(f"{live.url}/healthz").raise_for_status()
        yield live
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        root.removeHandler(live.log)

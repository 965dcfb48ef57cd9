"""The web server: the REST API and WebSockets of docs/web-api.md, plus the web client's pages.

`create_app(database_url)` builds the FastAPI app; `squidbox serve` runs it on uvicorn. At start
the database schema is migrated to the newest version and every unfinished table is resumed.

Each route module (api, sockets, ops; see routing.py for how to add one) is registered with one
line below. In front of them all, the guard (guard.py) adds security headers, checks Origins
and bounds request bodies; errors.py gives every refusal the one error shape.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from fastapi import FastAPI

from squidbox.engine import InvalidOptions

from . import (
    accounts,
    accountseats,
    api,
    chat,
    hostpage,
    mine,
    ops,
    passkeys,
    preferences,
    profiles,
    ratings,
    rematch,
    replays,
    results,
    reviews,
    seating,
    sockets,
)
from .accountdb import AccountStore
from .bus import make_bus
from .cluster import Cluster, Relay, node_name
from .errors import add_error_handlers, publish_error_shape
from .guard import Guard, install_log_redaction
from .limits import Limits, RateLimiter
from .manager import SNAPSHOT_EVERY, TableManager
from .messages import ActionMessage, PingMessage
from .metrics import Metrics
from .storage import Storage

log = logging.getLogger("squidbox.server")
DEFAULT_DATABASE = "sqlite:///squidbox.db"


def create_app(database_url: str = DEFAULT_DATABASE, *, snapshot_every: int = SNAPSHOT_EVERY,
               web_client: bool = True, limits: Limits | None = None,
               allowed_origins: Iterable[str] = (), bus: str | None = None,
               node: str | None = None) -> FastAPI:
    """The app, storing tables in `database_url` (SQLite file or PostgreSQL URL).
    `allowed_origins`: browser origins besides the server's own (e.g. behind a proxy).
    On PostgreSQL the process is a node of a cluster (cluster.py): any number of processes may
    share the database; they talk through Redis when `bus` (redis://host:port/N) is given, else
    through PostgreSQL LISTEN/NOTIFY. `node`: this process's name (default: random)."""
    storage = Storage(database_url)
    if bus and not storage.is_postgres:
        raise InvalidOptions("several server processes (--bus) need a PostgreSQL database "
                             "(--database postgresql://...); SQLite serves one process")
    if bus and not bus.startswith(("redis://", "rediss://", "unix://")):
        raise InvalidOptions(f"bad bus URL {bus!r}: use redis://host:port/N")
    limits = limits or Limits()
    metrics = Metrics()
    install_log_redaction()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage.open_for_writing()
        manager = TableManager(storage, snapshot_every, limits, metrics)
        manager.finish_hooks.append(partial(ratings.game_over, app.state.accounts))
        if storage.is_postgres:
            manager.cluster = Cluster(manager, make_bus(bus, storage.url), node or node_name())
        app.state.manager = manager
        await manager.start(app)
        try:
            yield
        finally:
            await manager.close()
            storage.dispose()

    app = FastAPI(title="squidbox", lifespan=lifespan)
    app.state.limits = limits
    app.state.metrics = metrics
    app.state.rate_limiter = RateLimiter()
    app.state.accounts = AccountStore(storage)
    app.state.sockets_by_address = Counter()
    add_error_handlers(app)
    publish_error_shape(app, {"ActionMessage": ActionMessage, "PingMessage": PingMessage,
                              "ChatMessage": chat.ChatMessage})
    app.add_middleware(Relay)  # inside the guard: it checks a request before it is relayed
    app.add_middleware(Guard, limits=limits, allowed_origins=frozenset(allowed_origins),
                       refused=metrics.refused)
    app.include_router(api.router)
    app.include_router(sockets.router)
    app.include_router(ops.router)
    app.include_router(preferences.router)
    app.include_router(rematch.router)
    app.include_router(results.router)
    app.include_router(replays.router)
    app.include_router(reviews.router)
    app.include_router(seating.router)
    app.include_router(chat.router)
    app.include_router(mine.router)
    app.include_router(accounts.router)
    app.include_router(passkeys.router)
    app.include_router(accountseats.router)
    app.include_router(ratings.router)
    app.include_router(profiles.router)
    if web_client:
        mount_web_client(app)
        app.include_router(hostpage.router)
    return app


def mount_web_client(app: FastAPI) -> None:
    """The browser client's pages and assets (squidbox.web), when it is installed."""
    try:
        from squidbox.web import mount_web
    except ModuleNotFoundError as e:
        if e.name != "squidbox.web":
            raise
        add_no_client_page(app)
        return
    mount_web(app)


def add_no_client_page(app: FastAPI) -> None:
    @app.get("/")
    async def index() -> dict[str, Any]:
        return {"name": "squidbox", "web_client": None,
                "message": "the web client (squidbox.web) is not installed; the API is at "
                           "/api (see docs/web-api.md)"}

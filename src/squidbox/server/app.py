"""The web server: the REST API and WebSockets of docs/web-api.md, plus the web client's pages.

`create_app(database_url)` builds the FastAPI app; `squidbox serve` runs it on uvicorn. At start
the database schema is migrated to the newest version and every unfinished table is resumed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse
from starlette.websockets import WebSocketState

from squidbox.registry import list_games

from .messages import (
    MAX_MESSAGE_BYTES,
    ApiError,
    parse_action,
    parse_client_message,
    parse_json,
    parse_new_table,
)
from .rematch import add_rematch_routes
from .results import add_results_route
from .storage import Storage
from .tables import SNAPSHOT_EVERY, Client, Table, TableManager

log = logging.getLogger("squidbox.server")
DEFAULT_DATABASE = "sqlite:///squidbox.db"
LOBBY_LIMIT = 100


def create_app(database_url: str = DEFAULT_DATABASE, *, snapshot_every: int = SNAPSHOT_EVERY,
               web_client: bool = True) -> FastAPI:
    """The app, storing tables in `database_url` (SQLite file or PostgreSQL URL)."""
    storage = Storage(database_url)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage.upgrade()
        manager = TableManager(storage, snapshot_every)
        app.state.manager = manager
        await manager.start()
        try:
            yield
        finally:
            await manager.close()
            storage.dispose()

    app = FastAPI(title="squidbox", lifespan=lifespan)
    app.add_exception_handler(ApiError, api_error_response)  # type: ignore[arg-type]
    add_api_routes(app)
    add_websocket_route(app)
    add_rematch_routes(app)
    add_results_route(app)
    if web_client:
        mount_web_client(app)
    return app


async def api_error_response(_request: Request, error: ApiError) -> JSONResponse:
    return JSONResponse(error.body(), status_code=error.status)


def manager_of(request: Request | WebSocket) -> TableManager:
    return request.app.state.manager


async def read_body(request: Request) -> bytes:
    """The request body, refused as too_large past 64 KiB without reading it all."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_MESSAGE_BYTES:
        raise ApiError("too_large", f"body of {length} bytes; the limit is "
                                    f"{MAX_MESSAGE_BYTES} bytes (64 KiB)")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            raise ApiError("too_large", f"body over the limit of {MAX_MESSAGE_BYTES} bytes")
    return body


def add_api_routes(app: FastAPI) -> None:
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [{**game.describe(), "rules_url": f"/rules/{game.id}"} for game in list_games()]

    @app.get("/api/tables")
    async def lobby(request: Request, limit: int = LOBBY_LIMIT) -> list[dict[str, Any]]:
        return await manager_of(request).lobby(max(1, min(limit, 1000)))

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        new = parse_new_table(await read_body(request))
        table, tokens = await manager_of(request).create(new)
        return created_answer(table, tokens)

    @app.get("/api/tables/{table_id}")
    async def table_info(request: Request, table_id: str) -> dict[str, Any]:
        table = await manager_of(request).get(table_id)
        async with table.lock:
            return table.info()

    @app.get("/api/tables/{table_id}/state")
    async def table_state(request: Request, table_id: str,
                          token: str | None = None) -> dict[str, Any]:
        table = await manager_of(request).get(table_id)
        seat = table.seat_for(token)
        async with table.lock:
            return table.message(seat)

    @app.post("/api/tables/{table_id}/actions")
    async def take_action(request: Request, table_id: str) -> dict[str, Any]:
        table = await manager_of(request).get(table_id)
        action = parse_action(parse_json(await read_body(request)), with_token=True)
        if not action.token:
            raise ApiError("bad_token", "an action needs the 'token' of a seat")
        seat = table.seat_for(action.token)
        assert seat is not None
        version = await table.submit(seat, action.action, action.version)
        return {"ok": True, "version": version}


def created_answer(table: Table, tokens: dict[int, str]) -> dict[str, Any]:
    names = table.state.seat_names()
    seats = []
    for seat in range(table.record.players):
        entry: dict[str, Any] = {"seat": seat, "name": names[seat],
                                 "bot": table.record.bots.get(seat)}
        if seat in tokens:
            entry["token"] = tokens[seat]
            entry["url"] = f"/t/{table.id}?seat={seat}&token={tokens[seat]}"
        seats.append(entry)
    return {"table": table.id, "seats": seats, "spectator_url": f"/t/{table.id}"}


def add_websocket_route(app: FastAPI) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str,
                           token: str | None = None) -> None:
        await websocket.accept()
        try:
            table = await manager_of(websocket).get(table_id)
        except ApiError as e:
            await websocket.send_json({"type": "error", **e.body()})
            await websocket.close(code=4404)
            return
        client = seat_or_spectator(table, token)
        sender = asyncio.create_task(send_messages(websocket, client))
        await table.attach(client)
        try:
            await receive_messages(websocket, table, client)
        finally:
            await table.detach(client)
            client.close()
            sender.cancel()


def seat_or_spectator(table: Table, token: str | None) -> Client:
    """The client of a seat, or of a spectator. A wrong token is told so (bad_token) and then
    watches as a spectator."""
    try:
        return Client(table.seat_for(token))
    except ApiError as e:
        client = Client(None)
        client.push({"type": "error", **e.body()})
        return client


async def send_messages(websocket: WebSocket, client: Client) -> None:
    """Send the client's queued messages in order; stop when it is closed or gone."""
    with contextlib.suppress(Exception):  # a vanished peer fails in transport-specific ways
        while (text := await client.queue.get()) is not None:
            await websocket.send_text(text)
        if websocket.client_state == WebSocketState.CONNECTED:
            await websocket.close()


async def receive_messages(websocket: WebSocket, table: Table, client: Client) -> None:
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        try:
            await handle_message(table, client, raw)
        except ApiError as e:
            client.push({"type": "error", **e.body()})


async def handle_message(table: Table, client: Client, raw: str | bytes) -> None:
    kind, request = parse_client_message(raw)
    if kind == "ping":
        client.push({"type": "pong", "version": table.version})
        return
    assert request is not None
    if client.seat is None:
        raise ApiError("bad_token", "spectators cannot act: connect with a seat token")
    await table.submit(client.seat, request.action, request.version)


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

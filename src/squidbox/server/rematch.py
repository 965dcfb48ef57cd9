"""Rematch: when a game is over, any seat holder may ask for a new table with the same game,
players, options, bots and timers and a new seed. Every connected client of the old table is
sent a `rematch` message with its own seat link (a seat's new token goes only to that seat's
own connections); a seat holder who was away gets it later from GET .../rematch with their old
token. The link between the old and the new table is kept in memory only: after a server
restart a second rematch request makes another new table.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .messages import MAX_MESSAGE_BYTES, ApiError, NewTable
from .tables import MAX_TOKEN_LENGTH, Table


class RematchRequest(BaseModel):
    """The body of POST /api/tables/{id}/rematch: the asking seat's token."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=MAX_TOKEN_LENGTH)


class Rematches:
    """Old table id -> (new table id, the new tokens of its human seats)."""

    def __init__(self) -> None:
        self.made: dict[str, tuple[str, dict[int, str]]] = {}
        self.lock = asyncio.Lock()


def seat_link(table_id: str, tokens: dict[int, str], seat: int | None) -> str:
    if seat is None or seat not in tokens:
        return f"/t/{table_id}"
    return f"/t/{table_id}?seat={seat}&token={tokens[seat]}"


def answer(table_id: str, tokens: dict[int, str], seat: int) -> dict[str, Any]:
    return {"table": table_id, "url": seat_link(table_id, tokens, seat)}


def parse_request(raw: bytes) -> RematchRequest:
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ApiError("too_large", f"body over the limit of {MAX_MESSAGE_BYTES} bytes")
    try:
        return RematchRequest.model_validate_json(raw or b"null")
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'the body'}: {err['msg']}"
                             for err in e.errors())
        raise ApiError("bad_request", f"a rematch needs {{\"token\": \"<your seat token>\"}} "
                                      f"({problems})") from None


def same_seats(table: Table) -> NewTable:
    record = table.record
    return NewTable(game=table.game, players=record.players, options=dict(record.options),
                    bots=dict(record.bots), seed=None, turn_seconds=record.turn_seconds,
                    leave_seconds=record.leave_seconds, leave_bot=record.leave_bot)


def add_rematch_routes(app: FastAPI) -> None:
    rematches = Rematches()

    @app.post("/api/tables/{table_id}/rematch", status_code=201)
    async def rematch(request: Request, table_id: str) -> dict[str, Any]:
        asked = parse_request(await request.body())
        manager = request.app.state.manager
        table = await manager.get(table_id)
        seat = table.seat_for(asked.token)
        assert seat is not None
        if not table.state.is_terminal():
            raise ApiError("illegal_action", "a rematch starts once the game is over")
        async with rematches.lock:
            if table_id not in rematches.made:
                new_table, tokens = await manager.create(same_seats(table))
                rematches.made[table_id] = (new_table.id, tokens)
                for client in list(table.clients):
                    client.push({"type": "rematch", "table": new_table.id,
                                 "url": seat_link(new_table.id, tokens, client.seat)})
        new_id, tokens = rematches.made[table_id]
        return answer(new_id, tokens, seat)

    @app.get("/api/tables/{table_id}/rematch")
    async def rematch_of(request: Request, table_id: str,
                         token: str | None = None) -> dict[str, Any]:
        table = await request.app.state.manager.get(table_id)
        seat = table.seat_for(token)
        if table_id not in rematches.made:
            raise ApiError("unknown_table", f"table {table_id} has no rematch yet")
        new_id, tokens = rematches.made[table_id]
        return answer(new_id, tokens, seat if seat is not None else -1)

"""Rematch: when a game is over, any seat holder may ask for a new table with the same game,
players, options, bots and timers and a new seed. Every connected client of the old table is
sent a `rematch` message with its own seat link (a seat's new token goes only to that seat's
own connections); a seat holder who was away gets it later from GET .../rematch with their old
token. The link between the old and the new table is kept in memory only: after a server
restart a second rematch request makes another new table.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from squidbox.i18n import gettext as _

from .errors import ApiError
from .messages import MAX_TOKEN_LENGTH, Body, NewTable, Token
from .routing import TableId, client_address, manager_of, rate_limited, seat_link, seat_of
from .tables import Table

router = APIRouter()


class RematchRequest(Body):
    """The body of POST /api/tables/{id}/rematch: the asking seat's token."""

    token: Token


class Rematches:
    """Old table id -> (new table id, the new tokens of its human seats)."""

    def __init__(self) -> None:
        self.made: dict[str, tuple[str, dict[int, str]]] = {}
        self.lock = asyncio.Lock()


def link_for(table_id: str, tokens: dict[int, str], seat: int | None) -> str:
    """The seat's own link to the new table, or its spectator link."""
    if seat is None or seat not in tokens:
        return f"/t/{table_id}"
    return seat_link(table_id, seat, tokens[seat])


def answer(table_id: str, tokens: dict[int, str], seat: int) -> dict[str, Any]:
    return {"table": table_id, "url": link_for(table_id, tokens, seat)}


def same_seats(table: Table) -> NewTable:
    record = table.record
    return NewTable(game=table.game, players=record.players, options=dict(record.options),
                    bots=dict(record.bots), seed=None, turn_seconds=record.turn_seconds,
                    leave_seconds=record.leave_seconds, leave_bot=record.leave_bot)


@router.post("/api/tables/{table_id}/rematch", status_code=201,
             dependencies=[Depends(rate_limited("create"))])
async def rematch(request: Request, table_id: TableId, asked: RematchRequest) -> dict[str, Any]:
    manager = manager_of(request)
    table = await manager.get(table_id)
    seat = seat_of(table, asked.token, "a rematch")
    if not table.state.is_terminal():
        raise ApiError("illegal_action", _("a rematch starts once the game is over"))
    rematches = rematches_of(request)
    async with rematches.lock:
        if table_id not in rematches.made:
            new_table, tokens, _host = await manager.create(same_seats(table),
                                                            client_address(request))
            rematches.made[table_id] = (new_table.id, tokens)
            for client in list(table.clients):
                client.push({"type": "rematch", "table": new_table.id,
                             "url": link_for(new_table.id, tokens, client.seat)})
    new_id, tokens = rematches.made[table_id]
    return answer(new_id, tokens, seat)


@router.get("/api/tables/{table_id}/rematch")
async def rematch_of(request: Request, table_id: TableId,
                     token: Annotated[str | None, Query(max_length=MAX_TOKEN_LENGTH)] = None
                     ) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    seat = table.seat_for(token)
    rematches = rematches_of(request)
    if table_id not in rematches.made:
        raise ApiError("unknown_table", _("table {table} has no rematch yet").format(
            table=table_id))
    new_id, tokens = rematches.made[table_id]
    return answer(new_id, tokens, seat if seat is not None else -1)


def rematches_of(request: Request) -> Rematches:
    """The app's rematches (one per app, made on first use)."""
    state = request.app.state
    if not hasattr(state, "rematches"):
        state.rematches = Rematches()
    rematches: Rematches = state.rematches
    return rematches

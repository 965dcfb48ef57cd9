"""The REST routes of the tables (docs/web-api.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from squidbox.engine import Game
from squidbox.games.lobby import lobby_words
from squidbox.i18n import gettext as _
from squidbox.registry import list_games

from .accounts import acting_account
from .accountseats import after_create, checked_rules
from .messages import (
    MAX_TOKEN_LENGTH,
    ActionBody,
    NewTableBody,
    default_bot,
    new_table,
    offered_bots,
)
from .ratings import lobby_entries
from .routing import (
    TableId,
    client_address,
    limits_of,
    manager_of,
    rate_limited,
    seat_link,
    seat_of,
)
from .rows import Status
from .tables import Table
from .wording import reword

router = APIRouter()
LOBBY_LIMIT = 100


@router.get("/api/games")
async def games() -> list[dict[str, Any]]:
    return [game_summary(game) for game in list_games()]


def game_summary(game: Game) -> dict[str, Any]:
    """A game for the lobby: its options, the words the lobby shows for them (`lobby`, from the
    game's lobby.toml; null for a game without a folder), the bots the web offers for it and
    the one a new seat starts with."""
    return {**game.describe(), "name": _(game.name), "rules_url": f"/rules/{game.id}",
            "lobby": lobby_words(game),
            "bots": offered_bots(game), "default_bot": default_bot(game)}


@router.get("/api/tables")
async def lobby(request: Request, limit: Annotated[int, Query(ge=1, le=1000)] = LOBBY_LIMIT,
                status: Annotated[list[Status] | None, Query(max_length=5)] = None
                ) -> list[dict[str, Any]]:
    """The newest tables; `?status=open&status=playing` keeps only those (as stored)."""
    return await lobby_entries(request, await manager_of(request).lobby(limit,
                                                                      tuple(status or ())))


@router.post("/api/tables", status_code=201, dependencies=[Depends(rate_limited("create"))])
async def create_table(request: Request, body: NewTableBody) -> dict[str, Any]:
    new = new_table(body, limits_of(request).bot_caps)
    account = await acting_account(request)
    rules = checked_rules(body, account)
    table, tokens, host_token = await manager_of(request).create(new, client_address(request))
    await after_create(request, table, tokens, account, rules)
    return created_answer(table, tokens, host_token)


@router.get("/api/tables/{table_id}")
async def table_info(request: Request, table_id: TableId) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    async with table.lock:
        return table.info()


@router.get("/api/tables/{table_id}/state")
async def table_state(request: Request, table_id: TableId,
                      token: Annotated[str | None, Query(max_length=MAX_TOKEN_LENGTH)] = None
                      ) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    seat = table.seat_for(token)
    async with table.lock:
        await reword(table)  # lines restored from a snapshot, in the reader's language
        return table.message(seat)


@router.post("/api/tables/{table_id}/actions", dependencies=[Depends(rate_limited("action"))])
async def take_action(request: Request, table_id: TableId, body: ActionBody) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    seat = seat_of(table, body.token, "an action")
    version = await table.submit(seat, body.action, body.version)
    return {"ok": True, "version": version}


def created_answer(table: Table, tokens: dict[int, str], host_token: str) -> dict[str, Any]:
    """The creator's answer: every seat (with its link, unless a bot's or open), and the private
    host token and link (given here only, never to seats or spectators)."""
    names = table.state.seat_names()
    seats = []
    for seat in range(table.record.players):
        entry: dict[str, Any] = {"seat": seat, "name": names[seat],
                                 "bot": table.record.bots.get(seat)}
        if seat in tokens:
            entry["token"] = tokens[seat]
            entry["url"] = seat_link(table.id, seat, tokens[seat])
        if seat in table.open_seats():
            entry["open"] = True  # anyone may take it (POST /api/tables/{id}/seats)
        seats.append(entry)
    return {"table": table.id, "seats": seats, "spectator_url": f"/t/{table.id}",
            "status": table.status, "host_token": host_token,
            "host_url": f"/host/{table.id}?token={host_token}"}

"""POST /api/tables/{id}/preferences: a seat turns its automatic pass on or off (autopass.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from pydantic import StrictBool

from .messages import Body, Token
from .routing import TableId, manager_of, rate_limited, seat_of

router = APIRouter()


class Preferences(Body):
    """The body of POST /api/tables/{id}/preferences."""

    token: Token
    auto_pass: StrictBool


@router.post("/api/tables/{table_id}/preferences",
             dependencies=[Depends(rate_limited("action"))])
async def set_preferences(request: Request, table_id: TableId,
                          body: Preferences) -> dict[str, Any]:
    manager = manager_of(request)
    table = await manager.get(table_id)
    seat = seat_of(table, body.token, "a preference")
    async with table.lock:
        manager.autopass.set(table, seat, body.auto_pass)
    return {"ok": True, "seat": seat, "auto_pass": body.auto_pass}

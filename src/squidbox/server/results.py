"""GET /api/tables/{id}/results: a finished game's results panel, from the game folder's
`results.py` (rank, points, the game's own breakdown, tie-breaks in words). Public: it is asked
only of a finished game and names scores, never hidden cards."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from squidbox.i18n import gettext as _
from squidbox.registry import game_part

from .errors import ApiError
from .ratings import table_accounts
from .routing import TableId, manager_of

router = APIRouter()


@router.get("/api/tables/{table_id}/results")
async def results(request: Request, table_id: TableId) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    async with table.lock:
        if not table.state.is_terminal():
            raise ApiError("illegal_action", _("the game is not over yet"))
        part = game_part(table.game.id, "results")
        if part is None:
            raise ApiError("unknown_game", _("{game} has no results panel").format(
                game=table.game.id))
        answer = {"table": table.id, "game": table.game.id,
                  **part.results(table.state).to_json()}
    accounts = await table_accounts(request, table.id, table.game.id)
    return {**answer, "rated": accounts["rated"], "rating_changes": accounts["rating_changes"]}

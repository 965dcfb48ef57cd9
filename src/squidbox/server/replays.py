"""Replays of finished tables and their game records.

    GET /api/tables/{id}/record               the game record (JSON, record.py), as a
                                              download
    GET /api/tables/{id}/replay               what the replay page needs first: steps, seats,
                                              version notes, why an outdated table stops
    GET /api/tables/{id}/replay/{step}?seat=N step `step` (0 = the deal) as seat N saw it
                                              (no seat: the spectator): view, log, the move

Only a finished table (or one finished under older rules, server/versions.py) has them: the
replay of a game still being played would show every seat's hidden cards, so it is refused. The
views are computed here, from the record, by the engine (`Replay.state_at`), exactly as
`game.replay` of the first `step` actions gives them; a few replays are kept in memory.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, Response

from squidbox.i18n import gettext as _
from squidbox.record import (
    GameRecord,
    RecordData,
    RecordError,
    Replay,
    make_record,
    replay_record,
)

from .errors import ApiError
from .manager import TableManager
from .routing import TableId, manager_of
from .tables import Table
from .variants import OPTION, from_option, public_options
from .versions import OUTDATED, stored_versions

router = APIRouter()
KEPT = 8  # replays kept in memory (the tables most recently replayed)
_replays: OrderedDict[tuple[str, int], Replay] = OrderedDict()


@router.get("/api/tables/{table_id}/record")
async def game_record(request: Request, table_id: TableId) -> Response:
    """The table's game record, to download."""
    record = await table_record(manager_of(request), table_id)
    name = f"squidbox-{record.game}-{table_id}.json"
    return Response(record.dumps(), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/api/tables/{table_id}/replay")
async def replay_summary(request: Request, table_id: TableId) -> dict[str, Any]:
    manager = manager_of(request)
    table = await manager.get(table_id)
    replay = await replay_of(manager, table_id)
    names = replay.checkpoints[0].seat_names()
    return {
        "table": table_id,
        "game": replay.record.game,
        "players": replay.record.players,
        "options": public_options(table.state.options),
        "steps": replay.steps,
        "actions": len(replay.record.actions),
        "seats": [{"seat": seat, "name": names[seat], "player": table.record.names.get(seat),
                   "bot": table.record.bots.get(seat)} for seat in range(replay.record.players)],
        "rules_version": replay.record.rules_version,
        "data_version": replay.record.data_version,
        "notes": replay.notes,
        "outdated": table.outdated if table.status == OUTDATED else None,
        "record_url": f"/api/tables/{table_id}/record",
    }


@router.get("/api/tables/{table_id}/replay/{step}")
async def replay_step(request: Request, table_id: TableId,
                      step: Annotated[int, Path(ge=0, le=10**6)],
                      seat: Annotated[int | None, Query(ge=0, le=98)] = None) -> JSONResponse:
    replay = await replay_of(manager_of(request), table_id)
    if step > replay.steps:
        raise ApiError("not_found", _("this replay has steps 0 to {last}, not {step}").format(
            last=replay.steps, step=step))
    if seat is not None and seat >= replay.record.players:
        raise ApiError("bad_request", _("table {table} has seats 0 to {last}, not {seat}").format(
            table=table_id, last=replay.record.players - 1, seat=seat))
    state = await asyncio.to_thread(replay.state_at, step)
    move = replay.move_as_seen(step, seat)
    label = None if move is None or move[1] is None else await asyncio.to_thread(
        move_label, replay, step, move[0], move[1])
    return JSONResponse({
        "step": step,
        "steps": replay.steps,
        "view": state.view(seat),
        "log": state.log(seat),
        "move": None if move is None else {"seat": move[0], "action": move[1], "label": label},
    })


def move_label(replay: Replay, step: int, seat: int, action: str) -> str:
    """The move in words, as its player's page labelled it (in the reader's language)."""
    before = replay.state_at(step - 1)
    return replay.game.action_label(before.view(seat), action)


async def table_record(manager: TableManager, table_id: str) -> GameRecord:
    """The record of a finished table (refused for any other)."""
    table = await manager.get(table_id)
    async with table.lock:
        refuse_unfinished(table)
        actions = list(table.state.history)
    if table.status == OUTDATED:  # the state holds only the actions that still replay
        stored = await manager.db(manager.storage.load, table_id)
        if stored is not None:
            actions = stored.actions
    versions = await manager.db(stored_versions, manager.storage, table_id)
    options = dict(table.state.options)
    doc = options.pop(OPTION, None)
    data = None
    if doc is not None:
        variant = from_option(table.game.id, doc)
        data = RecordData(source=variant.source, edits=list(variant.edits),
                          content=variant.content)
    state = table.state
    return make_record(table.game.id, table.record.players, table.record.seed, options, actions,
                       data, table.record.engine_format,
                       state.returns() if state.is_terminal() else None,
                       (versions.rules, versions.data))


def refuse_unfinished(table: Table) -> None:
    if table.state.is_terminal() or table.status == OUTDATED:
        return
    raise ApiError("illegal_action", _("Table {table} is not finished ({status}): only a "
                                       "finished game has a replay and a record; the replay "
                                       "of any other would show every seat's hidden "
                                       "cards.").format(table=table.id, status=table.status))


async def replay_of(manager: TableManager, table_id: str) -> Replay:
    """The table's replay, built once (in a worker thread) and kept among the last few."""
    table = await manager.get(table_id)
    async with table.lock:
        refuse_unfinished(table)
        key = (table_id, len(table.state.history))
    if key in _replays:
        _replays.move_to_end(key)
        return _replays[key]
    record = await table_record(manager, table_id)
    try:
        replay = await asyncio.to_thread(replay_record, record, table.game, True)
    except RecordError as e:  # its game cannot even be dealt here any more
        raise ApiError("unavailable", _("table {table} cannot be replayed here: {reason}").format(
            table=table_id, reason=e)) from None
    _replays[key] = replay
    while len(_replays) > KEPT:
        _replays.popitem(last=False)
    return replay

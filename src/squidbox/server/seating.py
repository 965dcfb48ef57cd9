"""Who sits where: the host's actions and taking an open seat (docs/web-api.md, "Hosting").

Whoever creates a table gets its private host token. With it, the host lists every seat's link
(a host-made link is derived from the host token, so it can be shown again), re-issues a seat's
link (the old token stops working at once, over HTTP and on open WebSockets), turns a seat over
to a bot or back to a person, starts a table that still has open seats with bots in them, and
ends the table. Anyone may take an open seat with a display name and gets that seat's token; the
game starts when the last open seat is taken.

Every change is made under the table's lock and stored before anyone hears of it; when storing
fails, the table is left as it was.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from squidbox.i18n import gettext as _

from .accountseats import hold, seat_taker
from .errors import ApiError
from .messages import (
    MAX_TOKEN_LENGTH,
    Body,
    BotSpec,
    DisplayName,
    SeatNumber,
    Token,
    checked_bot_spec,
)
from .persistence import one_line
from .routing import TableId, limits_of, manager_of, rate_limited, seat_link
from .seat_tokens import seat_token
from .storage import ENDED, FINISHED, OPEN, PLAYING, hash_token
from .tables import EXPIRED, Table, log

router = APIRouter()


class HostBody(Body):
    """The host token: POST /api/tables/{id}/host/end."""

    token: Token


class SeatBody(HostBody):
    """POST /api/tables/{id}/host/links: re-issue `seat`'s link."""

    seat: SeatNumber


class SeatPlayerBody(SeatBody):
    """POST /api/tables/{id}/host/seats: `bot` plays `seat` (a bot spec), or a person (null)."""

    bot: BotSpec | None


class StartBody(HostBody):
    """POST /api/tables/{id}/host/start: bots (`bot`, default the leave bot) take the open
    seats and the game starts."""

    bot: BotSpec | None = None


class TakeSeatBody(Body):
    """POST /api/tables/{id}/seats: take an open seat (`seat`, or the first open one)."""

    name: DisplayName
    seat: SeatNumber | None = None


# ---- the routes ---------------------------------------------------------------------------------
@router.get("/api/tables/{table_id}/host")
async def host_view(request: Request, table_id: TableId,
                    token: Annotated[str | None, Query(max_length=MAX_TOKEN_LENGTH)] = None
                    ) -> dict[str, Any]:
    table = await hosted(request, table_id, token)
    async with table.lock:
        return host_answer(table, token or "")


@router.post("/api/tables/{table_id}/host/links",
             dependencies=[Depends(rate_limited("action"))])
async def reissue(request: Request, table_id: TableId, body: SeatBody) -> dict[str, Any]:
    table = await hosted(request, table_id, body.token)
    async with table.lock:
        person_seat(table, body.seat, "re-issue its link")
        await change(table, lambda: new_link(table, body.token, body.seat))
        number = body.seat + 1
        table.revoke(body.seat, lambda: _("The host gave seat {number} a new link, so this one "
                                          "no longer opens it. Ask the host for the new "
                                          "link.").format(number=number))
        after_change(table, "reissue")
        return host_answer(table, body.token)


@router.post("/api/tables/{table_id}/host/seats",
             dependencies=[Depends(rate_limited("action"))])
async def set_player(request: Request, table_id: TableId,
                     body: SeatPlayerBody) -> dict[str, Any]:
    table = await hosted(request, table_id, body.token)
    async with table.lock:
        check_seat(table, body.seat)
        if body.bot is not None:
            spec = checked_bot_spec(body.bot, table.game, "'bot'", limits_of(request).bot_caps)
            if body.seat in table.open_seats():
                raise ApiError("illegal_action", _("seat {seat} is open: start the table to put "
                                                   "bots in its open seats").format(
                                                       seat=body.seat))
            await change(table, lambda: to_bot(table, body.seat, spec))
            number = body.seat + 1
            table.revoke(body.seat, lambda: _("The host handed seat {number} to a bot, so this "
                                              "link no longer opens it.").format(number=number))
            after_change(table, "to_bot")
        else:
            if body.seat not in table.record.bots:
                raise ApiError("illegal_action", _("seat {seat} is not played by a bot").format(
                    seat=body.seat))
            if table.record.seed_chosen:
                raise ApiError("illegal_action", _(
                    "this table's deal was chosen by whoever created it (its seed), so its seats "
                    "stay with bots; create a new table to play"))
            await change(table, lambda: to_person(table, body.token, body.seat))
            after_change(table, "to_person")
        return host_answer(table, body.token)


@router.post("/api/tables/{table_id}/host/start",
             dependencies=[Depends(rate_limited("action"))])
async def start(request: Request, table_id: TableId, body: StartBody) -> dict[str, Any]:
    table = await hosted(request, table_id, body.token)
    async with table.lock:
        if table.record.status != OPEN:
            raise ApiError("illegal_action", _("the game has already started"))
        spec = checked_bot_spec(body.bot or table.record.leave_bot, table.game, "'bot'",
                                limits_of(request).bot_caps)

        def fill() -> None:
            for seat in table.open_seats():
                table.record.bots[seat] = spec
            table.record.status = PLAYING

        await change(table, fill)
        after_change(table, "start")
        return host_answer(table, body.token)


@router.post("/api/tables/{table_id}/host/end", dependencies=[Depends(rate_limited("action"))])
async def end(request: Request, table_id: TableId, body: HostBody) -> dict[str, Any]:
    table = await hosted(request, table_id, body.token)
    async with table.lock:
        if table.status not in (PLAYING, OPEN):
            raise ApiError("illegal_action", _("the table is already over ({status})").format(
                status=table.status))

        def ended() -> None:
            table.record.status = ENDED

        await change(table, ended)
        after_change(table, "end")
        return host_answer(table, body.token)


@router.post("/api/tables/{table_id}/seats", status_code=201,
             dependencies=[Depends(rate_limited("action"))])
async def take_seat(request: Request, table_id: TableId, body: TakeSeatBody) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    account = await seat_taker(request, table)
    name = body.name if account is None else account.name
    async with table.lock:
        free = table.open_seats()
        if table.record.status != OPEN or not free:
            raise ApiError("illegal_action", _("table {table} has no open seat").format(
                table=table_id))
        seat = free[0] if body.seat is None else body.seat
        if seat not in free:
            raise ApiError("illegal_action", _("seat {seat} is not open (open: {open})").format(
                seat=seat, open=", ".join(str(s) for s in free)))
        token = secrets.token_urlsafe(24)

        def taken() -> None:
            table.record.token_hashes[seat] = hash_token(token)
            table.record.names[seat] = name
            if len(free) == 1:
                table.record.status = PLAYING

        await change(table, taken)
        await hold(request, table, seat, token, account)
        after_change(table, "take_seat")
        return {"table": table.id, "seat": seat, "name": name, "token": token,
                "url": seat_link(table.id, seat, token), "status": table.status}


# ---- the changes --------------------------------------------------------------------------------
async def hosted(request: Request, table_id: str, token: str | None) -> Table:
    table = await manager_of(request).get(table_id)
    if not table.is_host(token):
        raise ApiError("bad_token", _("this is not the host link of table {table}").format(
            table=table_id))
    return table


def check_seat(table: Table, seat: int) -> None:
    if seat >= table.record.players:
        raise ApiError("bad_request", _("'seat' is a seat number from 0 to {last}, not "
                                        "{seat}").format(last=table.record.players - 1,
                                                         seat=seat))
    if table.status in (FINISHED, ENDED, EXPIRED):
        raise ApiError("illegal_action", _("the table is over ({status})").format(
            status=table.status))


def person_seat(table: Table, seat: int, what: str) -> None:
    check_seat(table, seat)
    if seat in table.record.bots:
        raise ApiError("illegal_action", _("seat {seat} is played by a bot: hand it back to a "
                                           "person to {what}").format(seat=seat, what=what))
    if seat in table.open_seats():
        raise ApiError("illegal_action", _("seat {seat} is open: nobody holds a link to it "
                                           "yet").format(seat=seat))


def new_link(table: Table, host_token: str, seat: int) -> None:
    """`seat` gets its next host-made link; every earlier token of the seat stops working."""
    record = table.record
    number = record.issued.get(seat, 0)
    record.issued[seat] = number + 1
    record.links[seat] = number
    record.token_hashes[seat] = hash_token(seat_token(host_token, table.id, seat, number))


def to_bot(table: Table, seat: int, spec: str) -> None:
    record = table.record
    record.bots[seat] = spec
    record.token_hashes[seat] = None
    record.links.pop(seat, None)
    record.names.pop(seat, None)
    table.replaced.pop(seat, None)


def to_person(table: Table, host_token: str, seat: int) -> None:
    del table.record.bots[seat]
    new_link(table, host_token, seat)


async def change(table: Table, make: Callable[[], None]) -> None:
    """Make a change to the table's seats and store it; when storing fails, undo it."""
    record = table.record
    before = (list(record.token_hashes), dict(record.bots), record.status, dict(record.names),
              dict(record.links), dict(record.issued))
    make()
    try:
        await table.manager.db(table.manager.storage.save_seating, record)
    except Exception as e:
        log.error("table %s: seats not stored: database %s: %s", table.id,
                  table.manager.storage.name, one_line(e))
        (record.token_hashes, record.bots, record.status, record.names, record.links,
         record.issued) = before
        raise ApiError("server_error", _("the change could not be saved, so it was not made; "
                                         "try again")) from None


def after_change(table: Table, action: str) -> None:
    """Everyone sees the new seats; bots, timers and leave timers follow them."""
    table.manager.metrics.host_actions.labels(action).inc()
    table.schedule()  # first, so that the message carries the timers it starts
    table.broadcast()


def host_answer(table: Table, host_token: str) -> dict[str, Any]:
    """What the host page shows: the table and every seat with its link where the host made it."""
    record = table.record
    seats = []
    for entry in table.info()["seats"]:
        seat = entry["seat"]
        kind = "bot" if seat in record.bots else "open" if entry["open"] else "person"
        url = None
        if kind == "person" and seat in record.links:
            url = seat_link(table.id, seat,
                            seat_token(host_token, table.id, seat, record.links[seat]))
        seats.append({**entry, "kind": kind, "url": url})
    return {"table": table.id, "game": table.game.id, "status": table.status,
            "version": table.version, "seats": seats, "spectator_url": f"/t/{table.id}",
            "seats_stay_bots": record.seed_chosen}


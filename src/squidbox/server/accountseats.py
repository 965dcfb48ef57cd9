"""Seats held by account (docs/accounts.md): a signed-in person who creates a table or takes an
open seat holds that seat by account as well as by link, so "My tables" follows the account
to every device; the host invites people by name; a table may take signed-in people only.

The link stays the key to a seat: the account keeps the seat's token sealed (Fernet, with a
key of the database, `server_settings.account_seat_key`) and hands it to its own sessions,
whose browsers then follow the seat like any other (mine.py). When the host gives the seat a
new link, the sealed token no longer opens it and the account no longer lists it.
"""

from __future__ import annotations

import hmac
from functools import cache
from typing import Annotated, Any

from cryptography.fernet import Fernet, InvalidToken
from fastapi import APIRouter, Depends, Request
from pydantic import Field

from squidbox.i18n import gettext as _

from .accountdb import Account, SeatHeld
from .accounts import acting_account, current_account, name_key, signed_in, store_of
from .errors import ApiError
from .messages import Body, NewTableBody, Token
from .routing import TableId, manager_of, rate_limited, seat_link
from .storage import OPEN, PLAYING, hash_token
from .tables import Table
from .variants import variant_label

router = APIRouter()


@cache
def sealer(key: str) -> Fernet:
    return Fernet(key.encode())


async def seal(request: Request, token: str) -> str:
    store = store_of(request)
    key = await manager_of(request).db(store.seat_key)
    return sealer(key).encrypt(token.encode()).decode()


def unseal(key: str, sealed: str | None) -> str | None:
    if sealed is None:
        return None
    try:
        return sealer(key).decrypt(sealed.encode()).decode()
    except InvalidToken:
        return None


# ---- the hooks of table creation and seating ------------------------------------------------
def checked_rules(body: NewTableBody, account: Account | None) -> tuple[bool, bool]:
    """(rated, signed in only) of a new table; a rated table is one of people only, signed in,
    on the shipped data: its creator plays the first person's seat and every other seat is
    open, for signed-in people only."""
    if not body.rated:
        if body.signed_in_only and account is None:
            raise ApiError("not_signed_in", _("sign in to create a table for signed-in people"))
        return False, body.signed_in_only
    if account is None:
        raise ApiError("not_signed_in", _("sign in to create a rated table"))
    if body.bots or body.seed is not None or body.variant:
        raise ApiError("bad_request", _("a rated table has people in every seat, on the "
                                        "shipped rules and a deal nobody chose: no bots, no "
                                        "variant, no seed"))
    players = body.players or 2
    if sorted(body.open_seats) != list(range(1, players)):
        raise ApiError("bad_request", _("a rated table opens every seat but its creator's "
                                        "(seats 1 to {last}) to signed-in people").format(
                                            last=players - 1))
    return True, True


async def after_create(request: Request, table: Table, tokens: dict[int, str],
                       account: Account | None, rules: tuple[bool, bool]) -> None:
    """Store the new table's rules, and its creator's seat (the first with a link) by account."""
    db, store = manager_of(request).db, store_of(request)
    if variant_label(table.record.options) is not None and rules[0]:
        rules = (False, rules[1])
    if rules != (False, False):
        await db(store.set_rules, table.id, *rules)
    if account is not None and tokens:
        seat = min(tokens)
        await db(store.hold_seat, table.id, seat, account.id, await seal(request, tokens[seat]))
        table.record.names[seat] = account.name  # the creator's seat shows whose it is
        await db(table.manager.storage.save_seating, table.record)


async def seat_taker(request: Request, table: Table) -> Account | None:
    """Who takes an open seat: the signed-in account (None: someone by link); refused at a
    table for signed-in people when nobody is signed in, or when the account already sits at
    a rated table."""
    account = await acting_account(request)
    db, store = manager_of(request).db, store_of(request)
    rated, signed_in_only = (await db(store.rules, [table.id])).get(table.id, (False, False))
    if signed_in_only and account is None:
        raise ApiError("not_signed_in", _("this table takes signed-in people only: sign in to "
                                          "take a seat"))
    if rated and account is not None and account.id in (await db(store.holders,
                                                                 table.id)).values():
        raise ApiError("illegal_action", _("you already have a seat at this rated table"))
    return account


async def hold(request: Request, table: Table, seat: int, token: str,
               account: Account | None) -> None:
    if account is not None:
        await manager_of(request).db(store_of(request).hold_seat, table.id, seat, account.id,
                                     await seal(request, token))


# ---- the routes -----------------------------------------------------------------------------
class ClaimBody(Body):
    """POST /api/account/seats: hold a seat this browser has the link of."""

    table: Annotated[str, Field(min_length=1, max_length=64)]
    token: Token


class InviteBody(Body):
    """POST /api/tables/{id}/invites: the host token and the invited account's name."""

    token: Token
    name: Annotated[str, Field(min_length=1, max_length=64)]


def seat_is_current(token: str | None, seat: int, token_hashes: list[str | None]) -> bool:
    if token is None or seat >= len(token_hashes) or token_hashes[seat] is None:
        return False
    return hmac.compare_digest(str(token_hashes[seat]), hash_token(token))


@router.get("/api/account/seats")
async def account_seats(request: Request) -> dict[str, Any]:
    """The signed-in account's seats at tables being played or waiting for people, each with
    its token (for this account's browsers only), and the open tables it is invited to.
    Finished games are on the profile instead."""
    account = await signed_in_reader(request)
    db, store = manager_of(request).db, store_of(request)
    key = await db(store.seat_key)
    seats = []
    for table_id, seat, sealed, game, status, token_hashes in await db(store.seats_of,
                                                                      account.id):
        token = unseal(key, sealed) if status in (OPEN, PLAYING) else None
        if token is not None and seat_is_current(token, seat, token_hashes):
            seats.append({"table": table_id, "seat": seat, "game": game, "status": status,
                          "token": token, "url": seat_link(table_id, seat, token)})
    invites = [{"table": table_id, "game": game, "status": status, "url": f"/t/{table_id}"}
               for table_id, game, status in await db(store.invites_of, account.id)
               if status == OPEN]
    return {"seats": seats, "invites": invites}


async def signed_in_reader(request: Request) -> Account:
    account = await current_account(request)
    if account is None:
        raise ApiError("not_signed_in", _("sign in first"))
    return account


@router.post("/api/account/seats", dependencies=[Depends(rate_limited("action"))])
async def claim_seat(request: Request, body: ClaimBody,
                     account: Annotated[Account, Depends(signed_in)]) -> dict[str, Any]:
    """Hold by account a seat whose link this browser has. A seat another account holds stays
    with that account (its link still plays it)."""
    table = await manager_of(request).get(body.table)
    async with table.lock:
        seat = table.seat_for(body.token)
    if seat is None:
        raise ApiError("bad_token", _("claiming a seat needs the 'token' of a seat"))
    try:
        await manager_of(request).db(store_of(request).hold_seat, table.id, seat, account.id,
                                     await seal(request, body.token))
    except SeatHeld:
        raise ApiError("illegal_action", _("another account holds this seat")) from None
    return {"table": table.id, "seat": seat}


@router.post("/api/tables/{table_id}/invites", dependencies=[Depends(rate_limited("action"))])
async def invite(request: Request, table_id: TableId, body: InviteBody) -> dict[str, Any]:
    """The host invites an account by name to take an open seat: the table is listed in that
    account's My tables."""
    from .seating import hosted

    table = await hosted(request, table_id, body.token)
    if table.record.status != OPEN or not table.open_seats():
        raise ApiError("illegal_action", _("table {table} has no open seat").format(
            table=table_id))
    db, store = manager_of(request).db, store_of(request)
    invited = await db(store.by_name, name_key(body.name))
    if invited is None:
        raise ApiError("not_found", _("nobody is called {name} here").format(name=body.name))
    await db(store.invite, table.id, invited.id)
    return {"table": table.id, "invited": invited.name}

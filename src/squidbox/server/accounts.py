"""Accounts beside link play (docs/accounts.md): who is signed in, sessions, the password
fallback, sign-out (here or everywhere), deleting an account and exporting its data.

Nobody needs an account to play: a seat is still opened by its link. A signed-in person holds
the seats they create or take by account as well (accountseats.py), plays rated tables
(ratings.py) and has a profile (profiles.py). Passkeys are in passkeys.py.

A session is a random token in the `squidbox_session` cookie (HttpOnly, SameSite=Lax, Secure
when the request came over TLS, also through a proxy that says so); the database keeps only its
SHA-256, so every process of a cluster reads it. A new session replaces the browser's earlier
one (no fixation). A state-changing request that relies on the cookie must carry the Origin
header that browsers send with every POST: the guard (guard.py) refuses a foreign Origin, and
this module refuses none at all, so a form on another site can never act for a signed-in person.
"""

from __future__ import annotations

import logging
import re
import secrets
import unicodedata
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from squidbox.i18n import gettext as _

from .accountdb import DELETED_NAME, Account, AccountStore
from .errors import ApiError
from .limits import Rate
from .messages import Body
from .routing import client_address, limits_of, manager_of
from .storage import hash_token

router = APIRouter()
log = logging.getLogger("squidbox.accounts")

COOKIE = "squidbox_session"
SESSION_LIFETIME = timedelta(days=30)
MIN_PASSWORD = 12
MAX_PASSWORD = 128
NAME_PATTERN = re.compile(r"^\w[\w .-]{0,22}\w$")
COMMON_PASSWORDS = Path(__file__).parent / "common_passwords.txt"
HASHER = PasswordHasher()  # argon2id, the library's recommended cost
# An unknown name's sign-in verifies the password against this hash, so that it takes as long
# as a wrong password for a real account.
DUMMY_HASH = HASHER.hash(secrets.token_urlsafe(16))

AccountName = Annotated[str, Field(min_length=2, max_length=24)]
Password = Annotated[str, Field(max_length=MAX_PASSWORD)]


def store_of(request: Any) -> AccountStore:
    store: AccountStore = request.app.state.accounts
    return store


def name_key(name: str) -> str:
    """The form names are compared in: 'Ana', 'ANA' and 'ａｎａ' are one name."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def checked_name(name: str) -> str:
    """A display name for an account: 2 to 24 letters, digits, spaces, '.', '_' or '-',
    starting and ending with a letter or digit."""
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not NAME_PATTERN.match(name):
        raise ApiError("bad_request", _("a name is 2 to 24 letters, digits, spaces, '.', '_' or "
                                        "'-', starting and ending with a letter or digit"))
    return name


@cache
def common_passwords() -> frozenset[str]:
    return frozenset(line.strip().casefold()
                     for line in COMMON_PASSWORDS.read_text().splitlines()
                     if line.strip() and not line.startswith("#"))


def password_problem(password: str, name: str) -> str | None:
    """Why a password is refused (None: it is fine): too short, a well-known or breached one
    (or one with a few characters around it), the account's name in it, or too few different
    characters."""
    if len(password) < MIN_PASSWORD:
        return _("a password needs at least {count} characters").format(count=MIN_PASSWORD)
    folded = password.casefold()
    stripped = folded.strip("0123456789!?.@#$%&*_- ")
    if folded in common_passwords() or stripped in common_passwords():
        return _("this password is in lists of breached passwords; choose another")
    if name_key(name).replace(" ", "") in folded.replace(" ", ""):
        return _("a password must not contain the account's name")
    if len(set(folded)) < 5:
        return _("a password needs at least 5 different characters")
    return None


# ---- sessions -----------------------------------------------------------------------------------
def session_token(request: Request) -> str | None:
    token = request.cookies.get(COOKIE)
    return token if token and len(token) <= 100 else None


async def current_account(request: Request) -> Account | None:
    """The signed-in account of a request (None: nobody, or the session ended)."""
    token = session_token(request)
    if token is None:
        return None
    return await manager_of(request).db(store_of(request).session_account, hash_token(token))


async def acting_account(request: Request) -> Account | None:
    """The signed-in account of a state-changing request: only when the browser said where the
    request came from (the guard has checked that Origin is the server's own)."""
    if "origin" not in request.headers:
        return None
    return await current_account(request)


async def signed_in(request: Request) -> Account:
    """A route dependency: the signed-in account of a state-changing request, or a refusal."""
    if "origin" not in request.headers and session_token(request) is not None:
        raise ApiError("bad_origin", _("a signed-in change needs the Origin header that "
                                       "browsers send; this request has none"))
    account = await current_account(request)
    if account is None:
        raise ApiError("not_signed_in", _("sign in first"))
    return account


async def start_session(request: Request, response: Response, account: Account) -> None:
    """Sign in: a new session in a new cookie; the browser's earlier session ends (a session
    id planted before sign-in never becomes a signed-in one)."""
    token = secrets.token_urlsafe(32)
    old = session_token(request)
    await manager_of(request).db(store_of(request).new_session, account.id, hash_token(token),
                                 SESSION_LIFETIME, None if old is None else hash_token(old))
    response.set_cookie(COOKIE, token, max_age=int(SESSION_LIFETIME.total_seconds()),
                        path="/", httponly=True, samesite="lax",
                        secure=request.url.scheme == "https")
    log.info("signed in: account %s from %s", account.id, client_address(request))


def end_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                           secure=request.url.scheme == "https")


# ---- rate limits --------------------------------------------------------------------------------
def check_signin_rate(request: Request, name: str | None) -> None:
    """Sign-in attempts: a bucket per address and one per account name (known or not, so the
    limit says nothing about which names exist)."""
    limiter = request.app.state.rate_limiter
    limits = limits_of(request)
    keys: list[tuple[str, str, Rate]] = [("signin", client_address(request), limits.signin_rate)]
    if name is not None:
        keys.append(("signin-name", name_key(name), limits.signin_name_rate))
    for kind, key, rate in keys:
        wait = limiter.take(kind, key, rate)
        if wait:
            log.warning("sign-in refused (%s rate) from %s", kind, client_address(request))
            raise ApiError("rate_limited", _("too many sign-in attempts; try again in {seconds} "
                                             "s").format(seconds=f"{wait:.0f}"),
                           retry_after=wait)


# ---- the routes ---------------------------------------------------------------------------------
class PasswordSignIn(Body):
    name: Annotated[str, Field(max_length=64)]
    password: Password


class NewPassword(Body):
    password: Password | None


def account_answer(account: Account) -> dict[str, Any]:
    return {"id": account.id, "name": account.name, "profile_url": profile_url(account.name),
            "has_password": account.password_hash is not None,
            "created": account.created.isoformat()}


def profile_url(name: str) -> str:
    from urllib.parse import quote

    return f"/u/{quote(name)}"


@router.get("/api/account")
async def who_am_i(request: Request) -> dict[str, Any]:
    """The signed-in account with its passkeys, or `{"account": null}`."""
    account = await current_account(request)
    if account is None:
        return {"account": None}
    store = store_of(request)
    passkeys = await manager_of(request).db(store.passkeys_of, account.id)
    sessions = await manager_of(request).db(store.sessions_of, account.id)
    return {"account": {**account_answer(account), "sessions": sessions,
                        "passkeys": [{"created": key.created.isoformat(),
                                      "last_used": key.last_used and key.last_used.isoformat()}
                                     for key in passkeys]}}


@router.post("/api/account/signin")
async def password_sign_in(request: Request, response: Response,
                           body: PasswordSignIn) -> dict[str, Any]:
    """The password fallback. An unknown name and a wrong password get the same answer, after
    the same work (one argon2 verification)."""
    check_signin_rate(request, body.name)
    found = await manager_of(request).db(store_of(request).by_name, name_key(body.name))
    stored = found.password_hash if found is not None and found.password_hash else DUMMY_HASH
    try:
        HASHER.verify(stored, body.password)
        right = found is not None and stored is not DUMMY_HASH
    except (VerificationError, InvalidHashError):
        right = False
    if not right or found is None:
        log.info("password sign-in failed from %s", client_address(request))
        raise ApiError("bad_signin", _("that name and password do not match an account"))
    if HASHER.check_needs_rehash(stored):
        await manager_of(request).db(store_of(request).set_password, found.id,
                                     HASHER.hash(body.password))
    await start_session(request, response, found)
    return {"account": account_answer(found)}


@router.post("/api/account/password")
async def set_password(request: Request, body: NewPassword,
                       account: Annotated[Account, Depends(signed_in)]) -> dict[str, Any]:
    """Set (or, with null, remove) the password fallback of the signed-in account."""
    if body.password is not None:
        problem = password_problem(body.password, account.name)
        if problem is not None:
            raise ApiError("bad_request", problem)
    await manager_of(request).db(store_of(request).set_password, account.id,
                                 None if body.password is None else HASHER.hash(body.password))
    log.info("account %s %s its password", account.id,
             "removed" if body.password is None else "set")
    return {"ok": True, "has_password": body.password is not None}


@router.post("/api/account/signout")
async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    token = session_token(request)
    if token is not None:
        if "origin" not in request.headers:
            raise ApiError("bad_origin", _("a signed-in change needs the Origin header that "
                                           "browsers send; this request has none"))
        await manager_of(request).db(store_of(request).end_session, hash_token(token))
    end_cookie(request, response)
    return {"ok": True}


@router.post("/api/account/signout-everywhere")
async def sign_out_everywhere(request: Request, response: Response,
                              account: Annotated[Account, Depends(signed_in)]
                              ) -> dict[str, Any]:
    ended = await manager_of(request).db(store_of(request).end_sessions, account.id)
    end_cookie(request, response)
    log.info("account %s signed out everywhere (%d sessions)", account.id, ended)
    return {"ok": True, "sessions_ended": ended}


@router.post("/api/account/delete")
async def delete_account(request: Request, response: Response,
                         account: Annotated[Account, Depends(signed_in)]) -> dict[str, Any]:
    """Delete the signed-in account: its name, passkeys, password, sessions and ratings go;
    its games stay, under "a deleted player"."""
    manager = manager_of(request)
    held = await manager.db(store_of(request).seats_of, account.id)
    await manager.db(store_of(request).delete_account, account.id)
    for table_id, seat, *_rest in held:  # a table in memory shows it at once
        table = manager.tables.get(table_id)
        if table is not None and seat in table.record.names:
            table.record.names[seat] = DELETED_NAME
    end_cookie(request, response)
    log.info("account %s deleted", account.id)
    return {"ok": True}


@router.get("/api/account/export")
async def export(request: Request, response: Response) -> dict[str, Any]:
    """Everything stored about the signed-in account, as JSON (no secrets: no password hash,
    no session tokens, passkeys by date only)."""
    account = await current_account(request)
    if account is None:
        raise ApiError("not_signed_in", _("sign in first"))
    store = store_of(request)
    db = manager_of(request).db
    passkeys = await db(store.passkeys_of, account.id)
    seats = await db(store.seats_of, account.id)
    ratings = await db(store.ratings_of, account.id)
    changes = await db(store.changes_of, account.id, 10_000)
    invites = await db(store.invites_of, account.id)
    response.headers["Content-Disposition"] = 'attachment; filename="squidbox-account.json"'
    return {
        "account": {"name": account.name, "created": account.created.isoformat(),
                    "has_password": account.password_hash is not None},
        "passkeys": [{"created": key.created.isoformat(),
                      "last_used": key.last_used and key.last_used.isoformat()}
                     for key in passkeys],
        "seats": [{"table": table, "seat": seat, "game": game, "status": status}
                  for table, seat, _token, game, status, _hashes in seats],
        "invitations": [{"table": table, "game": game, "status": status}
                        for table, game, status in invites],
        "ratings": {game: {"mu": r.mu, "sigma": r.sigma, "games": r.games}
                    for game, r in ratings.items()},
        "rating_history": [{"table": c.table_id, "game": c.game, "before": c.before,
                            "after": c.after, "abandoned": c.abandoned,
                            "time": c.time.isoformat()} for c in changes],
    }

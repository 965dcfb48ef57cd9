"""Passkeys (WebAuthn, with Yubico's fido2 server): sign up with a name and a passkey, sign in
with a passkey the device holds (a discoverable credential: no name to type), add another
passkey to the signed-in account.

Each ceremony is two requests: `.../begin` answers the browser's `publicKey` options and a
challenge id (the challenge's state is stored in the database, so that the second request may
reach any process of a cluster), `.../complete` takes the browser's credential (its
`toJSON()`) and that id. The relying party is the page's own origin (the Origin header, which
the guard has checked): its host name is the RP ID, and the credential's client data must name
that origin exactly.
"""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Request, Response
from fido2.server import Fido2Server
from fido2.utils import websafe_decode, websafe_encode
from fido2.webauthn import (
    AttestedCredentialData,
    AuthenticationResponse,
    PublicKeyCredentialRpEntity,
    PublicKeyCredentialUserEntity,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)
from pydantic import Field

from squidbox.i18n import gettext as _

from .accountdb import Account, NameTaken
from .accounts import (
    AccountName,
    account_answer,
    check_signin_rate,
    checked_name,
    current_account,
    log,
    name_key,
    start_session,
    store_of,
)
from .errors import ApiError
from .messages import Body
from .routing import client_address, manager_of, rate_limited

router = APIRouter()
CHALLENGE_LIFETIME = timedelta(minutes=5)
ChallengeId = Annotated[str, Field(min_length=1, max_length=64)]
_log = logging.getLogger("squidbox.accounts")


class RegisterBegin(Body):
    """POST /api/account/passkeys/register/begin: `name` to sign up; none to add a passkey to
    the signed-in account."""

    name: AccountName | None = None


class Ceremony(Body):
    """The second request of a ceremony: the challenge id and the browser's credential."""

    challenge: ChallengeId
    credential: dict[str, Any]


def relying_party(request: Request) -> tuple[Fido2Server, str]:
    """The fido2 server for the page's origin, and that origin."""
    origin = request.headers.get("origin")
    host = urlsplit(origin).hostname if origin else None
    if origin is None or host is None:
        raise ApiError("bad_origin", _("passkeys need the Origin header that browsers send"))
    server = Fido2Server(PublicKeyCredentialRpEntity(name="squidbox", id=host),
                         verify_origin=lambda seen: seen == origin)
    return server, origin


async def save_challenge(request: Request, purpose: str, state: dict[str, Any]) -> str:
    challenge_id = secrets.token_urlsafe(24)
    await manager_of(request).db(store_of(request).save_challenge, challenge_id, purpose,
                                 state, CHALLENGE_LIFETIME)
    return challenge_id


async def take_challenge(request: Request, challenge_id: str, purpose: str) -> dict[str, Any]:
    state = await manager_of(request).db(store_of(request).take_challenge, challenge_id,
                                         purpose)
    if state is None:
        raise ApiError("bad_signin", _("this passkey request has expired or was already "
                                       "answered; try again"))
    return state


@router.post("/api/account/passkeys/register/begin",
             dependencies=[Depends(rate_limited("create"))])
async def register_begin(request: Request, body: RegisterBegin) -> dict[str, Any]:
    server, origin = relying_party(request)
    account = await current_account(request)
    db, store = manager_of(request).db, store_of(request)
    if account is None:
        if body.name is None:
            raise ApiError("bad_request", _("choose a name to sign up"))
        name = checked_name(body.name)
        if await db(store.by_name, name_key(name)) is not None:
            raise ApiError("illegal_action", _("the name {name} is taken; choose another").format(
                name=name))
        handle = secrets.token_bytes(32)
        existing = []
    else:
        name, handle = account.name, websafe_decode(account.user_handle)
        existing = [AttestedCredentialData(websafe_decode(row.credential))
                    for row in await db(store.passkeys_of, account.id)]
    options, state = server.register_begin(
        PublicKeyCredentialUserEntity(name=name, id=handle, display_name=name), existing,
        resident_key_requirement=ResidentKeyRequirement.REQUIRED,
        user_verification=UserVerificationRequirement.PREFERRED)
    challenge = await save_challenge(request, "register", {
        "fido": dict(state), "name": name, "handle": websafe_encode(handle), "origin": origin,
        "account": None if account is None else account.id})
    return {"challenge": challenge, "publicKey": dict(options)["publicKey"]}


@router.post("/api/account/passkeys/register/complete")
async def register_complete(request: Request, response: Response,
                            body: Ceremony) -> dict[str, Any]:
    server, origin = relying_party(request)
    state = await take_challenge(request, body.challenge, "register")
    account = await current_account(request)
    if state["origin"] != origin or state["account"] != (account and account.id):
        raise ApiError("bad_signin", _("this passkey request was made elsewhere; try again"))
    try:
        auth_data = server.register_complete(state["fido"], body.credential)
    except Exception as e:
        _log.info("passkey registration refused from %s: %s", client_address(request), e)
        raise ApiError("bad_signin", _("the passkey could not be checked; try again")) from None
    credential = auth_data.credential_data
    assert credential is not None
    key = (websafe_encode(credential.credential_id), websafe_encode(bytes(credential)),
           auth_data.counter)
    db, store = manager_of(request).db, store_of(request)
    if account is not None:
        await db(store.add_passkey, account.id, *key)
        log.info("account %s added a passkey", account.id)
        return {"account": account_answer(account)}
    account_id = secrets.token_hex(8)
    try:
        await db(store.create_account, account_id, state["name"], name_key(state["name"]),
                 state["handle"], key)
    except NameTaken:
        raise ApiError("illegal_action", _("the name {name} is taken; choose another").format(
            name=state["name"])) from None
    created = await db(store.by_id, account_id)
    assert created is not None
    log.info("account %s signed up from %s", account_id, client_address(request))
    await start_session(request, response, created)
    return {"account": account_answer(created)}


@router.post("/api/account/passkeys/signin/begin", dependencies=[Depends(rate_limited("action"))])
async def signin_begin(request: Request) -> dict[str, Any]:
    server, origin = relying_party(request)
    options, state = server.authenticate_begin(
        user_verification=UserVerificationRequirement.PREFERRED)
    challenge = await save_challenge(request, "signin", {"fido": dict(state), "origin": origin})
    return {"challenge": challenge, "publicKey": dict(options)["publicKey"]}


@router.post("/api/account/passkeys/signin/complete")
async def signin_complete(request: Request, response: Response,
                          body: Ceremony) -> dict[str, Any]:
    """An unknown passkey and a bad signature get the same answer."""
    check_signin_rate(request, None)
    server, origin = relying_party(request)
    state = await take_challenge(request, body.challenge, "signin")
    account = await checked_assertion(request, server, state, origin, body.credential)
    await start_session(request, response, account)
    return {"account": account_answer(account)}


async def checked_assertion(request: Request, server: Fido2Server, state: dict[str, Any],
                            origin: str, credential: dict[str, Any]) -> Account:
    # The credential is the browser's (any JSON): whatever the library cannot parse or verify
    # is a refusal, never a server error.
    refusal = ApiError("bad_signin", _("this passkey does not open an account here"))
    db, store = manager_of(request).db, store_of(request)
    try:
        assertion = AuthenticationResponse.from_dict(credential)
        credential_id = websafe_encode(assertion.raw_id)
    except Exception:
        raise refusal from None
    found = await db(store.passkey, credential_id) if state["origin"] == origin else None
    if found is None:
        _log.info("passkey sign-in failed (unknown passkey) from %s", client_address(request))
        raise refusal
    account_id, stored, sign_count = found
    try:
        server.authenticate_complete(state["fido"], [AttestedCredentialData(
            websafe_decode(stored))], credential)
    except Exception:
        _log.info("passkey sign-in failed (bad assertion) from %s", client_address(request))
        raise refusal from None
    counter = assertion.response.authenticator_data.counter
    if sign_count and counter <= sign_count:  # a cloned authenticator replays old counts
        _log.warning("passkey of account %s: signature counter went back", account_id)
        raise refusal
    await db(store.used_passkey, credential_id, counter)
    account = await db(store.by_id, account_id)
    if account is None:
        raise refusal
    return account

"""What the account tests share: signing up and in with a software passkey, and tables."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .authenticator import SoftPasskey

ORIGIN = {"Origin": "http://testserver"}


def device(main: TestClient, **options: Any) -> TestClient:
    """Another browser (its own cookies) on `main`'s running app and event loop: the tasks a
    request starts (timers, bots) live on as they would in the server."""
    other = TestClient(main.app, **options)
    other.portal = main.portal
    return other


def sign_up(client: TestClient, name: str) -> SoftPasskey:
    """A new account called `name`, signed in on `client`; its passkey."""
    begun = client.post("/api/account/passkeys/register/begin", json={"name": name},
                        headers=ORIGIN)
    assert begun.status_code == 200, begun.text
    passkey = SoftPasskey()
    done = client.post("/api/account/passkeys/register/complete", headers=ORIGIN, json={
        "challenge": begun.json()["challenge"],
        "credential": passkey.register(begun.json()["publicKey"])})
    assert done.status_code == 200, done.text
    return passkey


def sign_in(client: TestClient, passkey: SoftPasskey, **answer: Any) -> Any:
    """Sign in with `passkey`; the answer to the second request."""
    begun = client.post("/api/account/passkeys/signin/begin", headers=ORIGIN)
    assert begun.status_code == 200, begun.text
    return client.post("/api/account/passkeys/signin/complete", headers=ORIGIN, json={
        "challenge": begun.json()["challenge"],
        "credential": passkey.sign_in(begun.json()["publicKey"], **answer)})


def me(client: TestClient) -> Any:
    return client.get("/api/account").json()["account"]


def open_table(client: TestClient, game: str = "grid_squid", **rules: Any) -> dict[str, Any]:
    """A two-person table: seat 0 the creator's, seat 1 open."""
    created = client.post("/api/tables", headers=ORIGIN, json={
        "game": game, "players": 2, "open_seats": [1], **rules})
    assert created.status_code == 201, created.text
    return dict(created.json())


def take_seat(client: TestClient, table: str, name: str = "Guest") -> Any:
    return client.post(f"/api/tables/{table}/seats", json={"name": name}, headers=ORIGIN)


def play_to_the_end(client: TestClient, table: str, tokens: dict[int, str]) -> None:
    """Each seat to move plays its first legal action until the game is over."""
    for _move in range(2000):
        state = client.get(f"/api/tables/{table}/state",
                           params={"token": tokens[0]}).json()
        if state["table"]["status"] != "playing":
            return
        seat = state["view"]["to_move"][0]
        view = client.get(f"/api/tables/{table}/state", params={"token": tokens[seat]}).json()
        played = client.post(f"/api/tables/{table}/actions", json={
            "token": tokens[seat], "action": view["view"]["legal_actions"][0],
            "version": view["version"]})
        assert played.status_code == 200, played.text
    raise AssertionError("the game did not end")

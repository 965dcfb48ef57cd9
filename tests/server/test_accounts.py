"""Accounts: passkeys, sessions, the password fallback, sign-out, deletion and export, and the
security points (fixation, CSRF, enumeration, brute force, deleted accounts), each on SQLite and
on a real PostgreSQL (`database_url`)."""

from __future__ import annotations

import logging
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from squidbox.server import create_app
from squidbox.server.limits import Limits, Rate

from .accounts_helpers import ORIGIN, device, me, open_table, sign_in, sign_up

FOREIGN = {"Origin": "http://evil.example"}
GOOD_PASSWORD = "violet harbour 47 lanterns"


@contextmanager
def server(database_url: str, limits: Limits | None = None) -> Iterator[TestClient]:
    with TestClient(create_app(database_url, web_client=False, limits=limits)) as main:
        yield main


def plant(client: TestClient, session: str) -> None:
    """Put a session cookie in a browser as the server's own would be."""
    client.cookies.set("squidbox_session", session, domain="testserver.local")


def test_passkey_sign_up_sign_in_on_another_device_and_a_second_passkey(
        database_url: str) -> None:
    with server(database_url) as main:
        phone, laptop = device(main), device(main)
        passkey = sign_up(phone, "Ana Lima")
        assert me(phone)["name"] == "Ana Lima"
        assert me(laptop) is None
        assert sign_in(laptop, passkey).json()["account"]["name"] == "Ana Lima"
        # a second passkey, added while signed in, opens the same account
        begun = laptop.post("/api/account/passkeys/register/begin", json={}, headers=ORIGIN)
        second = type(passkey)()
        assert laptop.post("/api/account/passkeys/register/complete", headers=ORIGIN, json={
            "challenge": begun.json()["challenge"],
            "credential": second.register(begun.json()["publicKey"])}).status_code == 200
        tablet = device(main)
        assert sign_in(tablet, second).json()["account"]["name"] == "Ana Lima"
        assert len(me(tablet)["passkeys"]) == 2
        # the name is one name whatever its case
        assert device(main).post("/api/account/passkeys/register/begin", json={"name": "ana lima"},
                          headers=ORIGIN).status_code == 409


def test_a_forged_or_replayed_passkey_answer_signs_nobody_in(database_url: str) -> None:
    with server(database_url) as main:
        passkey = sign_up(device(main), "Bea")
        intruder = device(main)
        stranger = type(passkey)()
        stranger.credential_id = passkey.credential_id  # the right id, another key
        refused = sign_in(intruder, stranger)
        unknown = sign_in(intruder, type(passkey)())
        assert refused.status_code == unknown.status_code == 401
        assert refused.json() == unknown.json()  # the same answer: nothing to learn
        assert sign_in(intruder, passkey, counter=1).status_code == 401  # counter went back
        begun = intruder.post("/api/account/passkeys/signin/begin", headers=ORIGIN).json()
        answer = passkey.sign_in(begun["publicKey"])
        body = {"challenge": begun["challenge"], "credential": answer}
        assert intruder.post("/api/account/passkeys/signin/complete", json=body,
                             headers=ORIGIN).status_code == 200
        replay = device(main).post("/api/account/passkeys/signin/complete", json=body,
                                  headers=ORIGIN)
        assert replay.status_code == 401
        other_origin = passkey.sign_in(begun["publicKey"], origin="http://evil.example")
        begun = intruder.post("/api/account/passkeys/signin/begin", headers=ORIGIN).json()
        assert intruder.post("/api/account/passkeys/signin/complete", headers=ORIGIN, json={
            "challenge": begun["challenge"], "credential": other_origin}).status_code == 401


def test_session_cookie_is_rotated_at_sign_in_and_flagged(database_url: str) -> None:
    with server(database_url) as main:
        passkey = sign_up(device(main), "Caro")
        victim = device(main)
        plant(victim, "planted-by-an-attacker")
        answer = sign_in(victim, passkey)
        cookie = answer.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
        fresh = answer.cookies.get("squidbox_session")
        assert fresh and fresh != "planted-by-an-attacker"
        attacker = device(main)
        plant(attacker, "planted-by-an-attacker")
        assert me(attacker) is None
        # signing in again replaces the earlier session: the old cookie opens nothing
        sign_in(victim, passkey)
        old = device(main)
        plant(old, fresh)
        assert me(old) is None and me(victim)["name"] == "Caro"
        over_tls = device(main, base_url="https://testserver")
        begun = over_tls.post("/api/account/passkeys/signin/begin",
                              headers={"Origin": "https://testserver"}).json()
        tls = over_tls.post("/api/account/passkeys/signin/complete",
                            headers={"Origin": "https://testserver"}, json={
                                "challenge": begun["challenge"],
                                "credential": passkey.sign_in(begun["publicKey"],
                                                              origin="https://testserver")})
        assert tls.status_code == 200 and "Secure" in tls.headers["set-cookie"]


CHANGING_ROUTES = [
    ("/api/account/signout", {}), ("/api/account/signout-everywhere", {}),
    ("/api/account/delete", {}), ("/api/account/password", {"password": GOOD_PASSWORD}),
    ("/api/account/seats", {"table": "x", "token": "y"}),
    ("/api/account/passkeys/register/begin", {}),
]


def test_no_signed_in_change_without_the_pages_own_origin(database_url: str) -> None:
    """CSRF: another site's page (foreign Origin) or a request that hides its origin cannot
    use the session cookie to change anything."""
    with server(database_url) as main:
        browser = device(main)
        sign_up(browser, "Dora")
        for path, body in CHANGING_ROUTES:
            assert browser.post(path, json=body, headers=FOREIGN).status_code == 403, path
            if path != "/api/account/passkeys/register/begin":
                hidden = browser.post(path, json=body)
                assert hidden.status_code == 403, path
                assert hidden.json()["code"] == "bad_origin"
        assert me(browser)["name"] == "Dora"  # still signed in: nothing happened
        assert browser.post("/api/tables", headers=FOREIGN, json={
            "game": "grid_squid", "players": 2, "open_seats": [1]}).status_code == 403
        # without an Origin the table is made (link play), but the account holds no seat
        made = browser.post("/api/tables", json={"game": "grid_squid", "players": 2,
                                                 "open_seats": [1]})
        assert made.status_code == 201
        assert browser.get("/api/account/seats").json()["seats"] == []


def test_unknown_name_and_wrong_password_answer_alike(database_url: str,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="squidbox.accounts")
    with server(database_url) as main:
        browser = device(main)
        sign_up(browser, "Eva")
        assert browser.post("/api/account/password", json={"password": GOOD_PASSWORD},
                            headers=ORIGIN).status_code == 200
        stranger = device(main)
        timings: dict[str, list[float]] = {"known": [], "unknown": []}
        answers = {}
        for _round in range(3):
            for kind, name in (("known", "Eva"), ("unknown", "Nobody Here")):
                started = time.perf_counter()
                answer = stranger.post("/api/account/signin", headers=ORIGIN,
                                       json={"name": name, "password": "wrong " * 3})
                timings[kind].append(time.perf_counter() - started)
                answers[kind] = (answer.status_code, answer.json())
        assert answers["known"] == answers["unknown"] == (401, answers["known"][1])
        ratio = statistics.median(timings["known"]) / statistics.median(timings["unknown"])
        assert 0.25 < ratio < 4, timings  # both verify one argon2 hash (none: ~100 times apart)
        right = stranger.post("/api/account/signin", headers=ORIGIN,
                              json={"name": "eva", "password": GOOD_PASSWORD})
        assert right.status_code == 200 and me(stranger)["name"] == "Eva"
        logged = caplog.text
        assert "sign-in failed" in logged and "signed in" in logged
        assert "wrong" not in logged and GOOD_PASSWORD not in logged and "Nobody" not in logged
        assert right.cookies["squidbox_session"] not in logged
        assert browser.post("/api/account/password", json={"password": None},
                            headers=ORIGIN).json()["has_password"] is False
        assert stranger.post("/api/account/signin", headers=ORIGIN, json={
            "name": "Eva", "password": GOOD_PASSWORD}).status_code == 401


def test_sign_in_attempts_are_limited_per_name_and_per_address(database_url: str) -> None:
    limits = Limits(signin_rate=Rate(8, 0.001), signin_name_rate=Rate(3, 0.001))
    with server(database_url, limits) as main:
        browser = device(main)
        passkey = sign_up(browser, "Fay")
        browser.post("/api/account/password", json={"password": GOOD_PASSWORD}, headers=ORIGIN)
        guesser = device(main)
        codes = [guesser.post("/api/account/signin", headers=ORIGIN, json={
            "name": "Fay", "password": f"guess number {n}"}).status_code for n in range(3)]
        assert codes == [401, 401, 401]
        limited = guesser.post("/api/account/signin", headers=ORIGIN,
                               json={"name": "FAY", "password": GOOD_PASSWORD})
        assert limited.status_code == 429 and "Retry-After" in limited.headers
        # another name still has its own attempts, until the address runs out
        codes = [guesser.post("/api/account/signin", headers=ORIGIN, json={
            "name": f"Other {n}", "password": "x"}).status_code for n in range(5)]
        assert codes == [401, 401, 401, 401, 429]
        assert sign_in(guesser, type(passkey)()).status_code == 429


def test_password_policy() -> None:
    from squidbox.server.accounts import password_problem

    assert password_problem("short1!", "Gil") is not None
    assert password_problem("Password123!!", "Gil") is not None  # breached stem
    assert password_problem("qwertyuiop2024", "Gil") is not None
    assert password_problem("gilgilgil-rocks", "Gil") is not None  # the name
    assert password_problem("abababababab", "Gil") is not None  # too few characters
    assert password_problem(GOOD_PASSWORD, "Gil") is None


def test_sign_out_everywhere_and_a_deleted_account(database_url: str) -> None:
    with server(database_url) as main:
        phone, laptop = device(main), device(main)
        passkey = sign_up(phone, "Hana")
        sign_in(laptop, passkey)
        assert me(laptop)["sessions"] == 2
        phone.post("/api/account/signout", headers=ORIGIN)
        assert me(phone) is None and me(laptop) is not None
        sign_in(phone, passkey)
        ended = laptop.post("/api/account/signout-everywhere", headers=ORIGIN).json()
        assert ended["sessions_ended"] == 2 and me(phone) is None and me(laptop) is None
        sign_in(phone, passkey)
        keep = sign_in(phone, passkey).cookies["squidbox_session"]
        table = open_table(phone)
        exported = phone.get("/api/account/export")
        assert exported.status_code == 200
        data = exported.json()
        assert data["account"]["name"] == "Hana"
        assert [seat["table"] for seat in data["seats"]] == [table["table"]]
        assert "token" not in exported.text and keep not in exported.text
        assert phone.post("/api/account/delete", headers=ORIGIN).json() == {"ok": True}
        ghost = device(main)
        plant(ghost, keep)
        assert me(ghost) is None  # its sessions are gone
        assert sign_in(ghost, passkey).status_code == 401  # and its passkeys
        info = ghost.get(f"/api/tables/{table['table']}").json()
        assert info["status"] in ("open", "playing")  # the game stays
        assert info["seats"][0]["player"] == "a deleted player"
        assert ghost.get("/api/profiles/Hana").status_code == 404
        sign_up(ghost, "Hana")  # the name is free again


def test_every_process_of_a_cluster_reads_the_same_sessions(postgres: Any) -> None:
    database = postgres.new_database()
    first, second = (create_app(database, web_client=False, node=name) for name in ("a", "b"))
    with TestClient(first) as one, TestClient(second) as other:
        passkey = sign_up(one, "Ivo")
        table = open_table(one)
        session = sign_in(one, passkey).cookies["squidbox_session"]
        plant(other, session)
        assert me(other)["name"] == "Ivo"
        assert [s["table"] for s in other.get("/api/account/seats").json()["seats"]] == \
            [table["table"]]
        other.post("/api/account/signout-everywhere", headers=ORIGIN)
        assert me(one) is None

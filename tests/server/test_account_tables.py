"""Seats held by account, invitations by name, tables for signed-in people, rated games and
profiles (the security points on SQLite and PostgreSQL: `database_url`)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from squidbox.server import create_app
from squidbox.server.accountdb import Rating
from squidbox.server.ratings import NEW, new_ratings, places_of

from .accounts_helpers import (
    ORIGIN,
    device,
    open_table,
    play_to_the_end,
    sign_in,
    sign_up,
    take_seat,
)


def seats(client: TestClient) -> list[dict[str, Any]]:
    answer = client.get("/api/account/seats")
    assert answer.status_code == 200, answer.text
    return list(answer.json()["seats"])


def test_my_tables_follow_the_account_and_the_link_stays_the_key(database_url: str) -> None:
    app = create_app(database_url, web_client=False)
    with TestClient(app) as anonymous:
        ana_phone, ana_laptop, bo = device(anonymous), device(anonymous), device(anonymous)
        passkey = sign_up(ana_phone, "Ana")
        sign_up(bo, "Bo")
        table = open_table(ana_phone)
        sign_in(ana_laptop, passkey)
        held = seats(ana_laptop)
        assert [(s["table"], s["seat"]) for s in held] == [(table["table"], 0)]
        state = anonymous.get(f"/api/tables/{table['table']}/state",
                              params={"token": held[0]["token"]})
        assert state.status_code == 200 and state.json()["view"]["seat"] == 0
        # Bo takes the open seat signed in: under his account's name, held by his account
        taken = take_seat(bo, table["table"], name="Someone Else")
        assert taken.json()["name"] == "Bo" and seats(bo)[0]["seat"] == 1
        # a seat link and an account disagreeing: Bo has Ana's link, the seat stays Ana's
        claim = bo.post("/api/account/seats", headers=ORIGIN,
                        json={"table": table["table"], "token": held[0]["token"]})
        assert claim.status_code == 409 and [s["seat"] for s in seats(bo)] == [1]
        assert anonymous.get("/api/account/seats").status_code == 401
        # the host gives seat 0 a new link: the old one, and so Ana's account, lose the seat
        host = table["host_token"]
        assert anonymous.post(f"/api/tables/{table['table']}/host/links",
                              json={"token": host, "seat": 0}).status_code == 200
        assert seats(ana_phone) == []
        # link play is as it was: a table made without an account holds nothing
        plain = open_table(anonymous)
        assert take_seat(anonymous, plain["table"]).json()["name"] == "Guest"


def test_invitations_by_name_and_tables_for_signed_in_people(database_url: str) -> None:
    app = create_app(database_url, web_client=False)
    with TestClient(app) as anonymous:
        host, friend = device(anonymous), device(anonymous)
        sign_up(host, "Cleo")
        sign_up(friend, "Dan")
        table = open_table(host, signed_in_only=True)
        url = f"/api/tables/{table['table']}/invites"
        assert anonymous.post(url, json={"token": "wrong", "name": "Dan"}).status_code == 403
        assert anonymous.post(url, json={"token": table["host_token"],
                                         "name": "Nobody"}).status_code == 404
        assert anonymous.post(url, json={"token": table["host_token"],
                                         "name": "dan"}).json()["invited"] == "Dan"
        invites = friend.get("/api/account/seats").json()["invites"]
        assert [i["table"] for i in invites] == [table["table"]]
        assert take_seat(anonymous, table["table"]).status_code == 401
        assert take_seat(friend, table["table"]).status_code == 201
        assert friend.get("/api/account/seats").json()["invites"] == []
        lobby = {e["table"]: e for e in anonymous.get("/api/tables").json()}
        assert lobby[table["table"]]["signed_in_only"] is True


def test_rated_tables_take_people_only() -> None:
    import tempfile

    folder = tempfile.mkdtemp()
    app = create_app(f"sqlite:///{folder}/t.db", web_client=False)
    with TestClient(app) as anonymous:
        signed = device(anonymous)
        sign_up(signed, "Eli")
        body = {"game": "grid_squid", "players": 2, "open_seats": [1], "rated": True}
        assert anonymous.post("/api/tables", json=body).status_code == 401
        for bad in ({"bots": {"1": "random"}, "open_seats": []}, {"seed": 3},
                    {"open_seats": []}):
            assert signed.post("/api/tables", json={**body, **bad},
                               headers=ORIGIN).status_code == 400, bad
        assert signed.post("/api/tables", json=body, headers=ORIGIN).status_code == 201


def fay_and_gus(anonymous: TestClient) -> tuple[TestClient, TestClient]:
    """Two devices, each signed up to its own account: Fay and Gus."""
    fay, gus = device(anonymous), device(anonymous)
    sign_up(fay, "Fay")
    sign_up(gus, "Gus")
    return fay, gus


def test_a_rated_game_changes_both_ratings_and_fills_the_profiles() -> None:
    import tempfile

    folder = tempfile.mkdtemp()
    app = create_app(f"sqlite:///{folder}/t.db", web_client=False)
    with TestClient(app) as anonymous:
        fay, gus = fay_and_gus(anonymous)
        table = open_table(fay, rated=True)
        lobby = {e["table"]: e for e in anonymous.get("/api/tables").json()}
        assert lobby[table["table"]]["rated"] is True
        assert lobby[table["table"]]["ratings"][0]["name"] == "Fay"
        assert take_seat(fay, table["table"]).status_code == 409  # one seat each
        assert take_seat(gus, table["table"]).status_code == 201
        tokens = {0: seats(fay)[0]["token"], 1: seats(gus)[0]["token"]}
        play_to_the_end(anonymous, table["table"], tokens)
        assert seats(fay) == []  # a finished game leaves My tables for the profile
        at_table = anonymous.get(f"/api/tables/{table['table']}/accounts").json()
        assert at_table["rated"] is True and at_table["signed_in_only"] is True
        assert [(s["seat"], s["name"], s["profile_url"]) for s in at_table["seats"]] == \
            [(0, "Fay", "/u/Fay"), (1, "Gus", "/u/Gus")]
        results = anonymous.get(f"/api/tables/{table['table']}/results").json()
        assert results["rated"] is True
        changes = {c["seat"]: c for c in results["rating_changes"]}
        assert set(changes) == {0, 1} and changes[0]["before"] == 1000
        assert all(c["change"] == c["after"] - c["before"] for c in changes.values())
        assert changes[0]["change"] != 0 and changes[0]["provisional"] is True
        fay_profile = anonymous.get("/api/profiles/fay").json()
        assert fay_profile["games"]["grid_squid"]["played"] == 1
        assert fay_profile["games"]["grid_squid"]["rating"] == changes[0]["after"]
        assert len(fay_profile["rating_history"]["grid_squid"]) == 1
        assert fay_profile["recent"][0]["replay_url"] == f"/replay/{table['table']}"
        won = {seat: profile["recent"][0]["won"] for seat, profile in
               ((0, fay_profile), (1, anonymous.get("/api/profiles/Gus").json()))}
        assert (changes[0]["change"] > 0) == won[0] and (changes[1]["change"] > 0) == won[1]


def test_a_profile_shows_nothing_private_nor_a_game_being_played(database_url: str) -> None:
    app = create_app(database_url, web_client=False)
    with TestClient(app) as anonymous:
        hal = device(anonymous)
        sign_up(hal, "Hal")
        table = open_table(hal)
        take_seat(anonymous, table["table"])
        profile = anonymous.get("/api/profiles/Hal")
        assert profile.status_code == 200
        text = profile.text
        assert table["table"] not in text and "token" not in text
        assert profile.json()["recent"] == [] and profile.json()["games"] == {}
        assert set(profile.json()) == {"name", "joined", "games", "rating_history", "recent"}


def test_abandoning_counts_as_a_loss() -> None:
    places = places_of([1.0, 0.0, 0.0], abandoned={0})
    assert places[0] > places[1] == places[2]
    after = new_ratings({0: NEW, 1: NEW}, places_of([1.0, 0.0], abandoned={0}))
    assert after[0].mu < NEW.mu < after[1].mu and after[0].games == 1
    strong = Rating(30.0, 2.0, 40)
    assert new_ratings({0: strong, 1: NEW}, {0: 0, 1: 1})[0].sigma < NEW.sigma


def test_leaving_a_rated_game_for_good_counts_as_a_loss() -> None:
    """Fay never connects: the leave policy's bot plays her seat to the end. Whatever the bot
    scores for her, she comes last; Gus, who played to the end, comes first."""
    import tempfile
    import time

    folder = tempfile.mkdtemp()
    app = create_app(f"sqlite:///{folder}/t.db", web_client=False)
    with TestClient(app) as anonymous:
        fay, gus = fay_and_gus(anonymous)
        table = open_table(fay, rated=True, leave_seconds=0.2)["table"]
        take_seat(gus, table)
        token = seats(gus)[0]["token"]
        with anonymous.websocket_connect(f"/ws/tables/{table}?token={token}"):
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                state = anonymous.get(f"/api/tables/{table}/state",
                                      params={"token": token}).json()
                if state["table"]["status"] != "playing":
                    break
                if 1 in state["view"]["to_move"]:
                    anonymous.post(f"/api/tables/{table}/actions", json={
                        "token": token, "action": state["view"]["legal_actions"][0],
                        "version": state["version"]})
                else:
                    time.sleep(0.05)
        changes = {c["seat"]: c for c in anonymous.get(
            f"/api/tables/{table}/results").json()["rating_changes"]}
        assert changes[0]["abandoned"] is True and changes[1]["abandoned"] is False
        assert changes[0]["change"] < 0 < changes[1]["change"]

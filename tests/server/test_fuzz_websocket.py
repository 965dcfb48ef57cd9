"""The fuzz campaign, part 2: a WebSocket fuzzer against live tables of every game (real
sockets). Seated clients and spectators send a seeded mix of legal moves, out-of-turn and stale
actions, malformed, oversized, deeply nested and binary messages, unknown fields, while
spectators come and go. Afterwards every stored game replays exactly to the server's state, every
state message a client received is exactly what its seat may see at that version (no seat saw
another's secrets), and the server logged no failure."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

import squidbox
from squidbox.server.limits import Limits, Rate
from tests.server.helpers import as_json, player_count, replayed, wait_for
from tests.server.live import LiveServer, live_server

GENEROUS = Limits(create_rate=Rate(1000, 100.0), action_rate=Rate(10_000, 1000.0),
                  connect_rate=Rate(1000, 100.0))
STEPS = 80


class Seat:
    """One socket: its seat (None: spectator), and every state message it received."""

    def __init__(self, url: str, table: str, seat: int | None, token: str | None) -> None:
        query = f"?token={token}" if token else ""
        self.stack = ExitStack()
        self.ws: ClientConnection = self.stack.enter_context(connect(
            f"{url.replace('http', 'ws')}/ws/tables/{table}{query}", max_size=None,
            open_timeout=10))
        self.seat = seat
        self.states: list[dict[str, Any]] = []
        self.errors: list[str] = []

    def read(self) -> None:
        """Everything sent so far: ping, read up to the pong."""
        self.ws.send(json.dumps({"type": "ping"}))
        while True:
            message = json.loads(self.ws.recv(timeout=10))
            if message["type"] == "pong":
                return
            if message["type"] == "state":
                self.states.append(message)
            elif message["type"] == "error":
                self.errors.append(message["code"])

    def close(self) -> None:
        self.stack.close()

    def last(self) -> dict[str, Any]:
        return self.states[-1]


def hostile_messages(rng: random.Random, legal: list[str], version: int) -> list[str | bytes]:
    nested = rng.choice([40, 1000, 30000])
    return [
        "{not json",
        json.dumps({"type": "action", "action": rng.choice(legal or ["x"]),
                    "version": version + 5}),
        json.dumps({"type": "action", "action": "no such action"}),
        json.dumps({"type": "action", "action": legal[0] if legal else "x", "extra": 1}),
        json.dumps({"type": "action", "action": 7}),
        json.dumps({"type": "action", "action": "x", "version": -1}),
        json.dumps({"type": "action", "action": "x", "version": 10**30}),
        json.dumps({"type": "dance"}),
        json.dumps([1, 2, 3]),
        "[" * nested + "]" * nested,
        json.dumps({"type": "action", "action": "x" * 70_000}),
        bytes(rng.randrange(256) for _ in range(64)),
        "null",
        json.dumps({"type": "ping", "pad": {"a": {"b": {"c": [1]}}}}),
    ]


def create(client: httpx.Client, game_id: str) -> tuple[str, dict[int, str]]:
    game = squidbox.get_game(game_id)
    players = player_count(game, 3)
    bots = {str(players - 1): "random"} if players > 2 else {}
    answer = client.post("/api/tables", json={"game": game_id, "players": players,
                                              "bots": bots})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return created["table"], {s["seat"]: s["token"] for s in created["seats"] if "token" in s}


def fuzz_table(server: LiveServer, client: httpx.Client, game_id: str, rng: random.Random
               ) -> tuple[str, list[Seat]]:
    table, tokens = create(client, game_id)
    seats = [Seat(server.url, table, seat, token) for seat, token in tokens.items()]
    seen = list(seats)
    watchers = [Seat(server.url, table, None, None)]
    seen += watchers
    for _ in range(STEPS):
        actor = rng.choice(seats)
        actor.read()
        message = actor.last()
        legal = message["view"]["legal_actions"]
        if message["view"]["is_terminal"]:
            break
        roll = rng.random()
        if roll < 0.55 and actor.seat in message["view"]["to_move"] and legal:
            actor.ws.send(json.dumps({"type": "action", "action": rng.choice(legal),
                                      "version": message["version"]}))
        elif roll < 0.65:  # out of turn, or an action of another seat's list
            other = rng.choice(seats)
            if other.states:
                other_legal = other.last()["view"]["legal_actions"]
                if other_legal and other is not actor:
                    actor.ws.send(json.dumps({"type": "action", "action": other_legal[0]}))
        elif roll < 0.8:
            actor.ws.send(rng.choice(hostile_messages(rng, legal, message["version"])))
        elif roll < 0.9:  # spectator churn
            if len(watchers) > 1 and rng.random() < 0.5:
                watchers.pop(rng.randrange(len(watchers))).close()
            else:
                watchers.append(Seat(server.url, table, None, None))
                seen.append(watchers[-1])
        else:  # a seat reconnects
            index = seats.index(actor)
            actor.read()
            actor.close()
            seats[index] = Seat(server.url, table, actor.seat, tokens[actor.seat])
            seen.append(seats[index])
    for seat in seats + watchers:
        seat.read()
    return table, seen


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    database = Path(tmp_path_factory.mktemp("wsfuzz")) / "fuzz.db"
    with live_server(f"sqlite:///{database}", GENEROUS) as live:
        yield live
    assert live.problems() == []


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_hostile_websocket_clients_change_nothing_they_may_not(server: LiveServer,
                                                               game_id: str):
    rng = random.Random(f"ws-fuzz-{game_id}")
    with httpx.Client(base_url=server.url, timeout=10) as client:
        table, seen = fuzz_table(server, client, game_id, rng)
        final = wait_for(lambda: settled(client, table), timeout=30, what="bots to settle")
    state = replayed(server.database_url, table)
    assert len(state.history) == final["version"]
    assert final["view"] == as_json(state.view(None))
    expected = seat_views(state)
    for client_seat in seen:
        for message in client_seat.states:
            view, log = expected[message["version"], client_seat.seat]
            assert message["view"] == view, (
                f"seat {client_seat.seat} saw something else at version {message['version']}")
            assert message["log"] == log
        client_seat.close()
    assert sum(len(s.errors) for s in seen) > 0  # the hostile messages were refused
    assert server.problems() == []


def seat_views(state: Any) -> dict[tuple[int, int | None], tuple[Any, Any]]:
    """What each seat (and a spectator) may see after each version, from an independent replay
    of the stored game."""
    game = state.game
    at = game.new_game(state.num_players, state.seed, state.options)
    views = {}
    for version in range(len(state.history) + 1):
        for seat in [None, *range(state.num_players)]:
            views[version, seat] = (as_json(at.view(seat)), as_json(at.log(seat)))
        if version < len(state.history):
            at.apply(*state.history[version])
    return views


def settled(client: httpx.Client, table: str) -> dict[str, Any] | None:
    message = client.get(f"/api/tables/{table}/state").json()
    bots = {s["seat"] for s in message["table"]["seats"] if s["bot"] or s["replaced_by"]}
    return None if bots & set(message["view"]["to_move"]) else message

"""Issue 14 items 7 and 8 on the server: POST /api/tables/{id}/preferences (automatic pass),
its timing, and actions sent in ASCII spelling over REST and WebSocket."""

from __future__ import annotations

import random
import statistics
import time

import pytest
from fastapi.testclient import TestClient

import squidbox
from squidbox.autopass import HumanDelay
from squidbox.server import create_app
from squidbox.server.limits import UNLIMITED_RATES
from squidbox.server.storage import Storage
from tests.server.helpers import create_table, state_of, tokens_of, wait_for

SQUID = squidbox.get_game("squid_circle")
OPTIONS = {"guard_start": 0, "layout": "even"}


class RecordingDelay(HumanDelay):
    """The real distribution, scaled down for tests, remembering every delay it drew."""

    def __init__(self) -> None:
        super().__init__(median=0.02, spread=0.5, shortest=0.005, longest=0.08)
        object.__setattr__(self, "drawn", [])

    def draw(self, rng: random.Random | None = None) -> float:
        value = super().draw(rng)
        self.drawn.append(value)  # type: ignore[attr-defined]
        return value


@pytest.fixture
def fast(sqlite_url: str):
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        autopass = client.app.state.manager.autopass
        autopass.delay, autopass.rng = RecordingDelay(), random.Random(5)
        yield client, autopass


def preferences(client: TestClient, table: str, body: object):
    return client.post(f"/api/tables/{table}/preferences", json=body)


# ---- the route ------------------------------------------------------------------------------
def test_the_route_sets_a_seat_preference_and_refuses_bad_requests(fast):
    client, autopass = fast
    created = create_table(client, "squid_circle", 3, seed=3, options=OPTIONS)
    table, tokens = created["table"], tokens_of(created)
    answer = preferences(client, table, {"token": tokens[1], "auto_pass": True})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"ok": True, "seat": 1, "auto_pass": True}
    assert autopass.enabled(table, 1) and not autopass.enabled(table, 0)

    refused = [
        ({"token": "not-a-seat-token", "auto_pass": False}, 403, "bad_token"),
        ({"token": tokens[1]}, 400, "bad_request"),  # auto_pass missing
        ({"token": tokens[1], "auto_pass": "no"}, 400, "bad_request"),  # not a boolean
        ({"token": tokens[1], "auto_pass": 0}, 400, "bad_request"),
        ({"token": tokens[1], "auto_pass": False, "seat": 2}, 400, "bad_request"),  # extra
        ({"token": "", "auto_pass": False}, 403, "bad_token"),  # as for actions
        ({"token": 5, "auto_pass": False}, 400, "bad_request"),
        (["token", "auto_pass"], 400, "bad_request"),
    ]
    for body, status, code in refused:
        answer = preferences(client, table, body)
        assert (answer.status_code, answer.json()["code"]) == (status, code), body
        assert "error" in answer.json()
    not_json = client.post(f"/api/tables/{table}/preferences", content=b"{auto_pass")
    assert not_json.status_code == 400 and not_json.json()["code"] == "bad_request"
    unknown = preferences(client, "no-such-table", {"token": tokens[1], "auto_pass": False})
    assert unknown.status_code == 404
    assert autopass.enabled(table, 1)  # nothing refused changed anything
    assert [autopass.enabled(table, s) for s in (0, 2)] == [False, False]

    assert preferences(client, table, {"token": tokens[1], "auto_pass": False}).status_code == 200
    assert not autopass.enabled(table, 1)


# ---- the behaviour and its timing ------------------------------------------------------------
def test_passes_only_when_pass_is_all_a_seat_can_do_and_timing_reveals_nothing(fast):
    client, autopass = fast
    created = create_table(client, "squid_circle", 3, seed=3, options=OPTIONS)
    table, tokens = created["table"], tokens_of(created)
    for seat in range(3):
        answer = preferences(client, table, {"token": tokens[seat], "auto_pass": True})
        assert answer.status_code == 200
    held_back = False
    for _ in range(400):
        message = state_of(client, table)
        if message["view"]["is_terminal"]:
            break
        for seat in message["view"]["to_move"]:
            mine = state_of(client, table, tokens[seat])
            legal, version = mine["view"]["legal_actions"], mine["version"]
            if not legal or legal == ["pass"]:
                continue  # moved on meanwhile, or the server answers for this seat
            if "pass" in legal and not held_back:
                # A seat holding a fitting trick (asked alone) is never passed for: wait well
                # past the longest delay, and the table has not moved.
                time.sleep(4 * autopass.delay.longest)
                assert state_of(client, table)["version"] == version
                held_back = True
            client.post(f"/api/tables/{table}/actions",
                        json={"token": tokens[seat], "action": legal[0], "version": version})
            break
        else:
            wait_for(lambda v=message["version"]: state_of(client, table)["version"] != v,
                     what="an automatic pass")
    assert state_of(client, table)["view"]["is_terminal"]
    assert held_back

    # Replay the game: every pass (none was sent by the test) was made when pass was all the
    # seat could do; every question to a seat, fitting or not, drew one delay.
    served = client.app.state.manager.tables[table]
    stored = SQUID.new_game(3, served.record.seed, OPTIONS)  # the server mixed its secret in
    questions = {"pass only": 0, "fitting": 0, "other": 0}
    history = list(served.state.history)
    for seat, action in history:
        for asked in stored.to_move():
            questions[kind_of(stored.legal_actions(asked))] += 1
        if action == "pass":
            assert stored.legal_actions(seat) == ["pass"]
        stored.apply(seat, action)
    assert questions["pass only"] > 10 and questions["fitting"] > 0
    drawn = autopass.delay.drawn
    assert len(drawn) == sum(questions.values())
    # The delays are the plain stream of the random source, in order: what a seat holds
    # never changes a value, skips one or adds one.
    expected_rng = random.Random(5)
    assert drawn == [HumanDelay.draw(autopass.delay, expected_rng) for _ in drawn]


def kind_of(legal: list[str]) -> str:
    if legal == ["pass"]:
        return "pass only"
    return "fitting" if "pass" in legal else "other"


def test_the_delay_looks_like_a_person_deciding():
    delay, rng = HumanDelay(), random.Random(11)
    values = [delay.draw(rng) for _ in range(4000)]
    assert min(values) >= 0.8 and max(values) <= 10.0
    assert 1.8 < statistics.median(values) < 2.2
    deciles = statistics.quantiles(values, n=20)
    assert 0.8 <= deciles[0] < 1.1 and 4.0 < deciles[-1] < 5.2  # 90% within ~0.9–4.6 s


# ---- ASCII spellings over the API -----------------------------------------------------------
def zeige_table(client: TestClient) -> tuple[str, dict[int, str]]:
    """A table whose first call lets seats 0 and 1 both play Zeige −1. The server mixes its
    secret into a client's seed, so the deal cannot be chosen: create tables until one fits
    (about one in ten does)."""
    for _ in range(100):
        created = create_table(client, "squid_circle", 3, options=OPTIONS)
        table, tokens = created["table"], tokens_of(created)
        legal = [state_of(client, table, tokens[seat])["view"]["legal_actions"] for seat in (0, 1)]
        if all("play Zeige −1" in actions for actions in legal):
            return table, tokens
    raise AssertionError("no table dealt Zeige −1 to seats 0 and 1")


def test_ascii_spellings_are_accepted_over_rest_and_websocket_and_stored_as_the_name(
        sqlite_url: str):
    with TestClient(create_app(sqlite_url, web_client=False, limits=UNLIMITED_RATES)) as client:
        table, tokens = zeige_table(client)
        answer = client.post(f"/api/tables/{table}/actions",
                             json={"token": tokens[0], "action": "play Zeige -1"})
        assert answer.status_code == 200, answer.text
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as ws:
            ws.receive_json()
            ws.send_json({"type": "action", "action": "play Zeige -1"})
            message = ws.receive_json()
            assert message["type"] == "state", message
    with TestClient(create_app(sqlite_url, web_client=False)) as client:  # restarted
        state = state_of(client, table)  # loads the table from storage
        assert state["version"] == 2
        history = client.app.state.manager.tables[table].state.history
        assert history == [(0, "play Zeige −1"), (1, "play Zeige −1")]
    storage = Storage(sqlite_url)
    try:
        stored = storage.load(table)
    finally:
        storage.dispose()
    assert stored is not None and stored.actions == history  # the names, not the spellings

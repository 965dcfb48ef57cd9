"""Game records (record.py): a round trip for every game, and a record from another
squidbox version either replays or says exactly why not."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import squidbox
from squidbox.record import (
    RECORD_FORMAT,
    RecordData,
    RecordError,
    load_record,
    record_of,
    replay_record,
    rules_version,
)
from squidbox.variant import make_variant, variant_game


def played(game_id: str, seed: int = 3, steps: int | None = None,
           game: Any = None) -> squidbox.State:
    game = game or squidbox.get_game(game_id)
    state = game.new_game(game.min_players, seed)
    rng = random.Random(seed)
    while not state.is_terminal() and (steps is None or len(state.history) < steps):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def record_doc(game_id: str = "grid_squid") -> dict[str, Any]:
    return json.loads(record_of(played(game_id)).dumps())


def refusal(doc: Any) -> str:
    with pytest.raises(RecordError) as caught:
        replay_record(load_record(doc if isinstance(doc, str) else json.dumps(doc)))
    return str(caught.value)


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_a_record_round_trips_and_replays_every_step(game_id: str):
    state = played(game_id)
    record = record_of(state)
    again = load_record(record.dumps())
    assert again == record and again.rules_version == rules_version(game_id)
    replay = replay_record(again)
    assert replay.steps == len(state.history) and replay.notes == [] and replay.failure is None
    game = squidbox.get_game(game_id)
    for step in (0, 1, replay.steps // 2, replay.steps):
        expected = game.replay(state.num_players, state.seed, state.options,
                               state.history[:step])
        for seat in (None, 0):
            assert replay.state_at(step).view(seat) == expected.view(seat)
            assert replay.state_at(step).log(seat) == expected.log(seat)


def test_a_variant_record_carries_its_data_and_replays_on_it():
    variant = make_variant("grid_squid", None, ["squid.bonus=5"])
    state = played("grid_squid", game=variant_game(variant))
    data = RecordData(source="data.toml", edits=list(variant.edits), content=variant.content)
    record = load_record(record_of(state, data).dumps())
    assert record.data_version != record_of(played("grid_squid")).data_version
    assert replay_record(record).notes == []
    doc = json.loads(record.dumps())
    doc["data"]["content"]["squid"]["bonus"] = 6
    assert "does not match its data_version" in refusal(doc)


def test_refusals_say_exactly_why():
    assert "not JSON" in refusal("{nope")
    assert "not a squidbox game record" in refusal({"hello": 1})
    newer = {**record_doc(), "format": RECORD_FORMAT + 1}
    text = refusal(newer)
    assert f"format {RECORD_FORMAT + 1}" in text and "update squidbox" in text
    assert "seed: Input should be a valid integer" in refusal({**record_doc(), "seed": "x"})
    assert "surprise" in refusal({**record_doc(), "surprise": 1})
    assert "game this squidbox does not have" in refusal({**record_doc(), "game": "chess"})
    assert "cannot be dealt here" in refusal({**record_doc(), "players": 9})


def test_an_illegal_action_is_named_by_its_step():
    doc = record_doc()
    doc["actions"][6] = [doc["actions"][6][0], "place Z9"]
    text = refusal(doc)
    assert f"action 7 of {len(doc['actions'])}" in text and "'place Z9'" in text
    assert "rules version" not in text  # same versions: the record itself is wrong


def test_a_record_of_other_rules_replays_when_its_actions_still_do():
    doc = record_doc()
    doc["rules_version"] = rules_version("grid_squid") + 1
    replay = replay_record(load_record(json.dumps(doc)))
    assert replay.steps == len(doc["actions"])
    assert replay.notes == [f"recorded under rules version {doc['rules_version']} of "
                            f"grid_squid; this squidbox has rules version "
                            f"{rules_version('grid_squid')}"]


def test_a_record_of_other_rules_whose_actions_no_longer_replay_says_so():
    doc = record_doc()
    doc["rules_version"] = rules_version("grid_squid") + 1
    doc["actions"][4] = [doc["actions"][4][0], "place Z9"]
    text = refusal(doc)
    assert "action 5 of" in text and f"rules version {doc['rules_version']}" in text
    partial = replay_record(load_record(json.dumps(doc)), partial=True)
    assert partial.steps == 4 and "action 5 of" in partial.failure
    doc["data_version"] = "sha256:0000000000000000"
    assert "recorded with data version sha256:0000000000000000" in refusal(doc)


def test_a_record_whose_result_differs_says_so():
    doc = record_doc()
    doc["returns"] = list(reversed(doc["returns"])) if doc["returns"] != [0.5, 0.5] else [1, 0]
    assert "to another result" in refusal(doc)
    unfinished = json.loads(record_of(played("grid_squid", steps=6)).dumps())
    assert unfinished["returns"] is None
    assert replay_record(load_record(json.dumps(unfinished))).steps == 6
    unfinished["returns"] = [1.0, 0.0]
    assert "does not end where it ended" in refusal(unfinished)

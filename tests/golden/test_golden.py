"""Golden playthroughs replay byte for byte: same final snapshot, views and logs for every seat
and the spectator, and the same views after 1, 2, 4, 8, ... actions. A difference means the
rules, the generator or the text changed; if that is deliberate, regenerate with
`tests/golden/record.py` in a commit that says so and why."""

import pytest

import squidbox

from .record import load, outcome


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_golden_playthroughs_replay_byte_for_byte(game_id):
    game = squidbox.get_game(game_id)
    records = load(game_id)
    assert records, f"no golden playthroughs for {game_id}"
    for record in records:
        replayed = outcome(game, record)
        where = (f"{game_id} {record['num_players']}p seed {record['seed']} "
                 f"options {record['options']}")
        assert set(replayed) == set(record["expected"]), where
        for part, text in record["expected"].items():
            assert replayed[part] == text, f"{where}: {part} differs"


def test_every_game_is_recorded_at_its_smallest_and_largest_player_count():
    for game in squidbox.list_games():
        counts = {record["num_players"] for record in load(game.id)}
        assert counts == {game.min_players, game.max_players}, game.id

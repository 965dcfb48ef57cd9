"""State.play_random (a bot's rollout) is the protocol's loop of to_move, legal_actions and apply
without its checks: the same draws must reach the same state, in search states and full ones."""

import random

import pytest

import squidbox


def protocol_loop(state, rng, limit):
    played = 0
    while state.to_move() and played != limit:
        movers = state.to_move()
        mover = movers[0] if len(movers) == 1 else rng.choice(movers)
        state.apply(mover, rng.choice(state.legal_actions(mover)))
        played += 1
    return state.is_terminal()


@pytest.mark.parametrize("game_id", squidbox.game_ids())
@pytest.mark.parametrize("limit", [None, 0, 25])
def test_play_random_reaches_what_the_protocol_loop_reaches(game_id, limit):
    game = squidbox.get_game(game_id)
    players = game.max_players
    start = game.new_game(players, seed=3)
    for records in (True, False):
        state = start.clone(records=records)
        copy = start.clone(records=records)
        mine, theirs = random.Random(7), random.Random(7)
        ended = state.play_random(mine, limit)
        assert ended == protocol_loop(copy, theirs, limit) == state.is_terminal()
        assert state.to_json() == copy.to_json()
        assert mine.random() == theirs.random()
        if records:
            assert state.history == copy.history and state.undoable(0) == copy.undoable(0)
        else:
            assert state.history == []


STACK_GAMES = [game_id for game_id in squidbox.game_ids()
               if hasattr(squidbox.get_game(game_id), "flow")]


@pytest.mark.parametrize("game_id", STACK_GAMES)
def test_the_stack_loop_reaches_what_the_protocol_loop_reaches(game_id):
    """A stack game's search state plays through Flow.play_random, not the game's hooks: from
    mid-game positions of every player count (kept options, simultaneous questions)."""
    game = squidbox.get_game(game_id)
    for players in game.player_counts:
        for seed in range(4):
            start = game.new_game(players, seed=seed).clone(records=False)
            protocol_loop(start, random.Random(seed), 20 + 15 * seed)
            for limit in (None, 7):
                state, copy = start.clone(), start.clone()
                for seat in state.to_move():
                    state.legal_actions(seat)  # keeps the options, as a bot's search does
                mine, theirs = random.Random(seed), random.Random(seed)
                assert state.play_random(mine, limit) == protocol_loop(copy, theirs, limit)
                assert state.to_json() == copy.to_json()
                assert mine.random() == theirs.random()


@pytest.mark.parametrize("game_id", STACK_GAMES)
def test_the_stack_check_refuses_hooks_that_are_not_the_stacks(game_id):
    """What makes Flow.play_random sound: Flow.check (in check_invariants, run by the
    conformance suite) fails a game whose _to_move or _legal_actions differ from the stack's."""
    game = squidbox.get_game(game_id)
    state = game.new_game(game.min_players, seed=1)
    protocol_loop(state, random.Random(1), 10)
    game.flow.check(state)
    seat = state.to_move()[0]
    state._to_move = lambda: [(seat + 1) % state.num_players]
    with pytest.raises(AssertionError, match="_to_move"):
        game.flow.check(state)
    del state._to_move
    state._legal_actions = lambda player: ["something else"]
    with pytest.raises(AssertionError, match="_legal_actions"):
        game.flow.check(state)

"""The batched Grid Squid: exact against the engine on every installed backend, its interfaces,
its bad-input errors, and the policy trained on it playing through the engine."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from squidbox.bots import make_bot
from squidbox.engine import IllegalAction, InvalidOptions, Rng
from squidbox.games.grid_squid import GAME
from squidbox.games.grid_squid.batched import GridSquidBatch, deals
from squidbox.games.grid_squid.batched.rules import make_rules
from squidbox.registry import get_game

from .lockstep import play_lockstep, random_actions

# CI installs numba; JAX is checked too wherever it is installed.
BACKENDS = ["numpy"] + [b for b in ("numba", "jax") if importlib.util.find_spec(b)]
GAMES = 1000  # per player count and rule set, compared with the engine at every decision


def rule_sets() -> list[dict]:
    """Basic, and Advanced with each leftover rule the engine declares (it discards them when
    it declares none)."""
    declared = {o.name: o for o in GAME.options}
    leftovers = declared.get("advanced_leftovers")
    advanced = ([{"advanced": True}] if leftovers is None else
                [{"advanced": True, "advanced_leftovers": v} for v in leftovers.choices])
    return [{}] + advanced


@pytest.mark.parametrize("options", rule_sets(), ids=str)
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_batched_games_are_the_engines_games(num_players, options):
    """Same seeds, same random actions: the batch on every backend and the engine have the same
    board, hands, deck, discards, scores and legal actions at every decision, the same results,
    and each exported game replays through the engine to the same final state."""
    seed = 1000 * num_players + len(options) * 100_000
    decisions = play_lockstep(BACKENDS, num_players, options, GAMES, seed)
    assert decisions == GAMES * GAME.max_game_length(num_players, options)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_variants_and_observations_match_the_engine(num_players):
    """The non-rulebook options too, and every seat's observation equals the one built from its
    own engine view (so it holds nothing else)."""
    options = {"diagonals": True, "start_shift": "left", "advanced": num_players == 3}
    play_lockstep(BACKENDS, num_players, options, 60, 7 + num_players, observe_every=3)
    chosen = {"symbols": ["Drop", "Wheel", "Arrow", "Bricks", "Hammers"][:num_players + 1]}
    play_lockstep(BACKENDS, num_players, chosen, 60, 99, observe_every=0)


def test_vectorised_deal_is_the_engine_deal():
    seeds = np.concatenate([np.arange(-50, 1500),
                            np.random.default_rng(3).integers(-2**62, 2**62, 500)])
    for n, options in ((2, {}), (3, {"advanced": True}), (4, {"advanced": True})):
        rules = make_rules(n, options)
        a, b = deals.deal(rules, seeds), deals.deal_by_engine(rules, seeds)
        for name in vars(a):
            assert np.array_equal(getattr(a, name), getattr(b, name)), name


def test_keep_rule_keeps_two_cards_and_conserves_cards():
    """advanced_leftovers="keep": each round starts with full 7-card hands, 2 of them kept."""
    batch = GridSquidBatch(3, 50, {"advanced": True, "advanced_leftovers": "keep"})
    discard_batch = GridSquidBatch(3, 50, {"advanced": True, "advanced_leftovers": "discard"})
    rng = np.random.default_rng(0)
    batch.reset(seed=5)
    discard_batch.reset(seed=5)
    assert np.array_equal(batch.hands, discard_batch.hands)
    for step in range(batch.rules.max_decisions - 1):
        batch.apply(random_actions(batch.masks, rng))
        in_play = batch.hands.sum(axis=(1, 2)) + batch.discard.sum(1) + batch.deck_size
        assert (in_play == batch.rules.deck_size).all()
        if (step + 1) % 15 == 0:  # a new round: 7 cards each, 2 of them from the last round
            assert (batch.hands.sum(axis=2) == 7).all()
            assert (batch.discard.sum(1) + batch.deck_size < batch.rules.deck_size - 21 + 6).all()
    if "advanced_leftovers" not in {o.name for o in GAME.options}:
        with pytest.raises(InvalidOptions, match="advanced_leftovers"):
            batch.export(0)


def test_bad_input_is_refused_and_changes_nothing():
    batch = GridSquidBatch(2, 4)
    batch.reset(seed=1)
    before = {k: v.copy() for k, v in vars(batch).items() if isinstance(v, np.ndarray)}
    illegal = np.flatnonzero(~batch.masks[0])[0]
    legal = batch.masks.argmax(axis=1)
    for actions in ([illegal, *legal[1:]], legal[:3], legal.astype(float), [-1, *legal[1:]],
                    [99, *legal[1:]]):
        with pytest.raises(IllegalAction):
            batch.apply(np.asarray(actions))
    with pytest.raises(IllegalAction):
        batch.apply(legal[:2], games=[0, 0])
    for name, array in before.items():
        assert np.array_equal(getattr(batch, name), array), name
    for bad in ({"players": 3}, {"advanced": "yes"}, {"advanced_leftovers": "burn"}):
        with pytest.raises(InvalidOptions):
            GridSquidBatch(2, 4, bad)
    with pytest.raises(InvalidOptions):
        GridSquidBatch(5, 4)
    with pytest.raises(InvalidOptions):
        GridSquidBatch(2, 4, backend="cuda")
    with pytest.raises(InvalidOptions):
        batch.reset(seeds=[1, 2])


def test_self_play_step_api():
    batch = GridSquidBatch(3, 64)
    obs, masks = batch.reset(seed=0)
    assert obs.shape == (64, batch.observation_size)
    assert masks.shape == (64, GAME.num_distinct_actions)
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(batch.rules.max_decisions):
        obs, rewards, dones, masks = batch.step(random_actions(masks, rng))
        finished += dones.sum()
        assert np.allclose(rewards.sum(axis=1), dones)  # 1 is shared out at each game's end
    assert finished == 64 and (batch.seeds == np.arange(64, 128)).all()  # auto-reset, next seeds
    assert batch.observe_all().shape == (64, 3, batch.observation_size)


def test_gymnasium_vector_env():
    gym_env = pytest.importorskip("squidbox.games.grid_squid.batched.gym_env")
    env = gym_env.GridSquidVectorEnv(num_envs=32, num_players=3, opponent="greedy", seat=1)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert (env.batch.current == 1).all()
    rng = np.random.default_rng(0)
    wins = 0.0
    for _ in range(2 * 15):  # two games: 15 turns each for the learner
        actions = random_actions(info["action_mask"], rng)
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert (env.batch.current == 1).all() and not truncated.any()
        assert np.array_equal(info["action_mask"], env.action_masks())
        wins += rewards.sum()
        assert (rewards[~terminated] == 0).all()
    assert terminated.all()
    assert wins < 0.5 * 64 / 3  # a random learner loses to two greedy players (about 0.15)
    with pytest.raises(InvalidOptions, match="unknown opponent 'strong'; valid: random, greedy"):
        gym_env.GridSquidVectorEnv(num_envs=2, opponent="strong")
    from squidbox.vector.gym_env import BatchedVectorEnv

    with pytest.raises(InvalidOptions, match="directors has no batched version"):
        BatchedVectorEnv("directors", num_envs=2)


def test_bench_command_prints_decisions_per_second(capsys):
    from squidbox.cli import main

    assert main(["bench", "grid_squid", "--vector", "--batch", "50", "--players", "2",
                 "--seconds", "0.1"]) == 0
    assert "decisions/s" in capsys.readouterr().out
    assert main(["bench", "squid_game", "--vector", "--seconds", "0"]) != 0
    assert "squid_game has no batched version; the games with one: grid_squid" in (
        capsys.readouterr().err)


def test_trained_policy_loads_as_a_bot_and_plays_legal_moves(tmp_path):
    """The example trains for a few seconds; its file plays through the engine as a bot."""
    out = tmp_path / "policy.npz"
    script = Path(__file__).parents[2] / "examples" / "train_grid_squid.py"
    subprocess.run([sys.executable, str(script), "--seconds", "2", "--envs", "64", "--hidden",
                    "8", "--eval-every", "3", "--eval-games", "64", "--out", str(out)],
                   check=True, capture_output=True, timeout=120)
    for seed in range(3):
        state = GAME.new_game(2, seed)
        bots = [make_bot(f"policy:path={out}", seed, GAME), make_bot("random", seed)]
        while not state.is_terminal():
            seat = state.to_move()[0]
            action = bots[seat].choose(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
    with pytest.raises(InvalidOptions, match="path"):
        make_bot("policy", 0, GAME)
    with pytest.raises(InvalidOptions, match="cannot load"):
        make_bot(f"policy:path={tmp_path / 'missing.npz'}", 0, GAME)
    with pytest.raises(InvalidOptions, match="trained for 2 players, not 3"):
        make_bot(f"policy:path={out}", 0, GAME).choose(GAME.new_game(3, 0), 0)
    with pytest.raises(InvalidOptions, match="trained for Grid Squid, not Squid Game"):
        make_bot(f"policy:path={out}", 0, get_game("squid_game"))


def test_vectorised_randrange_rejects_as_the_engine_does():
    seeds = np.arange(-200, 200, dtype=np.int64) * 1_000_003
    stop = 3 * 2**30  # a quarter of the values are rejected and remixed
    draws = deals._Draws(seeds, 4)
    engine = [Rng(int(seed)) for seed in seeds]
    for _ in range(4):
        assert draws.randrange(stop).tolist() == [rng.randrange(stop) for rng in engine]


@pytest.mark.parametrize("diagonals", [False, True])
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_batch_scoring_is_the_engines_on_crowded_boards(num_players, diagonals):
    """points_of (the batch's bitmask scoring, used at every round's end and by the greedy
    opponent) against the engine's own scoring on random boards crowded enough for many lines
    and Squids, diagonals included."""
    from squidbox.games.grid_squid.batched.scoring import points_of
    from squidbox.games.grid_squid.board import geometry, score

    r = make_rules(num_players, {"diagonals": diagonals})
    data = GAME.data
    geo = geometry(r.columns, r.rows, diagonals, min(data.line_points))
    rng = np.random.default_rng(num_players + 10 * diagonals)
    owner = rng.integers(-1, num_players, (400, r.tiles)).astype(np.int8)
    owner[::2] = np.where(rng.random((200, r.tiles)) < 0.7, 0, owner[::2])  # seat 0 crowds in
    points = points_of(r, owner)
    squids = 0
    for board, got in zip(owner.tolist(), points.tolist(), strict=True):
        expected = [score(board, geo, seat, data.line_points, data.squid_bonus)
                    for seat in range(num_players)]
        assert got == [s.points for s in expected], board
        squids += sum(len(s.squids) for s in expected)
    assert squids > 100  # the boards do test Squids


def test_the_generic_entry_point_finds_grid_squids_batched_version_by_id():
    from squidbox.vector import batched, batched_games

    assert batched("grid_squid") is GridSquidBatch
    assert batched_games() == ["grid_squid"]
    with pytest.raises(InvalidOptions, match="directors has no batched version"):
        batched("directors")

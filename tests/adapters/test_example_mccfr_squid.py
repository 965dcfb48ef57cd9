"""examples/mccfr_squid.py, run tiny: it trains, plots, and its bot plays legal moves from what
its seat may see."""

import importlib.util
import random
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("matplotlib")

import squidbox  # noqa: E402

SCRIPT = Path(__file__).parents[2] / "examples" / "mccfr_squid.py"


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("mccfr_squid", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_tiny_run_writes_the_curve_and_reports_intervals(example, tmp_path, capsys):
    out = tmp_path / "curve.png"
    final = example.main(["--iterations", "40", "--eval-every", "20", "--eval-games", "6",
                          "--final-games", "10", "--out", str(out)])
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 10_000
    assert set(final) == {"random", "heuristic"}
    for rate, low, high in final.values():
        assert 0 <= low <= rate <= high <= 1 and rate * 10 == pytest.approx(round(rate * 10))
    printed = capsys.readouterr().out
    assert "40 iterations" in printed and "against heuristic: won" in printed
    assert "the heuristic against random: won" in printed


def test_the_abstract_key_comes_from_the_seats_view_alone(example):
    game = squidbox.get_game(example.GAME_ID)
    rng = random.Random(4)
    state = game.new_game(2, seed=11, options=example.OPTIONS)
    keys = set()
    while not state.is_terminal():
        seat = min(state.to_move())
        key = example.abstract_key(state.view(seat), state.legal_actions(seat))
        for k in range(3):  # a state redealt for this seat gives it the same key
            other = state.resample(seat, random.Random(k))
            assert example.abstract_key(other.view(seat), other.legal_actions(seat)) == key
        keys.add(key.split("|")[0])
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert {"call", "after_move"} <= keys


def test_the_learned_bot_plays_legal_moves_through_the_engine(example):
    game, solver, curve = example.train(iterations=30, eval_every=30, eval_games=2, seed=3)
    assert [point[0] for point in curve] == [0, 30]
    assert len(solver._infostates) > 10
    bot = example.LearnedBot(game, solver, seed=5)
    state = squidbox.get_game(example.GAME_ID).new_game(2, seed=99, options=example.OPTIONS)
    while not state.is_terminal():
        seat = min(state.to_move())
        action = bot.choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)

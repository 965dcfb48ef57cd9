"""`squidbox tune`: a search over data values that finds a planted optimum, exactly where the
metric is exact and under noise where it is not."""

import random
from collections.abc import Iterator

import pytest

from squidbox.sim import make_backend
from squidbox.sim.runner import GameJob, Record
from squidbox.sim.tune import Knob, Target, TunePlan, run_tune


def test_tune_finds_the_rounds_that_make_a_game_last_60_decisions(squidbox, tmp_path):
    """Grid Squid with two players lasts 10 decisions a round: the planted answer is 6."""
    chart = tmp_path / "tune.png"
    run = squidbox("tune", "grid_squid", "--vary", "rounds=1..12", "--target", "length=60",
                   "--bots", "random", "--games", "240", "--batch", "10", "--workers", "1",
                   "--no-progress", "--plot", str(chart))
    assert run.code == 0, run.err
    assert "Best: rounds=6: 60.0 (95% interval 60.0 to 60.0)" in run.out
    assert "240 games in all" in run.out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


class PlantedBackend:
    """Plays no game: seat 0 (always first) wins with probability 0.5 + 0.06 * (value − 6),
    where value is the variant's `rounds`, so the fair first player is planted at rounds=6."""

    name = "planted"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def describe(self) -> str:
        return self.name

    def __enter__(self) -> "PlantedBackend":
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def run(self, jobs: Iterator[GameJob], total: int) -> Iterator[Record]:
        for job in jobs:
            value = int(job.variant.edits[0].split("=")[1])
            p = min(1.0, max(0.0, 0.5 + 0.06 * (value - 6)))
            winner = 0 if self.rng.random() < p else 1
            yield {"returns": [1.0 - winner, float(winner)], "first_player": 0, "length": 10,
                   "scores": None, "seats": list(job.seats)}


def test_the_search_finds_a_planted_fair_value_under_noise():
    plan = TunePlan("grid_squid", 2, ("random",), (Knob("rounds", 1, 12),),
                    Target("first-player-win", 0.5), budget=2400, batch=40)
    hits = 0
    for seed in range(3):
        result = run_tune(plan, PlantedBackend(seed))
        best = result.ranked()[0]
        assert result.games == 2400
        assert abs(best.values[0] - 6) <= 1  # a neighbour is 0.06 off: within noise at times
        hits += best.values == (6,)
        # the search spends its games near the answer, not evenly (3 of 12 values: 25%)
        near = sum(c.games for c in result.candidates.values() if abs(c.values[0] - 6) <= 1)
        assert near > 0.4 * result.games  # measured: 48% to 60%
    assert hits >= 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "rounds=5", "--target", "length=60"], "--vary wants KEY=LOW..HIGH"),
        (["--vary", "rounds=8..2", "--target", "length=60"], "LOW must be below HIGH"),
        (["--vary", "rounds=1..3", "--target", "speed=3"], "--target wants METRIC=VALUE"),
        (["--vary", "rounds=1..3", "--target", "first-player-win=2"], "from 0 to 1"),
        (["--vary", "rounds=1..3", "--target", "seat-2-win=0.5"], "there are 2 seats"),
        (["--vary", "roundz=1..3", "--target", "length=60"], "unknown key 'roundz'"),
        (["--vary", "rounds=1..3", "--target", "length=60", "--games", "100", "--batch", "500"],
         "--batch must be at least 2 and at most --games"),
    ],
)
def test_bad_tune_settings_are_refused_before_playing(squidbox, args, message):
    run = squidbox("tune", "grid_squid", "--bots", "random", "--workers", "1", *args)
    assert run.code == 2, run.out
    assert message in run.err
    assert run.out == ""


def test_a_real_backend_pools_the_games_of_a_value_proposed_again():
    plan = TunePlan("grid_squid", 2, ("random",), (Knob("rounds", 1, 2),),
                    Target("length", 10), budget=60, batch=10)
    result = run_tune(plan, make_backend("local", 1))
    assert sum(c.games for c in result.candidates.values()) == 60 == result.games
    assert result.proposals == 6 and len(result.candidates) <= 2  # values were re-proposed
    assert result.ranked()[0].values == (1,)

"""Jobs, seats, seeds and the record of one game."""

import pickle

import pytest

import squidbox
from squidbox.sim import (
    GameFailed,
    GameJob,
    SimulationPlan,
    derive_seed,
    play_game,
    runner,
    split_bot_list,
)
from squidbox.sim.runner import MAX_BATCH, Batcher

GRID = squidbox.get_game("grid_squid")


def test_derived_seeds_are_stable_distinct_and_in_range():
    assert derive_seed(0, "bot", 1, 2) == derive_seed(0, "bot", 1, 2)
    seeds = {derive_seed(7, "bot", game, seat) for game in range(100) for seat in range(4)}
    assert len(seeds) == 400
    assert all(0 <= seed < 2**31 for seed in seeds)
    assert derive_seed(1, "game", 0) != derive_seed(0, "game", 1)


def test_rotating_seats_move_every_bot_through_every_seat():
    plan = SimulationPlan("grid_squid", 3, ("a", "b", "c"), games=3)
    assert [plan.seats_for(i) for i in range(4)] == [
        ("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b"), ("b", "c", "a")]


def test_each_lineup_turns_through_every_seat_before_the_next_comes():
    """Two specs over three seats make the lineups h r h and r h r; cycling alone would seat
    the lone heuristic of r h r in seat 1 every time, so seat 1's win rate would be a lineup's."""
    plan = SimulationPlan("grid_squid", 3, ("h", "r"), games=6)
    seatings = [plan.seats_for(i) for i in range(6)]
    assert seatings == [("h", "r", "h"), ("r", "h", "h"), ("h", "h", "r"),
                        ("r", "h", "r"), ("h", "r", "r"), ("r", "r", "h")]
    for seat in range(3):
        for lineup in ("h", "r"):  # the lineup with two of this spec
            alone = [s[seat] for s in seatings if s.count(lineup) == 2]
            assert sorted(alone) == sorted([lineup, lineup, "hr".replace(lineup, "")])


def test_fewer_specs_than_seats_are_cycled_and_no_rotate_keeps_them():
    plan = SimulationPlan("grid_squid", 4, ("x", "y"), games=3, rotate=False)
    assert {plan.seats_for(i) for i in range(3)} == {("x", "y", "x", "y")}


def test_jobs_are_plain_picklable_and_seeded_per_game_and_seat():
    plan = SimulationPlan("grid_squid", 2, ("random",), games=2, seed=3,
                          options={"advanced": True})
    first, second = plan.jobs()
    assert pickle.loads(pickle.dumps(first)) == first
    assert first.seed == derive_seed(3, "game", 0) != second.seed
    assert first.bot_seeds == (derive_seed(3, "bot", 0, 0), derive_seed(3, "bot", 0, 1))
    assert first.options == {"advanced": True}


def test_a_record_describes_the_game_that_was_played():
    job = GameJob(index=4, game="grid_squid", players=3, seed=11,
                  seats=("heuristic", "random", "random"), bot_seeds=(1, 2, 3))
    record = play_game(job)
    state = GRID.new_game(3, 11)
    assert record["index"] == 4 and record["seed"] == 11 and record["players"] == 3
    assert record["seats"] == ["heuristic", "random", "random"]
    assert sum(record["returns"]) == pytest.approx(1.0)
    assert record["winners"] == [seat for seat, value in enumerate(record["returns"])
                                 if value == max(record["returns"])]
    assert record["first_player"] == min(state.to_move())
    assert record["length"] >= 3 * 5
    assert len(record["scores"]) == 3 and record["seconds"] >= 0
    assert {k: v for k, v in play_game(job).items() if k != "seconds"} == {
        k: v for k, v in record.items() if k != "seconds"}


class IllegalBot:
    name = "illegal"

    def choose(self, state, player):
        return "no such action"


def test_a_crashing_game_names_everything_needed_to_replay_it(monkeypatch):
    monkeypatch.setattr(runner, "make_bot", lambda spec, seed, game: IllegalBot())
    job = GameJob(index=3, game="grid_squid", players=2, seed=77, seats=("random", "random"),
                  bot_seeds=(5, 6))
    with pytest.raises(GameFailed, match=r"game 3 failed after 0 decisions \(grid_squid, "
                                         r"2 players, seed 77, options \{\}, seats random, "
                                         r"random, bot seeds 5, 6\): IllegalAction"):
        play_game(job)


def test_bot_lists_keep_the_settings_of_one_spec_together():
    assert split_bot_list("ismcts:iterations=50,exploration=0.7,heuristic, random") == (
        "ismcts:iterations=50,exploration=0.7", "heuristic", "random")
    assert split_bot_list("random") == ("random",)


def test_batches_start_with_one_game_and_grow_for_fast_games():
    jobs = SimulationPlan("grid_squid", 2, ("random",), games=2000).jobs()
    batcher = Batcher(jobs, total=2000, workers=2)
    batches = iter(batcher)
    first = next(batches)
    assert [job.index for job in first] == [0]
    batcher.observe([{"seconds": 0.001}])  # fast games: the batch size reaches the limit
    assert [job.index for job in next(batches)] == list(range(1, 1 + MAX_BATCH))
    batcher.observe([{"seconds": 10.0}] * 3)  # slow games: one at a time
    assert len(next(batches)) == 1
    assert sum(len(batch) for batch in batches) == 2000 - 2 - MAX_BATCH


def test_small_runs_keep_batches_small_enough_for_every_worker():
    jobs = SimulationPlan("grid_squid", 2, ("random",), games=10).jobs()
    batcher = Batcher(jobs, total=10, workers=2)
    batcher.observe([{"seconds": 0.0001}])
    assert batcher.size() == 1  # 10 games // (2 workers * 4)

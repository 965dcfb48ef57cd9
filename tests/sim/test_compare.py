"""`squidbox compare`: paired games on two variants and a sequential test that stops when the
answer is clear, at its stated error rate."""

import random

from squidbox.sim import make_backend
from squidbox.sim.compare import ComparePlan, Comparison, run_comparison
from squidbox.variant import make_variant


def compare(b_edits, a_edits=(), max_games=60, **settings):
    a = make_variant("grid_squid", edits=list(a_edits))
    b = make_variant("grid_squid", edits=list(b_edits))
    plan = ComparePlan("grid_squid", 2, ("random",), max_games, a, b, seed=3, **settings)
    return plan, run_comparison(plan, make_backend("local", 1))


def test_a_planted_strong_change_is_found_and_the_run_stops_early(squidbox):
    plan, comparison = compare(["rounds=1"])
    assert comparison.pairs == plan.min_games < plan.max_games
    found = {metric.name for metric in comparison.differing()}
    assert "game length" in found
    assert comparison.metrics["game length"].mean == -20  # 2 players x 5 cards x 2 rounds
    run = squidbox("compare", "grid_squid", "shipped", "rounds=1", "--bots", "random",
                   "--games", "60", "--workers", "1")
    assert run.code == 0, run.err
    assert "Paired games: 30 of at most 60" in run.out
    assert "Verdict: after 30 paired games, the change shortens games by 20.0 decisions" in run.out


def test_two_identical_variants_show_no_difference(squidbox):
    plan, comparison = compare(["player_colours=['Teal', 'Blue', 'Green', 'Yellow']"])
    assert comparison.identical == comparison.pairs == plan.min_games
    assert not comparison.differing() and comparison.within_margin()
    run = squidbox("compare", "grid_squid", "shipped", "shipped", "--bots", "random",
                   "--games", "40", "--workers", "1")
    assert run.code == 0, run.err
    assert ("Verdict: no difference larger than ±0.05 in any seat's or the first player's win "
            "rate (decided after 30 paired games)") in run.out


def null_records(rng, p_seat0):
    """A fake pair of 2-player records; seat 0 wins with probability p_seat0 in B, 0.5 in A."""
    def record(p):
        winner = 0 if rng.random() < p else 1
        return {"returns": [1.0 - winner, float(winner)], "first_player": 0,
                "length": rng.randint(20, 40), "scores": [rng.randint(0, 9), rng.randint(0, 9)]}
    return record(0.5), record(p_seat0)


def run_sequential(rng, p_seat0, max_pairs=200, min_games=30):
    comparison = Comparison(2, 0.05)
    for _ in range(max_pairs):
        comparison.add(*null_records(rng, p_seat0))
        if comparison.decided(min_games):
            break
    return comparison.decided(min_games)


def test_the_sequential_test_keeps_its_error_rate_and_has_power():
    rng = random.Random(7)
    false_alarms = sum(run_sequential(rng, 0.5) == "difference" for _ in range(100))
    assert false_alarms <= 5  # at most 5% of 100 runs (measured: 0)
    found = sum(run_sequential(rng, 0.8) == "difference" for _ in range(30))
    assert found >= 27  # a 30-point change in seat 0's win rate is found (measured: 30)

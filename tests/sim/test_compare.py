"""`squidbox compare`: paired games on two variants, anytime-valid intervals, every metric asked
for answered or reported undecided, and error rates at the stated level."""

import random

import pytest

from squidbox.sim import make_backend
from squidbox.sim.calibration import calibrate
from squidbox.sim.compare import ComparePlan, Comparison, Margins, run_comparison, verdict
from squidbox.sim.sequential import BettingSequence
from squidbox.variant import make_variant


def compare(b_edits, a_edits=(), max_games=60, bots=("random",), **settings):
    a = make_variant("grid_squid", edits=list(a_edits))
    b = make_variant("grid_squid", edits=list(b_edits))
    plan = ComparePlan("grid_squid", 2, bots, max_games, a, b, seed=3, **settings)
    return plan, run_comparison(plan, make_backend("local", 1))


def test_a_planted_length_change_is_found_and_the_run_stops_when_length_decides(squidbox):
    plan, comparison = compare(["rounds=1"], decide=("length",))
    assert comparison.pairs == plan.min_games < plan.max_games
    assert [metric.name for metric in comparison.differing()] == ["game length"]
    assert comparison.metrics["game length"].mean == -20  # 2 players x 5 cards x 2 rounds
    assert comparison.metrics["seat 0 win rate"].answer() is None  # reported, undecided
    run = squidbox("compare", "grid_squid", "shipped", "rounds=1", "--bots", "random",
                   "--games", "60", "--workers", "1", "--decide", "length")
    assert run.code == 0, run.err
    assert "Paired games: 30 of at most 60, stopped because every deciding metric" in run.out
    assert "Verdict after 30 paired games:\n  the change shortens games by 20.0 decisions" \
        in run.out
    assert "undecided (more pairs needed): seat 0 win rate, seat 1 win rate" in run.out


def test_win_rates_asked_for_keep_the_run_going_after_another_metric_differs():
    plan, comparison = compare(["rounds=1"], max_games=60)  # deciding on win rate (default)
    assert comparison.pairs == plan.max_games
    assert comparison.metrics["game length"].answer() == "differs"
    assert not comparison.decided(plan.min_games)


def test_two_identical_variants_are_called_equivalent_only_once_the_sequence_is_narrow(squidbox):
    plan, comparison = compare(["player_colours=['Teal', 'Blue', 'Green', 'Yellow']"],
                               max_games=400)
    assert comparison.identical == comparison.pairs
    assert not comparison.differing()
    rates = [m for m in comparison.metrics.values() if m.group == "win-rate"]
    assert all(metric.answer() == "within margin" for metric in rates)
    # 30 identical pairs are not yet evidence of no change larger than ±0.05
    assert 150 < comparison.pairs < 400
    run = squidbox("compare", "grid_squid", "shipped", "shipped", "--bots", "random",
                   "--games", "400", "--workers", "1")
    assert run.code == 0, run.err
    assert ("no change larger than its margin in seat 0 win rate (±0.05), seat 1 win rate "
            "(±0.05), first player win rate (±0.05)") in run.out


def test_the_skill_gap_is_each_bots_win_rate_and_names_the_stronger_bot():
    _, comparison = compare(["squid.bonus=6"], bots=("heuristic", "random"), max_games=30,
                            decide=("skill-gap",))
    heuristic = comparison.metrics["heuristic win rate"]
    random_bot = comparison.metrics["random win rate"]
    assert heuristic.n == random_bot.n == comparison.pairs
    assert heuristic.a_total / heuristic.n > 0.8  # one decision ahead beats random play
    assert "skill gap: the stronger bot is heuristic (its win rate on A)" in verdict(comparison)


def test_a_betting_sequence_is_wide_while_the_first_pairs_all_agree():
    sequence = BettingSequence(-1.0, 1.0, 0.01)
    for _ in range(30):
        sequence.add(0.0)
    low, high = sequence.interval()
    assert low < -0.05 and high > 0.05  # not zero-wide: 30 ties prove little
    with pytest.raises(ValueError, match="outside the bounds"):
        sequence.add(1.5)


def test_a_betting_sequence_covers_the_true_mean_at_every_look():
    rng = random.Random(5)
    misses = 0
    for _ in range(100):
        sequence = BettingSequence(0.0, 1.0, 0.1)
        for _ in range(150):
            sequence.add(float(rng.random() < 0.3))
            low, high = sequence.interval()
            if not low <= 0.3 <= high:
                misses += 1
                break
    assert misses <= 10  # at most alpha = 10% of runs ever miss (measured: 2)


@pytest.mark.parametrize(("change", "coupling"), [(0.0, "common"), (0.06, "common")])
def test_compare_keeps_its_error_rates_on_synthetic_pairs(change, coupling):
    """A small calibration (the full one: benchmarks/compare_calibration.py)."""
    result = calibrate(change, coupling, runs=60, max_pairs=300)
    assert result.errors <= 3  # at most 5% of 60 runs (measured: 0)
    if change:
        assert result.found >= 40  # most find a change just above the margin (measured: 46)


def test_metrics_are_fixed_at_the_first_pair():
    comparison = Comparison(2, ("a", "b"), Margins(), ("win-rate",))
    record = {"returns": [1.0, 0.0], "first_player": 0, "length": 9, "scores": None,
              "seats": ["a", "b"]}
    comparison.add(record, record)
    assert list(comparison.metrics) == ["seat 0 win rate", "seat 1 win rate",
                                        "first player win rate", "a win rate", "b win rate",
                                        "game length"]
    assert comparison.alpha_each == pytest.approx(0.05 / 6)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--decide", "balance"], "--decide takes a comma-separated list of win-rate"),
        (["--decide", "skill-gap"], "needs two or more bot specs"),
        (["--length-margin", "0"], "--length-margin must be above 0"),
        (["--margin", "1.5"], "--margin must be between 0 and 1"),
    ],
)
def test_bad_compare_settings_are_refused_before_playing(squidbox, args, message):
    run = squidbox("compare", "grid_squid", "shipped", "shipped", "--bots", "random",
                   "--workers", "1", *args)
    assert run.code == 2
    assert message in run.err
    assert run.out == ""

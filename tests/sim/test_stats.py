"""Wilson intervals, rates with fractional returns, distributions."""

import math

import pytest

from squidbox.sim import Rate, wilson_interval
from squidbox.sim.stats import describe


@pytest.mark.parametrize(
    ("successes", "trials", "expected"),
    [
        (0, 10, (0.0, 0.2775)),  # upper end z²/(n+z²)
        (10, 10, (0.7225, 1.0)),
        (5, 10, (0.2366, 0.7634)),
        (81, 263, (0.2553, 0.3662)),  # Wilson's interval for 81/263 in the literature
    ],
)
def test_wilson_interval_matches_known_values(successes, trials, expected):
    low, high = wilson_interval(successes, trials)
    assert low == pytest.approx(expected[0], abs=5e-5)
    assert high == pytest.approx(expected[1], abs=5e-5)


def test_a_fair_coin_is_centred_on_a_half_and_narrows_with_more_tosses():
    low, high = wilson_interval(50, 100)
    assert (low + high) / 2 == pytest.approx(0.5)
    assert low == pytest.approx(0.4038, abs=5e-5) and high == pytest.approx(0.5962, abs=5e-5)
    wide, narrow = wilson_interval(5, 10), wilson_interval(5000, 10000)
    assert narrow[1] - narrow[0] < (wide[1] - wide[0]) / 10
    assert narrow[0] < 0.5 < narrow[1]


def test_wilson_needs_at_least_one_trial():
    with pytest.raises(ValueError, match="trials"):
        wilson_interval(0, 0)


def test_shared_wins_count_as_fractional_successes():
    rate = Rate()
    for value in (1.0, 0.5, 0.5, 0.0):
        rate.add(value)
    assert rate.plays == 4 and rate.mean == pytest.approx(0.5)
    assert rate.interval() == pytest.approx(wilson_interval(2.0, 4))
    assert rate.stdev == pytest.approx(math.sqrt(1 / 6))


def test_returns_outside_zero_to_one_use_the_normal_interval():
    rate = Rate()
    for value in (1.0, -1.0, 1.0, -1.0):
        rate.add(value)
    low, high = rate.interval()
    assert low < -1.0 < 1.0 < high  # mean 0, sd 1.155, n 4: ±1.13
    assert Rate().interval()[0] != Rate().interval()[0]  # nan: no plays


def test_describe_gives_mean_median_spread_and_range():
    spread = describe([30, 30, 45, 45, 60])
    assert (spread.count, spread.mean, spread.median) == (5, 42.0, 45)
    assert (spread.minimum, spread.maximum) == (30, 60)
    assert spread.stdev == pytest.approx(math.sqrt(630 / 4))  # squares 144+144+9+9+324
    assert describe([7]).stdev == 0.0

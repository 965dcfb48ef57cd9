"""The statistics of a simulation: win rates with 95% intervals, and distributions.

A seat's "win rate" is its mean return: 1 for a win, 0 for a loss, a shared win split (0.5 for a
two-way tie), so fractional returns count as fractional wins. The 95% interval is Wilson's score
interval with the total return as the number of successes; it stays inside [0, 1] and behaves at
0% and 100%, where the textbook normal interval collapses. Should a game's returns leave [0, 1]
(its rulings may say so), the interval falls back to the normal one, mean ± 1.96 · sd / √n.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal distribution


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a rate of successes/trials (successes may be fractional)."""
    if trials < 1:
        raise ValueError(f"trials must be at least 1, not {trials}")
    p = min(max(successes / trials, 0.0), 1.0)
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def normal_interval(mean: float, stdev: float, n: int, z: float = Z95) -> tuple[float, float]:
    half = z * stdev / math.sqrt(n)
    return mean - half, mean + half


@dataclass
class Rate:
    """Returns added one at a time; their mean and its 95% interval."""

    plays: int = 0
    total: float = 0.0
    total_squares: float = 0.0
    in_unit_range: bool = True

    def add(self, value: float) -> None:
        self.plays += 1
        self.total += value
        self.total_squares += value * value
        self.in_unit_range = self.in_unit_range and 0.0 <= value <= 1.0

    @property
    def mean(self) -> float:
        return self.total / self.plays if self.plays else math.nan

    @property
    def stdev(self) -> float:
        if self.plays < 2:
            return 0.0
        variance = (self.total_squares - self.total * self.mean) / (self.plays - 1)
        return math.sqrt(max(variance, 0.0))

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """The 95% interval, or with z = simultaneous_z(...) one of several that hold together.
        For fractional values in [0, 1] Wilson's p(1 − p) bounds the variance, so it is safe."""
        if not self.plays:
            return math.nan, math.nan
        if self.in_unit_range:
            return wilson_interval(self.total, self.plays, z)
        return normal_interval(self.mean, self.stdev, self.plays, z)


def simultaneous_z(count: int, alpha: float = 0.05) -> float:
    """The z of `count` two-sided intervals that hold together with probability 1 − alpha
    (Bonferroni: each at level 1 − alpha / count)."""
    if count < 1:
        raise ValueError(f"count must be at least 1, not {count}")
    return statistics.NormalDist().inv_cdf(1 - alpha / (2 * count))


@dataclass(frozen=True)
class Distribution:
    count: int
    mean: float
    median: float
    stdev: float
    minimum: float
    maximum: float


def describe(values: Sequence[float]) -> Distribution:
    """Count, mean, median, sample standard deviation, min and max (values must not be empty)."""
    stdev = statistics.stdev(values) if len(values) > 1 else 0.0
    return Distribution(len(values), statistics.fmean(values), statistics.median(values), stdev,
                        min(values), max(values))

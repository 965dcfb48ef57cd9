"""Anytime-valid confidence sequences: intervals that hold at every look at once, so a run may
stop as soon as its answer is clear and keep its stated error rate.

BettingSequence is for bounded observations (a win rate, a difference of two win rates): the
hedged-capital confidence sequence of Waudby-Smith & Ramdas, "Estimating means of bounded random
variables by betting" (JRSS B, 2023), with their predictable plug-in bets. For every candidate
mean m on a fine grid it keeps a gambler's wealth, betting that the observations run above m and
(hedged) below m; under the true mean the wealth is a nonnegative martingale, so by Ville's
inequality it ever reaches 1/alpha with probability at most alpha. A candidate whose wealth has
reached 1/alpha is out for good (the running intersection), so the sequence only narrows. It
is exact for any distribution on the bounds, with no normal approximation and no variance
guess: when the first pairs all agree, it is wide, not zero-wide.

Written here rather than taken from a package: `confseq` (the authors' own) has no wheel for
Python 3.11 and its source build needs Boost; `expectation` needs Python 3.12 or newer.

NormalMixtureSequence is for unbounded quantities (game length, score spread): the normal-
mixture sequential test (mSPRT; Robbins 1970, Johari et al. 2017) with the running sample
variance plugged in. It is approximate: right for large samples (Waudby-Smith et al. 2024,
"Time-uniform central limit theory"), and zero-wide while every difference is the same.
"""

from __future__ import annotations

import math
from types import ModuleType

from .errors import BackendUnavailable

GRID = 2001  # candidate means over the bounds: a step of 1/2000 of the range
BET_CAP = 0.5  # the largest share of wealth a bet may risk (the authors' default)
MIXTURE_RATIO = 0.01  # tau^2 / sigma^2 of the normal mixture: tuned to effects of ~0.1 sd


def import_numpy() -> ModuleType:
    try:
        import numpy
    except ImportError:
        raise BackendUnavailable("compare needs numpy, which is not installed: "
                                 "pip install squidbox[sim]") from None
    return numpy


class BettingSequence:
    """The hedged-capital confidence sequence at level alpha for the mean of values in
    [low, high]."""

    def __init__(self, low: float, high: float, alpha: float, grid: int = GRID) -> None:
        if not low < high:
            raise ValueError(f"the bounds must have low < high, not {low}, {high}")
        if not 0 < alpha < 1:
            raise ValueError(f"alpha must be between 0 and 1, not {alpha}")
        np = import_numpy()
        self.np = np
        self.low, self.high, self.alpha = low, high, alpha
        # candidates strictly inside (0, 1) on the unit scale, so no bet is ever capped at 0
        self.candidates = np.linspace(0.0, 1.0, grid + 2)[1:-1]
        self.step = (high - low) / (grid + 1)
        self.log_up = np.zeros(grid)  # log wealth betting the mean is above each candidate
        self.log_down = np.zeros(grid)
        self.out = np.zeros(grid, dtype=bool)
        self.threshold = math.log(1 / alpha)
        self.n = 0
        self.total = 0.0  # of the values on the unit scale
        self.mean_guess = 0.5  # the running estimates behind the next bet (the "plug-in")
        self.spread = 0.25  # sum of squared deviations from the running mean, with a prior 1/4
        self.last = (low - self.step, high + self.step)

    def add(self, value: float) -> None:
        if not self.low <= value <= self.high:
            raise ValueError(f"{value} is outside the bounds {self.low} to {self.high}")
        x = (value - self.low) / (self.high - self.low)
        self.n += 1
        variance = self.spread / self.n  # from the values before this one
        bet = math.sqrt(2 * math.log(2 / self.alpha)
                        / (variance * self.n * math.log(self.n + 1)))
        np, m = self.np, self.candidates
        up = np.minimum(bet, BET_CAP / m)
        down = np.minimum(bet, BET_CAP / (1 - m))
        self.log_up += np.log1p(up * (x - m))
        self.log_down += np.log1p(-down * (x - m))
        hedged = np.logaddexp(self.log_up, self.log_down) - math.log(2)
        self.out |= hedged >= self.threshold
        self.total += x
        self.mean_guess = (0.5 + self.total) / (self.n + 1)
        self.spread += (x - self.mean_guess) ** 2

    @property
    def mean(self) -> float:
        return self.low + (self.high - self.low) * self.total / self.n if self.n else math.nan

    def interval(self) -> tuple[float, float]:
        """The sequence now: every candidate not yet ruled out, widened by one grid step so
        that a true mean between two candidates is covered."""
        inside = self.np.flatnonzero(~self.out)
        if inside.size:  # (all ruled out happens only below the grid's resolution)
            scale = self.high - self.low
            self.last = (self.low + scale * float(self.candidates[inside[0]]) - self.step,
                         self.low + scale * float(self.candidates[inside[-1]]) + self.step)
        return max(self.low, self.last[0]), min(self.high, self.last[1])


class NormalMixtureSequence:
    """The normal-mixture (mSPRT) confidence sequence at level alpha, with the running sample
    variance: approximate, for quantities without known bounds."""

    def __init__(self, alpha: float) -> None:
        self.alpha = alpha
        self.n = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    def interval(self) -> tuple[float, float]:
        n, r = self.n, MIXTURE_RATIO
        if n < 2:
            return -math.inf, math.inf
        sd = math.sqrt(max(self.squares - self.total * self.mean, 0.0) / (n - 1))
        half = (sd / n) * math.sqrt((1 + n * r) / r * (2 * math.log(1 / self.alpha)
                                                       + math.log(1 + n * r)))
        return self.mean - half, self.mean + half

"""Compare two variants of a game: the same bots and seeds on both, paired by seed, with a
sequential test that stops as soon as the answer is clear (`squidbox compare`).

Pairing: game i of variant A and game i of variant B are dealt from the same game seed, with the
same bots in the same seats and the same bot seeds, so the pair differs only by the data (common
random numbers; two identical variants play identical games). For every pair the differences
B − A are taken of each seat's return, the first player's return, the game length and the score
spread (highest minus lowest score; games that keep no score skip it).

The test: a mixture sequential probability ratio test (mSPRT, normal mixture; Robbins 1970,
Johari et al. 2017 "always valid inference") on the mean of each difference. It gives for every
metric a confidence sequence: an interval that holds the true mean difference at every look at
once, so looking after every pair and stopping when the answer is clear keeps its error rate.
The m metrics share α = 0.05 by Bonferroni (each sequence is at level α/m), so:
    false "difference" verdicts: at most 5% in total (for two variants that are really the
        same), whenever the run stops;
    false "no difference larger than the margin": at most 5% when some seat's or the first
        player's true change is larger than the margin.
The variance is the running sample variance (a plug-in, as usual for the normal mSPRT), so
these rates are approximate for small samples; no decision is taken before `min_games` pairs.

Stopping, checked after every pair from `min_games` on: some metric's sequence excludes 0 (a
difference), or every win-rate sequence (each seat, first player) lies inside ±margin (no
difference that matters), or `max_games` pairs are played (no detectable difference at N).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from squidbox.engine import Game
from squidbox.variant import Variant

from .errors import SimulationError
from .plan import check_match, make_job
from .runner import GameJob, Record
from .simulation import Backend

ALPHA = 0.05
MIXTURE_RATIO = 0.01  # tau^2 / sigma^2 of the normal mixture: tuned to effects of ~0.1 sd


@dataclass(frozen=True)
class ComparePlan:
    game: str
    players: int
    bots: tuple[str, ...]
    max_games: int
    a: Variant | None
    b: Variant | None
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    min_games: int = 30
    margin: float = 0.05

    def check(self) -> Game:
        if not self.bots:
            raise SimulationError("give at least one bot spec")
        if self.min_games < 2 or self.min_games > self.max_games:
            raise SimulationError(f"--min-games must be from 2 to --games ({self.max_games}), "
                                  f"not {self.min_games}")
        if not 0 < self.margin < 1:
            raise SimulationError(f"--margin must be between 0 and 1, not {self.margin}")
        check_match(self.game, self.players, self.bots, self.max_games, self.options, self.a)
        return check_match(self.game, self.players, self.bots, self.max_games, self.options,
                           self.b)

    def jobs(self) -> Iterator[GameJob]:
        """A0, B0, A1, B1, …: pair i shares the game seed, the seats and the bot seeds."""
        for i in range(self.max_games):
            seats = tuple(self.bots[(seat + i) % len(self.bots)] for seat in range(self.players))
            for side, variant in enumerate((self.a, self.b)):
                yield make_job(self.game, self.seed, 2 * i + side, seats, self.options,
                               bot_seed_key=("bot", i), game_index=i, variant=variant)


@dataclass
class Metric:
    """Paired differences B − A of one quantity, with the A and B means."""

    name: str
    is_rate: bool  # a win rate: the margin applies
    a_total: float = 0.0
    b_total: float = 0.0
    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, a: float, b: float) -> None:
        self.n += 1
        self.a_total += a
        self.b_total += b
        self.total += b - a
        self.squares += (b - a) ** 2

    @property
    def mean(self) -> float:
        return self.total / self.n

    @property
    def sd(self) -> float:
        if self.n < 2:
            return math.inf
        return math.sqrt(max(self.squares - self.total * self.mean, 0.0) / (self.n - 1))

    def interval(self, alpha: float) -> tuple[float, float]:
        """The mSPRT confidence sequence at level alpha, now."""
        n, r = self.n, MIXTURE_RATIO
        half = (self.sd / n) * math.sqrt((1 + n * r) / r * (2 * math.log(1 / alpha)
                                                            + math.log(1 + n * r)))
        return self.mean - half, self.mean + half


@dataclass
class Comparison:
    players: int
    margin: float = 0.05
    metrics: dict[str, Metric] = field(default_factory=dict)
    pairs: int = 0
    identical: int = 0  # pairs whose two games had the same history and returns

    def __post_init__(self) -> None:
        for seat in range(self.players):
            self.metrics[f"seat {seat} win rate"] = Metric(f"seat {seat} win rate", True)
        self.metrics["first player win rate"] = Metric("first player win rate", True)
        self.metrics["game length"] = Metric("game length", False)
        self.metrics["score spread"] = Metric("score spread", False)

    @property
    def alpha_each(self) -> float:
        used = [m for m in self.metrics.values() if m.n]
        return ALPHA / max(1, len(used))

    def add(self, a: Record, b: Record) -> None:
        self.pairs += 1
        same = a["returns"] == b["returns"] and a["length"] == b["length"]
        self.identical += same and a["scores"] == b["scores"]
        for seat in range(self.players):
            self.metrics[f"seat {seat} win rate"].add(a["returns"][seat], b["returns"][seat])
        if a["first_player"] is not None and b["first_player"] is not None:
            self.metrics["first player win rate"].add(a["returns"][a["first_player"]],
                                                      b["returns"][b["first_player"]])
        self.metrics["game length"].add(a["length"], b["length"])
        if a["scores"] is not None and b["scores"] is not None:
            self.metrics["score spread"].add(max(a["scores"]) - min(a["scores"]),
                                             max(b["scores"]) - min(b["scores"]))

    def differing(self) -> list[Metric]:
        """Metrics whose confidence sequence excludes 0."""
        found = []
        for metric in self.metrics.values():
            if metric.n >= 2:
                low, high = metric.interval(self.alpha_each)
                if low > 0 or high < 0:
                    found.append(metric)
        return found

    def within_margin(self) -> bool:
        rates = [m for m in self.metrics.values() if m.is_rate and m.n >= 2]
        return bool(rates) and all(
            -self.margin < m.interval(self.alpha_each)[0]
            and m.interval(self.alpha_each)[1] < self.margin for m in rates)

    def decided(self, min_games: int) -> str | None:
        """'difference', 'equivalent' or None (go on)."""
        if self.pairs < min_games:
            return None
        if self.differing():
            return "difference"
        if self.within_margin():
            return "equivalent"
        return None


def run_comparison(plan: ComparePlan, backend: Backend) -> Comparison:
    """Play pairs until the test decides or max_games pairs are played."""
    plan.check()
    comparison = Comparison(plan.players, plan.margin)
    with backend:
        pending: Record | None = None
        for record in backend.run(plan.jobs(), 2 * plan.max_games):
            if pending is None:
                pending = record
                continue
            comparison.add(pending, record)
            pending = None
            if comparison.decided(plan.min_games):
                break
    return comparison


def format_comparison(comparison: Comparison, plan: ComparePlan) -> str:
    alpha = comparison.alpha_each
    lines = [f"Paired games: {comparison.pairs} of at most {plan.max_games} "
             f"(the two games of {comparison.identical} pairs were identical)",
             f"B − A with 95% anytime-valid intervals (mSPRT confidence sequences, Bonferroni "
             f"over {len([m for m in comparison.metrics.values() if m.n])} metrics: each at "
             f"level {alpha:.4f})",
             f"  {'metric':<22}  {'A':>8}  {'B':>8}  {'B − A':>8}  95% interval"]
    for metric in comparison.metrics.values():
        if not metric.n:
            continue
        low, high = metric.interval(alpha) if metric.n >= 2 else (-math.inf, math.inf)
        mark = "  *" if metric.n >= 2 and (low > 0 or high < 0) else ""
        lines.append(f"  {metric.name:<22}  {metric.a_total / metric.n:>8.3f}  "
                     f"{metric.b_total / metric.n:>8.3f}  {metric.mean:>+8.3f}  "
                     f"{low:+.3f} to {high:+.3f}{mark}")
    lines.append("")
    lines.append("Verdict: " + verdict(comparison, plan))
    return "\n".join(lines)


def verdict(comparison: Comparison, plan: ComparePlan) -> str:
    n = comparison.pairs
    found = comparison.differing() if n >= plan.min_games else []
    if found:
        parts = [describe_difference(metric) for metric in found]
        return f"after {n} paired games, " + "; ".join(parts) + "."
    if comparison.within_margin() and n >= plan.min_games:
        return (f"no difference larger than ±{plan.margin:.2f} in any seat's or the first "
                f"player's win rate (decided after {n} paired games).")
    return f"no detectable difference at {n} paired games."


def describe_difference(metric: Metric) -> str:
    size = f"{abs(metric.mean):.3f}"
    if metric.name.startswith("seat "):
        seat = metric.name.split()[1]
        side = "favours" if metric.mean > 0 else "disfavours"
        return f"the change {side} seat {seat} by {size} in win rate"
    if metric.name == "first player win rate":
        more = "more" if metric.mean > 0 else "less"
        return f"the first player wins {more} often (by {size})"
    if metric.name == "game length":
        longer = "lengthens" if metric.mean > 0 else "shortens"
        return f"the change {longer} games by {abs(metric.mean):.1f} decisions"
    wider = "widens" if metric.mean > 0 else "narrows"
    return f"the change {wider} the score spread by {abs(metric.mean):.2f} points"

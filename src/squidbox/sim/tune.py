"""Search data values for a target (`squidbox tune`): e.g. the Falconer's cost that gives the
first player a fair share, or the number of rounds that makes a game last 60 decisions.

The search: optuna's TPE sampler (a Bayesian optimiser for expensive, noisy functions) proposes
integer values for the keys varied (--vary KEY=LOW..HIGH, one or more); each proposal plays a
batch of games on that variant and scores |estimate − target|. Simulations are noisy, so every
game ever played at a value is pooled: proposing a value again plays new deals there and sharpens
its estimate instead of starting over, and the score told to the sampler is the pooled one. The
n-th game at every value is dealt from the same seed (common random numbers), so values are
compared on the same deals. The search stops when the game budget is spent.

The answer: every value tried, with its games, the pooled estimate and its 95% interval (Wilson
for win rates, normal for lengths), ranked by distance to the target; the best first. Values
whose interval holds the target are "consistent with the target": more games could reorder
them. The metrics (per game):
    first-player-win   the return of the seat that acted first
    seat-N-win         seat N's return
    skill-gap          the first listed bot's mean return (list the stronger bot first)
    length             decisions
    score-spread       highest minus lowest score
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from squidbox.engine import SquidboxError
from squidbox.variant import Variant, make_variant

from .errors import BackendUnavailable, SimulationError
from .plan import balanced_seats, check_match, make_job
from .runner import GameJob, Record
from .simulation import Backend
from .stats import Rate

RATE_METRICS = ("first-player-win", "skill-gap")
OTHER_METRICS = ("length", "score-spread")


@dataclass(frozen=True)
class Knob:
    """One data key varied over the integers LOW..HIGH."""

    key: str
    low: int
    high: int

    @classmethod
    def parse(cls, text: str) -> Knob:
        match = re.fullmatch(r"\s*([^=\s]+)\s*=\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*", text)
        if not match:
            raise SimulationError(f"--vary wants KEY=LOW..HIGH with whole numbers, e.g. "
                                  f"cards.Falconer.cost=2..8, not {text!r}")
        key, low, high = match[1], int(match[2]), int(match[3])
        if low >= high:
            raise SimulationError(f"--vary {key}: LOW must be below HIGH, not {low}..{high}")
        return cls(key, low, high)


@dataclass(frozen=True)
class Target:
    metric: str
    value: float

    @classmethod
    def parse(cls, text: str) -> Target:
        name, sep, value = text.partition("=")
        name = name.strip()
        known = (*RATE_METRICS, "seat-N-win", *OTHER_METRICS)
        if not sep or not (name in RATE_METRICS + OTHER_METRICS
                           or re.fullmatch(r"seat-\d+-win", name)):
            raise SimulationError(f"--target wants METRIC=VALUE with METRIC one of "
                                  f"{', '.join(known)}, not {text!r}")
        try:
            number = float(value)
        except ValueError:
            raise SimulationError(f"--target {name}: {value!r} is not a number") from None
        if (name in RATE_METRICS or name.startswith("seat-")) and not 0 <= number <= 1:
            raise SimulationError(f"--target {name}: a win rate is from 0 to 1, not {number}")
        return cls(name, number)

    @property
    def is_rate(self) -> bool:
        return self.metric not in OTHER_METRICS

    def measure(self, record: Record, first_bot: str) -> float | None:
        """This game's value of the metric (None when the game does not have it)."""
        returns = record["returns"]
        if self.metric == "first-player-win":
            first = record["first_player"]
            return None if first is None else float(returns[first])
        if self.metric == "skill-gap":
            mine = [value for spec, value in zip(record["seats"], returns, strict=True)
                    if spec == first_bot]
            return sum(mine) / len(mine) if mine else None
        if self.metric == "length":
            return float(record["length"])
        if self.metric == "score-spread":
            scores = record["scores"]
            return None if scores is None else float(max(scores) - min(scores))
        seat = int(self.metric.split("-")[1])
        return float(returns[seat])


@dataclass(frozen=True)
class TunePlan:
    game: str
    players: int
    bots: tuple[str, ...]
    knobs: tuple[Knob, ...]
    target: Target
    budget: int  # games in all
    batch: int = 40  # games per proposal
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    data: Path | None = None  # a --data file the edits apply to

    def check(self) -> None:
        if not self.knobs:
            raise SimulationError("give at least one --vary KEY=LOW..HIGH")
        keys = [knob.key for knob in self.knobs]
        if len(set(keys)) < len(keys):
            raise SimulationError("a key is varied twice")
        if self.batch < 2 or self.budget < self.batch:
            raise SimulationError(f"--batch must be at least 2 and at most --games "
                                  f"({self.budget}), not {self.batch}")
        if self.target.metric.startswith("seat-") and \
                int(self.target.metric.split("-")[1]) >= self.players:
            raise SimulationError(f"--target {self.target.metric}: there are {self.players} "
                                  f"seats, numbered from 0")
        if self.target.metric == "skill-gap" and len(set(self.bots)) < 2:
            raise SimulationError("--target skill-gap needs two or more bot specs in --bots")
        if not self.bots:
            raise SimulationError("give at least one bot spec")
        import_optuna()
        for knob in self.knobs:  # both ends of every range must be values the game accepts
            for value in (knob.low, knob.high):
                values = {k.key: (value if k is knob else k.low) for k in self.knobs}
                check_match(self.game, self.players, self.bots, self.budget, self.options,
                            self.variant(values))

    def variant(self, values: Mapping[str, int]) -> Variant:
        edits = [f"{key}={value}" for key, value in values.items()]
        variant = make_variant(self.game, self.data, edits)
        assert variant is not None  # edits are never empty
        return variant

    def jobs(self, variant: Variant, start: int, count: int) -> Iterator[GameJob]:
        """Games start .. start + count − 1 at one value: the n-th game at every value is
        dealt and seated alike."""
        for index in range(start, start + count):
            yield make_job(self.game, self.seed, index, balanced_seats(self.bots, self.players,
                                                                       index),
                           self.options, bot_seed_key=("tune", index), variant=variant)


@dataclass
class Candidate:
    values: tuple[int, ...]
    estimate: Rate = field(default_factory=Rate)
    games: int = 0  # played, including games without the metric

    def distance(self, target: Target) -> float:
        return abs(self.estimate.mean - target.value) if self.estimate.plays else math.inf

    def interval(self) -> tuple[float, float]:
        return self.estimate.interval()


@dataclass
class TuneResult:
    plan: TunePlan
    candidates: dict[tuple[int, ...], Candidate] = field(default_factory=dict)
    proposals: int = 0

    @property
    def games(self) -> int:
        return sum(candidate.games for candidate in self.candidates.values())

    def ranked(self) -> list[Candidate]:
        target = self.plan.target
        return sorted(self.candidates.values(), key=lambda c: (c.distance(target), c.values))

    def consistent(self) -> list[Candidate]:
        """The values whose interval holds the target."""
        target = self.plan.target.value
        return [c for c in self.ranked() if c.estimate.plays
                and c.interval()[0] <= target <= c.interval()[1]]


def import_optuna() -> Any:
    try:
        import optuna
    except ImportError:
        raise BackendUnavailable("tune needs optuna, which is not installed: "
                                 "pip install squidbox[sim]") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def run_tune(plan: TunePlan, backend: Backend,
             progress: Callable[[int], None] | None = None) -> TuneResult:
    """Propose, play a batch, pool, score; until the budget is spent."""
    plan.check()
    optuna = import_optuna()
    sampler = optuna.samplers.TPESampler(seed=plan.seed, n_startup_trials=4)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    result = TuneResult(plan)
    first_bot = plan.bots[0]
    with backend:
        while result.games + plan.batch <= plan.budget:
            trial = study.ask()
            values = tuple(trial.suggest_int(knob.key, knob.low, knob.high)
                           for knob in plan.knobs)
            candidate = result.candidates.setdefault(values, Candidate(values))
            try:
                variant = plan.variant(dict(zip((k.key for k in plan.knobs), values,
                                                strict=True)))
            except SquidboxError as error:
                raise SimulationError(f"the game refuses {format_values(plan, values)}: "
                                      f"{error}") from None
            jobs = plan.jobs(variant, candidate.games, plan.batch)
            for record in backend.run(jobs, plan.batch):
                candidate.games += 1
                value = plan.target.measure(record, first_bot)
                if value is not None:
                    candidate.estimate.add(value)
            result.proposals += 1
            study.tell(trial, candidate.distance(plan.target))
            if progress is not None:
                progress(plan.batch)
    return result


def format_values(plan: TunePlan, values: Sequence[int]) -> str:
    return ", ".join(f"{knob.key}={value}" for knob, value in zip(plan.knobs, values,
                                                                  strict=True))


def format_tune(result: TuneResult, limit: int = 10) -> str:
    plan, target = result.plan, result.plan.target
    ranked = result.ranked()
    if not ranked or not ranked[0].estimate.plays:
        return f"No game had the metric {target.metric}."
    digits = 3 if target.is_rate else 1
    best = ranked[0]
    low, high = best.interval()
    lines = [f"Target: {target.metric} = {target.value:g}; {result.proposals} proposals, "
             f"{result.games} games in all, {len(ranked)} values tried",
             f"Best: {format_values(plan, best.values)}: {best.estimate.mean:.{digits}f} "
             f"(95% interval {low:.{digits}f} to {high:.{digits}f}) from {best.games} games",
             "",
             f"  {'values':<30}  {'games':>5}  {'estimate':>8}  95% interval"]
    for candidate in ranked[:limit]:
        low, high = candidate.interval()
        mark = "  holds the target" if low <= target.value <= high else ""
        lines.append(f"  {format_values(plan, candidate.values):<30}  {candidate.games:>5}  "
                     f"{candidate.estimate.mean:>8.{digits}f}  {low:.{digits}f} to "
                     f"{high:.{digits}f}{mark}")
    if len(ranked) > limit:
        lines.append(f"  … and {len(ranked) - limit} more, further from the target")
    consistent = result.consistent()
    lines.append("")
    if len(consistent) > 1:
        lines.append(f"{len(consistent)} values are consistent with the target (their "
                     "intervals hold it): more games could reorder them.")
    elif not consistent:
        lines.append("No value tried has an interval that holds the target: the best is the "
                     "closest, not a hit (widen the range or vary another key).")
    else:
        lines.append("Only the best value's interval holds the target.")
    return "\n".join(lines)


def tune_chart(pyplot: Any, path: Any, result: TuneResult) -> Any:
    """The estimate with its 95% interval against the first key's value (every value tried;
    with several keys, each point is one combination)."""
    plan = result.plan
    tried = sorted(result.candidates.values(), key=lambda c: c.values)
    tried = [c for c in tried if c.estimate.plays]
    xs = [c.values[0] for c in tried]
    means = [c.estimate.mean for c in tried]
    lows = [max(0.0, mean - c.interval()[0]) for mean, c in zip(means, tried, strict=True)]
    highs = [max(0.0, c.interval()[1] - mean) for mean, c in zip(means, tried, strict=True)]
    sizes = [10 + 60 * c.games / max(c.games for c in tried) for c in tried]
    figure, axes = pyplot.subplots(figsize=(7, 4))
    axes.errorbar(xs, means, yerr=[lows, highs], fmt="none", ecolor="#4c72b0", capsize=3)
    axes.scatter(xs, means, s=sizes, color="#4c72b0", zorder=3, label="value tried (size: games)")
    axes.axhline(plan.target.value, color="#c44e52", linestyle="--",
                 label=f"target {plan.target.value:g}")
    axes.set_xlabel(plan.knobs[0].key)
    axes.set_ylabel(f"{plan.target.metric} (95% interval)")
    axes.set_title(f"{plan.game}: {plan.target.metric} by {plan.knobs[0].key} "
                   f"({result.games} games)")
    axes.legend(loc="best")
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    pyplot.close(figure)
    return path

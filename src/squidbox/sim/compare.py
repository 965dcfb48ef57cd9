"""Compare two variants of a game: the same bots and seeds on both, paired by seed, with
anytime-valid intervals, so the run may stop as soon as the answers asked for are clear
(`squidbox compare`).

Pairing: game i of variant A and game i of variant B are dealt from the same game seed, with the
same bots in the same seats and the same bot seeds, so the pair differs only by the data (common
random numbers; two identical variants play identical games). Seats are balanced over lineups
(plan.balanced_seats). For every pair the differences B − A are taken of:
    seat s win rate      each seat's return                                   group win-rate
    first player         the return of the seat that acted first              group win-rate
    <bot> win rate       each bot spec's mean return over its seats (with two  group skill-gap
                         or more specs: the stronger bot's is the skill gap)
    game length          decisions                                            group length
    score spread         highest minus lowest score (games that keep score)   group score-spread

Intervals: every metric has a confidence sequence (sequential.py), an interval that holds the
true mean difference at every look at once. Returns lie in [0, 1], so the win-rate and skill-gap
differences lie in [−1, 1] and get the exact betting sequence; length and spread have no known
bounds and get the approximate normal-mixture one. The metrics share alpha = 0.05 by Bonferroni
(each at alpha / number of metrics), so at whatever pair the run stops, all intervals hold
together with probability at least 95%.

Answers, per metric: "differs" when its sequence excludes 0; "no change larger than ±margin"
only when the whole sequence lies inside ±margin (--margin for win rates, --length-margin in
decisions, --spread-margin in points); otherwise "undecided". The run stops, from `min_games`
pairs on, when every metric of the deciding groups (--decide) is answered, or at `max_games`
pairs; every metric is reported either way. Hence (exactly for the win rates, approximately
for length and spread):
    a false "differs" (the variants are really the same on it): at most 5% in total;
    a false "no change larger than ±margin" (its true change is the margin or more): at most 5%.
benchmarks/compare_calibration.py measures both on synthetic pairs (docs/benchmarks.md).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from squidbox.engine import Game
from squidbox.variant import Variant

from .errors import SimulationError
from .plan import balanced_seats, check_match, make_job
from .runner import GameJob, Record
from .sequential import BettingSequence, NormalMixtureSequence, import_numpy
from .simulation import Backend

ALPHA = 0.05
GROUPS = ("win-rate", "skill-gap", "length", "score-spread")
DEFAULT_DECIDE = ("win-rate",)


@dataclass(frozen=True)
class Margins:
    """Changes smaller than these do not matter: win rate, decisions, points."""

    rate: float = 0.05
    length: float = 2.0
    spread: float = 1.0

    def of(self, group: str) -> float:
        return {"length": self.length, "score-spread": self.spread}.get(group, self.rate)


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
    margins: Margins = Margins()
    decide: tuple[str, ...] = DEFAULT_DECIDE

    def check(self) -> Game:
        if not self.bots:
            raise SimulationError("give at least one bot spec")
        if self.min_games < 2 or self.min_games > self.max_games:
            raise SimulationError(f"--min-games must be from 2 to --games ({self.max_games}), "
                                  f"not {self.min_games}")
        if not 0 < self.margins.rate < 1:
            raise SimulationError(f"--margin must be between 0 and 1, not {self.margins.rate}")
        for name, value in (("--length-margin", self.margins.length),
                            ("--spread-margin", self.margins.spread)):
            if not value > 0:
                raise SimulationError(f"{name} must be above 0, not {value}")
        unknown = [group for group in self.decide if group not in GROUPS]
        if unknown or not self.decide:
            raise SimulationError(f"--decide takes a comma-separated list of {', '.join(GROUPS)}"
                                  f" (or all), not {','.join(self.decide) or 'nothing'}")
        if "skill-gap" in self.decide and len(set(self.bots)) < 2:
            raise SimulationError("--decide skill-gap needs two or more bot specs in --bots")
        import_numpy()
        check_match(self.game, self.players, self.bots, self.max_games, self.options, self.a)
        return check_match(self.game, self.players, self.bots, self.max_games, self.options,
                           self.b)

    def jobs(self) -> Iterator[GameJob]:
        """A0, B0, A1, B1, …: pair i shares the game seed, the seats and the bot seeds."""
        for i in range(self.max_games):
            seats = balanced_seats(self.bots, self.players, i)
            for side, variant in enumerate((self.a, self.b)):
                yield make_job(self.game, self.seed, 2 * i + side, seats, self.options,
                               bot_seed_key=("bot", i), game_index=i, variant=variant)


def parse_decide(text: str) -> tuple[str, ...]:
    """'win-rate,length' -> ('win-rate', 'length'); 'all' -> every group."""
    groups = tuple(part.strip() for part in text.split(",") if part.strip())
    return GROUPS if groups == ("all",) else groups


@dataclass
class Metric:
    """Paired differences B − A of one quantity, with the A and B means and the confidence
    sequence of the mean difference."""

    name: str
    group: str
    margin: float
    sequence: BettingSequence | NormalMixtureSequence
    a_total: float = 0.0
    b_total: float = 0.0

    @property
    def n(self) -> int:
        return self.sequence.n

    @property
    def mean(self) -> float:
        return self.sequence.mean

    @property
    def exact(self) -> bool:
        return isinstance(self.sequence, BettingSequence)

    def add(self, a: float, b: float) -> None:
        self.a_total += a
        self.b_total += b
        self.sequence.add(b - a)

    def interval(self) -> tuple[float, float]:
        return self.sequence.interval() if self.n else (-math.inf, math.inf)

    def answer(self) -> str | None:
        """'differs', 'within margin' or None (undecided)."""
        low, high = self.interval()
        if low > 0 or high < 0:
            return "differs"
        if -self.margin < low and high < self.margin:
            return "within margin"
        return None


@dataclass
class Comparison:
    """The metrics of a comparison, made at the first pair (which tells whether the game keeps
    score) and fixed from then on, so the alpha each one gets never changes."""

    players: int
    bots: tuple[str, ...] = ()
    margins: Margins = Margins()
    decide: tuple[str, ...] = DEFAULT_DECIDE
    metrics: dict[str, Metric] = field(default_factory=dict)
    pairs: int = 0
    identical: int = 0  # pairs whose two games had the same history and returns

    @property
    def specs(self) -> list[str]:
        specs = list(dict.fromkeys(self.bots))
        return specs if len(specs) > 1 else []

    @property
    def alpha_each(self) -> float:
        return ALPHA / max(1, len(self.metrics))

    def start(self, keeps_score: bool) -> None:
        rates = [f"seat {seat} win rate" for seat in range(self.players)]
        rates.append("first player win rate")
        names = [(name, "win-rate") for name in rates]
        names += [(f"{spec} win rate", "skill-gap") for spec in self.specs]
        names.append(("game length", "length"))
        if keeps_score:
            names.append(("score spread", "score-spread"))
        elif "score-spread" in self.decide:
            raise SimulationError("--decide score-spread: this game keeps no score")
        alpha = ALPHA / len(names)
        for name, group in names:
            bounded = group in ("win-rate", "skill-gap")
            sequence = (BettingSequence(-1.0, 1.0, alpha) if bounded
                        else NormalMixtureSequence(alpha))
            self.metrics[name] = Metric(name, group, self.margins.of(group), sequence)

    def add(self, a: Record, b: Record) -> None:
        if not self.metrics:
            self.start(a["scores"] is not None)
        self.pairs += 1
        same = a["returns"] == b["returns"] and a["length"] == b["length"]
        self.identical += same and a["scores"] == b["scores"]
        for seat in range(self.players):
            self.metrics[f"seat {seat} win rate"].add(a["returns"][seat], b["returns"][seat])
        if a["first_player"] is not None and b["first_player"] is not None:
            self.metrics["first player win rate"].add(a["returns"][a["first_player"]],
                                                      b["returns"][b["first_player"]])
        for spec in self.specs:
            if spec in a["seats"]:
                self.metrics[f"{spec} win rate"].add(bot_return(a, spec), bot_return(b, spec))
        self.metrics["game length"].add(a["length"], b["length"])
        if "score spread" in self.metrics and a["scores"] is not None \
                and b["scores"] is not None:
            self.metrics["score spread"].add(max(a["scores"]) - min(a["scores"]),
                                             max(b["scores"]) - min(b["scores"]))

    def deciding(self) -> list[Metric]:
        return [metric for metric in self.metrics.values() if metric.group in self.decide]

    def differing(self) -> list[Metric]:
        return [metric for metric in self.metrics.values() if metric.answer() == "differs"]

    def decided(self, min_games: int) -> bool:
        """Whether every deciding metric is answered (and min_games pairs are played)."""
        return self.pairs >= min_games and all(metric.answer() for metric in self.deciding())


def bot_return(record: Record, spec: str) -> float:
    values: list[float] = [value for seat, value in zip(record["seats"], record["returns"],
                                                        strict=True) if seat == spec]
    return sum(values) / len(values)


def run_comparison(plan: ComparePlan, backend: Backend) -> Comparison:
    """Play pairs until every deciding metric is answered or max_games pairs are played."""
    plan.check()
    comparison = Comparison(plan.players, plan.bots, plan.margins, plan.decide)
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
    n = comparison.pairs
    stopped = ("every deciding metric answered" if comparison.decided(plan.min_games)
               else "the budget was reached")
    lines = [f"Paired games: {n} of at most {plan.max_games}, stopped because {stopped} "
             f"(the two games of {comparison.identical} pairs were identical)",
             f"B − A with 95% anytime-valid intervals, all {len(comparison.metrics)} together "
             f"(each at level {comparison.alpha_each:.4f}); deciding: {', '.join(plan.decide)}",
             f"  {'metric':<24}  {'A':>8}  {'B':>8}  {'B − A':>8}  {'95% interval':<20}  answer"]
    for metric in comparison.metrics.values():
        if not metric.n:
            continue
        low, high = metric.interval()
        mark = "  (decides)" if metric.group in plan.decide else ""
        approx = "" if metric.exact else " ~"
        lines.append(f"  {metric.name:<24}  {metric.a_total / metric.n:>8.3f}  "
                     f"{metric.b_total / metric.n:>8.3f}  {metric.mean:>+8.3f}  "
                     f"{f'{low:+.3f} to {high:+.3f}{approx}':<20}  "
                     f"{answer_text(metric)}{mark}")
    lines.append("  (~: approximate interval, no known bounds; the others are exact)")
    lines.append("")
    lines.append(f"Verdict after {n} paired games:")
    lines += [f"  {line}" for line in verdict(comparison)]
    return "\n".join(lines)


def answer_text(metric: Metric) -> str:
    answer = metric.answer()
    if answer == "differs":
        return "differs"
    if answer == "within margin":
        return f"within ±{metric.margin:g}"
    return "undecided"


def verdict(comparison: Comparison) -> list[str]:
    """One line per answered difference, then the equivalences and the undecided."""
    lines = [describe_difference(metric) for metric in comparison.differing()]
    within = [m for m in comparison.metrics.values() if m.n and m.answer() == "within margin"]
    if within:
        lines.append("no change larger than its margin in " + ", ".join(
            f"{m.name} (±{m.margin:g})" for m in within))
    undecided = [m.name for m in comparison.metrics.values() if m.n and m.answer() is None]
    if undecided:
        lines.append("undecided (more pairs needed): " + ", ".join(undecided))
    stronger = stronger_bot(comparison)
    if stronger:
        lines.append(f"skill gap: the stronger bot is {stronger} (its win rate on A)")
    return lines


def stronger_bot(comparison: Comparison) -> str | None:
    rates = [(m.a_total / m.n, m.name.removesuffix(" win rate"))
             for m in comparison.metrics.values() if m.group == "skill-gap" and m.n]
    return max(rates)[1] if rates else None


def describe_difference(metric: Metric) -> str:
    size = f"{abs(metric.mean):.3f}"
    if metric.name.startswith("seat "):
        seat = metric.name.split()[1]
        side = "favours" if metric.mean > 0 else "disfavours"
        return f"the change {side} seat {seat} by {size} in win rate"
    if metric.name == "first player win rate":
        more = "more" if metric.mean > 0 else "less"
        return f"the first player wins {more} often (by {size})"
    if metric.group == "skill-gap":
        more = "more" if metric.mean > 0 else "less"
        return f"{metric.name.removesuffix(' win rate')} wins {more} often (by {size})"
    if metric.name == "game length":
        longer = "lengthens" if metric.mean > 0 else "shortens"
        return f"the change {longer} games by {abs(metric.mean):.1f} decisions"
    wider = "widens" if metric.mean > 0 else "narrows"
    return f"the change {wider} the score spread by {abs(metric.mean):.2f} points"

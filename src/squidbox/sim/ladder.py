"""A bot ladder (`squidbox ladder`): bot configurations rated with openskill's Plackett-Luce
model, which rates multiplayer free-for-all results (a Bayesian rating: mu and its uncertainty
sigma per configuration; the ranked value is the conservative `ordinal` = mu − 3·sigma).

Game i seats `players` different configurations, drawn from the list with a generator seeded by
(seed, "ladder", i), in a random seat order; every game is dealt from derive_seed(seed, "game",
i) as in a simulation. A game's result is the order of the seats' returns (equal returns are a
tie). Ratings are updated game by game in game order, so the same command gives the same table.
Beside each rating the table shows the plain mean return with its 95% Wilson interval. Adjacent
ranks whose skills are not told apart (mu differs by less than 2·sqrt(sigma1² + sigma2²), about
a 95% interval of the difference) are named below the table: their order is not settled, and a
tournament of the same bots may order them the other way.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from squidbox.engine import Game
from squidbox.variant import Variant

from .errors import SimulationError
from .plan import check_match, make_job
from .runner import GameJob, Record, derive_seed
from .stats import Rate

DEFAULT_CONFIGS = ("random", "heuristic", "ismcts:iterations=25", "ismcts:iterations=100")


@dataclass(frozen=True)
class LadderPlan:
    game: str
    players: int
    configs: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    variant: Variant | None = None

    @property
    def total(self) -> int:
        return self.games

    def check(self) -> Game:
        repeated = sorted({spec for spec in self.configs if self.configs.count(spec) > 1})
        if repeated:
            raise SimulationError(f"bot configuration listed twice: {', '.join(repeated)}")
        if len(self.configs) < max(2, self.players):
            raise SimulationError(f"a ladder of {self.players}-player games needs at least "
                                  f"{max(2, self.players)} bot configurations, got "
                                  f"{len(self.configs)}")
        return check_match(self.game, self.players, self.configs, self.games, self.options,
                           self.variant)

    def seats_for(self, index: int) -> tuple[str, ...]:
        rng = random.Random(derive_seed(self.seed, "ladder", index))
        return tuple(rng.sample(self.configs, self.players))

    def jobs(self) -> Iterator[GameJob]:
        for index in range(self.games):
            yield make_job(self.game, self.seed, index, self.seats_for(index), self.options,
                           bot_seed_key=("ladder", index), variant=self.variant)


@dataclass
class Ladder:
    configs: tuple[str, ...]
    model: Any = None
    ratings: dict[str, Any] = field(default_factory=dict)
    returns: dict[str, Rate] = field(default_factory=dict)

    def __post_init__(self) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.ratings = {spec: self.model.rating(name=spec) for spec in self.configs}
        self.returns = {spec: Rate() for spec in self.configs}

    def add(self, record: Record) -> None:
        seats, returns = record["seats"], record["returns"]
        teams = [[self.ratings[spec]] for spec in seats]
        ranks = [-value for value in returns]  # lower rank is better; equal returns tie
        for spec, (rating,) in zip(seats, self.model.rate(teams, ranks=ranks), strict=True):
            self.ratings[spec] = rating
        for spec, value in zip(seats, returns, strict=True):
            self.returns[spec].add(value)

    def ranking(self) -> list[tuple[str, Any]]:
        return sorted(self.ratings.items(), key=lambda item: -item[1].ordinal())


def format_ladder(ladder: Ladder) -> str:
    ranked = ladder.ranking()
    width = max(13, *(len(name) for name, _ in ranked))
    lines = ["Ladder: openskill Plackett-Luce ratings; ordinal = mu - 3 sigma (ranked by it); "
             "mean return with 95% Wilson interval",
             f"  rank  {'configuration':<{width}}  {'mu':>6}  {'sigma':>5}  {'ordinal':>7}  "
             f"{'games':>5}  {'mean':>5}  95% interval"]
    for rank, (name, rating) in enumerate(ranked, start=1):
        rate = ladder.returns[name]
        low, high = rate.interval() if rate.plays else (float("nan"), float("nan"))
        lines.append(f"  {rank:>4}  {name:<{width}}  {rating.mu:>6.2f}  {rating.sigma:>5.2f}  "
                     f"{rating.ordinal():>7.2f}  {rate.plays:>5}  {rate.mean:>5.3f}  "
                     f"{low:.3f} - {high:.3f}")
    close = [f"#{rank} {upper} and #{rank + 1} {lower}"
             for rank, ((upper, a), (lower, b)) in enumerate(zip(ranked, ranked[1:],
                                                                 strict=False), start=1)
             if a.mu - b.mu < 2 * math.hypot(a.sigma, b.sigma)]
    if close:
        lines.append("")
        lines.append("Not told apart at this sample (mu within 2 sigma of the difference): "
                     + "; ".join(close))
    return "\n".join(lines)

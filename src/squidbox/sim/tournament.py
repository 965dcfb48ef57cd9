"""Round robin between bot configurations, and its ranked table.

Every pair of configurations (A, B) plays `games` games. Seats are filled alternately
A, B, A, … and the pattern turns one seat each game, so both take every seat; for an odd number
of players, where A would hold one seat more than B, A and B also swap roles every N games, so
over 2N games both hold the same number of seats in every arrangement. Game i of every pair is
dealt from the same game seed (common random numbers: the pairs meet on the same deals), and
the bots are seeded from (seed, "pair", pair number, game, seat), so a tournament is as
reproducible as a simulation.

The table:
    ranking   per configuration its mean return against the field (every seat it took in every
              pair), with a 95% Wilson interval, best first
    pairwise  the row configuration's mean return in its games against the column one, with
              its 95% Wilson interval
    noise     adjacent ranks whose head-to-head interval holds the fair share: at this sample
              their order is not settled (a ladder of the same bots may well order them the
              other way)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from squidbox.engine import Game
from squidbox.variant import Variant

from .errors import SimulationError
from .plan import check_match, make_job
from .runner import GameJob, Record
from .stats import Rate


@dataclass(frozen=True)
class TournamentPlan:
    game: str
    players: int
    configs: tuple[str, ...]
    games: int  # per pair
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    variant: Variant | None = None

    @property
    def pairs(self) -> list[tuple[str, str]]:
        return list(combinations(self.configs, 2))

    @property
    def total(self) -> int:
        return len(self.pairs) * self.games

    def check(self) -> Game:
        if len(self.configs) < 2:
            raise SimulationError("a tournament needs at least two bot configurations")
        repeated = sorted({spec for spec in self.configs if self.configs.count(spec) > 1})
        if repeated:
            raise SimulationError(f"bot configuration listed twice: {', '.join(repeated)}")
        return check_match(self.game, self.players, self.configs, self.games, self.options,
                           self.variant)

    def jobs(self) -> Iterator[GameJob]:
        for number, (first, second) in enumerate(self.pairs):
            for game in range(self.games):
                seats = pair_seats(first, second, self.players, game)
                yield make_job(self.game, self.seed, number * self.games + game, seats,
                               self.options, bot_seed_key=("pair", number, game),
                               game_index=game, variant=self.variant)


def pair_seats(first: str, second: str, players: int, index: int) -> tuple[str, ...]:
    """Game `index` of a pair: A, B, A, … turned by `index` seats (roles swapped every N games
    when N is odd)."""
    if players % 2 == 1 and (index // players) % 2 == 1:
        first, second = second, first
    pattern = [(first, second)[seat % 2] for seat in range(players)]
    return tuple(pattern[(seat + index) % players] for seat in range(players))


@dataclass
class TournamentTable:
    players: int
    overall: dict[str, Rate] = field(default_factory=dict)
    pairwise: dict[tuple[str, str], Rate] = field(default_factory=dict)

    @property
    def fair_share(self) -> float:
        return 1 / self.players

    def add(self, record: Record) -> None:
        present = set(record["seats"])
        for spec, value in zip(record["seats"], record["returns"], strict=True):
            self.overall.setdefault(spec, Rate()).add(value)
            for other in present - {spec}:
                self.pairwise.setdefault((spec, other), Rate()).add(value)

    def ranking(self) -> list[tuple[str, Rate]]:
        """Best first: by mean return, then by the lower end of the interval."""
        return sorted(self.overall.items(),
                      key=lambda item: (-item[1].mean, -item[1].interval()[0]))


def format_tournament(table: TournamentTable) -> str:
    if not table.overall:
        return "No games were played."
    return ranking_block(table) + "\n\n" + pairwise_block(table)


def ranking_block(table: TournamentTable) -> str:
    ranked = table.ranking()
    width = max(13, *(len(name) for name, _ in ranked))
    lines = [f"Ranking: mean return against the field, 95% Wilson interval; "
             f"fair share 1/{table.players} = {table.fair_share:.3f}",
             f"  rank  {'configuration':<{width}}  {'plays':>7}  {'mean':>6}  95% interval"]
    for rank, (name, rate) in enumerate(ranked, start=1):
        low, high = rate.interval()
        lines.append(f"  {rank:>4}  {name:<{width}}  {rate.plays:>7}  {rate.mean:>6.3f}  "
                     f"{low:.3f} - {high:.3f}")
    return "\n".join(lines)


def pairwise_block(table: TournamentTable) -> str:
    """Rows and columns in rank order; columns are headed by rank so long specs fit."""
    names = [name for name, _ in table.ranking()]
    width = max(13, *(len(name) for name in names))
    header = "".join(f"  {'#' + str(rank):>17}" for rank in range(1, len(names) + 1))
    lines = ["Pairwise: the row's mean return in its games against the column (by rank), "
             "95% Wilson interval",
             f"  {'':>4}  {'':<{width}}{header}"]
    for rank, row in enumerate(names, start=1):
        cells = "".join(f"  {pair_cell(table, row, column):>17}" for column in names)
        lines.append(f"  {'#' + str(rank):>4}  {row:<{width}}{cells}")
    unsettled = unsettled_neighbours(table)
    if unsettled:
        lines.append("")
        lines.append(f"Not separated at this sample (their head-to-head interval holds the fair "
                     f"share {table.fair_share:.3f}): " + "; ".join(
                         f"#{rank} {names[rank - 1]} and #{rank + 1} {names[rank]}"
                         for rank in unsettled))
    return "\n".join(lines)


def pair_cell(table: TournamentTable, row: str, column: str) -> str:
    rate = table.pairwise.get((row, column))
    if rate is None:
        return "-"
    low, high = rate.interval()
    return f"{rate.mean:.3f} ({low:.2f}-{high:.2f})"


def unsettled_neighbours(table: TournamentTable) -> list[int]:
    """The ranks k whose head-to-head result against rank k + 1 is within noise."""
    names = [name for name, _ in table.ranking()]
    unsettled = []
    for rank, (upper, lower) in enumerate(zip(names, names[1:], strict=False), start=1):
        rate = table.pairwise.get((upper, lower))
        if rate is not None:
            low, high = rate.interval()
            if low <= table.fair_share <= high:
                unsettled.append(rank)
    return unsettled

"""What a simulation plays: the seats, bots and seeds of every game, as a stream of GameJobs.

Seats and bots: `bots` lists specs, one per seat, cycled when there are fewer than players:
lineup k seats bots[(s + k) % len(bots)] in seat s. By default the seating is balanced
(`balanced_seats`): each lineup is turned through every seat before the next lineup comes, so
over len(bots) x players games every bot holds every seat in every lineup equally often, and a
seat's win rate is not a lineup's (with bots h, r over three seats the lineups are h r h and
r h r; cycling alone would give seat 1 the lone heuristic of r h r half the time).
`rotate=False` keeps lineup 0 in place.

Seeds: game i is dealt with derive_seed(seed, "game", i) and the bot in seat s of game i is
seeded with derive_seed(seed, "bot", i, s). The same plan therefore gives the same games on any
machine, with any number of workers and on any backend. A tournament deals its game i with the
same game seed, so its pairings meet on the same deals.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from squidbox.bots import make_bot
from squidbox.engine import Game, InvalidOptions
from squidbox.variant import Variant, variant_game

from .errors import SimulationError
from .runner import GameJob, derive_seed


@dataclass(frozen=True)
class SimulationPlan:
    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    rotate: bool = True
    variant: Variant | None = None

    @property
    def total(self) -> int:
        return self.games

    def check(self) -> Game:
        """The game, after checking every setting (raises a SquidboxError on bad input)."""
        if not self.bots:
            raise SimulationError("give at least one bot spec")
        return check_match(self.game, self.players, self.bots, self.games, self.options,
                           self.variant)

    def seats_for(self, index: int) -> tuple[str, ...]:
        return balanced_seats(self.bots, self.players, index if self.rotate else 0)

    def job(self, index: int) -> GameJob:
        return make_job(self.game, self.seed, index, self.seats_for(index), self.options,
                        bot_seed_key=("bot", index), variant=self.variant)

    def jobs(self) -> Iterator[GameJob]:
        return (self.job(index) for index in range(self.games))


def balanced_seats(bots: tuple[str, ...], players: int, index: int) -> tuple[str, ...]:
    """Game `index`: lineup (index // players) % len(bots), turned by index % players seats."""
    lineup = (index // players) % len(bots)
    turn = index % players
    return tuple(bots[((seat + turn) % players + lineup) % len(bots)] for seat in range(players))


def make_job(game: str, seed: int, index: int, seats: tuple[str, ...],
             options: Mapping[str, Any], bot_seed_key: tuple[object, ...],
             game_index: int | None = None, variant: Variant | None = None) -> GameJob:
    """Job `index`, dealt with the game seed of `game_index` (default: index itself); the bots
    are seeded from (seed, *bot_seed_key, seat)."""
    deal = index if game_index is None else game_index
    bot_seeds = tuple(derive_seed(seed, *bot_seed_key, seat) for seat in range(len(seats)))
    return GameJob(index=index, game=game, players=len(seats),
                   seed=derive_seed(seed, "game", deal), seats=seats, bot_seeds=bot_seeds,
                   options=dict(options), variant=variant)


def check_match(game_id: str, players: int, specs: tuple[str, ...], games: int,
                options: Mapping[str, Any], variant: Variant | None = None) -> Game:
    """Check the game id, player count, game count, options and every bot spec."""
    game = variant_game(variant, game_id)
    if players not in game.player_counts:
        raise InvalidOptions(f"{game.name} takes {game.min_players} to {game.max_players} "
                             f"players, not {players}")
    if games < 1:
        raise SimulationError(f"the number of games must be at least 1, not {games}")
    game.new_game(players, 0, dict(options))  # validates the options
    for spec in dict.fromkeys(specs):
        make_bot(spec, 0, game)
    return game


def split_bot_list(text: str) -> tuple[str, ...]:
    """'ismcts:iterations=50,exploration=0.7,heuristic,random' -> the three specs.

    Commas separate specs and also the settings inside one spec; a piece with '=' but no ':'
    is a further setting of the spec before it."""
    specs: list[str] = []
    for piece in (part.strip() for part in text.split(",")):
        if not piece:
            raise SimulationError(f"empty bot spec in {text!r}")
        continues = "=" in piece and ":" not in piece
        if continues and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return tuple(specs)

"""Grid Squid for a batch of B games held as arrays: exact, fast, for learning at scale.

    from squidbox.games.grid_squid.batched import GridSquidBatch
    batch = GridSquidBatch(num_players=2, batch_size=10_000)
    obs, masks = batch.reset(seed=0)           # games get seeds 0..B-1, later resets B, B+1, ...
    obs, rewards, dones, masks = batch.step(actions)   # one engine action id per game

Every game is the engine's game with the same seed (see deals.py), actions are the engine's stable
action ids, and `export(i)` gives what `GAME.replay` needs to reach the same state. A finished game
is reset at once with the next seed (auto-reset): the step that ends it returns its rewards and
done=True, and the observation and mask of the new game.

Backends: "numpy" (default), "numba" (`pip install squidbox[numba]`) and "jax"
(`pip install squidbox[jax]`) give the same arrays.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from squidbox.engine import IllegalAction, InvalidOptions

from .deals import deal
from .greedy import greedy_actions
from .observations import observation_size, observe
from .rules import Rules, make_rules
from .scoring import EMPTY, points_of

BACKENDS = ("numpy", "numba", "jax")


class GridSquidBatch:
    """B games of Grid Squid with the same player count and options."""

    # The batched bots it offers for the seats a learner does not play (besides "random").
    opponents: ClassVar[dict[str, Callable[[GridSquidBatch, np.ndarray, np.random.Generator],
                                           np.ndarray]]] = {"greedy": greedy_actions}

    def __init__(self, num_players: int, batch_size: int, options: dict[str, Any] | None = None,
                 backend: str = "numpy", record: bool = False) -> None:
        if backend not in BACKENDS:
            raise InvalidOptions(f"unknown backend {backend!r}; valid: {', '.join(BACKENDS)}")
        if type(batch_size) is not int or batch_size < 1:
            raise InvalidOptions(f"the batch size must be a positive integer, not {batch_size!r}")
        self.rules: Rules = make_rules(num_players, options)
        self.num_players = num_players
        self.batch_size = batch_size
        self.backend = backend
        self.num_actions = self.rules.num_actions
        self.observation_size = observation_size(self.rules)
        self.record = record
        self.finished: list[dict[str, Any]] = []  # exports of finished games, when recording
        self._kernel = None
        if backend != "numpy":
            try:
                self._kernel = importlib.import_module(f".{backend}_kernel", __package__)
            except ImportError as e:
                raise InvalidOptions(f"backend {backend!r} needs {e.name}: "
                                     f"pip install squidbox[{backend}]") from None
        self._allocate()

    # ---- the arrays -------------------------------------------------------------------------
    def _allocate(self) -> None:
        r, b, n = self.rules, self.batch_size, self.num_players
        self.seeds = np.zeros(b, dtype=np.int64)
        self.symbols_in_play = np.zeros((b, r.symbols_in_play), dtype=np.int8)
        self.tile_symbols = np.zeros((b, r.tiles), dtype=np.int8)
        self.owner = np.full((b, r.tiles), EMPTY, dtype=np.int8)
        # Derived from tile_symbols, for the masks: each tile's cell in hands.ravel() for seat 0,
        # and each symbol's tiles as a bitmask.
        self._tile_cell = np.zeros((b, r.tiles), dtype=np.intp)
        self._symbol_tiles = np.zeros((b, r.symbols), dtype=np.uint32)
        self.cubes = np.zeros((b, r.tiles), dtype=np.int8)
        self.supply = np.zeros((b, n), dtype=np.int16)
        self.hands = np.zeros((b, n, r.symbols), dtype=np.int8)
        self.deck = np.zeros((b, max(r.deck_size, *r.reshuffle_sizes)), dtype=np.int8)
        self.deck_size = np.zeros(b, dtype=np.int16)
        self.discard = np.zeros((b, r.symbols), dtype=np.int16)
        self.reshuffles = np.zeros((b, len(r.reshuffle_sizes), max(r.reshuffle_sizes, default=1)),
                                   dtype=np.int16)
        self.reshuffled = np.zeros(b, dtype=np.int8)
        self.round_points = np.zeros((b, r.rounds, n), dtype=np.int16)
        self.round = np.zeros(b, dtype=np.int8)  # 1-based
        self.start_player = np.zeros(b, dtype=np.int8)
        self.current = np.zeros(b, dtype=np.int8)
        self.played = np.zeros((b, n), dtype=np.int8)
        self.history = np.zeros((b, r.max_decisions), dtype=np.int8)
        self.length = np.zeros(b, dtype=np.int16)  # decisions so far
        self.masks = np.zeros((b, self.num_actions), dtype=bool)
        self.final_scores = np.zeros((b, n), dtype=np.int16)  # of each seat's last finished game
        self.next_seed = 0
        self.deal_seconds = 0.0  # time spent making the engine's seeded deals (for benchmarks)

    def memory_per_game(self) -> int:
        """Bytes of state arrays per game (without observations)."""
        arrays = [v for v in vars(self).values() if isinstance(v, np.ndarray)]
        return sum(a.nbytes for a in arrays) // self.batch_size

    # ---- starting games ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, seeds: Any = None) -> tuple[np.ndarray, np.ndarray]:
        """Start every game: with `seeds` (B integers) or seeds seed, seed+1, ... (a seed of None
        draws one from the system, as the engine's new_game does). Auto-resets then use the seeds
        after the largest one. Returns (observations of the seats to move, legal masks)."""
        if seeds is None:
            first = random.SystemRandom().getrandbits(62) if seed is None else int(seed)
            seeds = np.arange(first, first + self.batch_size, dtype=np.int64)
        else:
            seeds = np.asarray(seeds)
            if seeds.shape != (self.batch_size,) or seeds.dtype.kind not in "iu":
                raise InvalidOptions(f"give {self.batch_size} integer seeds, not {seeds!r}")
            seeds = seeds.astype(np.int64)
        self.finished.clear()
        self.next_seed = int(seeds.max()) + 1
        self._start_games(np.arange(self.batch_size), seeds)
        return self.observe(), self.masks.copy()

    def _start_games(self, games: np.ndarray, seeds: np.ndarray) -> None:
        r = self.rules
        clock = time.perf_counter()
        d = deal(r, seeds)
        self.deal_seconds += time.perf_counter() - clock
        self.seeds[games] = seeds
        self.symbols_in_play[games] = d.symbols_in_play
        self.tile_symbols[games] = d.tile_symbols
        self._tile_cell[games] = games[:, None] * (self.num_players * r.symbols) + d.tile_symbols
        tile_bits = np.uint32(1) << np.arange(r.tiles, dtype=np.uint32)
        for symbol in range(r.symbols):
            self._symbol_tiles[games, symbol] = np.where(d.tile_symbols == symbol, tile_bits,
                                                         np.uint32(0)).sum(axis=1)
        self.owner[games] = EMPTY
        self.cubes[games] = 0
        self.supply[games] = r.cubes
        self.hands[games] = 0
        self.deck[games, :r.deck_size] = d.deck
        self.deck_size[games] = r.deck_size
        self.discard[games] = 0
        self.reshuffles[games] = d.reshuffles
        self.reshuffled[games] = 0
        self.round_points[games] = 0
        self.round[games] = 1
        self.start_player[games] = d.start_player
        self.current[games] = d.start_player
        self.played[games] = 0
        self.length[games] = 0
        if self._kernel is not None:
            self._kernel.deal_round(self, games)
        else:
            self._deal(games)
        self._update_masks(games)

    # ---- a step -----------------------------------------------------------------------------
    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Each game's seat to move plays its action id. Returns (observations of the seats to
        move next, rewards [B, players], dones [B], legal masks [B, actions])."""
        rewards, dones = self.apply(actions)
        return self.observe(), rewards, dones, self.masks.copy()

    def apply(self, actions: Any, games: Any = None) -> tuple[np.ndarray, np.ndarray]:
        """step without building observations: (rewards, dones); masks are in self.masks.
        With `games` (indices), only those games play, `actions` holding one id for each."""
        b = self.batch_size
        games = np.arange(b) if games is None else self._check_games(games)
        actions = self._check(actions, games)
        self.history[games, self.length[games]] = actions
        self.length[games] += 1
        if self._kernel is not None:
            over = games[self._kernel.play(self, actions, games)]  # ends rounds, masks too
        else:
            round_over = self._play(games, actions)
            ending = games[round_over]
            over = self._end_round(ending) if len(ending) else ending
            self._update_masks(np.setdiff1d(games, over, assume_unique=True) if len(over)
                               else games)
        rewards = np.zeros((b, self.num_players))
        dones = np.zeros(b, dtype=bool)
        if len(over):
            self.final_scores[over] = self.scores(over)
            rewards[over] = self.returns(over)
            dones[over] = True
            if self.record:
                self.finished.extend(self.export(int(g)) for g in over)
            seeds = np.arange(self.next_seed, self.next_seed + len(over), dtype=np.int64)
            self.next_seed += len(over)
            self._start_games(over, seeds)
        return rewards, dones

    def _check_games(self, games: Any) -> np.ndarray:
        games = np.asarray(games)
        if (games.ndim != 1 or games.dtype.kind not in "iu" or len(np.unique(games)) != len(games)
                or (len(games) and not (0 <= games.min() and games.max() < self.batch_size))):
            raise IllegalAction(f"games must be distinct indices below {self.batch_size}")
        indices: np.ndarray = games.astype(np.intp)
        return indices

    def _check(self, actions: Any, games: np.ndarray) -> np.ndarray:
        actions = np.asarray(actions)
        if actions.shape != games.shape or actions.dtype.kind not in "iu":
            raise IllegalAction(f"give one integer action id per game ({len(games)}), "
                                f"not an array of shape {actions.shape} and type {actions.dtype}")
        inside = (actions >= 0) & (actions < self.num_actions)
        legal = inside & self.masks[games, np.where(inside, actions, 0)]
        if not legal.all():
            i = int(np.flatnonzero(~legal)[0])
            g = int(games[i])
            raise IllegalAction(f"game {g}: action id {int(actions[i])} is not legal for seat "
                                f"{int(self.current[g])}; nothing was changed")
        ids: np.ndarray = actions.astype(np.intp)
        return ids

    def _play(self, games: np.ndarray, actions: np.ndarray) -> np.ndarray:
        """Play one card in every game; returns where the round is over. Cells are addressed
        in the flattened (contiguous) arrays: one index per game instead of index pairs."""
        r, n = self.rules, self.num_players
        owner, cubes, supply = self.owner.ravel(), self.cubes.ravel(), self.supply.ravel()
        played = self.played.ravel()
        p = self.current[games].astype(np.intp)
        seat = games * n + p  # the player's cell in supply and played
        place = actions < r.place_actions
        cell = games * r.tiles + np.where(place, actions, 0)  # the tile's cell
        symbol = np.where(place, self.tile_symbols.ravel()[cell], actions - r.place_actions)
        self.hands.ravel()[seat * r.symbols + symbol] -= 1
        self.discard.ravel()[games * r.symbols + symbol] += 1
        holder = owner[cell]
        held = cubes[cell]
        free = (holder == EMPTY) | (holder == p)
        taken = place & ~free
        supply[(games * n + holder)[taken]] += held[taken]
        supply[seat] -= np.where(place, np.where(free, 1, held + 1), 0).astype(np.int16)
        placed = cell[place]
        cubes[placed] = np.where(holder == EMPTY, 1, held + 1)[place]
        owner[placed] = p[place]
        played[seat] += 1
        following = (p + 1) % n
        self.current[games] = following
        round_over: np.ndarray = played[games * n + following] >= r.per_round
        return round_over

    def _update_masks(self, games: np.ndarray) -> None:
        """A tile can be placed on when the seat holds its symbol and can pay for it: 1 cube if
        the tile is empty or its own, else one more than the cubes on it (so when those cubes
        are fewer than its supply). A card is discarded without effect when the seat holds it
        and can pay for none of its symbol's tiles."""
        if not len(games):
            return
        r = self.rules
        rows: Any = slice(None) if len(games) == self.batch_size else games  # views when all
        current = self.current[rows]
        p = current.astype(np.intp)
        hand = self.hands[games, p]  # [G, S]
        has = self.hands.ravel()[self._tile_cell[rows] + (p * r.symbols)[:, None]] > 0  # [G, T]
        supply = np.minimum(self.supply[games, p], 127).astype(np.int8)[:, None]
        affordable = (self.cubes[rows] < supply) | ((self.owner[rows] == current[:, None])
                                                    & (supply > 0))
        spread = np.zeros((len(games), 32), dtype=bool)  # tiles as the bits of a uint32
        spread[:, :r.tiles] = affordable
        affordable_bits = np.packbits(spread, axis=1, bitorder="little").view("<u4")
        playable = (self._symbol_tiles[rows] & affordable_bits) != 0  # [G, S]
        masks = self.masks[rows] if isinstance(rows, slice) else np.empty_like(self.masks[games])
        np.logical_and(has, affordable, out=masks[:, :r.tiles])
        masks[:, r.tiles:r.place_actions] = False
        masks[:, r.place_actions:] = (hand > 0) & ~playable
        self.masks[rows] = masks

    # ---- the end of a round -----------------------------------------------------------------
    def _end_round(self, games: np.ndarray) -> np.ndarray:
        """Score, return excess cubes, handle unplayed cards; deal the next round or end the game.
        Returns the games that are over."""
        r = self.rules
        index = self.round[games].astype(np.intp) - 1
        self.round_points[games, index] = self.score(games)
        owner = self.owner[games]
        extra = np.maximum(self.cubes[games].astype(np.int16) - 1, 0)
        for seat in range(self.num_players):
            self.supply[games, seat] += (extra * (owner == seat)).sum(axis=1, dtype=np.int16)
        self.cubes[games] = np.minimum(self.cubes[games], 1)
        if not r.keep_leftovers:
            self.discard[games] += self.hands[games].sum(axis=1, dtype=np.int16)
            self.hands[games] = 0
        last = self.round[games] == r.rounds
        over: np.ndarray = games[last]
        going = games[~last]
        if len(going):
            self.round[going] += 1
            self.start_player[going] = (self.start_player[going] + r.start_step) % self.num_players
            self.current[going] = self.start_player[going]
            self.played[going] = 0
            if self._kernel is not None:
                self._kernel.deal_round(self, going)
            else:
                self._deal(going)
        return over

    def score(self, games: np.ndarray) -> np.ndarray:
        """Points each seat scores now for its lines and Squids: [G, players]."""
        return points_of(self.rules, self.owner[games]).astype(np.int16)

    def _deal(self, games: np.ndarray) -> None:
        """Deal each seat its cards for the round, one at a time from the starting player. All
        these games are at the same point of the deal schedule, but may be in different rounds."""
        for round_ in np.unique(self.round[games]):
            group = games[self.round[games] == round_]
            self._deal_group(group, self.rules.deal_sizes[int(round_) - 1])

    def _deal_group(self, games: np.ndarray, each: int) -> None:
        n = self.num_players
        draws = each * n
        cards = np.empty((len(games), draws), dtype=np.intp)
        taken = 0
        while taken < draws:
            left = int(self.deck_size[games[0]])  # the same in every game of the group
            if left == 0:
                self._reshuffle(games)
                continue
            k = min(left, draws - taken)
            cards[:, taken:taken + k] = self.deck[games, left - k:left][:, ::-1]
            self.deck_size[games] -= k
            taken += k
        seats = (self.start_player[games, None].astype(np.intp) + np.arange(draws) % n) % n
        symbols = self.rules.symbols
        cells = (np.arange(len(games))[:, None] * n + seats) * symbols + cards
        counts = np.bincount(cells.ravel(), minlength=len(games) * n * symbols)
        self.hands[games] += counts.reshape(len(games), n, symbols).astype(np.int8)

    def _reshuffle(self, games: np.ndarray) -> None:
        """The discard pile, in symbol order, shuffled by the game's next reshuffle permutation."""
        k = int(self.reshuffled[games[0]])
        size = self.rules.reshuffle_sizes[k]
        ends = np.cumsum(self.discard[games], axis=1)
        ordered = (ends[:, None, :] <= np.arange(size)[None, :, None]).sum(axis=2)
        perm = self.reshuffles[games, k, :size].astype(np.intp)
        self.deck[games, :size] = np.take_along_axis(ordered, perm, axis=1)
        self.deck_size[games] = size
        self.discard[games] = 0
        self.reshuffled[games] += 1

    # ---- results ----------------------------------------------------------------------------
    def scores(self, games: Any = slice(None)) -> np.ndarray:
        totals: np.ndarray = self.round_points[games].sum(axis=1)
        return totals

    def returns(self, games: np.ndarray) -> np.ndarray:
        """The engine's returns of finished games: 1 shared among the winners."""
        totals = self.scores(games)
        winners = totals == totals.max(axis=1, keepdims=True)
        shares: np.ndarray = winners / winners.sum(axis=1, keepdims=True)
        return shares

    # ---- what a seat sees -------------------------------------------------------------------
    def observe(self, seats: Any = None) -> np.ndarray:
        """Observations [B, size] of the given seat of each game (default: the seat to move)."""
        seats = self.current if seats is None else np.broadcast_to(seats, (self.batch_size,))
        return observe(self, np.asarray(seats, dtype=np.intp))

    def observe_all(self) -> np.ndarray:
        """Observations [B, players, size] of every seat, each from its own view."""
        return np.stack([self.observe(seat) for seat in range(self.num_players)], axis=1)

    # ---- export for the engine ----------------------------------------------------------------
    def export(self, game: int) -> dict[str, Any]:
        """What `GAME.replay(num_players, seed, options, history)` needs to reach this game's
        state: its seed and its moves as (seat, action name)."""
        r = self.rules
        if r.keep_leftovers and "advanced_leftovers" not in r.options:
            raise InvalidOptions("this engine does not declare option 'advanced_leftovers', so "
                                 "it cannot replay a game that keeps the Advanced leftovers")
        actions = r.game.actions
        moves = self.history[game, :self.length[game]].tolist()
        seat_order = self._seats_of(game, len(moves))
        return {
            "num_players": self.num_players,
            "seed": int(self.seeds[game]),
            "options": dict(r.options),
            "history": [[s, actions[a]] for s, a in zip(seat_order, moves, strict=True)],
        }

    def _seats_of(self, game: int, decisions: int) -> list[int]:
        """Who made each decision: seats take turns from each round's starting seat."""
        r, n = self.rules, self.num_players
        per_round = r.per_round * n
        start = int(self.start_player[game])
        current_round = int(self.round[game])
        seats = []
        for i in range(decisions):
            round_ = i // per_round + 1
            first = (start - (current_round - round_) * r.start_step) % n
            seats.append((first + i % per_round) % n)
        return seats

"""Grid Squid's rules as tables for the batch: sizes from the data file, scoring segments, and the
deal schedule (how many cards each deal draws and when the deck runs out).

Everything here is computed once per (player count, options) from the game's own data loader
and board geometry, so the batch plays by the same data file as the engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

import numpy as np

from squidbox.engine import InvalidOptions
from squidbox.engine.options import resolve_options
from squidbox.games.grid_squid import GAME as ENGINE_GAME
from squidbox.games.grid_squid import GridSquid
from squidbox.games.grid_squid.board import geometry

# Options the batch plays; "colours" only renames seats.
SUPPORTED = {"advanced", "advanced_leftovers", "diagonals", "symbols", "colours", "start_shift"}


@dataclass(frozen=True)
class Rules:
    game: GridSquid
    num_players: int
    options: dict[str, Any]  # the engine's options, every value filled in
    leftovers: str  # advanced_leftovers: "keep" or "discard"
    columns: int
    rows: int
    tiles: int  # on this board
    place_actions: int  # place ids 0..place_actions-1 (the largest board's tiles)
    num_actions: int
    symbols: int  # every symbol of the data file
    symbols_in_play: int
    fixed_symbols: tuple[int, ...] | None  # the "symbols" option, or None for "random"
    tiles_per_symbol: int
    cards_per_symbol: int
    deck_size: int
    cubes: int
    hand_size: int
    per_round: int  # cards each seat plays in a round
    rounds: int
    keep_leftovers: bool
    start_step: int  # +1 left, -1 right
    seg_tiles: np.ndarray  # [G, L] tiles of each candidate run, padded with the "always own" tile
    seg_run: np.ndarray  # [G, L] the same runs padded by repeating their first tile
    seg_bits: np.ndarray  # [G] uint32: bit t set for each tile t of the run
    seg_directions: tuple[np.ndarray, ...]  # the runs of each direction
    seg_before: np.ndarray  # [G] tile before the run, or the "never own" tile
    seg_after: np.ndarray  # [G]
    seg_points: np.ndarray  # [G]
    squid_pairs: np.ndarray  # [G, G] 1 where two runs in different directions share a tile (i<j)
    squid_bonus: int
    deal_sizes: tuple[int, ...]  # cards dealt to each seat at the start of each round
    reshuffle_sizes: tuple[int, ...]  # cards in each reshuffle, in order

    @property
    def max_decisions(self) -> int:
        return self.rounds * self.per_round * self.num_players


def make_rules(num_players: int, options: dict[str, Any] | None = None,
               game: GridSquid = ENGINE_GAME) -> Rules:
    """The rules for the options given (checked by the engine's own option declarations).
    `advanced_leftovers` is accepted even by an engine that does not declare it yet (which
    discards the leftovers); such a game's options for the engine leave it out."""
    given = dict(options or {})
    declared = {o.name for o in game.options}
    leftovers = "discard"
    if "advanced_leftovers" not in declared:
        leftovers = given.pop("advanced_leftovers", "discard")
        if leftovers not in ("keep", "discard"):
            raise InvalidOptions(f"option 'advanced_leftovers' cannot be {leftovers!r}; "
                                 "allowed: 'keep', 'discard'")
    if type(num_players) is not int or num_players not in game.player_counts:
        raise InvalidOptions(f"Grid Squid takes {game.min_players} to {game.max_players} players, "
                             f"not {num_players!r}")
    resolved = resolve_options(game.options, given, num_players)
    leftovers = resolved.get("advanced_leftovers", leftovers)
    unsupported = set(resolved) - SUPPORTED
    if unsupported:
        raise InvalidOptions(f"the batched Grid Squid does not play {sorted(unsupported)}")
    data = game.data
    setup = data.setups[num_players]
    columns, rows = data.board_columns, setup.board_rows
    advanced = resolved["advanced"]
    hand_size = data.advanced_hand_size if advanced else data.hand_size
    keep = advanced and leftovers == "keep"
    fixed = None if resolved["symbols"] == "random" else tuple(
        sorted(data.symbols.index(s) for s in resolved["symbols"]))
    segs = _segments(columns, rows, resolved["diagonals"], data.line_points)
    deck_size = setup.symbols_in_play * data.cards_per_symbol
    deal_sizes, reshuffles = _deal_schedule(num_players, hand_size, data.hand_size,
                                            data.cards_played_per_round, data.rounds, deck_size,
                                            keep)
    largest = max(data.board_columns * s.board_rows for s in data.setups.values())
    if columns * rows > 32:
        raise InvalidOptions(f"the batched Grid Squid holds a board's tiles as the bits of a "
                             f"32-bit word; this board has {columns * rows}")
    return Rules(
        game=game, num_players=num_players, options=resolved, leftovers=leftovers,
        columns=columns, rows=rows,
        tiles=columns * rows, place_actions=largest, num_actions=game.num_distinct_actions,
        symbols=len(data.symbols), symbols_in_play=setup.symbols_in_play, fixed_symbols=fixed,
        tiles_per_symbol=data.tiles_per_symbol, cards_per_symbol=data.cards_per_symbol,
        deck_size=deck_size, cubes=data.cubes_per_player, hand_size=hand_size,
        per_round=data.cards_played_per_round, rounds=data.rounds, keep_leftovers=keep,
        start_step=1 if resolved["start_shift"] == "left" else -1,
        squid_bonus=data.squid_bonus, deal_sizes=deal_sizes, reshuffle_sizes=reshuffles, **segs,
    )


class Segments(TypedDict):
    """Rules' seg_* fields and squid_pairs (see there)."""
    seg_tiles: np.ndarray
    seg_run: np.ndarray
    seg_bits: np.ndarray
    seg_directions: tuple[np.ndarray, ...]
    seg_before: np.ndarray
    seg_after: np.ndarray
    seg_points: np.ndarray
    squid_pairs: np.ndarray


def _segments(columns: int, rows: int, diagonals: bool,
              line_points: dict[int, int]) -> Segments:
    """Every stretch of a line that could be a maximal run: a run scores when all its tiles are the
    player's and the tiles just before and after are not (board.runs_of's maximal runs)."""
    tiles = columns * rows
    never, always = tiles, tiles + 1  # padding tiles: never / always the player's
    shortest = min(line_points)
    geo = geometry(columns, rows, diagonals, shortest)
    longest = max(len(t) for _, t in geo.lines)
    seg_tiles, before, after, points, directions, sets = [], [], [], [], [], []
    for direction, line in geo.lines:
        for length in range(shortest, len(line) + 1):
            for start in range(len(line) - length + 1):
                run = line[start:start + length]
                seg_tiles.append(list(run) + [always] * (longest - length))
                before.append(line[start - 1] if start > 0 else never)
                after.append(line[start + length] if start + length < len(line) else never)
                points.append(line_points[length])
                directions.append(direction)
                sets.append(set(run))
    g = len(seg_tiles)
    pairs = np.zeros((g, g), dtype=np.float32)
    for i in range(g):
        for j in range(i + 1, g):
            if directions[i] != directions[j] and sets[i] & sets[j]:
                pairs[i, j] = 1
    return {
        "seg_tiles": np.array(seg_tiles, dtype=np.intp),
        "seg_run": np.array([[run[0] if t == always else t for t in run] for run in seg_tiles],
                            dtype=np.intp),
        "seg_bits": np.array([sum(1 << t for t in run) for run in sets], dtype=np.uint32),
        "seg_directions": tuple(np.flatnonzero(np.array(directions) == d)
                                for d in dict.fromkeys(directions)),
        "seg_before": np.array(before, dtype=np.intp),
        "seg_after": np.array(after, dtype=np.intp),
        "seg_points": np.array(points, dtype=np.float32),
        "squid_pairs": pairs,
    }


def _deal_schedule(n: int, hand_size: int, new_cards: int, per_round: int, rounds: int,
                   deck_size: int, keep: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Cards dealt to each seat at the start of each round, and the size of each reshuffle of the
    discards. Both are the same in every game: the deck runs out after a fixed number of draws,
    and what is not in the deck or a hand is in the discard pile. Round 1 deals a full hand;
    when the Advanced leftovers are kept, later rounds deal `new_cards` (the data file's basic
    hand size: "deal 5 new cards") on top of them, as the engine does."""
    deal_sizes = []
    reshuffles = []
    deck = deck_size
    held = 0  # cards in all hands
    for round_number in range(1, rounds + 1):
        each = new_cards if keep and round_number > 1 else hand_size
        deal_sizes.append(each)
        for _ in range(each * n):
            if deck == 0:
                reshuffles.append(deck_size - held)
                deck = deck_size - held
            deck -= 1
            held += 1
        held = held - per_round * n if keep else 0
    return tuple(deal_sizes), tuple(reshuffles)

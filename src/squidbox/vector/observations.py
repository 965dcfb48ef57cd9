"""What one seat of a batched Grid Squid may see, as a flat float32 vector.

Only public information and the seat's own hand: the board (each tile's symbol, its owner
relative to the viewer, its cubes), the viewer's cards, every seat's supply, score, hand size and
cards played this round (ordered from the viewer round the table), the discard pile, the deck's
size, the round, and whether the viewer is to move. Never another seat's cards or the deck's
order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .rules import Rules

if TYPE_CHECKING:
    from .grid_squid import GridSquidBatch


def observation_size(r: Rules) -> int:
    n = r.num_players
    return r.tiles * (r.symbols + n + 2) + 2 * r.symbols + 4 * n + 1 + r.rounds + 1


def observe(batch: GridSquidBatch, viewer: np.ndarray) -> np.ndarray:
    """Written straight into one zeroed [B, size] array, part by part (no temporaries to join)."""
    r = batch.rules
    n = batch.num_players
    b = batch.batch_size
    s = r.symbols
    width = s + n + 2  # per tile: symbol one-hot, relative owner one-hot (0 = nobody), cubes
    out = np.zeros((b, observation_size(r)), dtype=np.float32)
    tiles = out[:, :r.tiles * width].reshape(b, r.tiles, width)
    games = np.arange(b)
    rows = games[:, None]
    starts = np.arange(r.tiles) * width  # each tile's first column in out
    out[rows, starts + batch.tile_symbols] = 1.0
    owner = batch.owner.astype(np.intp)
    relative = np.where(owner < 0, 0, (owner - viewer[:, None]) % n + 1)
    out[rows, starts + s + relative] = 1.0
    np.divide(batch.cubes, 4.0, out=tiles[:, :, s + n + 1])
    order = (viewer[:, None] + np.arange(n)) % n  # seats from the viewer round the table
    at = r.tiles * width

    def put(values: np.ndarray) -> None:
        nonlocal at
        width = values.shape[1]
        out[:, at:at + width] = values
        at += width

    put(batch.hands[games, viewer] / r.hand_size)
    put(batch.discard / r.cards_per_symbol)
    put(batch.supply[rows, order] / r.cubes)
    put(batch.round_points.sum(axis=1)[rows, order] / 10.0)
    put(batch.hands.sum(axis=2)[rows, order] / r.hand_size)
    put(batch.played[rows, order] / r.per_round)
    put((batch.deck_size / r.deck_size)[:, None])
    out[games, at + batch.round.astype(np.intp) - 1] = 1.0
    at += r.rounds
    out[:, at] = batch.current == viewer
    return out


def observation_from_view(r: Rules, view: dict[str, Any], seat: int) -> np.ndarray:
    """The same vector built from the engine's `state.view(seat)`: so a policy trained on the
    batch plays through the engine, and the batch's observation is shown to hold nothing the
    seat's own view does not (tests compare the two)."""
    state = view["state"]
    n = r.num_players
    s = r.symbols
    symbols = r.game.data.symbols
    index = {name: i for i, name in enumerate(symbols)}
    tiles = np.zeros((r.tiles, s + n + 2), dtype=np.float32)
    for t, tile in enumerate(state["board"]["tiles"]):
        tiles[t, index[tile["symbol"]]] = 1.0
        owner = tile["owner"]
        tiles[t, s + (0 if owner is None else (owner - seat) % n + 1)] = 1.0
        tiles[t, s + n + 1] = tile["cubes"] / 4.0
    hand = np.zeros(s, dtype=np.float32)
    for name, count in (state["hand"] or {}).items():
        hand[index[name]] = count
    discard = np.zeros(s, dtype=np.float32)
    for name, count in state["discard"].items():
        discard[index[name]] = count
    players = [state["players"][(seat + k) % n] for k in range(n)]
    rounds = np.zeros(r.rounds, dtype=np.float32)
    rounds[state["round"] - 1] = 1.0
    parts = [
        tiles.reshape(-1),
        hand / r.hand_size,
        discard / r.cards_per_symbol,
        np.array([p["supply"] for p in players]) / r.cubes,
        np.array([p["score"] for p in players]) / 10.0,
        np.array([p["cards_in_hand"] for p in players]) / r.hand_size,
        np.array([p["played_this_round"] for p in players]) / r.per_round,
        [state["deck_size"] / r.deck_size],
        rounds,
        [float(state["current_player"] == seat)],
    ]
    return np.concatenate(parts, dtype=np.float32)

"""The JAX backend: the same rules as GridSquidBatch's NumPy code, written for one game with
jax.numpy and lax, then vmapped over the batch and jit-compiled (`pip install squidbox[jax]`).

GridSquidBatch keeps its state in NumPy arrays (the deals, exports and observations read them),
so each step copies the state into JAX and back: on the CPU that costs a few milliseconds per
step at batch 10,000, which the benchmark figures include."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

if TYPE_CHECKING:
    from .batch import GridSquidBatch

EMPTY = -1
FIELDS = ("tile_symbols", "owner", "cubes", "supply", "hands", "discard", "played", "current",
          "start_player", "round", "round_points", "deck", "deck_size", "reshuffles",
          "reshuffled", "masks")

# A jax.Array: jax is optional, and where it is not installed mypy knows nothing of its types.
Array = Any
Game = dict[str, Array]  # one game's fields (FIELDS), or the batch's
Tables = dict[str, Any]  # the rules' numbers and arrays that the compiled functions close over
Compiled = tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any], Callable[..., Any]]
_COMPILED: weakref.WeakKeyDictionary[GridSquidBatch, Compiled] = weakref.WeakKeyDictionary()


def play(batch: GridSquidBatch, actions: np.ndarray, games: np.ndarray) -> np.ndarray:
    """As numba_kernel.play: returns which of `games` are over. Rounds end together in most
    batches (every game lasts as long), so the end of a round is a separate compiled function,
    run only on the steps where some round ends."""
    active = np.zeros(batch.batch_size, dtype=bool)
    active[games] = True
    full = np.zeros(batch.batch_size, dtype=np.int32)
    full[games] = actions
    step, end_round, masks, _ = _compiled(batch)
    state, round_over = step(_to_jax(batch), jnp.asarray(full), jnp.asarray(active))
    if bool(round_over.any()):
        state, over = end_round(state, round_over)
    else:
        over = jnp.zeros(batch.batch_size, dtype=bool)
    state = masks(state, jnp.asarray(active) & ~over)
    _from_jax(batch, state)
    ended: np.ndarray = np.asarray(over)[games]
    return ended


def deal_round(batch: GridSquidBatch, games: np.ndarray) -> None:
    active = np.zeros(batch.batch_size, dtype=bool)
    active[games] = True
    deal = _compiled(batch)[3]
    _from_jax(batch, deal(_to_jax(batch), jnp.asarray(active)))


def _to_jax(batch: GridSquidBatch) -> Game:
    return {name: jnp.asarray(getattr(batch, name)) for name in FIELDS}


def _from_jax(batch: GridSquidBatch, state: Game) -> None:
    for name in FIELDS:
        target = getattr(batch, name)
        target[...] = np.asarray(state[name]).astype(target.dtype, copy=False)


def _compiled(batch: GridSquidBatch) -> Compiled:
    cached = _COMPILED.get(batch)
    if cached is None:
        r = batch.rules
        tables = dict(
            n=r.num_players, per_round=r.per_round, place_actions=r.place_actions,
            rounds=r.rounds, start_step=r.start_step, keep=r.keep_leftovers, tiles=r.tiles,
            symbols=r.symbols, squid_bonus=r.squid_bonus,
            deal_sizes=tuple(r.deal_sizes), reshuffle_sizes=tuple(r.reshuffle_sizes),
            seg_tiles=r.seg_tiles, seg_before=r.seg_before, seg_after=r.seg_after,
            seg_points=r.seg_points.astype(np.int32), squid_pairs=r.squid_pairs.astype(np.int32),
        )
        step, end_round, masks, deal = (jax.jit(jax.vmap(partial(f, t=tables)))
                                        for f in (_play_game, _end_round_if, _masks_if, _deal_if))
        cached = step, end_round, masks, deal
        _COMPILED[batch] = cached
    return cached


def _play_game(g: Game, action: Array, active: Array, t: Tables) -> tuple[Game, Array]:
    """One game: the seat to move plays `action` (when active)."""
    n, pa = t["n"], t["place_actions"]
    p = g["current"].astype(jnp.int32)
    place = action < pa
    tile = jnp.where(place, action, 0)
    symbol = jnp.where(place, g["tile_symbols"][tile], action - pa).astype(jnp.int32)
    one = active.astype(jnp.int32)
    hands = g["hands"].at[p, symbol].add(_as(-one, g["hands"]))
    discard = g["discard"].at[symbol].add(_as(one, g["discard"]))
    holder = g["owner"][tile].astype(jnp.int32)
    held = g["cubes"][tile].astype(jnp.int32)
    free = (holder == EMPTY) | (holder == p)
    cost = jnp.where(free, 1, held + 1)
    placing = active & place
    taking = placing & ~free
    supply = g["supply"].at[jnp.where(taking, holder, 0)].add(
        _as(jnp.where(taking, held, 0), g["supply"]))
    supply = supply.at[p].add(_as(jnp.where(placing, -cost, 0), supply))
    cubes = g["cubes"].at[tile].set(
        _as(jnp.where(placing, jnp.where(holder == p, held + 1, cost), held), g["cubes"]))
    owner = g["owner"].at[tile].set(_as(jnp.where(placing, p, holder), g["owner"]))
    played = g["played"].at[p].add(_as(one, g["played"]))
    following = (p + 1) % n
    current = _as(jnp.where(active, following, p), g["current"])
    g = dict(g, hands=hands, discard=discard, supply=supply, cubes=cubes, owner=owner,
             played=played, current=current)
    return g, active & (played[following] >= t["per_round"])


def _end_round_if(g: Game, round_over: Array, t: Tables) -> tuple[Game, Array]:
    """Score, return cubes, leftovers, then deal the next round or end the game."""
    ended = _end_round(g, t)
    over = round_over & (g["round"] == t["rounds"])
    return jax.tree_util.tree_map(lambda a, b: jnp.where(round_over, a, b), ended, g), over


def _masks_if(g: Game, active: Array, t: Tables) -> Game:
    return dict(g, masks=jnp.where(active, _masks(g, t), g["masks"]))


def _as(value: Array, like: Array) -> Array:
    return value.astype(like.dtype)


def _end_round(g: Game, t: Tables) -> Game:
    n = t["n"]
    points = jnp.stack([_score(g["owner"], seat, t) for seat in range(n)])
    round_points = g["round_points"].at[g["round"] - 1].set(points.astype(g["round_points"].dtype))
    owner = g["owner"].astype(jnp.int32)
    extra = jnp.maximum(g["cubes"].astype(jnp.int32) - 1, 0)
    supply = g["supply"] + jnp.stack([(extra * (owner == s)).sum() for s in range(n)]).astype(
        g["supply"].dtype)
    cubes = jnp.minimum(g["cubes"], 1)
    hands, discard = g["hands"], g["discard"]
    if not t["keep"]:
        discard = discard + hands.sum(axis=0).astype(discard.dtype)
        hands = jnp.zeros_like(hands)
    g = dict(g, round_points=round_points, supply=supply, cubes=cubes, hands=hands,
             discard=discard)
    going = g["round"] < t["rounds"]
    start = jnp.where(going, (g["start_player"] + t["start_step"]) % n, g["start_player"])
    nxt = dict(g, round=jnp.where(going, g["round"] + 1, g["round"]), start_player=start,
               current=jnp.where(going, start, g["current"]),
               played=jnp.where(going, jnp.zeros_like(g["played"]), g["played"]))
    return _deal_if(nxt, going, t)


def _score(owner: Array, seat: int, t: Tables) -> Array:
    own = jnp.concatenate([owner == seat, jnp.array([False, True])])
    maximal = (own[t["seg_tiles"]].all(axis=1) & ~own[t["seg_before"]]
               & ~own[t["seg_after"]]).astype(jnp.int32)
    squids = (maximal @ t["squid_pairs"] * maximal).sum()
    return maximal @ t["seg_points"] + t["squid_bonus"] * squids


def _deal_if(g: Game, active: Array, t: Tables) -> Game:
    """Deal the round's cards one at a time from the starting seat (when active)."""
    n = t["n"]
    each = jnp.array(t["deal_sizes"])[g["round"] - 1]
    sizes = jnp.array(t["reshuffle_sizes"] or (0,))
    longest = g["reshuffles"].shape[-1]

    def draw(i: Array, g: Game) -> Game:
        needed = active & (i < each * n)
        k = g["reshuffled"].astype(jnp.int32)
        empty = needed & (g["deck_size"] == 0)
        ends = jnp.cumsum(g["discard"].astype(jnp.int32))
        ordered = (ends[None, :] <= jnp.arange(longest)[:, None]).sum(axis=1)
        perm = g["reshuffles"][jnp.minimum(k, g["reshuffles"].shape[0] - 1)]
        fresh = ordered[perm].astype(g["deck"].dtype)
        deck = jnp.where(empty, g["deck"].at[:longest].set(fresh), g["deck"])
        size = jnp.where(empty, sizes[jnp.minimum(k, len(sizes) - 1)], g["deck_size"])
        discard = jnp.where(empty, jnp.zeros_like(g["discard"]), g["discard"])
        reshuffled = g["reshuffled"] + empty.astype(g["reshuffled"].dtype)
        top = jnp.maximum(size - 1, 0)
        card = deck[top].astype(jnp.int32)
        seat = (g["start_player"].astype(jnp.int32) + i % n) % n
        hands = g["hands"].at[seat, card].add(needed.astype(g["hands"].dtype))
        size = jnp.where(needed, size - 1, size)
        return dict(g, deck=deck, deck_size=size.astype(g["deck_size"].dtype), discard=discard,
                    reshuffled=reshuffled, hands=hands)

    dealt: Game = lax.fori_loop(0, max(t["deal_sizes"]) * n, draw, g)
    return dealt


def _masks(g: Game, t: Tables) -> Array:
    p = g["current"].astype(jnp.int32)
    hand = g["hands"][p]
    has = hand[g["tile_symbols"].astype(jnp.int32)] > 0
    owner = g["owner"].astype(jnp.int32)
    cost = jnp.where((owner == EMPTY) | (owner == p), 1, g["cubes"].astype(jnp.int32) + 1)
    ok = has & (cost <= g["supply"][p])
    playable = jnp.zeros(t["symbols"], dtype=bool).at[g["tile_symbols"]].max(ok)
    masks = jnp.zeros(g["masks"].shape, dtype=bool)
    masks = masks.at[:t["tiles"]].set(ok)
    return masks.at[t["place_actions"]:].set((hand > 0) & ~playable)

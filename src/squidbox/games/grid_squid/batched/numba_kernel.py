"""The numba backend: the same rules as GridSquidBatch's NumPy code, one game at a time in
compiled loops (`pip install squidbox[numba]`). Compiled functions are cached on disk."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

if TYPE_CHECKING:
    from .batch import GridSquidBatch

EMPTY = -1


def play(batch: GridSquidBatch, actions: np.ndarray, games: np.ndarray) -> np.ndarray:
    """Play one card in every game; score, clean up and deal where a round ends, and update the
    masks. Returns which of `games` are over (the caller records them and restarts them)."""
    over = np.zeros(len(games), dtype=np.bool_)
    _step(games, actions, over, *_state(batch), *_tables(batch))
    return over


def deal_round(batch: GridSquidBatch, games: np.ndarray) -> None:
    """Deal the first round of new games (their masks are updated by the caller)."""
    _deal_games(games.astype(np.intp), *_state(batch), *_tables(batch))


# the batch's 16 state arrays, in _step's order
Arrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
               np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
               np.ndarray, np.ndarray]
# the rules' tables, in _step's order after the arrays
Tables = tuple[int, int, int, int, int, bool, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
               np.ndarray, np.ndarray, np.ndarray, np.ndarray, int, int]
_TABLES: weakref.WeakKeyDictionary[GridSquidBatch, Tables] = weakref.WeakKeyDictionary()


def _state(b: GridSquidBatch) -> Arrays:
    return (b.tile_symbols, b.owner, b.cubes, b.supply, b.hands, b.discard, b.played, b.current,
            b.start_player, b.round, b.round_points, b.deck, b.deck_size, b.reshuffles,
            b.reshuffled, b.masks)


def _tables(b: GridSquidBatch) -> Tables:
    r = b.rules
    cached = _TABLES.get(b)
    if cached is None:
        pairs = np.argwhere(r.squid_pairs > 0)
        cached = (
            r.num_players, r.per_round, r.place_actions, r.rounds, r.start_step, r.keep_leftovers,
            np.array(r.deal_sizes, dtype=np.int64), np.array(r.reshuffle_sizes, dtype=np.int64),
            r.seg_tiles.astype(np.int64), r.seg_before.astype(np.int64),
            r.seg_after.astype(np.int64), r.seg_points.astype(np.int64),
            pairs[:, 0].astype(np.int64).copy(), pairs[:, 1].astype(np.int64).copy(),
            r.squid_bonus, r.tiles,
        )
        _TABLES[b] = cached
    return cached


@njit(cache=True)
def _step(games: np.ndarray, actions: np.ndarray, over: np.ndarray, tile_symbols: np.ndarray,
          owner: np.ndarray, cubes: np.ndarray, supply: np.ndarray, hands: np.ndarray,
          discard: np.ndarray, played: np.ndarray, current: np.ndarray, start_player: np.ndarray,
          round_: np.ndarray, round_points: np.ndarray, deck: np.ndarray, deck_size: np.ndarray,
          reshuffles: np.ndarray, reshuffled: np.ndarray, masks: np.ndarray, n: int,
          per_round: int, place_actions: int, rounds: int, start_step: int, keep: bool,
          deal_sizes: np.ndarray, reshuffle_sizes: np.ndarray, seg_tiles: np.ndarray,
          seg_before: np.ndarray, seg_after: np.ndarray, seg_points: np.ndarray,
          pair_i: np.ndarray, pair_j: np.ndarray, squid_bonus: int, tiles: int) -> None:
    for i in range(len(games)):
        g = games[i]
        p = current[g]
        a = actions[i]
        if a < place_actions:
            t = a
            s = tile_symbols[g, t]
            hands[g, p, s] -= 1
            discard[g, s] += 1
            holder = owner[g, t]
            if holder == EMPTY or holder == p:
                supply[g, p] -= 1
                cubes[g, t] += 1
            else:
                cost = cubes[g, t] + 1
                supply[g, holder] += cubes[g, t]
                supply[g, p] -= cost
                cubes[g, t] = cost
            owner[g, t] = p
        else:
            s = a - place_actions
            hands[g, p, s] -= 1
            discard[g, s] += 1
        played[g, p] += 1
        following = (p + 1) % n
        current[g] = following
        if played[g, following] < per_round:
            _masks(g, tile_symbols, owner, cubes, supply, hands, current, masks, place_actions,
                   tiles)
            continue
        over[i] = _end_round(g, tile_symbols, owner, cubes, supply, hands, discard, played, current,
                   start_player, round_, round_points, deck, deck_size, reshuffles, reshuffled,
                   n, rounds, start_step, keep, deal_sizes, reshuffle_sizes, seg_tiles,
                   seg_before, seg_after, seg_points, pair_i, pair_j, squid_bonus, tiles)
        if not over[i]:
            _masks(g, tile_symbols, owner, cubes, supply, hands, current, masks, place_actions,
                   tiles)


@njit(cache=True)
def _masks(g: int, tile_symbols: np.ndarray, owner: np.ndarray, cubes: np.ndarray,
           supply: np.ndarray, hands: np.ndarray, current: np.ndarray, masks: np.ndarray,
           place_actions: int, tiles: int) -> None:
    p = current[g]
    masks[g, :] = False
    symbols = hands.shape[2]
    playable = np.zeros(symbols, dtype=np.bool_)
    for t in range(tiles):
        s = tile_symbols[g, t]
        if hands[g, p, s] > 0:
            holder = owner[g, t]
            cost = 1 if holder == EMPTY or holder == p else cubes[g, t] + 1
            if cost <= supply[g, p]:
                masks[g, t] = True
                playable[s] = True
    for s in range(symbols):
        if hands[g, p, s] > 0 and not playable[s]:
            masks[g, place_actions + s] = True


@njit(cache=True)
def _end_round(g: int, tile_symbols: np.ndarray, owner: np.ndarray, cubes: np.ndarray,
               supply: np.ndarray, hands: np.ndarray, discard: np.ndarray, played: np.ndarray,
               current: np.ndarray, start_player: np.ndarray, round_: np.ndarray,
               round_points: np.ndarray, deck: np.ndarray, deck_size: np.ndarray,
               reshuffles: np.ndarray, reshuffled: np.ndarray, n: int, rounds: int,
               start_step: int, keep: bool, deal_sizes: np.ndarray, reshuffle_sizes: np.ndarray,
               seg_tiles: np.ndarray, seg_before: np.ndarray, seg_after: np.ndarray,
               seg_points: np.ndarray, pair_i: np.ndarray, pair_j: np.ndarray, squid_bonus: int,
               tiles: int) -> bool:
    r = round_[g] - 1
    for seat in range(n):
        round_points[g, r, seat] = _score(g, seat, owner, seg_tiles, seg_before, seg_after,
                                          seg_points, pair_i, pair_j, squid_bonus, tiles)
    for t in range(tiles):
        if cubes[g, t] > 1:
            supply[g, owner[g, t]] += cubes[g, t] - 1
            cubes[g, t] = 1
    if not keep:
        for seat in range(n):
            for s in range(hands.shape[2]):
                discard[g, s] += hands[g, seat, s]
                hands[g, seat, s] = 0
    if round_[g] == rounds:
        return True
    round_[g] += 1
    start_player[g] = (start_player[g] + start_step) % n
    current[g] = start_player[g]
    played[g, :] = 0
    _deal(g, hands, discard, start_player, round_, deck, deck_size, reshuffles, reshuffled, n,
          deal_sizes, reshuffle_sizes)
    return False


@njit(cache=True)
def _score(g: int, seat: int, owner: np.ndarray, seg_tiles: np.ndarray, seg_before: np.ndarray,
           seg_after: np.ndarray, seg_points: np.ndarray, pair_i: np.ndarray, pair_j: np.ndarray,
           squid_bonus: int, tiles: int) -> int:
    segments = len(seg_tiles)
    maximal = np.zeros(segments, dtype=np.bool_)
    points = 0
    for k in range(segments):
        ok = True
        for t in seg_tiles[k]:
            if t < tiles and owner[g, t] != seat:
                ok = False
                break
        if not ok:
            continue
        before, after = seg_before[k], seg_after[k]
        if before < tiles and owner[g, before] == seat:
            continue
        if after < tiles and owner[g, after] == seat:
            continue
        maximal[k] = True
        points += seg_points[k]
    for k in range(len(pair_i)):
        if maximal[pair_i[k]] and maximal[pair_j[k]]:
            points += squid_bonus
    return points


@njit(cache=True)
def _deal(g: int, hands: np.ndarray, discard: np.ndarray, start_player: np.ndarray,
          round_: np.ndarray, deck: np.ndarray, deck_size: np.ndarray, reshuffles: np.ndarray,
          reshuffled: np.ndarray, n: int, deal_sizes: np.ndarray,
          reshuffle_sizes: np.ndarray) -> None:
    each = deal_sizes[round_[g] - 1]
    for _ in range(each):
        for offset in range(n):
            seat = (start_player[g] + offset) % n
            if deck_size[g] == 0:
                k = reshuffled[g]
                size = reshuffle_sizes[k]
                ordered = np.empty(size, dtype=np.int8)
                i = 0
                for s in range(discard.shape[1]):
                    for _c in range(discard[g, s]):
                        ordered[i] = s
                        i += 1
                    discard[g, s] = 0
                for i in range(size):
                    deck[g, i] = ordered[reshuffles[g, k, i]]
                deck_size[g] = size
                reshuffled[g] += 1
            deck_size[g] -= 1
            hands[g, seat, deck[g, deck_size[g]]] += 1


@njit(cache=True)
def _deal_games(games: np.ndarray, tile_symbols: np.ndarray, owner: np.ndarray, cubes: np.ndarray,
                supply: np.ndarray, hands: np.ndarray, discard: np.ndarray, played: np.ndarray,
                current: np.ndarray, start_player: np.ndarray, round_: np.ndarray,
                round_points: np.ndarray, deck: np.ndarray, deck_size: np.ndarray,
                reshuffles: np.ndarray, reshuffled: np.ndarray, masks: np.ndarray, n: int,
                per_round: int, place_actions: int, rounds: int, start_step: int, keep: bool,
                deal_sizes: np.ndarray, reshuffle_sizes: np.ndarray, seg_tiles: np.ndarray,
                seg_before: np.ndarray, seg_after: np.ndarray, seg_points: np.ndarray,
                pair_i: np.ndarray, pair_j: np.ndarray, squid_bonus: int, tiles: int) -> None:
    for g in games:
        _deal(g, hands, discard, start_player, round_, deck, deck_size, reshuffles, reshuffled,
              n, deal_sizes, reshuffle_sizes)

"""Moves nobody at the table chose: a bot's, and the turn timer's default move.

They are computed in the bot pool's worker processes (botpool.py) on the state as their seat
sees it, within a per-move budget, so the event loop never waits for them. Each decision is
seeded from the server's secret, so nobody can work out what a bot will do. When a move cannot
be computed in time (or its worker is lost), the random bot's move is played instead.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from squidbox.bots import make_bot
from squidbox.engine import Action, Game, State

from .botpool import Abandoned, PoolFull, Share, WorkerLost
from .storage import TableRecord

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("squidbox.server")

QUICK_BOTS = ("random", "heuristic")  # the rest search: their moves queue behind these


def bot_seed(secret: bytes, table_id: str, seat: int, version: int, purpose: str) -> int:
    """The seed of one decision of a bot (or of the turn timer, `purpose`): from the server's
    secret, never from the table's seed, which its creator may have chosen and everyone sees
    once the game is over. So nobody can work out what a bot will do."""
    digest = hmac.new(secret, f"{table_id}:{seat}:{version}:{purpose}".encode(),
                      hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def quick_move(game: Game, seed: int, state: State, seat: int) -> Action:
    """The random bot's move: what a bot plays when its own thinking ran past its budget."""
    return make_bot("random", seed, game).choose(state, seat)


def bot_move(game: Game, spec: str, seed: int, state: State, seat: int) -> Action:
    """A bot's choice (runs in a bot worker, on its seat's state). A failing bot plays the first
    listed action rather than stopping the table."""
    try:
        return make_bot(spec, seed, game).choose(state, seat)
    except Abandoned:
        raise
    except Exception:
        log.exception("bot %s failed in %s; playing the first listed action", spec, game.id)
        return state.legal_actions(seat)[0]


def default_move(game: Game, seed: int, state: State, seat: int) -> Action:
    """What the turn timer plays: the heuristic bot's move where the game has a heuristic, else
    the first listed action."""
    if game.evaluate_view is None:
        return state.legal_actions(seat)[0]
    return bot_move(game, "heuristic", seed, state, seat)


def fair_share(record: TableRecord, spec: str) -> Share:
    """A table's place in the bot pool's fair order, for a move of bot `spec`."""
    return Share(creator=record.creator or record.id,
                 people=len(record.bots) < record.players,
                 search=spec.split(":")[0] not in QUICK_BOTS)


async def think(manager: TableManager, share: Share, move: Callable[..., Action], game: Game,
                *args: Any) -> Action:
    """A bot's or timer's move (`move(game, ..., seed, state, seat)`): a random bot's at
    once (it is cheap), any other in the bot pool's processes within the per-move budget,
    in the pool's fair order (`share`). Past the budget, with the creator's queue full or
    its worker lost, the random bot's move (seeded alike) is played instead."""
    *settings, seed, state, seat = args
    if move is bot_move and settings == ["random"]:
        return move(game, *args)
    limits = manager.limits
    try:
        return await manager.bots.run(limits.bot_move_seconds, move, game, *args, share=share)
    except (TimeoutError, PoolFull, WorkerLost) as e:
        reason = {TimeoutError: "budget", PoolFull: "full"}.get(type(e), "lost")
        log.warning("a bot move in %s: %s; playing a random move", game.id,
                    f"ran past {limits.bot_move_seconds:g} s" if reason == "budget" else e)
        manager.metrics.bot_fallbacks.labels(reason).inc()
        return quick_move(game, seed, state, seat)

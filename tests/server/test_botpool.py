"""The bot process pool (server/botpool.py): it plays, keeps moves deterministic and private,
abandons moves past their budget (the worker stops, or is replaced), is bounded, and closes at
once. Real worker processes throughout."""

from __future__ import annotations

import asyncio
import os
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import squidbox
from squidbox.engine import Action, Game, State
from squidbox.server import create_app
from squidbox.server.bot_moves import bot_move
from squidbox.server.botpool import BotPool, PoolFull, WorkerLost

from .helpers import create_table, state_of, wait_for


# ---- functions the tests have workers run (module level, so a worker can import them) -----------
def sleeper(game: Game, seconds: float, seed: int, state: State, seat: int) -> Action:
    """Thinks for `seconds` without ever resampling: a bot that does not notice its deadline."""
    time.sleep(seconds)
    return state.legal_actions(seat)[0]


def dies(game: Game, seed: int, state: State, seat: int) -> Action:
    os._exit(1)  # a worker lost mid-move (killed, out of memory...)


def what_the_worker_has(game: Game, seed: int, state: State, seat: int) -> dict[str, Any]:
    return state.to_json()


def played(game_id: str, players: int, moves: int, seed: int = 3) -> State:
    game = squidbox.get_game(game_id)
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def a_position(game_id: str, players: int = 2) -> tuple[Game, State, int]:
    """A game two moves in, and the seat to move."""
    state = played(game_id, players, 2)
    return squidbox.get_game(game_id), state, state.to_move()[0]


def in_pool(pool: BotPool, budget: float, function: Any, game: Game, *args: Any) -> Any:
    async def run() -> Any:
        try:
            return await pool.run(budget, function, game, *args)
        finally:
            pool.close()
    return asyncio.run(run())


# ---- it plays, like the bot on the true state --------------------------------------------------
@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_the_pool_plays_the_move_the_bot_plays_on_the_true_state(game_id: str) -> None:
    game = squidbox.get_game(game_id)
    specs = ["ismcts:iterations=30", "heuristic"]
    positions = [played(game_id, 3, moves) for moves in (4, 15)]
    jobs = [(spec, 100 + n, state, state.to_move()[0])
            for n, (spec, state) in enumerate((s, p) for s in specs for p in positions)]

    async def run() -> list[Action]:
        pool = BotPool(2, 16)
        try:
            return await asyncio.gather(*(pool.run(20, bot_move, game, spec, seed, state.clone(),
                                                   seat) for spec, seed, state, seat in jobs))
        finally:
            pool.close()

    expected = [bot_move(game, spec, seed, state.clone(), seat) for spec, seed, state, seat in jobs]
    assert asyncio.run(run()) == expected
    assert asyncio.run(run()) == expected  # and again: deterministic for a given seed


def test_a_worker_gets_the_seats_state_never_the_table_state() -> None:
    game = squidbox.get_game("grid_squid")
    truth = played("grid_squid", 3, 6)
    seat = truth.to_move()[0]
    sent = in_pool(BotPool(1, 4), 20, what_the_worker_has, game, 5, truth.clone(), seat)
    seen = game.from_json(sent)
    assert seen.view(seat) == truth.view(seat) and seen.log(seat) == truth.log(seat)
    others = [s for s in range(3) if s != seat]
    # the other hands are redealt: the worker never had them (grid_squid hides them)
    assert [seen.view(s)["state"] for s in others] != [truth.view(s)["state"] for s in others]
    assert sent["rng"] != truth.to_json()["rng"]  # nor the table's future draws


# ---- the budget: abandoned moves stop, or their worker is replaced -------------------------------
def test_a_move_past_its_budget_is_abandoned_and_its_worker_stops_by_itself() -> None:
    game, state, seat = a_position("squid_game", 3)

    async def run() -> None:
        pool = BotPool(1, 4, grace=5.0)
        try:
            began = time.monotonic()
            with pytest.raises(TimeoutError):
                await pool.run(0.3, bot_move, game, "ismcts:iterations=1000000", 1, state, seat)
            assert time.monotonic() - began < 1.0
            worker = pool.workers[0].process
            # the same worker takes the next move at once: it stopped thinking the abandoned one
            began = time.monotonic()
            await pool.run(5.0, bot_move, game, "ismcts:iterations=10", 2, state, seat)
            assert time.monotonic() - began < 2.0
            assert pool.workers[0].process is worker and worker.is_alive()
            assert pool.replaced == 0
        finally:
            pool.close()

    asyncio.run(run())


def test_a_worker_that_ignores_its_deadline_is_killed_and_replaced() -> None:
    game, state, seat = a_position("grid_squid")

    async def run() -> None:
        pool = BotPool(1, 4, grace=0.3)
        try:
            with pytest.raises(TimeoutError):
                await pool.run(0.2, sleeper, game, 60.0, 1, state, seat)
            stuck = pool.workers[0].process
            await asyncio.sleep(0.6)  # past the deadline and its grace
            assert not stuck.is_alive() and pool.replaced == 1
            assert await pool.run(5.0, sleeper, game, 0.0, 1, state, seat) == \
                state.legal_actions(seat)[0]
            assert pool.workers[0].process is not stuck
        finally:
            pool.close()

    asyncio.run(run())


def test_a_worker_lost_mid_move_fails_that_move_and_is_replaced() -> None:
    game, state, seat = a_position("grid_squid")

    async def run() -> None:
        pool = BotPool(1, 4)
        try:
            with pytest.raises(WorkerLost):
                await pool.run(10, dies, game, 1, state, seat)
            assert pool.replaced == 1
            assert await pool.run(10, sleeper, game, 0.0, 1, state, seat) == \
                state.legal_actions(seat)[0]
        finally:
            pool.close()

    asyncio.run(run())


# ---- bounded, and closed at once -----------------------------------------------------------------
def test_the_queue_is_bounded_and_a_move_beyond_it_is_refused_at_once() -> None:
    game, state, seat = a_position("grid_squid")

    async def run() -> None:
        pool = BotPool(1, 2)
        try:
            busy = asyncio.ensure_future(pool.run(10, sleeper, game, 0.5, 1, state, seat))
            while pool.waiting() or not pool.workers:  # the worker has taken the first move
                await asyncio.sleep(0.01)
            queued = [asyncio.ensure_future(pool.run(10, sleeper, game, 0.0, 1, state, seat))
                      for _ in range(2)]
            await asyncio.sleep(0)
            assert pool.waiting() == 2
            began = time.monotonic()
            with pytest.raises(PoolFull):
                await pool.run(10, sleeper, game, 0.0, 1, state, seat)
            assert time.monotonic() - began < 0.1
            assert len(await asyncio.gather(busy, *queued)) == 3  # the others all play
        finally:
            pool.close()

    asyncio.run(run())


def test_closing_kills_a_thinking_worker_without_waiting() -> None:
    game, state, seat = a_position("grid_squid")

    async def run() -> None:
        pool = BotPool(1, 2)
        thinking = asyncio.ensure_future(pool.run(60, sleeper, game, 60.0, 1, state, seat))
        while not pool.workers:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)
        worker = pool.workers[0].process
        began = time.monotonic()
        pool.close()
        thinking.cancel()
        assert time.monotonic() - began < 0.5
        worker.join(2)
        assert not worker.is_alive()

    asyncio.run(run())


# ---- in the server -------------------------------------------------------------------------------
def test_a_table_of_strong_bots_plays_to_the_end_in_worker_processes(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        created = create_table(client, "grid_squid", 2,
                               bots={0: "heuristic", 1: "ismcts:iterations=20"})
        wait_for(lambda: state_of(client, created["table"])["view"]["is_terminal"], timeout=25,
                 what="the bots' game to end")
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert manager.bots.workers, "the moves were not thought in worker processes"
        metrics = client.get("/metrics").text
        assert "squidbox_bot_fallbacks_total{" not in metrics  # no move fell back


def test_random_bots_play_inline_without_workers(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        created = create_table(client, "grid_squid", 2, bots={0: "random", 1: "random"})
        wait_for(lambda: state_of(client, created["table"])["view"]["is_terminal"], timeout=20,
                 what="the random bots' game to end")
        assert not client.app.state.manager.bots.workers  # type: ignore[attr-defined]

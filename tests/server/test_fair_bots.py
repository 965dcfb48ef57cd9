"""Nobody can starve other tables' bots: many tables of strong bots from one creator leave a
table with people its bots' moves within their budget, and another creator's bot tables their
turn. Real worker processes throughout."""

from __future__ import annotations

import asyncio
import time

from fastapi.testclient import TestClient

from squidbox.server import create_app
from squidbox.server.bot_moves import bot_move, bot_seed
from squidbox.server.botpool import BotPool, Share
from squidbox.server.limits import Limits
from tests.server.helpers import create_table, replayed, state_of, tokens_of, wait_for
from tests.server.test_botpool import a_position, sleeper

HOARDER = Share(creator="hoarder", people=False, search=True)


def test_a_person_s_table_is_served_within_budget_past_a_queue_of_long_searches() -> None:
    game, state, seat = a_position("grid_squid")

    async def run() -> tuple[float, list[str]]:
        pool = BotPool(2, 16)
        finished: list[str] = []

        async def move(name: str, seconds: float, budget: float, share: Share) -> None:
            await pool.run(budget, sleeper, game, seconds, 1, state.clone(), seat, share=share)
            finished.append(name)

        try:  # both workers started first (a worker's start is not what is measured)
            await asyncio.gather(*(pool.run(30, sleeper, game, 0.3, 1, state.clone(), seat)
                                   for _ in range(2)))
            assert len(pool.workers) == 2
            hoard = [asyncio.ensure_future(move(f"hoarder {n}", 0.8, 5, HOARDER))
                     for n in range(6)]
            await asyncio.sleep(0.3)  # the hoarder's searches hold the workers they may
            began = time.monotonic()
            await move("person", 0.05, 1.0, Share(creator="hoarder"))  # a table with people
            waited = time.monotonic() - began
            other = asyncio.ensure_future(
                move("other creator", 0.05, 5, Share(creator="other", people=False)))
            await asyncio.gather(*hoard, other)
            return waited, finished
        finally:
            pool.close()

    waited, finished = asyncio.run(run())
    assert waited < 1.0, f"a person's table waited {waited:.2f} s behind another's searches"
    # the other creator's table waits for one of the hoarder's moves at most, not all six
    assert finished.index("other creator") <= finished.index("person") + 2, finished


def test_strong_bot_tables_from_one_address_leave_a_person_s_bot_quick_and_not_random(
        sqlite_url: str) -> None:
    limits = Limits(bot_processes=2, bot_move_seconds=3.0)
    with TestClient(create_app(sqlite_url, web_client=False, limits=limits)) as client:
        for _ in range(6):
            create_table(client, "grid_squid", 2, seed=None,
                         bots={0: "ismcts:iterations=5000", 1: "ismcts:iterations=5000"})
        created = create_table(client, "grid_squid", 2, bots={1: "heuristic"}, seed=None)
        table, token = created["table"], tokens_of(created)[0]
        time.sleep(0.5)  # the strong bots think
        for _ in range(3):
            mine = wait_for(lambda: (lambda m: m if 0 in m["view"]["to_move"] else None)(
                state_of(client, table, token)), timeout=10, what="my turn")
            began = time.monotonic()
            client.post(f"/api/tables/{table}/actions", json={
                "token": token, "action": mine["view"]["legal_actions"][0],
                "version": mine["version"]}).raise_for_status()
            answered = mine["version"] + 2
            wait_for(lambda answered=answered: state_of(client, table)["version"] >= answered,
                     timeout=10,
                     what="the heuristic bot's answer")
            assert time.monotonic() - began < limits.bot_move_seconds
        secret = client.app.state.manager.secret  # type: ignore[attr-defined]
    state = replayed(sqlite_url, table)
    replies = [(index, action) for index, (seat, action) in enumerate(state.history) if seat == 1]
    assert len(replies) >= 3
    for index, action in replies:  # the heuristic's own moves, not random fallbacks
        before = state.game.replay(2, state.seed, state.options, state.history[:index])
        seed = bot_seed(secret, table, 1, index, "bot")
        assert action == bot_move(state.game, "heuristic", seed, before, 1), index


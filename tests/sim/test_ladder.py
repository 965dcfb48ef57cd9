"""`squidbox ladder`: openskill ratings of bot configurations, ranked, with uncertainty."""

import pytest

from squidbox.registry import register, unregister
from squidbox.sim.ladder import Ladder, LadderPlan, format_ladder
from tests.sim.nim import Nim


@pytest.fixture
def nim():
    register(Nim())
    yield "toy_nim"
    unregister("toy_nim")


def test_the_ladder_orders_random_below_heuristic_below_ismcts(squidbox, nim):
    run = squidbox("ladder", nim, "--bots", "ismcts:iterations=100,random,heuristic",
                   "--games", "60", "--workers", "1", "--no-progress")
    assert run.code == 0, run.err
    rows = [line.split() for line in run.out.splitlines() if line[:6].strip().isdigit()]
    assert [row[1] for row in rows] == ["ismcts:iterations=100", "heuristic", "random"]
    ordinals = [float(row[4]) for row in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    assert all(float(row[3]) > 0 for row in rows)  # every rating has its uncertainty (sigma)
    assert sum(int(row[5]) for row in rows) == 2 * 60  # two seats in each game


def test_a_ladder_seats_different_configurations_reproducibly(nim):
    plan = LadderPlan(nim, 2, ("random", "heuristic", "ismcts:iterations=5"), 20, seed=1)
    assert [plan.seats_for(i) for i in range(20)] == [plan.seats_for(i) for i in range(20)]
    assert all(len(set(plan.seats_for(i))) == 2 for i in range(20))
    ladder = Ladder(plan.configs)
    ladder.add({"seats": ["random", "heuristic"], "returns": [0.0, 1.0]})
    assert ladder.ranking()[0][0] == "heuristic"


def test_ranks_the_ladder_cannot_tell_apart_are_named():
    ladder = Ladder(("a", "b", "c"))
    for _ in range(30):  # a and b split their games; both always beat c
        ladder.add({"seats": ["a", "b"], "returns": [1.0, 0.0]})
        ladder.add({"seats": ["b", "a"], "returns": [1.0, 0.0]})
        ladder.add({"seats": ["a", "c"], "returns": [1.0, 0.0]})
        ladder.add({"seats": ["b", "c"], "returns": [1.0, 0.0]})
    text = format_ladder(ladder)
    note = text.split("Not told apart at this sample")[1]
    assert "#1" in note and "#2" in note and "#3" not in note  # c is told apart


@pytest.mark.parametrize(("bots", "message"), [
    ("random", "needs at least 2 bot configurations"),
    ("random,random", "listed twice"),
    ("random,genius", "unknown bot kind 'genius'"),
])
def test_bad_ladders_are_refused(squidbox, bots, message):
    run = squidbox("ladder", "grid_squid", "--bots", bots, "--games", "2", "--workers", "1")
    assert run.code == 2 and message in run.err, run.err

"""Game review: every game can be reviewed, verdicts follow the thresholds, and a review uses
nothing its seat could not see (states resampled from the seat's view give the same review)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

import squidbox
from squidbox.bots import StrongBot, make_bot
from squidbox.bots.ismcts import _Edge
from squidbox.engine import Game, State
from squidbox.record import GameRecord, record_of
from squidbox.review import (
    Estimator,
    Position,
    Review,
    StrongEstimator,
    positions,
    review_positions,
    review_record,
    verdict_of,
)

# (game, options) with short games; Squid Game plays one of its six games alone.
CASES = [("grid_squid", {}), ("squid_circle", {}), ("squid_game", {"game": "marbles"}),
         ("squid_inc", {}), ("directors", {"events": 1})]
ITERATIONS = 4


@cache
def finished_record(game_id: str, seed: int = 1) -> GameRecord:
    """A game between heuristic bots, at the game's fewest players."""
    options = dict(CASES)[game_id]
    game = squidbox.get_game(game_id)
    state = game.new_game(game.min_players, seed=seed, options=options)
    bots = [make_bot("heuristic", seed + seat, game) for seat in range(game.min_players)]
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return record_of(state)


@pytest.mark.parametrize("game_id", [case[0] for case in CASES])
def test_every_game_is_reviewed_decision_by_decision(game_id: str):
    game = squidbox.get_game(game_id)
    record = finished_record(game_id)
    seat = 1
    review = review_record(game, record, seat, ITERATIONS, seed=3)
    replayed = game.new_game(record.players, record.seed, record.options)
    expected = []
    for step, (mover, action) in enumerate(record.actions):
        legal = replayed.legal_actions(mover)
        if mover == seat and len(legal) > 1:
            expected.append((step, action, len(legal), legal))
        replayed.apply(mover, action)
    assert [(d.step, d.action, d.choices) for d in review.decisions] == \
        [entry[:3] for entry in expected]
    assert review.decisions, "the seat decided something"
    for decision, (_, _, _, legal) in zip(review.decisions, expected, strict=True):
        assert decision.best in legal
        assert 0 <= decision.chance <= decision.best_chance <= 1
        assert decision.verdict == verdict_of(decision.best_chance - decision.chance)
    assert sum(review.counts().values()) == len(review.decisions)
    assert Review.from_json(review.to_json()) == review


def test_a_review_is_reproducible_and_its_seed_matters():
    game = squidbox.get_game("grid_squid")
    record = finished_record("grid_squid")
    review = review_record(game, record, 0, ITERATIONS, seed=3)
    assert review_record(game, record, 0, ITERATIONS, seed=3) == review
    assert review_record(game, record, 0, ITERATIONS, seed=4) != review


def test_verdicts_follow_the_documented_thresholds():
    assert [verdict_of(drop) for drop in (0.0, 0.0999, 0.1, 0.1999, 0.2, 0.2999, 0.3, 1.0)] == \
        ["good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


class PeekingBot(StrongBot):
    """A broken search: every iteration starts from the state it is given as it is, hidden
    cards and all."""

    def search(self, state: State, player: int) -> _Edge:
        root = _Edge()
        for _ in range(self.iterations):
            self._iterate(root, state.clone(records=False), player)
        return root


def peeking_estimator(game: Game) -> Estimator:
    estimator = StrongEstimator(game, seed=5, iterations=ITERATIONS)
    estimator.bot = PeekingBot(game, seed=5, iterations=ITERATIONS)
    return estimator


def scrambled(found: list[Position], seat: int, seed: int) -> list[Position]:
    """Each position redealt as the seat's view allows (everything it could not see)."""
    return [Position(p.step, p.state.resample(seat, random.Random(seed * 7919 + p.step),
                                              records=True), p.action) for p in found]


def hidden(state: State) -> tuple[object, object]:
    """What a scramble may change: the game's fields and the generator (future draws)."""
    doc = state.to_json()
    return doc["state"], doc["rng"]


def reviews_of(make: Callable[[Game], Estimator], game_id: str, found: list[Position],
               seat: int) -> Review:
    return review_positions(game_id, seat, found, make(squidbox.get_game(game_id)))


# At 1 iteration nearly every action is one the search left untried, which the estimate scores
# by the evaluation after it on one resample; at 4 the search's own statistics count.
@pytest.mark.parametrize("iterations", [1, ITERATIONS])
@pytest.mark.parametrize("game_id", [case[0] for case in CASES])
def test_a_review_uses_nothing_the_seat_could_not_see(game_id: str, iterations: int):
    game = squidbox.get_game(game_id)
    seat = 0
    found = list(positions(game, finished_record(game_id, 2), seat))[:12]
    assert found

    def honest(game: Game) -> Estimator:
        return StrongEstimator(game, seed=5, iterations=iterations)

    review = reviews_of(honest, game_id, found, seat)
    for seed in (1, 2):
        redealt = scrambled(found, seat, seed)
        assert any(hidden(p.state) != hidden(q.state)
                   for p, q in zip(found, redealt, strict=True)), "the scramble hid nothing"
        assert reviews_of(honest, game_id, redealt, seat) == review


def test_the_no_peeking_check_catches_an_estimator_that_peeks():
    """The check above fails for an estimator that searches the true hidden state."""
    caught = []
    for game_id, _ in CASES:
        game = squidbox.get_game(game_id)
        found = list(positions(game, finished_record(game_id, 2), 0))[:12]
        truth = reviews_of(peeking_estimator, game_id, found, 0)
        caught.append(reviews_of(peeking_estimator, game_id, scrambled(found, 0, 1), 0) != truth)
    assert all(caught), caught


def test_a_bad_budget_or_seat_is_refused():
    game = squidbox.get_game("grid_squid")
    record = finished_record("grid_squid")
    with pytest.raises(ValueError, match="iterations per decision must be 1 to"):
        review_record(game, record, 0, 0)
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        review_record(game, record, 2, 5)

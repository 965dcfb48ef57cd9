"""Game review: how good was each decision of one seat, judged from what that seat could see.

For every decision of the seat that had a choice (more than one legal action), an estimator
gives each legal action's estimated chance that the seat wins (`Estimator.estimate`), from the
state as the seat saw it at that moment. The review keeps the chance after the move made and
after the best move found, and marks the decision by the drop between them:

    drop < 0.10          good
    0.10 <= drop < 0.20  inaccuracy
    0.20 <= drop < 0.30  mistake
    0.30 <= drop         blunder

Chess sites mark moves by the drop in expected points the same way (chess.com: inaccuracy from
0.05, mistake from 0.10, blunder from 0.20; lichess: 0.05, 0.10, 0.15 in winning chance). Our
estimates come from a short search, whose drops are 0.02 to 0.05 off those of a search 10 to
15 times longer at the default budget and which misses some of its marks and makes a few of its
own (`docs/benchmarks.md`, "Game review"); so ours start at 0.10 and are 0.10 wide. A chance is a
share of the game's returns: 1 for a win, 0 for a loss, tied winners share 1.

The estimator is the strong bot's search (`StrongEstimator`, `bots.strong.StrongBot.estimate`:
opponents modelled by the heuristic, short partly greedy playouts scored by the game's
evaluation), each action's mean shrunk towards the mean of all by a prior. Its marks are closer
to a long search's than plain ISMCTS with random playouts gave, at the same or a lower cost in
the long games (`docs/bots.md`, "Game review: why its defaults").

No peeking: the review hands the estimator the state at the decision, and the estimator must use
only what the seat sees there (its legal actions and `state.resample(seat, rng)`). The strong
bot's search does; `tests/review/test_review.py` checks that states resampled from the seat's
view give the same review. The server resamples each state for the seat before its bot pool
sees it (server/reviews.py), so there the true state never reaches the estimator at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from ..bots.strong import StrongBot
from ..engine import Action, Game, State
from ..i18n import N_
from ..record import GameRecord, Replay

DEFAULT_ITERATIONS = 100  # search iterations per decision (docs/benchmarks.md, "Game review")
DEFAULT_PRIOR = 10.0  # playouts' weight of the mean in each action's estimate (the same)
MAX_ITERATIONS = 10_000
# (lowest drop, verdict), from the worst: a drop at or above the bound earns the verdict.
THRESHOLDS: tuple[tuple[float, str], ...] = (
    (0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy"))
VERDICTS = ("good", "inaccuracy", "mistake", "blunder")
VERDICT_WORDS = {"good": N_("good"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
                 "blunder": N_("blunder")}


class Estimator(Protocol):
    """Estimates, for each of `player`'s legal actions in `state`, the chance in [0, 1] that
    `player` wins after it. It may use only what `player` sees: `state.legal_actions(player)`,
    `state.view(player)`, `state.log(player)` and `state.resample(player, rng)`."""

    def estimate(self, state: State, player: int) -> dict[Action, float]: ...


class StrongEstimator:
    """The strong bot's search (`bots.strong.StrongBot.estimate`) as chances, each action's
    mean shrunk towards the mean of all the root's playouts by `prior` playouts' weight: the
    search soon stops trying a move after a few poor playouts, and those few say little
    (`docs/bots.md`, "Game review: why its defaults")."""

    def __init__(self, game: Game, seed: int = 0, iterations: int = DEFAULT_ITERATIONS,
                 prior: float = DEFAULT_PRIOR) -> None:
        self.bot = StrongBot(game, seed, iterations)
        self.prior = prior

    def estimate(self, state: State, player: int) -> dict[Action, float]:
        return self.bot.estimate(state, player, self.prior)


@dataclass(frozen=True)
class Decision:
    """One decision reviewed: the seat's action number `step` (from 0: the state before it is
    the replay's step `step`, the state after it step `step + 1`)."""

    step: int
    action: Action
    chance: float  # the seat's estimated chance of winning after `action` (to 4 places)
    best: Action  # the best action the estimator found
    best_chance: float
    choices: int  # how many legal actions the seat had

    @property
    def drop(self) -> float:
        return round(max(0.0, self.best_chance - self.chance), 4)

    @property
    def verdict(self) -> str:
        return verdict_of(self.drop)

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "action": self.action, "chance": self.chance,
                "best": self.best, "best_chance": self.best_chance,
                "choices": self.choices, "drop": self.drop, "verdict": self.verdict}


@dataclass(frozen=True)
class Review:
    """A seat's review of one game: its decisions in order, and how they were estimated."""

    game: str
    seat: int
    iterations: int
    seed: int
    decisions: tuple[Decision, ...]

    def counts(self) -> dict[str, int]:
        """How many decisions earned each verdict."""
        found = {verdict: 0 for verdict in VERDICTS}
        for decision in self.decisions:
            found[decision.verdict] += 1
        return found

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seat": self.seat, "iterations": self.iterations,
                "seed": self.seed, "thresholds": {verdict: bound for bound, verdict in THRESHOLDS},
                "counts": self.counts(),
                "decisions": [decision.to_json() for decision in self.decisions]}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Review:
        decisions = tuple(Decision(d["step"], d["action"], d["chance"], d["best"],
                                   d["best_chance"], d["choices"]) for d in doc["decisions"])
        return cls(doc["game"], doc["seat"], doc["iterations"], doc["seed"], decisions)


def verdict_of(drop: float) -> str:
    for bound, verdict in THRESHOLDS:
        if drop >= bound - 1e-9:  # 0.3 - 0.2 is 0.09999999999999998 in floating point
            return verdict
    return "good"


@dataclass(frozen=True)
class Position:
    """A decision to review: the state before the seat's action number `step`, and the action."""

    step: int
    state: State
    action: Action


def positions(game: Game, record: GameRecord, seat: int) -> Iterator[Position]:
    """The decisions of `seat` in a game record that had a choice, with the true state before
    each (replayed from the record; the caller makes sure the game replays)."""
    state = game.new_game(record.players, record.seed, record.options, record.engine_format)
    for step, (mover, action) in enumerate(record.actions):
        if mover == seat and len(state.legal_actions(seat)) > 1:
            yield Position(step, state.clone(records=False), action)
        state.apply(mover, action)


def review_positions(game_id: str, seat: int, found: Iterable[Position],
                     estimator: Estimator, iterations: int = 0, seed: int = 0) -> Review:
    """Review each position with `estimator` (`iterations` and `seed` are only noted)."""
    decisions = []
    for position in found:
        chances = estimator.estimate(position.state, seat)
        if position.action not in chances:
            raise ValueError(f"the estimate at step {position.step} lacks the action played "
                             f"({position.action!r})")
        best = max(chances, key=lambda action: chances[action])
        if chances[position.action] >= chances[best]:  # a tie: the move made was best
            best = position.action
        decisions.append(Decision(position.step, position.action,
                                  round(chances[position.action], 4), best,
                                  round(chances[best], 4), len(chances)))
    return Review(game_id, seat, iterations, seed, tuple(decisions))


def review_record(game: Game, record: GameRecord, seat: int,
                  iterations: int = DEFAULT_ITERATIONS, seed: int = 0) -> Review:
    """The review of `seat`'s decisions in a game record, by the strong bot's search with
    `iterations` per decision."""
    check_budget(iterations)
    if not 0 <= seat < record.players:
        raise ValueError(f"seat must be 0 to {record.players - 1} for this {record.players}-"
                         f"player game, not {seat}")
    estimator = StrongEstimator(game, seed, iterations)
    return review_positions(game.id, seat, positions(game, record, seat), estimator,
                            iterations, seed)


def check_budget(iterations: int) -> None:
    if type(iterations) is not int or not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations per decision must be 1 to {MAX_ITERATIONS}, "
                         f"not {iterations!r}")


def move_labels(replay: Replay, review: Review) -> list[tuple[str, str]]:
    """Each decision's move made and best move in words, as the seat's page labelled them then
    (in the reader's language)."""
    labels = []
    for decision in review.decisions:
        view = replay.state_at(decision.step).view(review.seat)
        labels.append((replay.game.action_label(view, decision.action),
                       replay.game.action_label(view, decision.best)))
    return labels

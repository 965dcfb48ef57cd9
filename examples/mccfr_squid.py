"""Learn SQUID by counterfactual regret minimisation: OpenSpiel's outcome-sampling MCCFR on the
squidbox OpenSpiel game, then the learned policy plays through the engine.

    python examples/mccfr_squid.py [--iterations 6000] [--out squid_mccfr.png]

The game is SQUID's smallest table: 2 players, 2 characters each in the circle
(docs/research.md: about 120,000 histories under each deal, far too many for a table keyed by
everything a seat has seen). So the regrets are kept per *abstract* information state, written
from the seat's own view only: the phase, who owns each character counting clockwise from the
guard, whose character is threatened, the revealed guard action, whether a Schnelles Spiel is
running, and the legal actions (which say the tricks in hand that fit the moment). Seats that
see the same abstract state share a strategy (imperfect recall: an abstraction, not the full
game).

Every --eval-every iterations the average strategy plays --eval-games games against the random
and the heuristic bot through the engine, on deals the training never saw; the learning curve
(win rate with 95% Wilson intervals against iterations) is saved to --out, and the last
checkpoint's --final-games games give the printed result, beside the heuristic bot's own win
rate against the random bot on the same deals, for scale.

What to expect (docs/research.md): the learned strategy beats the random bot and the uniform
strategy it starts from, but not the heuristic. MCCFR moves towards an equilibrium of the
abstract game, and the abstraction leaves out much of what the heuristic weighs.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr

import squidbox
from squidbox.adapters import openspiel
from squidbox.bots import make_bot
from squidbox.sim.stats import wilson_interval

GAME_ID = "squid_circle"
OPTIONS = {"characters": 2}
PLAYERS = 2
OPPONENTS = ("random", "heuristic")
EVAL_SEEDS = 10**6  # evaluation deals start here: the training draws seeds below 1000


def abstract_key(view: dict[str, Any], legal: list[str]) -> str:
    """What a seat's strategy depends on, from its own view."""
    seat, state = view["seat"], view["state"]
    players = view["num_players"]

    def whose(owner: int) -> str:
        return "me" if owner == seat else f"+{(owner - seat) % players}"

    circle = state["circle"]
    guard = state["guard"] or 0
    around = [whose(circle[(guard + i) % len(circle)]["seat"]) for i in range(len(circle))]
    threatened = state["threatened"]
    return "|".join([
        state["phase"],
        ",".join(around) if state["guard"] is not None else "no guard",
        "-" if threatened is None else whose(threatened),
        str(state["revealed"]),
        "quick" if state["quick_game"] else "",
        ",".join(legal),
    ])


class AbstractState(openspiel.SpielState):
    """The squidbox OpenSpiel state with the abstract key as its information state."""

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        if self.inner is None:
            return "before the deal"
        return abstract_key(self.inner.view(seat), self.inner.legal_actions(seat))


class AbstractGame:
    """The squidbox OpenSpiel game, starting AbstractStates (everything else passes through)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def new_initial_state(self) -> AbstractState:
        return AbstractState(self.game)


class LearnedBot:
    """Plays the solver's average strategy through the engine; a uniform choice in abstract
    states the training never reached."""

    def __init__(self, game: Any, solver: Any, seed: int) -> None:
        self.game = game
        self.policy = solver.average_policy()
        self.rng = np.random.default_rng(seed)

    def choose(self, state: squidbox.State, seat: int) -> str:
        wrapped = AbstractState(self.game, inner=state)
        probabilities = self.policy.action_probabilities(wrapped, seat)
        actions = list(probabilities)
        weights = np.array([probabilities[a] for a in actions])
        action = actions[self.rng.choice(len(actions), p=weights / weights.sum())]
        return state.game.action_from_id(int(action))


def match(learned: Any, opponent: str, games: int, first_seed: int) -> float:
    """The wins of `learned` (a bot: anything with choose(state, seat)) against `opponent` over
    `games` engine games, taking seat 0 in even games and seat 1 in odd ones (a shared win
    would count its share)."""
    game = squidbox.get_game(GAME_ID)
    seeds = random.Random(first_seed)
    wins = 0.0
    for index in range(games):
        learner = index % 2
        other = make_bot(opponent, seeds.getrandbits(32), game)
        state = game.new_game(PLAYERS, seed=first_seed + index, options=OPTIONS)
        while not state.is_terminal():
            seat = min(state.to_move())
            bot = learned if seat == learner else other
            state.apply(seat, bot.choose(state, seat))
        wins += state.returns()[learner]
    return wins


def evaluate(game: Any, solver: Any, games: int, seed: int) -> dict[str, tuple[float, ...]]:
    """Win rate against each opponent, with its 95% Wilson interval."""
    results = {}
    for k, opponent in enumerate(OPPONENTS):
        learned = LearnedBot(game, solver, seed + k)
        wins = match(learned, opponent, games, EVAL_SEEDS + 10**4 * k)
        results[opponent] = (wins / games, *wilson_interval(wins, games))
    return results


def train(iterations: int, eval_every: int, eval_games: int, seed: int
          ) -> tuple[Any, Any, list[tuple[int, float, dict]]]:
    """MCCFR with a checkpoint every eval_every iterations: (game, solver, curve)."""
    np.random.seed(seed)  # the solver samples with NumPy's global generator
    game = pyspiel.load_game(openspiel.short_name(GAME_ID), {
        "players": PLAYERS, "options": openspiel.json.dumps(OPTIONS)})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(AbstractGame(game))
    curve: list[tuple[int, float, dict]] = []
    start = time.perf_counter()
    for done in range(iterations + 1):
        if done:
            solver.iteration()
        if done % eval_every == 0 or done == iterations:
            elapsed = time.perf_counter() - start
            curve.append((done, elapsed, evaluate(game, solver, eval_games, seed)))
            print(f"{done} iterations, {elapsed:.0f} s, {len(solver._infostates)} abstract "
                  "states, win rate against " +
                  ", ".join(f"{o} {r[0]:.3f}" for o, r in curve[-1][2].items()), flush=True)
    return game, solver, curve


def plot(curve: list[tuple[int, float, dict]], path: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    iterations = [point[0] for point in curve]
    for opponent in OPPONENTS:
        rates = np.array([point[2][opponent] for point in curve])
        axes.plot(iterations, rates[:, 0], marker="o", label=f"against {opponent}")
        axes.fill_between(iterations, rates[:, 1], rates[:, 2], alpha=0.2)
    axes.axhline(1 / PLAYERS, color="grey", linestyle=":", label="even")
    axes.set(xlabel="MCCFR iterations", ylabel="win rate (95% Wilson interval)",
             title="SQUID, 2 players, 2 characters: outcome-sampling MCCFR", ylim=(0, 1))
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv: list[str] | None = None) -> dict[str, tuple[float, ...]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=6000)
    parser.add_argument("--eval-every", type=int, default=1000)
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--final-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="squid_mccfr.png")
    args = parser.parse_args(argv)
    game, solver, curve = train(args.iterations, args.eval_every, args.eval_games, args.seed)
    plot(curve, args.out)
    final = evaluate(game, solver, args.final_games, args.seed + 1)
    for opponent, (rate, low, high) in final.items():
        print(f"against {opponent}: won {rate:.3f} of {args.final_games} games "
              f"(95% Wilson {low:.3f}-{high:.3f})")
    game_rules = squidbox.get_game(GAME_ID)
    heuristic = make_bot("heuristic", args.seed, game_rules)
    wins = match(heuristic, "random", args.final_games, EVAL_SEEDS)  # the same deals as above
    low, high = wilson_interval(wins, args.final_games)
    print(f"for scale, the heuristic against random: won {wins / args.final_games:.3f} "
          f"(95% Wilson {low:.3f}-{high:.3f})")
    print(f"learning curve: {args.out}")
    return final


if __name__ == "__main__":
    main()

"""How much one step of look-ahead over the heuristic can win: a rollout bot against it.

The rollout bot (Tesauro and Galperin's Monte Carlo policy improvement) scores each legal
action by `--rollouts` games played to the end by the heuristic for every seat, each from a
state redealt from what the deciding seat has seen (it never reads hidden state), the same
redeal for every action (common random numbers), and takes the best. Against heuristic seats
this is the heuristic improved by one exact-as-sampling step: when it wins little more than its
share, the heuristic's own decisions are close to the best a seat can make against it one step
at a time, and search with the heuristic as its opponent model has little to find.

    python benchmarks/rollout_improvement.py --game squid_circle --games 100 --rollouts 40

Prints the rollout bot's win rate in one seat (rotating, game i dealt from seed i) with its
95 % Wilson interval, and its CPU seconds per decision; a running tally goes to stderr.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import squidbox
from squidbox.bots import Bot, make_bot
from squidbox.engine import Action, Game, State
from squidbox.sim.stats import wilson_interval

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_strength import played  # noqa: E402


class RolloutBot:
    """The heuristic improved by one step of sampled look-ahead; sees only its seat."""

    def __init__(self, game: Game, rollouts: int, seed: int) -> None:
        self.game = game
        self.rollouts = rollouts
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.rollouts):
            world = state.resample(seat, self.rng)
            seed = self.rng.getrandbits(32)
            for action in legal:
                after = world.clone()
                after.apply(seat, action)
                totals[action] += self._played_out(after, seed)[seat]
        best = max(totals.values())
        return self.rng.choice([a for a in legal if totals[a] >= best - 1e-9])

    def _played_out(self, state: State, seed: int) -> list[float]:
        bots = [make_bot("heuristic", seed + seat, self.game) for seat in range(state.num_players)]
        while not state.is_terminal():
            mover = state.to_move()[0]
            state.apply(mover, bots[mover].choose(state, mover))
        return state.returns()


def play(game: Game, players: int, rollouts: int, index: int) -> tuple[float, float, int]:
    """Game `index`: the rollout bot in seat index % players, the heuristic elsewhere, seeded
    as bot_strength.py seeds its bots."""
    seat = index % players
    bots: list[Bot] = [RolloutBot(game, rollouts, 1000 * index) if s == seat
                       else make_bot("heuristic", 1000 * index + s, game) for s in range(players)]
    return played(game, bots, seat, index)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="squid_circle")
    parser.add_argument("--players", type=int, help="default: the game's smallest count")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=40, help="per action and decision")
    args = parser.parse_args()
    game = squidbox.get_game(args.game)
    players = args.players or game.min_players
    wins, cpu, decisions = 0.0, 0.0, 0
    for index in range(args.games):
        won, seconds, made = play(game, players, args.rollouts, index)
        wins, cpu, decisions = wins + won, cpu + seconds, decisions + made
        print(f"{wins:g} of {index + 1}", file=sys.stderr, flush=True)
    low, high = wilson_interval(wins, args.games)
    print(f"| {args.game} | {players} | rollout ({args.rollouts} a move) | heuristic "
          f"| {args.games} | {wins / args.games:.3f} ({low:.3f}–{high:.3f}) | {1 / players:.3f} "
          f"| {cpu / max(decisions, 1):.3f} |")


if __name__ == "__main__":
    main()

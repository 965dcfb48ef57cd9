"""Decisions per second of every squidbox game beside OpenSpiel's own Python games, in one run.

    .venv/bin/python benchmarks/openspiel_compare.py [--seconds 3] [--largest]

Each row plays uniformly random games for the given time in one process and counts decisions
(player actions; chance outcomes are not counted). squidbox games are measured twice: natively
(squidbox's own API) and through the OpenSpiel adapter (pyspiel's Python-game API), so the
adapter's overhead shows; each game at its smallest player count, and with --largest at its
largest too. Needs `pip install squidbox[rl]`.
"""

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python import games as _openspiel_python_games  # noqa: F401  (registers them)

import squidbox
from squidbox.adapters import openspiel
from squidbox.bench import python_description, random_playouts

OPENSPIEL_GAMES = ["python_tic_tac_toe", "python_kuhn_poker", "python_liars_poker"]


def spiel_decisions_per_second(game, seconds: float) -> tuple[float, float]:
    rng = np.random.RandomState(0)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randint(len(legal))])
                decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--largest", action="store_true",
                        help="each game at its largest player count too")
    args = parser.parse_args()
    print(f"Random playouts, {python_description()}, {args.seconds:g} s per row\n")
    print("| game | players | API | games/s | decisions/s |")
    print("|---|---|---|---:|---:|")
    for name in OPENSPIEL_GAMES:
        game = pyspiel.load_game(name)
        games, decisions = spiel_decisions_per_second(game, args.seconds)
        print(f"| {name} | {game.num_players()} | OpenSpiel | {games:,.0f} | {decisions:,.0f} |")
    for game in squidbox.list_games():
        counts = (game.min_players, game.max_players) if args.largest else (game.min_players,)
        for n in counts:
            native = random_playouts(game, n, args.seconds)
            print(f"| {game.id} | {n} | squidbox | {native.games_per_second:,.0f} "
                  f"| {native.decisions_per_second:,.0f} |")
            spiel_game = pyspiel.load_game(openspiel.short_name(game.id), {"players": n})
            games, decisions = spiel_decisions_per_second(spiel_game, args.seconds)
            print(f"| {game.id} | {n} | OpenSpiel adapter | {games:,.0f} | {decisions:,.0f} |")


if __name__ == "__main__":
    main()

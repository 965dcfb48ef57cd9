"""Decisions per second of every squidbox game beside OpenSpiel's own Python games, in one run.

    .venv/bin/python benchmarks/openspiel_compare.py [--seconds 3] [--largest]

Each row plays uniformly random games for the given time in one process and counts decisions
(player actions; chance outcomes are not counted). squidbox games are measured twice: natively
(squidbox's own API) and through the OpenSpiel adapter (pyspiel's Python-game API), so the
adapter's overhead shows; each game at its smallest player count, and with --largest at its
largest too. Needs `pip install squidbox[rl]`.

Rates are per wall-clock second and per CPU second of this process; on a shared, loaded machine
only the CPU-second figures are comparable between rows, and the last column is each row's
CPU-second rate over `python_tic_tac_toe`'s (the issue-15 target: at least 2.5x).
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
    games, decisions, _ = spiel_rates(game, seconds)
    return games, decisions


def spiel_rates(game, seconds: float) -> tuple[float, float, float]:
    """Games and decisions per wall-clock second, and decisions per CPU second."""
    rng = np.random.RandomState(0)
    games = decisions = 0
    cpu = time.process_time()
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
    return games / elapsed, decisions / elapsed, decisions / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--largest", action="store_true",
                        help="each game at its largest player count too")
    args = parser.parse_args()
    print(f"Random playouts, {python_description()}, {args.seconds:g} s per row\n")
    print("| game | players | API | games/s | decisions/s | decisions per CPU s | /ttt |")
    print("|---|---|---|---:|---:|---:|---:|")
    ttt = 0.0

    def row(name: str, n: int, api: str, games: float, decisions: float, cpu: float) -> None:
        print(f"| {name} | {n} | {api} | {games:,.0f} | {decisions:,.0f} | {cpu:,.0f} "
              f"| {cpu / ttt:.2f}× |")

    for name in OPENSPIEL_GAMES:
        game = pyspiel.load_game(name)
        rates = spiel_rates(game, args.seconds)
        ttt = ttt or rates[2]  # the first: python_tic_tac_toe
        row(name, game.num_players(), "OpenSpiel", *rates)
    for game in squidbox.list_games():
        counts = (game.min_players, game.max_players) if args.largest else (game.min_players,)
        for n in counts:
            native = random_playouts(game, n, args.seconds)
            row(game.id, n, "squidbox", native.games_per_second, native.decisions_per_second,
                native.decisions_per_cpu_second)
            spiel_game = pyspiel.load_game(openspiel.short_name(game.id), {"players": n})
            row(game.id, n, "OpenSpiel adapter", *spiel_rates(spiel_game, args.seconds))


if __name__ == "__main__":
    main()

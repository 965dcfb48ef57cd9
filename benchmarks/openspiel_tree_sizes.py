"""How large is each game's tree for one deal, and which OpenSpiel solvers can walk it?

The OpenSpiel game (squidbox.adapters.openspiel) is one chance node choosing the deal (`seeds`
of them), then the engine's decisions; so the tree under one deal is the engine's, walked here
level by level with `State.clone`, up to a node cap and a time cap. A tree that finishes is
counted exactly (histories, terminals, depth); a cut one gives its first levels, enough to see
the branching. With `--cfr`, one iteration of OpenSpiel's C++ CFR and a NashConv run on the
one-deal OpenSpiel game of each complete tree, timed.

    .venv/bin/python benchmarks/openspiel_tree_sizes.py [GAME_ID ...] [--nodes 300000]
        [--seconds 30] [--cfr]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import squidbox

# The smallest configuration of each game (fewest players, fewest pieces), and Squid Game's
# single games with one token per team.
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("grid_squid", 2, {}),
    ("squid_circle", 2, {"characters": 2}),
    ("squid_circle", 2, {}),
    ("squid_game", 3, {"game": "marbles", "tokens": 1}),
    ("squid_game", 3, {"game": "tug_of_war", "tokens": 1}),
    ("squid_game", 3, {"game": "dalgona", "tokens": 1}),
    ("squid_game", 3, {"game": "red_light_green_light", "tokens": 1}),
    ("squid_game", 3, {"game": "glass_bridge", "tokens": 1}),
    ("squid_game", 3, {"game": "squid_game", "tokens": 1}),
    ("squid_inc", 2, {}),
    ("directors", 2, {}),
]


def walk(game_id: str, players: int, options: dict[str, Any], max_nodes: int,
         seconds: float) -> dict[str, Any]:
    game = squidbox.get_game(game_id)
    level = [game.new_game(players, seed=0, options=options)]
    nodes = terminals = 0
    widths = []
    start = time.perf_counter()
    while level and nodes < max_nodes and time.perf_counter() - start < seconds:
        widths.append(len(level))
        nodes += len(level)
        below = []
        for state in level:
            if state.is_terminal():
                terminals += 1
                continue
            seat = min(state.to_move())
            for action in state.legal_actions(seat):
                child = state.clone(records=False)
                child.apply(seat, action)
                below.append(child)
        level = below
    return {"game": game_id, "players": players, "options": options, "complete": not level,
            "histories": nodes, "terminals": terminals, "levels": len(widths),
            "widths": widths, "seconds": round(time.perf_counter() - start, 1)}


def time_cfr(game_id: str, players: int, options: dict[str, Any]) -> dict[str, float]:
    import pyspiel

    from squidbox.adapters import openspiel

    game = pyspiel.load_game(openspiel.short_name(game_id), {
        "players": players, "options": json.dumps(options), "seeds": 1})
    start = time.perf_counter()
    solver = pyspiel.CFRSolver(game)
    solver.evaluate_and_update_policy()
    iteration = time.perf_counter() - start
    start = time.perf_counter()
    nash_conv = pyspiel.nash_conv(game, solver.average_policy())
    return {"cfr_iteration_s": round(iteration, 1), "nash_conv": round(nash_conv, 4),
            "nash_conv_s": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all the cases)")
    parser.add_argument("--nodes", type=int, default=300_000)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--cfr", action="store_true")
    args = parser.parse_args()
    for game_id, players, options in CASES:
        if args.games and game_id not in args.games:
            continue
        row = walk(game_id, players, options, args.nodes, args.seconds)
        if args.cfr and row["complete"]:
            row.update(time_cfr(game_id, players, options))
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()

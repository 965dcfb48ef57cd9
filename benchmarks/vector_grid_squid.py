"""Batched Grid Squid beside the engine, in one run: decisions per second of random playouts.

    python benchmarks/vector_grid_squid.py --batch 10000 --seconds 5

For each player count: the engine's own random playouts (one game at a time, as `squidbox bench`)
then the batch on each installed backend (numpy, numba, jax) with uniformly random legal actions,
auto-reset with the engine's seeded deals included and no observations built. Prints the ratio to
the engine, the share of the time spent dealing, and the state memory per game. Rates are per
second of this process's CPU time (wall-clock rates are printed after the table): on a machine
shared with other work, CPU time counts only the cycles this process got."""

from __future__ import annotations

import argparse
import importlib.util

from squidbox import get_game
from squidbox.bench import python_description, random_playouts, vector_playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batch", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=5.0, help="per measurement")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--advanced", action="store_true", help="the Advanced rule")
    args = parser.parse_args()
    options = {"advanced": True} if args.advanced else {}
    backends = ["numpy"] + [b for b in ("numba", "jax") if importlib.util.find_spec(b)]
    game = get_game("grid_squid")
    print(f"grid_squid {options or 'basic'}, batch {args.batch}, {args.seconds} s each; "
          f"{python_description()}")
    print("| players | engine dec/s | " + " | ".join(f"{b} dec/s (× engine, % dealing)"
                                                     for b in backends) + " | bytes/game |")
    print("|---|---:|" + "---:|" * len(backends) + "---:|")
    wall = []
    for n in args.players:
        engine = random_playouts(game, n, args.seconds, 0, options)
        base = engine.decisions_per_cpu_second
        cells = []
        walls = [f"engine {engine.decisions_per_second:,.0f}"]
        for backend in backends:
            r = vector_playouts("grid_squid", n, args.batch, args.seconds, backend, 0, options)
            rate = r.decisions_per_cpu_second
            cells.append(f"{rate:,.0f} ({rate / base:.1f}×, {r.deal_seconds / r.seconds:.0%})")
            walls.append(f"{backend} {r.decisions_per_second:,.0f}")
        print(f"| {n} | {base:,.0f} | " + " | ".join(cells) + f" | {r.bytes_per_game} |",
              flush=True)
        wall.append(f"{n} players: " + ", ".join(walls))
    print("decisions per wall-clock second: " + "; ".join(wall))


if __name__ == "__main__":
    main()

"""Random-playout speed of every registered game (or those named), as a Markdown table.

    .venv/bin/python benchmarks/random_playouts.py [game_id ...] [--seconds 5]

One process, so one core. A decision is one `apply` call; no checks run.
"""

import argparse

import squidbox
from squidbox.bench import bench, python_description


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=5.0, help="per player count")
    args = parser.parse_args()
    games = [squidbox.get_game(g) for g in args.games] or squidbox.list_games()
    print(f"Random playouts, {python_description()}, {args.seconds:g} s per row\n")
    print("| game | players | games/s | decisions/s |")
    print("|---|---|---:|---:|")
    for game in games:
        for result in bench(game, seconds=args.seconds):
            print(f"| {game.id} | {result.num_players} | {result.games_per_second:,.0f} "
                  f"| {result.decisions_per_second:,.0f} |")


if __name__ == "__main__":
    main()

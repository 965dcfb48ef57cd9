"""How noisy a game review is, and how long it takes, per game and search budget.

    .venv/bin/python benchmarks/review_noise.py [game_id ...] [--iterations 50,100,400]
        [--games 2] [--seeds 2]

For each game at its fewest players, `--games` games between heuristic bots are reviewed for
seat 0 with `--seeds` different review seeds at each budget. Printed per budget: the CPU seconds
of one review (mean), the decisions reviewed, the mean absolute difference of a decision's drop
between two seeds (the noise the verdict thresholds must stand above), the share of decisions
whose verdict agrees between two seeds, and the share of decisions marked other than good.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

import squidbox
from squidbox.bots import make_bot
from squidbox.engine.record import GameRecord, record_of
from squidbox.review import Review, review_record

GAMES = ("grid_squid", "squid_circle", "squid_game", "squid_inc", "directors")


def heuristic_game(game_id: str, seed: int) -> GameRecord:
    game = squidbox.get_game(game_id)
    players = game.min_players
    state = game.new_game(players, seed=seed)
    bots = [make_bot("heuristic", seed * 10 + seat, game) for seat in range(players)]
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return record_of(state)


def measure(game_id: str, iterations: int, games: int, seeds: int) -> dict[str, float]:
    game = squidbox.get_game(game_id)
    seconds, decisions, differences, agree, marked = [], 0, [], [], []
    for number in range(games):
        record = heuristic_game(game_id, number)
        reviews: list[Review] = []
        for seed in range(seeds):
            start = time.process_time()
            reviews.append(review_record(game, record, 0, iterations, seed))
            seconds.append(time.process_time() - start)
        decisions += len(reviews[0].decisions)
        for one, other in itertools.combinations(reviews, 2):
            for a, b in zip(one.decisions, other.decisions, strict=True):
                differences.append(abs(a.drop - b.drop))
                agree.append(a.verdict == b.verdict)
        marked += [d.verdict != "good" for review in reviews for d in review.decisions]
    return {"seconds": statistics.mean(seconds), "decisions": decisions / games,
            "noise": statistics.mean(differences), "agree": statistics.mean(agree),
            "marked": statistics.mean(marked)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--iterations", default="50,100,400")
    parser.add_argument("--games", type=int, default=2, dest="count")
    parser.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args()
    budgets = [int(text) for text in args.iterations.split(",")]
    print(f"{'game':13} {'iter':>5} {'s/review':>9} {'decisions':>9} {'|Δdrop|':>8} "
          f"{'agree':>6} {'marked':>7}")
    for game_id in args.games:
        for iterations in budgets:
            found = measure(game_id, iterations, args.count, args.seeds)
            print(f"{game_id:13} {iterations:>5} {found['seconds']:>9.2f} "
                  f"{found['decisions']:>9.0f} {found['noise']:>8.3f} {found['agree']:>6.2f} "
                  f"{found['marked']:>7.2f}", flush=True)


if __name__ == "__main__":
    main()

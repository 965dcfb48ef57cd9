"""How far a game review at a small budget is from one at a large budget, and what it costs.

    .venv/bin/python benchmarks/review_noise.py [game_id ...] [--iterations 100,200]
        [--reference 3000] [--games 2] [--seeds 2] [--prior 2,10]

For each game at its fewest players, `--games` games between heuristic bots are reviewed for
seat 0 once at `--reference` iterations per decision (the stand-in for the truth) and, with
`--seeds` review seeds, at each budget of `--iterations` and each shrinkage `--prior` of
`review.StrongEstimator` (the reference has no prior). Printed per budget and prior:
the CPU seconds of one review (mean), the decisions reviewed per game, the mean absolute
difference between a decision's drop and the reference's, the share of verdicts equal to the
reference's, the share of decisions marked (not good) beside the reference's share, and the
share of false marks (decisions marked that the reference finds good).
"""

from __future__ import annotations

import argparse
import statistics
import time

import squidbox
from squidbox.bots import make_bot
from squidbox.record import GameRecord, record_of
from squidbox.review import StrongEstimator, positions, review_positions

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


def measure(game_id: str, budgets: list[int], priors: list[float], reference: int, games: int,
            seeds: int) -> None:
    game = squidbox.get_game(game_id)
    # (iterations, prior) -> [(seconds, [(drop error, same verdict, marked, marked by ref)])]
    found: dict[tuple[int, float], list[tuple[float, list[tuple[float, bool, bool, bool]]]]] = {}
    decisions = 0
    for number in range(games):
        positioned = list(positions(game, heuristic_game(game_id, number), 0))
        decisions += len(positioned)
        truth = review_positions(game_id, 0, positioned,
                                 StrongEstimator(game, 10_000 + number, reference, prior=0))
        for iterations in budgets:
            for prior in priors:
                for seed in range(seeds):
                    start = time.process_time()
                    review = review_positions(game_id, 0, positioned,
                                              StrongEstimator(game, seed, iterations, prior))
                    seconds = time.process_time() - start
                    found.setdefault((iterations, prior), []).append((seconds, [
                        (abs(a.drop - b.drop), a.verdict == b.verdict, a.verdict != "good",
                         b.verdict != "good")
                        for a, b in zip(review.decisions, truth.decisions, strict=True)]))
    for (iterations, prior), runs in found.items():
        rows = [row for _seconds, part in runs for row in part]
        print(f"{game_id:13} {iterations:>5} {prior:>5g} "
              f"{statistics.mean(s for s, _part in runs):>9.2f} {decisions / games:>9.0f} "
              f"{statistics.mean(r[0] for r in rows):>8.3f} "
              f"{statistics.mean(r[1] for r in rows):>6.2f} "
              f"{statistics.mean(r[2] for r in rows):>7.2f} "
              f"{statistics.mean(r[3] for r in rows):>7.2f} "
              f"{statistics.mean(r[2] and not r[3] for r in rows):>6.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--iterations", default="100,200")
    parser.add_argument("--reference", type=int, default=3000)
    parser.add_argument("--prior", default="2,10")
    parser.add_argument("--games", type=int, default=2, dest="count")
    parser.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args()
    budgets = [int(text) for text in args.iterations.split(",")]
    priors = [float(text) for text in args.prior.split(",")]
    print(f"reference: {args.reference} iterations per decision; seat 0 of "
          f"{args.count} heuristic games per game; {args.seeds} review seeds")
    print(f"{'game':13} {'iter':>5} {'prior':>5} {'s/review':>9} {'decisions':>9} "
          f"{'|Δdrop|':>8} {'same':>6} {'marked':>7} {'ref':>7} {'false':>6}")
    for game_id in args.games:
        measure(game_id, budgets, priors, args.reference, args.count, args.seeds)


if __name__ == "__main__":
    main()

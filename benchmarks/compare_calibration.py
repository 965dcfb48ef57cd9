"""How often `squidbox compare` answers wrongly, on synthetic pairs with a known change, as a
Markdown table (src/squidbox/sim/calibration.py says what a pair is and what counts as wrong).

    .venv/bin/python benchmarks/compare_calibration.py [--runs 1000] [--max-pairs 400]
        [--coupling common|separate]

Changes in seat 0's win rate: 0, the margin, 1.2x and 2x the margin; both couplings (or the one
named). Every error rate must be at most 5% (the level `compare` states). One process. With
separate games a budget of 400 pairs rarely lets a run claim "within ±margin" at all; a budget
of a few thousand (--max-pairs 4000) tests that claim too.
"""

import argparse
import time

from squidbox.bench import python_description
from squidbox.sim.calibration import calibrate
from squidbox.sim.stats import wilson_interval

STATED = 0.05


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=1000, help="comparisons per row")
    parser.add_argument("--max-pairs", type=int, default=400, help="the budget of each run")
    parser.add_argument("--margin", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--coupling", choices=("common", "separate"),
                        help="only this coupling (default both)")
    args = parser.parse_args()
    print(f"compare calibration, {python_description()}: {args.runs} runs per row, at most "
          f"{args.max_pairs} pairs, margin {args.margin:g}, deciding on win rate\n")
    print("| coupling | change | error counted | errors | rate (95% interval) | found | "
          "undecided | mean pairs |")
    print("|---|---:|---|---:|---|---:|---:|---:|")
    worst = 0.0
    started = time.perf_counter()
    for coupling in [args.coupling] if args.coupling else ["common", "separate"]:
        for times in (0.0, 1.0, 1.2, 2.0):
            change = round(times * args.margin, 6)
            result = calibrate(change, coupling, args.runs, args.max_pairs,
                               margin=args.margin, seed=args.seed)
            rate = result.errors / result.runs
            worst = max(worst, rate)
            low, high = wilson_interval(result.errors, result.runs)
            counted = "any \"differs\"" if change == 0 else "\"within ±margin\""
            print(f"| {coupling} | {change:+.3f} | {counted} | {result.errors} | "
                  f"{rate:.3f} ({low:.3f}–{high:.3f}) | {result.found / result.runs:.3f} | "
                  f"{result.undecided / result.runs:.3f} | {result.pairs / result.runs:.0f} |",
                  flush=True)
    verdict = "all at or below" if worst <= STATED else "ABOVE"
    print(f"\nWorst error rate {worst:.3f}: {verdict} the stated {STATED:.2f}; "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

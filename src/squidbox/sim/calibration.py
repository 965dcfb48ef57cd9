"""How often `compare` answers wrongly: its statistics run on synthetic pairs of 2-player games
with a known change, through `Comparison` itself (benchmarks/compare_calibration.py prints the
full table; tests/sim/test_compare.py runs a small one).

A pair: in A seat 0 wins with probability 1/2, in B with 1/2 + change; seat 0 always moves first,
so seat 0's, seat 1's and the first player's win rates all change by the same amount, and the
game length never does. Two couplings:
    common   A and B are decided by the same random number, as common random numbers make real
             pairs alike: the two games differ in only `change` of the pairs, so early on every
             difference is 0 (the case that once made intervals zero-wide);
    separate A and B are independent.
The errors counted: with no change, any "differs" (on any metric); with a change of the margin
or more, any "no change larger than ±margin" on a win rate.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .compare import Comparison, Margins
from .runner import Record


@dataclass(frozen=True)
class Calibration:
    change: float
    coupling: str
    runs: int
    false_difference: int  # runs with a "differs" on a metric whose truth is no change
    false_within: int  # runs with "within margin" on a win rate that changed by >= the margin
    found: int  # runs where seat 0's change was found (its sequence excluded 0)
    undecided: int  # runs that reached the budget with a deciding metric unanswered
    pairs: int  # pairs played over all runs

    @property
    def errors(self) -> int:
        return self.false_difference + self.false_within


def synthetic_pair(rng: random.Random, change: float, coupling: str) -> tuple[Record, Record]:
    draw_a = rng.random()
    draw_b = draw_a if coupling == "common" else rng.random()
    length = rng.randint(20, 40)
    return record(draw_a < 0.5, length), record(draw_b < 0.5 + change, length)


def record(seat_0_wins: bool, length: int) -> Record:
    winner = 0 if seat_0_wins else 1
    return {"returns": [1.0 - winner, float(winner)], "first_player": 0, "length": length,
            "scores": None, "seats": ["bot", "bot"]}


def calibrate(change: float, coupling: str, runs: int, max_pairs: int = 400,
              min_pairs: int = 30, margin: float = 0.05, seed: int = 0) -> Calibration:
    """Run `runs` comparisons, each stopping as `squidbox compare` does (deciding on win rate)."""
    if coupling not in ("common", "separate"):
        raise ValueError(f"coupling is 'common' or 'separate', not {coupling!r}")
    rng = random.Random(f"{seed}/{change}/{coupling}")
    false_difference = false_within = found = undecided = pairs = 0
    for _ in range(runs):
        comparison = Comparison(2, ("bot",), Margins(rate=margin), ("win-rate",))
        while comparison.pairs < max_pairs and not comparison.decided(min_pairs):
            comparison.add(*synthetic_pair(rng, change, coupling))
        answers = {name: metric.answer() for name, metric in comparison.metrics.items()}
        rates = [answers[name] for name in ("seat 0 win rate", "seat 1 win rate",
                                            "first player win rate")]
        if change == 0:
            false_difference += "differs" in answers.values()
        else:
            false_difference += answers["game length"] == "differs"
        false_within += change >= margin and "within margin" in rates
        found += answers["seat 0 win rate"] == "differs"
        undecided += not comparison.decided(min_pairs)
        pairs += comparison.pairs
    return Calibration(change, coupling, runs, false_difference, false_within, found,
                       undecided, pairs)

"""Planted-bug scores: scripts/mutation-test over every game's rules modules, one game at a time,
on a seeded sample of each game's mutants (a full run of every game is many hours on two cores).

    python benchmarks/mutation_scores.py [--sample N] [--seed S] [--games ID,ID] [--work DIR]

For each game it mutates the modules in RULES (the rules as the rulebook sections split them;
not the views' pieces, results panels, data loading or wording) and runs the game's rules
scenarios, its golden playthroughs, the decision-stack tests (old snapshots' rewrites) and the
protocol's bad-input tests: the tests that name a rule or pin a whole game. The
heuristic and random-game property tests are left out: they are slow, and they would kill
mutants without naming the rule broken. Prints each game's line of mutation-test's summary and
the surviving mutants; `mutmut show NAME` in the game's folder under --work shows one. Figures:
docs/benchmarks.md, "Planted-bug scores".
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GAMES = "src/squidbox/games"
RULES = {
    "grid_squid": ["state.py", "board.py"],
    "squid_circle": ["state.py", "circle.py", "flow.py"],
    "squid_game": ["campaign.py", "dalgona.py", "glass_bridge.py", "marbles.py",
                   "red_light_green_light.py", "squid_game.py", "stage.py", "state.py",
                   "timer.py", "tokens.py", "tug_of_war.py", "vips.py"],
    "squid_inc": ["abilities.py", "board.py", "clout.py", "decisions.py", "line.py",
                  "scoring.py", "state.py", "turn.py", "workplace.py"],
    "directors": ["cards.py", "commanding.py", "event_cards.py", "playing.py", "state.py",
                  "turn.py"],
}
SLOW_TESTS = ("test_heuristic.py", "test_properties.py")


def run_game(game: str, sample: int, seed: int, work: Path) -> str:
    tests = f"tests/games/{game}"
    modules = [f"{GAMES}/{game}/{name}" for name in RULES[game]]
    ignored = [f"--ignore={tests}/{name}" for name in SLOW_TESTS if (REPO / tests / name).exists()]
    golden = f"tests/golden/test_golden.py::test_golden_playthroughs_replay_byte_for_byte[{game}]"
    # mutmut runs only the tests that reach a mutant: these two reach few of a game's
    shared = ["tests/stack/test_stack.py", "tests/engine/test_protocol_errors.py"]
    env = {**os.environ, "MUTATION_SAMPLE": str(sample), "MUTATION_SEED": str(seed),
           "MUTATION_DIR": str(work / game)}
    done = subprocess.run([str(REPO / "scripts" / "mutation-test"), tests, *modules, "--",
                           golden, *shared, *ignored], env=env, capture_output=True, text=True,
                          check=False)
    return done.stdout


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=60, help="mutants per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(RULES))
    parser.add_argument("--work", type=Path, default=Path("/tmp/squidbox-mutation-scores"))
    args = parser.parse_args(argv)
    for game in args.games.split(","):
        print(f"== {game}", flush=True)
        print(run_game(game, args.sample, args.seed, args.work), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

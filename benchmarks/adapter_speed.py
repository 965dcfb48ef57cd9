"""Environment steps with observations against the engine's raw decisions, per CPU second, in one
run, for every game (or those named).

    .venv/bin/python benchmarks/adapter_speed.py [game_id ...] [--seconds 3] [--largest] [--parts]

Rows alternate, in one process, between
- engine: random playouts through the protocol (`squidbox.bench.random_playouts`: to_move,
  legal_actions, apply; no observation);
- PettingZoo: the AEC env (`squidbox.adapters.pettingzoo`), each step being `last()` (the
  designed observation and the action mask of the agent to move) then `step(action)` with a
  uniformly random legal action drawn from the mask;
- OpenSpiel: the OpenSpiel game (`squidbox.adapters.openspiel`), each step being
  `observation_tensor(player)` of the player to move, `legal_actions()` and `apply_action` with
  a uniformly random one of them (the root's chance node, the deal, is not counted);
- protocol + observation: the engine loop again on a state without log or history (as the env
  plays), with the observation and the action mask of the seat to move built before each
  decision and the action drawn from the mask: the env's work without PettingZoo's bookkeeping;
- observation alone: the designed observation written into a preallocated vector, timed over
  the states of a few seeded random games.
The draw from a mask is `choice(mask.nonzero()[0])`, the fastest uniform draw from a NumPy mask
we know in Python (`np.flatnonzero`, the same ids, costs about twice as much): it is the user's
loop, not the env's work, and a slow idiom there would lower the env's ratio for nothing.
The ratios are PettingZoo steps and OpenSpiel steps over engine decisions per CPU second (the
target: at least 0.5).
With `--parts` it prints instead where a PettingZoo step's time goes, in µs of CPU per
decision: the engine's decision, the decision on a state without log or history, and what the
mask (with the draw), the observation and PettingZoo's bookkeeping add, each the difference
between two loops that differ only by it.

Each game is measured at its fewest players, and with --largest at its most too; both sides run
`--rounds` times in turn and the medians are shown.

With `--ref DIR` (a checkout of another version, e.g. `git archive main src | tar -x -C DIR`)
each round also runs the engine, PettingZoo and OpenSpiel loops of this file in a child process
that imports squidbox from DIR/src, and a second row per game gives that version's figures, so
that a change is measured against its reference in the same run.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np

import squidbox
from squidbox.adapters import openspiel
from squidbox.adapters.pettingzoo import env as pettingzoo_env
from squidbox.bench import python_description, random_playouts
from squidbox.engine import Game
from squidbox.games.observations import observer


def env_steps_per_cpu_second(game_id: str, players: int, seconds: float) -> float:
    environment = pettingzoo_env(game_id, players)
    choice = random.Random(0).choice
    steps = 0
    environment.reset(seed=0)
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while True:
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            if time.perf_counter() >= deadline:
                break
            environment.reset()
            continue
        environment.step(int(choice(observation["action_mask"].nonzero()[0])))
        steps += 1
    return steps / (time.process_time() - cpu)


def openspiel_steps_per_cpu_second(game_id: str, players: int, seconds: float) -> float:
    game = openspiel.pyspiel.load_game(openspiel.short_name(game_id), {"players": players})
    choice = random.Random(0).choice
    steps = seed = 0
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        state.apply_action(seed % openspiel.SEEDS)
        seed += 1
        while not state.is_terminal():
            state.observation_tensor(state.current_player())
            state.apply_action(choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - cpu)


def observed_decisions_per_cpu_second(game_id: str, players: int, seconds: float) -> float:
    return 1e6 / cpu_per_decision(game_id, players, seconds, "observation")


def cpu_per_decision(game_id: str, players: int, seconds: float, part: str) -> float:
    """µs of CPU per decision of random games played through the protocol with `part`: "engine"
    (log and history kept), "bare" (a state without them), "mask" (bare, the mask built and the
    action drawn from it) or "observation" (mask, and the observation written first)."""
    game = squidbox.get_game(game_id)
    obs = observer(game, players)
    choice = random.Random(0).choice
    actions = game.actions
    decisions = seed = 0
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state = game.new_game(players, seed=seed)
        if part != "engine":
            state = state.clone(records=False)
        seed += 1
        while movers := state.to_move():
            mover = movers[0]
            if part in ("engine", "bare"):
                state.apply(mover, choice(state.legal_actions(mover)))
            else:
                if part == "observation":
                    obs.observation(state, mover)
                mask = obs.action_mask(state, mover)
                state.apply(mover, actions[int(choice(mask.nonzero()[0]))])
            decisions += 1
    return (time.process_time() - cpu) / decisions * 1e6


def print_parts(games: list[Game], largest: bool, seconds: float, rounds: int) -> None:
    """Where a PettingZoo step's time goes: each part the difference between two loops that
    differ only by it (the least of `rounds` runs of each), µs of CPU per decision."""
    print("| game | players | engine | decision without records | + mask and draw "
          "| + observation | + PettingZoo | step / engine |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    parts = ("engine", "bare", "mask", "observation")
    for game in games:
        for players in [game.min_players] + ([game.max_players] if largest else []):
            runs = [[cpu_per_decision(game.id, players, seconds, part) for part in parts]
                    + [1e6 / env_steps_per_cpu_second(game.id, players, seconds)]
                    for _ in range(rounds)]
            engine, bare, mask, observed, step = (min(column) for column in zip(*runs, strict=True))
            print(f"| {game.id} | {players} | {engine:.1f} | {bare:.1f} | {mask - bare:.1f} "
                  f"| {observed - mask:.1f} | {step - observed:.1f} | {step / engine:.2f} |",
                  flush=True)


def observations_per_cpu_second(game_id: str, players: int, seconds: float) -> float:
    """The designed observation alone, of the seat to move, over the states of a few seeded
    random games (collected first, so that only the writing is timed)."""
    game = squidbox.get_game(game_id)
    obs = observer(game, players)
    out = np.zeros(obs.size, dtype=np.float32)
    rng = random.Random(1)
    positions = []
    for seed in range(5):
        state = game.new_game(players, seed=seed).clone(records=False)
        while movers := state.to_move():
            positions.append((state.clone(records=False), movers[0]))
            state.apply(movers[0], rng.choice(state.legal_actions(movers[0])))
    written = 0
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for state, seat in positions:
            obs.observation(state, seat, out)
        written += len(positions)
    return written / (time.process_time() - cpu)


def measured_round(game_id: str, players: int, seconds: float) -> tuple[float, float, float]:
    """Engine decisions, PettingZoo steps and OpenSpiel steps per CPU second, one after another."""
    game = squidbox.get_game(game_id)
    return (random_playouts(game, players, seconds).decisions_per_cpu_second,
            env_steps_per_cpu_second(game_id, players, seconds),
            openspiel_steps_per_cpu_second(game_id, players, seconds))


def reference_round(reference: Path, game_id: str, players: int,
                    seconds: float) -> tuple[float, float, float]:
    """measured_round in a child process whose squidbox is the one in reference/src."""
    code = ("import json, warnings; warnings.simplefilter('ignore'); import adapter_speed; "
            f"print(json.dumps(adapter_speed.measured_round({game_id!r}, {players}, {seconds})))")
    path = os.pathsep.join([str(reference / "src"), str(Path(__file__).resolve().parent)])
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": path},
                          capture_output=True, text=True, check=True)
    engine, env, spiel = json.loads(done.stdout.splitlines()[-1])
    return engine, env, spiel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="engine/env alternations")
    parser.add_argument("--largest", action="store_true", help="the most players too")
    parser.add_argument("--ref", type=Path, help="a checkout whose src/ is measured alongside")
    parser.add_argument("--parts", action="store_true",
                        help="instead: where a PettingZoo step's time goes (µs per decision)")
    args = parser.parse_args()
    if args.ref and not (args.ref / "src" / "squidbox").is_dir():
        parser.error(f"--ref {args.ref}: no src/squidbox there")
    games = [squidbox.get_game(g) for g in args.games] or squidbox.list_games()
    warnings.simplefilter("ignore")
    if args.parts:
        print_parts(games, args.largest, args.seconds, args.rounds)
        return
    print(f"Adapter speed, {python_description()}, {args.seconds:g} s per measurement, "
          f"{args.rounds} rounds, medians per CPU second\n")
    print("| game | players | engine decisions/s | protocol + observation/s | PettingZoo steps/s "
          "| ratio | OpenSpiel steps/s | ratio | observations/s (alone) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game in games:
        counts = [game.min_players] + ([game.max_players] if args.largest else [])
        for players in counts:
            rounds, reference = [], []
            for _ in range(args.rounds):
                rounds.append(measured_round(game.id, players, args.seconds))
                if args.ref:
                    reference.append(reference_round(args.ref, game.id, players, args.seconds))
            observed = observed_decisions_per_cpu_second(game.id, players, args.seconds)
            alone = observations_per_cpu_second(game.id, players, args.seconds)
            e, v, o = (statistics.median(column) for column in zip(*rounds, strict=True))
            print(f"| {game.id} | {players} | {e:,.0f} | {observed:,.0f} | {v:,.0f} "
                  f"| {v / e:.2f} | {o:,.0f} | {o / e:.2f} | {alone:,.0f} |", flush=True)
            if reference:
                e, v, o = (statistics.median(column) for column in zip(*reference, strict=True))
                print(f"| {game.id} (reference) | {players} | {e:,.0f} | – | {v:,.0f} "
                      f"| {v / e:.2f} | {o:,.0f} | {o / e:.2f} | – |", flush=True)


if __name__ == "__main__":
    main()

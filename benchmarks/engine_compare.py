"""The engine at two commits, side by side in one run: random playouts, ISMCTS, search-state bytes.

    .venv/bin/python benchmarks/engine_compare.py --ref d0eab44 [--new HEAD] [--seconds 2]
        [--iterations 1000] [--positions 2] [--games grid_squid,squid_circle] [--rounds 1]

Each side is a copy of `src/` at its commit (`git archive` into a temporary folder; `--new` left
out means this checkout's own `src/`, uncommitted edits included) running in its own Python
subprocess with its own PYTHONPATH. The two workers take turns on every measurement (ref, new,
new, ref, ... over rounds), so load on the machine falls on both alike.

For every game at its smallest and largest player count:
- random playouts: decisions per second (whole random games, as `squidbox bench`);
- ISMCTS: iterations per second of `ISMCTSBot(iterations=N).choose` at mid-game positions (the
  same seeds on both sides; the positions differ once the generator differs, so several are
  averaged);
- bytes of a mid-game search state (tracemalloc): a clone, and a resample (what a bot makes).
Random playouts of OpenSpiel's `python_tic_tac_toe` run in the same turns in a third worker of
their own, for the ratio the issue-15 target is stated in (needs `squidbox[rl]`). (Run in the
new side's worker, OpenSpiel's imports made that worker's garbage collections slower and cost
its allocation-heavy ISMCTS measurements up to 30 %.)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


# ---- the worker: runs inside one side's subprocess ---------------------------------------------
def worker() -> None:
    import gc

    for line in sys.stdin:
        task = json.loads(line)
        # Every measurement starts from a collected heap, with what earlier ones left (imports,
        # caches) frozen out of the collector's way, so no task pays for the ones before it.
        gc.collect()
        gc.freeze()
        result = TASKS[task.pop("task")](**task)
        print(json.dumps(result), flush=True)


def task_playouts(game: str, players: int, seconds: float) -> dict[str, Any]:
    import squidbox
    from squidbox.bench import random_playouts

    result = random_playouts(squidbox.get_game(game), players, seconds)
    return {"per_second": result.decisions / result.cpu_seconds}


def task_tictactoe(seconds: float) -> dict[str, Any]:
    import time

    import pyspiel
    from open_spiel.python import games as _python_games  # noqa: F401  (registers them)

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from openspiel_compare import spiel_decisions_per_second

    cpu = time.process_time()
    wall = time.perf_counter()
    _, per_wall_second = spiel_decisions_per_second(
        pyspiel.load_game("python_tic_tac_toe"), seconds)
    # per CPU second, like the playouts above
    decisions = per_wall_second * (time.perf_counter() - wall)
    return {"per_second": decisions / (time.process_time() - cpu)}


def midgame(game_id: str, players: int, seed: int) -> tuple[Any, int]:
    """A position halfway through a random game with `seed`, whose mover has a real choice."""
    import random

    import squidbox

    game = squidbox.get_game(game_id)

    def play(stop: float) -> tuple[Any, int]:
        state = game.new_game(players, seed=seed)
        chooser = random.Random(seed)
        steps = 0
        while not state.is_terminal() and steps < stop:
            seat = chooser.choice(state.to_move())
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
            steps += 1
        return state, steps

    _, length = play(float("inf"))
    state, _ = play(length // 2)
    while True:
        movers = state.to_move()
        for seat in movers:
            if len(state.legal_actions(seat)) > 1:
                return state, seat
        state.apply(movers[0], state.legal_actions(movers[0])[0])


def task_ismcts(game: str, players: int, iterations: int, positions: int) -> dict[str, Any]:
    import time

    from squidbox.bots.ismcts import ISMCTSBot

    spent = 0.0
    for seed in range(positions):
        state, seat = midgame(game, players, seed)
        bot = ISMCTSBot(seed=seed, iterations=iterations)
        start = time.process_time()
        bot.choose(state, seat)
        spent += time.process_time() - start
    return {"per_second": iterations * positions / spent}


def task_memory(game: str, players: int, positions: int) -> dict[str, Any]:
    import random
    import tracemalloc

    def traced(make: Any) -> int:
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        made = make()
        size = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        del made
        return size

    clones, resamples = [], []
    for seed in range(positions):
        state, seat = midgame(game, players, seed)
        clones.append(traced(state.clone))
        resamples.append(traced(lambda s=state, p=seat: s.resample(p, random.Random(1))))
    return {"clone": statistics.mean(clones), "resample": statistics.mean(resamples)}


TASKS = {"playouts": task_playouts, "tictactoe": task_tictactoe, "ismcts": task_ismcts,
         "memory": task_memory}


# ---- the driver --------------------------------------------------------------------------------
class Side:
    def __init__(self, name: str, src: Path) -> None:
        self.name = name
        env = {**os.environ, "PYTHONPATH": str(src)}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker"], env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def run(self, task: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(task) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} worker died on {task}")
        return json.loads(line)

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def checkout(commit: str, into: Path) -> Path:
    """`src/` of `commit`, unpacked under `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "src"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def interleaved(ref: Side, new: Side, task: dict[str, Any], rounds: int) -> tuple[Any, Any]:
    results: dict[str, list[dict[str, Any]]] = {"ref": [], "new": []}
    for r in range(rounds):
        order = (ref, new) if r % 2 == 0 else (new, ref)
        for side in order:
            results[side.name].append(side.run(dict(task)))
    return results["ref"], results["new"]


def median(results: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--ref", default="d0eab44", help="the commit to compare against")
    parser.add_argument("--new", default=None, help="a commit (default: this checkout's src/)")
    parser.add_argument("--seconds", type=float, default=2.0, help="per playout measurement")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=2, help="ISMCTS/memory positions")
    parser.add_argument("--rounds", type=int, default=1, help="measurements per side (median)")
    parser.add_argument("--games", default=None, help="comma-separated ids (default: all)")
    parser.add_argument("--no-ismcts", action="store_true")
    args = parser.parse_args()
    if args.worker:
        worker()
        return

    with tempfile.TemporaryDirectory(prefix="squidbox-compare-") as temp:
        ref_src = checkout(args.ref, _mkdir(Path(temp) / "ref"))
        new_src = (ROOT / "src" if args.new is None
                   else checkout(args.new, _mkdir(Path(temp) / "new")))
        ref, new, ttt = Side("ref", ref_src), Side("new", new_src), Side("ttt", new_src)
        try:
            report(ref, new, ttt, args)
        finally:
            ref.close()
            new.close()
            ttt.close()


def _mkdir(path: Path) -> Path:
    path.mkdir(parents=True)
    return path


def report(ref: Side, new: Side, ttt_side: Side, args: argparse.Namespace) -> None:
    import squidbox
    from squidbox.bench import python_description

    games = args.games.split(",") if args.games else squidbox.game_ids()
    new_name = args.new or "working tree"
    print(f"{python_description()}; ref {args.ref}, new {new_name}; playouts {args.seconds:g} s, "
          f"ISMCTS {args.iterations} iterations x {args.positions} positions; "
          f"{args.rounds} round(s), per CPU second\n")
    rows = []
    for game_id in games:
        game = squidbox.get_game(game_id)
        for players in sorted({game.min_players, game.max_players}):
            where = {"game": game_id, "players": players}
            ttt = ttt_side.run({"task": "tictactoe", "seconds": args.seconds})["per_second"]
            p_ref, p_new = interleaved(ref, new, {"task": "playouts", **where,
                                                  "seconds": args.seconds}, args.rounds)
            row = {**where, "ttt": ttt, "play_ref": median(p_ref, "per_second"),
                   "play_new": median(p_new, "per_second")}
            if not args.no_ismcts:
                i_ref, i_new = interleaved(ref, new, {
                    "task": "ismcts", **where, "iterations": args.iterations,
                    "positions": args.positions}, args.rounds)
                row["ismcts_ref"] = median(i_ref, "per_second")
                row["ismcts_new"] = median(i_new, "per_second")
            m_ref, m_new = interleaved(ref, new, {"task": "memory", **where,
                                                  "positions": args.positions}, 1)
            row.update(clone_ref=m_ref[0]["clone"], clone_new=m_new[0]["clone"],
                       resample_ref=m_ref[0]["resample"], resample_new=m_new[0]["resample"])
            rows.append(row)
            print(format_row(row), file=sys.stderr, flush=True)
    print(table(rows))


def format_row(row: dict[str, Any]) -> str:
    return json.dumps({k: round(v, 2) if isinstance(v, float) else v for k, v in row.items()})


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| game | players | playouts ref | playouts new | new/ref | new/ttt "
        "| ISMCTS it/s ref | ISMCTS it/s new | new/ref "
        "| clone bytes ref | clone new | resample bytes ref | resample new | new/ref |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        ismcts = ("| – | – | – " if "ismcts_ref" not in r else
                  f"| {r['ismcts_ref']:,.0f} | {r['ismcts_new']:,.0f} "
                  f"| {r['ismcts_new'] / r['ismcts_ref']:.2f}× ")
        lines.append(
            f"| {r['game']} | {r['players']} | {r['play_ref']:,.0f} | {r['play_new']:,.0f} "
            f"| {r['play_new'] / r['play_ref']:.2f}× | {r['play_new'] / r['ttt']:.2f}× "
            + ismcts
            + f"| {r['clone_ref']:,.0f} | {r['clone_new']:,.0f} "
            f"| {r['resample_ref']:,.0f} | {r['resample_new']:,.0f} "
            f"| {r['resample_new'] / r['resample_ref']:.2f}× |")
    ttt = statistics.mean(r["ttt"] for r in rows)
    lines.append(f"\npython_tic_tac_toe (OpenSpiel), random playouts: {ttt:,.0f} decisions per "
                 "CPU second (mean of the measurements taken between the rows).")
    return "\n".join(lines)


if __name__ == "__main__":
    main()

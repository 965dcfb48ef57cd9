"""Where a mid-game search state's bytes go: the allocations a resample keeps, by source line.

    python benchmarks/state_bytes.py GAME PLAYERS [POSITION]

The position is engine_compare.py's mid-game position number POSITION (default 0), resampled
for its seat to move with `random.Random(1)`, as engine_compare.py's memory task does, after
one warm-up resample (so classes' first-use caches are not counted). Each line of the output is
bytes, allocations and the line of squidbox (or CPython) that made them; docs/benchmarks.md
("What the missed bytes and playout targets would take") groups them.
"""

from __future__ import annotations

import argparse
import random
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_compare import midgame  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("position", type=int, nargs="?", default=0)
    args = parser.parse_args()
    state, seat = midgame(args.game, args.players, args.position)
    state.resample(seat, random.Random(2))  # warm-up
    tracemalloc.start(1)
    made = state.resample(seat, random.Random(1))
    snapshot = tracemalloc.take_snapshot()
    tracemalloc.stop()
    snapshot = snapshot.filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    total = 0
    for stat in snapshot.statistics("lineno"):
        total += stat.size
        print(f"{stat.size:6d} bytes {stat.count:3d} blocks  {stat.traceback[0]}")
    print(f"{total:6d} bytes in all for a {type(made).__name__}")


if __name__ == "__main__":
    main()

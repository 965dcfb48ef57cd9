"""What the undo bookkeeping costs a game that keeps records, per decision: the
time of `undo.after_apply` (and the two attribute writes around it) against the time of a whole
`apply`, over seeded random games of every game, in one run.

    PYTHONPATH=src python benchmarks/undo_overhead.py [games per game id]

Search states (bots' playouts) do no bookkeeping at all; this is for full states (the server,
the terminal, simulations that keep a log).
"""

from __future__ import annotations

import random
import sys
import time

import squidbox
from squidbox.engine import undo


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for game_id in squidbox.game_ids():
        game = squidbox.get_game(game_id)
        applying = bookkeeping = 0.0
        decisions = 0
        for seed in range(count):
            state, chooser = game.new_game(game.min_players, seed), random.Random(seed)
            while not state.is_terminal():
                seat = chooser.choice(state.to_move())
                action = chooser.choice(state.legal_actions(seat))
                started = time.perf_counter()
                state.apply(seat, action)
                applying += time.perf_counter() - started
                draws = state.rng.draws
                started = time.perf_counter()
                for _ in range(10):
                    state._revealed = False
                    undo.after_apply(state, seat, draws)
                bookkeeping += (time.perf_counter() - started) / 10
                decisions += 1
        print(f"{game_id:13} apply {applying / decisions * 1e6:7.1f} µs, of which undo "
              f"bookkeeping {bookkeeping / decisions * 1e6:5.2f} µs "
              f"({bookkeeping / applying:.1%})")


if __name__ == "__main__":
    main()

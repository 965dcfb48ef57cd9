"""Play one game from a plain, picklable job description and return a plain dict record.

A `GameJob` holds only JSON-like values (game id, player count, seed, options, one bot spec and
one bot seed per seat), so it travels to a worker process or a Ray node by pickling, and the
worker needs nothing but squidbox itself. `play_game` builds the game and the bots there.

Simultaneous decisions (several seats in `to_move()`) are asked one seat at a time, lowest seat
first, as the terminal does: a submission is hidden from the others until all are in, so the
order gives no seat an advantage.

A record (all JSON-native):
    index         the game's number in its simulation (0, 1, …)
    game          game id
    players       number of seats
    seed          the game's own seed: `squidbox play` / `game.replay` can reproduce the deal
    options       the options as given (game defaults fill the rest)
    seats         bot spec per seat
    returns       per seat, 1 win / 0 loss, shared wins split (the game's returns())
    scores        state.scores(), or None when the game keeps no points
    length        number of decisions, len(state.history)
    first_player  the seat of history[0], the first to act
    winners       the seats with the top return
    end_reason    how the game ended, state.end_reason() ("game_over" for a game with one end)
    seconds       wall time of this game (the only field that differs between two runs)
    variant       the data edits played (`--data F --set K=V`), or None for the shipped data
    pieces        per-piece counts per seat (pieces.py): {"played": {"Magpie": [1, 0]}, …}
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from squidbox.bots import Bot, make_bot
from squidbox.engine import Game, State
from squidbox.variant import Variant, variant_game

from .errors import GameFailed
from .pieces import piece_counts

Record = dict[str, Any]
BATCH_SECONDS = 0.25
MAX_BATCH = 64


@dataclass(frozen=True)
class GameJob:
    """Everything needed to play one game, as plain values."""

    index: int
    game: str
    players: int
    seed: int
    seats: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)
    variant: Variant | None = None  # None: the shipped data file


def derive_seed(*parts: object) -> int:
    """A seed in [0, 2**31) from its parts, e.g. (simulation seed, "bot", game index, seat).
    A hash of their text: the same on every machine and Python, unrelated for nearby parts."""
    text = ":".join(str(part) for part in parts)
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 33


def play_game(job: GameJob) -> Record:
    """Play the job's game to the end with its bots; the record of the game."""
    start = time.perf_counter()
    game = variant_game(job.variant, job.game)
    state = game.new_game(job.players, job.seed, dict(job.options))
    try:
        play_out(state, seat_bots(game, job))
    except Exception as e:
        raise GameFailed(f"game {job.index} failed after {len(state.history)} decisions "
                         f"({describe_job(job)}): {type(e).__name__}: {e}") from e
    return make_record(job, state, time.perf_counter() - start)


def describe_job(job: GameJob) -> str:
    variant = f", variant {job.variant.label}" if job.variant is not None else ""
    return (f"{job.game}{variant}, {job.players} players, seed {job.seed}, options "
            f"{json.dumps(job.options)}, seats {', '.join(job.seats)}, "
            f"bot seeds {', '.join(map(str, job.bot_seeds))}")


def play_batch(jobs: Sequence[GameJob]) -> list[Record]:
    """Several jobs in one call (one task for a process pool or a Ray worker)."""
    return [play_game(job) for job in jobs]


def seat_bots(game: Game, job: GameJob) -> list[Bot]:
    pairs = zip(job.seats, job.bot_seeds, strict=True)
    return [make_bot(spec, seed, game) for spec, seed in pairs]


def play_out(state: State, bots: Sequence[Bot]) -> None:
    while movers := state.to_move():
        seat = min(movers)
        state.apply(seat, bots[seat].choose(state, seat))


def make_record(job: GameJob, state: State, seconds: float) -> Record:
    returns = [float(value) for value in state.returns()]
    scores = state.scores()
    top = max(returns)
    return {
        "index": job.index,
        "game": job.game,
        "players": job.players,
        "seed": job.seed,
        "options": dict(job.options),
        "seats": list(job.seats),
        "returns": returns,
        "scores": None if scores is None else list(scores),
        "length": len(state.history),
        "first_player": state.history[0][0] if state.history else None,
        "winners": [seat for seat, value in enumerate(returns) if value == top],
        "end_reason": state.end_reason(),
        "seconds": round(seconds, 6),
        "variant": None if job.variant is None else job.variant.label,
        "pieces": piece_counts(state),
    }


class Batcher:
    """Cuts a stream of jobs into batches (one task each) that take about BATCH_SECONDS, judged
    from the games finished so far: one game while nothing is known, up to MAX_BATCH for fast
    games (random bots), so that the per-task overhead stays small for fast games while the
    progress bar keeps moving and Ctrl-C stops soon for slow ones (ISMCTS). At most a quarter
    of each worker's share goes in one batch, so the work spreads over all the workers.
    Batching only groups the work: the records are the same for any batch sizes."""

    def __init__(self, jobs: Iterable[GameJob], total: int, workers: int) -> None:
        self.jobs = iter(jobs)
        self.limit = max(1, min(MAX_BATCH, total // (workers * 4)))
        self.games = 0
        self.seconds = 0.0

    def observe(self, records: Sequence[Record]) -> None:
        self.games += len(records)
        self.seconds += sum(record["seconds"] for record in records)

    def size(self) -> int:
        if not self.games:
            return 1
        per_game = max(self.seconds / self.games, 1e-6)
        return max(1, min(self.limit, int(BATCH_SECONDS / per_game)))

    def __iter__(self) -> Iterator[list[GameJob]]:
        while batch := list(islice(self.jobs, self.size())):
            yield batch

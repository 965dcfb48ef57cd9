"""The simulation toolkit: many seeded games between bots, in parallel, with records,
statistics, charts and round-robin tournaments (`squidbox simulate`, `squidbox tournament`).

One module per concept:
    runner.py       play one game from a plain, picklable GameJob -> a plain dict record
    plan.py         SimulationPlan: which bot sits where in game i (rotated by default), seeds
    tournament.py   TournamentPlan (round robin between configurations) and its ranked table
    local.py        default backend: a local process pool, records in game order
    ray_backend.py  the same on a Ray cluster; ray imported only when chosen
    simulation.py   make_backend, play_plan, simulate: run a plan, write records, summarise
    records.py      JSONL or CSV records, by the extension of the output file
    stats.py        Wilson 95% intervals (mean return as the rate), distributions
    summary.py      per bot, per seat, first-player advantage, length, scores; as text
    plot.py         PNG charts with matplotlib (lazily imported, Agg backend)
    progress.py     progress bar on stderr
    pieces.py       per-piece counts of a finished game for the records (each game counts
                    its own in its folder's tally.py)
    compare.py      two variants on paired seeds, mSPRT sequential test (`squidbox compare`)
    report.py       one HTML report with embedded charts and ranked pieces (`squidbox report`)
    ladder.py       openskill ratings of bot configurations (`squidbox ladder`)
    errors.py       SimulationError, BackendUnavailable (SquidboxError subclasses: bad
                    input, exit 2), GameFailed (a game or bot crashed: a bug, with its seeds)

Everything here works for every registered game through the engine protocol and the bot specs
alone; nothing but pieces.py names a game's cards or rules. A plan may carry a Variant
(squidbox.variant: the game's data edited by `--data`/`--set`), which its jobs take to the
workers. Reproducibility: every game seed and bot seed is
derived from (simulation seed, game index, seat), so the same command writes the same records
(except the `seconds` timing field) with any number of workers and on either backend.
"""

from .errors import BackendUnavailable, GameFailed, SimulationError
from .plan import SimulationPlan, split_bot_list
from .records import open_records, read_records
from .runner import GameJob, derive_seed, play_game
from .simulation import BACKENDS, make_backend, play_plan, simulate
from .stats import Rate, wilson_interval
from .summary import Summary, format_summary
from .tournament import TournamentPlan, TournamentTable, format_tournament

__all__ = [
    "BACKENDS",
    "BackendUnavailable",
    "GameFailed",
    "GameJob",
    "Rate",
    "SimulationError",
    "SimulationPlan",
    "Summary",
    "TournamentPlan",
    "TournamentTable",
    "derive_seed",
    "format_summary",
    "format_tournament",
    "make_backend",
    "open_records",
    "play_game",
    "play_plan",
    "read_records",
    "simulate",
    "split_bot_list",
    "wilson_interval",
]

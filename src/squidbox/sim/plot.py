"""PNG charts of a simulation summary, with matplotlib (imported only here, only when asked;
the Agg backend, so no display is needed).

Files written into the --plot directory (created if missing):
    win_rate_by_bot.png    mean return per bot spec, 95% interval error bars, fair-share line
    win_rate_by_seat.png   the same per seat
    game_length.png        histogram of decisions per game
    scores_by_seat.png     box plot of the scores per seat (only when the game keeps scores)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from .errors import BackendUnavailable, SimulationError
from .stats import Rate
from .summary import Summary

INSTALL_HINT = "pip install squidbox[sim]"


def import_pyplot() -> ModuleType:
    try:
        import matplotlib
    except ImportError:
        raise BackendUnavailable(
            f"--plot needs matplotlib, which is not installed: {INSTALL_HINT}") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot

    return pyplot


def check_plot_directory(directory: Path) -> None:
    """Raise before any game is played when `directory` could not hold the charts."""
    if directory.exists():
        if not directory.is_dir():
            raise SimulationError(f"--plot {directory} is a file, not a directory")
        if not os.access(directory, os.W_OK):
            raise SimulationError(f"--plot {directory} is not writable")
        return
    parent = next(p for p in directory.absolute().parents if p.exists())
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        raise SimulationError(f"cannot create --plot {directory}: {parent} is not writable")


def write_plots(summary: Summary, directory: Path) -> list[Path]:
    """Write the charts; the paths written."""
    pyplot = import_pyplot()
    directory.mkdir(parents=True, exist_ok=True)
    written = [
        rate_chart(pyplot, directory / "win_rate_by_bot.png", "Win rate by bot",
                   summary.bots_ranked(), summary.fair_share),
        rate_chart(pyplot, directory / "win_rate_by_seat.png", "Win rate by seat",
                   [(f"seat {seat}", rate) for seat, rate in enumerate(summary.by_seat)],
                   summary.fair_share),
        length_chart(pyplot, directory / "game_length.png", summary.lengths),
    ]
    if summary.has_scores:
        written.append(scores_chart(pyplot, directory / "scores_by_seat.png", summary.scores))
    return written


def rate_chart(pyplot: Any, path: Path, title: str, rates: Sequence[tuple[str, Rate]],
               fair_share: float) -> Path:
    names = [name for name, _ in rates]
    means = [rate.mean for _, rate in rates]
    intervals = [rate.interval() for _, rate in rates]
    errors = [[max(0.0, mean - low) for mean, (low, _) in zip(means, intervals, strict=True)],
              [max(0.0, high - mean) for mean, (_, high) in zip(means, intervals, strict=True)]]
    figure, axes = pyplot.subplots(figsize=(max(5.0, 1.2 * len(names) + 2), 4))
    axes.bar(names, means, yerr=errors, capsize=6, color="#4c72b0")
    axes.axhline(fair_share, color="#c44e52", linestyle="--",
                 label=f"fair share {fair_share:.3f}")
    axes.set_ylim(0, max(1.0, *(high for _, high in intervals)))
    axes.set_ylabel("mean return (95% interval)")
    axes.set_title(title)
    axes.legend()
    pyplot.setp(axes.get_xticklabels(), rotation=20, ha="right")
    return save(pyplot, figure, path)


def length_chart(pyplot: Any, path: Path, lengths: Sequence[int]) -> Path:
    figure, axes = pyplot.subplots(figsize=(6, 4))
    low, high = min(lengths), max(lengths)
    bins: Any = [value - 0.5 for value in range(low, high + 2)] if high - low < 40 else 40
    axes.hist(lengths, bins=bins, color="#55a868", edgecolor="white")
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.set_xlabel("decisions per game")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    return save(pyplot, figure, path)


def scores_chart(pyplot: Any, path: Path, scores: Sequence[Sequence[float]]) -> Path:
    seats = [seat for seat, values in enumerate(scores) if values]
    figure, axes = pyplot.subplots(figsize=(max(5.0, 1.2 * len(seats) + 2), 4))
    axes.boxplot([scores[seat] for seat in seats], showmeans=True)
    axes.set_xticks(range(1, len(seats) + 1), [f"seat {seat}" for seat in seats])
    axes.set_ylabel("score")
    axes.set_title("Scores by seat")
    return save(pyplot, figure, path)


def save(pyplot: Any, figure: Any, path: Path) -> Path:
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    pyplot.close(figure)
    return path

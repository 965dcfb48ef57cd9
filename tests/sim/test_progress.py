"""The progress bar: a line every 10% when not on a terminal, one redrawn line on one."""

import io
import itertools

from squidbox.sim.progress import Progress, format_duration


def ticking_clock(step: float):
    ticks = itertools.count()
    return lambda: next(ticks) * step


def test_log_mode_prints_a_line_per_tenth_with_rate_and_eta():
    stream = io.StringIO()
    progress = Progress(50, "simulate", stream=stream, tty=False, clock=ticking_clock(0.5))
    for _ in range(50):
        progress.advance()
    progress.finish()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10
    assert lines[0].startswith("simulate: 5/50 games (10%), ")
    assert "games/s, ETA " in lines[0]
    assert lines[-1].startswith("simulate: 50/50 games (100%)") and lines[-1].endswith("ETA 0:00")
    assert "\r" not in stream.getvalue()


def test_log_mode_with_few_games_prints_each_step_once():
    stream = io.StringIO()
    progress = Progress(3, stream=stream, tty=False)
    for _ in range(3):
        progress.advance()
    assert [line.split(" (")[0] for line in stream.getvalue().splitlines()] == [
        "games: 1/3 games", "games: 2/3 games", "games: 3/3 games"]


def test_terminal_mode_redraws_one_line_and_ends_it():
    stream = io.StringIO()
    progress = Progress(4, "tournament", stream=stream, tty=True, clock=ticking_clock(1.0))
    for _ in range(4):
        progress.advance()
    progress.finish()
    text = stream.getvalue()
    assert text.count("\n") == 1 and text.endswith("\n")
    assert text.startswith("\rtournament: [")
    assert "[########################] 4/4 games (100%)" in text


def test_durations_are_readable():
    assert format_duration(None) == "?"
    assert format_duration(65.4) == "1:05"
    assert format_duration(3723) == "1:02:03"

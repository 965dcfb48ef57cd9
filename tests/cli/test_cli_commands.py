"""The `squidbox` command, end to end (subprocesses) and through main() in-process."""

import subprocess
import sys

import pytest

from squidbox import InvalidOptions, cli
from squidbox.conformance import ConformanceError


def squidbox(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "squidbox", *args],
        input=stdin, capture_output=True, text=True, timeout=60,
    )


def test_games_lists_grid_squid_with_counts_and_option_defaults():
    result = squidbox("games")
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("grid_squid"))
    assert "Grid Squid" in line and "2-4 players" in line and "advanced=false" in line


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["play", "no_such_game"], "grid_squid"),  # names the valid ids
        (["play", "grid_squid", "--option", "nope=1"], "advanced"),  # names the valid options
        (["play", "grid_squid", "--option", "advanced=maybe"], "advanced"),
        (["play", "grid_squid", "--option", "advanced"], "NAME=VALUE"),
        (["play", "grid_squid", "--players", "7"], "2 to 4 players"),
        (["play", "grid_squid", "--players", "three"], "--players"),
        (["play", "grid_squid", "--players", "0"], "--players"),
        (["play", "grid_squid", "--players", "3", "--bots", "4"], "--bots"),
        (["fuzz", "grid_squid", "--players", "9"], "2 to 4 players"),
        (["bench", "nope"], "grid_squid"),
        ([], "COMMAND"),
    ],
)
def test_bad_input_exits_2_with_a_message_and_no_traceback(args, expected):
    result = squidbox(*args)
    assert result.returncode == 2
    assert expected in result.stderr
    assert "Traceback" not in result.stderr


def test_bots_only_game_plays_to_the_end_reproducibly():
    first = squidbox("play", "grid_squid", "--players", "3", "--bots", "3", "--seed", "1")
    assert first.returncode == 0, first.stderr
    assert "Bots only" in first.stdout and "Game over" in first.stdout
    results = first.stdout.split("Results:")[1]
    for name in ("Red", "Blue", "Green"):
        assert name in results and "return" in results
    again = squidbox("play", "grid_squid", "--players", "3", "--bots", "3", "--seed", "1")
    assert again.stdout == first.stdout
    other = squidbox("play", "grid_squid", "--players", "3", "--bots", "3", "--seed", "2")
    assert other.stdout != first.stdout


def test_options_reach_the_game():
    result = squidbox("play", "grid_squid", "--players", "2", "--bots", "2", "--seed", "4",
                      "--option", 'colours=["Green","Yellow"]', "--option", "advanced=true")
    assert result.returncode == 0, result.stderr
    assert "Green" in result.stdout and "Yellow" in result.stdout and "Red" not in result.stdout


def test_end_of_input_quits_cleanly():
    result = squidbox("play", "grid_squid", "--players", "2", "--bots", "1", "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert "End of input" in result.stdout
    assert "Traceback" not in result.stderr


def test_fuzz_passes_a_few_games():
    result = squidbox("fuzz", "grid_squid", "--games", "3")
    assert result.returncode == 0, result.stderr
    assert "2 players" in result.stdout and "4 players" in result.stdout
    assert "deep checks" in result.stdout


def test_fuzz_failure_exits_1_and_says_how_to_reproduce(monkeypatch, capsys):
    def broken(game, n, seed, options=None, deep_every=1):
        raise ConformanceError(f"{game.id} players={n} seed={seed}: cards not conserved")

    monkeypatch.setattr(cli, "check_playout", broken)
    assert cli.main(["fuzz", "grid_squid", "--games", "2", "--seed", "5"]) == 1
    err = capsys.readouterr().err
    assert "cards not conserved" in err
    assert "squidbox fuzz grid_squid --players 2 --games 1 --seed 5" in err


def test_bench_prints_decisions_per_second():
    result = squidbox("bench", "grid_squid", "--seconds", "0.3", "--players", "2")
    assert result.returncode == 0, result.stderr
    assert "2 players" in result.stdout and "decisions/s" in result.stdout
    assert "3 players" not in result.stdout
    assert "Python" in result.stdout


def test_main_returns_exit_codes_instead_of_exiting(capsys):
    assert cli.main(["--help"]) == 0
    assert cli.main(["play", "nope"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_option_values_are_json_when_possible():
    parsed = cli.parse_options(["a=true", "b=3", 'c=["Drop","Wheel"]', "d=left", "e=x=y", "f="])
    assert parsed == {"a": True, "b": 3, "c": ["Drop", "Wheel"], "d": "left", "e": "x=y", "f": ""}
    with pytest.raises(InvalidOptions, match="twice"):
        cli.parse_options(["a=1", "a=2"])
    with pytest.raises(InvalidOptions, match="NAME=VALUE"):
        cli.parse_options(["=3"])

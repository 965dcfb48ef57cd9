"""Bad input: a clear message, exit code 2, and no file written."""

import sys

import pytest

from squidbox.sim import BackendUnavailable, SimulationError, SimulationPlan, make_backend


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "no_such_game"], "unknown game 'no_such_game'"),
        (["simulate", "grid_squid", "--bots", "random,genius"], "unknown bot kind 'genius'"),
        (["simulate", "grid_squid", "--bots", "ismcts:depth=3"], "has no setting"),
        (["simulate", "grid_squid", "--bots", "random,,heuristic"], "empty bot spec"),
        (["simulate", "grid_squid", "--players", "9"], "2 to 4 players, not 9"),
        (["simulate", "grid_squid", "--workers", "0"], "--workers: must be at least 1"),
        (["simulate", "grid_squid", "--games", "0"], "--games: must be at least 1"),
        (["simulate", "grid_squid", "--backend", "spark"], "unknown backend 'spark'"),
        (["simulate", "grid_squid", "--address", "127.0.0.1:1"], "--address is for"),
        (["simulate", "grid_squid", "--option", "nope=1"], "nope"),
        (["tournament", "grid_squid", "--bots", "random"], "at least two"),
        (["tournament", "grid_squid", "--bots", "random,heuristic,random"], "listed twice"),
    ],
)
def test_bad_settings_fail_before_anything_is_written(squidbox, tmp_path, args, message):
    out = tmp_path / "records.jsonl"
    run = squidbox(*args, "--out", str(out), "--no-progress")
    assert run.code == 2
    assert message in run.err
    assert not out.exists() and run.out == ""


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("records.txt", "must end in .jsonl or .csv"),
        ("missing/records.jsonl", "cannot write --out"),
        (".", "must end in .jsonl or .csv"),
    ],
)
def test_bad_out_paths_are_reported(squidbox, tmp_path, out, message):
    run = squidbox("simulate", "grid_squid", "--out", str(tmp_path / out), "--no-progress")
    assert run.code == 2 and message in run.err
    assert sorted(path.name for path in tmp_path.iterdir()) == []


def test_a_directory_named_like_a_records_file_is_refused(squidbox, tmp_path):
    (tmp_path / "games.csv").mkdir()
    run = squidbox("simulate", "grid_squid", "--out", str(tmp_path / "games.csv"))
    assert run.code == 2 and "is a directory" in run.err


def test_plot_into_a_file_is_refused_before_playing(squidbox, tmp_path):
    blocker = tmp_path / "charts"
    blocker.write_text("not a directory")
    out = tmp_path / "games.jsonl"
    run = squidbox("simulate", "grid_squid", "--plot", str(blocker), "--out", str(out))
    assert run.code == 2 and "is a file, not a directory" in run.err
    assert not out.exists()


def test_the_library_checks_the_same_things():
    with pytest.raises(SimulationError, match="at least one bot"):
        SimulationPlan("grid_squid", 2, (), games=1).check()
    with pytest.raises(SimulationError, match="at least 1"):
        SimulationPlan("grid_squid", 2, ("random",), games=0).check()
    with pytest.raises(SimulationError, match="--workers must be at least 1"):
        make_backend("local", workers=0)


def test_ray_backend_without_ray_says_how_to_install_it(squidbox, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(BackendUnavailable, match=r"pip install squidbox\[ray\]"):
        make_backend("ray")
    out = tmp_path / "games.jsonl"
    run = squidbox("simulate", "grid_squid", "--backend", "ray", "--out", str(out))
    assert run.code == 2 and "pip install squidbox[ray]" in run.err
    assert not out.exists()

"""--data and --set on simulate, tournament and play."""

import json
from pathlib import Path

import pytest

from squidbox import cli
from squidbox.variant import make_variant, shipped_data_file


def run(capsys, *args):
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", [
    ["simulate", "grid_squid", "--games", "2", "--workers", "1", "--no-progress"],
    ["tournament", "grid_squid", "--bots", "random,heuristic", "--games", "2", "--workers", "1",
     "--no-progress"],
    ["play", "grid_squid", "--bots", "1", "--seed", "1"],
])
@pytest.mark.parametrize(("edit", "message"), [
    ("roundz=2", "unknown key 'roundz': the file has no 'roundz'; its keys: symbols"),
    ("rounds=two", "rounds must be an integer (the file has 3), not 'two'"),
    ("rounds=0", "with --set rounds=0: rounds must be at least 1, not 0"),
    ("line_points.9=4", "line_points has no '9'; its keys: 3, 4, 5"),
])
def test_bad_edits_are_refused_before_anything_runs(capsys, tmp_path, command, edit, message):
    out = tmp_path / "games.jsonl"
    extra = ["--out", str(out)] if command[0] != "play" else []
    code, _, err = run(capsys, *command, *extra, "--set", edit)
    assert code == 2
    assert f"data file {shipped_data_file('grid_squid')}" in err and message in err, err
    assert not out.exists()


def test_simulate_plays_the_variant_and_records_say_so(capsys, tmp_path: Path):
    out = tmp_path / "games.jsonl"
    code, text, err = run(capsys, "simulate", "grid_squid", "--games", "4", "--workers", "2",
                          "--no-progress", "--set", "rounds=1", "--out", str(out))
    assert code == 0, err
    assert "Variant: --set rounds=1" in text
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["length"] for r in records} == {10} and {r["variant"] for r in records} == {
        "--set rounds=1"}


def test_tournament_and_data_file(capsys, tmp_path: Path):
    data = tmp_path / "two_rounds.toml"
    data.write_text(shipped_data_file("grid_squid").read_text().replace("rounds = 3",
                                                                         "rounds = 2"))
    out = tmp_path / "games.csv"
    code, text, err = run(capsys, "tournament", "grid_squid", "--bots", "random,heuristic",
                          "--games", "2", "--workers", "1", "--no-progress", "--data", str(data),
                          "--out", str(out))
    assert code == 0, err
    assert f"Variant: --data {data}" in text
    assert out.read_text().count(",20,") >= 2  # two rounds: 2 x 5 x 2 decisions


def test_play_in_the_terminal_on_a_variant(capsys):
    code, text, err = run(capsys, "play", "grid_squid", "--bots", "2", "--players", "2",
                          "--seed", "3", "--set", "rounds=1")
    assert code == 0, err
    assert text.startswith("Variant: --set rounds=1")
    assert "Round 2" not in text and "Round 1" in text


def test_fuzz_checks_the_guarantees_on_a_variant_and_its_reproduction_names_the_edits(capsys):
    code, text, err = run(capsys, "fuzz", "grid_squid", "--players", "2", "--games", "2",
                          "--option", "advanced=true", "--set", "rounds=1",
                          "--set", "advanced_hand_size=6")
    assert code == 0, err
    assert "All 2 games passed: 20 decisions" in text  # 1 round of 5 cards each, 2 games
    from squidbox.registry import get_game
    variant = make_variant("directors", edits=['events."Job Fair".turns=[2, 3]'])
    assert cli._fuzz_command(get_game("directors"), 3, 4, 1, {}, variant).endswith(
        """--set 'events."Job Fair".turns=[2, 3]'""")

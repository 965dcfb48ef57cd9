"""`squidbox simulate` end to end: reproducible records, both file formats, the summary."""

import json

from squidbox.sim import read_records

from .conftest import without_timing

MIXED = ("--players", "3", "--bots", "ismcts:iterations=20,heuristic,random", "--games", "8")


def simulate_to(squidbox, path, *extra):
    run = squidbox("simulate", "grid_squid", *MIXED, "--out", str(path), "--no-progress",
                   *extra)
    assert run.code == 0, run.err
    return read_records(path)


def test_same_seed_same_records_with_one_or_two_workers(squidbox, tmp_path):
    one = simulate_to(squidbox, tmp_path / "one.jsonl", "--seed", "5", "--workers", "1")
    two = simulate_to(squidbox, tmp_path / "two.jsonl", "--seed", "5", "--workers", "2")
    again = simulate_to(squidbox, tmp_path / "again.jsonl", "--seed", "5", "--workers", "2")
    assert without_timing(one) == without_timing(two) == without_timing(again)
    assert [record["index"] for record in two] == list(range(8))  # written in game order
    other = simulate_to(squidbox, tmp_path / "other.jsonl", "--seed", "6", "--workers", "1")
    assert [r["seed"] for r in other] != [r["seed"] for r in one]


def test_seats_rotate_by_default_and_stay_with_no_rotate(squidbox, tmp_path):
    rotated = simulate_to(squidbox, tmp_path / "r.jsonl", "--workers", "1", "--games", "3")
    assert [r["seats"][0] for r in rotated[:3]] == ["ismcts:iterations=20", "heuristic",
                                                     "random"]
    fixed = simulate_to(squidbox, tmp_path / "f.jsonl", "--workers", "1", "--no-rotate",
                        "--games", "3")
    assert {tuple(r["seats"]) for r in fixed} == {("ismcts:iterations=20", "heuristic",
                                                    "random")}


def test_jsonl_and_csv_hold_the_same_records(squidbox, tmp_path):
    jsonl = simulate_to(squidbox, tmp_path / "games.jsonl", "--workers", "1")
    csv = simulate_to(squidbox, tmp_path / "games.csv", "--workers", "1")
    assert without_timing(jsonl) == without_timing(csv)
    first_line = (tmp_path / "games.jsonl").read_text().splitlines()[0]
    assert json.loads(first_line)["game"] == "grid_squid"
    header = (tmp_path / "games.csv").read_text().splitlines()[0].split(",")
    assert header[:4] == ["index", "game", "players", "seed"]
    assert {"bot_2", "return_2", "score_2"} <= set(header)
    record = csv[0]
    assert set(record) == {"index", "game", "players", "seed", "options", "seats", "returns",
                           "scores", "length", "first_player", "winners", "end_reason",
                           "seconds", "variant", "pieces"}
    assert {r["end_reason"] for r in csv} == {"game_over"}  # Grid Squid has one end
    assert record["seats"] == ["ismcts:iterations=20", "heuristic", "random"]


def test_summary_has_bot_seat_first_player_length_and_score_lines(squidbox):
    run = squidbox("simulate", "grid_squid", "--players", "2", "--bots", "heuristic,random",
                   "--games", "12", "--workers", "1", "--no-progress", "--seed", "1")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0].startswith("grid_squid, 2 players, bots heuristic, random")
    bot_line = next(line for line in lines if line.strip().startswith("heuristic"))
    plays, mean, low, _, high = bot_line.split()[1:]
    assert plays == "12" and float(low) <= float(mean) <= float(high)
    assert float(mean) > 0.5  # heuristic beats random
    assert sum(line.strip().startswith("seat ") and "12" in line for line in lines) >= 2
    assert "First-player advantage" in run.out and "fair share 0.500" in run.out
    assert "Game length (decisions): mean" in run.out
    assert "How games ended (of 12, 95% interval): game_over 12 (100.0%" in run.out
    assert "Scores per seat:" in run.out
    assert run.err == ""

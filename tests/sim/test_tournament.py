"""`squidbox tournament`: seats for each pair, and a ranked table."""

import re
from collections import Counter

from squidbox.sim import TournamentPlan, TournamentTable, read_records
from squidbox.sim.tournament import format_tournament, pair_seats


def test_two_players_alternate_seats_every_game():
    assert [pair_seats("A", "B", 2, i) for i in range(3)] == [
        ("A", "B"), ("B", "A"), ("A", "B")]


def test_odd_player_counts_balance_both_configs_over_two_rounds():
    seatings = [pair_seats("A", "B", 3, i) for i in range(6)]
    assert seatings[:3] == [("A", "B", "A"), ("B", "A", "A"), ("A", "A", "B")]
    assert Counter(spec for seats in seatings for spec in seats) == {"A": 9, "B": 9}
    for seat in range(3):
        assert Counter(seats[seat] for seats in seatings) == {"A": 3, "B": 3}


def test_every_pair_plays_the_same_deals():
    plan = TournamentPlan("grid_squid", 2, ("a", "b", "c"), games=2, seed=4)
    jobs = list(plan.jobs())
    assert plan.total == len(jobs) == 6 and [job.index for job in jobs] == list(range(6))
    assert [job.seed for job in jobs[:2]] == [job.seed for job in jobs[2:4]]
    assert {frozenset(job.seats) for job in jobs} == {
        frozenset("ab"), frozenset("ac"), frozenset("bc")}


def test_table_counts_each_config_against_the_field_and_per_pair():
    table = TournamentTable(2)
    table.add({"seats": ["a", "b"], "returns": [1.0, 0.0]})
    table.add({"seats": ["c", "a"], "returns": [0.5, 0.5]})
    assert table.overall["a"].plays == 2 and table.overall["a"].total == 1.5
    assert table.pairwise[("a", "b")].mean == 1.0 and table.pairwise[("c", "a")].mean == 0.5
    assert [name for name, _ in table.ranking()] == ["a", "c", "b"]


def test_adjacent_ranks_within_noise_are_named():
    table = TournamentTable(2)
    for game in range(20):  # a beats b 11 to 9: not settled; both beat c every time
        table.add({"seats": ["a", "b"], "returns": [1.0, 0.0] if game < 11 else [0.0, 1.0]})
        table.add({"seats": ["a", "c"], "returns": [1.0, 0.0]})
        table.add({"seats": ["b", "c"], "returns": [1.0, 0.0]})
    text = format_tournament(table)
    assert "0.550 (0.34-0.74)" in text
    assert text.endswith("holds the fair share 0.500): #1 a and #2 b")


def test_tournament_ranks_heuristic_above_random(squidbox, tmp_path):
    out = tmp_path / "tournament.csv"
    run = squidbox("tournament", "grid_squid", "--bots",
                   "random,heuristic,ismcts:iterations=20", "--games", "6", "--workers", "2",
                   "--seed", "3", "--out", str(out), "--no-progress")
    assert run.code == 0, run.err
    assert "3 pairs x 6 games" in run.out
    ranking = run.out.split("Ranking:")[1].split("Pairwise:")[0]
    ranked = [line.split()[1] for line in ranking.splitlines()[2:] if line.strip()]
    assert ranked.index("heuristic") < ranked.index("random")
    matrix = run.out.split("Pairwise:")[1].splitlines()
    row = next(line for line in matrix if " heuristic " in line)
    # one cell per column, in rank order: "-" against itself, else "mean (low-high)"
    cells = re.findall(r"  (-|\d\.\d{3} \(\d\.\d\d-\d\.\d\d\))", row)
    assert cells[ranked.index("heuristic")] == "-"
    mean, low, high = map(float, re.findall(r"\d\.\d+", cells[ranked.index("random")]))
    assert low <= mean <= high and mean > 0.5
    assert len(read_records(out)) == 18

"""Aggregating records: per bot over seats, per seat, first player, lengths, scores."""

from squidbox.sim import Summary, format_summary


def record(seats, returns, first, length=30, scores=None):
    return {"seats": seats, "returns": returns, "first_player": first, "length": length,
            "scores": scores}


def test_a_bot_in_two_seats_counts_both_plays():
    summary = Summary(3)
    summary.add(record(["a", "b", "a"], [1.0, 0.0, 0.0], first=0))
    summary.add(record(["b", "a", "a"], [0.0, 0.5, 0.5], first=1, length=40))
    assert summary.by_bot["a"].plays == 4 and summary.by_bot["a"].total == 2.0
    assert summary.by_bot["b"].plays == 2 and summary.by_bot["b"].total == 0.0
    assert [rate.total for rate in summary.by_seat] == [1.0, 0.5, 0.5]
    assert summary.first_player.total == 1.5 and summary.first_seats == {0: 1, 1: 1}
    assert summary.lengths == [30, 40] and not summary.has_scores


def test_summary_text_names_every_bot_and_seat_and_the_first_player_verdict():
    summary = Summary(2)
    for game in range(40):
        summary.add(record(["strong", "weak"] if game % 2 else ["weak", "strong"],
                           [1.0, 0.0], first=0, scores=[game % 5, 0]))
    text = format_summary(summary)
    assert "fair share 1/2 = 0.500" in text
    strong = next(line for line in text.splitlines() if line.strip().startswith("strong"))
    assert strong.split()[1:3] == ["40", "0.500"]
    assert "seat 0" in text and "seat 1" in text
    assert "has mean return 1.000 (0.912 - 1.000)" in text
    assert "+0.500, an advantage (fair share below the interval)" in text
    assert "Game length (decisions): mean 30.0, median 30, min 30, max 30" in text
    assert "seat 0  mean 2.00" in text


def test_no_games_says_so():
    assert format_summary(Summary(2)) == "No games were played."


def test_the_ways_games_ended_are_counted_with_intervals():
    summary = Summary(2)
    for game in range(10):
        summary.add({**record(["a", "b"], [1.0, 0.0], first=0),
                     "end_reason": "board_full" if game < 8 else "reshuffle_limit"})
    assert summary.end_reasons == {"board_full": 8, "reshuffle_limit": 2}
    assert ("How games ended (of 10, 95% interval): board_full 8 (80.0%, 49.0% - 94.3%), "
            "reshuffle_limit 2 (20.0%, 5.7% - 51.0%)") in format_summary(summary)


def test_the_skill_gap_names_the_stronger_bot_and_lineups_are_kept_apart():
    summary = Summary(3)
    summary.add(record(["h", "r", "h"], [0.5, 0.0, 0.5], first=0))
    summary.add(record(["r", "h", "r"], [0.0, 1.0, 0.0], first=0))
    text = format_summary(summary)
    assert "Skill gap: the stronger bot, h, wins 0.667 (" in text
    assert text.index("Skill gap") < text.index("First-player advantage")
    assert [rate.mean for rate in summary.by_lineup[("r", "h", "r")]] == [0.0, 1.0, 0.0]
    assert [rate.mean for rate in summary.by_lineup[("h", "r", "h")]] == [0.5, 0.0, 0.5]

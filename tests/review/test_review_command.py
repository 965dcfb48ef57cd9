"""`squidbox review FILE --seat N`: the review of a game record in the terminal."""

from __future__ import annotations

import json
from pathlib import Path

import squidbox
from squidbox.cli import main
from squidbox.record import record_of
from squidbox.review import VERDICT_WORDS, review_record
from squidbox.review.terminal import LEVELS, MARKS

from .test_review import finished_record


def test_prints_the_chance_line_the_marks_and_every_decision(tmp_path: Path, capsys):
    record = finished_record("directors")
    path = tmp_path / "game.json"
    path.write_text(record.dumps())
    assert main(["review", str(path), "--seat", "1", "--iterations", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    review = review_record(squidbox.get_game("directors"), record, 1, 6, 2)
    assert "Review of Teal (seat 1) · Directors, 2 players" in out
    assert "6 iterations per decision, review seed 2" in out
    lines = out.splitlines()
    spark = next(line for line in lines if line.startswith("   1 "))[5:]
    assert len(spark) == len(review.decisions) and set(spark) <= set(LEVELS)
    marks = "".join(MARKS[d.verdict] for d in review.decisions).rstrip()
    if marks.strip():
        assert f"     {marks}" in lines
    rows = [line for line in lines if line[:4].strip().isdigit() and "(" in line]
    assert len(rows) == len(review.decisions)
    for row, decision in zip(rows, review.decisions, strict=True):
        assert row.startswith(f"{decision.step + 1:>4}  ")
        assert f"({round(decision.chance * 100)} %)" in row
        assert (VERDICT_WORDS[decision.verdict] in row) == (decision.verdict != "good")
        better = round(decision.best_chance * 100) != round(decision.chance * 100)
        assert (f"({round(decision.best_chance * 100)} %)" in row.split("·")[1]
                if better else row.count("·") <= 1)
    counts = review.counts()
    assert (f"good: {counts['good']}, inaccuracy: {counts['inaccuracy']}, "
            f"mistake: {counts['mistake']}, blunder: {counts['blunder']}") in out


def test_in_german(tmp_path: Path, capsys):
    path = tmp_path / "game.json"
    path.write_text(finished_record("grid_squid").dumps())
    assert main(["review", str(path), "--seat", "0", "--iterations", "3", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Iterationen je Entscheidung" in out and "Fehler" in out


def test_refuses_with_reasons(tmp_path: Path, capsys):
    path = tmp_path / "game.json"
    path.write_text(finished_record("grid_squid").dumps())
    assert main(["review", str(path), "--seat", "2"]) == 2
    assert "--seat must be 0 to 1" in capsys.readouterr().err
    assert main(["review", str(path), "--seat", "0", "--iterations", "20000"]) == 2
    assert "iterations per decision must be 1 to 10000" in capsys.readouterr().err
    game = squidbox.get_game("grid_squid")
    unfinished = game.new_game(2, seed=1)
    seat = unfinished.to_move()[0]
    unfinished.apply(seat, unfinished.legal_actions(seat)[0])
    path.write_text(record_of(unfinished).dumps())
    assert main(["review", str(path), "--seat", "0"]) == 2
    assert "only a finished game is reviewed" in capsys.readouterr().err
    path.write_text(json.dumps({"format": 1}))
    assert main(["review", str(path), "--seat", "0"]) == 2
    assert "not a squidbox game record" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "missing.json"), "--seat", "0"]) == 2
    assert "cannot read the game record" in capsys.readouterr().err

"""`squidbox replay FILE [--seat N]`: stepping through a game record in the terminal."""

from __future__ import annotations

import io
import json
from pathlib import Path

import squidbox
from squidbox.cli import main
from squidbox.record import load_record, record_of, replay_record
from squidbox.replay_terminal import replay_in_terminal

from ..engine.test_records import played


def drive(replay, seat, answers):
    lines: list[str] = []
    feed = iter(answers)

    def read(prompt: str) -> str:
        lines.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    code = replay_in_terminal(replay, seat, read, lines.append)
    return code, "\n".join(lines)


def test_steps_forward_back_and_jumps_showing_the_seats_view_and_the_steps_log():
    state = played("squid_circle")
    replay = replay_record(load_record(record_of(state).dumps()))
    last = replay.steps
    code, out = drive(replay, 1, ["", "n", "b", "7", "b", "x", str(last + 5), str(last), "n", "q"])
    assert code == 0
    game = squidbox.get_game("squid_circle")
    for step in (0, 1, 2, 7, 6, last):
        assert f"=== Step {step}/{last}" in out
    # Red's secret vote at step 1 is not Blue's to see; Blue's own at step 2 is.
    assert "=== Step 1/" + f"{last}: Red: a choice this seat did not see ===" in out
    assert f"=== Step 2/{last}: Blue: {state.history[1][1]} ===" in out
    seventh = game.replay(state.num_players, state.seed, state.options, state.history[:7])
    sixth = game.replay(state.num_players, state.seed, state.options, state.history[:6])
    for entry in seventh.log(1)[len(sixth.log(1)):]:
        assert f"  · {entry['text']}" in out
    assert game.render(seventh.view(1)) in out
    assert "'x': Enter or n" in out and f"There is no step {last + 5}: 0 to {last}." in out
    assert "That was the last step" in out and "The game is over:" in out


def test_the_spectator_sees_only_public_information():
    state = played("squid_circle")
    replay = replay_record(record_of(state))
    _code, out = drive(replay, None, ["2", "q"])
    assert "Seen as the spectator" in out
    assert f"Blue: {state.history[1][1]}" not in out
    game = squidbox.get_game("squid_circle")
    assert game.render(game.replay(state.num_players, state.seed, state.options, state.history[:2])
                       .view(None)) in out


def test_the_command_reads_a_file_and_refuses_with_reasons(tmp_path: Path, capsys, monkeypatch):
    path = tmp_path / "game.json"
    path.write_text(record_of(played("grid_squid")).dumps())
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["replay", str(path), "--seat", "0"]) == 0
    assert "Seen as Red (seat 0)" in capsys.readouterr().out
    assert main(["replay", str(path), "--seat", "5"]) == 2
    assert "--seat must be 0 to 1" in capsys.readouterr().err
    doc = json.loads(path.read_text())
    doc["format"] = 99
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path)]) == 2
    assert "format 99, newer than this squidbox reads" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read the game record" in capsys.readouterr().err

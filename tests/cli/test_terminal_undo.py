"""`u` in `squidbox play`: takes back the last move while the rules of undo allow it (two
people at SQUID, whose secret votes may be taken back until the last vote shows them all)."""

from __future__ import annotations

import squidbox
from squidbox.terminal import play_in_terminal

SQUID = squidbox.get_game("squid_circle")


def play(answers: list[str]) -> list[str]:
    lines: list[str] = []
    pending = iter(answers)

    def read(prompt: str) -> str:
        answer = next(pending, "q")
        lines.append(f"{prompt}<<{answer}")
        return answer

    play_in_terminal(SQUID, 2, {}, 1, read=read, write=lines.append)
    return lines


def test_u_is_listed_in_the_help_and_the_prompt():
    lines = play(["", "q"])
    assert any("u to take back your last move" in line for line in lines)
    assert any("your choice (1-2, h, c, a, u, q)" in line for line in lines)


def test_u_takes_back_a_secret_vote_before_the_next_seat_decides():
    # Red votes "show 1", then at the hand-over to Blue takes it back and votes "show 0".
    lines = play(["", "2", "u", "1", "", "1", "q"])
    took_back = lines.index("  · Red took back a move.")
    assert lines[took_back - 1] == "<<u"  # typed at the hand-over prompt
    after = lines[took_back:]
    red_again = next(i for i, line in enumerate(after) if line.startswith("Red, your choice"))
    blue_handover = next(i for i, line in enumerate(after) if "Pass the device to Blue" in line)
    assert red_again < blue_handover  # the device stayed with Red, who chose again
    # what stands is Red's second vote: the call shows Red 0 and Blue 0
    expected = SQUID.replay(2, 1, {}, [(0, "vote 0"), (1, "vote 0")]).log(None)[-1]["text"]
    calls = [line for line in lines if line.startswith("  · Round 1, the call:")]
    assert calls == [f"  · {expected}"]


def test_u_says_why_not_when_the_rules_forbid_it():
    lines = play(["", "u", "q"])
    assert "No undo: nothing has been decided yet, so there is nothing to take back." in lines
    # Blue's vote showed every vote: at the hand-over to Red, Blue may not take it back
    lines = play(["", "1", "", "1", "u", "", "u", "q"])
    assert ("No undo: Blue (seat 1) cannot take back the last move: something hidden was "
            "revealed since.") in lines
    # nor may Red, at its own prompt: Blue decided last
    assert ("No undo: Red (seat 0) cannot take back a move: Blue decided last (a move can be "
            "taken back only until another seat decides).") in lines
    assert not any("took back" in line for line in lines)

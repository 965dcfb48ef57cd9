"""The terminal's automatic pass and typed ASCII action names (item 8)."""

from __future__ import annotations

import re
import subprocess
import sys

import squidbox
from squidbox.autopass import passes_automatically
from squidbox.bots import RandomBot
from squidbox.terminal import play_in_terminal

SQUID = squidbox.get_game("squid_circle")
PASS_ONLY = "1. pass: play no trick now"


class Script:
    """Answers every prompt with the first action (which is "pass" when pass is all there is,
    so games with and without automatic passing take the same course) and records the screen."""

    def __init__(self, answer: str = "1") -> None:
        self.lines: list[str] = []
        self.answer = answer
        self.menus: list[list[str]] = []  # the action lists shown, one per choice prompt
        self.handovers = 0

    def write(self, text: str) -> None:
        self.lines.extend(text.split("\n"))

    def read(self, prompt: str) -> str:
        if "Pass the device" in " ".join(self.lines[-2:]) and prompt == "":
            self.handovers += 1
            return ""
        if "your choice" in prompt:
            self.menus.append(self.menu())
            return self.answer_for(self.menus[-1])
        return ""

    def menu(self) -> list[str]:
        menu = []
        for line in reversed(self.lines):
            if not re.match(r"\s+\d+\. ", line):
                break
            menu.append(line.strip())
        return menu[::-1]

    def answer_for(self, menu: list[str]) -> str:
        return self.answer

    @property
    def automatic(self) -> int:
        return sum("you pass automatically" in line for line in self.lines)


def play(seed: int, people: int, auto_pass: bool, script: Script) -> Script:
    bots = {seat: RandomBot(seed + seat) for seat in range(people, 3)}
    play_in_terminal(SQUID, 3, bots, seed, read=script.read, write=script.write,
                     auto_pass=range(3) if auto_pass else ())
    return script


def test_only_a_pass_that_is_all_the_seat_can_do_is_answered_for_it():
    assert passes_automatically(["pass"])
    assert not passes_automatically(["play Falconer", "pass"])
    assert not passes_automatically(["vote 0", "vote 1"])
    for seed in (2, 3):  # games in which the person is asked while holding nothing that fits
        asked = play(seed, 1, False, Script())
        helped = play(seed, 1, True, Script())
        pass_only = sum(menu == [PASS_ONLY] for menu in asked.menus)
        assert pass_only > 20  # SQUID asks everyone, also those who hold nothing that fits
        assert helped.automatic == pass_only
        assert [PASS_ONLY] not in helped.menus
        # every other question is still asked, and the game goes the same way
        assert [m for m in asked.menus if m != [PASS_ONLY]] == helped.menus
        assert asked.lines[-4:] == helped.lines[-4:]  # the same results


def test_a_shared_screen_still_hands_the_device_to_a_seat_passed_for():
    for seed in range(2):
        asked = play(seed, 2, False, Script())
        helped = play(seed, 2, True, Script())
        assert helped.automatic > 0 and asked.handovers > 0
        assert helped.handovers == asked.handovers


def test_the_key_a_switches_automatic_pass_on_and_off():
    class Toggle(Script):
        def answer_for(self, menu: list[str]) -> str:
            return "a" if len(self.menus) == 1 else "1"
    script = play(0, 1, False, Toggle())
    assert any("Automatic pass is on for" in line for line in script.lines)
    assert script.automatic > 0
    assert [PASS_ONLY] not in script.menus[1:]


def test_a_typed_ascii_name_plays_the_action():
    class Zeige(Script):
        def answer_for(self, menu: list[str]) -> str:
            if not self.played and any("Zeige −1" in item for item in menu):
                self.played = True
                return "play Zeige -1"
            return "1"
    for seed in range(20):
        script = Zeige()
        script.played = False  # type: ignore[attr-defined]
        play(seed, 1, False, script)
        if script.played:  # type: ignore[attr-defined]
            break
    else:
        raise AssertionError("no game offered Zeige −1")
    assert not any("is not a number" in line for line in script.lines)
    assert any("Zeige" in line and "·" in line for line in script.lines)  # logged as played


def test_the_play_command_takes_auto_pass():
    def run(*flags: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "squidbox", "play", "squid_circle", "--players", "3",
             "--seed", "0", *flags], input="1\n" * 200, capture_output=True, text=True,
            timeout=60)
    helped, asked = run("--auto-pass"), run()
    assert helped.returncode == 0, helped.stderr
    assert helped.stdout.count("you pass automatically") > 0
    assert "you pass automatically" not in asked.stdout

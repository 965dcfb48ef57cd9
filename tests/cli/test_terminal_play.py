"""The terminal loop, driven through its injectable read/write functions.

A Driver mirrors the game on a shadow state (same seed, same actions) so each prompt can be
checked against what the seat to move may see, and nothing of another seat's private view.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import squidbox
from squidbox.bots import RandomBot
from squidbox.engine import Game, State
from squidbox.terminal import play_in_terminal

GRID = squidbox.get_game("grid_squid")
CLEARED = "<screen cleared>"


class MirrorBot:
    """A random bot that also plays its moves on the driver's shadow state."""

    name = "random"

    def __init__(self, seed: int, shadow: State) -> None:
        self.inner, self.shadow = RandomBot(seed), shadow

    def choose(self, state: State, player: int) -> str:
        action = self.inner.choose(state, player)
        self.shadow.apply(player, action)
        return action


class Driver:
    def __init__(self, game: Game, num_players: int, bot_seats: list[int], seed: int,
                 first_answers: tuple[str, ...] = ()) -> None:
        self.game, self.seed = game, seed
        self.shadow = game.new_game(num_players, seed)
        self.bots = {s: MirrorBot(seed + s, self.shadow) for s in bot_seats}
        self.names = self.shadow.view(None)["seat_names"]
        self.lines: list[str] = []
        self.mark = 0
        self.pending = list(first_answers)
        self.chooser = random.Random(seed)
        self.decisions = 0
        self.pass_prompts: list[str] = []  # names asked to take the device
        self.since_answer = ""  # output since the last valid answer or pass prompt
        self.prompts: list[tuple[str, str]] = []  # (prompt, output just before it)

    def write(self, text: str) -> None:
        self.lines.append(text)

    def run(self) -> int:
        return play_in_terminal(self.game, self.shadow.num_players, self.bots, self.seed,
                                read=self.read, write=self.write, clear=self.clear)

    def clear(self) -> None:
        self.lines.append(CLEARED)

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def read(self, prompt: str) -> str:
        chunk = "\n".join(self.lines[self.mark:])
        self.mark = len(self.lines)
        self.since_answer += "\n" + chunk
        self.prompts.append((prompt, chunk))
        seat = min(self.shadow.to_move())
        if "your choice" not in prompt:  # hot-seat: pass the device
            assert f"Pass the device to {self.names[seat]}" in chunk
            self.assert_nothing_private(self.since_answer, seat=None)
            self.pass_prompts.append(self.names[seat])
            self.since_answer = ""
            return ""
        assert self.names[seat] in prompt
        self.assert_nothing_private(self.since_answer, seat)
        assert self.game.render(self.shadow.view(seat)) in self.since_answer
        if self.pending:
            return self.pending.pop(0)
        legal = self.shadow.legal_actions(seat)
        number = self.chooser.randrange(len(legal)) + 1
        self.shadow.apply(seat, legal[number - 1])
        self.decisions += 1
        self.since_answer = ""
        return str(number)

    def assert_nothing_private(self, text: str, seat: int | None) -> None:
        """`text` shows nothing that only a seat other than `seat` may see."""
        allowed = texts(self.shadow.log(None)) | (set() if seat is None else
                                                   texts(self.shadow.log(seat)))
        for other in range(self.shadow.num_players):
            if other == seat:
                continue
            assert self.game.render(self.shadow.view(other)) not in text
            for private in texts(self.shadow.log(other)) - allowed:
                assert private not in text, f"{self.names[other]}'s {private!r} was shown"


def texts(log: list[dict[str, Any]]) -> set[str]:
    return set(texts_in_order(log))


def texts_in_order(log: list[dict[str, Any]]) -> list[str]:
    return [entry["text"] for entry in log]


def test_one_person_against_bots_with_bad_input_along_the_way():
    driver = Driver(GRID, 3, bot_seats=[1, 2], seed=5,
                    first_answers=("", "x", "0", "999", "-2", "h"))
    assert driver.run() == 0
    out = driver.output
    assert "Please type a number from 1 to" in out
    assert "'x' is not a number" in out
    assert "There is no action 0" in out and "There is no action 999" in out
    assert "People: Red. Bots: Blue (random), Green (random)." in out
    assert driver.shadow.is_terminal() and driver.decisions > 0
    assert "Game over" in out and "Results:" in out
    assert GRID.render(driver.shadow.view(None)) in out.split("Game over")[1]
    assert "Pass the device" not in out and CLEARED not in out  # one person: no hot-seat
    # One person at the keyboard: what scrolls by is their own log, each entry once, so they
    # see their own hidden choices and cards ("You are dealt …") and nobody else's.
    shown = Counter(line for line in driver.lines if line.startswith("  · "))
    for text, count in Counter(texts_in_order(driver.shadow.log(0))).items():
        assert shown[f"  · {text}"] == count, f"{text!r} shown {shown[f'  · {text}']} times"
    assert "  · Red is dealt 5 cards." not in shown


def test_h_lists_the_actions_again():
    fresh = GRID.new_game(2, 2)
    seat = fresh.to_move()[0]
    first_label = GRID.action_label(fresh.view(seat), fresh.legal_actions(seat)[0])
    driver = Driver(GRID, 2, bot_seats=[], seed=2, first_answers=("h",))
    driver.run()
    asked = [chunk for prompt, chunk in driver.prompts if "your choice" in prompt]
    assert f"  1. {first_label}" in asked[0]
    assert f"  1. {first_label}" in asked[1]  # listed again after "h"


def test_hot_seat_asks_to_pass_the_device_and_hides_hands():
    driver = Driver(GRID, 2, bot_seats=[], seed=9)
    assert driver.run() == 0
    names = driver.names
    start = GRID.new_game(2, 9).to_move()[0]
    assert driver.pass_prompts[:3] == [names[start], names[1 - start], names[start]]
    prompts = driver.pass_prompts
    assert all(a != b for a, b in zip(prompts, prompts[1:], strict=False))
    assert driver.lines.count(CLEARED) == driver.decisions  # after each person's move
    assert driver.shadow.is_terminal()


def test_two_people_and_a_bot():
    driver = Driver(GRID, 3, bot_seats=[2], seed=11)
    assert driver.run() == 0
    assert driver.shadow.is_terminal()
    assert set(driver.pass_prompts) == {"Red", "Blue"}


@pytest.mark.parametrize("answer", ["q", "Q"])
def test_q_quits_cleanly(answer):
    driver = Driver(GRID, 2, bot_seats=[1], seed=1, first_answers=(answer,))
    assert driver.run() == 0
    assert "Game stopped" in driver.output and "Results:" not in driver.output


def test_end_of_input_quits_cleanly():
    def eof(prompt: str) -> str:
        raise EOFError

    lines: list[str] = []
    assert play_in_terminal(GRID, 2, {}, 1, read=eof, write=lines.append) == 0
    assert "End of input" in "\n".join(lines)


# ---- simultaneous decisions, with a toy game ---------------------------------------------------
class PickState(State):
    """Each seat secretly picks 1, 2 or 3 at the same time; the highest unique pick wins."""

    FIELDS = ("picks",)

    def _setup(self) -> None:
        self.picks = [None] * self.num_players

    def _to_move(self) -> list[int]:
        return [s for s, pick in enumerate(self.picks) if pick is None]

    def _legal_actions(self, player: int) -> list[str]:
        return ["1", "2", "3"]

    def _apply(self, player: int, action: str) -> None:
        self.picks[player] = int(action)
        self.emit_private((player,), {"text": f"You pick {action}."},
                          {"text": f"{self.seat_name(player)} has picked."})
        if self._is_terminal():
            self.emit("reveal", f"Picks: {self.picks}.")

    def _is_terminal(self) -> bool:
        return None not in self.picks

    def _returns(self) -> list[float]:
        best = max(self.picks)
        return [1.0 if pick == best else 0.0 for pick in self.picks]

    def _view(self, viewer: int | None) -> dict[str, Any]:
        done = self._is_terminal()
        return {"picks": [p if done or s == viewer else None for s, p in enumerate(self.picks)]}

    def _resample(self, player: int, rng: random.Random) -> None:
        for seat in range(self.num_players):
            if seat != player and self.picks[seat] is not None:
                self.picks[seat] = rng.choice([1, 2, 3])


class PickGame(Game):
    id = "toy_pick"
    name = "Pick"
    min_players, max_players = 2, 3
    state_class = PickState
    simultaneous = True

    def all_actions(self) -> list[str]:
        return ["1", "2", "3"]

    def render(self, view: dict[str, Any]) -> str:
        return f"[seat {view['seat']} sees {view['state']['picks']}]"


def test_simultaneous_decisions_are_taken_one_seat_at_a_time_in_seat_order():
    driver = Driver(PickGame(), 3, bot_seats=[], seed=0)
    assert driver.run() == 0
    assert driver.pass_prompts == ["Player 1", "Player 2", "Player 3"]
    assert "Picks: [" in driver.output

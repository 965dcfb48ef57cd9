"""SQUID: the game object, its options, its actions and its text rendering."""

from __future__ import annotations

from typing import Any

from squidbox.engine import Game, Option

from . import data as data_file
from . import heuristic
from .actions import PlayTrick, StartOn, Vote, action_table
from .circle import LAYOUTS
from .data import SquidCircleData
from .state import AFTER_MOVE, AFTER_REVEAL, CALL, OVER, PASS, START, SquidCircleState

PHASE_TITLES = {
    START: "setup: the starting player puts the guard on one of their own characters",
    CALL: 'the call "Für – den – Sieg!": everyone secretly shows 0 or 1 (or a Zeige trick)',
    AFTER_MOVE: "the guard has moved: anyone may now play Zum nächsten Charakter or Schnelles "
                "Spiel",
    AFTER_REVEAL: "a guard action is revealed: anyone may now play Zweite Chance",
    OVER: "the game is over",
}


class SquidCircle(Game):
    id = "squid_circle"
    name = "SQUID (the guard card game)"
    state_class = SquidCircleState
    simultaneous = True
    # One preset keeps the conformance run short; tests/games/squid_circle plays the other
    # variants (3 characters at 4–6 players, grouped layout) through the same checks.
    option_presets = ({"layout": "random", "mix": "long", "guard_start": 0},)

    def __init__(self, data: SquidCircleData | None = None) -> None:
        self.data = data if data is not None else data_file.load()
        self.min_players = self.data.min_players
        self.max_players = self.data.max_players
        per_colour = self.data.characters_per_colour
        self.options = (
            Option("characters", "recommended", "characters of each colour in the circle: "
                   '"recommended" (3 at 2–3 players, 2 at 4–6, as the rulebook advises) or a '
                   "number", choices=("recommended", *range(2, per_colour + 1))),
            Option("layout", "even", "how the colours are laid out: evenly spread (rulebook), "
                   "or the variants random or in colour groups", choices=LAYOUTS),
            Option("guard_start", "random", 'whose character the guard starts on: "random" or a '
                   "seat number (the rulebook: the youngest player, who picks which of their "
                   "characters in the random and grouped layouts)", check=_check_seat),
            Option("mix", "proposed", "the deck mix from the data file (the card lists are "
                   "lost; see the rulings)", choices=tuple(self.data.mixes)),
        )
        self.moves = action_table(self.data)
        text = self.moves.text  # the texts by kind, for listing legal actions
        self.plain_votes = (text[Vote(0)], text[Vote(1)])
        self.start_actions = tuple(text[StartOn(k)] for k in range(1, per_colour + 1))
        self.trick_actions = tuple(text[PlayTrick(t)] for t in range(len(self.data.tricks)))
        self.call_actions = frozenset(self.plain_votes) | {
            a for a, t in zip(self.trick_actions, self.data.tricks, strict=True)
            if t.moment == CALL}
        super().__init__()

    def evaluate_view(self, view: dict[str, Any], seat: int) -> float:
        return heuristic.evaluate(self.data, self.moves, view, seat)

    def all_actions(self) -> list[str]:
        return list(self.moves.actions)

    def seat_names(self, num_players: int) -> list[str]:
        return list(self.data.colours[:num_players])

    # ---- text ------------------------------------------------------------------------------------
    def render(self, view: dict[str, Any]) -> str:
        state = view["state"]
        names = view["seat_names"]
        lines = [f"SQUID · round {state['round']} · {PHASE_TITLES[state['phase']]}"]
        circle = state["circle"]
        lines.append(f"Circle, clockwise ({len(circle)} character{'' if len(circle) == 1 else 's'}"
                     "; * = guard):")
        cells = [("*" if i == state["guard"] else " ") + entry["character"]
                 for i, entry in enumerate(circle)]
        lines.extend("   " + "  ".join(cells[i:i + 6]) for i in range(0, len(cells), 6))
        if state["guard"] is None:
            lines.append(f"{names[state['asking']]} is placing the guard on one of their own "
                         "characters.")
        else:
            under = circle[state["guard"]]["character"]
            lines.append(f"The guard stands on {under} ({names[state['threatened']]})."
                         + (" Schnelles Spiel is running." if state["quick_game"] else ""))
        if state["revealed"] is not None:
            lines.append(f"Revealed guard action: {state['revealed']}.")
        lines.append("")
        for player in state["players"]:
            marker = "▶" if player["seat"] in view["to_move"] else " "
            status = (f"{player['characters']} in circle, {player['tricks']} "
                      f"trick{'' if player['tricks'] == 1 else 's'}" if player["active"]
                      else "out")
            extra = " · has chosen" if player["has_voted"] else ""
            extra += " · passed" if player["passed"] else ""
            last = state["last_call"][player["seat"]]
            extra += f" · last call {last}" if last is not None and player["active"] else ""
            lines.append(f" {marker} {player['colour']:<7} {status}{extra}")
        lines.append("")
        lines.append(f"Guard actions: {state['guard_pile']} in the pile; discards: "
                     + _counts(state["guard_discard"]))
        lines.append(f"Tricks: {state['trick_pile']} in the pile; discards: "
                     + _counts(state["trick_discard"]))
        if state["hand"] is not None:
            lines.append(f"Your tricks ({names[view['seat']]}): "
                         + (", ".join(state["hand"]) or "none"))
        if state["my_vote"] is not None:
            lines.append(f"Your hidden choice: {state['my_vote']}")
        return "\n".join(lines)

    def action_label(self, view: dict[str, Any], action: str) -> str:
        state = view["state"]
        move = self.moves(action)
        if action == PASS:
            return "pass: play no trick now"
        if type(move) is StartOn:
            name = f"{view['seat_names'][view['seat']]} {move.number}"
            place = [e["character"] for e in state["circle"]].index(name)
            before = state["circle"][place - 1]["character"]
            after = state["circle"][(place + 1) % len(state["circle"])]["character"]
            return f"put the guard on {name} (between {before} and {after})"
        if type(move) is Vote:
            value = move.value
            return f"show {value} ({'index finger' if value else 'flat hand'}): the guard " \
                   f"moves {value} more"
        assert type(move) is PlayTrick
        trick = self.data.tricks[move.trick]
        circle = state["circle"]
        if trick.moment == CALL:
            return f"{trick.name} ({trick.english}), shown after the call"
        if trick.moment == AFTER_MOVE:
            after = circle[(state["guard"] + 1) % len(circle)]["character"]
            return f"{trick.name} ({trick.english}): the guard goes to {after}"
        under = circle[state["guard"]]["character"]
        return f"{trick.name} ({trick.english}): {under} faces a new guard action"


def _check_seat(value: Any, num_players: int) -> str | None:
    if value == "random" or (type(value) is int and 0 <= value < num_players):
        return None
    return f'give "random" or a seat number from 0 to {num_players - 1}'


def _counts(names: list[str]) -> str:
    if not names:
        return "none"
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
    return ", ".join(f"{name} ×{k}" for name, k in seen.items()) + f" (top: {names[-1]})"

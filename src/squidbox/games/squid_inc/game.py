"""Squid, Inc.: the game object, its actions and its text rendering."""

from __future__ import annotations

from typing import Any

from squidbox.engine import Game, Option

from . import data as data_file
from . import heuristic
from .board import DIRECTION_NAMES, build
from .data import SquidIncData
from .decisions import FLOW
from .state import SquidIncState, upgraded


def slot_name(modifier: int) -> str:
    return f"{modifier:+d}"


class SquidInc(Game):
    id = "squid_inc"
    name = "Squid, Inc."
    state_class = SquidIncState
    flow = FLOW
    options = (
        Option("float_direction", "straight", "Float pushes straight away from the floater "
               '(our reading of the rulebook\'s example), or "choose": the acting player picks '
               "any direction but back toward the floater", choices=("straight", "choose")),
    )
    option_presets = ({"float_direction": "choose"},)

    def __init__(self, data: SquidIncData | None = None) -> None:
        self.data = data if data is not None else data_file.load()
        self.min_players = self.data.min_players
        self.max_players = self.data.max_players
        self.geo = build(self.data.tiers)
        self.space_index = {name: s for s, name in enumerate(self.geo.names)}
        self.slot_names = [slot_name(m) for m in self.data.line_modifiers]
        cards = self.data.card_types()
        self.piece_type = cards + [self.data.guard_type] * self.data.guard_tiles
        super().__init__()

    def from_json(self, doc: Any, verify: bool = False) -> SquidIncState:
        """Snapshots written before the decision stack (their `tasks`) load too."""
        return super().from_json(upgraded(doc), verify)  # type: ignore[return-value]

    def upgraded(self, doc: Any) -> Any:
        """A snapshot as this release writes it, from one written before the decision stack."""
        return upgraded(doc)

    def all_actions(self) -> list[str]:
        spaces = self.geo.names
        data = self.data
        return [
            *(f"take {s}" for s in self.slot_names), "mailroom", "dismiss",
            *(f"clout M{k + 1}" for k in range(data.mailroom_capacity)),
            *(f"clout {s}" for s in spaces), "all", *(f"split {s}" for s in spaces),
            *(f"amount {k}" for k in range(data.largest_amount + 1)),
            *(f"hire M{k + 1}" for k in range(data.mailroom_capacity)),
            *(f"to {s}" for s in spaces), *(f"bump {s}" for s in spaces),
            *(f"use {s}" for s in spaces), "end",
            *(f"pick {s}" for s in spaces),
            *(f"pick P{p + 1} M{k + 1}" for p in range(data.max_players)
              for k in range(data.mailroom_capacity)),
            *(f"pick line {s}" for s in self.slot_names),
            *(f"push {d}" for d in DIRECTION_NAMES), "decline",
        ]

    def evaluate_view(self, view: dict[str, Any], seat: int) -> float:
        return heuristic.evaluate(self.data, view, seat)

    def seat_names(self, num_players: int) -> list[str]:
        return list(self.data.player_colours[:num_players])

    def line_text(self, cards: list[int]) -> str:
        """The Unemployed Line in the log's words."""
        if not cards:
            return "The line is empty."
        employees = self.data.employees
        return ("The line is now " + ", ".join(employees[self.piece_type[c]].name for c in cards)
                + ".")

    # ---- text ------------------------------------------------------------------------------
    def render(self, view: dict[str, Any]) -> str:
        state = view["state"]
        names = view["seat_names"]
        lines = ["Squid, Inc." + (" · ENDGAME" if state["endgame"] else "")
                 + "   (space, Employee, value, controller's initial, Clout; * used or new)"]
        by_name = {cell["space"]: cell for cell in state["board"]}
        for tier in reversed(state["tiers"]):
            lines.append(f" Tier {tier['tier']} (x{tier['multiplier']})")
            rows: dict[str, list[str]] = {}
            for space in tier["spaces"]:
                rows.setdefault(space[2:], []).append(_cell(by_name[space], names))
            lines.extend("   " + "  ".join(row) for row in rows.values())
        line = ", ".join(f"[{c['space']}] {c['employee']} ({c['value']})" for c in state["line"])
        lines.append(f"\n Unemployed Line: {line or 'empty'}")
        lines.append(f" Deck {state['deck_size']} · Dismissed {len(state['dismissed'])}"
                     + (f" (top: {state['dismissed'][-1]})" if state["dismissed"] else "")
                     + f" · Security Guard tiles left {state['guard_tiles_left']}")
        for seat, room in enumerate(state["mailrooms"]):
            marker = "▶" if seat == state["current_player"] else " "
            held = ", ".join(f"M{k + 1} {e['employee']} ({e['clout']}/{e['hire_cost']})"
                             for k, e in enumerate(room)) or "empty"
            lines.append(f" {marker} {names[seat]:<7} {state['scores'][seat]:>3} Clout · "
                         f"Mailroom: {held}")
        if state["chosen"]:
            chosen = state["chosen"]
            lines.append(f" Chosen: {chosen['employee']} (line modifier {chosen['modifier']:+d})")
        if state["pending"]:
            lines.append(f" Now: {state['pending']['prompt']}")
        return "\n".join(lines)

    def action_label(self, view: dict[str, Any], action: str) -> str:
        state = view["state"]
        words = action.split()
        cells = {cell["space"]: cell for cell in state["board"]}
        if words[0] == "take":
            card = next(c for c in state["line"] if c["space"] == words[1])
            return f"choose {card['employee']} (Clout {card['value']}) from the {words[1]} space"
        if action == "mailroom":
            return "put the chosen Employee in your Mailroom"
        if action == "dismiss":
            return "Dismiss the chosen Employee and take its Clout"
        if action == "end":
            return "end your turn"
        if action == "decline":
            return f"make no Bump: {state['pending']['moving']} is Dismissed"
        if action == "all":
            return "put all the Clout on the Mailroom Employee"
        if words[0] == "push":
            return f"push it {words[1]}"
        if words[0] == "amount":
            return f"{words[1]} Clout"
        if words[0] == "to" and (state["pending"] or {}).get("task") == "guard":
            return f"place the Security Guard on {words[1]}"
        if words[-1] in cells:
            return f"{_verb(words[0])} {words[-1]}: {_describe(cells[words[-1]], view)}"
        if words[0] in ("clout", "hire"):
            room = state["mailrooms"][view["seat"]]
            employee = room[int(words[1][1:]) - 1]["employee"]
            return f"{'Clout on' if words[0] == 'clout' else 'bring in'} {employee} ({words[1]})"
        if words[:2] == ["pick", "line"]:
            card = next(c for c in state["line"] if c["space"] == words[2])
            return f"{card['employee']} from the {words[2]} space"
        seat, slot = int(words[1][1:]) - 1, int(words[2][1:]) - 1
        employee = state["mailrooms"][seat][slot]["employee"]
        return f"{employee} in {view['seat_names'][seat]}'s Mailroom"


def _verb(word: str) -> str:
    return {"clout": "Clout on", "split": "split with", "to": "move to", "bump": "Bump",
            "use": "activate", "pick": "choose"}[word]


def _describe(cell: dict[str, Any], view: dict[str, Any]) -> str:
    if cell["employee"] is None:
        return "empty"
    owner = "" if cell["owner"] is None else f"{view['seat_names'][cell['owner']]}'s "
    return f"{owner}{cell['employee']} (value {cell['value']}, {cell['clout']} Clout)"


def _cell(cell: dict[str, Any], names: list[str]) -> str:
    """'1A1 Lumbergh  3 Y2': space, name (cut to 9), printed value, controller initial, Clout."""
    if cell["employee"] is None:
        return f"{cell['space']} {'·':<17}"
    owner = "-" if cell["owner"] is None else names[cell["owner"]][0]
    mark = "*" if cell["used"] or cell["new"] else ""
    body = f"{cell['employee'][:9]:<9} {cell['value']} {owner}{cell['clout']}{mark}"
    return f"{cell['space']} {body:<17}"

"""Squid, Inc.: the game object, its actions and its text rendering."""

from __future__ import annotations

from typing import Any

from squidbox.engine import Game, Option

from . import data as data_file
from . import heuristic
from .actions import (
    AllClout,
    Amount,
    Bump,
    CloutOnMailroom,
    CloutOnSpace,
    Decline,
    Dismiss,
    End,
    Hire,
    Pick,
    PickLine,
    PickMailroom,
    Push,
    Split,
    Take,
    To,
    ToMailroom,
    Use,
    action_table,
)
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
        self.moves = action_table(self.geo.names, self.slot_names, self.data.mailroom_capacity,
                                  self.data.largest_amount, self.data.max_players)
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
        return list(self.moves.actions)

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
        move = self.moves(action)
        kind = type(move)
        if kind is Take or kind is PickLine:
            name = self.slot_names[move.slot]  # type: ignore[union-attr]
            card = next(c for c in state["line"] if c["space"] == name)
            if kind is PickLine:
                return f"{card['employee']} from the {name} space"
            return f"choose {card['employee']} (Clout {card['value']}) from the {name} space"
        if kind in SAID:
            return SAID[kind]
        if kind is Decline:
            return f"make no Bump: {state['pending']['moving']} is Dismissed"
        if type(move) is Push:
            return f"push it {DIRECTION_NAMES[move.direction]}"
        if type(move) is Amount:
            return f"{move.amount} Clout"
        if kind in VERBS:
            name = self.geo.names[move.space]  # type: ignore[union-attr]
            if kind is To and (state["pending"] or {}).get("task") == "guard":
                return f"place the Security Guard on {name}"
            cell = next(cell for cell in state["board"] if cell["space"] == name)
            return f"{VERBS[kind]} {name}: {_describe(cell, view)}"
        if type(move) is CloutOnMailroom or type(move) is Hire:
            employee = state["mailrooms"][view["seat"]][move.slot]["employee"]
            return (f"{'Clout on' if kind is CloutOnMailroom else 'bring in'} {employee} "
                    f"(M{move.slot + 1})")
        assert type(move) is PickMailroom
        employee = state["mailrooms"][move.seat][move.slot]["employee"]
        return f"{employee} in {view['seat_names'][move.seat]}'s Mailroom"


# The moves whose label is fixed, and the verbs of the moves that name a board space.
SAID: dict[type, str] = {
    ToMailroom: "put the chosen Employee in your Mailroom",
    Dismiss: "Dismiss the chosen Employee and take its Clout",
    End: "end your turn",
    AllClout: "put all the Clout on the Mailroom Employee",
}
VERBS: dict[type, str] = {CloutOnSpace: "Clout on", Split: "split with", To: "move to",
                          Bump: "Bump", Use: "activate", Pick: "choose"}


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

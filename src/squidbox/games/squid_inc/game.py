"""Squid, Inc.: the game object, its actions and its text rendering."""

from __future__ import annotations

from typing import Any

from squidbox.engine import Game, Option
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from . import data as data_file
from . import heuristic, length
from .actions import (
    SPACE_MOVES,
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
from .board import build
from .data import PASSIVE_KINDS, SquidIncData
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
        self._action_texts()
        cards = self.data.card_types()
        self.piece_type = cards + [self.data.guard_type] * self.data.guard_tiles
        self.piece_value = [self.data.employees[emp].clout for emp in self.piece_type]
        self.piece_names = [self.data.employees[emp].name for emp in self.piece_type]
        # Clout spent to activate each piece's ability; None for a passive one (never activated).
        self.activation_cost = [employee.cost if employee.activated else None
                                for employee in (self.data.employees[emp]
                                                 for emp in self.piece_type)]
        # The pieces whose Employee has each passive ability (where state.passives looks).
        self.passive_pieces = {
            kind: tuple(piece for piece, emp in enumerate(self.piece_type)
                        if self.data.employees[emp].ability == kind)
            for kind in PASSIVE_KINDS
        }
        super().__init__()

    def _action_texts(self) -> None:
        """The texts of the actions that name a space or a slot, by its index, taken from the
        action table once: option lists pick them instead of formatting them at every
        decision."""
        text, spaces = self.moves.text, range(self.geo.size)
        slots, mailroom = range(len(self.slot_names)), range(self.data.mailroom_capacity)
        self.take_actions = [text[Take(i)] for i in slots]
        self.pick_line_actions = [text[PickLine(i)] for i in slots]
        self.hire_actions = [text[Hire(k)] for k in mailroom]
        self.amount_actions = [text[Amount(k)] for k in range(self.data.largest_amount + 1)]
        self.clout_mailroom_actions = [text[CloutOnMailroom(k)] for k in mailroom]
        self.pick_mailroom_actions = [[text[PickMailroom(seat, k)] for k in mailroom]
                                      for seat in range(self.data.max_players)]
        self.end_action, self.decline_action = text[End()], text[Decline()]
        self.all_clout_action = text[AllClout()]
        self.space_actions: dict[type, list[str]] = {
            kind: [text[kind(s)] for s in spaces] for kind in SPACE_MOVES}

    def from_json(self, doc: Any, verify: bool = False) -> SquidIncState:
        """Snapshots of earlier releases load too: their `tasks` (before the decision stack)
        and their `phase` (before the turn's steps were on it) are rewritten."""
        return super().from_json(upgraded(doc), verify)  # type: ignore[return-value]

    def upgraded(self, doc: Any) -> Any:
        """A snapshot as this release writes it, from one written by an earlier release."""
        return upgraded(doc)

    def all_actions(self) -> list[str]:
        return list(self.moves.actions)

    def max_game_length(self, num_players: int, options: Any) -> int:
        """A bound from the rules and the data file, for every table (length.py says why)."""
        return length.max_game_length(self.data, self.geo)

    def evaluate_view(self, view: dict[str, Any], seat: int) -> float:
        return heuristic.evaluate(self.data, view, seat)

    def seat_names(self, num_players: int) -> list[str]:
        return list(self.data.player_colours[:num_players])

    def line_text(self, cards: list[int]) -> str:
        """The Unemployed Line in the log's words."""
        if not cards:
            return _("The line is empty.")
        employees = self.data.employees
        return _("The line is now {employees}.").format(
            employees=", ".join(employees[self.piece_type[c]].name for c in cards))

    # ---- text ------------------------------------------------------------------------------
    def render(self, view: dict[str, Any]) -> str:
        state = view["state"]
        names = view["seat_names"]
        lines = ["Squid, Inc." + (" · " + _("ENDGAME") if state["endgame"] else "") + "   "
                 + _("(space, Employee, value, controller's initial, Clout; * used or new)")]
        by_name = {cell["space"]: cell for cell in state["board"]}
        for tier in reversed(state["tiers"]):
            lines.append(" " + _("Tier {tier} (x{multiplier})").format(
                tier=tier["tier"], multiplier=tier["multiplier"]))
            rows: dict[str, list[str]] = {}
            for space in tier["spaces"]:
                rows.setdefault(space[2:], []).append(_cell(by_name[space], names))
            lines.extend("   " + "  ".join(row) for row in rows.values())
        line = ", ".join(f"[{c['space']}] {c['employee']} ({c['value']})" for c in state["line"])
        lines.append("\n " + _("Unemployed Line: {employees}").format(employees=line or _("empty")))
        dismissed = state["dismissed"]
        lines.append(" " + _("Deck {deck} · Dismissed {dismissed}").format(
            deck=state["deck_size"], dismissed=len(dismissed))
            + (" " + _("(top: {name})").format(name=dismissed[-1]) if dismissed else "")
            + " · " + _("Security Guard tiles left {count}").format(
                count=state["guard_tiles_left"]))
        for seat, room in enumerate(state["mailrooms"]):
            marker = "▶" if seat == state["current_player"] else " "
            held = ", ".join(f"M{k + 1} {e['employee']} ({e['clout']}/{e['hire_cost']})"
                             for k, e in enumerate(room)) or _("empty")
            lines.append(f" {marker} {names[seat]:<7} {state['scores'][seat]:>3} "
                         + _("Clout · Mailroom: {employees}").format(employees=held))
        if state["chosen"]:
            chosen = state["chosen"]
            lines.append(" " + _("Chosen: {employee} (line modifier {modifier:+d})").format(
                employee=chosen["employee"], modifier=chosen["modifier"]))
        if state["pending"]:
            lines.append(" " + _("Now: {prompt}").format(prompt=state["pending"]["prompt"]))
        return "\n".join(lines)

    def action_label(self, view: dict[str, Any], action: str) -> str:
        state = view["state"]
        move = self.moves(action)
        kind = type(move)
        if kind is Take or kind is PickLine:
            name = self.slot_names[move.slot]  # type: ignore[union-attr]
            card = next(c for c in state["line"] if c["space"] == name)
            if kind is PickLine:
                return _("{employee} from the {space} space").format(employee=card["employee"],
                                                                     space=name)
            return _("choose {employee} (Clout {value}) from the {space} space").format(
                employee=card["employee"], value=card["value"], space=name)
        if kind in SAID:
            return _(SAID[kind])
        if kind is Decline:
            return _("make no Bump: {employee} is Dismissed").format(
                employee=state["pending"]["moving"])
        if type(move) is Push:
            return _(PUSHES[move.direction])
        if type(move) is Amount:
            return _("{count} Clout").format(count=move.amount)
        if kind in VERBS:
            name = self.geo.names[move.space]  # type: ignore[union-attr]
            if kind is To and (state["pending"] or {}).get("task") == "guard":
                return _("place the Security Guard on {space}").format(space=name)
            cell = next(cell for cell in state["board"] if cell["space"] == name)
            return _(VERBS[kind]).format(space=name, employee=_describe(cell, view))
        if type(move) is CloutOnMailroom or type(move) is Hire:
            employee = state["mailrooms"][view["seat"]][move.slot]["employee"]
            said = (N_("Clout on {employee} (M{slot})") if kind is CloutOnMailroom
                    else N_("bring in {employee} (M{slot})"))
            return _(said).format(employee=employee, slot=move.slot + 1)
        assert type(move) is PickMailroom
        employee = state["mailrooms"][move.seat][move.slot]["employee"]
        return _("{employee} in {name}'s Mailroom").format(employee=employee,
                                                           name=view["seat_names"][move.seat])


# The moves whose label is fixed, and the labels of the moves that name a board space.
SAID: dict[type, str] = {
    ToMailroom: N_("put the chosen Employee in your Mailroom"),
    Dismiss: N_("Dismiss the chosen Employee and take its Clout"),
    End: N_("end your turn"),
    AllClout: N_("put all the Clout on the Mailroom Employee"),
}
VERBS: dict[type, str] = {
    CloutOnSpace: N_("Clout on {space}: {employee}"),
    Split: N_("split with {space}: {employee}"),
    To: N_("move to {space}: {employee}"),
    Bump: N_("Bump {space}: {employee}"),
    Use: N_("activate {space}: {employee}"),
    Pick: N_("choose {space}: {employee}"),
}
# The labels of "push up", "push down", ... (board.DIRECTION_NAMES, in that order).
PUSHES = (N_("push it up"), N_("push it down"), N_("push it left"), N_("push it right"))


def _describe(cell: dict[str, Any], view: dict[str, Any]) -> str:
    if cell["employee"] is None:
        return _("empty")
    if cell["owner"] is None:
        return _("{employee} (value {value}, {clout} Clout)").format(
            employee=cell["employee"], value=cell["value"], clout=cell["clout"])
    return _("{owner}'s {employee} (value {value}, {clout} Clout)").format(
        owner=view["seat_names"][cell["owner"]], employee=cell["employee"], value=cell["value"],
        clout=cell["clout"])


def _cell(cell: dict[str, Any], names: list[str]) -> str:
    """'1A1 Lumbergh  3 Y2': space, name (cut to 9), printed value, controller initial, Clout."""
    if cell["employee"] is None:
        return f"{cell['space']} {'·':<17}"
    owner = "-" if cell["owner"] is None else names[cell["owner"]][0]
    mark = "*" if cell["used"] or cell["new"] else ""
    body = f"{cell['employee'][:9]:<9} {cell['value']} {owner}{cell['clout']}{mark}"
    return f"{cell['space']} {body:<17}"

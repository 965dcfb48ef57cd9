"""2 - DALGONA: place all your tokens on the four shapes, then push your luck drawing Dalgona
cards: a shape advances one of your tokens there (or Kicks the Lighter), Crack! costs a token.

g["at"] maps each token still playing to [shape, section] once placed (None before). A token
advancing out of its shape's last section has completed the Dalgona and survives.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import campaign
from .stage import Stage, chip, token_action, token_of
from .timer import count_down, run_out
from .tokens import turn_order

if TYPE_CHECKING:
    from .state import SquidGameState

PLACE, DRAW, CHOOSE = "place", "draw", "choose"
DRAW_ACTION, STOP_ACTION = "draw", "stop"
ADVANCE, KICK, CRACK_OWN, CRACK_OPPONENT = "advance", "kick", "crack own", "crack opponent"


def shape_action(shape: str) -> str:
    return f"shape {shape}"


class Dalgona(Stage):
    name = "dalgona"
    title = "Dalgona"

    def crack(self, s: SquidGameState) -> int:
        """The Crack! card's index; shape cards are indexed by their shape."""
        return len(s.data.shapes)

    def full_deck(self, s: SquidGameState) -> list[int]:
        deck = [shape for shape, k in enumerate(s.data.shape_cards) for _ in range(k)]
        return deck + [self.crack(s)] * s.data.crack_cards

    # ---- Placement ---------------------------------------------------------------------------
    def setup(self, s: SquidGameState) -> None:
        order = turn_order(s.team)
        s.g = {
            "at": {str(t): None for team in s.team for t in team},
            "timer": s.data.dalgona_timer_start,
            "order": order,
            "step": PLACE,
            "placing": [seat for seat in order if s.team[seat]],
            "turn": 0,  # index in `order` of the player whose turn it is
            "deck": [],
            "drawn": [],
            "pending": None,
        }
        s.emit("order", "Turn order: " + ", ".join(s.seat_name(p) for p in order) + ".",
               order=order)
        if not s.g["placing"]:
            campaign.finish_game(s)

    def _unplaced(self, s: SquidGameState, seat: int) -> list[int]:
        return [t for t in s.playing(seat) if s.g["at"][str(t)] is None]

    def to_move(self, s: SquidGameState) -> list[int]:
        g = s.g
        if g["step"] == PLACE:
            return [g["placing"][0]]
        if g["step"] == CHOOSE:
            return [g["pending"]["seat"]]
        return [g["order"][g["turn"]]]

    def legal(self, s: SquidGameState, seat: int) -> list[str]:
        g = s.g
        if g["step"] == PLACE:
            return [shape_action(shape) for shape in s.data.shapes]
        if g["step"] == CHOOSE:
            return [token_action(t) for t in g["pending"]["options"]]
        return [DRAW_ACTION, STOP_ACTION]

    def apply(self, s: SquidGameState, seat: int, action: str) -> None:
        g = s.g
        if g["step"] == PLACE:
            self._place(s, seat, s.data.shapes.index(action.split()[1]))
        elif g["step"] == CHOOSE:
            pending = g["pending"]
            g["pending"] = None
            g["step"] = DRAW
            self._resolve(s, seat, pending["kind"], token_of(action))
        elif action == DRAW_ACTION:
            self._draw(s, seat)
        else:
            s.emit("stop", f"{s.seat_name(seat)} stops.", seat=seat)
            self._end_turn(s)

    def _place(self, s: SquidGameState, seat: int, shape: int) -> None:
        """Distribute all your tokens among the shapes, in their shaded sections."""
        token = self._unplaced(s, seat)[0]
        s.g["at"][str(token)] = [shape, 0]
        s.emit("place", f"{s.name_token(token)} takes the {s.data.shapes[shape]}.",
               token=token, shape=s.data.shapes[shape])
        if not self._unplaced(s, seat):
            s.g["placing"].pop(0)
            if not s.g["placing"]:
                s.g["turn"] = 0
                self._start_turn(s)

    # ---- a turn: Shuffle, Poke ---------------------------------------------------------------
    def _on_board(self, s: SquidGameState, seat: int, shape: int | None = None) -> list[int]:
        at = s.g["at"]
        return [t for t in s.playing(seat) if shape is None or at[str(t)][0] == shape]

    def _start_turn(self, s: SquidGameState) -> None:
        g = s.g
        while g["turn"] < len(g["order"]):
            seat = g["order"][g["turn"]]
            if self._on_board(s, seat):
                g["deck"] = self.full_deck(s)
                s.rng.shuffle(g["deck"])
                g["drawn"] = []
                g["step"] = DRAW
                s.emit("turn", f"{s.seat_name(seat)}'s turn: the Dalgona cards are shuffled.",
                       seat=seat)
                self._draw(s, seat)  # you must draw at least one card
                return
            g["turn"] += 1
        self._countdown(s)

    def _draw(self, s: SquidGameState, seat: int) -> None:
        g = s.g
        card = g["deck"].pop()
        s.mark_reveal()  # the top card of the shuffled deck is turned up
        g["drawn"].append(card)
        first = len(g["drawn"]) == 1
        if card == self.crack(s):
            s.emit("draw", f"{s.seat_name(seat)} reveals Crack!", seat=seat, card="crack")
            if first:
                others = sorted(int(t) for t in g["at"] if s.owner(int(t)) != seat)
                self._ask(s, seat, CRACK_OPPONENT, others)
            else:
                self._ask(s, seat, CRACK_OWN, self._on_board(s, seat))
            return
        shape = s.data.shapes[card]
        s.emit("draw", f"{s.seat_name(seat)} reveals the {shape}.", seat=seat, card=shape)
        mine = self._on_board(s, seat, card)
        if mine:
            self._ask(s, seat, ADVANCE, mine)
        else:
            others = sorted(int(t) for t, place in g["at"].items()
                            if place[0] == card and s.owner(int(t)) != seat)
            self._ask(s, seat, KICK, others)

    def _ask(self, s: SquidGameState, seat: int, kind: str, options: list[int]) -> None:
        """A choice of token: asked only when there is more than one."""
        if len(options) > 1:
            s.g["step"] = CHOOSE
            s.g["pending"] = {"seat": seat, "kind": kind, "options": options}
        elif options:
            self._resolve(s, seat, kind, options[0])
        else:
            if kind == KICK:
                s.emit("kick", "No token is on that shape: nothing happens.")
            elif kind == CRACK_OPPONENT:
                s.emit("crack", "No opponent's token is left to crack.")
            self._after_card(s, seat, kind)

    def _resolve(self, s: SquidGameState, seat: int, kind: str, token: int) -> None:
        if kind in (CRACK_OWN, CRACK_OPPONENT):
            s.eliminate(token, f"{s.seat_name(seat)}'s Crack!")
        else:
            if kind == KICK:
                s.emit("kick", f"{s.seat_name(seat)} Kicks the Lighter.", seat=seat)
            self._advance(s, token)
        self._after_card(s, seat, kind)

    def _advance(self, s: SquidGameState, token: int) -> None:
        place = s.g["at"][str(token)]
        place[1] += 1
        if place[1] == s.data.shape_sections[place[0]]:
            s.survive(token, f"completed the {s.data.shapes[place[0]]}")
        else:
            s.emit("advance", f"{s.name_token(token)} advances to section {place[1] + 1} of the "
                   f"{s.data.shapes[place[0]]}.", token=token)

    def _after_card(self, s: SquidGameState, seat: int, kind: str) -> None:
        if kind in (CRACK_OWN, CRACK_OPPONENT) or not self._on_board(s, seat):
            self._end_turn(s)

    def _end_turn(self, s: SquidGameState) -> None:
        g = s.g
        g["drawn"] = []
        g["deck"] = []
        g["turn"] += 1
        self._start_turn(s)

    # ---- Countdown ---------------------------------------------------------------------------
    def _countdown(self, s: SquidGameState) -> None:
        g = s.g
        g["timer"] = count_down(g["timer"], s.data.timer_steps)
        s.emit("timer", f"Everyone has had a turn: the Timer counts down to {g['timer']}.",
               timer=g["timer"])
        if run_out(g["timer"], s.data.timer_steps):
            for key in sorted(g["at"], key=int):
                s.eliminate(int(key), "its Dalgona is unfinished at 00:00")
        if not g["at"]:
            campaign.finish_game(s)
            return
        g["turn"] = 0
        self._start_turn(s)

    # ---- what a player sees ------------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = s.g
        names = list(s.data.shapes) + ["Crack!"]
        return {
            "shapes": list(s.data.shapes),
            "sections": list(s.data.shape_sections),
            "at": {t: None if p is None else list(p) for t, p in g["at"].items()},
            "timer": g["timer"],
            "order": list(g["order"]),
            "step": g["step"],
            "turn": g["turn"],
            "placing": list(g["placing"]),
            "deck_size": len(g["deck"]),
            "drawn": [names[c] for c in g["drawn"]],
            "pending": None if g["pending"] is None else {
                "seat": g["pending"]["seat"], "kind": g["pending"]["kind"],
                "options": list(g["pending"]["options"])},
        }

    def resample(self, s: SquidGameState, seat: int, rng: random.Random) -> None:
        s.g["deck"].sort()
        rng.shuffle(s.g["deck"])

    def check(self, s: SquidGameState) -> None:
        g = s.g
        if g["deck"] or g["drawn"]:
            assert sorted(g["deck"] + g["drawn"]) == sorted(self.full_deck(s)), "Dalgona cards"
        for place in g["at"].values():
            if g["step"] != PLACE:
                assert place is not None
            if place is not None:
                assert 0 <= place[1] < s.data.shape_sections[place[0]]

    def where(self, game_view: dict[str, Any], place: Any) -> str:
        if place is None:
            return "not placed"
        return f"{game_view['shapes'][place[0]]}, section {place[1] + 1}"

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        lines = [f"Timer {g['timer']} · turn order "
                 + " ".join(names[p] for p in g["order"])]
        for shape, name in enumerate(g["shapes"]):
            cells = []
            for section in range(g["sections"][shape]):
                here = sorted(chip(int(t), view, names) for t, p in g["at"].items()
                              if p == [shape, section])
                cells.append(" ".join(here) or "·")
            lines.append(f"  {name:>9}: " + " → ".join(f"[{c}]" for c in cells) + " → done")
        if g["pending"]:
            pending = g["pending"]
            lines.append(f"  {names[pending['seat']]} chooses a token ({pending['kind']})")
        if g["drawn"]:
            lines.append(f"  drawn this turn: {', '.join(g['drawn'])} · {g['deck_size']} left")
        return lines


DALGONA = Dalgona()

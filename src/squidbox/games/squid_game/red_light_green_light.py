"""1 - RED LIGHT GREEN LIGHT: face-down cards, the Doll, moves, 0 Push, the countdown.

g["at"] maps each token still playing to its lane: WAITING before it is placed, 0 behind the
starting line, 1..lanes on the field. A token moving past the last lane reaches the Doll's
space and survives.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import campaign
from .stage import Stage, chip, token_action, token_of
from .timer import count_down, run_out

if TYPE_CHECKING:
    from .state import SquidGameState

WAITING = -1
START_LINE = 0
ENTER, PLAY, PUSH = "enter", "play", "push"


def card_action(value: int) -> str:
    return f"card {value}"


class RedLightGreenLight(Stage):
    name = "red_light_green_light"
    title = "Red Light Green Light"

    # ---- setup and the round ---------------------------------------------------------------
    def setup(self, s: SquidGameState) -> None:
        deck = list(range(len(s.data.doll_cards)))
        s.rng.shuffle(deck)
        s.g = {
            "at": {str(t): WAITING for team in s.team for t in team},
            "timer": s.data.rlgl_timer_start,
            "deck": deck,  # face down, top card last
            "discard": [],  # Doll cards flipped since the last shuffle, in order
            "round": 0,
            "step": ENTER,
            "to_enter": [],
            "played": [None] * s.num_players,
            "revealed": None,
            "doll": None,
            "pushers": [],
        }
        self._start_round(s)

    def _start_round(self, s: SquidGameState) -> None:
        g = s.g
        if not g["at"]:
            campaign.finish_game(s)
            return
        g["round"] += 1
        g["step"] = ENTER
        g["to_enter"] = []
        for seat in range(s.num_players):
            lanes = [g["at"][str(t)] for t in s.playing(seat)]
            waiting = [t for t in s.playing(seat) if g["at"][str(t)] == WAITING]
            if START_LINE in lanes or not waiting:
                continue
            if len(waiting) == 1:
                self._place(s, waiting[0])
            else:
                g["to_enter"].append(seat)
        if not g["to_enter"]:
            self._start_play(s)

    def _place(self, s: SquidGameState, token: int) -> None:
        """Place a token behind the starting line."""
        s.g["at"][str(token)] = START_LINE
        s.emit("place", f"{s.name_token(token)} steps behind the starting line.", token=token)

    def _start_play(self, s: SquidGameState) -> None:
        s.g["step"] = PLAY
        s.g["played"] = [None] * s.num_players
        s.g["revealed"] = None

    def on_board(self, s: SquidGameState, seat: int) -> list[int]:
        at = s.g["at"]
        return [t for t in s.team[seat] if at.get(str(t), WAITING) >= START_LINE]

    def to_move(self, s: SquidGameState) -> list[int]:
        g = s.g
        if g["step"] == ENTER:
            return list(g["to_enter"])
        if g["step"] == PUSH:
            return [g["pushers"][0]]
        return [seat for seat in range(s.num_players)
                if g["played"][seat] is None and self.on_board(s, seat)]

    def legal(self, s: SquidGameState, seat: int) -> list[str]:
        g = s.g
        if g["step"] == ENTER:
            return [token_action(t) for t in s.playing(seat) if g["at"][str(t)] == WAITING]
        if g["step"] == PUSH:
            return [token_action(t) for t in self.push_targets(s, seat)]
        return [card_action(v) for v in s.data.card_values]

    def apply(self, s: SquidGameState, seat: int, action: str) -> None:
        g = s.g
        if g["step"] == ENTER:
            self._place(s, token_of(action))
            g["to_enter"].remove(seat)
            if not g["to_enter"]:
                self._start_play(s)
        elif g["step"] == PUSH:
            target = token_of(action)
            s.eliminate(target, f"pushed by {s.seat_name(seat)}'s 0 Push")
            g["pushers"].pop(0)
            self._next_push(s)
        else:
            g["played"][seat] = int(action.split()[1])
            s.emit_private((seat,), {"type": "play", "text": f"You play {action}.", "seat": seat},
                           {"type": "play", "text": f"{s.seat_name(seat)} plays a card face "
                            "down.", "seat": seat})
            if not self.to_move(s):
                self._reveal(s)

    # ---- Reveal, Doll Looks, Eliminate, Move, Push -----------------------------------------
    def _reveal(self, s: SquidGameState) -> None:
        s.mark_reveal()  # the hidden plays are shown
        g = s.g
        played = g["played"]
        g["revealed"] = list(played)
        g["played"] = [None] * s.num_players
        shown = ", ".join(f"{s.seat_name(seat)} {v}" for seat, v in enumerate(played)
                          if v is not None)
        s.emit("reveal", f"Cards: {shown}.", cards=list(played))
        doll = g["deck"].pop()
        g["discard"].append(doll)
        g["doll"] = doll
        caught = s.data.doll_cards[doll]
        s.emit("doll", self.doll_text(caught), card=doll, numbers=list(caught))
        for seat, value in enumerate(played):
            if value is None:
                continue
            if value in caught:
                self._caught(s, seat)
            elif value != s.data.push_card:
                self._move(s, seat, value)
        pushers = [seat for seat, v in enumerate(played) if v == s.data.push_card
                   and v not in caught]
        g["pushers"] = sorted(pushers, key=lambda seat: -self._highest_on_board(s, seat))
        self._next_push(s)

    @staticmethod
    def doll_text(caught: list[int] | tuple[int, ...]) -> str:
        if not caught:
            return "The Doll shows Green Light."
        return f"The Doll shows Red Light: {', '.join(map(str, caught))}."

    def _caught(self, s: SquidGameState, seat: int) -> None:
        """Eliminate your token closest to the Doll; the one behind the starting line only if
        it is your only token on the board."""
        tokens = self.on_board(s, seat)
        closest = max(tokens, key=lambda t: s.g["at"][str(t)])
        s.eliminate(closest, "caught moving on Red Light")

    def _move(self, s: SquidGameState, seat: int, lanes: int) -> None:
        at = s.g["at"]
        moving = self.on_board(s, seat)
        for token in moving:
            at[str(token)] += lanes
        if s.recording:
            last = s.data.rlgl_lanes
            moved = ", ".join(f"{t:03d}→{at[str(t)] if at[str(t)] <= last else 'Doll'}"
                              for t in moving)
            s.emit("move", f"{s.seat_name(seat)} moves {lanes} lane{'s' * (lanes != 1)}"
                   + (f" ({moved})." if moved else "."), seat=seat, lanes=lanes)
        for token in moving:
            if at[str(token)] > s.data.rlgl_lanes:
                s.survive(token, "crossed into the Doll's space")

    def _highest_on_board(self, s: SquidGameState, seat: int) -> int:
        return max(self.on_board(s, seat), default=0)

    def push_targets(self, s: SquidGameState, seat: int) -> list[int]:
        """Opponents' tokens in one of your lanes or the lane ahead of it (a token behind the
        starting line reaches the starting line and lane 1)."""
        at = s.g["at"]
        reach = set()
        for token in self.on_board(s, seat):
            reach.update((at[str(token)], at[str(token)] + 1))
        return sorted(int(t) for t, lane in at.items()
                      if lane in reach and lane >= START_LINE and s.owner(int(t)) != seat)

    def _next_push(self, s: SquidGameState) -> None:
        g = s.g
        while g["pushers"]:
            seat = g["pushers"][0]
            targets = self.push_targets(s, seat)
            if len(targets) > 1:
                g["step"] = PUSH
                return
            if targets:
                s.eliminate(targets[0], f"pushed by {s.seat_name(seat)}'s 0 Push")
            else:
                s.emit("push", f"{s.seat_name(seat)} has no token to push.", seat=seat)
            g["pushers"].pop(0)
        self._end_round(s)

    # ---- Discard, Countdown ----------------------------------------------------------------
    def _end_round(self, s: SquidGameState) -> None:
        g = s.g
        if not g["deck"]:
            g["timer"] = count_down(g["timer"], s.data.timer_steps)
            s.emit("timer", f"The last Doll card is played: the Timer counts down to "
                   f"{g['timer']}.", timer=g["timer"])
            if run_out(g["timer"], s.data.timer_steps):
                for key in sorted(g["at"], key=int):
                    s.eliminate(int(key), "still on the field at 00:00")
                campaign.finish_game(s)
                return
            g["deck"] = sorted(g["discard"])
            g["discard"] = []
            s.rng.shuffle(g["deck"])
            s.emit("shuffle", "The Doll cards are shuffled.")
        self._start_round(s)

    # ---- what a player sees ----------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = s.g
        played = g["played"]
        return {
            "lanes": s.data.rlgl_lanes,
            "at": dict(g["at"]),
            "timer": g["timer"],
            "round": g["round"],
            "step": g["step"],
            "deck_size": len(g["deck"]),
            "doll_cards_seen": [list(s.data.doll_cards[c]) for c in g["discard"]],
            "has_played": [v is not None for v in played],
            "my_card": None if viewer is None else played[viewer],
            "revealed": None if g["revealed"] is None else list(g["revealed"]),
            "doll": None if g["doll"] is None else list(s.data.doll_cards[g["doll"]]),
            "pushers": list(g["pushers"]),
            "to_enter": list(g["to_enter"]),
        }

    def resample(self, s: SquidGameState, seat: int, rng: random.Random) -> None:
        g = s.g
        g["deck"].sort()
        rng.shuffle(g["deck"])
        values = s.data.card_values
        for other, value in enumerate(g["played"]):
            if other != seat and value is not None:
                g["played"][other] = values[rng.randrange(len(values))]

    def check(self, s: SquidGameState) -> None:
        g = s.g
        assert sorted(g["deck"] + g["discard"]) == list(range(len(s.data.doll_cards)))
        assert all(WAITING <= lane <= s.data.rlgl_lanes for lane in g["at"].values())
        for seat in range(s.num_players):
            assert [g["at"][str(t)] for t in s.playing(seat)].count(START_LINE) <= 1

    def where(self, game_view: dict[str, Any], place: Any) -> str:
        return {WAITING: "waiting", START_LINE: "behind the starting line"}.get(
            place, f"lane {place}")

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        seen = [RED_LIGHT_GREEN_LIGHT.doll_text(card) for card in g["doll_cards_seen"]]
        lines = [f"Timer {g['timer']} · round {g['round']} · Doll cards left {g['deck_size']}",
                 "  Doll cards seen since the shuffle: " + (" / ".join(seen) or "none")]
        rows: dict[int, list[str]] = {}
        for key, lane in g["at"].items():
            rows.setdefault(lane, []).append(chip(int(key), view, names))
        lines.append(f"  DOLL  (past lane {g['lanes']})")
        for lane in range(g["lanes"], WAITING - 1, -1):
            label = {START_LINE: "start", WAITING: "wait"}.get(lane, f"{lane:>5}")
            if rows.get(lane) or lane > WAITING:
                lines.append(f"  {label:>5} | {' '.join(sorted(rows.get(lane, [])))}")
        if g["revealed"] is not None:
            lines.append("  last cards: " + ", ".join(
                f"{names[p]} {v}" for p, v in enumerate(g["revealed"]) if v is not None))
        if g["my_card"] is not None:
            lines.append(f"  your face-down card: {g['my_card']}")
        return lines


RED_LIGHT_GREEN_LIGHT = RedLightGreenLight()

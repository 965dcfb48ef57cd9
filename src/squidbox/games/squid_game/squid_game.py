"""6 - SQUID GAME: everyone plays Block, Stab, Push or Move face down; they resolve in that
order (ties from the Speed Token clockwise); tokens in the Triangle advance each round; the
first token to reach the Squid Head, or the last team standing, wins.

g["at"] maps each token still playing to its space: SAFE, SQUARE, or 1..8 in the Triangle.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import campaign
from .stage import Stage, chip, token_action, token_of

if TYPE_CHECKING:
    from .state import SquidGameState

SAFE, SQUARE = -1, 0
BLOCK, STAB, PUSH, MOVE = "block", "stab", "push", "move"
CARDS = (BLOCK, STAB, PUSH, MOVE)  # also their resolution order
PLACE, PLAY, CHOOSE = "place", "play", "choose"
STAB_TARGET, STAB_FAILS, PUSH_TARGET, MOVE_TOKEN = "stab", "stab fails", "push", "move"


def zone(space: int) -> str | None:
    """Stab and Push reach within a zone: the Square, or the whole Triangle. The Safe Zone is
    no zone: its tokens can neither be reached nor reach."""
    if space == SAFE:
        return None
    return "square" if space == SQUARE else "triangle"


def speed_token_holder(teams: list[list[int]]) -> int:
    """The player with the least tokens; a tie goes to the highest-numbered token."""
    playing = [seat for seat, team in enumerate(teams) if team]
    return min(playing, key=lambda seat: (len(teams[seat]), -max(teams[seat])))


class SquidGameFinal(Stage):
    name = "squid_game"
    title = "Squid Game"

    def setup(self, s: SquidGameState) -> None:
        s.g = {
            "at": {str(t): SAFE for team in s.team for t in team},
            "speed": 0,
            "step": PLACE,
            "to_place": [],
            "played": [None] * s.num_players,
            "revealed": None,
            "queue": [],
            "blocking": [],
            "pending": None,
            "round": 0,
        }
        if self._last_team_standing(s):
            return
        s.g["speed"] = speed_token_holder(s.team)
        s.emit("speed", f"{s.seat_name(s.g['speed'])} takes the Speed Token.",
               seat=s.g["speed"])
        for seat in range(s.num_players):
            if len(s.team[seat]) == 1:
                self._to_square(s, s.team[seat][0])
            elif s.team[seat]:
                s.g["to_place"].append(seat)
        if not s.g["to_place"]:
            self._start_round(s)

    def _to_square(self, s: SquidGameState, token: int) -> None:
        s.g["at"][str(token)] = SQUARE
        s.emit("place", f"{s.name_token(token)} enters the Square.", token=token)

    def _start_round(self, s: SquidGameState) -> None:
        g = s.g
        g["round"] += 1
        g["step"] = PLAY
        g["played"] = [None] * s.num_players
        g["blocking"] = []

    def to_move(self, s: SquidGameState) -> list[int]:
        g = s.g
        if g["step"] == PLACE:
            return list(g["to_place"])
        if g["step"] == CHOOSE:
            return [g["pending"]["seat"]]
        return [seat for seat in range(s.num_players)
                if g["played"][seat] is None and s.playing(seat)]

    def legal(self, s: SquidGameState, seat: int) -> list[str]:
        g = s.g
        if g["step"] == PLACE:
            return [token_action(t) for t in s.playing(seat)]
        if g["step"] == CHOOSE:
            return [token_action(t) for t in g["pending"]["options"]]
        return list(CARDS)

    def apply(self, s: SquidGameState, seat: int, action: str) -> None:
        g = s.g
        if g["step"] == PLACE:
            self._to_square(s, token_of(action))
            g["to_place"].remove(seat)
            if not g["to_place"]:
                self._start_round(s)
        elif g["step"] == PLAY:
            g["played"][seat] = action
            s.emit_private((seat,), {"type": "play", "text": f"You play {action.title()}.",
                                     "seat": seat},
                           {"type": "play", "text": f"{s.seat_name(seat)} plays a card face "
                            "down.", "seat": seat})
            if not self.to_move(s):
                self._reveal(s)
        else:
            pending = g["pending"]
            g["pending"] = None
            g["step"] = PLAY
            self._resolve(s, pending["seat"], pending["kind"], token_of(action))
            self._next_card(s)

    # ---- Reveal and resolve in order -------------------------------------------------------------
    def _reveal(self, s: SquidGameState) -> None:
        s.mark_reveal()  # the hidden plays are shown
        g = s.g
        played = g["played"]
        g["revealed"] = list(played)
        g["played"] = [None] * s.num_players
        clockwise = [(g["speed"] + k) % s.num_players for k in range(s.num_players)]
        s.emit("reveal", "Cards: " + ", ".join(f"{s.seat_name(seat)} {played[seat]}"
                                               for seat in clockwise if played[seat]) + ".",
               cards=list(played))
        g["blocking"] = [seat for seat in clockwise if played[seat] == BLOCK]
        for seat in g["blocking"]:
            s.emit("block", f"{s.seat_name(seat)} blocks.", seat=seat)
        g["queue"] = [[seat, card] for card in (STAB, PUSH, MOVE)
                      for seat in clockwise if played[seat] == card]
        self._next_card(s)

    def _next_card(self, s: SquidGameState) -> None:
        g = s.g
        while s.phase == campaign.PLAY and g["step"] == PLAY and g["queue"]:
            seat, card = g["queue"].pop(0)
            if not s.playing(seat):
                continue
            if card == STAB:
                self._stab(s, seat)
            elif card == PUSH:
                self._offer(s, seat, PUSH_TARGET, self.push_targets(s, seat),
                            f"{s.seat_name(seat)} has nobody blocking to push.")
            else:
                self._offer(s, seat, MOVE_TOKEN, s.playing(seat), "")
        if s.phase == campaign.PLAY and g["step"] == PLAY and not g["queue"]:
            self._end_round(s)

    def _zones_of(self, s: SquidGameState, seat: int) -> set[str | None]:
        return {zone(s.g["at"][str(t)]) for t in s.playing(seat)} - {None}

    def _reachable(self, s: SquidGameState, seat: int) -> list[int]:
        """Other players' tokens in a zone with one of yours."""
        zones = self._zones_of(s, seat)
        return sorted(int(t) for t, space in s.g["at"].items()
                      if zone(space) in zones and s.owner(int(t)) != seat)

    def stab_targets(self, s: SquidGameState, seat: int) -> tuple[list[int], list[int]]:
        """(tokens you may stab, your tokens that die if only blockers can be reached).
        Nobody can stab a player who played Stab too."""
        played = s.g["revealed"]
        reachable = [t for t in self._reachable(s, seat) if played[s.owner(t)] != STAB]
        open_ = [t for t in reachable if s.owner(t) not in s.g["blocking"]]
        if open_ or not reachable:
            return open_, []
        blocked_zones = {zone(s.g["at"][str(t)]) for t in reachable}
        return [], [t for t in s.playing(seat) if zone(s.g["at"][str(t)]) in blocked_zones]

    def push_targets(self, s: SquidGameState, seat: int) -> list[int]:
        return [t for t in self._reachable(s, seat) if s.owner(t) in s.g["blocking"]]

    def _stab(self, s: SquidGameState, seat: int) -> None:
        targets, doomed = self.stab_targets(s, seat)
        if targets:
            self._offer(s, seat, STAB_TARGET, targets, "")
        elif doomed:
            s.emit("stab", f"{s.seat_name(seat)} can only stab a blocking player.", seat=seat)
            self._offer(s, seat, STAB_FAILS, doomed, "")
        else:
            s.emit("stab", f"{s.seat_name(seat)} has nobody to stab.", seat=seat)

    def _offer(self, s: SquidGameState, seat: int, kind: str, options: list[int],
               none_text: str) -> None:
        if len(options) > 1:
            s.g["step"] = CHOOSE
            s.g["pending"] = {"seat": seat, "kind": kind, "options": options}
        elif options:
            self._resolve(s, seat, kind, options[0])
        elif none_text:
            s.emit(kind, none_text, seat=seat)

    def _resolve(self, s: SquidGameState, seat: int, kind: str, token: int) -> None:
        name = s.seat_name(seat)
        if kind == STAB_TARGET:
            s.eliminate(token, f"stabbed by {name}")
        elif kind == STAB_FAILS:
            s.eliminate(token, "it stabbed at a blocking player")
        elif kind == PUSH_TARGET:
            s.eliminate(token, f"pushed out of the court by {name}")
        else:
            self._move(s, token)
            return
        self._last_team_standing(s)

    def _move(self, s: SquidGameState, token: int) -> None:
        """Safe Zone to Square, Square to Triangle 1, Triangle n to n+1; from the last space to
        the Squid Head, which wins."""
        at = s.g["at"]
        space = at[str(token)]
        if space == s.data.triangle_spaces:
            self._reach_squid_head(s, token)
            return
        at[str(token)] = space + 1
        where = "the Square" if space == SAFE else f"space {space + 1} of the Triangle"
        s.emit("move", f"{s.name_token(token)} moves to {where}.", token=token,
               space=space + 1)

    def _reach_squid_head(self, s: SquidGameState, token: int) -> None:
        s.emit("squid_head", f"{s.name_token(token)} reaches the Squid Head!", token=token)
        for key in sorted(s.g["at"], key=int):
            if int(key) != token:
                s.eliminate(int(key), "the game is won")
        s.winner = s.owner(token)
        s.survive(token, "it won the Squid Game")
        campaign.finish_game(s)
        s.results[-1]["won_by"] = "squid_head"

    def _last_team_standing(self, s: SquidGameState) -> bool:
        """If at any time only one team is left, it wins; if none is, nobody does."""
        alive = sorted({s.owner(int(t)) for t in s.g["at"]})
        if len(alive) > 1:
            return False
        if alive:
            s.winner = alive[0]
            s.emit("last_team", f"{s.seat_name(alive[0])} is the only team left.",
                   seat=alive[0])
            for key in sorted(s.g["at"], key=int):
                s.survive(int(key), "last team standing")
        campaign.finish_game(s)
        if alive:
            s.results[-1]["won_by"] = "last_team"
        return True

    def _end_round(self, s: SquidGameState) -> None:
        """Advance every token in the Triangle (not beyond the last space); pass the Speed
        Token clockwise."""
        g = s.g
        last = s.data.triangle_spaces
        for key in sorted(g["at"], key=int):
            if g["at"][key] >= 1:
                g["at"][key] = min(g["at"][key] + 1, last)
        g["speed"] = (g["speed"] + 1) % s.num_players
        s.emit("advance", "Tokens in the Triangle advance; the Speed Token passes to "
               f"{s.seat_name(g['speed'])}.", speed=g["speed"])
        self._start_round(s)

    # ---- what a player sees --------------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = s.g
        pending = g["pending"]
        return {
            "at": dict(g["at"]),
            "triangle_spaces": s.data.triangle_spaces,
            "speed": g["speed"],
            "step": g["step"],
            "round": g["round"],
            "to_place": list(g["to_place"]),
            "has_played": [v is not None for v in g["played"]],
            "my_card": None if viewer is None else g["played"][viewer],
            "revealed": None if g["revealed"] is None else list(g["revealed"]),
            "queue": [list(q) for q in g["queue"]],
            "blocking": list(g["blocking"]),
            "pending": None if pending is None else {
                "seat": pending["seat"], "kind": pending["kind"],
                "options": list(pending["options"])},
        }

    def resample(self, s: SquidGameState, seat: int, rng: random.Random) -> None:
        played = s.g["played"]
        for other, card in enumerate(played):
            if other != seat and card is not None:
                played[other] = CARDS[rng.randrange(len(CARDS))]

    def check(self, s: SquidGameState) -> None:
        for space in s.g["at"].values():
            assert SAFE <= space <= s.data.triangle_spaces

    def where(self, game_view: dict[str, Any], place: Any) -> str:
        return {SAFE: "Safe Zone", SQUARE: "Square"}.get(place, f"Triangle {place}")

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        lines = [f"Round {g['round']} · Speed Token: {names[g['speed']]}"]
        labels = {SAFE: "Safe Zone", SQUARE: "Square"}
        for space in range(g["triangle_spaces"], SAFE - 1, -1):
            here = sorted(chip(int(t), view, names) for t, x in g["at"].items() if x == space)
            lines.append(f"  {labels.get(space, f'Triangle {space}'):>11}: {' '.join(here)}")
        if g["revealed"]:
            lines.append("  last cards: " + ", ".join(
                f"{names[p]} {c}" for p, c in enumerate(g["revealed"]) if c))
        if g["pending"]:
            lines.append(f"  {names[g['pending']['seat']]} chooses whom to "
                         f"{g['pending']['kind']}")
        if g["my_card"]:
            lines.append(f"  your face-down card: {g['my_card']}")
        return lines


SQUID_GAME = SquidGameFinal()

"""4 - MARBLES: pair up tokens in turn, then each pair plays Odd Even (hidden choices, revealed
together) or our digital Closest to the Wall; the winner of each pair survives.

g["at"] maps each token still playing to its group (an index into g["groups"]; None until
placed). A group holds one token (single) or two (a pair).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import campaign
from .stage import Stage, chip, pass_turn, token_action, token_of
from .tokens import turn_order

if TYPE_CHECKING:
    from .state import SquidGameState

PAIR, SELECT, MODE, KEEP, ODD_EVEN, WALL = "pair", "select", "mode", "keep", "odd even", "wall"
ALONE = "alone"
HIDE = ("hide 1", "hide 2")
GUESS = ("guess odd", "guess even")


def roll_action(kind: str) -> str:
    return f"roll {kind}"


class Marbles(Stage):
    name = "marbles"
    title = "Marbles"

    def setup(self, s: SquidGameState) -> None:
        order = turn_order(s.team)
        s.g = {
            "at": {str(t): None for team in s.team for t in team},
            "groups": [],
            "played": [],  # group indices whose game is over
            "order": order,
            "turn": 0,
            "step": PAIR,
            "chosen": None,  # the token the pairing player has picked, before its partner
            "duel": None,
        }
        s.emit("order", "Turn order: " + ", ".join(s.seat_name(p) for p in order) + ".",
               order=order)
        self._next_pairer(s, first=True)

    # ---- Pair up ------------------------------------------------------------------------------
    def _unplaced(self, s: SquidGameState, seat: int) -> list[int]:
        return [t for t in s.playing(seat) if s.g["at"][str(t)] is None]

    def singles(self, s: SquidGameState) -> list[int]:
        return sorted(group[0] for group in s.g["groups"] if len(group) == 1)

    def _can_pair(self, s: SquidGameState, seat: int) -> bool:
        if self._unplaced(s, seat):
            return True
        singles = self.singles(s)
        return len(singles) > 1 and any(s.owner(t) == seat for t in singles)

    def _next_pairer(self, s: SquidGameState, first: bool = False) -> None:
        g = s.g
        if pass_turn(g, lambda seat: self._can_pair(s, seat), first):
            return
        for token in self.singles(s):
            s.survive(token, "no token is left to pair with")
        g["step"] = SELECT
        g["turn"] = 0
        self._next_selector(s, first=True)

    def _pair_legal(self, s: SquidGameState, seat: int) -> list[str]:
        """First the token you place (or, once you are out of tokens, the single of yours you
        pair up), when you have a choice; then alone, or the single to pair it with."""
        g = s.g
        unplaced = self._unplaced(s, seat)
        if g["chosen"] is None:
            own = unplaced or self._own_singles(s, seat)
            if len(own) > 1:
                return [token_action(t) for t in own]
        token = self._placing_token(s, seat)
        singles = [token_action(t) for t in self.singles(s) if t != token]
        return [ALONE, *singles] if unplaced else singles

    def _own_singles(self, s: SquidGameState, seat: int) -> list[int]:
        return [t for t in self.singles(s) if s.owner(t) == seat]

    def _placing_token(self, s: SquidGameState, seat: int) -> int:
        """The token being placed or paired up: the one chosen, else the only candidate."""
        if s.g["chosen"] is not None:
            return s.g["chosen"]
        return (self._unplaced(s, seat) or self._own_singles(s, seat))[0]

    def _pair(self, s: SquidGameState, seat: int, action: str) -> None:
        g = s.g
        if g["chosen"] is None and len(self._unplaced(s, seat) or self._own_singles(s, seat)) > 1:
            g["chosen"] = token_of(action)  # step 1 of 2: which of your tokens
            return
        token = self._placing_token(s, seat)
        g["chosen"] = None
        if g["at"][str(token)] is not None:  # out of tokens: your single leaves its place
            g["groups"][g["at"][str(token)]] = []
        if action == ALONE:
            g["at"][str(token)] = len(g["groups"])
            g["groups"].append([token])
            s.emit("pair", f"{s.name_token(token)} stands alone.", token=token)
        else:
            partner = token_of(action)
            group = g["at"][str(partner)]
            g["groups"][group].append(token)
            g["at"][str(token)] = group
            s.emit("pair", f"{s.name_token(token)} pairs up with {s.name_token(partner)}.",
                   token=token, partner=partner)
        self._next_pairer(s)

    # ---- Rules: select a pair, then play it ---------------------------------------------------
    def _open_pairs(self, s: SquidGameState, seat: int) -> list[int]:
        """Your tokens in pairs that have not played yet."""
        g = s.g
        return [t for t in s.playing(seat)
                if g["at"][str(t)] is not None and len(g["groups"][g["at"][str(t)]]) == 2
                and g["at"][str(t)] not in g["played"]]

    def _next_selector(self, s: SquidGameState, first: bool = False) -> None:
        g = s.g
        if pass_turn(g, lambda seat: bool(self._open_pairs(s, seat)), first):
            g["step"] = SELECT
            return
        campaign.finish_game(s)

    def to_move(self, s: SquidGameState) -> list[int]:
        g = s.g
        duel = g["duel"]
        if g["step"] in (PAIR, SELECT):
            return [g["order"][g["turn"]]]
        if g["step"] in (MODE, KEEP):
            return [duel["selector"]]
        if g["step"] == WALL:
            return [duel["opponent"] if duel["rolls"][0] is None else duel["selector"]]
        return [seat for seat, choice in ((duel["selector"], duel["hide"]),
                                          (duel["opponent"], duel["guess"])) if choice is None]

    def legal(self, s: SquidGameState, seat: int) -> list[str]:
        g = s.g
        step = g["step"]
        if step == PAIR:
            return self._pair_legal(s, seat)
        if step == SELECT:
            return [token_action(t) for t in self._open_pairs(s, seat)]
        if step == MODE:
            return [ODD_EVEN, WALL]
        if step == KEEP:
            return [token_action(t) for t in sorted(g["groups"][g["duel"]["group"]])]
        if step == WALL:
            return [roll_action(kind) for kind in s.data.roll_kinds]
        return list(HIDE) if seat == g["duel"]["selector"] else list(GUESS)

    def apply(self, s: SquidGameState, seat: int, action: str) -> None:
        g = s.g
        step = g["step"]
        if step == PAIR:
            self._pair(s, seat, action)
        elif step == SELECT:
            self._select(s, seat, token_of(action))
        elif step == KEEP:
            kept = token_of(action)
            group = g["groups"][g["duel"]["group"]]
            loser = next(t for t in group if t != kept)
            s.survive(kept, "its teammate in the pair is eliminated")
            self._end_duel(s, loser, f"{s.seat_name(seat)} keeps {kept:03d}")
        elif step == MODE:
            g["step"] = action
            s.emit("mode", f"{s.seat_name(seat)} chooses {action.title()}.", mode=action)
        elif step == WALL:
            self._roll(s, seat, action.split()[1])
        else:
            self._odd_even(s, seat, action)

    def _select(self, s: SquidGameState, seat: int, token: int) -> None:
        g = s.g
        group = g["at"][str(token)]
        other = next(t for t in g["groups"][group] if t != token)
        g["duel"] = {"group": group, "selector": seat, "mine": token, "theirs": other,
                     "opponent": s.owner(other), "hide": None, "guess": None,
                     "rolls": [None, None]}
        s.emit("select", f"{s.name_token(token)} and {s.name_token(other)} play.",
               tokens=[token, other])
        g["step"] = KEEP if s.owner(other) == seat else MODE

    # ---- Odd Even -----------------------------------------------------------------------------
    def _odd_even(self, s: SquidGameState, seat: int, action: str) -> None:
        duel = s.g["duel"]
        if seat == duel["selector"]:
            duel["hide"] = HIDE.index(action) + 1
            hidden = "hides marbles in a hand"
        else:
            duel["guess"] = action.split()[1]
            hidden = "has guessed"
        s.emit_private((seat,), {"type": "marbles", "text": f"You {action}.", "seat": seat},
                       {"type": "marbles", "text": f"{s.seat_name(seat)} {hidden}.",
                        "seat": seat})
        if duel["hide"] is None or duel["guess"] is None:
            return
        s.mark_reveal()  # the hidden marbles and the guess are shown
        right = (duel["hide"] % 2 == 1) == (duel["guess"] == "odd")
        s.emit("odd_even", f"{duel['hide']} marble{'s' * (duel['hide'] > 1)} hidden; the guess "
               f"was {duel['guess']}: {'right' if right else 'wrong'}.", hidden=duel["hide"],
               guess=duel["guess"])
        winner, loser = (duel["theirs"], duel["mine"]) if right else (duel["mine"], duel["theirs"])
        s.survive(winner, "won at Odd Even")
        self._end_duel(s, loser, "lost at Odd Even")

    # ---- Closest to the wall (digital) ---------------------------------------------------------
    def _roll(self, s: SquidGameState, seat: int, kind: str) -> None:
        data = s.data
        duel = s.g["duel"]
        k = data.roll_kinds.index(kind)
        first = duel["rolls"][0] is None
        mover, other = (duel["theirs"], duel["mine"]) if first else (duel["mine"], duel["theirs"])
        if s.rng.randrange(100) < data.off_table_percent[k]:
            s.emit("roll", f"{s.seat_name(seat)} rolls {kind}: off the table!", seat=seat,
                   distance=None)
            s.survive(other, "the other marble rolled off the table")
            self._end_duel(s, mover, "its marble rolled off the table")
            return
        span = data.farthest_cm[k] - data.nearest_cm[k] + 1
        distance = data.nearest_cm[k] + s.rng.randrange(span)
        duel["rolls"][0 if first else 1] = distance
        s.emit("roll", f"{s.seat_name(seat)} rolls {kind}: {distance} cm from the red line.",
               seat=seat, distance=distance)
        if first:
            return
        theirs, mine = duel["rolls"]
        if theirs == mine:
            duel["rolls"] = [None, None]
            s.emit("roll", "Equally close: both roll again.")
            return
        winner, loser = (duel["mine"], duel["theirs"]) if mine < theirs else \
            (duel["theirs"], duel["mine"])
        s.survive(winner, "rolled closest to the wall")
        self._end_duel(s, loser, "rolled farther from the wall")

    def _end_duel(self, s: SquidGameState, loser: int, why: str) -> None:
        g = s.g
        s.eliminate(loser, why)
        g["played"].append(g["duel"]["group"])
        g["duel"] = None
        self._next_selector(s)

    # ---- what a player sees -------------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = s.g
        duel = g["duel"]
        shown = None
        if duel is not None:
            shown = {key: duel[key] for key in
                     ("group", "selector", "mine", "theirs", "opponent")}
            shown["rolls"] = list(duel["rolls"])
            shown["hidden"] = duel["hide"] is not None
            shown["guessed"] = duel["guess"] is not None
            if viewer == duel["selector"]:
                shown["my_hide"] = duel["hide"]
            if viewer == duel["opponent"]:
                shown["my_guess"] = duel["guess"]
        return {
            "at": dict(g["at"]),
            "groups": [list(group) for group in g["groups"]],
            "played": list(g["played"]),
            "order": list(g["order"]),
            "turn": g["turn"],
            "step": g["step"],
            "chosen": g["chosen"],
            "duel": shown,
        }

    def resample(self, s: SquidGameState, seat: int, rng: random.Random) -> None:
        duel = s.g["duel"]
        if duel is None:
            return
        if duel["hide"] is not None and seat != duel["selector"]:
            duel["hide"] = rng.randrange(2) + 1
        if duel["guess"] is not None and seat != duel["opponent"]:
            duel["guess"] = ("odd", "even")[rng.randrange(2)]

    def check(self, s: SquidGameState) -> None:
        g = s.g
        for key, group in g["at"].items():
            assert group is None or int(key) in g["groups"][group]
        assert g["chosen"] is None or str(g["chosen"]) in g["at"]
        assert all(len(group) <= 2 for group in g["groups"])
        assert all(len(g["groups"][group]) == 2 for group in g["played"])

    def token_place(self, view: dict[str, Any], names: list[str], token: int) -> str:
        """A button names the token's partner only, never the token itself."""
        place = view["game"]["at"][str(token)]
        if place is None:
            return "not placed"
        partners = [t for t in view["game"]["groups"][place] if t != token]
        if not partners:
            return "single"
        owner = next(p for p, team in enumerate(view["teams"]) if partners[0] in team)
        return f"paired with {names[owner]} {partners[0]:03d}"

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        lines = ["Turn order " + " ".join(names[p] for p in g["order"])]
        for index, group in enumerate(g["groups"]):
            if group:
                state = "played" if index in g["played"] else "to play"
                lines.append(f"  {' & '.join(chip(t, view, names) for t in group)}"
                             + (f" ({state})" if len(group) == 2 else " (single)"))
        waiting = sorted(chip(int(t), view, names) for t, x in g["at"].items() if x is None)
        if waiting:
            lines.append(f"  not yet placed: {' '.join(waiting)}")
        if g["chosen"] is not None:
            lines.append(f"  being placed: {chip(g['chosen'], view, names)}")
        duel = g["duel"]
        if duel:
            lines.append(f"  playing: {chip(duel['mine'], view, names)} (chose) against "
                         f"{chip(duel['theirs'], view, names)}; rolls {duel['rolls']}")
        return lines


MARBLES = Marbles()

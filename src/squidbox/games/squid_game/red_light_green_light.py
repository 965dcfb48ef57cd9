"""1 - RED LIGHT GREEN LIGHT: face-down cards, the Doll, moves, 0 Push, the countdown.

g["at"] maps each token still playing to its lane: WAITING before it is placed, 0 behind the
starting line, 1..lanes on the field. A token moving past the last lane reaches the Doll's
space and survives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from squidbox.engine import HiddenChoice, Later, Seen, Zone, each_seat
from squidbox.engine.stack import Question
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from . import campaign
from .stage import (
    Stage,
    card_actions,
    card_played,
    cards_text,
    chip,
    token_actions,
    token_of,
)
from .timer import count_down, run_out

if TYPE_CHECKING:
    from .state import SquidGameState

WAITING = -1
START_LINE = 0
ENTER, PLAY, PUSH = "enter", "play", "push"
PUSHED = N_("pushed by {_by:name}'s 0 Push")


class LightData(TypedDict):
    """Red Light Green Light's part of the state (`s.g` while it is played)."""

    at: dict[str, int]  # each token still playing: its lane (WAITING, START_LINE, 1..lanes)
    timer: str
    deck: list[int]  # the Doll cards face down, top card last
    discard: list[int]  # Doll cards flipped since the last shuffle, in order
    round: int
    to_enter: list[int]  # seats choosing the token that steps behind the starting line
    played: list[int | None]  # per seat, its card played face down this round
    revealed: list[int | None] | None  # the cards last shown, per seat
    doll: int | None  # the Doll card flipped last


def light_data(s: SquidGameState) -> LightData:
    return cast(LightData, s.g)


def doll_face(s: Any, card: int) -> tuple[int, ...]:
    """The three blank Doll cards look alike."""
    face: tuple[int, ...] = s.data.doll_cards[card]
    return face


class RedLightGreenLight(Stage):
    name = "red_light_green_light"
    title = N_("Red Light Green Light")
    zones = (Zone("g.deck", Seen.NOBODY, pool="doll", face=doll_face),
             Zone("g.discard", Seen.PUBLIC, pool="doll", face=doll_face))
    # The card each seat played face down this round, its own until all are revealed.
    choices = (HiddenChoice("g.played", each_seat, lambda s, seat: s.data.card_values,
                            per_item=True),)

    # ---- setup ------------------------------------------------------------------------------
    def setup(self, s: SquidGameState) -> None:
        deck = list(range(len(s.data.doll_cards)))
        s.rng.shuffle(deck)
        s.g = LightData({
            "at": {str(t): WAITING for team in s.team for t in team},
            "timer": s.data.rlgl_timer_start,
            "deck": deck,
            "discard": [],
            "round": 0,
            "to_enter": [],
            "played": [None] * s.num_players,
            "revealed": None,
            "doll": None,
        })
        rlgl_round(s)

    def place(self, s: SquidGameState, token: int) -> None:
        """Place a token behind the starting line."""
        light_data(s)["at"][str(token)] = START_LINE
        s.emit("place", "{_owner:name} {token:03d} steps behind the starting line.", token=token,
               _owner=s.owner(token))

    def on_board(self, s: SquidGameState, seat: int) -> list[int]:
        at, key = light_data(s)["at"], s.tokens.key
        return [t for t in s.playing(seat) if at[key[t]] >= START_LINE]

    def has_on_board(self, s: SquidGameState, seat: int) -> bool:
        at, key = light_data(s)["at"], s.tokens.key
        return any(at[key[t]] >= START_LINE for t in s.playing(seat))

    # ---- Reveal, Doll Looks, Eliminate, Move, Push -----------------------------------------
    @staticmethod
    def doll_text(caught: list[int] | tuple[int, ...]) -> str:
        if not caught:
            return _("The Doll shows Green Light.")
        return _("The Doll shows Red Light: {numbers}.").format(numbers=", ".join(map(str, caught)))

    def caught(self, s: SquidGameState, seat: int) -> None:
        """Eliminate your token closest to the Doll; the one behind the starting line only if
        it is your only token on the board."""
        tokens = self.on_board(s, seat)
        closest = max(tokens, key=lambda t: light_data(s)["at"][str(t)])
        s.eliminate(closest, N_("caught moving on Red Light"))

    def move(self, s: SquidGameState, seat: int, lanes: int) -> None:
        at, key = light_data(s)["at"], s.tokens.key
        moving = self.on_board(s, seat)
        for token in moving:
            at[key[token]] += lanes
        if s.recording:
            s.emit("move", N_("{seat:name} moves {lanes} lane{_moved}.") if lanes == 1 else
                   N_("{seat:name} moves {lanes} lanes{_moved}."), seat=seat, lanes=lanes,
                   _moved=Later(_moved_text, [(t, at[key[t]]) for t in moving],
                                s.data.rlgl_lanes))
        last = s.data.rlgl_lanes
        for token in moving:
            if at[key[token]] > last:
                s.survive(token, N_("crossed into the Doll's space"))

    def highest_on_board(self, s: SquidGameState, seat: int) -> int:
        return max(self.on_board(s, seat), default=0)

    def push_targets(self, s: SquidGameState, seat: int) -> list[int]:
        """Opponents' tokens in one of your lanes or the lane ahead of it (a token behind the
        starting line reaches the starting line and lane 1)."""
        at, key = light_data(s)["at"], s.tokens.key
        reach: set[int] = set()
        for token in self.on_board(s, seat):
            lane = at[key[token]]
            reach.update((lane, lane + 1))  # all on the board: a token waiting is out of reach
        return sorted(t for other in range(s.num_players) if other != seat
                      for t in s.playing(other) if at[key[t]] in reach)

    # ---- what a player sees ----------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = light_data(s)
        played = g["played"]
        return {
            "lanes": s.data.rlgl_lanes,
            "at": dict(g["at"]),
            "timer": g["timer"],
            "round": g["round"],
            "step": STEP_OF.get(s.asking()),
            "deck_size": len(g["deck"]),
            "doll_cards_seen": [list(s.data.doll_cards[c]) for c in g["discard"]],
            "has_played": [v is not None for v in played],
            "my_card": None if viewer is None else s.shown_choice("g.played", viewer, viewer),
            "revealed": None if g["revealed"] is None else list(g["revealed"]),
            "doll": None if g["doll"] is None else list(s.data.doll_cards[g["doll"]]),
            "pushers": self.pushers(s),
            "to_enter": list(g["to_enter"]),
        }

    def pushers(self, s: SquidGameState) -> list[int]:
        """The seats whose 0 Push is still to be played this round, in order (the one choosing
        its target first)."""
        pending = s.pending
        now = [pending["seat"]] if pending is not None and pending["kind"] == "rlgl_push" else []
        return now + [args["seat"] for name, args in reversed(s.stack) if name == "rlgl_push"]

    def check(self, s: SquidGameState) -> None:
        g = light_data(s)
        assert sorted(g["deck"] + g["discard"]) == list(range(len(s.data.doll_cards)))
        assert all(WAITING <= lane <= s.data.rlgl_lanes for lane in g["at"].values())
        for seat in range(s.num_players):
            assert [g["at"][str(t)] for t in s.playing(seat)].count(START_LINE) <= 1

    def where(self, game_view: dict[str, Any], place: Any) -> str:
        if place == WAITING:
            return _("waiting")
        if place == START_LINE:
            return _("behind the starting line")
        return _("lane {number}").format(number=place)

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        seen = [RED_LIGHT_GREEN_LIGHT.doll_text(card) for card in g["doll_cards_seen"]]
        lines = [_("Timer {timer} · round {round} · Doll cards left {count}").format(
                     timer=g["timer"], round=g["round"], count=g["deck_size"]),
                 "  " + _("Doll cards seen since the shuffle: {cards}").format(
                     cards=" / ".join(seen) or _("none"))]
        rows: dict[int, list[str]] = {}
        for key, lane in g["at"].items():
            rows.setdefault(lane, []).append(chip(int(key), view, names))
        lines.append("  " + _("DOLL  (past lane {lane})").format(lane=g["lanes"]))
        labels = {START_LINE: _("start"), WAITING: _("wait")}
        width = max(5, *map(len, labels.values()))
        for lane in range(g["lanes"], WAITING - 1, -1):
            label = labels.get(lane, str(lane))
            if rows.get(lane) or lane > WAITING:
                lines.append(f"  {label:>{width}} | {' '.join(sorted(rows.get(lane, [])))}")
        if g["revealed"] is not None:
            lines.append("  " + _("last cards: {cards}").format(cards=", ".join(
                f"{names[p]} {v}" for p, v in enumerate(g["revealed"]) if v is not None)))
        if g["my_card"] is not None:
            lines.append("  " + _("your face-down card: {card}").format(card=g["my_card"]))
        return lines


# ---- the round, on the decision stack (engine/stack.py) -------------------------------------
def rlgl_round(s: SquidGameState) -> None:
    """A round: tokens step behind the starting line, everyone plays a card face down, the
    cards are revealed against the Doll, then the 0 Pushes."""
    g = light_data(s)
    if not g["at"]:
        campaign.finish_game(s)
        return
    g["round"] += 1
    g["to_enter"] = []
    at, key = g["at"], s.tokens.key
    for seat in range(s.num_players):
        mine = s.playing(seat)
        lanes = [at[key[t]] for t in mine]
        if START_LINE in lanes or WAITING not in lanes:
            continue
        waiting = [t for t, lane in zip(mine, lanes, strict=True) if lane == WAITING]
        if len(waiting) == 1:
            RED_LIGHT_GREEN_LIGHT.place(s, waiting[0])
        else:
            g["to_enter"].append(seat)
    s.push(rlgl_play)
    s.ask_all(list(g["to_enter"]), ENTER_TOKEN)


def enter_options(s: SquidGameState, seat: int) -> list[str]:
    g = light_data(s)
    if seat not in g["to_enter"]:
        return []
    at, key = g["at"], s.tokens.key
    return token_actions(s, [t for t in s.playing(seat) if at[key[t]] == WAITING])


def entered(s: SquidGameState, seat: int, choice: str) -> None:
    RED_LIGHT_GREEN_LIGHT.place(s, token_of(s, choice))
    light_data(s)["to_enter"].remove(seat)


def rlgl_play(s: SquidGameState) -> None:
    g = light_data(s)
    g["played"] = [None] * s.num_players
    g["revealed"] = None
    s.push(rlgl_reveal)
    s.ask_all(range(s.num_players), PLAY_CARD)


def card_options(s: SquidGameState, seat: int) -> list[str]:
    if light_data(s)["played"][seat] is not None or not RED_LIGHT_GREEN_LIGHT.has_on_board(s, seat):
        return []
    return card_actions(s, s.data.card_values)


def rlgl_reveal(s: SquidGameState) -> None:
    """Reveal, the Doll looks: caught players lose a token, the others move; then the 0
    Pushes, the highest team on the board first."""
    s.mark_reveal()  # the hidden plays are shown
    rlgl = RED_LIGHT_GREEN_LIGHT
    g = light_data(s)
    played = g["played"]
    g["revealed"] = list(played)
    g["played"] = [None] * s.num_players
    s.emit("reveal", "Cards: {_shown}.", cards=played,
           _shown=Later(cards_text, s.names, played, range(s.num_players)))
    doll = g["deck"].pop()
    g["discard"].append(doll)
    g["doll"] = doll
    caught = s.data.doll_cards[doll]
    s.emit("doll", "{_text}", card=doll, numbers=list(caught),
           _text=Later(rlgl.doll_text, caught))
    for seat, value in enumerate(played):
        if value is None:
            continue
        if value in caught:
            rlgl.caught(s, seat)
        elif value != s.data.push_card:
            rlgl.move(s, seat, value)
    pushers = [seat for seat, v in enumerate(played) if v == s.data.push_card
               and v not in caught]
    for seat in sorted(pushers, key=lambda seat: -rlgl.highest_on_board(s, seat)):
        s.push(rlgl_push, seat=seat)
    s.push(rlgl_end_round)


def rlgl_push(s: SquidGameState, seat: int) -> None:
    """A 0 Push: a choice of target only when there is more than one."""
    targets = RED_LIGHT_GREEN_LIGHT.push_targets(s, seat)
    if len(targets) > 1:
        s.ask(seat, PUSH_TARGET)
    elif targets:
        s.eliminate(targets[0], PUSHED, _by=seat)
    else:
        s.emit("push", "{seat:name} has no token to push.", seat=seat)


def push_options(s: SquidGameState, seat: int) -> list[str]:
    return token_actions(s, RED_LIGHT_GREEN_LIGHT.push_targets(s, seat))


def pushed(s: SquidGameState, seat: int, choice: str) -> None:
    s.eliminate(token_of(s, choice), PUSHED, _by=seat)


def rlgl_end_round(s: SquidGameState) -> None:
    """Discard; when the Doll deck is used up, the Countdown (and a shuffle)."""
    g = light_data(s)
    if not g["deck"]:
        g["timer"] = count_down(g["timer"], s.data.timer_steps)
        s.emit("timer", "The last Doll card is played: the Timer counts down to {timer}.",
               timer=g["timer"])
        if run_out(g["timer"], s.data.timer_steps):
            for key in sorted(g["at"], key=int):
                s.eliminate(int(key), N_("still on the field at 00:00"))
            campaign.finish_game(s)
            return
        g["deck"] = sorted(g["discard"])
        g["discard"] = []
        s.rng.shuffle(g["deck"])
        s.emit("shuffle", "The Doll cards are shuffled.")
    rlgl_round(s)


ENTER_TOKEN = Question("Choose the token that steps behind the starting line", enter_options,
                       entered, name="rlgl_enter")
PLAY_CARD = Question("Play a card face down", card_options, card_played, name="rlgl_play")
PUSH_TARGET = Question("0 Push: choose the token to push", push_options, pushed,
                       name="rlgl_push")
STEP_OF: dict[str | None, str] = {  # the view's "step", by the question asked now
    "rlgl_enter": ENTER, "rlgl_play": PLAY, "rlgl_push": PUSH}
STEPS = [rlgl_round, rlgl_play, rlgl_reveal, rlgl_push, rlgl_end_round]
QUESTIONS = [ENTER_TOKEN, PLAY_CARD, PUSH_TARGET]


def _moved_text(moved: list[tuple[int, int]], last: int) -> str:
    """Where each moved token ended: " (325→4, 326→Doll)"."""
    if not moved:
        return ""
    return " (" + ", ".join(f"{t:03d}→{lane if lane <= last else _('Doll')}"
                            for t, lane in moved) + ")"


RED_LIGHT_GREEN_LIGHT = RedLightGreenLight()

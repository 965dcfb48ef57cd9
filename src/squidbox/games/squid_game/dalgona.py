"""2 - DALGONA: place all your tokens on the four shapes, then push your luck drawing Dalgona
cards: a shape advances one of your tokens there (or Kicks the Lighter), Crack! costs a token.

g["at"] maps each token still playing to [shape, section] once placed (None before). A token
advancing out of its shape's last section has completed the Dalgona and survives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from squidbox.engine import Seen, Zone
from squidbox.engine.stack import Question
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from . import campaign
from .actions import DRAW_ACTION, STOP_ACTION, Draw, Shape, shape_action
from .stage import Stage, chip, choice_asked, decoded, token_actions, token_of
from .timer import count_down, run_out
from .tokens import turn_order

if TYPE_CHECKING:
    from .state import SquidGameState

PLACE, DRAW, CHOOSE = "place", "draw", "choose"
ADVANCE, KICK, CRACK_OWN, CRACK_OPPONENT = "advance", "kick", "crack own", "crack opponent"
KINDS = (N_("advance"), N_("kick"), N_("crack own"), N_("crack opponent"), N_("Crack!"))  # words


class DalgonaData(TypedDict):
    """Dalgona's part of the state (`s.g` while it is played)."""

    at: dict[str, list[int] | None]  # each token still playing: [shape, section] once placed
    timer: str
    order: list[int]  # the turn order
    placing: list[int]  # seats still placing tokens, in turn
    turn: int  # index in `order` of the seat whose turn it is
    deck: list[int]  # the Dalgona cards face down this turn (shapes by index, then Crack!)
    drawn: list[int]  # the cards drawn this turn, face up


def dalgona_data(s: SquidGameState) -> DalgonaData:
    return cast(DalgonaData, s.g)


class Dalgona(Stage):
    name = "dalgona"
    title = N_("Dalgona")
    zones = (Zone("g.deck", Seen.NOBODY, pool="dalgona"),
             Zone("g.drawn", Seen.PUBLIC, pool="dalgona"))

    def crack(self, s: SquidGameState) -> int:
        """The Crack! card's index; shape cards are indexed by their shape."""
        return len(s.data.shapes)

    def full_deck(self, s: SquidGameState) -> list[int]:
        deck = [shape for shape, k in enumerate(s.data.shape_cards) for _ in range(k)]
        return deck + [self.crack(s)] * s.data.crack_cards

    # ---- Placement ---------------------------------------------------------------------------
    def setup(self, s: SquidGameState) -> None:
        order = turn_order(s.team)
        s.g = DalgonaData({
            "at": {str(t): None for team in s.team for t in team},
            "timer": s.data.dalgona_timer_start,
            "order": order,
            "placing": [seat for seat in order if s.team[seat]],
            "turn": 0,
            "deck": [],
            "drawn": [],
        })
        s.emit("order", "Turn order: {order:names}.", order=order)
        if not dalgona_data(s)["placing"]:
            campaign.finish_game(s)
            return
        dalgona_placing(s)

    def unplaced(self, s: SquidGameState, seat: int) -> list[int]:
        at, key = dalgona_data(s)["at"], s.tokens.key
        return [t for t in s.playing(seat) if at[key[t]] is None]

    def on_board(self, s: SquidGameState, seat: int, shape: int | None = None) -> list[int]:
        if shape is None:
            return s.playing(seat)
        return [t for t in s.playing(seat) if self.place(s, t)[0] == shape]

    def place(self, s: SquidGameState, token: int) -> list[int]:
        """Where a placed token stands: [shape, section]."""
        place = dalgona_data(s)["at"][s.tokens.key[token]]
        assert place is not None, f"{token} is not placed yet"
        return place

    def opponents_on(self, s: SquidGameState, seat: int, shape: int | None = None) -> list[int]:
        """The other players' tokens on the board (on `shape`), ascending."""
        return sorted(t for other in range(s.num_players) if other != seat
                      for t in self.on_board(s, other, shape))

    # ---- what a player sees ------------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = dalgona_data(s)
        names = list(s.data.shapes) + ["Crack!"]
        return {
            "shapes": list(s.data.shapes),
            "sections": list(s.data.shape_sections),
            "at": {t: None if p is None else list(p) for t, p in g["at"].items()},
            "timer": g["timer"],
            "order": list(g["order"]),
            "step": STEP_OF.get(s.asking()),
            "turn": g["turn"],
            "placing": list(g["placing"]),
            "deck_size": len(g["deck"]),
            "drawn": [names[c] for c in g["drawn"]],
            "pending": choice_asked(s, "dalgona_choose"),
        }

    def check(self, s: SquidGameState) -> None:
        g = dalgona_data(s)
        if g["deck"] or g["drawn"]:
            assert sorted(g["deck"] + g["drawn"]) == sorted(self.full_deck(s)), "Dalgona cards"
        for place in g["at"].values():
            if not g["placing"]:
                assert place is not None
            if place is not None:
                assert 0 <= place[1] < s.data.shape_sections[place[0]]

    def where(self, game_view: dict[str, Any], place: Any) -> str:
        if place is None:
            return _("not placed")
        return _("{shape}, section {number}").format(shape=_(game_view["shapes"][place[0]]),
                                                       number=place[1] + 1)

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        lines = [_("Timer {timer} · turn order {order}").format(
            timer=g["timer"], order=" ".join(names[p] for p in g["order"]))]
        for shape, name in enumerate(g["shapes"]):
            cells = []
            for section in range(g["sections"][shape]):
                here = sorted(chip(int(t), view, names) for t, p in g["at"].items()
                              if p == [shape, section])
                cells.append(" ".join(here) or "·")
            lines.append(f"  {_(name):>9}: " + " → ".join(f"[{c}]" for c in cells) + " → "
                         + _("done"))
        if g["pending"]:
            pending = g["pending"]
            lines.append("  " + _("{name} chooses a token ({why})").format(
                name=names[pending["seat"]], why=_(pending["kind"])))
        if g["drawn"]:
            lines.append("  " + _("drawn this turn: {cards} · {count} left").format(
                cards=", ".join(_(card) for card in g["drawn"]), count=g["deck_size"]))
        return lines


# ---- the game on the decision stack (engine/stack.py) ----------------------------------------
def dalgona_placing(s: SquidGameState) -> None:
    """Distribute all your tokens among the shapes, in their shaded sections, in turn order."""
    s.ask(dalgona_data(s)["placing"][0], PLACE_SHAPE)


def shape_options(s: SquidGameState, seat: int) -> list[str]:
    return [shape_action(shape) for shape in s.data.shapes]


def shape_chosen(s: SquidGameState, seat: int, choice: str) -> None:
    g = dalgona_data(s)
    move = decoded(s, choice)
    assert type(move) is Shape
    shape = move.shape
    token = DALGONA.unplaced(s, seat)[0]
    g["at"][str(token)] = [shape, 0]
    s.emit("place", "{_owner:name} {token:03d} takes the {shape:t}.",
           token=token, shape=s.data.shapes[shape], _owner=s.owner(token))
    if not DALGONA.unplaced(s, seat):
        g["placing"].pop(0)
    if g["placing"]:
        s.push(dalgona_placing)
    else:
        g["turn"] = 0
        dalgona_turn(s)


def dalgona_turn(s: SquidGameState) -> None:
    """A turn: Shuffle the Dalgona cards, then Poke (draw at least one card)."""
    g = dalgona_data(s)
    while g["turn"] < len(g["order"]):
        seat = g["order"][g["turn"]]
        if DALGONA.on_board(s, seat):
            g["deck"] = DALGONA.full_deck(s)
            s.rng.shuffle(g["deck"])
            g["drawn"] = []
            s.emit("turn", "{seat:name}'s turn: the Dalgona cards are shuffled.", seat=seat)
            draw(s, seat)  # you must draw at least one card
            return
        g["turn"] += 1
    countdown(s)


def poke_options(s: SquidGameState, seat: int) -> list[str]:
    return [DRAW_ACTION, STOP_ACTION]


def poked(s: SquidGameState, seat: int, choice: str) -> None:
    if type(decoded(s, choice)) is Draw:
        draw(s, seat)
    else:
        s.emit("stop", "{seat:name} stops.", seat=seat)
        end_turn(s)


def draw(s: SquidGameState, seat: int) -> None:
    g = dalgona_data(s)
    card = g["deck"].pop()
    s.mark_reveal()  # the top card of the shuffled deck is turned up
    g["drawn"].append(card)
    first = len(g["drawn"]) == 1
    if card == DALGONA.crack(s):
        s.emit("draw", "{seat:name} reveals Crack!", seat=seat, card="crack")
        if first:
            offer(s, seat, CRACK_OPPONENT, DALGONA.opponents_on(s, seat))
        else:
            offer(s, seat, CRACK_OWN, DALGONA.on_board(s, seat))
        return
    shape = s.data.shapes[card]
    s.emit("draw", "{seat:name} reveals the {card:t}.", seat=seat, card=shape)
    mine = DALGONA.on_board(s, seat, card)
    if mine:
        offer(s, seat, ADVANCE, mine)
    else:
        offer(s, seat, KICK, DALGONA.opponents_on(s, seat, card))


def offer(s: SquidGameState, seat: int, kind: str, options: list[int]) -> None:
    """A choice of token: asked only when there is more than one."""
    if len(options) > 1:
        s.ask(seat, CHOOSE_TOKEN, kind=kind, options=options)
    elif options:
        resolve(s, seat, kind, options[0])
    else:
        if kind == KICK:
            s.emit("kick", "No token is on that shape: nothing happens.")
        elif kind == CRACK_OPPONENT:
            s.emit("crack", "No opponent's token is left to crack.")
        after_card(s, seat, kind)


def token_options(s: SquidGameState, seat: int, kind: str, options: list[int]) -> list[str]:
    return token_actions(s, options)


def token_chosen(s: SquidGameState, seat: int, choice: str, kind: str,
                 options: list[int]) -> None:
    resolve(s, seat, kind, token_of(s, choice))


def resolve(s: SquidGameState, seat: int, kind: str, token: int) -> None:
    if kind in (CRACK_OWN, CRACK_OPPONENT):
        s.eliminate(token, N_("{_by:name}'s Crack!"), _by=seat)
    else:
        if kind == KICK:
            s.emit("kick", "{seat:name} Kicks the Lighter.", seat=seat)
        advance(s, token)
    after_card(s, seat, kind)


def advance(s: SquidGameState, token: int) -> None:
    place = DALGONA.place(s, token)
    place[1] += 1
    if place[1] == s.data.shape_sections[place[0]]:
        s.survive(token, N_("completed the {_shape:t}"), _shape=s.data.shapes[place[0]])
    else:
        s.emit("advance", "{_owner:name} {token:03d} advances to section {_section} of the "
               "{_shape:t}.", token=token, _owner=s.owner(token), _section=place[1] + 1,
               _shape=s.data.shapes[place[0]])


def after_card(s: SquidGameState, seat: int, kind: str) -> None:
    """A Crack! ends the turn, and so does having no token left on the board; otherwise the
    player draws again or stops."""
    if kind in (CRACK_OWN, CRACK_OPPONENT) or not DALGONA.on_board(s, seat):
        end_turn(s)
    else:
        s.ask(seat, POKE)


def end_turn(s: SquidGameState) -> None:
    g = dalgona_data(s)
    g["drawn"] = []
    g["deck"] = []
    g["turn"] += 1
    dalgona_turn(s)


def countdown(s: SquidGameState) -> None:
    """Everyone has had a turn: the Timer counts down."""
    g = dalgona_data(s)
    g["timer"] = count_down(g["timer"], s.data.timer_steps)
    s.emit("timer", "Everyone has had a turn: the Timer counts down to {timer}.",
           timer=g["timer"])
    if run_out(g["timer"], s.data.timer_steps):
        for key in sorted(g["at"], key=int):
            s.eliminate(int(key), N_("its Dalgona is unfinished at 00:00"))
    if not g["at"]:
        campaign.finish_game(s)
        return
    g["turn"] = 0
    dalgona_turn(s)


PLACE_SHAPE = Question("Place a token on a shape", shape_options, shape_chosen,
                       name="dalgona_place")
POKE = Question("Draw a Dalgona card, or stop", poke_options, poked, name="dalgona_poke")
CHOOSE_TOKEN = Question("Choose a token", token_options, token_chosen, name="dalgona_choose")
STEP_OF: dict[str | None, str] = {  # the view's "step", by the question asked now
    "dalgona_place": PLACE, "dalgona_poke": DRAW, "dalgona_choose": CHOOSE}
STEPS = [dalgona_placing]
QUESTIONS = [PLACE_SHAPE, POKE, CHOOSE_TOKEN]


DALGONA = Dalgona()

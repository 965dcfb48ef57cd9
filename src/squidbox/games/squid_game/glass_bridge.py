"""5 - GLASS BRIDGE: claim mannequin positions, build the bridge left or right by the parity of
everyone's card, then move by face-down cards (highest card first, then clockwise), choosing a
side at each unrevealed tile; full positions cause chain reactions; 0 Push; the VIPs.

Positions form one track of cells: the line of mannequin positions (the last line cell is the front,
next to the bridge), then the tiles, then the far side (crossed = survived). g["at"] maps each
token still playing to its cell (None until the line is built).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from squidbox.engine import HiddenChoice, Later, each_seat, nobody
from squidbox.engine.stack import Question
from squidbox.i18n import N_, ngettext
from squidbox.i18n import gettext as _

from . import campaign
from .actions import SIDES, Side, Spot, Token, side_action
from .stage import (
    Stage,
    card_actions,
    card_played,
    cards_text,
    chip,
    choice_asked,
    decoded,
    pass_turn,
    token_actions,
    token_of,
)
from .timer import count_down, run_out
from .tokens import turn_order
from .vips import bored_by_bridge, cut_timer

if TYPE_CHECKING:
    from .state import SquidGameState

PLACE, BUILD, PLAY, CHOOSE_STEP = "place", "build", "play", "choose"
MOVER, PUSH_TARGET, SIDE, CHAIN = "mover", "push target", "side", "chain"
SIDE_ACTIONS = tuple(side_action(side) for side in SIDES)
CROSSED, FELL = N_("crossed the Glass Bridge"), N_("fell through broken glass")
# A leap, logged: [the glass breaks]
LEAP_TEXT = (N_("{_owner:name} {token:03d} leaps to the {side:t} of tile {tile}: tempered glass."),
             N_("{_owner:name} {token:03d} leaps to the {side:t} of tile {tile}: the glass "
                "breaks!"))


class BridgeData(TypedDict):
    """The Glass Bridge's part of the state (`s.g` while it is played)."""

    at: dict[str, int | None]  # each token still playing: its cell (None until the line is built)
    spots: list[int | None]  # per mannequin position, the token placed there
    tiles: list[int]  # per glass tile, its broken side (an index into SIDES)
    revealed: list[bool]  # per glass tile, whether its glass has been shown
    bridge_side: str | None  # the side the bridge was built to, once built
    timer: str
    hands: list[list[int]]  # per seat, the card values still in its hand
    played: list[int | None]  # per seat, its card played face down this round
    revealed_cards: list[int | None] | None  # the cards last shown, per seat
    order: list[int]  # the turn order for placing tokens
    turn: int  # index in `order` of the seat placing now
    chosen: int | None  # the token the placing seat has picked, before its mannequin
    round: int
    vips_cut: bool  # the VIPs cut the Timer this round (the cards come back at its end)


def bridge_data(s: SquidGameState) -> BridgeData:
    return cast(BridgeData, s.g)


def tile_revealed(s: SquidGameState, tile: int | None) -> bool:
    assert tile is not None  # an entry of the per-tile list
    return bridge_data(s)["revealed"][tile]


def counted(what: str, count: int) -> str:
    """ "1 token", "2 mannequin strips", "3 glass tiles" in the reader's language."""
    if what == "token":
        return ngettext("{count} token", "{count} tokens", count).format(count=count)
    if what == "strip":
        return ngettext("{count} mannequin strip", "{count} mannequin strips", count).format(
            count=count)
    return ngettext("{count} glass tile", "{count} glass tiles", count).format(count=count)


def strips_needed(tokens: int, per_strip: int) -> int:
    """One strip for up to 6 surviving tokens, two for 7–12, and so on."""
    return max(1, -(-tokens // per_strip))


def played_values(s: SquidGameState, seat: int | None) -> list[int]:
    """The values a card played face down may have: any while the bridge is built, else one
    of the seat's hand."""
    assert seat is not None  # an entry of the per-seat list
    if s.asking() == "glass_bridge_build":
        return list(s.data.card_values)
    return bridge_data(s)["hands"][seat]


class GlassBridge(Stage):
    name = "glass_bridge"
    title = N_("Glass Bridge")
    # Each unrevealed tile is a coin flip nobody has seen; a card played face down is its
    # seat's own (from the values while building, else from the seat's hand).
    choices = (
        HiddenChoice("g.tiles", nobody, lambda s, tile: (0, 1), per_item=True,
                     revealed=lambda s, tile: tile_revealed(s, tile)),
        HiddenChoice("g.played", each_seat, lambda s, seat: played_values(s, seat),
                     per_item=True),
    )

    # ---- setup and Placement -----------------------------------------------------------------
    def setup(self, s: SquidGameState) -> None:
        data = s.data
        survivors = sum(len(team) for team in s.team)
        strips = min(strips_needed(survivors, data.positions_per_strip), data.max_strips)
        tiles = min(data.bridge_max_tiles, survivors)
        order = turn_order(s.team)
        s.g = BridgeData({
            "at": {str(t): None for team in s.team for t in team},
            "spots": [None] * (strips * data.positions_per_strip),
            "tiles": [s.rng.randrange(2) for _ in range(tiles)],  # the broken side of each
            "revealed": [False] * tiles,
            "bridge_side": None,
            "timer": data.bridge_timer_start,
            "hands": [list(data.card_values) for _ in range(s.num_players)],
            "played": [None] * s.num_players,
            "revealed_cards": None,
            "order": order,
            "turn": 0,
            "chosen": None,
            "round": 0,
            "vips_cut": False,
        })
        s.emit("order", "{_tokens}: {_strips}, {_tiles}. Turn order: {order:names}.",
               order=order, _tokens=Later(counted, "token", survivors),
               _strips=Later(counted, "strip", strips), _tiles=Later(counted, "tile", tiles))
        if survivors == 0:
            campaign.finish_game(s)
            return
        self._next_placer(s, first=True)

    def line_length(self, s: SquidGameState) -> int:
        return len(bridge_data(s)["spots"])

    def far_side(self, s: SquidGameState) -> int:
        return len(bridge_data(s)["spots"]) + len(bridge_data(s)["tiles"])

    def unplaced(self, s: SquidGameState, seat: int) -> list[int]:
        spots = bridge_data(s)["spots"]
        return [t for t in s.playing(seat) if t not in spots]

    def _next_placer(self, s: SquidGameState, first: bool = False) -> None:
        """Take turns placing a token on a mannequin; then everyone plays a card at once to
        build the bridge."""
        g = bridge_data(s)
        if pass_turn(g, lambda seat: bool(self.unplaced(s, seat)), first):
            s.ask(g["order"][g["turn"]], PLACE_TOKEN)
            return
        g["played"] = [None] * s.num_players
        s.push(glass_bridge_build)
        s.ask_all(range(s.num_players), BUILD_CARD)

    def place(self, s: SquidGameState, seat: int, spot: int) -> None:
        g = bridge_data(s)
        token = g["chosen"] if g["chosen"] is not None else self.unplaced(s, seat)[0]
        g["chosen"] = None
        bridge_data(s)["spots"][spot] = token
        if s.recording:
            s.emit("place", "{_owner:name} {token:03d} claims mannequin {spot}.", token=token,
                   spot=spot + 1, _owner=s.owner(token))
        self._next_placer(s)

    # ---- Build ---------------------------------------------------------------------------------
    def build(self, s: SquidGameState) -> None:
        """Odd total: the bridge is built to the left of the line; even: to the right."""
        s.mark_reveal()  # the hidden plays are shown
        g = bridge_data(s)
        total = sum(v for v in g["played"] if v is not None)
        side = "left" if total % 2 else "right"
        g["bridge_side"] = side
        g["revealed_cards"] = list(g["played"])
        g["played"] = [None] * s.num_players
        spots = g["spots"]
        last = len(spots) - 1
        for spot, token in enumerate(spots):
            if token is not None:
                g["at"][str(token)] = last - spot if side == "left" else spot
        s.emit("build", "Cards total {total}: the Glass Bridge is built to the {side:t}.",
               total=total, side=side)
        self._start_round(s)

    # ---- a round: Slide, Play, Reveal ----------------------------------------------------------
    def _start_round(self, s: SquidGameState) -> None:
        g = bridge_data(s)
        if not g["at"]:
            campaign.finish_game(s)
            return
        g["round"] += 1
        self._slide(s)
        g["played"] = [None] * s.num_players
        s.push(glass_bridge_reveal)
        s.ask_all(range(s.num_players), PLAY_CARD)

    def _slide(self, s: SquidGameState) -> None:
        """Slide tokens on the line forward to close empty positions (not on the bridge)."""
        at = bridge_data(s)["at"]
        front = self.line_length(s) - 1
        on_line = sorted({c for c in at.values() if c is not None and c <= front},
                         reverse=True)
        moves = {cell: front - rank for rank, cell in enumerate(on_line)}
        for key, cell in at.items():
            if cell in moves:
                at[key] = moves[cell]

    def active(self, s: SquidGameState, seat: int) -> bool:
        return bool(s.playing(seat))

    def reveal(self, s: SquidGameState) -> None:
        """Move in order: the highest card first, then clockwise."""
        s.mark_reveal()  # the hidden plays are shown
        g = bridge_data(s)
        played = g["played"]
        g["revealed_cards"] = list(played)
        g["played"] = [None] * s.num_players
        cards = {seat: value for seat, value in enumerate(played) if value is not None}
        for seat, value in cards.items():
            g["hands"][seat].remove(value)
        if s.recording:
            s.emit("reveal", "Cards: {_shown}.", cards=list(played),
                   _shown=Later(cards_text, s.names, played, list(cards)))
        highest = max(cards.values())
        tied = [seat for seat, value in cards.items() if value == highest]
        first = tied[0] if len(tied) == 1 else max(tied, key=lambda seat: self._lead(s, seat))
        for k in range(s.num_players):
            seat = (first + k) % s.num_players
            if seat in cards:
                s.push(glass_bridge_turn, seat=seat, value=cards[seat])
        s.push(glass_bridge_end_round)

    def _lead(self, s: SquidGameState, seat: int) -> tuple[int, int]:
        """Ties for the highest card: the token closest to the end of the bridge, then the
        higher-numbered token there."""
        return max((self.cell(s, t), t) for t in s.playing(seat))

    def cell(self, s: SquidGameState, token: int) -> int:
        """Where a token still playing stands, once the line is built."""
        cell = bridge_data(s)["at"][s.tokens.key[token]]
        assert cell is not None, f"{token} is not on the line yet"
        return cell

    # ---- Move, 0 Push, Chain Reactions -------------------------------------------------------
    def turn(self, s: SquidGameState, seat: int, value: int) -> None:
        """A seat's revealed card: one of its tokens moves `value` positions, or the 0 Push
        pushes a token on. A choice of token is asked only when there is more than one."""
        mine = s.playing(seat)
        if not mine:
            return
        if value != s.data.push_card:
            s.decide(seat, CHOOSE, kind=MOVER, options=mine, value=value)
            return
        targets = self.push_targets(s, seat)
        if targets:
            s.decide(seat, CHOOSE, kind=PUSH_TARGET, options=targets, value=value)
        else:
            s.emit("push", "{seat:name} has no token to push.", seat=seat)

    def push_targets(self, s: SquidGameState, seat: int) -> list[int]:
        """Any token in the same position as one of your tokens (yours included)."""
        at, key = bridge_data(s)["at"], s.tokens.key
        mine = s.playing(seat)
        cells = {at[key[t]] for t in mine}
        return sorted(int(t) for t, cell in at.items() if cell in cells and
                      any(at[key[u]] == cell and u != int(t) for u in mine))

    def chosen(self, s: SquidGameState, seat: int, kind: str, value: int, token: int) -> None:
        """The token that moves (MOVER), is pushed (PUSH_TARGET) or is pushed on (CHAIN) sets
        off. A pushed token moves one position: its sides are chosen by the seat that played
        the 0 Push, or in a chain reaction by the token's owner."""
        if s.recording:
            self._log_chosen(s, seat, kind, value, token)
        if kind == MOVER:
            s.push(glass_bridge_step, token=token, steps=value, chooser=seat)
        elif kind == PUSH_TARGET:
            s.push(glass_bridge_step, token=token, steps=1, chooser=seat)
        else:  # CHAIN: the arriving token pushes one of the two already there
            s.push(glass_bridge_step, token=token, steps=1, chooser=s.owner(token))

    def _log_chosen(self, s: SquidGameState, seat: int, kind: str, value: int,
                    token: int) -> None:
        if kind == MOVER:
            s.emit("move", "{_owner:name} {token:03d} moves {steps}.", token=token, steps=value,
                   _owner=s.owner(token))
        elif kind == PUSH_TARGET:
            s.emit("push", "{_by:name} pushes {_owner:name} {token:03d} with the 0 Push.",
                   token=token, _by=seat, _owner=s.owner(token))
        else:
            s.emit("push", "Chain reaction: {_owner:name} {token:03d} is pushed on.", token=token,
                   _owner=s.owner(token))

    def step(self, s: SquidGameState, token: int, steps: int, chooser: int) -> None:
        """The moving token goes one position on (`steps` of its move left): onto the far
        side, where it survives; before an unrevealed tile, whose side `chooser` declares;
        else onto the next position."""
        g = bridge_data(s)
        target = self.cell(s, token) + 1
        lines = self.line_length(s)
        if target == self.far_side(s):
            s.survive(token, CROSSED)
        elif target >= lines and not g["revealed"][target - lines]:
            s.ask(chooser, LEAP, token=token, steps=steps)
        else:
            self._arrive(s, token, target, steps, chooser)

    def leap(self, s: SquidGameState, side: str, token: int, steps: int, chooser: int) -> None:
        """Declare a side of the next tile, then reveal it."""
        s.mark_reveal()  # the tile's glass is revealed
        g = bridge_data(s)
        target = self.cell(s, token) + 1
        tile = target - self.line_length(s)
        g["revealed"][tile] = True
        broken = SIDES[g["tiles"][tile]]
        if s.recording:
            s.emit("leap", LEAP_TEXT[side == broken], token=token, tile=tile + 1, side=side,
                   broken=broken, _owner=s.owner(token))
        if tile == len(g["tiles"]) - 1:
            self._final_tile_revealed(s)
        if side == broken:
            s.eliminate(token, FELL)
        else:
            self._arrive(s, token, target, steps, chooser)

    def _arrive(self, s: SquidGameState, token: int, cell: int, steps: int,
                chooser: int) -> None:
        """Step onto a position; if two tokens are already there, stop and push one on."""
        at = bridge_data(s)["at"]
        full = list(at.values()).count(cell) >= s.data.position_capacity
        here = sorted(int(t) for t, c in at.items() if c == cell) if full else []
        at[s.tokens.key[token]] = cell
        if full:
            s.decide(s.owner(token), CHOOSE, kind=CHAIN, options=here, value=0)
        elif steps > 1:
            s.push(glass_bridge_step, token=token, steps=steps - 1, chooser=chooser)

    def _final_tile_revealed(self, s: SquidGameState) -> None:
        g = bridge_data(s)
        steps = s.data.timer_steps
        if bored_by_bridge(g["timer"], steps):
            g["timer"] = cut_timer(steps)
            g["vips_cut"] = True
            s.emit("vips", "The last tile is revealed: the VIPs get bored and cut the Timer to "
                   "{timer}.", timer=g["timer"])

    # ---- end of a round and the Countdown -------------------------------------------------------
    def end_round(self, s: SquidGameState) -> None:
        g = bridge_data(s)
        data = s.data
        if g["vips_cut"]:
            g["vips_cut"] = False
            g["hands"] = [list(data.card_values) for _ in range(s.num_players)]
            s.emit("retrieve", "Players take back all their cards.")
        elif all(not hand or not self.active(s, seat) for seat, hand in enumerate(g["hands"])):
            g["timer"] = count_down(g["timer"], data.timer_steps)
            g["hands"] = [list(data.card_values) for _ in range(s.num_players)]
            s.emit("timer", "All cards are played: the Timer counts down to {timer}.",
                   timer=g["timer"])
            if run_out(g["timer"], data.timer_steps):
                for key in sorted(g["at"], key=int):
                    s.eliminate(int(key), N_("still on the line or the bridge at 00:00"))
        self._start_round(s)

    # ---- what a player sees --------------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = bridge_data(s)
        leap = self.leap_asked(s)
        return {
            "at": dict(g["at"]),
            "line": self.line_length(s),
            "spots": list(g["spots"]),
            "tiles": [None if (b := s.shown_choice("g.tiles", viewer, tile)) is None else SIDES[b]
                      for tile in range(len(g["tiles"]))],
            "bridge_side": g["bridge_side"],
            "timer": g["timer"],
            "round": g["round"],
            "step": STEP_OF.get(s.asking()),
            "chosen": g["chosen"],
            "order": list(g["order"]),
            "hands": [list(h) for h in g["hands"]],
            "has_played": [v is not None for v in g["played"]],
            "my_card": None if viewer is None else s.shown_choice("g.played", viewer, viewer),
            "revealed_cards": None if g["revealed_cards"] is None else list(g["revealed_cards"]),
            "movers": self.movers(s),
            "motion": None if leap is None else {
                "token": leap["args"]["token"], "steps": leap["args"]["steps"],
                "chooser": leap["seat"]},
            # a choice of token, or a side to leap to
            "pending": choice_asked(s, CHOOSE.name) if leap is None else {
                "seat": leap["seat"], "kind": SIDE, "options": []},
        }

    def leap_asked(self, s: SquidGameState) -> dict[str, Any] | None:
        """The question asked now if it is a side to leap to (its arguments: token, steps)."""
        return s.pending if s.asking() == LEAP.name else None

    def movers(self, s: SquidGameState) -> list[list[int]]:
        """The seats still to move this round and their cards, in order: [seat, card]."""
        return [[args["seat"], args["value"]] for name, args in reversed(s.stack)
                if name == "glass_bridge_turn"]

    def check(self, s: SquidGameState) -> None:
        g = bridge_data(s)
        assert g["chosen"] is None or g["chosen"] in self.unplaced(s, s.owner(g["chosen"]))
        cells: dict[int, int] = {}
        leap = self.leap_asked(s)
        leaving = None if leap is None else str(leap["args"]["token"])
        for key, cell in g["at"].items():
            if cell is not None and key != leaving:
                assert 0 <= cell < self.far_side(s)
                cells[cell] = cells.get(cell, 0) + 1
        pending = choice_asked(s, "glass_bridge_choose")
        chain = pending is not None and pending["kind"] == CHAIN
        for count in cells.values():
            assert count <= s.data.position_capacity + (1 if chain else 0), "position overfull"
        for cell in cells:
            if cell >= self.line_length(s):
                assert g["revealed"][cell - self.line_length(s)], "token on an unrevealed tile"
        assert len(g["tiles"]) <= s.data.bridge_max_tiles
        for hand in g["hands"]:
            assert set(hand) <= set(s.data.card_values)

    def where(self, game_view: dict[str, Any], place: Any) -> str:
        if place is None:
            return _("not placed")
        if place >= game_view["line"]:
            return _("tile {number}").format(number=place - game_view["line"] + 1)
        return _("line position {number} from the front").format(
            number=game_view["line"] - place)

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        lines = [_("Timer {timer} · round {round} · bridge {side}").format(
            timer=g["timer"], round=g["round"],
            side=_(g["bridge_side"]) if g["bridge_side"] else _("not built yet"))]
        if g["bridge_side"] is None:
            spots = [chip(t, view, names) if t is not None else "·" for t in g["spots"]]
            lines.append("  " + _("line: {spots}").format(spots=" ".join(spots)))
        else:
            cells = []
            for cell in range(g["line"] + len(g["tiles"])):
                here = sorted(chip(int(t), view, names) for t, c in g["at"].items() if c == cell)
                tile = cell - g["line"]
                tag = "" if tile < 0 else f"T{tile + 1}" + (
                    "(" + _("broken {side}").format(side=_(g["tiles"][tile])) + ")"
                    if g["tiles"][tile] else "?")
                if here or tile >= 0:
                    cells.append(f"{tag}[{' '.join(here)}]")
            lines.append("  " + _("back → {cells} → far side").format(cells=" ".join(cells)))
        if g["chosen"] is not None:
            lines.append("  " + _("being placed: {token}").format(
                token=chip(g["chosen"], view, names)))
        pending = g["pending"]
        if pending:
            what = {MOVER: _("{name} chooses which token moves"),
                    PUSH_TARGET: _("{name} chooses which token to push"),
                    SIDE: _("{name} chooses a side of the next tile"),
                    CHAIN: _("{name} chooses which token is pushed on")}
            lines.append("  " + what[pending["kind"]].format(name=names[pending["seat"]]))
        lines.append("  " + _("hands: {hands}").format(
            hands="; ".join(f"{names[p]} {h}" for p, h in enumerate(g["hands"]))))
        if g["my_card"] is not None:
            lines.append("  " + _("your face-down card: {card}").format(card=g["my_card"]))
        return lines


# ---- the questions and steps (engine/stack.py) ----------------------------------------------
def place_options(s: SquidGameState, seat: int) -> list[str]:
    g = bridge_data(s)
    unplaced = GLASS_BRIDGE.unplaced(s, seat)
    if g["chosen"] is None and len(unplaced) > 1:
        # "Take turns placing a token": which of your tokens is yours to choose.
        return token_actions(s, unplaced)
    action = s.game.spot_action
    return [action[k] for k, token in enumerate(g["spots"]) if token is None]


def placed(s: SquidGameState, seat: int, choice: str) -> None:
    move = decoded(s, choice)
    if type(move) is Token:
        bridge_data(s)["chosen"] = move.number
        s.ask(seat, PLACE_TOKEN)  # now its mannequin
    else:
        assert type(move) is Spot
        GLASS_BRIDGE.place(s, seat, move.spot)


def build_options(s: SquidGameState, seat: int) -> list[str]:
    if bridge_data(s)["played"][seat] is not None or not GLASS_BRIDGE.active(s, seat):
        return []
    return card_actions(s, s.data.card_values)


def play_options(s: SquidGameState, seat: int) -> list[str]:
    if bridge_data(s)["played"][seat] is not None or not GLASS_BRIDGE.active(s, seat):
        return []
    return card_actions(s, bridge_data(s)["hands"][seat])


def glass_bridge_build(s: SquidGameState) -> None:
    GLASS_BRIDGE.build(s)


def glass_bridge_reveal(s: SquidGameState) -> None:
    GLASS_BRIDGE.reveal(s)


def glass_bridge_turn(s: SquidGameState, seat: int, value: int) -> None:
    GLASS_BRIDGE.turn(s, seat, value)


def glass_bridge_step(s: SquidGameState, token: int, steps: int, chooser: int) -> None:
    GLASS_BRIDGE.step(s, token, steps, chooser)


def glass_bridge_end_round(s: SquidGameState) -> None:
    GLASS_BRIDGE.end_round(s)


def token_options(s: SquidGameState, seat: int, kind: str, options: list[int],
                  value: int) -> list[str]:
    return token_actions(s, options)


def token_chosen(s: SquidGameState, seat: int, choice: str, kind: str, options: list[int],
                 value: int) -> None:
    GLASS_BRIDGE.chosen(s, seat, kind, value, token_of(s, choice))


def side_options(s: SquidGameState, seat: int, token: int, steps: int) -> list[str]:
    return list(SIDE_ACTIONS)


def side_chosen(s: SquidGameState, seat: int, choice: str, token: int, steps: int) -> None:
    move = decoded(s, choice)
    assert type(move) is Side
    GLASS_BRIDGE.leap(s, move.side, token, steps, seat)


PLACE_TOKEN = Question("Place a token on a mannequin", place_options, placed,
                       name="glass_bridge_place")
BUILD_CARD = Question("Play a card face down to build the bridge", build_options, card_played,
                      name="glass_bridge_build")
PLAY_CARD = Question("Play a card face down", play_options, card_played, name="glass_bridge_play")
CHOOSE = Question("Choose", token_options, token_chosen, name="glass_bridge_choose")
LEAP = Question("Choose", side_options, side_chosen, name="glass_bridge_leap")
STEP_OF: dict[str | None, str] = {  # the view's "step", by the question asked now
    "glass_bridge_place": PLACE, "glass_bridge_build": BUILD, "glass_bridge_play": PLAY,
    "glass_bridge_choose": CHOOSE_STEP, "glass_bridge_leap": CHOOSE_STEP}
STEPS = [glass_bridge_build, glass_bridge_reveal, glass_bridge_turn, glass_bridge_step,
         glass_bridge_end_round]
QUESTIONS = [PLACE_TOKEN, BUILD_CARD, PLAY_CARD, CHOOSE, LEAP]


GLASS_BRIDGE = GlassBridge()

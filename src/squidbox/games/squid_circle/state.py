"""SQUID's state: the circle, the hands and piles, the hidden votes and the decision stack
(the round's rules are its steps and questions, flow.py), what each player sees, and the
consistency checks.

Seats sit clockwise in seat order; seat s plays colour s. Tricks and guard actions are kept as
type indices into the data file's lists; hands are sorted lists of trick types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox import i18n
from squidbox.engine import Field, HiddenChoice, Later, Seen, State, Zone, each_seat
from squidbox.engine.stack import Frame, StackState
from squidbox.games.names import shown_log

from . import circle as circle_rules
from .flow import (
    AFTER_MOVE,
    AFTER_REVEAL,
    CALL,
    FLOW,
    OVER,
    START,
    eligible,
    place_guard,
    start_options,
    start_round,
    window_order,
)
from .text import drawn_text

if TYPE_CHECKING:
    from .game import SquidCircle


class SquidCircleState(StackState, State):
    game: SquidCircle

    # The game's data (FIELDS, engine/fields.py).
    circle: Field[list[int]]  # characters in clockwise order
    guard: Field[int]  # index in circle of the character under the guard
    in_front: Field[list[int]]  # kept face up in front of their player, not in the circle
    boxed: Field[list[int]]  # characters eliminated by POW, in order
    active: Field[list[bool]]  # per seat: still in the game
    hands: Field[list[list[int]]]  # per seat: sorted trick types held
    trick_pile: Field[list[int]]  # face-down trick draw pile, top card last
    trick_discard: Field[list[int]]  # face-up trick discard pile, top card last
    guard_pile: Field[list[int]]  # face-down guard action draw pile, top card last
    guard_discard: Field[list[int]]  # face-up guard action discard pile, top card last
    round: Field[int]  # 1-based round number
    votes: Field[list[str | None]]  # per seat: the hidden vote action submitted this call, or None
    last_call: Field[list[int | None]]  # per seat: each vote's count at the last reveal
    quick_game: Field[bool]  # Schnelles Spiel is running this round
    revealed: Field[int | None]  # the guard action type just revealed (window (c)), or None
    winner: Field[int | None]  # the seat whose colour is the last in the circle, or None
    stack: Field[list[Frame]]  # the round's steps still to do (engine/stack.py, flow.py)
    # the question asked now: seat (or seats, in the call), kind (the moment), args
    pending: Field[dict[str, Any] | None]
    # Derived: "Red 1", "Red 2"... made by the first character_name() call (seat names are
    # fixed, so clones share them).
    _character_names: tuple[str, ...] | None = None

    # Tricks in hand are their holders' own, the draw piles' order nobody's, discards face up.
    ZONES = (
        Zone("hands", Seen.OWNER, per_seat=True, pool="tricks", ordered=False, sort=True),
        Zone("trick_pile", Seen.NOBODY, pool="tricks"),
        Zone("trick_discard", Seen.PUBLIC, pool="tricks"),
        Zone("guard_pile", Seen.NOBODY, pool="guard_actions"),
        Zone("guard_discard", Seen.PUBLIC, pool="guard_actions"),
    )
    # A submitted vote is its voter's until all are shown (then the votes are cleared): the
    # resample redraws the others' from their (redealt) hands' options.
    CHOICES = (
        HiddenChoice("votes", each_seat, lambda s, seat: s.call_options(seat), per_item=True),
    )

    # ---- setup --------------------------------------------------------------------------------
    def _setup(self) -> None:
        data = self.game.data
        n = self.num_players
        per_colour = data.characters_per_colour
        in_circle = self.characters_in_circle
        self.circle = circle_rules.lay_out(n, per_colour, in_circle, self.options["layout"],
                                           self.rng)
        self.in_front = [s * per_colour + k for s in range(n) for k in range(in_circle, per_colour)]
        self.boxed = []
        self.active = [True] * n
        mix = data.mixes[self.options["mix"]]
        self.guard_pile = [t for t, copies in enumerate(mix.guard_actions) for _ in range(copies)]
        self.rng.shuffle(self.guard_pile)
        self.guard_discard = []
        self.trick_pile = [t for t, copies in enumerate(mix.tricks) for _ in range(copies)]
        self.rng.shuffle(self.trick_pile)
        self.trick_discard = []
        self.hands = [[] for _ in range(n)]
        self.round = 0
        self.votes = [None] * n
        self.last_call = [None] * n
        self.quick_game = False
        self.revealed = None
        self.winner = None
        self.stack, self.pending = [], None
        self.emit("setup", "The circle, clockwise: {circle:list}.",
                  circle=[self.character_name(c) for c in self.circle])
        for seat in range(n):
            drawn = [self.draw_trick() for _ in range(data.starting_tricks)]
            self.take_tricks(seat, [t for t in drawn if t is not None])
        self.push(place_guard)
        self.push(start_round)
        FLOW.run(self)

    @property
    def characters_in_circle(self) -> int:
        chosen = self.options["characters"]
        if chosen == "recommended":
            return self.game.data.characters_in_circle[self.num_players]
        return int(chosen)

    def seat_names(self) -> list[str]:
        return self.game.seat_names(self.num_players)

    # ---- names ------------------------------------------------------------------------------
    def owner(self, character: int) -> int:
        return character // self.game.data.characters_per_colour

    def character_name(self, character: int) -> str:
        names = self._character_names
        if names is None:  # once per game: seat names are fixed (shared by clones)
            per_colour = self.game.data.characters_per_colour
            names = self._character_names = tuple(
                f"{seat} {number + 1}"
                for seat in self.seat_names() for number in range(per_colour))
        return names[character]

    def trick_name(self, trick: int) -> str:
        return self.game.data.tricks[trick].name

    def guard_action_name(self, action: int) -> str:
        return self.game.data.guard_actions[action].name

    @property
    def threatened(self) -> int:
        """The seat owning the character under the guard."""
        return self.circle[self.guard] // self.game.data.characters_per_colour  # its owner

    # ---- the trick deck -----------------------------------------------------------------------
    def draw_trick(self) -> int | None:
        """The top trick; an empty pile is refilled from the shuffled discards. None when every
        trick is in someone's hand."""
        if not self.trick_pile and self.trick_discard:
            self.trick_pile = sorted(self.trick_discard)
            self.trick_discard = []
            self.rng.shuffle(self.trick_pile)
            self.emit("trick_reshuffle", "The trick discards are shuffled into a new pile.",
                      cards=len(self.trick_pile))
        return self.trick_pile.pop() if self.trick_pile else None

    def take_tricks(self, seat: int, tricks: list[int]) -> None:
        self.mark_reveal()  # the seat sees the tricks it draws
        self.hands[seat] = sorted(self.hands[seat] + tricks)
        if not self.recording:
            return
        names = [self.trick_name(t) for t in tricks]
        count = len(tricks)
        self.emit_private(
            (seat,),
            self.entry("draw_tricks", "You draw {_drawn}.", seat=seat, tricks=names,
                       _drawn=Later(drawn_text, tuple(names))),
            self.entry("draw_tricks", "{seat:name} draws {count} trick{_s}.", seat=seat,
                       count=count, _s="" if count == 1 else "s"),
        )

    def discard_trick(self, seat: int, trick: int) -> None:
        self.mark_reveal()  # a trick from a hand goes face up
        self.hands[seat].remove(trick)
        self.trick_discard.append(trick)

    def call_options(self, seat: int) -> list[str]:
        """The call: show 0 or 1, or a (a) trick's sign with the card in hand."""
        game = self.game
        options = list(game.plain_votes)
        hand = self.hands[seat]
        if hand:
            signs = game.trick_actions_at[CALL]
            options.extend(signs[t] for t in sorted(set(hand)) if t in signs)
        return options

    def vote_value(self, action: str) -> int:
        return self.game.call_of[action][0]

    def move_guard(self, positions: int) -> None:
        self.guard = circle_rules.step(self.circle, self.guard, positions)

    # ---- where the round stands (read off the question asked now) ---------------------------
    @property
    def phase(self) -> str:
        """START, CALL, AFTER_MOVE or AFTER_REVEAL: the moment asked now; OVER at the end."""
        pending = self.pending
        return OVER if pending is None else str(pending["kind"])

    @property
    def asking(self) -> int | None:
        """The seat asked alone (placing the guard, or in a trick window); None in the call."""
        pending = self.pending
        return None if pending is None else pending.get("seat")

    @property
    def passed(self) -> list[bool]:
        """Per seat: passed in the trick window under way since the last trick (an eligible
        seat of the window's order that is neither asked now nor still to be asked)."""
        pending = self.pending
        if pending is None or pending["kind"] not in (AFTER_MOVE, AFTER_REVEAL):
            return [False] * self.num_players
        waiting = {pending["seat"], *pending["args"]["rest"]}
        return [eligible(self, s) and s not in waiting for s in range(self.num_players)]

    def eligible(self) -> list[bool]:
        """Per seat: asked in the trick windows (in the game and holding a trick)."""
        return [eligible(self, seat) for seat in range(self.num_players)]

    def _is_terminal(self) -> bool:
        return self.winner is not None

    def _returns(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.num_players)]

    # ---- the protocol hooks: the stack's (FLOW: one lookup less on every decision) -------------
    def _to_move(self) -> list[int]:
        return FLOW.to_move(self)

    def _legal_actions(self, player: int) -> list[str]:
        return FLOW.options(self, player)

    def _apply(self, player: int, action: str) -> None:
        FLOW.answer(self, action, player)

    def _action_is_public(self, player: int, action: str) -> bool:
        return action not in self.game.call_actions

    # ---- what a player sees -------------------------------------------------------------------
    def log(self, viewer: int | None) -> list[dict[str, Any]]:
        """The log, its colours named in the reader's language ("Rot 1" in German; the data
        keep "Red 1")."""
        if i18n.current() == i18n.DEFAULT:
            return super().log(viewer)
        self._check_viewer(viewer)
        return shown_log(self, viewer)

    def _view(self, viewer: int | None) -> dict[str, Any]:
        hand = None if viewer is None else self.visible("hands", viewer, viewer)
        phase = self.phase
        placed = phase != START  # the guard is not placed before the start is chosen
        voting = phase == CALL
        passed = self.passed
        return {
            "round": self.round,
            "phase": phase,
            "circle": [{"character": self.character_name(c), "seat": self.owner(c)}
                       for c in self.circle],
            "guard": self.guard if placed else None,
            "threatened": self.threatened if placed else None,
            "in_front": [self.character_name(c) for c in self.in_front],
            "boxed": [self.character_name(c) for c in self.boxed],
            "players": [
                {"seat": seat, "colour": self.seat_name(seat), "active": self.active[seat],
                 "characters": sum(1 for c in self.circle if self.owner(c) == seat),
                 "tricks": len(self.hands[seat]),
                 "has_voted": voting and self.votes[seat] is not None,
                 "passed": passed[seat]}
                for seat in range(self.num_players)
            ],
            "last_call": list(self.last_call),
            "asking": self.asking,
            "quick_game": self.quick_game,
            "revealed": None if self.revealed is None else self.guard_action_name(self.revealed),
            "guard_pile": len(self.guard_pile),
            "guard_discard": [self.guard_action_name(a) for a in self.guard_discard],
            "trick_pile": len(self.trick_pile),
            "trick_discard": [self.trick_name(t) for t in self.trick_discard],
            "hand": None if hand is None else [self.trick_name(t) for t in hand],
            "my_vote": None if viewer is None else self.shown_choice("votes", viewer, viewer),
            "winner": self.winner,
        }

    # ---- consistency --------------------------------------------------------------------------
    def check_invariants(self) -> None:
        data = self.game.data
        n = self.num_players
        mix = data.mixes[self.options["mix"]]
        per_colour = data.characters_per_colour
        # Characters are conserved: circle, in front and boxed are every colour's characters.
        everyone = sorted(self.circle + self.in_front + self.boxed)
        assert everyone == list(range(n * per_colour)), "characters not conserved"
        # Cards are conserved, type by type.
        held = [t for hand in self.hands for t in hand]
        for trick, copies in enumerate(mix.tricks):
            count = held.count(trick) + self.trick_pile.count(trick) + self.trick_discard.count(
                trick)
            assert count == copies, f"tricks of type {trick} not conserved"
        for action, copies in enumerate(mix.guard_actions):
            count = self.guard_pile.count(action) + self.guard_discard.count(action)
            assert count == copies, f"guard actions of type {action} not conserved"
        assert all(hand == sorted(hand) for hand in self.hands), "hands are kept sorted"
        # Players: in the game exactly while a character of their colour is in the circle.
        colours = circle_rules.colours_left(self.circle, per_colour)
        for seat in range(n):
            assert self.active[seat] == (seat in colours), f"seat {seat} active flag"
            assert self.active[seat] or not self.hands[seat], "an eliminated player holds tricks"
            assert self.active[seat] or self.votes[seat] is None, "an eliminated player voted"
        assert 0 <= self.guard < len(self.circle), "guard off the circle"
        assert len(self.votes) == len(self.last_call) == n
        FLOW.check(self)
        # The question asked now and the one frame below it fit the moment of the round.
        pending, phase = self.pending, self.phase
        if pending is None:
            assert len(colours) == 1 and self.winner in colours, "game over with two colours"
            assert not self.stack and not self.quick_game, "steps left after the game"
            return
        assert self.winner is None and len(colours) >= 2, "game should be over"
        below = {START: "start_round", CALL: "reveal_call", AFTER_MOVE: "reveal_guard_action",
                 AFTER_REVEAL: "carry_out"}[phase]
        assert self.stack == [[below, {}]], f"{phase}: {self.stack} below the question"
        assert (self.revealed is not None) == (phase == AFTER_REVEAL), "revealed out of (c)"
        if phase in (START, AFTER_MOVE, AFTER_REVEAL):
            assert all(v is None for v in self.votes), "votes outside the call"
        if phase == START:
            assert self.round == 0 and len(start_options(self, pending["seat"])) > 1
        elif phase == CALL:
            waiting = [s for s in range(self.num_players)
                       if self.active[s] and self.votes[s] is None]
            assert pending["seats"] == waiting, "the call waits for exactly the missing votes"
            for seat, vote in enumerate(self.votes):
                assert vote is None or vote in self.call_options(seat), "vote without its trick"
        else:
            seat = pending["seat"]
            assert eligible(self, seat), "an ineligible seat is asked"
            order = window_order(self)
            assert pending["args"]["rest"] == order[order.index(seat) + 1:], "asking order"
            if self.revealed is not None:
                assert self.guard_discard[-1] == self.revealed, "revealed card on the discards"

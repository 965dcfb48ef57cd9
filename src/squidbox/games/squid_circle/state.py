"""SQUID, by the rulebook: setup, a round (the call, the guard's move, the guard action), the
trick windows, elimination and the end of the game.

Seats sit clockwise in seat order; seat s plays colour s. Tricks and guard actions are kept as
type indices into the data file's lists; hands are sorted lists of trick types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox import i18n
from squidbox.engine import Field, HiddenChoice, Later, Seen, State, Zone, each_seat
from squidbox.games.names import shown_log
from squidbox.i18n import gettext as _

from . import circle as circle_rules
from .actions import PlayTrick, StartOn
from .windows import next_to_ask

if TYPE_CHECKING:
    from .game import SquidCircle

START, CALL, AFTER_MOVE, AFTER_REVEAL, OVER = (
    "start", "call", "after_move", "after_reveal", "over")
PASS = "pass"


def calls_text(names: tuple[str, ...], tricks: Any,
               calls: list[tuple[int, int, int | None]]) -> str:
    """"Red 1, Blue 0 (Zeige 0)": each call of a reveal (built when the log is read)."""
    return ", ".join(
        f"{names[seat]} {value}" + ("" if trick is None else f" ({tricks[trick].name})")
        for seat, value, trick in calls)


def moved_text(total: int, where: str) -> str:
    if total == 0:
        return _("the guard stays on {where}").format(where=where)
    if total > 0:
        return _("the guard moves {count} clockwise to {where}").format(count=total, where=where)
    return _("the guard moves {count} counter-clockwise to {where}").format(count=-total,
                                                                             where=where)


def drawn_text(names: tuple[str, ...]) -> str:
    return ", ".join(names) or _("no trick")


def out_text(dropped: tuple[str, ...]) -> str:
    return _(", discarding {cards}.").format(cards=", ".join(dropped)) if dropped else "."


class SquidCircleState(State):
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
    phase: Field[str]  # START, CALL, AFTER_MOVE, AFTER_REVEAL or OVER
    votes: Field[list[str | None]]  # per seat: the hidden vote action submitted this call, or None
    last_call: Field[list[int | None]]  # per seat: each vote's count at the last reveal
    asking: Field[int | None]  # asked in a trick window (or placing the guard)
    passed: Field[list[bool]]  # per seat: passed in this window since the last trick
    quick_game: Field[bool]  # Schnelles Spiel is running this round
    revealed: Field[int | None]  # the guard action type just revealed (window (c)), or None
    winner: Field[int | None]  # the seat whose colour is the last in the circle, or None
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
        self.phase = CALL
        self.votes = [None] * n
        self.last_call = [None] * n
        self.asking = None
        self.passed = [False] * n
        self.quick_game = False
        self.revealed = None
        self.winner = None
        self.emit("setup", "The circle, clockwise: {circle:list}.",
                  circle=[self.character_name(c) for c in self.circle])
        for seat in range(n):
            drawn = [self._draw_trick() for _ in range(data.starting_tricks)]
            self._take_tricks(seat, [t for t in drawn if t is not None])
        self._place_guard()
        if self.phase != START:
            self._start_round()

    @property
    def characters_in_circle(self) -> int:
        chosen = self.options["characters"]
        if chosen == "recommended":
            return self.game.data.characters_in_circle[self.num_players]
        return chosen

    def _place_guard(self) -> None:
        """The starting player ("die jüngste Person") puts the guard on a character of their
        own colour. In the even layout every one of their characters has the same neighbours
        all round the circle, so the first is taken; in the random and grouped layouts the
        choice matters and the starting player makes it (phase START)."""
        chosen = self.options["guard_start"]
        seat = self.rng.randrange(self.num_players) if chosen == "random" else chosen
        self.guard = next(i for i, c in enumerate(self.circle) if self.owner(c) == seat)
        if self.options["layout"] != "even" and len(self.start_options(seat)) > 1:
            self.phase = START
            self.asking = seat
            self.emit("guard_start_choice", "{seat:name} chooses which of their characters the "
                      "guard starts on.", seat=seat)
            return
        self._guard_placed(seat)

    def start_options(self, seat: int) -> list[str]:
        per_colour = self.game.data.characters_per_colour
        return [f"start on {c % per_colour + 1}"
                for c in sorted(c for c in self.circle if self.owner(c) == seat)]

    def _start_on(self, seat: int, action: str) -> None:
        move = self.game.moves.decode[action]
        assert type(move) is StartOn
        number = move.number
        character = seat * self.game.data.characters_per_colour + number - 1
        self.guard = self.circle.index(character)
        self.asking = None
        self._guard_placed(seat)
        self._start_round()

    def _guard_placed(self, seat: int) -> None:
        self.emit("guard_start", "{seat:name} puts the guard on {character}.",
                  seat=seat, character=self.character_name(self.circle[self.guard]))

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
    def _draw_trick(self) -> int | None:
        """The top trick; an empty pile is refilled from the shuffled discards. None when every
        trick is in someone's hand."""
        if not self.trick_pile and self.trick_discard:
            self.trick_pile = sorted(self.trick_discard)
            self.trick_discard = []
            self.rng.shuffle(self.trick_pile)
            self.emit("trick_reshuffle", "The trick discards are shuffled into a new pile.",
                      cards=len(self.trick_pile))
        return self.trick_pile.pop() if self.trick_pile else None

    def _take_tricks(self, seat: int, tricks: list[int]) -> None:
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

    def _discard_trick(self, seat: int, trick: int) -> None:
        self.mark_reveal()  # a trick from a hand goes face up
        self.hands[seat].remove(trick)
        self.trick_discard.append(trick)

    # ---- 1. moving the guard: the call "Für den Sieg!" ----------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self.phase = CALL
        self.quick_game = False
        self.votes = [None] * self.num_players
        self.passed = [False] * self.num_players

    def call_options(self, seat: int) -> list[str]:
        """Show 0 or 1, or a (a) trick's sign with the card in hand."""
        game = self.game
        options = list(game.plain_votes)
        hand = self.hands[seat]
        if hand:
            signs = game.trick_actions_at[CALL]
            options.extend(signs[t] for t in sorted(set(hand)) if t in signs)
        return options

    def _vote(self, seat: int, action: str) -> None:
        """A hidden submission: the voter's log shows the choice, everyone else's only that
        the seat has voted; the choice itself is revealed with all the others."""
        votes = self.votes
        votes[seat] = action
        if self.recording:
            value, trick = self.game.call_of[action]
            self.emit_private(
                (seat,),
                self.entry("vote", "You vote {vote}{_trick}.", seat=seat, vote=value,
                           _trick="" if trick is None else f" ({self.trick_name(trick)})"),
                self.entry("vote", "{seat:name} has voted.", seat=seat),
            )
        active = self.active
        for other in range(self.num_players):
            if active[other] and votes[other] is None:
                return  # still waiting for this seat's vote
        self._reveal_call()

    def vote_value(self, action: str) -> int:
        return self.game.call_of[action][0]

    def _reveal_call(self) -> None:
        """On "Sieg" all hands are shown; (a) tricks are proved and discarded after the call."""
        self.mark_reveal()  # the votes are shown
        self.last_call = [None] * self.num_players
        call_of = self.game.call_of
        calls = []
        total = 0
        for seat, action in enumerate(self.votes):
            if action is None:
                continue
            value, trick = call_of[action]
            self.last_call[seat] = value
            total += value
            if trick is not None:
                self._discard_trick(seat, trick)
            calls.append((seat, value, trick))
        self.votes = [None] * self.num_players
        self._move_guard(total)
        if self.recording:
            where = self.character_name(self.circle[self.guard])
            self.emit("call", "Round {round}, the call: {_calls}; {_moved}.",
                      round=self.round, votes=list(self.last_call), total=total,
                      character=where, named_seats=[seat for seat, _v, _t in calls],
                      _calls=Later(calls_text, self._seat_names(), self.game.data.tricks, calls),
                      _moved=Later(moved_text, total, where))
        self._open_window(AFTER_MOVE)

    def _move_guard(self, positions: int) -> None:
        self.guard = circle_rules.step(self.circle, self.guard, positions)

    # ---- the trick windows (b) and (c) --------------------------------------------------------
    def eligible(self) -> list[bool]:
        return [a and bool(h) for a, h in zip(self.active, self.hands, strict=True)]

    def _open_window(self, phase: str) -> None:
        self.phase = phase
        self.passed = [False] * self.num_players
        self._ask_next()

    def _ask_next(self) -> None:
        self.asking = next_to_ask(self.threatened, self.active, self.hands, self.passed)
        if self.asking is not None:
            return
        if self.phase == AFTER_MOVE:
            self._reveal_guard_action()
        else:
            self._carry_out_guard_action()

    def window_options(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if not hand:
            return [PASS]
        fitting = self.game.trick_actions_at.get(self.phase, {})
        options = [fitting[t] for t in sorted(set(hand)) if t in fitting]
        options.append(PASS)
        return options

    def _pass(self, seat: int) -> None:
        self.passed[seat] = True
        if self.recording:
            self.emit("pass", "{seat:name} passes.", seat=seat)
        self._ask_next()

    def _play_trick(self, seat: int, trick: int) -> None:
        self._discard_trick(seat, trick)
        kind = self.game.data.tricks[trick]
        self.passed = [False] * self.num_players
        if kind.key == "second_chance":
            self._second_chance(seat, kind.name)
            return
        if kind.key == "quick_game":
            self.quick_game = True
        self._move_guard(1)
        if self.recording:
            self.emit("trick", "{seat:name} plays {trick}: the guard moves on to {character}.",
                      seat=seat, trick=kind.name,
                      character=self.character_name(self.circle[self.guard]))
        self._ask_next()

    # ---- 2. the decision: the guard action ----------------------------------------------------
    def _reveal_guard_action(self) -> None:
        """The owner of the character under the guard turns the top guard action face up onto
        the discard pile; then window (c) opens."""
        self.mark_reveal()  # the top guard action is turned face up
        if not self.guard_pile:
            self.guard_pile = sorted(self.guard_discard)
            self.guard_discard = []
            self.rng.shuffle(self.guard_pile)
            self.emit("guard_reshuffle", "The guard action discards are shuffled into a new "
                      "pile.", cards=len(self.guard_pile))
        self.revealed = self.guard_pile.pop()
        self.guard_discard.append(self.revealed)
        if self.recording:
            self.emit("guard_action", "{seat:name} reveals {action} for {_character}.",
                      seat=self.threatened, action=self.guard_action_name(self.revealed),
                      _character=self.character_name(self.circle[self.guard]))
        self._open_window(AFTER_REVEAL)

    def _second_chance(self, seat: int, trick: str) -> None:
        """Zweite Chance: the revealed action is ignored and the owner of the character under
        the guard draws a new one (yourself, or the player you make draw again)."""
        assert self.revealed is not None
        ignored = self.guard_action_name(self.revealed)
        self.emit("trick", "{seat:name} plays {trick}: {ignored} is ignored.",
                  seat=seat, trick=trick, ignored=ignored)
        self.revealed = None
        self._reveal_guard_action()

    def _carry_out_guard_action(self) -> None:
        assert self.revealed is not None
        key = self.game.data.guard_actions[self.revealed].key
        self.revealed = None
        seat = self.threatened
        if key == "pow":
            self._pow()
            if self.phase == OVER:
                return
        else:
            if key == "new_trick":
                drawn = self._draw_trick()
                self._take_tricks(seat, [] if drawn is None else [drawn])
            if self.quick_game:
                spared = self.character_name(self.circle[self.guard])
                self._move_guard(1)
                if self.recording:
                    self.emit("quick_game", "{_spared} is spared, so Schnelles Spiel moves the "
                              "guard on to {_to}.", _spared=spared,
                              _to=self.character_name(self.circle[self.guard]))
                self._reveal_guard_action()
                return
        self._start_round()

    def _pow(self) -> None:
        """POW: the character goes back in the box, the circle closes and the guard stands on
        the next character clockwise (which is not checked again this round)."""
        character = self.circle.pop(self.guard)
        self.boxed.append(character)
        self.guard %= len(self.circle)
        seat = self.owner(character)
        if self.recording:
            self.emit("pow", "POW! {character} is out; the guard moves on to {_to}.",
                      character=self.character_name(character), seat=seat,
                      _to=self.character_name(self.circle[self.guard]))
        per_colour = self.game.data.characters_per_colour
        if all(c // per_colour != seat for c in self.circle):  # none of the seat's is left
            self._eliminate(seat)
        colours = circle_rules.colours_left(self.circle, per_colour)
        if len(colours) == 1:
            self._end_game(colours.pop())

    def _eliminate(self, seat: int) -> None:
        """A player with no character left in the circle is out; their tricks are discarded
        face up."""
        self.active[seat] = False
        self.mark_reveal()  # the tricks are discarded face up
        dropped = [self.trick_name(t) for t in self.hands[seat]] if self.recording else []
        self.trick_discard.extend(self.hands[seat])
        self.hands[seat] = []
        self.emit("out", "{seat:name} has no character left and is out{_rest}",
                  seat=seat, discarded=dropped,
                  _rest=Later(out_text, tuple(dropped)))

    # ---- the end of the game ------------------------------------------------------------------
    def _end_game(self, seat: int) -> None:
        self.winner = seat
        self.phase = OVER
        self.asking = None
        self.quick_game = False
        self.emit("game_over", "Only {winner:name} is left in the circle: {winner:name} wins.",
                  winner=seat)

    def _is_terminal(self) -> bool:
        return self.phase == OVER

    def _returns(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.num_players)]

    # ---- the protocol hooks ---------------------------------------------------------------------
    def _to_move(self) -> list[int]:
        if self.phase == START:
            return [self.asking]
        if self.phase == CALL:
            active, votes = self.active, self.votes
            return [s for s in range(self.num_players) if active[s] and votes[s] is None]
        return [] if self.asking is None else [self.asking]

    def _legal_actions(self, player: int) -> list[str]:
        if self.phase == START:
            return self.start_options(player)
        return self.call_options(player) if self.phase == CALL else self.window_options(player)

    def _apply(self, player: int, action: str) -> None:
        if self.phase == START:
            self._start_on(player, action)
        elif self.phase == CALL:
            self._vote(player, action)
        elif action == PASS:
            self._pass(player)
        else:
            move = self.game.moves.decode[action]
            assert type(move) is PlayTrick
            self._play_trick(player, move.trick)

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
        return {
            "round": self.round,
            "phase": self.phase,
            "circle": [{"character": self.character_name(c), "seat": self.owner(c)}
                       for c in self.circle],
            "guard": None if self.phase == START else self.guard,  # not placed yet
            "threatened": None if self.phase == START else self.threatened,
            "in_front": [self.character_name(c) for c in self.in_front],
            "boxed": [self.character_name(c) for c in self.boxed],
            "players": [
                {"seat": seat, "colour": self.seat_name(seat), "active": self.active[seat],
                 "characters": sum(1 for c in self.circle if self.owner(c) == seat),
                 "tricks": len(self.hands[seat]),
                 "has_voted": self.phase == CALL and self.votes[seat] is not None,
                 "passed": self.phase in (AFTER_MOVE, AFTER_REVEAL) and self.passed[seat]}
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
        assert len(self.votes) == len(self.passed) == len(self.last_call) == n
        if self.phase == OVER:
            assert len(colours) == 1 and self.winner in colours and self.asking is None
            return
        assert self.winner is None and len(colours) >= 2, "game should be over"
        assert self.phase in (START, CALL, AFTER_MOVE, AFTER_REVEAL)
        if self.phase == START:
            assert self.round == 0 and self.revealed is None and not any(self.passed)
            assert self.asking is not None and len(self.start_options(self.asking)) > 1
            assert all(v is None for v in self.votes)
        elif self.phase == CALL:
            assert self.asking is None and self.revealed is None and not any(self.passed)
            for vote, seat in zip(self.votes, range(n), strict=True):
                assert vote is None or vote in self.call_options(seat), "vote without its trick"
        else:
            assert all(v is None for v in self.votes), "votes left after the reveal"
            assert self.asking is not None and self.eligible()[self.asking]
            assert not self.passed[self.asking]
            assert (self.revealed is not None) == (self.phase == AFTER_REVEAL)
            if self.revealed is not None:
                assert self.guard_discard[-1] == self.revealed, "revealed card on the discards"

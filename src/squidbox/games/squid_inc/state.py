"""Squid, Inc.'s state: setup, the pieces and what a player sees; the rules are in one module
per rulebook section (turn.py, line.py, clout.py, workplace.py, abilities.py).

Cards are numbered 0..C-1 in data order (card_types gives each one's Employee); Security Guard
tiles are pieces C..C+G-1. The board is one list of spaces (board.py names them) holding a piece
or -1, with its controller (owner, -1 for none) and the Clout on it. Every decision belongs to
the player whose turn it is; the turn's steps and the moves they set off are steps on the
engine's decision stack (decisions.py gathers them into the game's Flow).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from squidbox.engine import Field, Fixed, Later, State
from squidbox.engine.stack import Frame, StackState
from squidbox.engine.zones import Seen, Zone
from squidbox.games.names import shown_log
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from .actions import SLOT_MOVES, SPACE_MOVES, Amount, Bump, Move, PickMailroom, Push
from .board import Geometry
from .scoring import final_scores, winners
from .turn import begin_turn

if TYPE_CHECKING:
    from .game import SquidInc

# The steps of a turn (turn.py's steps and their questions are named so), and a finished game.
CHOOSE, KEEP, BRING, ACTIVATE, OVER = "choose", "keep", "bring", "activate", "over"
TURN_STEPS = (CHOOSE, KEEP, BRING, ACTIVATE)
START = "start"  # a turn beginning: never shown (the observation's layout still has a place)


def label_text(whose: str | None, employee: str, where: str) -> str:
    """An Employee on the board in words: "Red's Sam on 2B1" (no owner: "Sam on 2B1")."""
    if whose:
        return _("{whose}'s {employee} on {where}").format(whose=whose, employee=employee,
                                                            where=where)
    return _("{employee} on {where}").format(employee=employee, where=where)


Said = tuple[str, dict[str, Any]]  # a log template and its fields (add_clout)

# Clout placed, as part of a sentence (clout.py joins two) and as a log entry of its own.
ON_MAILROOM = N_("{_amount} Clout on {_employee} in {_seat:name}'s Mailroom")
ON_SPACE = N_("{_amount} Clout on {_label}")
SENTENCE = {ON_MAILROOM: N_("{_amount} Clout on {_employee} in {_seat:name}'s Mailroom."),
            ON_SPACE: N_("{_amount} Clout on {_label}.")}


def card_face(st: State, card: int) -> int:
    """What a card looks like: its Employee (copies of one Employee look alike)."""
    return cast("SquidIncState", st).piece_type[card]


class SquidIncState(StackState, State):
    game: SquidInc
    geo: Geometry
    piece_type: list[int]
    names: tuple[str, ...]

    # The game's data (FIELDS, engine/fields.py); Fixed: chosen at setup only.
    deck: Field[list[int]]  # face-down draw pile, top card last
    line: Field[list[int]]  # the Unemployed Line, index 0 is the +1 space
    dismissed: Field[list[int]]  # face-up Dismissed pile, top card last
    mailrooms: Field[list[list[list[int]]]]  # per seat, [card, Clout] per Employee waiting
    board: Field[list[int]]  # per space, the piece on it or -1
    owner: Field[list[int]]  # per space, the controlling seat or -1 (empty or Security Guard)
    clout: Field[list[int]]  # per space, Clout tokens on its piece
    guard_supply: Field[list[int]]  # Security Guard tiles off the board
    current: Field[int]  # seat whose turn it is
    first_player: Fixed[int]
    stack: Field[list[Frame]]  # the turn's next step, and the moves to make before it (top last)
    pending: Field[dict[str, Any] | None]  # the question asked now: seat, kind, args
    chosen: Field[list[int] | None]  # [card, line modifier] chosen this turn, until kept
    used: Field[list[int]]  # pieces whose ability was used this turn
    entered: Field[list[int]]  # pieces that entered the Workplace this turn (no ability yet)
    endgame: Field[bool]  # the board has been full once
    reshuffle_owed: Field[bool]  # filled by the line's last card: one more reshuffle
    reshuffles: Field[int]  # times the Dismissed pile became the deck
    clout_gained: Field[int]  # Clout tokens taken from the supply, ever
    clout_spent: Field[int]  # Clout tokens returned to the supply, ever
    # Only the deck's order is hidden: the line, the Dismissed pile (and the Mailrooms) are
    # face up. Copies of one Employee look alike (the face: its type).
    ZONES = (
        Zone("deck", Seen.NOBODY, pool="cards", face=card_face),
        Zone("line", Seen.PUBLIC, pool="cards", face=card_face),
        Zone("dismissed", Seen.PUBLIC, pool="cards", face=card_face),
    )

    # ---- setup --------------------------------------------------------------------------------
    def _setup(self) -> None:
        data = self.game.data
        cards = data.card_types()
        self._derive()
        self.deck = list(range(len(cards)))
        self.rng.shuffle(self.deck)
        self.line, self.dismissed = [], []
        self.mailrooms = [[] for _ in range(self.num_players)]
        self._deal_mailrooms()
        size = len(self.game.geo.names)
        self.board, self.owner, self.clout = [-1] * size, [-1] * size, [0] * size
        self.guard_supply = list(range(len(cards), len(cards) + data.guard_tiles))
        self.first_player = self._first_player()
        self.current = self.first_player
        self.stack, self.pending = [], None
        self.chosen = None
        self.used, self.entered = [], []
        self.endgame = self.reshuffle_owed = False
        self.reshuffles = self.clout_gained = self.clout_spent = 0
        self.emit("setup", "{first_player:name} has the most Clout in the Mailroom and goes "
                  "first.", first_player=self.current)
        begin_turn(self)
        self.game.flow.run(self)

    def _deal_mailrooms(self) -> None:
        """Two Employees each; a Security Guard dealt is replaced and shuffled back."""
        set_aside = []
        for seat in range(self.num_players):
            while len(self.mailrooms[seat]) < self.game.data.starting_employees:
                card = self.deck.pop()
                if self.is_guard(card):
                    set_aside.append(card)
                else:
                    self.mailrooms[seat].append([card, 0])
        if set_aside:
            self.deck += set_aside
            self.rng.shuffle(self.deck)

    def _first_player(self) -> int:
        totals = [sum(self.value_of(c) for c, _clout in room) for room in self.mailrooms]
        tied = [seat for seat, total in enumerate(totals) if total == max(totals)]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def _derive(self) -> None:
        self.geo = self.game.geo
        self.piece_type = self.game.piece_type
        self.names = tuple(self.seat_names())  # for log texts built when the log is read

    # ---- pieces and names ---------------------------------------------------------------------
    def type_of(self, piece: int) -> int:
        return self.piece_type[piece]

    def is_guard(self, piece: int) -> bool:
        return self.piece_type[piece] == self.game.data.guard_type

    def value_of(self, piece: int) -> int:
        """Printed Clout Value."""
        return self.game.piece_value[piece]

    def piece_name(self, piece: int) -> str:
        return self.game.piece_names[piece]

    def label(self, space: int) -> str:
        return label_text(*self._label_parts(space))

    def logged_label(self, space: int) -> Later:
        """label(space) for a log entry: its parts as they are now, its words when read."""
        return Later(label_text, *self._label_parts(space))

    def _label_parts(self, space: int) -> tuple[str | None, str, str]:
        owner = self.owner[space]
        return (None if owner < 0 else self.seat_name(owner), self.piece_name(self.board[space]),
                self.geo.names[space])

    # ---- actions, read through the game's decode table ---------------------------------------
    def move_of(self, action: str) -> Move:
        return self.game.moves.decode[action]

    def space_named(self, action: str) -> int:
        """The board space an action names ("to 2B1", "bump 2B1", "pick 2B1", ...)."""
        move = self.game.moves.decode[action]
        assert isinstance(move, SPACE_MOVES), f"{action!r} names no space"
        return move.space

    def slot_named(self, action: str) -> int:
        """The line or Mailroom slot an action names ("take +1", "hire M2", ...)."""
        move = self.game.moves.decode[action]
        assert isinstance(move, SLOT_MOVES), f"{action!r} names no slot"
        return move.slot

    def amount_named(self, action: str) -> int:
        move = self.game.moves.decode[action]
        assert type(move) is Amount, f"{action!r} names no amount"
        return move.amount

    def direction_named(self, action: str) -> int:
        move = self.game.moves.decode[action]
        assert type(move) is Push, f"{action!r} names no direction"
        return move.direction

    def is_bump(self, action: str) -> bool:
        return type(self.game.moves.decode[action]) is Bump

    def mailroom_named(self, action: str) -> tuple[int, int]:
        move = self.game.moves.decode[action]
        assert type(move) is PickMailroom
        return move.seat, move.slot

    def mailroom_picks(self, seats: list[int]) -> list[str]:
        picks = self.game.pick_mailroom_actions
        return [picks[seat][slot] for seat in seats for slot in range(len(self.mailrooms[seat]))]

    def line_picks(self) -> list[str]:
        return self.game.pick_line_actions[:len(self.line)]

    def own_spaces(self, seat: int) -> list[int]:
        """The spaces of `seat`'s Employees, in the board's order (found by the list's own
        search: a player holds a few of the spaces)."""
        owner, spaces, space = self.owner, [], -1
        for _held in range(owner.count(seat)):
            space = owner.index(seat, space + 1)
            spaces.append(space)
        return spaces

    def opponent_spaces(self, seat: int) -> list[int]:
        return [s for s, o in enumerate(self.owner) if o >= 0 and o != seat]

    def add_clout(self, pick: str, amount: int) -> None:
        """Clout from the supply onto a board space ("pick 1A1") or a Mailroom slot, logged."""
        self.put_clout(pick, amount)
        if self.recording:
            template, fields = self.clout_said(pick, amount)
            self.emit("clout", SENTENCE[template], **fields)

    def put_clout(self, pick: str, amount: int) -> None:
        """add_clout without its log entry (clout.py logs a Dismissal in one event)."""
        self.clout_gained += amount
        move = self.game.moves.decode[pick]
        if type(move) is PickMailroom:
            self.mailrooms[move.seat][move.slot][1] += amount
        else:
            self.clout[self.space_named(pick)] += amount

    def clout_said(self, pick: str, amount: int) -> Said:
        """What placing `amount` Clout on `pick` says in the log: a template without its full
        stop, and its fields."""
        move = self.game.moves.decode[pick]
        if type(move) is PickMailroom:
            return (ON_MAILROOM, {"_amount": amount, "_seat": move.seat,
                    "_employee": self.piece_name(self.mailrooms[move.seat][move.slot][0])})
        return (ON_SPACE, {"_amount": amount, "_label": self.logged_label(self.space_named(pick))})

    def passives(self, seat: int, kind: str) -> list[dict[str, int]]:
        """Parameters of the passive abilities of `kind` working for `seat` in the Workplace.
        The rulebook counts them as abilities activated for free ("No Clout needs to be spent
        to activate their abilities"), so an Employee placed in the Workplace this turn may not
        use one yet ("Activate Abilities": the exception for Employees just placed)."""
        board, owner, entered = self.board, self.owner, self.entered
        found = []  # (space, parameters)
        for piece in self.game.passive_pieces[kind]:
            if piece in board and piece not in entered:
                space = board.index(piece)
                if owner[space] == seat:
                    found.append((space, self.game.data.employees[self.piece_type[piece]].params))
        if not found:
            return []
        if len(found) > 1:
            found.sort(key=lambda pair: pair[0])  # in the board's order
        return [params for _space, params in found]

    # ---- the flow (turn.py and the moves' modules, gathered in decisions.py) ----------------
    @property
    def phase(self) -> str:
        """The step of the turn (what the table shows): the turn's question asked now, or the
        turn's step waiting under the moves being made (the stack's bottom frame); OVER once
        nothing is asked."""
        pending = self.pending
        if pending is None:
            return OVER
        kind: str = pending["kind"]
        return kind if kind in TURN_STEPS else self.stack[0][0]

    def task(self) -> dict[str, Any] | None:
        """The move asked about now, {"t": kind, **its arguments}; None for a step of the
        turn."""
        pending = self.pending
        if pending is None or pending["kind"] in TURN_STEPS:
            return None
        return {"t": pending["kind"], **pending["args"]}

    def _to_move(self) -> list[int]:
        """The stack's (Flow.to_move), read directly: every question is asked of one seat."""
        pending = self.pending
        return [] if pending is None else [pending["seat"]]

    def _legal_actions(self, player: int) -> list[str]:
        return self.game.flow.options(self)

    def _apply(self, player: int, action: str) -> None:
        self.game.flow.answer(self, action)

    def hire_cost(self, seat: int, card: int, discounts: list[dict[str, int]] | None = None) -> int:
        """Clout needed to enter the Workplace: the printed value, less Sam's discount."""
        cost = self.value_of(card)
        if discounts is None:
            discounts = self.passives(seat, "hire_discount")
        for params in discounts:
            cost = max(params["least"], cost - params["amount"])
        return cost

    # ---- the end of the game ------------------------------------------------------------------
    def _is_terminal(self) -> bool:
        return self.pending is None

    def _end_reason(self) -> str:
        """"board_full": the rulebook's endgame; otherwise our house rule ended it,
        "reshuffle_limit" (its reshuffles used up) or "nothing_to_reshuffle" (an empty
        Dismissed pile)."""
        if self.endgame:
            return "board_full"
        if self.reshuffles >= self.game.data.reshuffle_limit:
            return "reshuffle_limit"
        return "nothing_to_reshuffle"

    def _returns(self) -> list[float]:
        best = winners(self)
        return [1 / len(best) if seat in best else 0.0 for seat in range(self.num_players)]

    def scores(self) -> list[float]:
        return [float(total) for total in final_scores(self)]

    # ---- what a player sees (everything but the deck's order is face up) ---------------------
    def log(self, viewer: int | None) -> list[dict[str, Any]]:
        """The log, its colours named in the reader's language (the data keep "Red")."""
        self._check_viewer(viewer)
        return shown_log(self, viewer)

    def _view(self, viewer: int | None) -> dict[str, Any]:
        task = self.task()
        return {
            "phase": self.phase,
            "current_player": None if self.phase == OVER else self.current,
            "first_player": self.first_player,
            "board": [
                {"space": self.geo.names[s], "tier": self.geo.tier_of[s] + 1,
                 "employee": None if p < 0 else self.piece_name(p),
                 "value": None if p < 0 else self.value_of(p),
                 "owner": None if self.owner[s] < 0 else self.owner[s],
                 "clout": self.clout[s], "used": p in self.used, "new": p in self.entered}
                for s, p in enumerate(self.board)
            ],
            "tiers": [{"tier": t + 1, "multiplier": m, "spaces": [self.geo.names[s] for s in sp]}
                      for t, (m, sp) in enumerate(zip(self.geo.multipliers, self.geo.tier_spaces,
                                                      strict=True))],
            "mailrooms": [self._mailroom_view(seat) for seat in range(self.num_players)],
            "line": [{"space": self.game.slot_names[i], "employee": self.piece_name(c),
                      "value": self.value_of(c)} for i, c in enumerate(self.line)],
            "chosen": None if self.chosen is None else {
                "employee": self.piece_name(self.chosen[0]), "modifier": self.chosen[1]},
            "deck_size": len(self.deck),
            "dismissed": [self.piece_name(c) for c in self.dismissed],
            "guard_tiles_left": len(self.guard_supply),
            "endgame": self.endgame,
            "reshuffles": self.reshuffles,
            "scores": [int(s) for s in self.scores()],
            "pending": None if task is None else self._pending(task),
        }

    def _mailroom_view(self, seat: int) -> list[dict[str, Any]]:
        discounts = self.passives(seat, "hire_discount")
        return [{"employee": self.piece_name(c), "value": self.value_of(c), "clout": k,
                 "hire_cost": self.hire_cost(seat, c, discounts)} for c, k in self.mailrooms[seat]]

    def _pending(self, task: dict[str, Any]) -> dict[str, Any]:
        pending = self.pending
        assert pending is not None
        shown = {"task": task["t"], "prompt": self.game.flow.prompt(self, pending)}
        moving = task.get("piece", task.get("card", -1))
        if task["t"] in ("arrive", "enter", "guard") and moving >= 0:
            shown["moving"] = self.piece_name(moving)
        if "amount" in task:
            shown["amount"] = task["amount"]
        if task["t"] == "ability":
            shown["paid"] = task["paid"]
        elif task["t"] == "rise" and task["piece"] in self.board:
            space = self.board.index(task["piece"])
            shown.update(moving=self.piece_name(task["piece"]), space=self.geo.names[space],
                         tier=self.geo.tier_of[space] + 1, owner=self.owner[space])
        return shown

    # ---- consistency --------------------------------------------------------------------------
    def check_invariants(self) -> None:
        data = self.game.data
        cards = len(data.card_types())
        transit_cards: list[int] = []
        transit_clout = 0
        waiting = [{"t": name, **args} for name, args in self.stack]
        if self.pending is not None:
            waiting.append({"t": self.pending["kind"], **self.pending["args"]})
        for task in waiting:
            if task["t"] in ("arrive", "enter"):
                transit_cards.append(task["piece"] if "piece" in task else task["card"])
                transit_clout += task["clout"]
            elif task["t"] == "guard" and task["piece"] >= 0:
                transit_cards.append(task["piece"])
        waiting_cards = [c for r in self.mailrooms for c, _k in r]
        places = (self.deck + self.line + self.dismissed + waiting_cards
                  + [p for p in self.board if p >= 0] + transit_cards
                  + ([self.chosen[0]] if self.chosen else []) + self.guard_supply)
        assert sorted(places) == list(range(cards + data.guard_tiles)), "pieces not conserved"
        assert all(p >= cards for p in self.guard_supply), "a card in the Guard tile supply"
        for card in self.line + [c for r in self.mailrooms for c, _k in r]:
            assert not self.is_guard(card), "a Security Guard in a line or Mailroom"
        assert all(c < cards for c in self.deck + self.dismissed), "a tile in a card pile"
        for space, piece in enumerate(self.board):
            if piece < 0:
                assert self.owner[space] == -1 and self.clout[space] == 0, "empty space state"
            else:
                guard = self.is_guard(piece)
                assert guard == (piece >= cards), "a Security Guard card on the board"
                assert (self.owner[space] == -1) == guard, "controller of a piece"
                assert 0 <= self.owner[space] < self.num_players or guard
            assert self.clout[space] >= 0, "negative Clout"
        assert len(self.line) <= len(data.line_modifiers)
        assert all(len(r) <= data.mailroom_capacity for r in self.mailrooms), "Mailroom overfull"
        assert all(k >= 0 for r in self.mailrooms for _, k in r), "negative Clout in a Mailroom"
        held = sum(self.clout) + sum(k for r in self.mailrooms for _, k in r) + transit_clout
        assert held == self.clout_gained - self.clout_spent, "Clout not conserved"
        in_play = [self.piece_type[p] for p in self.board if p >= 0 and p < cards]
        in_play += [self.piece_type[c] for r in self.mailrooms for c, _k in r]
        for emp in set(in_play):
            assert not data.employees[emp].unique or in_play.count(emp) == 1, "unique twice"
        assert self.endgame or -1 in self.board, "a full board without the endgame"
        self.game.flow.check(self)
        turn_frames = [i for i, (name, _args) in enumerate(self.stack) if name in TURN_STEPS]
        if self.pending is None or self.pending["kind"] in TURN_STEPS:
            assert not self.stack, "moves left to make at a step of the turn, or after the end"
        else:
            assert turn_frames == [0], "a move made without its turn's step (alone) under it"
            assert self.pending["seat"] == self.current, "a move asked of another player"
        assert (self.chosen is not None) == (self.phase == KEEP), "chosen card bookkeeping"
        assert 0 <= self.current < self.num_players


def upgraded(doc: Any) -> Any:
    """A snapshot written by an earlier release, with the fields the state has now."""
    return turn_on_the_stack(stack_from_tasks(doc))


def stack_from_tasks(doc: Any) -> Any:
    """A snapshot written before the decision stack: its `tasks` (top last, the top one asked
    when the state rested on one) become the stack, and the question asked is the top task's,
    or the turn's own ("turn", the step `phase` names)."""
    try:
        fields = doc["state"]
        tasks = fields["tasks"]
    except (KeyError, TypeError):
        return doc
    if not isinstance(tasks, list) or not all(isinstance(t, dict) and "t" in t for t in tasks):
        return doc
    frames = [[t["t"], {k: v for k, v in t.items() if k != "t"}] for t in tasks]
    fields = {k: v for k, v in fields.items() if k != "tasks"}
    if fields.get("phase") == OVER:
        fields["stack"], fields["pending"] = frames, None
    else:
        kind, args = frames.pop() if frames else ("turn", {})
        fields["stack"] = frames
        fields["pending"] = {"seat": fields.get("current"), "kind": kind, "args": args}
    return {**doc, "state": fields}


def turn_on_the_stack(doc: Any) -> Any:
    """A snapshot written while the turn's step was the field `phase` (the stack then held
    only the moves, and the turn's question was asked as "turn"): the question takes the
    step's name, and under pending moves the step waits as the stack's bottom frame."""
    try:
        fields = doc["state"]
        phase = fields["phase"]
        pending = fields["pending"]
    except (KeyError, TypeError):
        return doc
    fields = {k: v for k, v in fields.items() if k != "phase"}
    if phase in TURN_STEPS and isinstance(pending, dict):
        if pending.get("kind") == "turn":
            fields["pending"] = {**pending, "kind": phase}
        else:
            fields["stack"] = [[phase, {}], *fields.get("stack", [])]
    return {**doc, "state": fields}

"""Squid, Inc., by the rulebook: setup, a turn (Choose an Employee, Bring Employees into the
Workplace, Activate Abilities), the Unemployed Line and the deck, the endgame and scoring.

Cards are numbered 0..C-1 in data order (card_types gives each one's Employee); Security Guard
tiles are pieces C..C+G-1. The board is one list of spaces (board.py names them) holding a piece
or -1, with its controller (owner, -1 for none) and the Clout on it. Every decision belongs to
the player whose turn it is; the turn and its sub-decisions run on the engine's decision stack
(decisions.py: the turn step is `phase`, moves and abilities are tasks, workplace.py and
abilities.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox.engine import Field, Fixed, Later, State
from squidbox.engine.stack import Frame, StackState
from squidbox.engine.zones import Seen, Zone
from squidbox.games.names import shown_log
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from .abilities import ABILITIES, ability_task, can_use
from .actions import PickMailroom, Use
from .board import Geometry
from .scoring import final_scores, winners

if TYPE_CHECKING:
    from .game import SquidInc

CHOOSE, KEEP, BRING, ACTIVATE, START, OVER = "choose", "keep", "bring", "activate", "start", "over"


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
    phase: Field[str]  # the step of the turn (START, CHOOSE, KEEP, BRING, ACTIVATE, OVER)
    stack: Field[list[Frame]]  # pending moves and abilities still to do (top last)
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
        Zone("deck", Seen.NOBODY, pool="cards", face=lambda st, card: st.piece_type[card]),
        Zone("line", Seen.PUBLIC, pool="cards", face=lambda st, card: st.piece_type[card]),
        Zone("dismissed", Seen.PUBLIC, pool="cards", face=lambda st, card: st.piece_type[card]),
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
        self.phase = CHOOSE
        self.stack, self.pending = [], None
        self.chosen = None
        self.used, self.entered = [], []
        self.endgame = self.reshuffle_owed = False
        self.reshuffles = self.clout_gained = self.clout_spent = 0
        self.emit("setup", "{first_player:name} has the most Clout in the Mailroom and goes "
                  "first.", first_player=self.current)
        from .decisions import refill
        self.push(refill)
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

    def space_named(self, action: str) -> int:
        return self.game.moves.decode[action].space  # type: ignore[union-attr]

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
            self.clout[move.space] += amount  # type: ignore[union-attr]

    def clout_said(self, pick: str, amount: int) -> Said:
        """What placing `amount` Clout on `pick` says in the log: a template without its full
        stop, and its fields."""
        move = self.game.moves.decode[pick]
        if type(move) is PickMailroom:
            return (ON_MAILROOM, {"_amount": amount, "_seat": move.seat,
                    "_employee": self.piece_name(self.mailrooms[move.seat][move.slot][0])})
        return (ON_SPACE, {"_amount": amount,
                           "_label": self.logged_label(move.space)})  # type: ignore[union-attr]

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

    # ---- the Unemployed Line and the deck -----------------------------------------------------
    def take_from_line(self, action: str) -> int:
        """Take a card from the line; the rest slide toward +1 and the line is refilled."""
        card = self.line.pop(self.game.moves.decode[action].slot)  # type: ignore[union-attr]
        self.push_task({"t": "refill"})
        return card

    def refill_step(self) -> None:
        """Draw one card into the line's end, until it is full; a Security Guard card brings a
        Guard tile into play (placed by the player who drew it), goes to the Dismissed pile,
        and is replaced."""
        line, deck, full = self.line, self.deck, len(self.game.data.line_modifiers)
        while len(line) < full and deck:
            card = deck.pop()
            self.mark_reveal()  # the deck's top card is turned face up
            if self.is_guard(card):
                self.dismissed.append(card)
                self.emit("guard_card", "A Security Guard card is drawn.")
                self.push_task({"t": "guard", "piece": -1})
                self.push_task({"t": "refill"})  # once the Guard is placed
                return
            line.append(card)  # told in the next "keep" event, to keep the log short

    def start_turn(self) -> None:
        """A turn begins with the line topped up from the deck. With both empty, the rulebook
        ends the game in the endgame (after the one extra reshuffle of its note) and otherwise
        makes the Dismissed pile the new deck (its "reshuffle"). Only then comes our house
        rule (not in the rulebook, see the rulings): without the endgame the game also ends
        once `reshuffle_limit` reshuffles are used up, or when there is nothing to reshuffle,
        because the rulebook's end, a full board, may never come."""
        if self.line or self.deck:
            self.phase = CHOOSE
            self.refill_step()
            return
        if self.endgame:
            if not self.reshuffle_owed or not self.dismissed:
                self._end_game()
                return
        elif self.reshuffles >= self.game.data.reshuffle_limit or not self.dismissed:
            self.emit("house_rule_end", "The deck and the Unemployed Line are empty and the "
                      "Workplace was never filled: by our house rule (after "
                      "{reshuffles} reshuffles) the game ends here.",
                      reshuffles=self.reshuffles)
            self._end_game()
            return
        self.deck, self.dismissed = self.dismissed, []
        self.rng.shuffle(self.deck)
        self.reshuffles += 1
        self.reshuffle_owed = False
        self.emit("reshuffle", "The Dismissed pile is shuffled into a new deck of {_cards} "
                  "cards.", _cards=len(self.deck))
        self.phase = CHOOSE
        self.refill_step()

    # ---- the flow (decisions.py) --------------------------------------------------------------
    def push_task(self, task: dict[str, Any]) -> None:
        """Do `task` ({"t": kind, **fields}, a dict of the caller's own, which becomes the
        frame) after the running step and what it pushed before."""
        kind = task.pop("t")
        self.stack.insert(self._mark, [kind, task])

    def task(self) -> dict[str, Any] | None:
        """The task asked about now, {"t": kind, **fields}; None for a step of the turn."""
        pending = self.pending
        if pending is None or pending["kind"] == "turn":
            return None
        return {"t": pending["kind"], **pending["args"]}

    def no_option(self) -> None:
        """The step of the turn offers nothing to decide: only Bring Employees into the
        Workplace can (no one is eligible), and Activate Abilities comes next. (Not checked
        before asking: the options find the eligible Employees once.)"""
        assert self.phase == BRING
        self.phase = ACTIVATE

    def _to_move(self) -> list[int]:
        return [] if self.phase == OVER else [self.current]

    def _legal_actions(self, player: int) -> list[str]:
        return self.game.flow.options(self)

    def turn_options(self, player: int) -> list[str]:
        """The options of the turn's step (phase)."""
        phase = self.phase
        if phase == CHOOSE:
            return self.game.take_actions[:len(self.line)]
        if phase == KEEP:
            room = len(self.mailrooms[player]) < self.game.data.mailroom_capacity
            return ["mailroom", "dismiss"] if room else ["dismiss"]
        if phase == BRING:
            return self._bring_options()
        return self._activate_options()

    def _apply(self, player: int, action: str) -> None:
        self.game.flow.answer(self, action)

    def turn_chosen(self, player: int, action: str) -> None:
        phase = self.phase
        if phase == CHOOSE:
            self._choose_employee(action)
        elif phase == KEEP:
            self._keep_or_dismiss(action)
        elif phase == BRING:
            self._bring(int(action[6:]) - 1)
        elif action == "end":
            self._end_turn()
        else:
            self._activate(self.space_named(action))

    # ---- Choose an Employee -------------------------------------------------------------------
    def _choose_employee(self, action: str) -> None:
        slot = self.game.moves.decode[action].slot  # type: ignore[union-attr]
        card = self.line.pop(slot)
        self.refill_step()  # the rest slide toward +1 and the line is refilled
        self.chosen = [card, self.game.data.line_modifiers[slot]]
        self.phase = KEEP

    def _keep_or_dismiss(self, action: str) -> None:
        card, modifier = self.chosen
        self.chosen = None
        self.phase = BRING
        if action == "mailroom":
            self.mailrooms[self.current].append([card, 0])
            if self.recording:
                self.emit("mailroom", "{_seat:name} takes {employee} from the {_modifier:+d} "
                          "space and puts it in the Mailroom. {_line}", _seat=self.current,
                          employee=self.piece_name(card), _modifier=modifier,
                          _line=Later(self.game.line_text, self.line[:]))
            return
        bonuses = self.passives(self.current, "dismiss_bonus")  # usually none: no generator
        bonus = sum(p["amount"] for p in bonuses) if bonuses else 0
        amount = max(0, self.value_of(card) + modifier + bonus)
        self.dismissed.append(card)
        if amount and (self.mailrooms[self.current] or self.current in self.owner):
            # Logged once the Clout is placed (clout.py), in one event.
            self.push_task({"t": "clout", "amount": amount, "card": card, "modifier": modifier})
        elif self.recording:
            self.emit("dismiss_for_clout", "{_seat:name} takes {employee} from the "
                      "{_modifier:+d} space and Dismisses it for {amount} Clout. {_line}",
                      _seat=self.current, employee=self.piece_name(card), _modifier=modifier,
                      amount=amount, _line=Later(self.game.line_text, self.line[:]))

    # ---- Bring Employees into the Workplace ---------------------------------------------------
    def hire_cost(self, seat: int, card: int, discounts: list[dict[str, int]] | None = None) -> int:
        """Clout needed to enter the Workplace: the printed value, less Sam's discount."""
        cost = self.value_of(card)
        if discounts is None:
            discounts = self.passives(seat, "hire_discount")
        for params in discounts:
            cost = max(params["least"], cost - params["amount"])
        return cost

    def _bring_options(self) -> list[str]:
        """Bring Employees into the Workplace: "hire <n>" for each Employee in the current
        player's Mailroom with the Clout to enter."""
        room = self.mailrooms[self.current]
        if not room:
            return []
        current, hire, value, options = (
            self.current, self.game.hire_actions, self.game.piece_value, [])
        discounts = self.passives(current, "hire_discount")
        for slot, (card, clout) in enumerate(room):
            # Without Sam's discount, hire_cost is the printed value (read without its call).
            cost = self.hire_cost(current, card, discounts) if discounts else value[card]
            if clout >= cost:
                options.append(hire[slot])
        return options

    def _bring(self, slot: int) -> None:
        card, clout = self.mailrooms[self.current].pop(slot)
        cost = self.hire_cost(self.current, card)
        self.clout_spent += cost
        self.push_task({"t": "enter", "card": card, "owner": self.current,
                           "clout": clout - cost, "cost": cost})

    # ---- Activate Abilities -------------------------------------------------------------------
    def _activate_options(self) -> list[str]:
        """Activate Abilities: "use <space>" for each of the current player's Employees that
        may use its ability now (in the board's order), then "end"."""
        activation_cost, piece_type, board, clout = (
            self.game.activation_cost, self.piece_type, self.board, self.clout)
        current, used, entered = self.current, self.used, self.entered
        use, options = self.game.space_actions[Use], []
        for space in self.own_spaces(current):
            piece = board[space]
            cost = activation_cost[piece]
            if cost is None or clout[space] < cost or piece in used or piece in entered:
                continue
            clout[space] -= cost  # judged as it will be, once paid
            usable = can_use(self, ability_task(piece, piece_type[piece], current, cost),
                             clout[space])
            clout[space] += cost
            if usable:
                options.append(use[space])
        options.append("end")
        return options

    def _activate(self, space: int) -> None:
        piece = self.board[space]
        emp = self.game.data.employees[self.piece_type[piece]]
        self.clout[space] -= emp.cost
        self.clout_spent += emp.cost
        self.used.append(piece)
        if self.recording:  # the log's words are built only for a state that keeps a log
            self.emit("activate", N_("{_seat:name} activates {_label} ({_cost} Clout spent).")
                      if emp.cost else N_("{_seat:name} activates {_label}."),
                      _seat=self.current, _label=self.logged_label(space), _cost=emp.cost)
        task = ability_task(piece, self.piece_type[piece], self.current, emp.cost)
        ABILITIES[emp.ability].start(self, task)

    def _end_turn(self) -> None:
        self.current = (self.current + 1) % self.num_players
        self.used, self.entered = [], []
        self.start_turn()  # at once, not in a later pass of the turn's idle step (START)

    # ---- the end of the game ------------------------------------------------------------------
    def _end_game(self) -> None:
        self.phase = OVER
        if not self.recording:  # the scores are only told here; returns() works them out
            return
        totals = final_scores(self)
        best = winners(self)
        self.emit("game_over", N_("{_best:names} is the Big Fish with {_clout} Clout.")
                  if len(best) == 1 else N_("{_best:names} share the win with {_clout} Clout."),
                  winners=best, scores=list(totals), _best=best, _clout=totals[best[0]])

    def _is_terminal(self) -> bool:
        return self.phase == OVER

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
        transit_cards, transit_clout = [], 0
        waiting = [{"t": name, **args} for name, args in self.stack]
        if self.pending is not None:
            waiting.append({"t": self.pending["kind"], **self.pending["args"]})
        for task in waiting:
            if task["t"] in ("arrive", "enter"):
                transit_cards.append(task.get("piece", task.get("card")))
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
        assert (self.chosen is not None) == (self.phase == KEEP), "chosen card bookkeeping"
        assert self.phase in (START, CHOOSE, KEEP, BRING, ACTIVATE, OVER)
        assert self.phase != OVER or not (self.stack or self.pending)
        self.game.flow.check(self)
        assert 0 <= self.current < self.num_players


def upgraded(doc: Any) -> Any:
    """A snapshot written before the decision stack, with the fields it has now: its `tasks`
    (top last, the top one asked when the state rested on one) become the stack, and the
    question asked is the top task's, or the turn's own step."""
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

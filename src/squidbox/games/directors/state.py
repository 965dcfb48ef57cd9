"""Directors, by the rulebook: the state, its zones (#2 deck and discard, #5 playing cards, #8
glossary verbs) and the engine hooks. The turn itself is in turn.py, commanding in
commanding.py, the cards in cards.py and the Events in event_cards.py.

Seats play in order 0, 1, 2, … from the first player; the previous player of seat s is s - 1.
A card in play is {"card": name, "rotated": bool, "new": bool} ("new": played this turn); while
Watchdog commands a card, that card also carries the mark "watchdog" (cards.WATCHED).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from squidbox import i18n
from squidbox.engine import Field, Fixed, Later, State
from squidbox.engine.events import Entry, Logged
from squidbox.engine.stack import Frame, StackState
from squidbox.engine.zones import Seen, Zone
from squidbox.games.names import shown_log
from squidbox.i18n import N_

from .actions import Choice
from .data import Card

if TYPE_CHECKING:
    from .game import Directors

ROTATED = " (rotated)"
# The play entry's template by (played from hand, free)
_PLAYS = {
    (True, True): N_("{seat:name} plays {card} for free."),
    (True, False): N_("{seat:name} plays {card} for ${_cost}."),
    (False, True): N_("{seat:name} plays {card} from the discard pile for free."),
    (False, False): N_("{seat:name} plays {card} from the discard pile for ${_cost}."),
}
# Log templates chosen by a count (message ids, translated when the log is read)
_SETUP = N_("Events: {_events}. {first_player:name} takes the clock and starts.")
_SETUP_NO_EVENTS = N_("Events: none. {first_player:name} takes the clock and starts.")
_DRAWS_ONE = N_("{_to:name} draws 1 card.")
_DRAWS = N_("{_to:name} draws {_count} cards.")
_REVEALS = N_("{seat:name} reveals {cards:list}.")
_REVEALS_NOTHING = N_("{seat:name} reveals nothing.")
_TAKES_ONE = N_("{seat:name} takes -1 crown.")
_TAKES = N_("{seat:name} takes -{_count} crowns.")
_REMOVES_ONE = N_("{seat:name} removes -1 crown.")
_REMOVES = N_("{seat:name} removes -{_removed} crowns.")


def ref(card: dict[str, Any]) -> str:
    """How an action names a card in play: its name, marked when it is rotated."""
    name: str = card["card"]
    return name + ROTATED if card["rotated"] else name


def _sentences(names: tuple[str, ...], batch: list[tuple[str, str, dict[str, Any]]]) -> str:
    """The text of a "sequence" entry: its events' sentences, one after another."""
    return " ".join(Entry(kind, template, data).shown(names)["text"]
                    for kind, template, data in batch)


class DirectorsState(StackState, State):
    game: Directors

    # The game's data (FIELDS, engine/fields.py); Fixed: chosen at setup only.
    event_names: Fixed[list[str]]  # the Events in this game
    clock: Field[int]  # the clock turn, 1-10 (0 before the first turn)
    first_player: Field[int]  # the seat holding the clock
    current: Field[int]  # whose turn it is
    on_extra_turn: Field[bool]  # the current turn is an extra turn
    extra_turns: Field[int]  # extra turns the current player has still to take
    action: Field[str | None]  # the Action used this turn, or None before it is named
    deck: Field[list[str]]  # face down, top card last
    discard: Field[list[str]]  # face up, public
    hands: Field[list[list[str]]]  # per seat
    known: Field[list[list[str]]]  # per seat: cards in hand everyone has seen there
    areas: Field[list[list[dict[str, Any]]]]  # per seat: cards in play
    money: Field[list[int]]  # per seat
    minus: Field[list[int]]  # per seat: -1 crown tokens
    played: Field[list[int]]  # per seat: cards played this turn
    last_action: Field[list[str | None]]  # per seat: the Action of their last turn
    debts: Field[list[int]]  # per seat: money to lose at the start of the next turn (Merchant)
    stack: Field[list[Frame]]  # frames still to do (engine/stack.py)
    reactions: Field[list[Frame]]  # frames to do before anything else (Cultist, below its line)
    pending: Field[dict[str, Any] | None]  # the question asked now: seat, kind, args
    over: Field[bool]
    # The public log entries of the decision being applied (transient, see flush_log)
    _log_batch: list[tuple[str, str, dict[str, Any]]]
    # Hands are their holders' own, except the cards everyone has seen there (`known`: revealed,
    # returned by Watchdog); the deck's order is nobody's; the discard pile is face up.
    ZONES = (
        Zone("hands", Seen.OWNER, per_seat=True, pool="cards", ordered=False, sort=True,
             known="known"),
        Zone("deck", Seen.NOBODY, pool="cards"),
        Zone("discard", Seen.PUBLIC, pool="cards", ordered=False),
    )

    # ---- setup (#1) ---------------------------------------------------------------------------
    def _setup(self) -> None:
        data = self.game.data
        n = self.num_players
        self._log_batch = []
        self.event_names = self._choose_events()
        self.deck = list(self.game.full_deck)  # every card in name order (data.deck()), made once
        self.rng.shuffle(self.deck)
        self.discard = []
        self.hands = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.areas = [[] for _ in range(n)]
        self.money = [data.money] * n
        self.minus = [0] * n
        self.played = [0] * n
        self.last_action = [None] * n
        self.debts = [0] * n
        self.first_player = self.rng.randrange(n)
        self.current = self.first_player
        self.clock = 0
        self.on_extra_turn = False
        self.extra_turns = 0
        self.action = None
        self.stack = []
        self.reactions = []
        self.pending = None
        from .turn import begin_turn
        self.push(begin_turn)
        self.over = False
        self.emit("setup", _SETUP if self.event_names else _SETUP_NO_EVENTS,
                  events=list(self.event_names), first_player=self.first_player,
                  _events=", ".join(self.event_names))
        for seat in range(n):
            self.draw(seat, data.hand)
        self.game.flow.run(self)
        self.flush_log()

    def _choose_events(self) -> list[str]:
        chosen = self.options["events"]
        names = sorted(self.game.data.events)
        if isinstance(chosen, list):
            return sorted(chosen)
        if chosen == "random":
            chosen = self.rng.randrange(self.game.data.max_events + 1)
        return sorted(self.rng.sample(names, chosen))

    def _derive(self) -> None:
        self._log_batch = []

    # ---- the log ------------------------------------------------------------------------------
    # The public events of one decision's consequences are logged as one entry (a "sequence"
    # of sentences), which keeps the log short; private events keep their place in it.
    # A search state keeps no log: the verbs of most turns (draw, gain, play, the turn's and a
    # command's entries) build their entry only when `recording`, as a call to emit costs.
    def emit(self, kind: str, template: str, **data: Any) -> None:
        if self._records:  # a search state keeps no log (engine "Search states")
            self._log_batch = [*self._log_batch, (kind, template, data)]  # not shared by clones

    def emit_private(self, seats: tuple[int, ...], full: Logged, redacted: Logged | None) -> None:
        self.flush_log()
        super().emit_private(seats, full, redacted)

    def flush_log(self) -> None:
        batch = self._log_batch
        if not batch:
            return
        self._log_batch = []
        if len(batch) == 1:
            kind, template, data = batch[0]
            super().emit(kind, template, **data)
        else:
            super().emit("sequence", "{_text}", types=[kind for kind, _, _ in batch],
                         _text=Later(_sentences, self._seat_names(), batch))

    # ---- lookups ------------------------------------------------------------------------------
    def card(self, name: str) -> Card:
        return self.game.data.cards[name]

    def prev(self, seat: int) -> int:
        return (seat - 1) % self.num_players

    def turn_order(self, start: int) -> list[int]:
        """Every seat in turn order, starting with `start` (#9)."""
        return [(start + i) % self.num_players for i in range(self.num_players)]

    def others(self, seat: int) -> list[int]:
        return self.turn_order(seat)[1:]

    def active(self, event: str) -> bool:
        return event in self.event_names and self.clock in self.game.data.events[event].turns

    def params(self, name: str) -> dict[str, Any]:
        cards = self.game.data.cards
        return cards[name].params if name in cards else self.game.data.events[name].params

    def score(self, seat: int) -> int:
        """#7: crowns of the cards in play minus the -1 crown tokens."""
        cards = self.game.data.cards
        return sum(cards[c["card"]].crowns for c in self.areas[seat]) - self.minus[seat]

    # ---- #2 deck and discard pile ------------------------------------------------------------
    def take_from_deck(self, count: int) -> list[str]:
        """The top `count` cards; the discard pile is shuffled under the deck first if needed."""
        self.mark_reveal()  # the cards taken are seen (by their receiver, or by all)
        if count > len(self.deck) and self.discard:
            pile = sorted(self.discard)
            self.rng.shuffle(pile)
            self.deck = pile + self.deck
            self.discard = []
            self.emit("reshuffle", "The discard pile is shuffled and put under the deck.",
                      cards=len(pile))
        taken = min(count, len(self.deck))
        cards = self.deck[len(self.deck) - taken:][::-1]
        del self.deck[len(self.deck) - taken:]
        return cards

    def receiver(self, seat: int) -> int:
        """Masquerade: what the current player would draw or gain goes to the previous player."""
        if seat == self.current and self.active("Masquerade"):
            return self.prev(seat)
        return seat

    def draw(self, seat: int, count: int) -> None:
        to = self.receiver(seat)
        cards = self.take_from_deck(count)
        if not cards:
            return
        self.hands[to].extend(cards)
        if self.recording:
            self.emit_private(
                (to,),
                self.entry("draw", "You draw {cards:list}.", cards=cards),
                self.entry("draw", _DRAWS_ONE if len(cards) == 1 else _DRAWS, _to=to,
                           _count=len(cards)),
            )

    def discard_from_hand(self, seat: int, name: str) -> None:
        self.mark_reveal()  # the card goes face up from the hand
        self.hands[seat].remove(name)
        self._forget(seat, name)
        self.discard.append(name)
        if self.recording:
            self.emit("discard", "{seat:name} discards {_card} from hand.", seat=seat,
                      _card=name)
        self._cleaning(seat, 1)
        if name == "Cultist":
            from .playing import offer_cultist
            self.react(offer_cultist, seat=seat)

    def discard_from_play(self, seat: int, card_ref: str) -> None:
        card = self.find_in_play(seat, card_ref)
        self.areas[seat].remove(card)
        self.discard.append(card["card"])
        self.emit("discard", "{seat:name} discards {_card} from play.", seat=seat,
                  _card=card["card"])
        self._cleaning(seat, 1)

    def discard_from_deck(self, seat: int, count: int) -> list[str]:
        cards = self.take_from_deck(count)
        self.discard.extend(cards)
        if cards:
            self.emit("discard", "{seat:name} discards {_cards:list} from the top of the deck.",
                      seat=seat, _cards=cards[:])  # the caller keeps `cards`
            self._cleaning(seat, len(cards))
        return cards

    def _cleaning(self, seat: int, count: int) -> None:
        if self.active("Cleaning"):
            self.gain(seat, count * self.params("Cleaning")["money"])

    def _forget(self, seat: int, name: str) -> None:
        if name in self.known[seat]:
            self.known[seat].remove(name)

    def reveal(self, seat: int, names: list[str]) -> None:
        """Cards shown from a hand stay in it, now known to everyone."""
        self.mark_reveal()
        seen = Counter(self.known[seat])
        for name, count in Counter(names).items():
            self.known[seat].extend([name] * max(0, count - seen[name]))
        self.known[seat].sort()
        self.emit("reveal", _REVEALS if names else _REVEALS_NOTHING, seat=seat,
                  cards=list(names))

    # ---- money and crowns (#8) ---------------------------------------------------------------
    def gain(self, seat: int, amount: int) -> None:
        to = self.receiver(seat)
        self.money[to] += amount
        if self.recording:
            self.emit("gain", "{seat:name} gains ${_amount}.", seat=to, _amount=amount)

    def lose(self, seat: int, amount: int) -> None:
        lost = min(amount, self.money[seat])
        self.money[seat] -= lost
        self.emit("lose", "{seat:name} loses ${_lost}.", seat=seat, _lost=lost)

    def take_minus(self, seat: int, count: int) -> None:
        self.minus[seat] += count
        if self.recording:
            self.emit("minus", _TAKES_ONE if count == 1 else _TAKES, seat=seat, _count=count)

    def remove_minus(self, seat: int, count: int) -> None:
        removed = min(count, self.minus[seat])
        self.minus[seat] -= removed
        if removed == 0:
            self.emit("remove_minus", "{seat:name} has no −1 crown tokens to remove.", seat=seat)
            return
        self.emit("remove_minus", _REMOVES_ONE if removed == 1 else _REMOVES, seat=seat,
                  _removed=removed)

    # ---- #5 playing cards ---------------------------------------------------------------------
    def can_pay(self, seat: int, name: str) -> bool:
        return self.money[seat] >= self.card(name).cost

    def play(self, seat: int, name: str, source: str = "hand", free: bool = False) -> None:
        """Put a card into play, rotated, paying its cost unless free; then its below-the-line
        text for playing it (Agent, Unicorn)."""
        if source == "hand":
            self.hands[seat].remove(name)
            self.mark_reveal()  # the card goes face up from the hand
            self._forget(seat, name)
        else:
            self.discard.remove(name)
        cost = 0 if free else self.card(name).cost
        self.money[seat] -= cost
        self.areas[seat].append({"card": name, "rotated": True, "new": True})
        self.played[seat] += 1
        if self.recording:
            self.emit("play", _PLAYS[source == "hand", free], seat=seat, card=name, _cost=cost)
        if name == "Agent" and self.commanding_allowed():
            from .commanding import command
            self.push(command, seat=seat, card=name, by_director=False)
        if name == "Unicorn":
            self.gain(seat, self.params("Unicorn")["money_on_play"])

    def commanding_allowed(self) -> bool:
        """#3: nothing is commanded during the first turn of the game."""
        return self.clock > 1

    def find_in_play(self, seat: int, card_ref: str) -> dict[str, Any]:
        for card in self.areas[seat]:
            if ref(card) == card_ref:
                return card
        raise AssertionError(f"{card_ref} is not in play for seat {seat}")

    def refs_in_play(self, seat: int, cards: list[dict[str, Any]] | None = None) -> list[str]:
        return sorted({ref(c) for c in (self.areas[seat] if cards is None else cards)})

    # ---- engine hooks -------------------------------------------------------------------------
    def _to_move(self) -> list[int]:
        return [] if self.over or self.pending is None else [self.pending["seat"]]

    def _legal_actions(self, player: int) -> list[str]:
        return self.game.flow.options(self)

    def _apply(self, player: int, action: str) -> None:
        self.game.flow.answer(self, action)
        if self._log_batch:  # empty in a search state, which batches nothing
            self.flush_log()

    def _action_is_public(self, player: int, action: str) -> bool:
        # Raider: which card a player keeps in hand is theirs alone to know.
        move = self.game.moves.decode[action]
        return type(move) is not Choice or move.verb != "keep"

    def _is_terminal(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(self.score(seat)) for seat in range(self.num_players)]

    def winners(self) -> list[int]:
        scores = [self.score(seat) for seat in range(self.num_players)]
        return [seat for seat, s in enumerate(scores) if s == max(scores)]

    def _returns(self) -> list[float]:
        winners = self.winners()
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.num_players)]

    def log(self, viewer: int | None) -> list[dict[str, Any]]:
        """The log, its seats named in the reader's language ("Türkis" for "Teal" in German)."""
        if i18n.current() == i18n.DEFAULT:
            return super().log(viewer)
        self._check_viewer(viewer)
        return shown_log(self, viewer)

    def _view(self, viewer: int | None) -> dict[str, Any]:
        from .view import view
        return view(self, viewer)

    def check_invariants(self) -> None:
        n = self.num_players
        data = self.game.data
        everywhere = self.deck + self.discard
        for seat in range(n):
            everywhere += self.hands[seat]
            everywhere += [c["card"] for c in self.areas[seat]]
            if self.known[seat]:
                assert not Counter(self.known[seat]) - Counter(self.hands[seat]), "known cards"
            assert self.money[seat] >= 0 and self.minus[seat] >= 0 and self.debts[seat] >= 0
            assert self.played[seat] >= 0
            assert self.played[seat] or not any(c["new"] for c in self.areas[seat]), \
                "a card played this turn in the area of a seat that played none"
        assert sorted(everywhere) == self.game.full_deck, "cards are not conserved"
        marked = [c for area in self.areas for c in area if set(c) != {"card", "rotated", "new"}]
        assert len(marked) <= 1 and all(set(c) == {"card", "rotated", "new", "watchdog"}
                                        for c in marked), "cards in play"
        assert len(self.hands) == len(self.areas) == len(self.money) == n
        assert 0 <= self.clock <= data.turns and 0 <= self.current < n
        assert len(set(self.event_names)) == len(self.event_names) <= data.max_events
        assert all(name in data.events for name in self.event_names)
        if self.over:
            assert self.pending is None and not self.stack and not self.reactions
        else:
            assert self.pending is not None and 0 <= self.pending["seat"] < n
        self.game.flow.check(self)


# A turn's end as snapshots written before `end_turn` hold it (top of the stack last).
OLD_TURN_END = [["finish_turn", {}], ["events_at", {"timing": "end", "done": []}],
                ["rotate_step", {}]]


def upgraded(doc: Any) -> Any:
    """A snapshot as this release writes it, from one written before: each Falconer question
    still to come was a frame ["offer_falconer", {"seat": s}] before the engine stack (it is
    the reaction window's question now), and a turn's end was three frames before `end_turn`
    (rotate, end-of-turn Events, the next turn; they do what `end_turn` does)."""
    try:
        stack = doc["state"]["stack"]
    except (KeyError, TypeError):
        return doc
    if not isinstance(stack, list):
        return doc
    frames = [["ask_again", {"seat": f[1]["seat"], "kind": "falconer", "args": {}}]
              if isinstance(f, list) and f[:1] == ["offer_falconer"] else f for f in stack]
    for at in range(len(frames) - len(OLD_TURN_END), -1, -1):
        if frames[at:at + len(OLD_TURN_END)] == OLD_TURN_END:
            frames[at:at + len(OLD_TURN_END)] = [["end_turn", {}]]
    if frames == stack:
        return doc
    return {**doc, "state": {**doc["state"], "stack": frames}}

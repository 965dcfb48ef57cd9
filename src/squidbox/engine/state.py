"""The state every game implements: the engine protocol of DESIGN.md.

A game subclasses `State` and writes the hooks named with a leading underscore. Its own mutable
data lives in the attributes listed in FIELDS, holding JSON-native values only (lists, dicts with
string keys, str, int, float, bool, None). That one rule gives every game exact snapshots,
independent clones and replay for free. Attributes not in FIELDS are derived, never mutated, and
shared between clones (board geometry, for instance); `_derive` rebuilds them after loading.

Game logic must never read `history` or `events`: they are records; a state resampled for
search has none, and one resampled with records has them redacted.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from . import undo
from .choices import HiddenChoice, redraw
from .errors import IllegalAction
from .events import Entry, Event, Logged, Shown, as_read, events_to_json, log_for, seen_by
from .fields import declared_fields
from .jsoncopy import SCALARS, copy_json
from .rng import Rng, Rng1
from .zones import Zone, redeal

if TYPE_CHECKING:
    from .game import Game

Action = str
HIDDEN_ACTION: Action = "?"  # stands for an action the viewer of a resampled state did not see


class State(ABC):
    # The engine's own attributes live in slots; a game's subclass (which declares no slots)
    # keeps its FIELDS and derived values in CPython's per-class inline attribute values, as
    # long as nothing asks for the instance `__dict__` (that would turn it into a plain dict,
    # read by hash lookups): reads cost about a third, and a state holds no dict of its own.
    # So clone() sets attributes one by one and never assigns `__dict__`.
    __slots__ = ("game", "num_players", "options", "rng", "history", "events", "_legal",
                 "_records", "_names", "_undo_from", "_undo_why", "_revealed")
    FIELDS: ClassVar[tuple[str, ...]] = ()
    # FIELDS that no rule changes once `_setup` is done (Grid Squid's board layout): clones
    # share them instead of copying them. Setup, loading and nothing else may assign them.
    FIXED_FIELDS: ClassVar[tuple[str, ...]] = ()
    # The game's piles and hands and who may see them (engine/zones.py): the default resample
    # redeals what a seat cannot see among them, and the conformance suite holds the view to it.
    ZONES: ClassVar[tuple[Zone, ...]] = ()
    # The values chosen or drawn face down that are not cards (engine/choices.py): the default
    # resample redraws those a seat cannot see, and the conformance suite holds the view to it.
    CHOICES: ClassVar[tuple[HiddenChoice, ...]] = ()

    game: Game
    num_players: int
    options: dict[str, Any]
    rng: Rng | Rng1  # Rng1 only in games stored with snapshot format 1
    history: list[tuple[int, Action]]
    events: list[Event]
    _legal: dict[int, list[Action]]
    _records: bool  # False in a search state: apply and emit record nothing
    _names: tuple[str, ...] | None  # seat_names(), computed once per game
    _undo_from: int  # history index where the decisions that may be undone start (undo.py)
    _undo_why: str  # why the undo window starts there
    _revealed: bool  # mark_reveal() was called during the running apply

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """FIELDS (and FIXED_FIELDS) from the class's `Field[...]`/`Fixed[...]` annotations,
        after its base classes' (engine/fields.py), when it declares any."""
        super().__init_subclass__(**kwargs)
        fields, fixed = declared_fields(cls)
        if not fields:
            return
        if "FIELDS" in cls.__dict__ or "FIXED_FIELDS" in cls.__dict__:
            raise TypeError(f"{cls.__name__} declares its FIELDS twice: as a tuple and as "
                            "Field[...] annotations")
        cls.FIELDS = (*cls.FIELDS, *fields)
        cls.FIXED_FIELDS = (*cls.FIXED_FIELDS, *fixed)

    # ---- hooks a game writes -------------------------------------------------------------
    @abstractmethod
    def _setup(self) -> None:
        """Set FIELDS for a new game (deal, shuffle…), using self.rng for all randomness."""

    def _derive(self) -> None:
        """Rebuild derived, read-only attributes from FIELDS and options (after setup or load)."""

    @abstractmethod
    def _to_move(self) -> list[int]:
        """The seats that must decide now; empty once the game is over."""

    @abstractmethod
    def _legal_actions(self, player: int) -> list[Action]:
        """The actions open to `player`, who is to move. Never empty for a player to move."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> None:
        """Carry out a legal action (already checked) and log events for it."""

    @abstractmethod
    def _is_terminal(self) -> bool: ...

    @abstractmethod
    def _returns(self) -> list[float]:
        """Per-player results of a finished game."""

    @abstractmethod
    def _view(self, viewer: int | None) -> dict[str, Any]:
        """The game part of view(viewer), JSON-ready, free of anything `viewer` cannot see."""

    def zones(self) -> tuple[Zone, ...]:
        """The zones declared now: ZONES, unless the game's zones change as it goes (Squid
        Game's stages each have their own)."""
        return self.ZONES

    def choices(self) -> tuple[HiddenChoice, ...]:
        """The hidden choices declared now: CHOICES, unless they change as the game goes."""
        return self.CHOICES

    def _resample(self, player: int, rng: random.Random) -> None:
        """Redeal everything `player` cannot see, as a function of what `player` sees and `rng`
        only. The default redeals the declared zones (engine/zones.py), then redraws the
        declared hidden choices (engine/choices.py). Two states that look the same to `player`
        must resample alike."""
        redeal(self, self.zones(), player, rng)
        redraw(self, self.choices(), player, rng)

    def _choice(self, field: str) -> HiddenChoice:
        for choice in self.choices():
            if choice.field == field:
                return choice
        raise KeyError(f"{type(self).__name__} declares no hidden choice {field!r}")

    def choice_seen(self, field: str, viewer: int | None, key: int | None = None) -> bool:
        """Whether `viewer` may see the hidden choice `field` (its entry `key`)."""
        return self._choice(field).seen_by(self, key, viewer)

    def shown_choice(self, field: str, viewer: int | None, key: int | None = None) -> Any:
        """The hidden choice `field` (its entry `key`) if `viewer` may see it by the declaration,
        else None. The value itself: a view copies what it shows."""
        choice = self._choice(field)
        return choice.get(self, key) if choice.seen_by(self, key, viewer) else None

    def visible(self, field: str, viewer: int | None, seat: int | None = None) -> Any:
        """The pile in zone `field` (of `seat`, for a zone per seat) if `viewer` may see it by
        the declaration, else None. The pile itself: a view copies what it shows."""
        for zone in self.zones():
            if zone.field == field:
                return zone.raw(self, seat) if zone.seen_by(seat, viewer) else None
        raise KeyError(f"{type(self).__name__} declares no zone {field!r}")

    def _action_is_public(self, player: int, action: Action) -> bool:
        """Whether every other player learns which action `player` took (a face-down choice
        does not). Resampled states hide the actions that are not."""
        return True

    def check_invariants(self) -> None:
        """Raise AssertionError when the state is inconsistent (counts not conserved…)."""

    def scores(self) -> list[float] | None:
        """Points per player, where the game keeps a score."""
        return None

    def _end_reason(self) -> str:
        """How a finished game ended. A game with several ways to end names them (Squid, Inc.:
        "board_full" or "reshuffle_limit"); a game with one end keeps this default."""
        return "game_over"

    # ---- the protocol ----------------------------------------------------------------------
    @property
    def seed(self) -> int:
        return self.rng.seed

    def to_move(self) -> list[int]:
        """The players who must decide now; several means simultaneous, any order."""
        return self._to_move()

    def legal_actions(self, player: int) -> list[Action]:
        legal = self._legal.get(player) if type(player) is int else None
        return (self._listed(player) if legal is None else legal)[:]

    def apply(self, player: int, action: Action) -> None:
        """Take `action` for `player`. Raises IllegalAction, changing nothing, when it is not
        listed in legal_actions(player). An ASCII spelling of a listed name is taken as that
        name (engine/spelling.py); the history records the name."""
        legal = self._legal.get(player) if type(player) is int else None
        if legal is None:
            legal = self._listed(player)
        if action not in legal:
            # Only now: an ASCII spelling of a name ("-1" for "−1") stands for the name.
            canonical = self.game.canonical_action(action)
            if canonical not in legal:
                raise self._illegal(player, action, legal)
            action = canonical
        self._legal = {}
        if not self._records:
            self._apply(player, action)
            return
        draws = self.rng.draws
        self._revealed = False
        self._apply(player, action)
        self.history.append((player, action))
        undo.after_apply(self, player, draws)

    def play_random(self, rng: random.Random, limit: int | None = None) -> bool:
        """Play uniformly random decisions until the game ends (True) or `limit` decisions were
        played (False): the mover by `rng.choice(to_move())` when several are to move, then
        `rng.choice(legal_actions(mover))`. The same draws and the same state as that loop of
        the protocol, without its checks and copies in a search state (a bot's rollout)."""
        if self._records or type(rng) is not random.Random:
            return self._play_checked(rng, limit)  # history and undo bookkeeping: apply's
        # rng.choice(items) is items[randbelow(getrandbits, len(items))], with fewer calls
        getrandbits = rng.getrandbits
        to_move, legal_actions, apply = self._to_move, self._legal_actions, self._apply
        self._legal = {}  # never filled below: the decisions change the state
        played = 0
        while played != limit:
            movers = to_move()
            if not movers:
                return True
            mover = movers[0] if len(movers) == 1 else movers[randbelow(getrandbits, len(movers))]
            legal = legal_actions(mover)
            if not legal:
                raise IndexError("Cannot choose from an empty sequence")
            apply(mover, legal[randbelow(getrandbits, len(legal))])
            played += 1
        return not to_move()

    def _play_checked(self, rng: random.Random, limit: int | None) -> bool:
        choice = rng.choice
        played = 0
        while played != limit:
            movers = self.to_move()
            if not movers:
                return True
            mover = movers[0] if len(movers) == 1 else choice(movers)
            self.apply(mover, choice(self.legal_actions(mover)))
            played += 1
        return not self.to_move()

    def undoable(self, seat: int) -> int:
        """How many of `seat`'s last decisions it may take back now, one per undo: its own
        decisions since another seat last decided, a random draw happened or something hidden
        was revealed (docs/engine.md "Undo"); 0 once the game is over."""
        self._check_seat(seat)
        return undo.undoable(self, seat)

    def undo_window_known(self) -> bool:
        """False when the decisions that may be undone might reach back before the snapshot
        this state was loaded from (which does not say): a replay from the seed knows."""
        return self._undo_why != undo.LOADED

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not undo now (a sentence for the player), or None when it may."""
        return undo.refusal(self, seat)

    def undo(self, seat: int) -> None:
        """Take back `seat`'s last decision: the state becomes exactly the one before it. Raises
        IllegalAction, changing nothing, when the rules of undo do not allow it."""
        undo.take_back(self, seat)

    def _listed(self, player: int) -> list[Action]:
        """The legal actions of `player`, computed once per state (apply clears the cache)."""
        legal = self._legal.get(player) if type(player) is int else None
        if legal is None:
            if type(player) is not int or not 0 <= player < self.num_players:
                self._check_seat(player)  # raises IllegalAction
            legal = self._legal_actions(player) if player in self._to_move() else []
            self._legal[player] = legal
        return legal

    def is_terminal(self) -> bool:
        return self._is_terminal()

    def returns(self) -> list[float]:
        """Per-player result: zeros until the game ends, then 1 for a win, 0 for a loss, a
        shared win split evenly (the exact scheme is the game's, documented in its rulings)."""
        return self._returns() if self._is_terminal() else [0.0] * self.num_players

    def end_reason(self) -> str | None:
        """None while the game goes on; once it is over, the name of the way it ended."""
        return self._end_reason() if self._is_terminal() else None

    def view(self, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see, JSON-ready; viewer None is a spectator (public information)."""
        self._check_viewer(viewer)
        terminal = self._is_terminal()
        return {
            "game": self.game.id,
            "num_players": self.num_players,
            "options": copy_json(self.options),
            "seat": viewer,
            "seat_names": list(self._seat_names()),
            "to_move": self.to_move(),
            "is_terminal": terminal,
            "returns": self.returns() if terminal else None,
            "legal_actions": [] if viewer is None else self.legal_actions(viewer),
            "state": self._view(viewer),
        }

    def log(self, viewer: int | None) -> list[dict[str, Any]]:
        """The event log as `viewer` sees it (same redaction rule as view)."""
        self._check_viewer(viewer)
        return log_for(self.events, viewer, self._seat_names())

    def entries(self) -> list[tuple[tuple[int, ...] | None, Shown, Shown | None]]:
        """Every event as read, unredacted: (visible_to, full, redacted) (for tallies)."""
        names = self._seat_names()
        return [(seats, as_read(full, names), None if hidden is None else as_read(hidden, names))
                for seats, full, hidden in self.events]

    def clone(self, records: bool = True) -> State:
        """An independent copy. It keeps the log and history unless `records` is False (or
        this state has none: a clone of a search state is a search state)."""
        new = object.__new__(type(self))
        copied = self._copied_fields()
        for name, value in vars(self).items():
            if name in copied and type(value) not in SCALARS:  # an int, str... is shared
                value = copy_json(value)
            setattr(new, name, value)
        new.game = self.game
        new.num_players = self.num_players
        new.options = self.options  # never changed after setup
        new.rng = self.rng.copy()
        if records and self._records:
            new.history = self.history[:]
            new.events = self.events[:]
            new._records = True
        else:
            new.history = []
            new.events = []
            new._records = False
        new._legal = {}
        new._names = self._names
        new._undo_from = self._undo_from if new._records else 0
        new._undo_why = self._undo_why
        new._revealed = False
        return new

    @classmethod
    def _copied_fields(cls) -> frozenset[str]:
        copied = cls.__dict__.get("_copied")
        if copied is None:
            copied = frozenset(name for name in cls.FIELDS if name not in cls.FIXED_FIELDS)
            cls._copied = copied  # type: ignore[attr-defined]
        return copied

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()

    def resample(self, player: int, rng: random.Random, records: bool = False) -> State:
        """A state consistent with everything `player` has seen: hidden information redealt and
        future randomness reseeded. It is a search state, with no log or history, unless
        `records`: then they are kept, reduced to what `player` saw."""
        self._check_seat(player)
        new = self.clone(records=False)
        new._resample(player, rng)
        new.rng = Rng(rng.getrandbits(62))
        if not (records and self._records):
            return new
        new._records = True
        new.events = [kept for event in self.events if (kept := _as_known_to(event, player))]
        new.history = [
            (actor, action)
            if actor == player or action == HIDDEN_ACTION or self._action_is_public(actor, action)
            else (actor, HIDDEN_ACTION)
            for actor, action in self.history
        ]
        new._undo_from, new._undo_why = len(new.history), undo.RESAMPLED  # nothing to undo
        return new

    def to_json(self) -> dict[str, Any]:
        """An exact, JSON-ready snapshot; game.from_json(doc) restores it. The document is the
        caller's to change, except the event dicts inside it, which are shared read-only."""
        return {
            "format": self.rng.format,
            "game": self.game.id,
            "num_players": self.num_players,
            "options": copy_json(self.options),
            "rng": self.rng.to_json(),
            "history": [[player, action] for player, action in self.history],
            # entries as read; their dicts are never mutated, so they are shared
            "events": events_to_json(self.events, self._seat_names()),
            "state": {name: copy_json(getattr(self, name)) for name in self.FIELDS},
        }

    # ---- helpers for games ---------------------------------------------------------------------
    def mark_reveal(self) -> None:
        """Say that the running decision shows some seat a hidden card or value: nothing
        decided before it can be undone any more. Call it where the rule reveals something."""
        self._revealed = True

    def emit(self, kind: str, template: str, **data: Any) -> None:
        """Log a public event. `template` is formatted with `data` only when the log is read
        (docs/engine.md "Logging": `{seat:name}` shows a seat's name, `_` keys are text only)."""
        if self._records:
            self.events.append((None, Entry(kind, template, data), None))

    @property
    def recording(self) -> bool:
        """False in a search state (no log is kept): a game may skip building log data then."""
        return self._records

    def entry(self, kind: str, template: str, **data: Any) -> Entry:
        """An entry for emit_private, formatted like emit's when read."""
        return Entry(kind, template, data)

    def emit_private(
        self,
        seats: tuple[int, ...],
        full: Logged,
        redacted: Logged | None,
    ) -> None:
        """Log an event that `seats` see in full and everyone else sees as `redacted` (entries
        made by `entry`, or ready dicts)."""
        if self._records:
            self.events.append((seats, full, redacted))

    def seat_names(self) -> list[str]:
        """What each seat is called (a game may let players pick, e.g. their colour). Fixed
        for the whole game: it may depend on the options and player count only."""
        return self.game.seat_names(self.num_players)

    def _seat_names(self) -> tuple[str, ...]:
        names = self._names
        if names is None:
            names = self._names = tuple(self.seat_names())
        return names

    def seat_name(self, seat: int) -> str:
        return self._seat_names()[seat]

    # ---- checks --------------------------------------------------------------------------------
    def _check_seat(self, player: Any) -> None:
        if type(player) is not int or not 0 <= player < self.num_players:
            raise IllegalAction(
                f"there is no seat {player!r}; seats are 0 to {self.num_players - 1}"
            )

    def _check_viewer(self, viewer: Any) -> None:
        if viewer is not None:
            self._check_seat(viewer)

    def _illegal(self, player: int, action: Any, legal: list[Action]) -> IllegalAction:
        if self._is_terminal():
            return IllegalAction(f"the game is over; {action!r} cannot be played")
        if not legal:
            return IllegalAction(
                f"{self.seat_name(player)} (seat {player}) is not to move; "
                f"to move: {self.to_move()}"
            )
        shown = ", ".join(legal[:12]) + (f", … ({len(legal)} in all)" if len(legal) > 12 else "")
        return IllegalAction(
            f"{action!r} is not a legal action for {self.seat_name(player)} (seat {player}) "
            f"now; legal: {shown}"
        )


def randbelow(getrandbits: Callable[[int], int], n: int) -> int:
    """CPython's `Random._randbelow(n)` (n >= 1) with the generator's `getrandbits` at hand:
    the same draws, so `items[randbelow(rng.getrandbits, len(items))]` is `rng.choice(items)`
    without its two calls (the random playouts' draws; zones.shuffle writes it out inline)."""
    k = n.bit_length()
    j = getrandbits(k)
    while j >= n:
        j = getrandbits(k)
    return j


def _as_known_to(event: Event, viewer: int) -> Event | None:
    """The event as it may stand in a state resampled for `viewer`: what others alone saw is
    replaced by its redacted form; what `viewer` never saw at all is dropped."""
    shown = seen_by(event, viewer)
    if shown is None:
        return None
    visible_to, full, redacted = event
    return event if shown is full else (visible_to, shown, shown)  # shown is the redacted

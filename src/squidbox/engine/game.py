"""The game object: creates states, restores snapshots, and numbers the actions."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from . import undo
from .errors import IllegalAction, InvalidOptions, SnapshotError, SquidboxError
from .events import events_from_json, without_text
from .jsoncopy import copy_json
from .options import Option, resolve_options
from .rng import FORMAT, Rng, Rng1, generator
from .spelling import spelling_table
from .state import HIDDEN_ACTION, Action, State

# Snapshot format -> its generator: 1 before the counter-based generator, 2 since (engine/rng.py).
SNAPSHOT_FORMATS: dict[Any, type[Rng] | type[Rng1]] = {1: Rng1, 2: Rng}
SNAPSHOT_KEYS = {"format", "game", "num_players", "options", "rng", "history", "events", "state"}


class Game(ABC):
    """Base class of every game. A subclass sets the class attributes and `state_class`, and
    lists every action that can ever be legal in `all_actions` (its index is the action id)."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: int  # a class attribute, or set by a game's __init__ from its data file
    max_players: int
    options: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type[State]]
    # Facts about the game's dynamics, for the adapters.
    simultaneous: ClassVar[bool] = False
    hidden_information: ClassVar[bool] = True
    chance: ClassVar[bool] = True
    # What returns() add up to in every finished game (1.0: a win is shared out), or None when
    # they vary. The adapters tell learning libraries whether the game is constant-sum.
    returns_sum: ClassVar[float | None] = 1.0
    # Option sets the conformance suite and `squidbox fuzz` play besides the defaults.
    option_presets: ClassVar[tuple[dict[str, Any], ...]] = ()

    def __init__(self) -> None:
        self.actions: tuple[Action, ...] = tuple(self.all_actions())
        self._action_ids = {action: i for i, action in enumerate(self.actions)}
        if len(self._action_ids) != len(self.actions) or HIDDEN_ACTION in self._action_ids:
            raise ValueError(f"{self.id}: action names must be unique and not {HIDDEN_ACTION!r}")
        self._spellings = spelling_table(self.actions)  # ASCII spelling -> action name

    # ---- what a game provides ----------------------------------------------------------------
    @abstractmethod
    def all_actions(self) -> Sequence[Action]:
        """Every action that can ever be legal in this game, in a fixed order."""

    def max_game_length(self, num_players: int, options: Mapping[str, Any]) -> int:
        """An upper bound on the decisions in one game (the conformance suite checks it)."""
        return 100_000

    def check_options(self, num_players: int, options: dict[str, Any]) -> None:
        """Cross-checks between options; raise InvalidOptions."""

    def seat_names(self, num_players: int) -> list[str]:
        return [f"Player {i + 1}" for i in range(num_players)]

    # A heuristic: the estimated result of a position for `seat`, in [0, 1], judged from that
    # seat's view alone. Games set it to a function from their heuristic module; bots use it.
    evaluate_view: Callable[[dict[str, Any], int], float] | None = None

    def evaluate_state(self, state: State) -> list[float]:
        """evaluate_view for every seat (for search that cuts playouts short)."""
        assert self.evaluate_view is not None, f"{self.id} has no heuristic"
        return [self.evaluate_view(state.view(seat), seat) for seat in range(state.num_players)]

    def render(self, view: dict[str, Any]) -> str:
        """The view drawn as text for the terminal."""
        return repr(view["state"])

    def action_label(self, view: dict[str, Any], action: Action) -> str:
        """A longer, human description of a legal action, from the player's view."""
        return action

    # ---- creating and restoring states ------------------------------------------------------
    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def new_game(
        self,
        num_players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        engine_format: int = FORMAT,
    ) -> State:
        """A new game. A seed of None draws one from the system (still recorded in the state).
        `engine_format` 1 deals with the generator of the games stored before format 2
        (engine/rng.py), to replay them."""
        self._check_player_count(num_players)
        resolved = resolve_options(self.options, options, num_players)
        self.check_options(num_players, resolved)
        if seed is None:
            seed = random.SystemRandom().getrandbits(62)
        if type(seed) is not int:
            raise InvalidOptions(f"the seed must be an integer, got {seed!r}")
        try:
            rng = generator(engine_format, seed)
        except ValueError as e:
            raise InvalidOptions(str(e)) from None
        state = self._blank_state(num_players, resolved, rng)
        state._setup()
        state._derive()
        return state

    def replay(
        self,
        num_players: int,
        seed: int,
        options: Mapping[str, Any] | None,
        history: Sequence[tuple[int, Action] | list[Any]],
        engine_format: int = FORMAT,
    ) -> State:
        """The state reached by playing `history` from a new game (raises IllegalAction)."""
        state = self.new_game(num_players, seed, options, engine_format)
        for player, action in history:
            state.apply(player, action)
        return state

    def from_json(self, doc: Any, verify: bool = False) -> State:
        """Restore a snapshot exactly. A malformed or inconsistent one raises SnapshotError.
        With verify, the history is also replayed from the seed and must reach the same state."""
        try:
            state = self._load(doc)
            state.check_invariants()
        except SnapshotError as e:
            raise SnapshotError(f"corrupt {self.id} snapshot: {e}") from e
        except (SquidboxError, AssertionError, KeyError, TypeError, ValueError, IndexError) as e:
            raise SnapshotError(f"corrupt {self.id} snapshot: {type(e).__name__}: {e}") from e
        if verify:
            self._verify(doc, state)
        return state

    def _load(self, doc: Any) -> State:
        if not isinstance(doc, dict):
            raise SnapshotError(f"a snapshot must be a JSON object, got {type(doc).__name__}")
        if set(doc) != SNAPSHOT_KEYS:
            raise SnapshotError(
                f"snapshot keys must be {sorted(SNAPSHOT_KEYS)}, got {sorted(map(str, doc))}"
            )
        if doc["format"] not in SNAPSHOT_FORMATS:
            raise SnapshotError(f"unsupported snapshot format {doc['format']!r}")
        if doc["game"] != self.id:
            raise SnapshotError(f"this snapshot is of game {doc['game']!r}, not {self.id!r}")
        num_players = doc["num_players"]
        self._check_player_count(num_players)
        options = resolve_options(self.options, doc["options"], num_players)
        if options != doc["options"]:
            raise SnapshotError("snapshot options must list every option's value")
        self.check_options(num_players, options)
        rng = SNAPSHOT_FORMATS[doc["format"]].from_json(doc["rng"])
        state = self._blank_state(num_players, options, rng)
        state.history = [self._history_entry(entry, num_players) for entry in doc["history"]]
        state.events = events_from_json(copy_json(doc["events"]))
        # A snapshot does not say which decisions may still be undone: none (verify replays
        # and knows).
        state._undo_from, state._undo_why = len(state.history), undo.LOADED
        fields = doc["state"]
        if not isinstance(fields, dict) or set(fields) != set(state.FIELDS):
            raise SnapshotError(f"snapshot state must have exactly the fields {state.FIELDS}")
        for name in state.FIELDS:
            setattr(state, name, copy_json(fields[name]))
        state._derive()
        return state

    def _history_entry(self, entry: Any, num_players: int) -> tuple[int, Action]:
        if not (isinstance(entry, list) and len(entry) == 2):
            raise SnapshotError(f"a history entry must be [player, action], got {entry!r}")
        player, action = entry
        if type(player) is not int or not 0 <= player < num_players:
            raise SnapshotError(f"history names no seat {player!r}")
        if action != HIDDEN_ACTION and action not in self._action_ids:
            raise SnapshotError(f"history holds an unknown action {action!r}")
        return (player, action)

    def _verify(self, doc: dict[str, Any], state: State) -> None:
        if any(action == HIDDEN_ACTION for _, action in state.history):
            raise SnapshotError("a resampled snapshot cannot be verified by replay")
        try:
            replayed = self.replay(state.num_players, state.seed, state.options, state.history,
                                   state.rng.format)
        except IllegalAction as e:
            raise SnapshotError(f"snapshot history does not replay: {e}") from e
        if without_text(replayed.to_json()) != without_text(doc):
            raise SnapshotError("snapshot does not match the replay of its own history")
        state._undo_from, state._undo_why = replayed._undo_from, replayed._undo_why

    def _blank_state(
        self, num_players: int, options: dict[str, Any], rng: Rng | Rng1
    ) -> State:
        state = object.__new__(self.state_class)
        state.game = self
        state.num_players = num_players
        state.options = options
        state.rng = rng
        state.history = []
        state.events = []
        state._legal = {}
        state._records = True
        state._names = None
        state._undo_from, state._undo_why, state._revealed = 0, undo.START, False
        return state

    def _check_player_count(self, num_players: Any) -> None:
        if type(num_players) is not int or num_players not in self.player_counts:
            raise InvalidOptions(
                f"{self.name} takes {self.min_players} to {self.max_players} players, "
                f"not {num_players!r}"
            )

    # ---- stable action ids (for learning libraries) --------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        return len(self.actions)

    def canonical_action(self, action: Any) -> Any:
        """The action an ASCII spelling stands for ("play Zeige -1" -> "play Zeige −1");
        anything else unchanged."""
        return self._spellings.get(action, action) if type(action) is str else action

    def action_to_id(self, action: Action) -> int:
        try:
            return self._action_ids[self.canonical_action(action)]
        except (KeyError, TypeError):
            raise IllegalAction(f"{action!r} is not an action of {self.name}") from None

    def action_from_id(self, action_id: int) -> Action:
        if type(action_id) is not int or not 0 <= action_id < len(self.actions):
            raise IllegalAction(
                f"{self.name} has action ids 0 to {len(self.actions) - 1}, not {action_id!r}"
            )
        return self.actions[action_id]

    def describe(self) -> dict[str, Any]:
        """A JSON-ready summary: id, name, player counts and options."""
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [
                {"name": o.name, "default": o.default, "help": o.help,
                 "choices": None if o.choices is None else list(o.choices)}
                for o in self.options
            ],
        }

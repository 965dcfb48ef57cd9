"""Every squidbox game as an OpenSpiel Python game: `pyspiel.load_game("squidbox_<id>")` once this
module is imported.

How the games map onto OpenSpiel's model:
- Chance: a squidbox state keeps its own seeded generator, so the root is one explicit chance
  node that picks the seed (out of `seeds`, uniformly), hidden from every player. Everything after
  it is a function of the seed and the players' actions, exactly as in squidbox.
- Simultaneous choices are, in squidbox, submitted one seat at a time and hidden until all are in:
  a sequential game of imperfect information, which is how they appear here (dynamics SEQUENTIAL;
  the seat to move is the first still to submit).
- Utility: squidbox returns (1 win, 0 loss, shared wins split) add up to 1: CONSTANT_SUM, with
  min_utility 0 and max_utility 1 (every game has sole wins and outright losses).
- Length: OpenSpiel wants a bound on the decisions in a game. The rules of Grid Squid (rounds x
  cards per round x players), Squid, Inc. and Directors with one Sphinx payment a command
  (turns x decisions a turn, from their data files) give one: the game's `max_game_length`.
  Elsewhere the rules give none that can be computed or used (docs/research.md says why for
  each), so, as OpenSpiel's own
  backgammon and crazy_eights do, the game ends at the `max_game_length` parameter (default
  HORIZON decisions) as a tie, returns shared evenly. Random games stay far below it.
- Information state string: the seat's log and view as JSON (perfect recall: the log is
  everything the seat has seen). Observation string: the view alone. Observation tensor: the
  game's designed observation (squidbox.games.observations, docs/observations.md);
  information state tensor: that observation followed by the public history the seat saw, in
  a fixed size (per-seat counts of the actions it saw taken and the last decisions). None of
  them includes anything the seat may not see (the tests resample what it cannot see).
  Before the deal (the root chance node) both tensors are zero.
- resample_from_infostate uses squidbox's resample, so OpenSpiel's IS-MCTS searches fairly.

Parameters: players (default the game's fewest), seeds (root chance outcomes, default 1000),
max_game_length (default the game's own bound, else HORIZON), options (the squidbox options as a
JSON object string, default "{}"). OpenSpiel's game strings separate parameters with commas, so
the game stores the options percent-encoded ("," as %2C): `str(game)` loads the same game
again, and copies and pickles of states keep every option.
"""

from __future__ import annotations

import json
import random
import urllib.parse
from typing import Any

import numpy as np
import pyspiel

import squidbox
from squidbox.engine import Game, IllegalAction, InvalidOptions, State
from squidbox.games.observations import Observer, observer

SEEDS = 1000
# Decisions after which a game whose rules set no computable bound ends as a tie: more than 7
# times the longest of 300 random games at the largest table of any game (640 decisions).
HORIZON = 5000


def rules_bound(game: Game, num_players: int, options: dict[str, Any]) -> int | None:
    """The bound on the game's length its rules give for this table, or None where they give
    none: the game answers with the engine's default, which bounds nothing."""
    bound = game.max_game_length(num_players, options)
    return None if bound == Game.max_game_length(game, num_players, options) else bound


def default_length(game: Game, num_players: int, options: dict[str, Any]) -> int:
    bound = rules_bound(game, num_players, options)
    return HORIZON if bound is None else bound


def short_name(game_id: str) -> str:
    return f"squidbox_{game_id}"


def _game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"squidbox {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.CONSTANT_SUM if game.returns_sum is not None
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "seeds": SEEDS, "options": "{}",
                                 "max_game_length": 0},  # 0: the default
    )


# Characters OpenSpiel's game-string parser reads as syntax; "%" so that decoding is exact.
_GAME_STRING_SAFE = "".join(sorted(set(map(chr, range(32, 127))) - set("%,()=")))


def encode_options(options: dict[str, Any]) -> str:
    return urllib.parse.quote(json.dumps(options, sort_keys=True), safe=_GAME_STRING_SAFE)


def parse_options(text: str) -> dict[str, Any]:
    """The options parameter: a JSON object, percent-encoded or not."""
    try:
        options = json.loads(urllib.parse.unquote(text))
    except json.JSONDecodeError as e:
        raise InvalidOptions(f"options must be a JSON object: {e}") from None
    if not isinstance(options, dict):
        raise InvalidOptions(f"options must be a JSON object, not {text!r}")
    return options


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no types
    """An OpenSpiel game wrapping one squidbox game, player count and options."""

    squidbox_game: Game  # set on each registered subclass

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.squidbox_game
        params = params or {}
        num_players = int(params.get("players", game.min_players))
        seeds = int(params.get("seeds", SEEDS))
        options = parse_options(params.get("options", "{}"))
        # Validates player count and options with squidbox's own errors.
        probe = game.new_game(num_players, seed=0, options=options)
        self.num_seeds = seeds
        self.length = int(params.get("max_game_length", 0)) or \
            default_length(game, num_players, probe.options)
        if self.length < 1:
            raise InvalidOptions(f"max_game_length must be positive, not {self.length}")
        self.options = probe.options
        self.action_ids = {action: i for i, action in enumerate(game.actions)}
        self.observer = observer(game, num_players)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=seeds,
            num_players=num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=game.returns_sum if game.returns_sum is not None else None,
            max_game_length=self.length,
        )
        super().__init__(_game_type(game), info, {**params, "options": encode_options(options)})

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    # pyspiel copies a game by rebuilding its C++ part from the parameters, which drops the
    # Python attributes set in __init__ (the options). A game never changes once made, so a deep
    # copy (what State.clone and child do to a state's attributes) is the game itself, and a
    # pickle loads it again by its parameters.
    def __deepcopy__(self, memo: dict[int, Any]) -> SpielGame:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return pyspiel.load_game, (str(self),)

    # pyspiel learns a Python game's tensor sizes by making a new root state and writing its
    # tensor on every call (of these, and of a state's observation_tensor): the sizes are the
    # observer's, known once the game is made.
    def observation_tensor_shape(self) -> list[int]:
        return [self.observer.size]

    def observation_tensor_size(self) -> int:
        return int(self.observer.size)

    def information_state_tensor_shape(self) -> list[int]:
        return [self.observer.info_size]

    def information_state_tensor_size(self) -> int:
        return int(self.observer.info_size)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return ViewObserver(self.observer, perfect_recall)


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no types
    # OpenSpiel asks for the player to move, the end and the legal actions several times per
    # decision, so they are worked out once after each action (`_settle`) and kept: `inner`
    # changes only through apply_action (or is replaced, then settled, as resampling does).
    def __init__(self, game: SpielGame, inner: State | None = None) -> None:
        super().__init__(game)
        self._spiel_game = game
        self.inner = inner  # None at the root chance node, before the seed is drawn
        self.decisions = 0
        self._settle()

    def _settle(self) -> None:
        inner = self.inner
        self._legal: list[int] | None = None  # the legal action ids of the player to move
        if inner is None:
            self._ended = self._cut_short = False
            self._player = int(pyspiel.PlayerId.CHANCE)
            return
        over = inner.is_terminal()
        self._cut_short = not over and self.decisions >= self._spiel_game.length
        self._ended = over or self._cut_short
        self._player = int(pyspiel.PlayerId.TERMINAL) if self._ended else min(inner.to_move())

    # ---- whose move ------------------------------------------------------------------------
    def current_player(self) -> int:
        return self._player

    def is_terminal(self) -> bool:
        return self._ended

    def is_cut_short(self) -> bool:
        """The game reached the max_game_length parameter before its end: a tie."""
        return self._cut_short

    def returns(self) -> list[float]:
        players = self._spiel_game.num_players()
        if self.inner is None:
            return [0.0] * players
        if self._cut_short:
            return [(self._spiel_game.squidbox_game.returns_sum or 1.0) / players] * players
        return self.inner.returns()

    # ---- actions --------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = self._spiel_game.num_seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's LegalActions (the chance outcomes at the chance node, none once the game is
        over or for a seat not to move), answered here without a round trip through C++."""
        if self._ended:
            return []
        if self.inner is None:
            return list(range(self._spiel_game.num_seeds))
        if player is None or player == self._player:
            return self._legal_actions(self._player)
        if player < 0:
            raise pyspiel.SpielError(f"legal actions of pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        assert self.inner is not None
        if player != self._player:
            return []
        if self._legal is None:
            ids = self._spiel_game.action_ids
            self._legal = sorted([ids[a] for a in self.inner.legal_actions(player)])
        return self._legal[:]

    def _apply_action(self, action: int) -> None:
        if self.inner is None:
            spiel = self._spiel_game
            self.inner = spiel.squidbox_game.new_game(
                spiel.num_players(), seed=int(action), options=spiel.options)
        elif self._cut_short:
            raise IllegalAction(f"the game ended at max_game_length ({self.decisions} decisions)")
        else:
            self.inner.apply(self._player, self.inner.game.action_from_id(int(action)))
            self.decisions += 1
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self._spiel_game.squidbox_game.action_from_id(int(action))

    # ---- what a seat knows ----------------------------------------------------------------------
    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        if self.inner is None:
            return "before the deal"
        return json.dumps({"log": self.inner.log(seat), "view": self.inner.view(seat)},
                          sort_keys=True)

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        if self.inner is None:
            return "before the deal"
        return json.dumps(self.inner.view(seat), sort_keys=True)

    # pyspiel's own observation_tensor and information_state_tensor make a new root state on
    # every call to learn the tensor's size; these write the same values straight away.
    def observation_tensor(self, player: int | None = None) -> list[float]:
        seat = self._seat(player)
        if self.inner is None:
            return [0.0] * self._spiel_game.observer.size
        values: list[float] = self._spiel_game.observer.observation(self.inner, seat).tolist()
        return values

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        seat = self._seat(player)
        if self.inner is None:
            return [0.0] * self._spiel_game.observer.info_size
        values: list[float] = self._spiel_game.observer.information_state(self.inner,
                                                                          seat).tolist()
        return values

    def _seat(self, player: int | None) -> int:
        """A seat to observe for (default the player to move), checked as pyspiel checks it."""
        seat = self._player if player is None else int(player)
        if not 0 <= seat < self._spiel_game.num_players():
            raise pyspiel.SpielError(f"no seat {seat} in a {self._spiel_game.num_players()}-"
                                     "player game")
        return seat

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state the seat cannot tell from this one (squidbox's resample), drawn with a seed
        taken from the sampler."""
        resampled: SpielState = self.clone()
        if self.inner is not None:
            seed = int(probability_sampler() * 2**31)
            # with records: the information state string holds the seat's log
            resampled.inner = self.inner.resample(player_id, random.Random(seed), records=True)
            resampled._settle()  # another seat's legal actions may differ in the resample
        return resampled

    def __str__(self) -> str:
        if self.inner is None:
            return "Chance: the seed is drawn."
        return self.inner.game.render(self.inner.view(None))


class ViewObserver:
    """OpenSpiel's observer interface: the designed observation, or for perfect recall the
    information-state tensor (and the view, or view and log, as strings)."""

    def __init__(self, observer: Observer, perfect_recall: bool) -> None:
        self.observer = observer
        self.perfect_recall = perfect_recall
        size = observer.info_size if perfect_recall else observer.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"information_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        if state.inner is None:
            self.tensor.fill(0)
        elif self.perfect_recall:
            self.observer.information_state(state.inner, player, self.tensor)
        else:
            self.observer.observation(state.inner, player, self.tensor)

    def string_from(self, state: SpielState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def register_all() -> list[str]:
    """Register every squidbox game with OpenSpiel (done on import); returns the short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in squidbox.list_games():
        name = short_name(game.id)
        names.append(name)
        if name in registered:
            continue
        class_name = f"Spiel_{game.id}"
        spiel_class = type(class_name, (SpielGame,), {"squidbox_game": game})
        globals()[class_name] = spiel_class  # so that pickle finds it
        pyspiel.register_game(_game_type(game), spiel_class)
    return names


REGISTERED = register_all()


def heuristic_evaluator() -> Any:
    """An OpenSpiel MCTS evaluator that scores a (resampled) state with the squidbox game's own
    heuristic instead of a random playout: cheap enough for long games. The prior is uniform."""
    from open_spiel.python.algorithms import mcts

    class HeuristicEvaluator(mcts.Evaluator):  # type: ignore[misc]  # untyped
        def evaluate(self, state: SpielState) -> np.ndarray:
            inner = state.inner
            if inner is None or state.is_terminal() or inner.game.evaluate_view is None:
                return np.array(state.returns() if state.is_terminal()
                                else [0.5] * state.num_players())
            return np.array(inner.game.evaluate_state(inner))

        def prior(self, state: SpielState) -> list[tuple[int, float]]:
            if state.is_chance_node():
                return state.chance_outcomes()
            legal = state.legal_actions(state.current_player())
            return [(action, 1.0 / len(legal)) for action in legal]

    return HeuristicEvaluator()

"""Information Set Monte Carlo Tree Search (single observer), over resampled states only.

Each iteration draws one determinization, `state.resample(player, rng)`: a state consistent with
what `player` has seen, hidden cards redealt and future randomness reseeded. The search never
touches the true state beyond the public protocol (to_move, legal_actions of its own seat), so it
cannot cheat, and since resampling depends only on what the player saw, the same seed decides the
same on any state the player cannot tell apart.

Tree edges are keyed by (mover, action), because who may act next can depend on hidden
information. An edge's statistics are kept from its mover's point of view (each seat maximises
its own return, as in max-n), and selection uses availability counts instead of parent visits,
since an action is only available in some determinizations (Cowling, Powley & Whitehouse 2012).
Simultaneous decisions are searched one seat at a time, in seat order after the searching seat.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..engine import Action, State

Evaluate = Callable[[State], list[float]]


class _Edge:
    __slots__ = ("visits", "reward", "available", "child")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.child: dict[tuple[int, Action], _Edge] = {}


class ISMCTSBot:
    """ISMCTS with a budget of `iterations` per decision, or of `seconds` when given (a time
    budget is not reproducible: the number of iterations then depends on the machine).

    `rollout_depth` cuts random playouts short for long games; the cut state is then scored by
    `evaluate` (per-seat values in [0, 1]), which a game's heuristic can provide."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        evaluate: Evaluate | None = None,
    ) -> None:
        if rollout_depth is not None and evaluate is None:
            raise ValueError("a rollout depth needs an evaluation for the cut-off states")
        self.name = "ismcts"
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        root = self.search(state, player)
        return max(legal, key=lambda a: _visits(root, player, a))

    def search(self, state: State, player: int) -> _Edge:
        """The search tree's root after the budget, for `player` to move in `state`: its
        children are keyed by (mover, action), each with its visits and total reward."""
        root = _Edge()
        if self.seconds is None:
            for _ in range(self.iterations):
                self._iterate(root, state.resample(player, self.rng), player)
        else:
            deadline = time.perf_counter() + self.seconds
            while time.perf_counter() < deadline:
                self._iterate(root, state.resample(player, self.rng), player)
        return root

    def _iterate(self, root: _Edge, state: State, player: int) -> None:
        path: list[tuple[int, _Edge]] = []
        node = root
        mover = player  # `state` is a resample of a state in which `player` is to move
        while True:
            legal = state.legal_actions(mover)
            action = None if mover == player else self._model(state, mover, legal)
            if action is not None:  # an opponent's move from the opponent model, no selection
                edge, new = self._edge(node, mover, action)
            else:
                edge, new, action = self._expand_or_select(node, mover, legal)
            state.apply(mover, action)
            path.append((mover, edge))
            if new:
                break
            node = edge
            movers = state.to_move()
            if not movers:  # the game is over
                break
            mover = _next_mover(movers, mover, state.num_players)
        values = self._rollout(state)
        for seat, edge in path:
            edge.visits += 1
            edge.reward += values[seat]

    def _expand_or_select(self, node: _Edge, mover: int,
                          legal: list[Action]) -> tuple[_Edge, bool, Action]:
        """A new edge for an action not tried yet in this node, else the UCB choice (the edge,
        whether it is new, its action); counts every legal action's availability."""
        child = node.child
        unexplored = []
        for action in legal:  # one pass: count availability, find what is unexplored
            edge = child.get((mover, action))
            if edge is None:
                unexplored.append(action)
            else:
                edge.available += 1
        if unexplored:
            action = self.rng.choice(unexplored)
            edge = child[(mover, action)] = _Edge()
            edge.available = 1
            return edge, True, action
        action = self._select(node, mover, legal)
        return child[(mover, action)], False, action

    @staticmethod
    def _edge(node: _Edge, mover: int, action: Action) -> tuple[_Edge, bool]:
        edge = node.child.get((mover, action))
        if edge is not None:
            return edge, False
        edge = node.child[(mover, action)] = _Edge()
        return edge, True

    def _model(self, state: State, mover: int, legal: list[Action]) -> Action | None:
        """An opponent's move in the tree, from a model of how opponents play, or None to search
        the opponent's decision as its own max-n node (this bot's way)."""
        return None

    def _select(self, node: _Edge, mover: int, legal: list[Action]) -> Action:
        best, best_score = legal[0], -math.inf
        child, exploration, sqrt, log = node.child, self.exploration, math.sqrt, math.log
        for action in legal:
            edge = child[(mover, action)]
            visits = edge.visits
            score = edge.reward / visits + exploration * sqrt(log(edge.available) / visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def _rollout(self, state: State) -> list[float]:
        """Random decisions to the end, or for `rollout_depth` decisions and then `evaluate`
        (the same draws as a loop of to_move, legal_actions and apply, through the engine's
        `play_random`, which skips the protocol's checks in a search state)."""
        if state.play_random(self.rng, self.rollout_depth):
            return state.returns()
        assert self.evaluate is not None
        return self.evaluate(state)


def _next_mover(movers: list[int], previous: int, seats: int) -> int:
    """The next seat to decide: the first in seat order after `previous` among `movers`."""
    if len(movers) == 1:
        return movers[0]
    for step in range(1, seats + 1):
        seat = (previous + step) % seats
        if seat in movers:
            return seat
    raise ValueError(f"no seat of {movers} sits at a table of {seats}")


def _visits(root: _Edge, player: int, action: Action) -> int:
    edge = root.child.get((player, action))
    return 0 if edge is None else edge.visits

"""The strong bot: ISMCTS whose opponents play as the heuristic would and whose playouts are
short and end in the game's own evaluation.

Uniformly random playouts to the end of a long game say little about a move: in Grid Squid, 800
of them per decision do not measurably beat the one-step heuristic bot. This bot searches the
same information-set tree (`ISMCTSBot`, over resampled states only, so it sees only its seat),
with three changes, each measured against the plain search (docs/benchmarks.md, "Bot levels"):

- Opponents' decisions in the tree are, for a share `model` of them, the heuristic's choice for
  that opponent instead of a searched max-n node. Searched opponents answer moves they could
  not have seen (a hidden vote, a face-down card) because the tree puts them below ours. The
  heuristic decides on the determinization resampled once more for the opponent, as the real
  heuristic bot does, so our hidden move is redealt before it looks one decision ahead, and it
  draws among equally valued moves as the heuristic bot does.
- Each playout plays `rollout_depth` decisions, a share `greedy` of them the heuristic's and the
  rest at random, then scores the state with `game.evaluate_state` (each seat's estimated chance
  to win, in [0, 1]); a finished game is scored by its returns.
- Exploration is low, since evaluations of nearby positions differ by hundredths, not by wins.

`estimate` exposes the search's verdict: for each legal action, the mean value the searching
seat got after it, on the scale of the game's returns (1 a win, 0 a loss, a shared win split).
"""

from __future__ import annotations

from ..engine import Action, Game, State
from .ismcts import ISMCTSBot


class StrongBot(ISMCTSBot):
    """ISMCTS with short, partly greedy playouts cut off by the game's evaluation; a budget of
    `iterations` per decision, or `seconds` when given (then not reproducible)."""

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        iterations: int = 150,
        seconds: float | None = None,
        exploration: float = 0.25,
        rollout_depth: int = 2,
        greedy: float = 0.5,
        model: float = 1.0,
    ) -> None:
        if game.evaluate_view is None:
            raise ValueError(f"the strong bot needs a game with a heuristic; {game.id} has none")
        for name, share in (("greedy", greedy), ("model", model)):
            if not 0.0 <= share <= 1.0:
                raise ValueError(f"{name} is a share of decisions, in [0, 1], not {share}")
        if rollout_depth < 0:
            raise ValueError(f"rollout_depth counts decisions: at least 0, not {rollout_depth}")
        super().__init__(seed, iterations, seconds, exploration, rollout_depth, game.evaluate_state)
        self.name = "strong"
        self.game = game
        self.greedy = greedy
        self.model = model

    def estimate(self, state: State, player: int, prior: float = 0.0) -> dict[Action, float]:
        """For each legal action of `player` in `state` (which it sees only as `player` does), the
        estimated return of `player` after taking it: its chance of winning, in [0, 1]. An action's
        mean over its playouts is shrunk towards the mean of all the root's playouts by `prior`
        playouts' weight (a rarely tried action's few playouts say little). An action the budget
        left unvisited is scored by the evaluation after it, on one resample."""
        if prior < 0:
            raise ValueError(f"prior is a weight in playouts, at least 0, not {prior}")
        legal = state.legal_actions(player)
        root = self.search(state, player)
        edges = [root.child.get((player, action)) for action in legal]
        visits = sum(edge.visits for edge in edges if edge is not None)
        mean = sum(edge.reward for edge in edges if edge is not None) / visits if visits else 0.5
        values: dict[Action, float] = {}
        world: State | None = None
        for action, edge in zip(legal, edges, strict=True):
            if edge is not None and edge.visits:
                value = (edge.reward + prior * mean) / (edge.visits + prior)
                values[action] = min(1.0, max(0.0, value))
                continue
            world = world or state.resample(player, self.rng)
            after = world.clone()
            after.apply(player, action)
            values[action] = self._value(after)[player]
        return values

    def _rollout(self, state: State) -> list[float]:
        if self.greedy == 0.0:
            return super()._rollout(state)
        rng = self.rng
        for _ in range(self.rollout_depth or 0):
            movers = state.to_move()
            if not movers:
                return state.returns()
            mover = movers[0] if len(movers) == 1 else rng.choice(movers)
            legal = state.legal_actions(mover)
            if len(legal) > 1 and rng.random() < self.greedy:
                action = self._greedy_action(state, mover, legal)
            else:
                action = rng.choice(legal)
            state.apply(mover, action)
        return self._value(state)

    def _model(self, state: State, mover: int, legal: list[Action]) -> Action | None:
        if len(legal) > 1 and self.model and self.rng.random() < self.model:
            return self._greedy_action(state, mover, legal)
        return None

    def _greedy_action(self, state: State, mover: int, legal: list[Action]) -> Action:
        evaluate = self.game.evaluate_view
        assert evaluate is not None
        world = state.resample(mover, self.rng)  # what the mover sees, not what we hid
        values = []
        for action in legal:
            after = world.clone()
            after.apply(mover, action)
            values.append(evaluate(after.view(mover), mover))
        # Equal values are drawn among, as the heuristic bot does: always taking the first
        # would model an opponent that, in SQUID's call, always votes 0 where it votes at random.
        best = max(values)
        return self.rng.choice([a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9])

    def _value(self, state: State) -> list[float]:
        return state.returns() if state.is_terminal() else self.game.evaluate_state(state)


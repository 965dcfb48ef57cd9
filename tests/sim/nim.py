"""A toy game for the ladder test, where the three bot kinds are known to rank
random < heuristic < ISMCTS: Nim (take 1-3 stones, who takes the last wins). The heuristic sees
one decision ahead and knows that taking the last stone wins and that leaving 1-3 stones loses;
search also finds that leaving a multiple of 4 wins."""

import random

from squidbox.engine import Game, State

TAKES = ("take 1", "take 2", "take 3")


class NimState(State):
    FIELDS = ("stones", "current", "winner")

    def _setup(self):
        self.stones = 15
        self.current = 0
        self.winner = None

    def _to_move(self):
        return [] if self.winner is not None else [self.current]

    def _legal_actions(self, player):
        return list(TAKES[:min(3, self.stones)])

    def _apply(self, player, action):
        self.stones -= TAKES.index(action) + 1
        self.emit("take", f"{self.seat_name(player)} takes {action[5:]}.", seat=player)
        if self.stones == 0:
            self.winner = player
        self.current = 1 - player

    def _is_terminal(self):
        return self.winner is not None

    def _returns(self):
        return [1.0 if seat == self.winner else 0.0 for seat in range(2)]

    def _view(self, viewer):
        return {"stones": self.stones, "winner": self.winner}

    def _resample(self, player, rng: random.Random):
        pass  # nothing is hidden

    def check_invariants(self):
        assert 0 <= self.stones <= 15


class Nim(Game):
    id = "toy_nim"
    name = "Nim"
    min_players = 2
    max_players = 2
    hidden_information = False
    chance = False
    state_class = NimState

    def all_actions(self):
        return TAKES

    def evaluate_view(self, view, seat):
        state = view["state"]
        if state["winner"] is not None:
            return 1.0 if state["winner"] == seat else 0.0
        mine = view["to_move"] == [seat]
        if state["stones"] <= 3:  # whoever moves now takes the rest
            return 1.0 if mine else 0.0
        return 0.5

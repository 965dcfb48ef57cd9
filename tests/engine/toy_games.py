"""A toy game that uses what Grid Squid does not: simultaneous hidden choices, a chance value
hidden from everyone, and private per-seat information. Plus broken variants of it, to show
that the conformance checks catch each kind of bug."""

import random

from squidbox.engine import Game, Option, State

GUESSES = ("guess 1", "guess 2", "guess 3")


class SealedGuessState(State):
    """Each round every seat secretly guesses 1–3 at once; the hidden target is then revealed.
    A right guess scores 1, and guessing your own private bonus number scores 1 more."""

    FIELDS = ("round", "target", "bonus", "guesses", "points")

    def _setup(self):
        self.round = 1
        self.points = [0] * self.num_players
        self._new_round()

    def _new_round(self):
        self.target = self.rng.randrange(3) + 1
        self.bonus = [self.rng.randrange(3) + 1 for _ in range(self.num_players)]
        self.guesses = [None] * self.num_players

    def _to_move(self):
        if self.round > self.options["rounds"]:
            return []
        return [seat for seat, guess in enumerate(self.guesses) if guess is None]

    def _legal_actions(self, player):
        return list(GUESSES)

    def _apply(self, player, action):
        self.guesses[player] = GUESSES.index(action) + 1
        self.emit_private(
            (player,),
            {"type": "guess", "text": f"You guess {self.guesses[player]}.", "seat": player},
            {"type": "guess", "text": f"{self.seat_name(player)} has guessed.", "seat": player},
        )
        if None not in self.guesses:
            self._reveal()

    def _reveal(self):
        for seat, guess in enumerate(self.guesses):
            self.points[seat] += (guess == self.target) + (guess == self.bonus[seat])
        self.emit("reveal", f"Target {self.target}; guesses {self.guesses}.",
                  target=self.target, guesses=list(self.guesses), bonus=list(self.bonus))
        self.round += 1
        if self.round <= self.options["rounds"]:
            self._new_round()

    def _action_is_public(self, player, action):
        return False

    def _is_terminal(self):
        return self.round > self.options["rounds"]

    def _returns(self):
        best = max(self.points)
        winners = [s for s, p in enumerate(self.points) if p == best]
        return [1 / len(winners) if s in winners else 0.0 for s in range(self.num_players)]

    def scores(self):
        return list(self.points)

    def _view(self, viewer):
        return {
            "round": self.round,
            "points": list(self.points),
            "has_guessed": [g is not None for g in self.guesses],
            "my_guess": None if viewer is None else self.guesses[viewer],
            "my_bonus": None if viewer is None else self.bonus[viewer],
        }

    def _resample(self, player, rng: random.Random):
        self.target = rng.randrange(3) + 1
        for seat in range(self.num_players):
            if seat != player:
                self.bonus[seat] = rng.randrange(3) + 1
                if self.guesses[seat] is not None:
                    self.guesses[seat] = rng.randrange(3) + 1

    def check_invariants(self):
        assert len(self.guesses) == len(self.bonus) == len(self.points) == self.num_players
        assert all(g is None or g in (1, 2, 3) for g in self.guesses)
        assert self.target in (1, 2, 3)


class SealedGuess(Game):
    id = "toy_sealed_guess"
    name = "Sealed Guess"
    min_players = 2
    max_players = 4
    simultaneous = True
    options = (Option("rounds", 3, "rounds to play", choices=(1, 2, 3, 4)),)
    option_presets = ({"rounds": 1},)
    state_class = SealedGuessState

    def all_actions(self):
        return GUESSES


class LeakyViewState(SealedGuessState):
    def _view(self, viewer):
        return {**super()._view(viewer), "target": self.target}


class PeekingResampleState(SealedGuessState):
    """Shuffles the other seats' true bonus numbers instead of redrawing them: the result
    depends on hidden information."""

    def _resample(self, player, rng):
        others = [seat for seat in range(self.num_players) if seat != player]
        values = [self.bonus[seat] for seat in others]
        rng.shuffle(values)
        for seat, value in zip(others, values, strict=True):
            self.bonus[seat] = value
        self.target = rng.randrange(3) + 1


class SharedCloneState(SealedGuessState):
    def clone(self, records=True):
        new = super().clone(records)
        new.points = self.points  # shares a mutable list with the original
        return new


class UncheckedState(SealedGuessState):
    """Loses the rounds-played bookkeeping: the game never ends."""

    def _reveal(self):
        super()._reveal()
        self.round = 1
        self._new_round()


def variant(state_class, suffix):
    return type(f"SealedGuess{suffix}", (SealedGuess,),
                {"id": f"toy_sealed_guess_{suffix}", "state_class": state_class})()

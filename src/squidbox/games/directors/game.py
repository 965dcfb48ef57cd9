"""Directors: the game object, its options, its actions and its text rendering."""

from __future__ import annotations

from typing import Any

from squidbox.engine import Game, Option
from squidbox.engine.stack import Flow
from squidbox.games.names import shown
from squidbox.games.pieces import look

from . import cards, commanding, event_cards, length, playing, turn
from . import data as data_file
from .actions import Choice, action_table
from .data import COLOURS, DirectorsData
from .state import ROTATED, DirectorsState, upgraded

PLAY_AREA_VERBS = ("discard", "return", "give", "take")
HAND_VERBS = ("play", "command", "select", "keep", "spare")


# Every step and question of the turn and the cards, named once (engine/stack.py).
FLOW = Flow(
    steps=[*turn.STEPS, *commanding.STEPS, *playing.STEPS, *cards.STEPS, *event_cards.STEPS],
    questions=[*turn.QUESTIONS, *commanding.QUESTIONS, *playing.QUESTIONS, *cards.QUESTIONS,
               *event_cards.QUESTIONS],
)


class Directors(Game):
    id = "directors"
    name = "Directors"
    state_class = DirectorsState
    flow = FLOW
    option_presets = (
        {"events": 1},
        {"events": 2},
        {"events": 3},
    )

    def __init__(self, data: DirectorsData | None = None) -> None:
        self.data = data if data is not None else data_file.load()
        self.effects = cards.EFFECTS  # what commanding each card does (commanding.py reads it)
        self.min_players = self.data.min_players
        self.max_players = self.data.max_players
        self.options = (
            Option("events", 0, f"the Events: a number 0-{self.data.max_events} of random "
                   'ones, "random" for a random number of them, or a list of Event names',
                   check=self._check_events),
            Option("commerce_new_card", "commandable", "Commerce's FAQ, \"You can command the "
                   'new card you played on the same turn": commandable (it enters un-rotated, so '
                   "this turn's Action commands it when its colour matches) or rotated (it enters "
                   "rotated like every played card; only a Director or Agent's own line commands "
                   "it)", choices=("commandable", "rotated")),
            Option("sphinx_payments", "several", 'Sphinx\'s FAQ, "If you command a Sphinx and '
                   'pay for it multiple times in one turn": several (one command may pay $10 '
                   "again and again, an extra turn each) or one (one payment per command)",
                   choices=("several", "one")),
        )
        self.full_deck = sorted(self.data.deck())
        self.moves = action_table(
            [*turn.ACTIONS, "pass", "pay"], HAND_VERBS, PLAY_AREA_VERBS, sorted(self.data.cards),
            ROTATED, COLOURS, cards.BONUS_WORDS, sorted(self.data.events), self.data.max_players)
        # What each verb-and-name action names (a card, colour, bonus or Event): the rules'
        # one lookup for those, typed as text (the decode table's values are a union).
        self.named: dict[str, str] = {text: move.what for text, move in self.moves.decode.items()
                                      if isinstance(move, Choice)}
        super().__init__()

    def from_json(self, doc: Any, verify: bool = False) -> DirectorsState:
        """Snapshots written before the engine stack (a Falconer window as offer_falconer
        frames) load too."""
        return super().from_json(upgraded(doc), verify)  # type: ignore[return-value]

    def upgraded(self, doc: Any) -> Any:
        """A snapshot as this release writes it, from one written before the decision stack."""
        return upgraded(doc)

    def _check_events(self, value: Any, num_players: int) -> str | None:
        most = self.data.max_events
        if value == "random" or (type(value) is int and 0 <= value <= most):
            return None
        if (isinstance(value, list) and len(value) <= most and len(set(map(str, value))) ==
                len(value) and all(isinstance(v, str) and v in self.data.events for v in value)):
            return None
        return (f'give a number 0-{most}, "random", or up to {most} different names from '
                f"{', '.join(sorted(self.data.events))}")

    def all_actions(self) -> list[str]:
        return list(self.moves.actions)

    def max_game_length(self, num_players: int, options: Any) -> int:
        """A bound from the rules and the data file where Sphinx takes one payment a command
        (length.py says why); otherwise the engine's default, which bounds nothing."""
        bound = length.max_game_length(self.data, num_players, options)
        return super().max_game_length(num_players, options) if bound is None else bound

    def seat_names(self, num_players: int) -> list[str]:
        """The rulebook names no players: the seats take the names of their panel colours
        (look.toml `[seats]`), as the other games' seats are colours. Other languages read them
        through the catalog (games/names.py)."""
        return list(look(__package__)["seats"]["names"][:num_players])

    def evaluate_view(self, view: dict[str, Any], seat: int) -> float:
        from .heuristic import evaluate
        return evaluate(self.data, self.moves, view, seat)

    # ---- text ------------------------------------------------------------------------------------
    def render(self, view: dict[str, Any]) -> str:
        from .text import render
        return shown(self, render(self, view))  # the seats in the reader's language

    def action_label(self, view: dict[str, Any], action: str) -> str:
        from .text import action_label
        return shown(self, action_label(self, view, action))

"""What every one of the six games provides to the campaign (the state calls into it).

A game keeps all its own data in the state's `g` dict (JSON only), declared as a TypedDict in its
module (`BridgeData`, ...) and read through that module's accessor (`bridge_data(s)`, ...), so
every key has its type. `g["at"]` maps each token
still playing this game (as a string) to where it is; a token leaves `at` when it survives the
game (it stays in its team) or is eliminated (it goes to the piggy bank).

A game's turns and rounds run on the engine's decision stack (engine/stack.py): each module
writes its decisions as Questions (cards played face down are asked of every player at once,
`ask_all`) and what follows them as steps, and ends with its STEPS and QUESTIONS (flow.py
gathers them). Its view names the decision asked now as "step" (STEP_OF).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypedDict, cast

from squidbox.engine import HiddenChoice, Zone
from squidbox.i18n import gettext as _

from .actions import Card, Move, Token

if TYPE_CHECKING:
    from .state import SquidGameState


class InPlay(TypedDict):
    """What every game keeps in `s.g`, as the campaign reads it: where each token still playing
    stands (by token number, as a string; what a place is depends on the game)."""

    at: dict[str, object]


class TakingTurns(TypedDict):
    """The part of a game's data that says whose turn it is: `order[turn]`."""

    order: list[int]
    turn: int


class FaceDown(TypedDict):
    """The part of a game's data holding the number cards played face down this round."""

    played: list[int | None]  # per seat, its card (None: not played)


class Stage(ABC):
    name: str = ""
    title: str = ""
    # This game's piles and who may see them (engine/zones.py), fields of `s.g` ("g.deck").
    zones: tuple[Zone, ...] = ()
    # Its values chosen face down and who may see them (engine/choices.py), fields of `s.g`.
    choices: tuple[HiddenChoice, ...] = ()

    @abstractmethod
    def setup(self, s: SquidGameState) -> None:
        """Start the game: lay out the tokens of every team in `s.g`."""

    @abstractmethod
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        """This game's part of the view: all that `viewer` may see."""

    def check(self, s: SquidGameState) -> None:
        """Assert this game's own bookkeeping."""

    def where(self, game_view: dict[str, Any], place: Any) -> str:
        """A token's place in this game, in words (for action labels)."""
        return str(place)

    def token_place(self, view: dict[str, Any], names: list[str], token: int) -> str:
        """Where `token` (in play) is, in words for its button label; `view` is the state part
        of a view."""
        game = view["game"]
        return self.where(game, game["at"][str(token)])

    @abstractmethod
    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        """Text lines for the terminal; `view` is the state part of a view, the game's own
        part under "game"."""


def pass_turn(g: TakingTurns, can_act: Callable[[int], bool], first: bool = False) -> bool:
    """Taking turns: move g["turn"] round g["order"] to the next team that can still act (this
    team too when `first`). False, leaving the turn as it was, when no team can."""
    n = len(g["order"])
    for step in range(0 if first else 1, n + 1):
        turn = (g["turn"] + step) % n
        if can_act(g["order"][turn]):
            g["turn"] = turn
            return True
    return False


def decoded(s: SquidGameState, action: str) -> Move:
    """The move a (legal) action stands for: one lookup in the game's decode table."""
    return s.game.moves.decode[action]


def token_of(s: SquidGameState, action: str) -> int:
    """The token number of a "token N" action."""
    move = s.game.moves.decode[action]
    assert type(move) is Token
    return move.number


def token_actions(s: SquidGameState, tokens: Iterable[int]) -> list[str]:
    """The "token N" actions of `tokens`, in their order."""
    action = s.tokens.action
    return [action[t] for t in tokens]


def card_actions(s: SquidGameState, values: Iterable[int]) -> list[str]:
    """The "card N" actions of card `values`, in their order."""
    action = s.game.card_action
    return [action[v] for v in values]


def card_played(s: SquidGameState, seat: int, choice: str) -> None:
    """A number card played face down (Red Light Green Light, Glass Bridge): kept in
    g["played"], its seat's own until the cards are revealed."""
    move = decoded(s, choice)
    assert type(move) is Card
    cast(FaceDown, s.g)["played"][seat] = move.value
    if s.recording:
        s.emit_private((seat,), s.entry("play", "You play card {_value}.", seat=seat,
                                        _value=move.value),
                       s.entry("play", "{seat:name} plays a card face down.", seat=seat))


def survivors_text(tokens: list[int]) -> str:
    return ", ".join(f"{t:03d}" for t in sorted(tokens)) or _("none")


def choice_asked(s: SquidGameState, question: str) -> dict[str, Any] | None:
    """The choice among tokens asked now by `question` (its arguments: kind, options), as a
    view shows it: seat, kind, options (token numbers)."""
    pending = s.pending
    if pending is None or pending["kind"] != question:
        return None
    args = pending["args"]
    return {"seat": pending["seat"], "kind": args["kind"], "options": list(args["options"])}


def cards_text(names: Sequence[str], played: list[Any], order: Iterable[int],
               words: bool = False) -> str:
    """Face-down cards as revealed, for the log: "Red 3, Blue 0" (seats in `order` that
    played); `words`: the cards are words ("block"), shown in the reader's language."""
    return ", ".join(f"{names[seat]} {_(played[seat]) if words else played[seat]}"
                     for seat in order if played[seat] is not None)


def chip(token: int, view: dict[str, Any], names: list[str]) -> str:
    """A token with its team's initials, for the terminal: "Wh325"."""
    for seat, team in enumerate(view["teams"]):
        if token in team:
            return f"{names[seat][:2]}{token:03d}"
    return f"{token:03d}"

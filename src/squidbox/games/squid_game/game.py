"""Squid Game: The Board Game: the game object, its options, its actions and its text."""

from __future__ import annotations

from typing import Any

from squidbox.engine import Game, Option
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from . import data as data_file
from . import heuristic
from .actions import (
    FINAL_CARDS,
    GUESS,
    HIDE,
    Alone,
    Card,
    Play,
    Roll,
    Shape,
    Side,
    Spot,
    Team,
    Token,
    action_table,
    card_action,
    play_action,
    spot_action,
)
from .campaign import CAMPAIGN, GAME_ORDER
from .data import SquidGameData
from .flow import FLOW
from .state import STAGES, SquidGameState
from .tokens import Tokens
from .upgrade import upgraded

# The words of the actions a label shows as they are (their German is in the catalog), and of
# the data file (shapes, marble kinds) shown inside labels and log lines.
WORDS = (N_("draw"), N_("stop"), N_("odd even"), N_("wall"), N_("hide 1"), N_("hide 2"),
         N_("guess odd"), N_("guess even"), N_("block"), N_("stab"), N_("push"), N_("move"),
         N_("circle"), N_("triangle"), N_("star"), N_("umbrella"),
         N_("soft"), N_("medium"), N_("hard"), N_("left"), N_("right"), N_("odd"), N_("even"))
SIDE_LABELS = {"left": N_("leap to the left side of the tile"),
               "right": N_("leap to the right side of the tile")}


class SquidGame(Game):
    id = "squid_game"
    name = "Squid Game: The Board Game"
    min_players = 3
    max_players = 6
    state_class = SquidGameState
    flow = FLOW
    simultaneous = True
    # Each game alone, with few tokens so the conformance suite stays quick; Tug of War has
    # enough tokens at 6 players to overflow its 24 places.
    option_presets = (
        {"game": "red_light_green_light", "tokens": 4},
        {"game": "dalgona", "tokens": 4},
        {"game": "tug_of_war", "tokens": 5},
        {"game": "marbles", "tokens": 4},
        {"game": "glass_bridge", "tokens": 2},
        {"game": "squid_game", "tokens": 3},
    )

    def __init__(self, data: SquidGameData | None = None) -> None:
        self.data = data if data is not None else data_file.load()
        self.tokens = Tokens(self.data)
        # The player counts and options follow this game's data file (the engine declares them
        # class-wide).
        self.max_players = min(6, len(self.data.colours))  # type: ignore[misc]
        per_team = len(self.tokens.of_seat(0))
        self.options = (  # type: ignore[misc]
            Option("game", CAMPAIGN, "play the whole campaign, or one game on its own",
                   choices=(CAMPAIGN, *GAME_ORDER)),
            Option("tokens", self.data.start_tokens, "tokens per team when one game is played "
                   "on its own (drawn at random from each colour)",
                   choices=tuple(range(1, per_team + 1))),
            Option("recruits", "choose", "how the starting tokens and each recruit are picked "
                   "in the campaign: each team chooses, or they are drawn at random",
                   choices=("choose", "random")),
        )
        data = self.data
        self.moves = action_table(data, self.tokens.all_numbers)
        # Action texts asked for often, made once: by card value, (value, rope team), spot.
        self.card_action = {v: card_action(v) for v in data.card_values}
        self.play_action = {(v, t): play_action(v, team) for v in data.card_values
                            for t, team in enumerate(data.tug_teams)}
        self.spot_action = tuple(spot_action(k)
                                 for k in range(data.max_strips * data.positions_per_strip))
        self.hidden_actions = frozenset(
            [card_action(v) for v in data.card_values]
            + [play_action(v, t) for v in data.card_values for t in data.tug_teams]
            + list(HIDE) + list(GUESS) + list(FINAL_CARDS))
        super().__init__()

    def from_json(self, doc: Any, verify: bool = False) -> SquidGameState:
        """Snapshots written before the decision stack (their `g["step"]`) load too."""
        return super().from_json(upgraded(doc, self.data), verify)  # type: ignore[return-value]

    def upgraded(self, doc: Any) -> Any:
        """A snapshot as this release writes it, from one written before the decision stack."""
        return upgraded(doc, self.data)

    def evaluate_view(self, view: dict[str, Any], seat: int) -> float:
        return heuristic.evaluate(view, seat, self.data)

    def all_actions(self) -> list[str]:
        return list(self.moves.actions)

    def seat_names(self, num_players: int) -> list[str]:
        return list(self.data.colours[:num_players])

    def check_options(self, num_players: int, options: dict[str, Any]) -> None:
        from squidbox.engine import InvalidOptions

        room = self.data.max_strips * self.data.positions_per_strip
        if options["game"] == "glass_bridge" and options["tokens"] * num_players > room:
            raise InvalidOptions(f"option 'tokens' cannot be {options['tokens']}: the Glass "
                                 f"Bridge line holds {room} tokens in all")

    # ---- text (in the reader's language: squidbox.i18n) -----------------------------------
    def render(self, view: dict[str, Any]) -> str:
        state = view["state"]
        names = view["seat_names"]
        stage_names = [_(STAGES[name].title) for name in state["games"]]
        lines = [_("Squid Game · {games}").format(games=" → ".join(stage_names))]
        if state["phase"] == "play":
            lines[0] += " · " + _("now: {game}").format(game=stage_names[state["stage"]])
        for seat, team in enumerate(state["teams"]):
            lines.append(f"  {names[seat]:<7} " + _(
                "team {tokens} · set aside {reserve} · piggy bank {bank}").format(
                tokens=" ".join(f"{t:03d}" for t in team) or "—",
                reserve=len(state["reserve"][seat]), bank=len(state["bank"][seat])))
        if state["phase"] == "play":
            lines += STAGES[state["games"][state["stage"]]].render(state, names)
        elif state["phase"] in ("lineup", "recruit"):
            lines.append(_("Choose tokens from your reserve: {picks}").format(
                picks=", ".join(f"{names[p]} {k}" for p, k in enumerate(state["to_pick"]) if k)))
        return "\n".join(lines)

    def action_label(self, view: dict[str, Any], action: str) -> str:
        state = view["state"]
        names = view["seat_names"]
        data = self.data
        match self.moves(action):
            case Token(number):
                owner = next((names[p] for p, team in enumerate(state["teams"])
                              if number in team),
                             names[view["seat"]] if view["seat"] is not None else "")
                where = ""
                game = state.get("game") or {}
                if str(number) in game.get("at", {}):
                    stage = STAGES[state["games"][state["stage"]]]
                    where = f" ({stage.token_place(state, names, number)})"
                return f"{owner} {number:03d}{where}"
            case Play(value, team):
                return _("card {value} face down behind team {team}").format(
                    value=value, team=data.tug_teams[team])
            case Alone():
                return _("place the token alone")
            case Card(value):
                if value == data.push_card:
                    return _("play your 0 Push face down")
                return _("play your {value} face down").format(value=value)
            case Side(side):
                return _(SIDE_LABELS[side])
            case Shape(shape):
                return _("shape {shape}").format(shape=_(data.shapes[shape]))
            case Team(team):
                return _("team {team}").format(team=data.tug_teams[team])
            case Roll(kind):
                return _("roll {kind}").format(kind=_(data.roll_kinds[kind]))
            case Spot(spot):
                return _("spot {number}").format(number=spot + 1)
        return _(action)  # draw, stop, odd even, wall, hide 1, guess odd, block... (WORDS)

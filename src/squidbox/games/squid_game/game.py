"""Squid Game: The Board Game: the game object, its options, its actions and its text."""

from __future__ import annotations

from typing import Any

from squidbox.engine import Game, Option

from . import data as data_file
from . import heuristic
from .campaign import CAMPAIGN, GAME_ORDER
from .dalgona import DRAW_ACTION, STOP_ACTION, shape_action
from .data import SquidGameData
from .flow import FLOW
from .glass_bridge import SIDES, side_action, spot_action
from .marbles import ALONE, GUESS, HIDE, ODD_EVEN, WALL, roll_action
from .red_light_green_light import card_action
from .squid_game import CARDS as SQUID_CARDS
from .stage import token_action
from .state import STAGES, SquidGameState
from .tokens import Tokens
from .tug_of_war import play_action, team_action
from .upgrade import upgraded


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
        self.max_players = min(6, len(self.data.colours))
        per_team = len(self.tokens.of_seat(0))
        self.options = (
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
        self.hidden_actions = frozenset(
            [card_action(v) for v in data.card_values]
            + [play_action(v, t) for v in data.card_values for t in data.tug_teams]
            + list(HIDE) + list(GUESS) + list(SQUID_CARDS))
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
        data = self.data
        spots = data.max_strips * data.positions_per_strip
        return (
            [token_action(t) for t in self.tokens.all_numbers]
            + [card_action(v) for v in data.card_values]
            + [shape_action(shape) for shape in data.shapes] + [DRAW_ACTION, STOP_ACTION]
            + [team_action(t) for t in data.tug_teams]
            + [play_action(v, t) for v in data.card_values for t in data.tug_teams]
            + [ALONE, ODD_EVEN, WALL, *HIDE, *GUESS]
            + [roll_action(kind) for kind in data.roll_kinds]
            + [spot_action(k) for k in range(spots)] + [side_action(side) for side in SIDES]
            + list(SQUID_CARDS)
        )

    def seat_names(self, num_players: int) -> list[str]:
        return list(self.data.colours[:num_players])

    def check_options(self, num_players: int, options: dict[str, Any]) -> None:
        from squidbox.engine import InvalidOptions

        room = self.data.max_strips * self.data.positions_per_strip
        if options["game"] == "glass_bridge" and options["tokens"] * num_players > room:
            raise InvalidOptions(f"option 'tokens' cannot be {options['tokens']}: the Glass "
                                 f"Bridge line holds {room} tokens in all")

    # ---- text ----------------------------------------------------------------------------
    def render(self, view: dict[str, Any]) -> str:
        state = view["state"]
        names = view["seat_names"]
        stage_names = [STAGES[name].title for name in state["games"]]
        lines = [f"Squid Game · {' → '.join(stage_names)}"]
        if state["phase"] == "play":
            lines[0] += f" · now: {stage_names[state['stage']]}"
        for seat, team in enumerate(state["teams"]):
            lines.append(f"  {names[seat]:<7} team {' '.join(f'{t:03d}' for t in team) or '—'}"
                         f" · set aside {len(state['reserve'][seat])}"
                         f" · piggy bank {len(state['bank'][seat])}")
        if state["phase"] == "play":
            lines += STAGES[state["games"][state["stage"]]].render(state, names)
        elif state["phase"] in ("lineup", "recruit"):
            lines.append("Choose tokens from your reserve: "
                         + ", ".join(f"{names[p]} {k}" for p, k in enumerate(state["to_pick"])
                                     if k))
        return "\n".join(lines)

    def action_label(self, view: dict[str, Any], action: str) -> str:
        state = view["state"]
        names = view["seat_names"]
        if action.startswith("token "):
            number = int(action.split()[1])
            owner = next((names[p] for p, team in enumerate(state["teams"]) if number in team),
                         names[view["seat"]] if view["seat"] is not None else "")
            where = ""
            game = state.get("game") or {}
            if str(number) in game.get("at", {}):
                stage = STAGES[state["games"][state["stage"]]]
                where = f" ({stage.token_place(state, names, number)})"
            return f"{owner} {number:03d}{where}"
        if action.startswith("play "):
            _, value, _, team = action.split()
            return f"card {value} face down behind team {team}"
        if action == "alone":
            return "place the token alone"
        if action.startswith("card "):
            value = int(action.split()[1])
            return f"play your {'0 Push' if value == 0 else value} face down"
        if action.startswith("side "):
            return f"leap to the {action.split()[1]} side of the tile"
        return action

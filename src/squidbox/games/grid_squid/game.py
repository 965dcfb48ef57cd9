"""Grid Squid: the game object, its options, its actions and its text rendering."""

from __future__ import annotations

from typing import Any

from squidbox.engine import Game, Option
from squidbox.games.names import initials
from squidbox.games.names import shown as shown_names
from squidbox.i18n import gettext as _
from squidbox.i18n import ngettext

from . import data as data_file
from . import heuristic
from .actions import Discard, Place, action_table
from .data import GridSquidData
from .state import GridSquidState
from .upgrade import upgraded


class GridSquid(Game):
    id = "grid_squid"
    name = "Grid Squid"
    state_class = GridSquidState
    option_presets = (
        {"advanced": True},
        {"diagonals": True, "start_shift": "left"},
    )

    def __init__(self, data: GridSquidData | None = None) -> None:
        self.data = data if data is not None else data_file.load()
        self.min_players = min(self.data.setups)
        self.max_players = max(self.data.setups)
        self.options = (
            Option("advanced", False, "the Advanced rule: deal 7 cards, still play 5 a round",
                   choices=(False, True)),
            Option("diagonals", False, "diagonal lines score too (not in the rulebook)",
                   choices=(False, True)),
            Option("symbols", "random", 'the symbols in play: "random", or a list of '
                   "one more symbol name than players", check=self._check_symbols),
            Option("colours", "default", 'cube colour of each seat in order: "default", or a '
                   f"list of different colours from {', '.join(self.data.player_colours)}",
                   check=self._check_colours),
            Option("start_shift", "right", "where the starting player passes each round: "
                   "right (the player who played last) or left (the next in turn order)",
                   choices=("right", "left")),
            Option("advanced_leftovers", "keep", "with the Advanced rule, the 2 unplayed cards: "
                   "keep (they stay in hand and 5 new cards are dealt, the rulebook's words) or "
                   "discard (face up at the end of the round; 7 new cards are dealt)",
                   choices=("keep", "discard")),
        )
        largest = max(self.data.board_columns * s.board_rows for s in self.data.setups.values())
        self.moves = action_table(largest, self.data.board_columns, self.data.symbols)
        # The texts by tile and by symbol, for listing legal actions without building moves.
        self.place_actions = [self.moves.text[Place(t)] for t in range(largest)]
        self.discard_actions = [self.moves.text[Discard(s)] for s in range(len(self.data.symbols))]
        super().__init__()

    def from_json(self, doc: Any, verify: bool = False) -> GridSquidState:
        """Snapshots whose deal log named the whole hand load with the cards dealt."""
        return super().from_json(upgraded(doc, self.data), verify)  # type: ignore[return-value]

    def upgraded(self, doc: Any) -> Any:
        """A snapshot as this release writes it, from one whose deal log named the whole hand."""
        return upgraded(doc, self.data)

    def evaluate_view(self, view: dict[str, Any], seat: int) -> float:
        return heuristic.evaluate(self.data, view, seat)

    def max_game_length(self, num_players: int, options: Any) -> int:
        return self.data.rounds * self.data.cards_played_per_round * num_players

    def all_actions(self) -> list[str]:
        return list(self.moves.actions)

    def seat_names(self, num_players: int) -> list[str]:
        return list(self.data.player_colours[:num_players])

    def names_in(self, language: str) -> dict[str, str]:
        """The cube colours as a reader of `language` reads them (games/names.py): the German
        interface shows the data file's `german_player_colours`; state and options keep
        `player_colours`."""
        if language != "de":
            return {}
        return dict(zip(self.data.player_colours, self.data.german_player_colours, strict=True))

    def _check_colours(self, value: Any, num_players: int) -> str | None:
        if value == "default":
            return None
        colours = self.data.player_colours
        if (not isinstance(value, list) or len(value) != num_players
                or not all(isinstance(v, str) and v in colours for v in value)
                or len(set(value)) != num_players):
            return f"give {num_players} different colours from {', '.join(colours)}"
        return None

    def _check_symbols(self, value: Any, num_players: int) -> str | None:
        if value == "random":
            return None
        wanted = self.data.setups[num_players].symbols_in_play
        if (not isinstance(value, list) or len(value) != wanted
                or len(set(map(str, value))) != wanted
                or not all(isinstance(v, str) and v in self.data.symbols for v in value)):
            return (f"give {wanted} different names from {', '.join(self.data.symbols)} "
                    f'for {num_players} players, or "random"')
        return None

    # ---- text ------------------------------------------------------------------------------------
    def render(self, view: dict[str, Any]) -> str:
        """The board as text, the colours named in the reader's language."""
        return shown_names(self, self._render(view))

    def _render(self, view: dict[str, Any]) -> str:
        state = view["state"]
        board = state["board"]
        names = view["seat_names"]
        marks = initials([shown_names(self, name) for name in names])  # a cube's colour: "R"
        lines = [_("Grid Squid · round {round} of {rounds}").format(round=state["round"],
                                                                      rounds=state["rounds"])]
        width = max(len(_cell(t, marks)) for t in board["tiles"]) + 2
        header = "    " + "".join(f"{chr(ord('A') + c):^{width}}" for c in range(board["columns"]))
        lines.append(header)
        for row in range(board["rows"]):
            cells = board["tiles"][row * board["columns"]:(row + 1) * board["columns"]]
            lines.append(f"{row + 1:>3} " + "".join(f"{_cell(t, marks):^{width}}" for t in cells))
        lines.append("")
        for player in state["players"]:
            marker = "▶" if player["seat"] == state["current_player"] else " "
            lines.append(
                f" {marker} {shown_names(self, player['colour']):<7} {player['score']:>3} "
                + ngettext("point", "points", player["score"]) + " · "
                + _("{count} cubes left").format(count=f"{player['supply']:>2}") + " · "
                + ngettext("{count} card", "{count} cards", player["cards_in_hand"]).format(
                    count=player["cards_in_hand"]) + " · "
                + _("played {count} this round").format(count=player["played_this_round"])
            )
        if state["hand"] is not None:
            held = ", ".join(f"{symbol} ×{k}" for symbol, k in state["hand"].items()) or _("none")
            lines.append("\n" + _("Your hand ({name}): {cards}").format(name=names[view["seat"]],
                                                                        cards=held))
        lines.append(_("Deck {count} cards · discard {cards}").format(
            count=state["deck_size"],
            cards=", ".join(f"{s} ×{k}" for s, k in state["discard"].items()) or _("empty")))
        return "\n".join(lines)

    def action_label(self, view: dict[str, Any], action: str) -> str:
        return shown_names(self, self._action_label(view, action))

    def _action_label(self, view: dict[str, Any], action: str) -> str:
        move = self.moves(action)
        if isinstance(move, Discard):
            return _("play {symbol} without effect (no tile you can take)").format(
                symbol=self.data.symbols[move.symbol])
        tile = view["state"]["board"]["tiles"][move.tile]
        seat = view["seat"]
        if tile["owner"] is None:
            return _("{symbol} on {tile}: 1 cube on an empty tile").format(
                symbol=tile["symbol"], tile=tile["name"])
        if tile["owner"] == seat:
            return _("{symbol} on {tile}: 1 more cube on your tile").format(
                symbol=tile["symbol"], tile=tile["name"])
        return _("{symbol} on {tile}: {count} cubes, taking it from {name}").format(
            symbol=tile["symbol"], tile=tile["name"], count=tile["cubes"] + 1,
            name=view["seat_names"][tile["owner"]])


def _cell(tile: dict[str, Any], marks: list[str]) -> str:
    if tile["owner"] is None:
        return str(tile["symbol"])
    return f"{tile['symbol']}·{marks[tile['owner']]}{tile['cubes']}"

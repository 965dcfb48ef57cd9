"""Squid Game's observation: the campaign (which games, which one now, every token by number:
team, reserve, piggy bank, and where it stands in the game being played), then one block per
game with what that game shows at the table, zero while another game is played.

Tokens are ordered by seat slot (the observer's first), then by number. A token's place is
written as up to two numbers in [0, 1] whose meaning depends on the game being played (the
`place` columns below). Plays made face down show as "has played" for the others; the observer's
own shows as itself.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from squidbox.games.observations import Layout

from .actions import FINAL_CARDS, SIDES
from .campaign import LINEUP, OVER, PLAY, RECRUIT
from .dalgona import dalgona_data
from .glass_bridge import GLASS_BRIDGE, bridge_data
from .marbles import marbles_data
from .red_light_green_light import RED_LIGHT_GREEN_LIGHT, WAITING, light_data
from .squid_game import SAFE, SQUID_GAME, final_data
from .state import STAGES
from .tug_of_war import tug_data

if TYPE_CHECKING:
    from .game import SquidGame
    from .state import SquidGameState

PHASES = (LINEUP, RECRUIT, PLAY, OVER)
ROUND_SCALE = 5.0  # a game's round r is shown as r / (r + 5)
# the games' lists of seats waiting for something (Marbles' and Glass Bridge's lists of pairs
# name the seat first)
SEAT_LISTS = ("to_enter", "pushers", "placing", "to_place", "blocking", "movers", "queue")
# the lists each game keeps (the others are empty while it is played)
GAME_LISTS = {"red_light_green_light": ("to_enter", "pushers"), "dalgona": ("placing",),
              "squid_game": ("to_place", "blocking", "queue"), "glass_bridge": ("movers",)}
TOKEN_COLUMNS = ("team", "reserve", "piggy bank", "in play", "placed", "place a", "place b",
                 "chosen")


class SquidGameLayout(Layout):
    def __init__(self, game: SquidGame, num_players: int) -> None:
        super().__init__()
        data = game.data
        n = self.num_players = num_players
        self.stages = list(STAGES)
        self.stage_index = {name: i for i, name in enumerate(self.stages)}
        self.per_team = len(game.tokens.of_seat(0))
        self.values = list(data.card_values)
        self.value_index = {value: i for i, value in enumerate(self.values)}
        self.plays = [*self.values, *FINAL_CARDS]
        self.play_index = {play: i for i, play in enumerate(self.plays)}
        p = len(self.plays)
        self.timer_index = {step: i for i, step in enumerate(data.timer_steps)}
        self.dalgona_cards = [*data.shapes, "Crack!"]
        self.dalgona_copies = [*data.shape_cards, data.crack_cards]
        self.teams = len(data.tug_teams)
        self.kinds = sorted(game.flow.questions)
        self.kind_index = {kind: i for i, kind in enumerate(self.kinds)}
        self.doll_cards = len(data.doll_cards)
        self.tiles = data.bridge_max_tiles
        self.spots = data.max_strips * data.positions_per_strip
        self.lanes = data.rlgl_lanes
        self.shapes = len(data.shapes)
        self.sections = max(data.shape_sections)
        self.triangle = data.triangle_spaces
        self.tokens_in_play = n * self.per_team
        # campaign
        self.games = self.add("games", len(self.stages), "per game (" + ", ".join(self.stages)
                              + "): 1 when this campaign plays it")
        self.stage = self.add("game now", len(self.stages), "the game being played, one-hot")
        self.phase = self.add("phase", len(PHASES), "the campaign's step, one-hot: "
                              + ", ".join(PHASES))
        self.width = len(TOKEN_COLUMNS)
        self.token_part = self.add(
            "tokens", n * self.per_team * self.width,
            f"per token ({self.per_team} per seat slot, by number), {self.width} values: "
            + ", ".join(TOKEN_COLUMNS) + ". place a / b by game: Red Light, Green Light: "
            f"(lane + 1) / {self.lanes + 1}; Dalgona: shape / {self.shapes - 1}, section / "
            f"{self.sections - 1}; Tug of War: team / {self.teams - 1}; Marbles: group / "
            f"{self.tokens_in_play}; Glass Bridge: position / {self.spots}; Squid Game: "
            f"(space + 1) / {self.triangle + 1}. chosen: picked by the seat placing or pairing")
        self.to_pick = self.add("to pick", n, f"per seat slot: tokens still to pick from its "
                                f"reserve / {self.per_team}")
        self.winner = self.add("winner", n, "per seat slot: 1 for the winner, once over")
        self.asked = self.add("asked", n, "per seat slot: 1 for each seat asked now")
        self.kind = self.add("question", len(self.kinds), "the kind of question asked now, "
                             "one-hot: " + ", ".join(self.kinds))
        # what the game being played shows
        self.timer = self.add("timer", len(data.timer_steps), "the game's timer, one-hot: "
                              + ", ".join(data.timer_steps))
        self.round = self.add("round", 1, f"the game's round r as r / (r + {ROUND_SCALE:g})")
        self.turn = self.add("turn", n, "per seat slot: 1 for the seat whose turn it is in "
                             "the game's turn order")
        self.seat_lists = self.add(
            "listed", n * len(SEAT_LISTS),
            "per seat slot × list (" + ", ".join(SEAT_LISTS) + "): 1 while the game lists the "
            "seat there (Red Light, Green Light: to enter, pushers; Dalgona: placing; Squid "
            "Game: to place, blocking, queue; Glass Bridge: movers)")
        self.has_played = self.add("has played", n, "per seat slot: 1 once it has played its "
                                   "face-down card this round")
        self.own_play = self.add("own play", p, "the observer's face-down card this round, "
                                 f"one-hot over {self.plays}")
        self.revealed = self.add("revealed plays", n * p, "per seat slot: its card revealed "
                                 "this round, one-hot over the same")
        self.doll_seen = self.add("doll seen", self.doll_cards, "Red Light, Green Light: per "
                                  "Doll card, 1 once flipped since the last shuffle")
        self.doll = self.add("doll", self.doll_cards, "Red Light, Green Light: the Doll card "
                             "showing, one-hot")
        self.deck = self.add("deck", 1, f"the game's deck: Doll cards / {self.doll_cards}, "
                             f"Dalgona cards / {sum(self.dalgona_copies)}")
        self.drawn = self.add("dalgona drawn", len(self.dalgona_cards),
                              "Dalgona: per card (" + ", ".join(self.dalgona_cards)
                              + ") drawn / copies")
        self.behind = self.add("cards behind", n * self.teams,
                               f"Tug of War: per seat slot × team: face-down cards behind the "
                               f"team / {data.tug_max_cards}")
        self.own_cards = self.add("own cards", self.teams * len(self.values),
                                  "Tug of War: per team × value: the observer's cards there")
        self.duel = self.add("duel", 2 * n + 2 + 2 + 2,
                             "Marbles: the selector's seat slot one-hot, the opponent's, "
                             "marbles hidden, guess made, the observer's own hidden marbles "
                             "(1, 2) and own guess (odd, even) one-hot")
        self.bridge = self.add("bridge tiles", self.tiles * 2,
                               "Glass Bridge: per tile, its broken side once revealed, one-hot "
                               f"({', '.join(SIDES)})")
        self.bridge_side = self.add("bridge side", 2, "Glass Bridge: the side chosen, one-hot")
        self.hands = self.add("bridge hands", n * len(self.values),
                              "Glass Bridge: per seat slot × value: 1 while still in hand")
        self.speed = self.add("speed token", n, "Squid Game: per seat slot: 1 for the Speed "
                              "Token's holder")
        # each token's row by observer seat: token number -> first column
        self.token_row: list[dict[int, int]] = []
        for seat in range(n):
            rows: dict[int, int] = {}
            for slot in range(n):
                for k, token in enumerate(game.tokens.of_seat((seat + slot) % n)):
                    rows[token] = self.token_part.start + (slot * self.per_team + k) * self.width
            self.token_row.append(rows)
        # the same rows keyed as the games' "at" names tokens (JSON object keys)
        self.token_row_by_key = [{str(token): row for token, row in rows.items()}
                                 for rows in self.token_row]
        self.zeros = array("f", bytes(4 * self.size))
        # float32 increments as Python floats: a float32 plus one of them, rounded to float32,
        # is what NumPy's float32 `+=` gives
        self.drawn_step = [float(np.float32(1 / copies)) for copies in self.dalgona_copies]
        self.phase_index = {phase: k for k, phase in enumerate(PHASES)}
        # per observer seat and token column: token number -> its cell
        self.token_cells = [[{token: row + column for token, row in rows.items()}
                             for column in range(self.width)] for rows in self.token_row]


def layout(game: SquidGame, num_players: int) -> SquidGameLayout:
    return SquidGameLayout(game, num_players)


def write(state: SquidGameState, seat: int, layout: SquidGameLayout) -> array[float]:
    out = layout.zeros[:]
    n = layout.num_players
    hot = [layout.games.start + layout.stage_index[name] for name in state.games]
    hot.append(layout.phase.start + layout.phase_index[state.phase])
    order = [(seat + slot) % n for slot in range(n)]
    for cell_of, groups in zip(layout.token_cells[seat], (state.team, state.reserve, state.bank),
                               strict=False):
        for tokens in groups:
            hot.extend(map(cell_of.__getitem__, tokens))
    for slot, other in enumerate(order):
        out[layout.to_pick.start + slot] = state.to_pick[other] / layout.per_team
    if state.winner is not None:
        hot.append(layout.winner.start + (state.winner - seat) % n)
    pending = state.pending
    if pending is not None:
        asked = pending.get("seats") or [pending["seat"]]
        hot.extend(layout.asked.start + (s - seat) % n for s in asked)
        hot.append(layout.kind.start + layout.kind_index[pending["kind"]])
    if state.phase == PLAY:
        name = state.games[state.stage]
        hot.append(layout.stage.start + layout.stage_index[name])
        _write_game(state, seat, out, layout, name, hot)
    for cell in hot:
        out[cell] = 1.0
    return out


def _write_game(state: SquidGameState, seat: int, out: array[float], layout: SquidGameLayout,
                name: str, hot: list[int]) -> None:
    n = layout.num_players
    # What the games keep alike (places, a chosen token, a Timer, rounds, turns, cards played),
    # read from whichever game is played as the JSON it is.
    g = cast("Mapping[str, Any]", state.g)
    rows = layout.token_row[seat]
    rows_by_key = layout.token_row_by_key[seat]
    place = PLACES[name]
    for key, where in g["at"].items():
        row = rows_by_key[key]
        hot.append(row + 3)
        if where is not None:
            hot.append(row + 4)
            out[row + 5], out[row + 6] = place(layout, where)
    chosen = g.get("chosen")
    if chosen is not None:
        hot.append(rows[chosen] + 7)
    if "timer" in g:
        hot.append(layout.timer.start + layout.timer_index[g["timer"]])
    if "round" in g:
        out[layout.round.start] = g["round"] / (g["round"] + ROUND_SCALE)
    if "order" in g and g["turn"] < len(g["order"]):
        hot.append(layout.turn.start + (g["order"][g["turn"]] - seat) % n)
    width = len(SEAT_LISTS)
    for key in GAME_LISTS.get(name, ()):
        column = layout.seat_lists.start + SEAT_LISTS.index(key)
        for item in seat_list(state, key):
            listed = item if type(item) is int else item[0]
            hot.append(column + (listed - seat) % n * width)
    if name != "marbles" and "played" in g:  # Marbles' "played" are finished groups
        played = g["played"]
        hot.extend(layout.has_played.start + (s - seat) % n
                   for s in range(n) if played[s] is not None)
        if played[seat] is not None:
            hot.append(layout.own_play.start + layout.play_index[played[seat]])
        shown = g.get("revealed_cards") if name == "glass_bridge" else g.get("revealed")
        if shown is not None:
            width = len(layout.plays)
            hot.extend(layout.revealed.start + (s - seat) % n * width + layout.play_index[card]
                       for s, card in enumerate(shown) if card is not None)
    STAGE_WRITERS[name](state, seat, out, layout, hot)


def seat_list(state: SquidGameState, key: str) -> list[Any]:
    """One of the lists of SEAT_LISTS: Red Light Green Light's 0 Pushes, Glass Bridge's seats
    still to move and the final's cards still to resolve are read off the decision stack, the
    others from the game's data."""
    if key == "movers":
        return GLASS_BRIDGE.movers(state)
    if key == "queue":
        return SQUID_GAME.queue(state)
    if key == "pushers":
        return RED_LIGHT_GREEN_LIGHT.pushers(state)
    lists = cast("Mapping[str, list[Any]]", state.g)
    return lists.get(key, [])


def _red_light(state: SquidGameState, seat: int, out: array[float], layout: SquidGameLayout,
               hot: list[int]) -> None:
    g = light_data(state)
    hot.extend(layout.doll_seen.start + card for card in g["discard"])
    if g["doll"] is not None:
        hot.append(layout.doll.start + g["doll"])
    out[layout.deck.start] = len(g["deck"]) / layout.doll_cards


def _dalgona(state: SquidGameState, seat: int, out: array[float], layout: SquidGameLayout,
             hot: list[int]) -> None:
    g = dalgona_data(state)
    copies = layout.dalgona_copies
    out[layout.deck.start] = len(g["deck"]) / sum(copies)
    step = layout.drawn_step
    for card in g["drawn"]:
        out[layout.drawn.start + card] += step[card]


def _tug_of_war(state: SquidGameState, seat: int, out: array[float], layout: SquidGameLayout,
                hot: list[int]) -> None:
    n = layout.num_players
    teams = layout.teams
    step = float(np.float32(1 / state.data.tug_max_cards))  # as NumPy's float32 += added it
    values = len(layout.values)
    for s, plays in enumerate(tug_data(state)["plays"]):
        for value, team in plays:
            out[layout.behind.start + (s - seat) % n * teams + team] += step
            if s == seat:
                out[layout.own_cards.start + team * values + layout.value_index[value]] += 1


def _marbles(state: SquidGameState, seat: int, out: array[float], layout: SquidGameLayout,
             hot: list[int]) -> None:
    duel = marbles_data(state)["duel"]
    if duel is None:
        return
    n = layout.num_players
    at = layout.duel.start
    hot.append(at + (duel["selector"] - seat) % n)
    hot.append(at + n + (duel["opponent"] - seat) % n)
    if duel["hide"] is not None:
        hot.append(at + 2 * n)
        if seat == duel["selector"]:
            hot.append(at + 2 * n + 2 + duel["hide"] - 1)
    if duel["guess"] is not None:
        hot.append(at + 2 * n + 1)
        if seat == duel["opponent"]:
            hot.append(at + 2 * n + 4 + ("odd", "even").index(duel["guess"]))


def _glass_bridge(state: SquidGameState, seat: int, out: array[float], layout: SquidGameLayout,
                  hot: list[int]) -> None:
    g = bridge_data(state)
    n = layout.num_players
    hot.extend(layout.bridge.start + 2 * tile + broken
               for tile, (broken, shown) in enumerate(zip(g["tiles"], g["revealed"],
                                                          strict=True)) if shown)
    if g["bridge_side"] is not None:
        hot.append(layout.bridge_side.start + SIDES.index(g["bridge_side"]))
    values = len(layout.values)
    value_index = layout.value_index
    for s, hand in enumerate(g["hands"]):
        at = layout.hands.start + (s - seat) % n * values
        hot.extend(at + value_index[v] for v in hand)


def _squid_game(state: SquidGameState, seat: int, out: array[float], layout: SquidGameLayout,
                hot: list[int]) -> None:
    speed = final_data(state)["speed"]
    if speed is not None and state.team[speed]:
        hot.append(layout.speed.start + (speed - seat) % layout.num_players)


def _lane(layout: SquidGameLayout, lane: int) -> tuple[float, float]:
    return (lane - WAITING) / (layout.lanes - WAITING), 0.0


def _shape(layout: SquidGameLayout, where: list[int]) -> tuple[float, float]:
    return where[0] / (layout.shapes - 1), where[1] / (layout.sections - 1)


def _team(layout: SquidGameLayout, team: int) -> tuple[float, float]:
    return team / (layout.teams - 1), 0.0


def _group(layout: SquidGameLayout, group: int) -> tuple[float, float]:
    return group / layout.tokens_in_play, 0.0


def _position(layout: SquidGameLayout, position: int) -> tuple[float, float]:
    return position / layout.spots, 0.0


def _space(layout: SquidGameLayout, space: int) -> tuple[float, float]:
    return (space - SAFE) / (layout.triangle - SAFE), 0.0


PLACES: dict[str, Any] = {
    "red_light_green_light": _lane, "dalgona": _shape, "tug_of_war": _team, "marbles": _group,
    "glass_bridge": _position, "squid_game": _space,
}
STAGE_WRITERS: dict[str, Any] = {
    "red_light_green_light": _red_light, "dalgona": _dalgona, "tug_of_war": _tug_of_war,
    "marbles": _marbles, "glass_bridge": _glass_bridge, "squid_game": _squid_game,
}

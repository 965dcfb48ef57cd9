"""Grid Squid's data file, loaded and checked once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from squidbox.engine import DataFile

DATA_FILE = Path(__file__).with_name("data.toml")


@dataclass(frozen=True)
class PlayerCountSetup:
    symbols_in_play: int
    board_rows: int


@dataclass(frozen=True)
class GridSquidData:
    symbols: tuple[str, ...]
    cards_per_symbol: int
    tiles_per_symbol: int
    board_columns: int
    cubes_per_player: int
    player_colours: tuple[str, ...]
    german_player_colours: tuple[str, ...]  # the same colours as the German interface shows them
    hand_size: int
    advanced_hand_size: int
    cards_played_per_round: int
    rounds: int
    setups: dict[int, PlayerCountSetup]
    line_points: dict[int, int]
    squid_bonus: int

    @property
    def shortest_line(self) -> int:
        return min(self.line_points)

    @property
    def largest_hand(self) -> int:
        """The most cards a seat can hold: the Advanced hand, plus whatever kept leftovers add
        round by round when more cards are dealt than played (nothing, by the rulebook)."""
        growth = max(0, self.hand_size - self.cards_played_per_round)
        return max(self.hand_size, self.advanced_hand_size + (self.rounds - 1) * growth)


def load(path: Path = DATA_FILE) -> GridSquidData:
    f = DataFile.load(path)
    symbols = tuple(f.get_list("symbols", str))
    if len(set(symbols)) != len(symbols) or not all(symbols):
        raise f.error("symbols", "must be distinct, non-empty names")
    setups = {}
    for count, _table in f.get("player_counts", dict).items():
        if not count.isdigit() or int(count) < 1:
            raise f.error(f"player_counts.{count}", "must be keyed by a player count")
        setups[int(count)] = PlayerCountSetup(
            f.get_int(f"player_counts.{count}.symbols_in_play", 1, len(symbols)),
            f.get_int(f"player_counts.{count}.board_rows", 1, 26),
        )
    line_points = {}
    for length, _points in f.get("line_points", dict).items():
        if not length.isdigit() or int(length) < 2:
            raise f.error(f"line_points.{length}", "must be keyed by a line length of 2 or more")
        line_points[int(length)] = f.get_int(f"line_points.{length}", 0)
    data = GridSquidData(
        symbols=symbols,
        cards_per_symbol=f.get_int("cards_per_symbol", 1),
        tiles_per_symbol=f.get_int("tiles_per_symbol", 1),
        board_columns=f.get_int("board_columns", 1, 26),
        cubes_per_player=f.get_int("cubes_per_player", 1),
        player_colours=tuple(f.get_list("player_colours", str)),
        german_player_colours=tuple(f.get_list("german_player_colours", str)),
        hand_size=f.get_int("hand_size", 1),
        advanced_hand_size=f.get_int("advanced_hand_size", 1),
        cards_played_per_round=f.get_int("cards_played_per_round", 1),
        rounds=f.get_int("rounds", 1),
        setups=setups,
        line_points=line_points,
        squid_bonus=f.get_int("squid.bonus", 0),
    )
    _check_consistency(f, data)
    return data


def _check_consistency(f: DataFile, data: GridSquidData) -> None:
    if not data.setups:
        raise f.error("player_counts", "must list at least one player count")
    if not data.line_points:
        raise f.error("line_points", "must list at least one line length")
    if len(data.player_colours) < max(data.setups):
        raise f.error("player_colours", f"must name a colour for each of {max(data.setups)} seats")
    german = data.german_player_colours
    if len(set(german)) != len(data.player_colours) or not all(german):
        raise f.error("german_player_colours", f"must be {len(data.player_colours)} distinct, "
                      "non-empty names, one for each of `player_colours`")
    if min(data.hand_size, data.advanced_hand_size) < data.cards_played_per_round:
        raise f.error("hand_size", "must be at least cards_played_per_round")
    longest = max(data.board_columns, *(s.board_rows for s in data.setups.values()))
    missing = [n for n in range(data.shortest_line, longest + 1) if n not in data.line_points]
    if missing:
        raise f.error("line_points", f"must give points for every length up to {longest}, "
                      f"missing {missing}")
    for count, setup in data.setups.items():
        key = f"player_counts.{count}"
        tiles = setup.symbols_in_play * data.tiles_per_symbol
        if tiles != setup.board_rows * data.board_columns:
            raise f.error(key, f"board {data.board_columns}x{setup.board_rows} does not hold "
                          f"{setup.symbols_in_play} symbols x {data.tiles_per_symbol} tiles")
        # Every deal draws from the deck and the reshuffled discards, i.e. from every card no
        # one holds; this is enough for every hand whenever it holds in the fullest deal.
        cards = setup.symbols_in_play * data.cards_per_symbol
        if cards < count * data.largest_hand:
            raise f.error(key, f"{cards} cards are too few to deal every hand")

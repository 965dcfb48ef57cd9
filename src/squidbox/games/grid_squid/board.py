"""The board: tile geometry, straight lines of cubes, and scoring (rulebook "Scoring")."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

EMPTY = -1

# (name, column step, row step) of each straight direction on the grid.
ORTHOGONAL = (("row", 1, 0), ("column", 0, 1))
DIAGONAL = (("diagonal", 1, 1), ("anti-diagonal", -1, 1))


def tile_name(index: int, columns: int) -> str:
    return f"{chr(ord('A') + index % columns)}{index // columns + 1}"


@dataclass(frozen=True)
class Geometry:
    columns: int
    rows: int
    lines: tuple[tuple[str, tuple[int, ...]], ...]  # every full straight line: (direction, tiles)
    names: tuple[str, ...]  # each tile's name ("A1"), by index
    line_masks: tuple[int, ...]  # per line, the bits of its tiles (to skip lines quickly)
    # (line index, bits of a player's tiles on it, shortest run) -> the runs there, as met
    line_runs: dict[tuple[int, int, int], tuple[Run, ...]] = field(
        default_factory=dict, compare=False, repr=False)

    @property
    def size(self) -> int:
        return self.columns * self.rows


@cache
def geometry(columns: int, rows: int, diagonals: bool, shortest_line: int) -> Geometry:
    """All straight lines across the board long enough to score."""
    lines = []
    for direction, dc, dr in ORTHOGONAL + (DIAGONAL if diagonals else ()):
        for row in range(rows):
            for column in range(columns):
                # Start only where the line enters the board.
                if 0 <= column - dc < columns and 0 <= row - dr < rows:
                    continue
                tiles = []
                c, r = column, row
                while 0 <= c < columns and 0 <= r < rows:
                    tiles.append(r * columns + c)
                    c, r = c + dc, r + dr
                if len(tiles) >= shortest_line:
                    lines.append((direction, tuple(tiles)))
    names = tuple(tile_name(t, columns) for t in range(columns * rows))
    masks = tuple(sum(1 << t for t in tiles) for _, tiles in lines)
    return Geometry(columns, rows, tuple(lines), names, masks)


@dataclass(frozen=True)
class Run:
    """A maximal straight run of one player's cubes, long enough to score."""

    direction: str
    tiles: tuple[int, ...]
    mask: int = field(default=0, compare=False, repr=False)  # the bits of its tiles


def runs_of(owners: list[int], geo: Geometry, player: int, shortest_line: int) -> list[Run]:
    """Maximal runs only: a line of 5 is one line of 5, not also two lines of 3 and 4."""
    mine = 0
    for tile, owner in enumerate(owners):
        if owner == player:
            mine |= 1 << tile
    return runs_in(mine, geo, shortest_line)


def runs_in(mine: int, geo: Geometry, shortest_line: int) -> list[Run]:
    """The maximal runs of the tiles in the bit set `mine`."""
    runs: list[Run] = []
    known = geo.line_runs
    for index, line_mask in enumerate(geo.line_masks):
        on_line = mine & line_mask
        if on_line.bit_count() < shortest_line:
            continue  # too few of the player's cubes on this line for any run
        key = (index, on_line, shortest_line)
        found = known.get(key)
        if found is None:
            found = known[key] = _line_runs(geo.lines[index], on_line, shortest_line)
        runs.extend(found)
    return runs


def _line_runs(line: tuple[str, tuple[int, ...]], mine: int, shortest_line: int
               ) -> tuple[Run, ...]:
    """The maximal runs on one line of the tiles in the bit set `mine`."""
    direction, tiles = line
    runs = []
    current: list[int] = []
    for tile in (*tiles, None):
        if tile is not None and mine >> tile & 1:
            current.append(tile)
            continue
        if len(current) >= shortest_line:
            runs.append(Run(direction, tuple(current), sum(1 << t for t in current)))
        current = []
    return tuple(runs)


def squids_among(runs: list[Run]) -> list[tuple[Run, Run]]:
    """Each pair of runs in different directions that share a cube is a Squid (+bonus)."""
    return [
        (a, b)
        for i, a in enumerate(runs)
        for b in runs[i + 1 :]
        if a.direction != b.direction and set(a.tiles) & set(b.tiles)
    ]


@dataclass(frozen=True)
class Scoring:
    runs: list[Run]
    squids: list[tuple[Run, Run]]
    points: int


def tiles_of_seats(owners: list[int], seats: int) -> list[int]:
    """Per seat, the bit set of the tiles it holds."""
    mine = [0] * seats
    for tile, owner in enumerate(owners):
        if owner != EMPTY:
            mine[owner] |= 1 << tile
    return mine


def points_of(mine: int, geo: Geometry, line_points: dict[int, int], squid_bonus: int) -> int:
    """`score(...).points` of the player holding the tiles in the bit set `mine`, without
    the runs and Squids themselves (for search states, which log nothing)."""
    runs = runs_in(mine, geo, min(line_points))
    points = 0
    for i, a in enumerate(runs):
        points += line_points[len(a.tiles)]
        for b in runs[i + 1:]:
            if a.direction != b.direction and a.mask & b.mask:  # a Squid
                points += squid_bonus
    return points


def score(
    owners: list[int],
    geo: Geometry,
    player: int,
    line_points: dict[int, int],
    squid_bonus: int,
) -> Scoring:
    runs = runs_of(owners, geo, player, min(line_points))
    squids = squids_among(runs)
    points = sum(line_points[len(run.tiles)] for run in runs) + squid_bonus * len(squids)
    return Scoring(runs, squids, points)

"""The designer's report (`squidbox report`): one self-contained HTML file from game records.

Sections: the run (game, games, bots, variant), win rate by seat and by bot, first-player
advantage, the score and length distributions, and per-piece statistics. Charts are matplotlib
PNGs embedded as base64 `data:` images, so the file can be mailed or opened offline.

Per-piece statistics come from each record's `pieces` counts (pieces.py). For every category
("played", "drawn", "owned at end", …) and piece:
    seat-games    how many seat-games had the piece at least once (and that as a share of all)
    per game      mean count per seat-game where it appeared
    win rate      per game that had it, the mean return of the seats that had it; averaged over
                  those games, so each game counts once (the seats of one game are not
                  independent: one's win is another's loss)
    interval      Wilson's, made simultaneous over every piece interval in the report
                  (Bonferroni: with m of them, each at level 1 − 0.05/m), so all hold together
                  with 95% confidence and a ranking of ~100 pieces does not find chance winners
    vs others     the seats' mean return minus that of the seat-games without it
Pieces are ranked by the lower end of their win rate's interval (a piece must be both good and
well measured to rank high). What the whole table shares (category "in game": Directors' Events,
Grid Squid's symbols in play) is shown per game instead: the games that had it, their mean length
against the others', and the first player's win rate in them (also corrected).

Win rates by seat are also given per lineup (the bots in seat order) when the records hold more
than one, and with two or more bots the skill gap (summary.py).
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .pieces import IN_GAME
from .plot import import_pyplot, length_chart, rate_chart, scores_chart
from .runner import Record
from .stats import Z95, Rate, simultaneous_z
from .summary import Summary, first_player_line, length_line, skill_gap_line

CHART_PIECES = 20  # pieces drawn in each category's chart (the table lists all)


@dataclass
class PieceStats:
    """Per category and piece: the returns of seats that had it, and of those that did not."""

    players: int
    games: int = 0
    having: dict[tuple[str, str], Rate] = field(default_factory=dict)  # one value per game
    seat_returns: dict[tuple[str, str], Rate] = field(default_factory=dict)  # per seat-game
    everyone: Rate = field(default_factory=Rate)  # every seat-game's return
    counts: dict[tuple[str, str], int] = field(default_factory=dict)
    game_lengths: dict[str, list[int]] = field(default_factory=dict)  # IN_GAME piece -> lengths
    first_player: dict[str, Rate] = field(default_factory=dict)  # IN_GAME piece -> returns

    def add(self, record: Record) -> None:
        self.games += 1
        returns = record["returns"]
        first = record["first_player"]
        for piece in (record.get("pieces") or {}).get(IN_GAME, {}):
            self.game_lengths.setdefault(piece, []).append(record["length"])
            if first is not None:
                self.first_player.setdefault(piece, Rate()).add(returns[first])
        for category, pieces in (record.get("pieces") or {}).items():
            if category == IN_GAME:
                continue
            for piece, per_seat in pieces.items():
                key = (category, piece)
                seats = [seat for seat, count in enumerate(per_seat) if count]
                if not seats:
                    continue
                self.having.setdefault(key, Rate()).add(
                    sum(returns[seat] for seat in seats) / len(seats))
                for seat in seats:
                    self.seat_returns.setdefault(key, Rate()).add(returns[seat])
                self.counts[key] = self.counts.get(key, 0) + sum(per_seat)
        for value in returns:
            self.everyone.add(value)

    def categories(self) -> list[str]:
        return sorted({category for category, _ in self.having})

    @property
    def z(self) -> float:
        """The z of every piece interval: simultaneous over all of them."""
        return simultaneous_z(max(1, len(self.having) + len(self.first_player)))

    def intervals(self) -> int:
        return len(self.having) + len(self.first_player)

    def without(self, key: tuple[str, str]) -> float:
        """Mean return of the seat-games that did not have the piece."""
        having = self.seat_returns[key]
        rest = self.everyone.plays - having.plays
        return (self.everyone.total - having.total) / rest if rest else float("nan")

    def ranked(self, category: str) -> list[tuple[str, Rate]]:
        rows = [(piece, rate) for (cat, piece), rate in self.having.items() if cat == category]
        z = self.z
        return sorted(rows, key=lambda row: (-row[1].interval(z)[0], -row[1].mean, row[0]))


def build_report(records: Sequence[Record], title: str) -> str:
    """The HTML report of `records` (all of one game and player count)."""
    if not records:
        raise ValueError("no records to report on")
    players = records[0]["players"]
    summary = Summary(players)
    pieces = PieceStats(players)
    for record in records:
        summary.add(record)
        pieces.add(record)
    pyplot = import_pyplot()
    body = [f"<h1>{html.escape(title)}</h1>", run_section(records, summary),
            results_section(pyplot, summary), pieces_section(pyplot, pieces, summary)]
    return PAGE.format(title=html.escape(title), body="\n".join(body))


def run_section(records: Sequence[Record], summary: Summary) -> str:
    first = records[0]
    bots = sorted({spec for record in records for spec in record["seats"]})
    variants = sorted({record.get("variant") or "shipped data" for record in records})
    items = [("game", first["game"]), ("players", str(first["players"])),
             ("games", str(summary.games)), ("bots", ", ".join(bots)),
             ("options", ", ".join(sorted({str(r["options"] or "defaults") for r in records}))),
             ("data", "; ".join(variants))]
    rows = "".join(f"<tr><th>{k}</th><td>{html.escape(v)}</td></tr>" for k, v in items)
    return f"<h2>The run</h2><table class=facts>{rows}</table>"


def results_section(pyplot: Any, summary: Summary) -> str:
    seats = [(f"seat {seat}", rate) for seat, rate in enumerate(summary.by_seat)]
    parts = ["<h2>Win rates</h2>",
             "<p>Win rate = mean return (a win 1, a shared win split), 95% Wilson interval; "
             f"fair share 1/{summary.players} = {summary.fair_share:.3f}.</p>",
             rate_table("seat", seats), rate_table("bot", summary.bots_ranked())]
    if len(summary.by_bot) > 1:
        parts.append(f"<p>{html.escape(skill_gap_line(summary))}</p>")
    parts += [lineup_table(summary),
              chart(pyplot, lambda path: rate_chart(pyplot, path, "Win rate by seat", seats,
                                                    summary.fair_share), "Win rate by seat"),
              f"<p>{html.escape(first_player_line(summary))}</p>",
              "<h2>Game length and scores</h2>",
              f"<p>{html.escape(length_line(summary))}</p>",
              chart(pyplot, lambda path: length_chart(pyplot, path, summary.lengths),
                    "Game length histogram")]
    if summary.has_scores:
        parts.append(chart(pyplot, lambda path: scores_chart(pyplot, path, summary.scores),
                           "Scores by seat"))
    return "\n".join(parts)


def rate_table(kind: str, rates: Iterable[tuple[str, Rate]]) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(name)}</td><td>{rate.plays}</td><td>{rate.mean:.3f}</td>"
        f"<td>{interval_text(rate)}</td></tr>" for name, rate in rates)
    return (f"<table><tr><th>{kind}</th><th>plays</th><th>win rate</th>"
            f"<th>95% interval</th></tr>{rows}</table>")


def interval_text(rate: Rate, z: float = Z95) -> str:
    low, high = rate.interval(z)
    return f"{low:.3f} – {high:.3f}"


def lineup_table(summary: Summary) -> str:
    """Each seat's win rate within each lineup, when the records hold more than one."""
    if len(summary.by_lineup) < 2:
        return ""
    header = "".join(f"<th>seat {seat}</th>" for seat in range(summary.players))
    rows = []
    for lineup, rates in sorted(summary.by_lineup.items()):
        cells = "".join(f"<td>{rate.mean:.3f} ({interval_text(rate)})</td>" for rate in rates)
        rows.append(f"<tr><td>{html.escape(', '.join(lineup))}</td><td>{rates[0].plays}</td>"
                    f"{cells}</tr>")
    return ("<p>By lineup (the bots in seat order): each seat's win rate, 95% Wilson interval. "
            "A seat's overall win rate mixes the lineups it sat in; these do not.</p>"
            f"<table class=lineups><tr><th>lineup</th><th>games</th>{header}</tr>"
            f"{''.join(rows)}</table>")


def in_game_table(pieces: PieceStats, summary: Summary) -> str:
    """The pieces the whole table shares: per piece, its games, their length, the first player."""
    if not pieces.game_lengths:
        return ""
    total = sum(summary.lengths)
    rows = []
    for piece, lengths in sorted(pieces.game_lengths.items(),
                                 key=lambda item: -sum(item[1]) / len(item[1])):
        others = summary.games - len(lengths)
        rest = (total - sum(lengths)) / others if others else float("nan")
        first = pieces.first_player.get(piece)
        first_text = "–" if first is None else (
            f"{first.mean:.3f} ({interval_text(first, pieces.z)})")
        rows.append(f"<tr><td>{html.escape(piece)}</td><td>{len(lengths)}</td>"
                    f"<td>{sum(lengths) / len(lengths):.1f}</td><td>{rest:.1f}</td>"
                    f"<td>{first_text}</td></tr>")
    return (f"<h3>{IN_GAME}</h3><p>Shared by the whole table: the games that had it, their mean "
            "length against the other games', and the first player's win rate in them (fair "
            f"share {summary.fair_share:.3f}, corrected interval as below).</p>"
            "<table><tr><th>piece</th><th>games</th><th>length</th><th>length without</th>"
            f"<th>first player's win rate</th></tr>{''.join(rows)}</table>")


def pieces_section(pyplot: Any, pieces: PieceStats, summary: Summary) -> str:
    if not pieces.having and not pieces.game_lengths:
        return "<h2>Pieces</h2><p>These records carry no per-piece counts.</p>"
    seat_games = summary.games * summary.players
    count = pieces.intervals()
    parts = ["<h2>Pieces</h2>",
             "<p>For each piece: the games and seat-games in which a seat had it at least once, "
             "the mean count in those seat-games, the win rate of the seats that had it (each "
             "game counts once: the seats of one game are not independent) and how it compares "
             "with the seat-games without it. Ranked by the lower end of the interval.</p>"
             f"<p>Corrected for looking at many pieces: the {count} piece intervals in this "
             f"report hold <em>together</em> with 95% confidence (Bonferroni: each at level "
             f"{1 - 0.05 / max(1, count):.4f}), so they are wider than a single 95% interval "
             "and a piece that stands out by chance among many rarely clears them.</p>",
             in_game_table(pieces, summary)]
    z = pieces.z
    for category in pieces.categories():
        ranked = pieces.ranked(category)
        rows = []
        for rank, (piece, rate) in enumerate(ranked, start=1):
            key = (category, piece)
            seat_plays = pieces.seat_returns[key].plays
            rows.append(
                f"<tr><td>{rank}</td><td>{html.escape(piece)}</td><td>{rate.plays}</td>"
                f"<td>{seat_plays} ({seat_plays / seat_games:.0%})</td>"
                f"<td>{pieces.counts[key] / seat_plays:.2f}</td><td>{rate.mean:.3f}</td>"
                f"<td>{interval_text(rate, z)}</td>"
                f"<td>{pieces.seat_returns[key].mean - pieces.without(key):+.3f}</td></tr>")
        parts.append(f"<h3>{html.escape(category)}</h3>")
        parts.append("<table><tr><th>rank</th><th>piece</th><th>games</th><th>seat-games</th>"
                     "<th>per game</th><th>win rate</th><th>corrected interval</th>"
                     f"<th>vs others</th></tr>{''.join(rows)}</table>")
        shown = ranked[:CHART_PIECES]
        parts.append(chart(pyplot, lambda path, shown=shown, category=category: piece_chart(
            pyplot, path, category, shown, summary.fair_share, z), f"Win rate by {category}"))
    return "\n".join(parts)


def piece_chart(pyplot: Any, path: Any, category: str, rows: Sequence[tuple[str, Rate]],
                fair_share: float, z: float) -> Any:
    rows = list(reversed(rows))  # best at the top
    names = [name for name, _ in rows]
    means = [rate.mean for _, rate in rows]
    intervals = [rate.interval(z) for _, rate in rows]
    # max(0, …): at a rate of 0 or 1 rounding can put the interval's end a hair past the mean
    lows = [max(0.0, mean - low) for mean, (low, _) in zip(means, intervals, strict=True)]
    highs = [max(0.0, high - mean) for mean, (_, high) in zip(means, intervals, strict=True)]
    figure, axes = pyplot.subplots(figsize=(7, 1.0 + 0.3 * len(rows)))
    axes.barh(names, means, xerr=[lows, highs], capsize=3, color="#8172b2")
    axes.axvline(fair_share, color="#c44e52", linestyle="--", label=f"fair share {fair_share:.3f}")
    axes.set_xlim(0, 1)
    axes.set_xlabel("win rate of the seats that had it (simultaneous 95% intervals)")
    axes.set_title(f"Win rate by piece: {category}")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    pyplot.close(figure)
    return path


def chart(pyplot: Any, draw: Any, alt: str) -> str:
    """Draw a chart into memory and embed it as a base64 PNG."""
    buffer = io.BytesIO()
    draw(buffer)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<p><img alt="{html.escape(alt)}" src="data:image/png;base64,{data}"></p>'


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }}
td:nth-child(n+3) {{ text-align: right; }}
table.facts td {{ text-align: left; }}
img {{ max-width: 100%; }}
</style></head>
<body>
{body}
</body></html>
"""

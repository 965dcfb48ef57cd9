"""Aggregate game records into what a designer asks first, and print it.

Built one record at a time (`Summary.add`), so a million games need no list of records:
    per bot spec   mean return over every seat it took (a seat-game is one play; with one spec
                   in two seats of a game, both count), 95% Wilson interval
    per seat       the same per seat number, whichever bot sat there (plan.py balances the
                   lineups over the seats, so this is the seat's own effect)
    skill gap      with two or more bot specs: the stronger bot's win rate against the
                   weakest's, the edge a better player has in this game
    first player   the mean return of the seat that acted first (history[0]) against the fair
                   share 1/N, with its interval: the first-player advantage (where a game opens
                   with a simultaneous decision, "first" is the lowest seat asked, see runner.py)
    game length    decisions per game: mean, median, min, max (and a histogram in plot.py)
    scores         per seat mean and standard deviation, when the game keeps points
    end reasons    how many games ended each way (record "end_reason"), with 95% intervals
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .runner import Record
from .stats import Rate, describe, wilson_interval


@dataclass
class Summary:
    players: int
    games: int = 0
    by_bot: dict[str, Rate] = field(default_factory=dict)
    by_seat: list[Rate] = field(default_factory=list)
    by_lineup: dict[tuple[str, ...], list[Rate]] = field(default_factory=dict)  # seat order
    first_player: Rate = field(default_factory=Rate)
    first_seats: Counter[int] = field(default_factory=Counter)
    lengths: list[int] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)
    end_reasons: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.by_seat = self.by_seat or [Rate() for _ in range(self.players)]
        self.scores = self.scores or [[] for _ in range(self.players)]

    @property
    def fair_share(self) -> float:
        return 1 / self.players

    @property
    def has_scores(self) -> bool:
        return any(self.scores)

    def add(self, record: Record) -> None:
        self.games += 1
        returns = record["returns"]
        lineup = self.by_lineup.setdefault(tuple(record["seats"]),
                                           [Rate() for _ in range(self.players)])
        for seat, (spec, value) in enumerate(zip(record["seats"], returns, strict=True)):
            self.by_bot.setdefault(spec, Rate()).add(value)
            self.by_seat[seat].add(value)
            lineup[seat].add(value)
        first = record["first_player"]
        if first is not None:
            self.first_player.add(returns[first])
            self.first_seats[first] += 1
        self.lengths.append(record["length"])
        if record.get("end_reason") is not None:
            self.end_reasons[record["end_reason"]] += 1
        if record["scores"] is not None:
            for seat, score in enumerate(record["scores"]):
                self.scores[seat].append(score)

    def bots_ranked(self) -> list[tuple[str, Rate]]:
        return sorted(self.by_bot.items(), key=lambda item: -item[1].mean)


def format_summary(summary: Summary) -> str:
    """The summary as text, one block per question."""
    if not summary.games:
        return "No games were played."
    blocks = [rate_block(summary), first_player_line(summary), length_line(summary)]
    if len(summary.by_bot) > 1:
        blocks.insert(1, skill_gap_line(summary))
    if summary.end_reasons:
        blocks.append(end_reasons_line(summary))
    if summary.has_scores:
        blocks.append(scores_block(summary))
    return "\n\n".join(blocks)


def rate_block(summary: Summary) -> str:
    bots = summary.bots_ranked()
    seats = [(f"seat {seat}", rate) for seat, rate in enumerate(summary.by_seat)]
    width = max(12, *(len(name) for name, _ in bots))
    lines = [f"Win rate = mean return (win 1, shared win split), 95% Wilson interval; "
             f"fair share 1/{summary.players} = {summary.fair_share:.3f}"]
    lines.append(rate_header("bot", width))
    lines += [rate_line(name, rate, width) for name, rate in bots]
    lines.append(rate_header("seat", width))
    lines += [rate_line(name, rate, width) for name, rate in seats]
    return "\n".join(lines)


def rate_header(kind: str, width: int) -> str:
    return f"  {kind:<{width}}  {'plays':>7}  {'mean':>6}  95% interval"


def rate_line(name: str, rate: Rate, width: int) -> str:
    low, high = rate.interval()
    return f"  {name:<{width}}  {rate.plays:>7}  {rate.mean:>6.3f}  {low:.3f} - {high:.3f}"


def skill_gap_line(summary: Summary) -> str:
    """The strongest and weakest bot's win rates (call with two or more bots)."""
    ranked = summary.bots_ranked()
    (best, best_rate), (worst, worst_rate) = ranked[0], ranked[-1]
    low, high = best_rate.interval()
    return (f"Skill gap: the stronger bot, {best}, wins {best_rate.mean:.3f} ({low:.3f} - "
            f"{high:.3f}) against {worst_rate.mean:.3f} for {worst} (fair share "
            f"{summary.fair_share:.3f})")


def first_player_line(summary: Summary) -> str:
    rate = summary.first_player
    if not rate.plays:
        return "First-player advantage: no game had a decision."
    low, high = rate.interval()
    fair = summary.fair_share
    if fair < low:
        verdict = "an advantage (fair share below the interval)"
    elif fair > high:
        verdict = "a disadvantage (fair share above the interval)"
    else:
        verdict = "no clear advantage (fair share inside the interval)"
    return (f"First-player advantage: the first to act ({first_seats_text(summary)}) has mean "
            f"return {rate.mean:.3f} ({low:.3f} - {high:.3f}) vs fair share {fair:.3f}: "
            f"{rate.mean - fair:+.3f}, {verdict}")


def first_seats_text(summary: Summary) -> str:
    parts = [f"seat {seat} in {count}" for seat, count in sorted(summary.first_seats.items())]
    return ", ".join(parts) + f" of {summary.first_player.plays} games"


def length_line(summary: Summary) -> str:
    lengths = describe(summary.lengths)
    return (f"Game length (decisions): mean {lengths.mean:.1f}, median {lengths.median:g}, "
            f"min {lengths.minimum}, max {lengths.maximum}")


def end_reasons_line(summary: Summary) -> str:
    counted = sum(summary.end_reasons.values())
    parts = []
    for reason, count in summary.end_reasons.most_common():
        low, high = wilson_interval(count, counted)
        parts.append(f"{reason} {count} ({count / counted:.1%}, {low:.1%} - {high:.1%})")
    return f"How games ended (of {counted}, 95% interval): " + ", ".join(parts)


def scores_block(summary: Summary) -> str:
    lines = ["Scores per seat:"]
    for seat, values in enumerate(summary.scores):
        if values:
            spread = describe(values)
            lines.append(f"  seat {seat}  mean {spread.mean:.2f}  sd {spread.stdev:.2f}  "
                         f"min {spread.minimum:g}  max {spread.maximum:g}")
    return "\n".join(lines)

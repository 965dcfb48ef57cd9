"""`squidbox review FILE --seat N`: a seat's review of a game record, printed in the terminal.

It prints what the replay page shows: the seat's estimated chance of winning after each of its
decisions as a line (one column per decision, rows of RUN columns), the marks of the decisions
that lost chances under it, and a table of every decision with the better move where there was
one.
"""

from __future__ import annotations

from ..games.names import shown as shown_name
from ..i18n import gettext as _
from ..record import Replay
from ..terminal import Write
from . import VERDICT_WORDS, Review, move_labels

RUN = 60  # decisions per row of the chart
LEVELS = "▁▂▃▄▅▆▇█"  # a chance of 0 to 1 in eight steps
MARKS = {"good": " ", "inaccuracy": "○", "mistake": "◐", "blunder": "●"}


def print_review(replay: Replay, review: Review, write: Write = print) -> None:
    game, record = replay.game, replay.record
    names = [shown_name(game, name) for name in replay.state_at(0).seat_names()]
    write(_("Review of {name} (seat {seat}) · {game}, {players} players, seed {seed}").format(
        name=names[review.seat], seat=review.seat, game=_(game.name), players=record.players,
        seed=record.seed))
    write(_("Estimated by search from what this seat saw: {iterations} iterations per decision, "
            "review seed {seed}.").format(iterations=review.iterations, seed=review.seed))
    if not review.decisions:
        write(_("This seat had no decision with a choice in this game."))
        return
    write("")
    write(_("Estimated chance of winning after each of your {count} decisions "
            "(▁ 0 % … █ 100 %):").format(count=len(review.decisions)))
    for line in chart(review):
        write(line)
    write("   " + " · ".join(f"{MARKS[v]} {_(VERDICT_WORDS[v])}"
                             for v in ("inaccuracy", "mistake", "blunder")))
    write("")
    write(_("Step  Your move (chance)  ·  Better move found (chance)  ·  Verdict"))
    for decision, (made, best) in zip(review.decisions, move_labels(replay, review),
                                      strict=True):
        line = f"{decision.step + 1:>4}  {made} ({percent(decision.chance)})"
        if percent(decision.best_chance) != percent(decision.chance):  # a better move found
            line += f"  ·  {best} ({percent(decision.best_chance)})"
        if decision.verdict != "good":
            line += f"  ·  {MARKS[decision.verdict]} {_(VERDICT_WORDS[decision.verdict])}"
        write(line)
    counts = review.counts()
    write("")
    write(", ".join(f"{_(VERDICT_WORDS[verdict])}: {count}" for verdict, count in counts.items()))


def chart(review: Review) -> list[str]:
    """The chance line, RUN decisions a row, each row with its marks beneath."""
    lines = []
    decisions = review.decisions
    for start in range(0, len(decisions), RUN):
        part = decisions[start:start + RUN]
        spark = "".join(LEVELS[min(len(LEVELS) - 1, int(d.chance * len(LEVELS)))] for d in part)
        marks = "".join(MARKS[d.verdict] for d in part)
        lines.append(f"{start + 1:>4} {spark}")
        if marks.strip():
            lines.append(f"     {marks.rstrip()}")
    return lines


def percent(chance: float) -> str:
    return f"{round(chance * 100)} %"

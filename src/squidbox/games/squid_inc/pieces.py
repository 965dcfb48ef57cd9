"""Squid, Inc.'s pieces as players read them: every Employee (Clout Value, ability, copies),
the Security Guard, Clout tokens, Tiers and the Unemployed Line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from squidbox.games.pieces import Piece, Pieces, comment_statuses, look

from .data import DATA_FILE, SquidIncData, TierShape

if TYPE_CHECKING:
    from .game import SquidInc
    from .state import SquidIncState


def pieces(game: SquidInc) -> Pieces:
    data = game.data
    statuses = comment_statuses(DATA_FILE)
    colours = look(__package__)
    found = Pieces.of(game, colours)
    for index, employee in enumerate(data.employees):
        key = f"employees.{index}"
        is_guard = employee is data.guard or employee.name == data.guard.name
        text = employee.text or ("Worth no Clout and controlled by nobody: it works for the "
                                 "company. Cannot go to a Mailroom; never bumps anyone."
                                 if is_guard else "")
        piece = found.add(Piece(f"employee:{employee.name}",
                                "Security Guard" if is_guard else "Employee", employee.name,
                                text=text,
                                colour=colours["guard_fill" if is_guard else "employee_fill"]))
        piece.value("Clout Value", employee.clout, statuses.get(f"{key}.clout") == "proposed")
        if not is_guard:
            piece.value("ability", "free (no Clout spent)" if employee.free
                        else f"costs {employee.clout} Clout",
                        statuses.get(f"{key}.ability") == "proposed")
            if employee.tiers is not None:
                piece.value("usable on Tiers", ", ".join(str(t + 1) for t in employee.tiers),
                            statuses.get(f"{key}.tiers") == "proposed")
            piece.value("copies", employee.copies, statuses.get(f"{key}.copies") == "proposed")
            if employee.unique:
                piece.value("unique", "at most one in play")
    found.add(Piece("clout", "Clout token", "Clout", colour=colours["clout_fill"],
                    text="Placed on Employees. An Employee in the Mailroom with Clout at least "
                         "its Clout Value must enter the Workplace; in the Workplace it spends "
                         "its Clout Value to use its ability. Each token on an Employee in the "
                         "Workplace scores 1 at the end."))
    modifiers = ", ".join(f"{m:+d}" for m in data.line_modifiers)
    found.add(Piece("line", "Unemployed Line", "Unemployed Line", colour=colours["line_fill"],
                    text=f"Take one Employee from it each turn. Its space adds {modifiers} to "
                         "its Clout if you Dismiss it for Clout."))
    for number, tier in enumerate(data.tiers, start=1):
        piece = found.add(Piece(f"tier:{number}", "Tier", f"Tier {number}",
                                text=f"Employees here score {tier.multiplier} × their Clout "
                                     "Value at the end."))
        piece.value("multiplier", tier.multiplier)
        piece.value("spaces", tier.rows * tier.columns,
                    statuses.get("tiers.0.rows") == "proposed")  # one comment covers all
        found.add(space(data, number, tier, statuses))
    return found


def space(data: SquidIncData, number: int, tier: TierShape, statuses: dict[str, str]) -> Piece:
    """An empty space of the Workplace on Tier `number` (1 = bottom)."""
    if number == 1:
        how = ("A Mailroom Employee with Clout at least its Clout Value enters the Workplace "
               "here, on the bottom Tier; when the Tier is full it may Bump an Employee of "
               "lower Clout Value.")
    else:
        how = ("Employees move here when Promoted, Demoted, Floated or Bumped; a new Security "
               "Guard goes on an empty space of the highest Tier with room.")
    piece = Piece(f"space:{number}", "Space", f"Empty space on Tier {number}",
                  text=f"Room for one Employee. An Employee here scores {tier.multiplier} × its "
                       f"Clout Value at the end. {how}")
    piece.value("multiplier", tier.multiplier)
    piece.value("spaces on this Tier", f"{tier.rows} rows of {tier.columns}",
                statuses.get("tiers.0.rows") == "proposed")
    return piece


def example(state: SquidIncState) -> SquidIncState:
    """The how-to-play page's example table: the first turn, once the setup's choices are made
    (each seat taking its first choice) and the Unemployed Line is dealt; before that it is
    empty."""
    while not state.is_terminal() and not state.line:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state

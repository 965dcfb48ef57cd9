"""Undo that respects the rules (docs/engine.md "Undo").

A seat may take back its own last decisions as long as nobody could have learnt anything from
them: since the first decision taken back, no other seat has decided, no random draw happened
(the generator's counter did not move) and nothing hidden was revealed to anyone (the game says
so by calling `state.mark_reveal()` where its rules show a hidden card or value). One undo takes
back one decision; undoing again goes further back within the same window.

The state keeps the window as the index in its history where the undoable decisions start
(`_undo_from`) and why the window starts there (`_undo_why`). Only states that keep records do
this bookkeeping: a search state never undoes, and pays nothing for it. Taking a decision back
gives exactly the state that replaying the other decisions from the seed gives (the counter-based
generator makes that exact); the log keeps the entries its players read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IllegalAction

if TYPE_CHECKING:
    from .state import State

# Why the window starts where it does (what the last undo may not cross).
DRAW = "draw"
REVEAL = "reveal"
OTHER_SEAT = "other_seat"
LOADED = "loaded"
RESAMPLED = "resampled"
START = "start"

REASONS = {
    DRAW: "a random draw happened since",
    REVEAL: "something hidden was revealed since",
    LOADED: "the game was loaded from a snapshot since",
    RESAMPLED: "this state was resampled for search",
    OTHER_SEAT: "another seat decided since",
    START: "nothing has been decided yet",
}


def after_apply(state: State, player: int, draws_before: int) -> None:
    """Move the window after `player`'s decision was applied and recorded."""
    moved = state.rng.draws != draws_before
    if moved or state._revealed:
        state._undo_from = len(state.history)
        state._undo_why = DRAW if moved else REVEAL
        return
    start = state._undo_from
    last = len(state.history) - 1
    if start < last and state.history[start][0] != player:
        state._undo_from = last
        state._undo_why = OTHER_SEAT


def undoable(state: State, seat: int) -> int:
    """How many of `seat`'s last decisions may be taken back now (one per undo)."""
    start = state._undo_from
    history = state.history
    if not state._records or start >= len(history) or history[start][0] != seat:
        return 0
    if state.is_terminal():
        return 0
    return len(history) - start


def refusal(state: State, seat: int) -> str | None:
    """Why `seat` may not undo now, in words for a player; None when it may."""
    state._check_seat(seat)
    if undoable(state, seat):
        return None
    name = f"{state.seat_name(seat)} (seat {seat})"
    history = state.history
    if not state._records:
        return "a search state keeps no history, so nothing can be taken back"
    if state.is_terminal():
        return "the game is over; its moves stand"
    if not history:
        return "nothing has been decided yet, so there is nothing to take back"
    if history[-1][0] != seat:
        return (f"{name} cannot take back a move: {state.seat_name(history[-1][0])} decided "
                "last (a move can be taken back only until another seat decides)")
    return f"{name} cannot take back the last move: {REASONS[state._undo_why]}"


def take_back(state: State, seat: int) -> None:
    """Take back `seat`'s last decision, in place (IllegalAction, changing nothing, when the
    rules do not allow it)."""
    reason = refusal(state, seat)
    if reason is not None:
        raise IllegalAction(reason)
    game = state.game
    earlier = game.replay(state.num_players, state.seed, state.options, state.history[:-1],
                          state.rng.format)
    attributes = vars(state)  # the game's FIELDS and derived values become the replay's
    attributes.clear()
    attributes.update(vars(earlier))
    state.rng = earlier.rng
    state.history = earlier.history
    # The entries the players read (a release may have reworded the replayed ones).
    state.events = state.events[:len(earlier.events)]
    state._legal = {}
    # The replay's window: taking back B's decision may give A its own back (and a state
    # loaded from a snapshot learns the window it could not know).
    state._undo_from, state._undo_why = earlier._undo_from, earlier._undo_why

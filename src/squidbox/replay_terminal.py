"""`squidbox replay FILE [--seat N]`: step through a game record in the terminal.

Each step shows who did what, the log lines that step added and the board as `squidbox play`
draws it (the game's own `render`), from one seat's view or the spectator's. Enter or n steps
forward, b back, a number jumps to that step, q quits. Input and output are injectable like
terminal.py's, so tests drive it without a subprocess.
"""

from __future__ import annotations

from .engine import InvalidOptions
from .games.names import shown as shown_name
from .i18n import N_
from .i18n import gettext as _
from .record import Replay
from .terminal import Read, Write

HELP = N_("Enter or n: next step · b: back · a number: go to that step · q: quit")


def replay_in_terminal(replay: Replay, seat: int | None, read: Read = input,
                       write: Write = print) -> int:
    """Show `replay` step by step as `seat` (None: a spectator) saw it. Returns the exit code."""
    game, record = replay.game, replay.record
    if seat is not None and not 0 <= seat < record.players:
        raise InvalidOptions(f"--seat must be 0 to {record.players - 1} for this "
                             f"{record.players}-player game, not {seat}")
    names = [shown_name(game, name) for name in replay.state_at(0).seat_names()]
    who = _("the spectator (public information only)") if seat is None else \
        _("{name} (seat {seat})").format(name=names[seat], seat=seat)
    write(_("{game}: {players} players, seed {seed}, {actions} actions. Seen as {who}.").format(
        game=_(game.name), players=record.players, seed=record.seed,
        actions=len(record.actions), who=who))
    for note in replay.notes:
        write(_("Note: {note}.").format(note=note))
    if replay.failure is not None:
        write(_("Only the first {steps} actions replay: {reason}.").format(
            steps=replay.steps, reason=replay.failure))
    write(_(HELP))
    step = 0
    show(replay, step, seat, write)
    while True:
        try:
            answer = read(_("Step {step}/{steps} (n, b, number, q): ").format(
                step=step, steps=replay.steps)).strip().lower()
        except EOFError:
            return 0
        if answer == "q":
            return 0
        target = _target(answer, step, replay.steps)
        if isinstance(target, str):
            write(target)
            continue
        step = target
        show(replay, step, seat, write)


def show(replay: Replay, step: int, seat: int | None, write: Write) -> None:
    """One step: the move that led to it, the log lines it added and the board."""
    state = replay.state_at(step)
    names = [shown_name(replay.game, name) for name in state.seat_names()]
    move = replay.move_as_seen(step, seat)
    if move is None:
        write("\n=== " + _("Step 0/{steps}: the deal").format(steps=replay.steps) + " ===")
    else:
        mover, action = move
        shown = _("a choice this seat did not see") if action is None else action
        write("\n=== " + _("Step {step}/{steps}: {name}: {move}").format(
            step=step, steps=replay.steps, name=names[mover], move=shown) + " ===")
    before = 0 if step == 0 else len(replay.state_at(step - 1).log(seat))
    for entry in state.log(seat)[before:]:
        write(f"  · {entry.get('text', entry)}")
    write(replay.game.render(state.view(seat)))
    if step == replay.steps and state.is_terminal():
        write(_("The game is over:") + " " + ", ".join(
            f"{name} {result:g}" for name, result in zip(names, state.returns(), strict=True)))


def _target(answer: str, step: int, last: int) -> int | str:
    """The step an answer asks for, or what is wrong with it."""
    if answer in ("", "n"):
        return step + 1 if step < last else _("That was the last step (b goes back, q quits).")
    if answer == "b":
        return step - 1 if step > 0 else _("This is the first step (n goes forward, q quits).")
    if answer.isdigit():
        number = int(answer)
        return number if number <= last else _("There is no step {number}: 0 to {last}.").format(
            number=number, last=last)
    return f"{answer!r}: {_(HELP)}."

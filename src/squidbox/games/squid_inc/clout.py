"""Placing the Clout of an Employee Dismissed from the line (rulebook "Choose an Employee",
option 2): all on one Mailroom Employee, all on one of yours in the Workplace, or split between
one of each. Choosing a Mailroom Employee first, then "split <space>" and the amount, covers the
third guideline."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox.engine import Later
from squidbox.engine.events import Entry
from squidbox.i18n import gettext as _

from .actions import AllClout, CloutOnMailroom, CloutOnSpace, Pick, Split

if TYPE_CHECKING:
    from .state import Said, SquidIncState


def said_text(names: tuple[str, ...], parts: list[Said]) -> str:
    """One or two templates' texts, joined by "and" (a log entry built of parts, when it is
    read, in the reader's language)."""
    texts: list[str] = [Entry("", template, data).shown(names)["text"] for template, data in parts]
    if len(texts) == 1:
        return texts[0]
    first, second = texts
    return _("{first} and {second}").format(first=first, second=second)


def place(st: SquidIncState, task: dict[str, Any], parts: list[tuple[str, int]]) -> None:
    """Put the Clout and log the whole Dismissal in one event (a search state keeps no log)."""
    for pick, amount in parts:
        st.put_clout(pick, amount)
    if not st.recording:
        return
    placed = [st.clout_said(pick, amount) for pick, amount in parts]
    if "told" in task:  # a task stored before its words were made when read: its English
        st.emit("dismiss_for_clout", "{_told}: {_placed}. {_line}", amount=task["amount"],
                _told=task["told"], _placed=Later(said_text, st.names, placed),
                _line=task["line"])
        return
    st.emit("dismiss_for_clout", "{_seat:name} takes {_employee} from the {_modifier:+d} space "
            "and Dismisses it for {amount} Clout: {_placed}. {_line}", amount=task["amount"],
            _seat=st.current, _employee=st.piece_name(task["card"]), _modifier=task["modifier"],
            _placed=Later(said_text, st.names, placed),
            _line=Later(st.game.line_text, st.line[:]))


class CloutTask:
    """Choose the first (or only) Employee to receive the Clout."""

    @staticmethod
    def options(st: SquidIncState, task: dict[str, Any]) -> list[str]:
        seat = st.current
        on_space = st.game.space_actions[CloutOnSpace]
        options = st.game.clout_mailroom_actions[:len(st.mailrooms[seat])]  # a new list
        for space in st.own_spaces(seat):
            options.append(on_space[space])
        return options

    @staticmethod
    def choose(st: SquidIncState, task: dict[str, Any], action: str) -> None:
        move = st.move_of(action)
        if type(move) is CloutOnSpace:
            place(st, task, [(st.game.space_actions[Pick][move.space], task["amount"])])
            return
        assert type(move) is CloutOnMailroom
        if task["amount"] >= 2 and st.current in st.owner:  # has one in the Workplace
            st.push_task({**task, "t": "split", "slot": move.slot})
        else:
            place(st, task, [(st.game.pick_mailroom_actions[st.current][move.slot],
                              task["amount"])])

    @staticmethod
    def prompt(st: SquidIncState, task: dict[str, Any]) -> str:
        return _("Place {amount} Clout").format(amount=task["amount"])


class SplitTask:
    """All on the Mailroom Employee, or split it with one of yours in the Workplace."""

    @staticmethod
    def options(st: SquidIncState, task: dict[str, Any]) -> list[str]:
        split, options = st.game.space_actions[Split], ["all"]
        for space in st.own_spaces(st.current):
            options.append(split[space])
        return options

    @staticmethod
    def choose(st: SquidIncState, task: dict[str, Any], action: str) -> None:
        if type(st.move_of(action)) is AllClout:
            place(st, task, [(st.game.pick_mailroom_actions[st.current][task["slot"]],
                              task["amount"])])
        else:
            st.push_task({**task, "t": "share", "space": st.space_named(action)})

    @staticmethod
    def prompt(st: SquidIncState, task: dict[str, Any]) -> str:
        return _("Put all {amount} Clout on the Mailroom Employee, or split it").format(
            amount=task["amount"])


class ShareTask:
    """How much goes to the Workplace Employee (at least 1 each)."""

    @staticmethod
    def options(st: SquidIncState, task: dict[str, Any]) -> list[str]:
        return st.game.amount_actions[1:task["amount"]]

    @staticmethod
    def choose(st: SquidIncState, task: dict[str, Any], action: str) -> None:
        to_workplace = st.amount_named(action)
        place(st, task, [(st.game.space_actions[Pick][task["space"]], to_workplace),
                         (st.game.pick_mailroom_actions[st.current][task["slot"]],
                          task["amount"] - to_workplace)])

    @staticmethod
    def prompt(st: SquidIncState, task: dict[str, Any]) -> str:
        return _("How much of the {amount} Clout goes to {employee} (the rest to the "
                 "Mailroom)").format(amount=task["amount"], employee=st.label(task["space"]))

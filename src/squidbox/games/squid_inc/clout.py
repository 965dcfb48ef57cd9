"""Placing the Clout of an Employee Dismissed from the line (rulebook "Choose an Employee",
option 2): all on one Mailroom Employee, all on one of yours in the Workplace, or split between
one of each. Choosing a Mailroom Employee first, then "split <space>" and the amount, covers the
third guideline. Each question is a step on the decision stack whose arguments are a
`Placement`."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict, Unpack

from squidbox.engine import Later
from squidbox.engine.events import Entry
from squidbox.engine.stack import Question
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


class Placement(TypedDict):
    """The Clout of a Dismissal still to place: the arguments of the `clout`, `split` and
    `share` steps."""

    amount: int
    card: NotRequired[int]  # the Employee Dismissed, and its line space's modifier
    modifier: NotRequired[int]
    # A placement stored before its words were made when read carries them in English instead:
    # what was told so far, and the line after the Dismissal.
    told: NotRequired[str]
    line: NotRequired[str]
    slot: NotRequired[int]  # split, share: the Mailroom Employee chosen first
    space: NotRequired[int]  # share: the Workplace Employee sharing it


def place(st: SquidIncState, task: Placement, parts: list[tuple[str, int]]) -> None:
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


def clout(st: SquidIncState, **task: Unpack[Placement]) -> None:
    """Choose the first (or only) Employee to receive the Clout."""
    st.decide(st.current, CLOUT, **task)


def clout_options(st: SquidIncState, seat: int, **task: Unpack[Placement]) -> list[str]:
    on_space = st.game.space_actions[CloutOnSpace]
    options = st.game.clout_mailroom_actions[:len(st.mailrooms[seat])]  # a new list
    for space in st.own_spaces(seat):
        options.append(on_space[space])
    return options


def clout_chosen(st: SquidIncState, seat: int, choice: str, **task: Unpack[Placement]) -> None:
    move = st.move_of(choice)
    if type(move) is CloutOnSpace:
        place(st, task, [(st.game.space_actions[Pick][move.space], task["amount"])])
        return
    assert type(move) is CloutOnMailroom
    if task["amount"] >= 2 and seat in st.owner:  # has one in the Workplace
        st.push(split, **task, slot=move.slot)
    else:
        place(st, task, [(st.game.pick_mailroom_actions[seat][move.slot], task["amount"])])


def clout_prompt(st: SquidIncState, seat: int, **task: Unpack[Placement]) -> str:
    return _("Place {amount} Clout").format(amount=task["amount"])


def split(st: SquidIncState, **task: Unpack[Placement]) -> None:
    """All on the Mailroom Employee, or split it with one of yours in the Workplace."""
    st.decide(st.current, SPLIT, **task)


def split_options(st: SquidIncState, seat: int, **task: Unpack[Placement]) -> list[str]:
    split, options = st.game.space_actions[Split], [st.game.all_clout_action]
    for space in st.own_spaces(seat):
        options.append(split[space])
    return options


def split_chosen(st: SquidIncState, seat: int, choice: str, **task: Unpack[Placement]) -> None:
    if type(st.move_of(choice)) is AllClout:
        place(st, task, [(st.game.pick_mailroom_actions[seat][task["slot"]], task["amount"])])
    else:
        st.push(share, **task, space=st.space_named(choice))


def split_prompt(st: SquidIncState, seat: int, **task: Unpack[Placement]) -> str:
    return _("Put all {amount} Clout on the Mailroom Employee, or split it").format(
        amount=task["amount"])


def share(st: SquidIncState, **task: Unpack[Placement]) -> None:
    """How much goes to the Workplace Employee (at least 1 each)."""
    st.decide(st.current, SHARE, **task)


def share_options(st: SquidIncState, seat: int, **task: Unpack[Placement]) -> list[str]:
    return st.game.amount_actions[1:task["amount"]]


def share_chosen(st: SquidIncState, seat: int, choice: str, **task: Unpack[Placement]) -> None:
    to_workplace = st.amount_named(choice)
    place(st, task, [(st.game.space_actions[Pick][task["space"]], to_workplace),
                     (st.game.pick_mailroom_actions[seat][task["slot"]],
                      task["amount"] - to_workplace)])


def share_prompt(st: SquidIncState, seat: int, **task: Unpack[Placement]) -> str:
    return _("How much of the {amount} Clout goes to {employee} (the rest to the "
             "Mailroom)").format(amount=task["amount"], employee=st.label(task["space"]))


CLOUT = Question(clout_prompt, clout_options, clout_chosen, name="clout")
SPLIT = Question(split_prompt, split_options, split_chosen, name="split")
SHARE = Question(share_prompt, share_options, share_chosen, name="share")
STEPS = (clout, split, share)
QUESTIONS = (CLOUT, SPLIT, SHARE)

"""Moving Employees in the Workplace (rulebook "Activate Abilities" keywords and "Security
Guards"): Promote, Demote, Dismiss, Bump, Float, and where Security Guard tiles go.

Moves that need a player's choice are tasks on the state's stack: a task lists its options
(actions) or, when there are none, resolves itself (`auto`). The player responsible for a move
(the player whose turn it is) makes every choice of the chain it sets off.

A piece lifted off the board (Bumped, Floated off its Tier) travels in an "arrive" task until it
lands: it tries its new Tier, then each lower one, and is Dismissed below the bottom Tier.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from .actions import Bump, Decline, To

if TYPE_CHECKING:
    from .state import SquidIncState

Task = dict[str, Any]


# ---- the board, read and written ----------------------------------------------------------------
def empties(st: SquidIncState, tier: int) -> list[int]:
    board, free = st.board, []
    for space in st.geo.tier_spaces[tier]:
        if board[space] < 0:
            free.append(space)
    return free


def highest_empty_spaces(st: SquidIncState) -> list[int]:
    """The empty spaces of the highest Tier with one (none when the board is full)."""
    for tier in range(st.geo.top, -1, -1):
        free = empties(st, tier)
        if free:
            return free
    return []


def lesser(st: SquidIncState, tier: int, piece: int) -> list[int]:
    """Spaces of `tier` whose Employee has a lower printed Clout Value than `piece` (a Bump)."""
    board, values = st.board, st.game.piece_value
    value = values[piece]
    return [s for s in st.geo.tier_spaces[tier] if board[s] >= 0 and values[board[s]] < value]


def put(st: SquidIncState, space: int, piece: int, owner: int, clout: int) -> None:
    st.board[space], st.owner[space], st.clout[space] = piece, owner, clout
    if not st.endgame and -1 not in st.board:
        st.endgame = True
        # Rulebook note: filled by the last card of the line, the deck is reshuffled once more.
        st.reshuffle_owed = not st.deck and not st.line
        st.emit("endgame", "The last space of the Workplace is filled: the endgame begins.")


def bumps(st: SquidIncState, piece: int, bumped: int) -> None:
    st.emit("bump", "{_employee} Bumps {_bumped}.", _employee=st.piece_name(piece),
            _bumped=st.piece_name(bumped))


def lift(st: SquidIncState, space: int) -> tuple[int, int, int]:
    piece = (st.board[space], st.owner[space], st.clout[space])
    st.board[space], st.owner[space], st.clout[space] = -1, -1, 0
    return piece


def move(st: SquidIncState, origin: int, target: int) -> None:
    put(st, target, *lift(st, origin))


def on_spaces(st: SquidIncState, kind: type, spaces: list[int]) -> list[str]:
    """The actions of `kind` (To, Bump) naming `spaces`."""
    texts = st.game.space_actions[kind]
    return [texts[s] for s in spaces]


def arrive(piece: int, owner: int, clout: int, tier: int) -> Task:
    return {"t": "arrive", "piece": piece, "owner": owner, "clout": clout, "tier": tier}


# ---- the keywords ------------------------------------------------------------------------------
def demote(st: SquidIncState, space: int) -> None:
    """Demote: down one Tier, or Dismissed from the bottom Tier."""
    st.emit("demote", "{_label} is Demoted.", _label=st.logged_label(space))
    st.push_task(arrive(*lift(st, space), st.geo.tier_of[space] - 1))


def dismiss(st: SquidIncState, space: int) -> None:
    """Dismiss from the Workplace (a Security Guard re-enters instead, unless the board is full)."""
    st.push_task(arrive(*lift(st, space), -1))


def float_piece(st: SquidIncState, floater: int, target: int, direction: int | None = None) -> None:
    """Float: push `target` one space on (straight away from `floater` unless a direction is
    given), pushing any Employee behind it on; one pushed off the Tier is Demoted (Dismissed
    from the bottom Tier). The floater takes the target's space."""
    if direction is None:
        direction = st.geo.direction(floater, target)
    chain = [target]
    beyond = st.geo.step[target][direction]
    while beyond is not None and st.board[beyond] >= 0:
        chain.append(beyond)
        beyond = st.geo.step[beyond][direction]
    st.emit("float", "{_floater} Floats {_target}.", _floater=st.logged_label(floater),
            _target=st.logged_label(target))
    pushed_off = None
    if beyond is None:
        pushed_off = lift(st, chain.pop())
        st.emit("float_off", "{_employee} is Floated off Tier {_tier}.",
                _employee=st.piece_name(pushed_off[0]), _tier=st.geo.tier_of[target] + 1)
    for space in reversed(chain):
        onward = st.geo.step[space][direction]
        assert onward is not None  # the one pushed off the Tier has left the chain
        move(st, space, onward)
    move(st, floater, target)
    if pushed_off is not None:
        st.push_task(arrive(*pushed_off, st.geo.tier_of[target] - 1))


def off_the_bottom(st: SquidIncState, piece: int, owner: int, clout: int) -> None:
    """Below the bottom Tier: an Employee is Dismissed (card to the Dismissed pile, Clout lost,
    a Security Guard comes in); a Security Guard re-enters on the highest available Tier."""
    if st.is_guard(piece):
        st.clout_spent += clout  # any Clout moved onto a Guard is lost with it
        st.push_task({"t": "guard", "piece": piece})
        return
    st.dismissed.append(piece)
    st.clout_spent += clout
    st.emit("dismiss", N_("{employee} is Dismissed ({_clout} Clout lost).") if clout else
            N_("{employee} is Dismissed."), employee=st.piece_name(piece), _clout=clout)
    st.push_task({"t": "guard", "piece": -1})


# ---- tasks -----------------------------------------------------------------------------------
class GuardTask:
    """Place a Security Guard tile (a new one: piece -1) on any space of the highest Tier with an
    empty space. With no empty space a returning tile goes back to the supply; with no tile left
    in the supply no Guard comes in."""

    @staticmethod
    def options(st: SquidIncState, task: Task) -> list[str]:
        if task["piece"] < 0 and not st.guard_supply:
            return []
        return on_spaces(st, To, highest_empty_spaces(st))

    @staticmethod
    def auto(st: SquidIncState, task: Task) -> None:
        if task["piece"] >= 0:
            st.guard_supply.append(task["piece"])
            st.guard_supply.sort()
            st.emit("guard_leaves", "The board is full: the Security Guard is Dismissed.")

    @staticmethod
    def choose(st: SquidIncState, task: Task, action: str) -> None:
        piece = task["piece"] if task["piece"] >= 0 else st.guard_supply.pop(0)
        space = st.space_named(action)
        put(st, space, piece, -1, 0)
        st.emit("guard", "{_seat:name} places a Security Guard on {space}.", _seat=st.current,
                space=st.geo.names[space])

    @staticmethod
    def prompt(st: SquidIncState, task: Task) -> str:
        return _("Place a Security Guard on the highest Tier with room")


class ArriveTask:
    """A Demoted (or Bumped, or Floated-off) piece enters `tier`: an empty space of your choice;
    if none, it Bumps an Employee of lesser Clout Value (who is Demoted in turn); if none, it
    goes on down. Security Guards never Bump."""

    @staticmethod
    def options(st: SquidIncState, task: Task) -> list[str]:
        tier = task["tier"]
        if tier < 0:
            return []
        free = empties(st, tier)
        if free:
            return on_spaces(st, To, free)
        if st.is_guard(task["piece"]):
            return []
        return on_spaces(st, Bump, lesser(st, tier, task["piece"]))

    @staticmethod
    def auto(st: SquidIncState, task: Task) -> None:
        if task["tier"] >= 0:
            st.push_task({**task, "tier": task["tier"] - 1})  # it goes on down
            return
        off_the_bottom(st, task["piece"], task["owner"], task["clout"])

    @staticmethod
    def choose(st: SquidIncState, task: Task, action: str) -> None:
        space = st.space_named(action)
        bumped = lift(st, space) if st.is_bump(action) else None
        put(st, space, task["piece"], task["owner"], task["clout"])
        st.emit("lands", "{_employee} moves to {_space}.", _employee=st.piece_name(task["piece"]),
                _space=st.geo.names[space])
        if bumped is not None:
            bumps(st, task["piece"], bumped[0])
            st.push_task(arrive(*bumped, task["tier"] - 1))

    @staticmethod
    def prompt(st: SquidIncState, task: Task) -> str:
        return _("Choose where {employee} goes on Tier {tier}").format(
            employee=st.piece_name(task["piece"]), tier=task["tier"] + 1)


class DemoteTask:
    """A Demote waiting its turn (Reggie Demotes his targets one after the other)."""

    @staticmethod
    def options(st: SquidIncState, task: Task) -> list[str]:
        return []

    @staticmethod
    def auto(st: SquidIncState, task: Task) -> None:
        if task["piece"] in st.board:
            demote(st, st.board.index(task["piece"]))

    @staticmethod
    def prompt(st: SquidIncState, task: Task) -> str:
        return _("Demote")


class RiseTask:
    """Promote: up one Tier to an empty space of your choice; if the Tier is full, Bump an
    Employee of lesser Clout Value, who is Demoted to the Tier below. With `must_bump` (the HR
    Agent) it must Bump such an Employee even where a space is empty. A Security Guard moves to
    the next Tier up with an empty space and never Bumps."""

    @staticmethod
    def options(st: SquidIncState, task: Task) -> list[str]:
        return on_spaces(st, *rise_targets(st, task["piece"], task["must_bump"]))

    @staticmethod
    def auto(st: SquidIncState, task: Task) -> None:
        if task["piece"] in st.board:
            st.emit("no_promotion", "{_employee} cannot be Promoted.",
                    _employee=st.piece_name(task["piece"]))

    @staticmethod
    def choose(st: SquidIncState, task: Task, action: str) -> None:
        origin = st.board.index(task["piece"])
        space = st.space_named(action)
        bumped = lift(st, space) if st.is_bump(action) else None
        move(st, origin, space)
        st.emit("promote", "{_employee} is Promoted to {_space}.",
                _employee=st.piece_name(task["piece"]), _space=st.geo.names[space])
        if bumped is not None:
            bumps(st, task["piece"], bumped[0])
            st.push_task(arrive(*bumped, st.geo.tier_of[space] - 1))

    @staticmethod
    def prompt(st: SquidIncState, task: Task) -> str:
        return _("Choose where {employee} is Promoted").format(
            employee=st.piece_name(task["piece"]))


def rise_targets(st: SquidIncState, piece: int, must_bump: bool) -> tuple[type, list[int]]:
    """Where `piece` may be Promoted: (To, empty spaces) or (Bump, spaces of Employees it
    may Bump); no spaces when it cannot rise."""
    if piece not in st.board:
        return To, []
    tier = st.geo.tier_of[st.board.index(piece)]
    if st.is_guard(piece):
        for higher in range(tier + 1, st.geo.top + 1):
            free = empties(st, higher)
            if free:
                return To, free
        return To, []
    if tier == st.geo.top:
        return To, []
    if not must_bump:
        free = empties(st, tier + 1)
        if free:
            return To, free
    return Bump, lesser(st, tier + 1, piece)


def can_rise(st: SquidIncState, piece: int, must_bump: bool = False) -> bool:
    return bool(rise_targets(st, piece, must_bump)[1])


def promote(st: SquidIncState, piece: int, must_bump: bool = False) -> Task:
    return {"t": "rise", "piece": piece, "must_bump": must_bump}


class EnterTask:
    """Bring an Employee into the Workplace: any empty bottom space; if none, the player may Bump
    (Dismiss) an Employee of lesser Clout Value from the bottom Tier, or decline; with no Bump
    made, the newcomer is Dismissed (rulebook: "you *may* Dismiss any other Employee of lesser
    Clout Value ... If there are no empty spaces or you can't Bump another Employee, your
    Employee is Dismissed")."""

    @staticmethod
    def options(st: SquidIncState, task: Task) -> list[str]:
        free = empties(st, 0)
        if free:
            return on_spaces(st, To, free)
        bumps = on_spaces(st, Bump, lesser(st, 0, task["card"]))
        return [*bumps, "decline"] if bumps else []

    @staticmethod
    def auto(st: SquidIncState, task: Task) -> None:
        st.dismissed.append(task["card"])
        st.clout_spent += task["clout"]
        st.emit("dismiss", N_("{_owner:name} must bring {employee} in, but the bottom Tier is "
                              "full and no Bump is made: it is Dismissed.")
                if lesser(st, 0, task["card"]) else
                N_("{_owner:name} must bring {employee} in, but the bottom Tier is full and no "
                   "one lesser to Bump: it is Dismissed."), _owner=task["owner"],
                employee=st.piece_name(task["card"]))

    @staticmethod
    def choose(st: SquidIncState, task: Task, action: str) -> None:
        if type(st.move_of(action)) is Decline:
            EnterTask.auto(st, task)
            return
        space = st.space_named(action)
        bumped = lift(st, space) if st.is_bump(action) else None
        put(st, space, task["card"], task["owner"], task["clout"])
        st.entered.append(task["card"])
        if st.recording:  # the log's words are built only for a state that keeps a log
            st.emit("enter", "{_owner:name} brings {_employee} into the Workplace on {space} "
                    "({_cost} Clout spent).", _owner=task["owner"],
                    _employee=st.piece_name(task["card"]), space=st.geo.names[space],
                    _cost=task["cost"])
        if bumped is not None:
            bumps(st, task["card"], bumped[0])
            st.push_task(arrive(*bumped, -1))

    @staticmethod
    def prompt(st: SquidIncState, task: Task) -> str:
        return _("Choose a bottom-Tier space for {employee}").format(
            employee=st.piece_name(task["card"]))

"""Moving Employees in the Workplace (rulebook "Activate Abilities" keywords and "Security
Guards"): Promote, Demote, Dismiss, Bump, Float, and where Security Guard tiles go.

A move that needs a player's choice is a step on the decision stack (engine/stack.py) with a
question: the step asks it (`decide`: a move with one option is made at once, as the
rulebook's forced moves are) or, with no option, resolves the move itself. The player
responsible for a move (the player whose turn it is) makes every choice of the chain it sets
off.

A piece lifted off the board (Bumped, Floated off its Tier) travels in an `arrive` step until it
lands: it tries its new Tier, then each lower one, and is Dismissed below the bottom Tier.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from squidbox.engine.stack import Question
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from .actions import Bump, Decline, To

if TYPE_CHECKING:
    from .state import SquidIncState

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


# ---- the keywords ------------------------------------------------------------------------------
def demote_space(st: SquidIncState, space: int) -> None:
    """Demote: down one Tier, or Dismissed from the bottom Tier."""
    st.emit("demote", "{_label} is Demoted.", _label=st.logged_label(space))
    push_arrival(st, lift(st, space), st.geo.tier_of[space] - 1)


def dismiss(st: SquidIncState, space: int) -> None:
    """Dismiss from the Workplace (a Security Guard re-enters instead, unless the board is full)."""
    push_arrival(st, lift(st, space), -1)


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
        push_arrival(st, pushed_off, st.geo.tier_of[target] - 1)


def off_the_bottom(st: SquidIncState, piece: int, owner: int, clout: int) -> None:
    """Below the bottom Tier: an Employee is Dismissed (card to the Dismissed pile, Clout lost,
    a Security Guard comes in); a Security Guard re-enters on the highest available Tier."""
    if st.is_guard(piece):
        st.clout_spent += clout  # any Clout moved onto a Guard is lost with it
        st.push(guard, piece=piece)
        return
    st.dismissed.append(piece)
    st.clout_spent += clout
    st.emit("dismiss", N_("{employee} is Dismissed ({_clout} Clout lost).") if clout else
            N_("{employee} is Dismissed."), employee=st.piece_name(piece), _clout=clout)
    st.push(guard, piece=-1)


# ---- the moves that ask (steps and their questions) ---------------------------------------------
def push_arrival(st: SquidIncState, lifted: tuple[int, int, int], tier: int) -> None:
    """A lifted piece (piece, owner, Clout) enters `tier` next (see `arrive`)."""
    piece, owner, clout = lifted
    st.push(arrive, piece=piece, owner=owner, clout=clout, tier=tier)


def guard(st: SquidIncState, piece: int) -> None:
    """Place a Security Guard tile (a new one: piece -1) on any space of the highest Tier with an
    empty space. With no empty space a returning tile goes back to the supply; with no tile left
    in the supply no Guard comes in."""
    if not st.decide(st.current, GUARD, piece=piece) and piece >= 0:
        st.guard_supply.append(piece)
        st.guard_supply.sort()
        st.emit("guard_leaves", "The board is full: the Security Guard is Dismissed.")


def guard_options(st: SquidIncState, seat: int, piece: int) -> list[str]:
    if piece < 0 and not st.guard_supply:
        return []
    return on_spaces(st, To, highest_empty_spaces(st))


def guard_placed(st: SquidIncState, seat: int, choice: str, piece: int) -> None:
    tile = piece if piece >= 0 else st.guard_supply.pop(0)
    space = st.space_named(choice)
    put(st, space, tile, -1, 0)
    st.emit("guard", "{_seat:name} places a Security Guard on {space}.", _seat=st.current,
            space=st.geo.names[space])


def guard_prompt(st: SquidIncState, seat: int, piece: int) -> str:
    return _("Place a Security Guard on the highest Tier with room")


def arrive(st: SquidIncState, piece: int, owner: int, clout: int, tier: int) -> None:
    """A Demoted (or Bumped, or Floated-off) piece enters `tier`: an empty space of your choice;
    if none, it Bumps an Employee of lesser Clout Value (who is Demoted in turn); if none, it
    goes on down. Security Guards never Bump."""
    if st.decide(st.current, ARRIVE, piece=piece, owner=owner, clout=clout, tier=tier):
        return
    if tier >= 0:
        st.push(arrive, piece=piece, owner=owner, clout=clout, tier=tier - 1)  # on down
    else:
        off_the_bottom(st, piece, owner, clout)


def arrive_options(st: SquidIncState, seat: int, piece: int, owner: int, clout: int,
                   tier: int) -> list[str]:
    if tier < 0:
        return []
    free = empties(st, tier)
    if free:
        return on_spaces(st, To, free)
    if st.is_guard(piece):
        return []
    return on_spaces(st, Bump, lesser(st, tier, piece))


def arrived(st: SquidIncState, seat: int, choice: str, piece: int, owner: int, clout: int,
            tier: int) -> None:
    space = st.space_named(choice)
    bumped = lift(st, space) if st.is_bump(choice) else None
    put(st, space, piece, owner, clout)
    st.emit("lands", "{_employee} moves to {_space}.", _employee=st.piece_name(piece),
            _space=st.geo.names[space])
    if bumped is not None:
        bumps(st, piece, bumped[0])
        push_arrival(st, bumped, tier - 1)


def arrive_prompt(st: SquidIncState, seat: int, piece: int, owner: int, clout: int,
                  tier: int) -> str:
    return _("Choose where {employee} goes on Tier {tier}").format(
        employee=st.piece_name(piece), tier=tier + 1)


def demote(st: SquidIncState, piece: int) -> None:
    """A Demote waiting its turn (Reggie Demotes his targets one after the other): `piece`, if
    still in the Workplace."""
    if piece in st.board:
        demote_space(st, st.board.index(piece))


def rise(st: SquidIncState, piece: int, must_bump: bool) -> None:
    """Promote: up one Tier to an empty space of your choice; if the Tier is full, Bump an
    Employee of lesser Clout Value, who is Demoted to the Tier below. With `must_bump` (the HR
    Agent) it must Bump such an Employee even where a space is empty. A Security Guard moves to
    the next Tier up with an empty space and never Bumps."""
    if not st.decide(st.current, RISE, piece=piece, must_bump=must_bump) and piece in st.board:
        st.emit("no_promotion", "{_employee} cannot be Promoted.",
                _employee=st.piece_name(piece))


def rise_options(st: SquidIncState, seat: int, piece: int, must_bump: bool) -> list[str]:
    return on_spaces(st, *rise_targets(st, piece, must_bump))


def risen(st: SquidIncState, seat: int, choice: str, piece: int, must_bump: bool) -> None:
    origin = st.board.index(piece)
    space = st.space_named(choice)
    bumped = lift(st, space) if st.is_bump(choice) else None
    move(st, origin, space)
    st.emit("promote", "{_employee} is Promoted to {_space}.", _employee=st.piece_name(piece),
            _space=st.geo.names[space])
    if bumped is not None:
        bumps(st, piece, bumped[0])
        push_arrival(st, bumped, st.geo.tier_of[space] - 1)


def rise_prompt(st: SquidIncState, seat: int, piece: int, must_bump: bool) -> str:
    return _("Choose where {employee} is Promoted").format(employee=st.piece_name(piece))


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


def promote(st: SquidIncState, piece: int, must_bump: bool = False) -> None:
    """Promote `piece` next (see `rise`)."""
    st.push(rise, piece=piece, must_bump=must_bump)


def enter(st: SquidIncState, card: int, owner: int, clout: int, cost: int) -> None:
    """Bring an Employee into the Workplace: any empty bottom space; if none, the player may Bump
    (Dismiss) an Employee of lesser Clout Value from the bottom Tier, or decline; with no Bump
    made, the newcomer is Dismissed (rulebook: "you *may* Dismiss any other Employee of lesser
    Clout Value ... If there are no empty spaces or you can't Bump another Employee, your
    Employee is Dismissed")."""
    if not st.decide(st.current, ENTER, card=card, owner=owner, clout=clout, cost=cost):
        not_entered(st, card, owner, clout)


def enter_options(st: SquidIncState, seat: int, card: int, owner: int, clout: int,
                  cost: int) -> list[str]:
    free = empties(st, 0)
    if free:
        return on_spaces(st, To, free)
    bumps = on_spaces(st, Bump, lesser(st, 0, card))
    return [*bumps, st.game.decline_action] if bumps else []


def not_entered(st: SquidIncState, card: int, owner: int, clout: int) -> None:
    st.dismissed.append(card)
    st.clout_spent += clout
    st.emit("dismiss", N_("{_owner:name} must bring {employee} in, but the bottom Tier is "
                          "full and no Bump is made: it is Dismissed.")
            if lesser(st, 0, card) else
            N_("{_owner:name} must bring {employee} in, but the bottom Tier is full and no "
               "one lesser to Bump: it is Dismissed."), _owner=owner,
            employee=st.piece_name(card))


def entered(st: SquidIncState, seat: int, choice: str, card: int, owner: int, clout: int,
            cost: int) -> None:
    if type(st.move_of(choice)) is Decline:
        not_entered(st, card, owner, clout)
        return
    space = st.space_named(choice)
    bumped = lift(st, space) if st.is_bump(choice) else None
    put(st, space, card, owner, clout)
    st.entered.append(card)
    if st.recording:  # the log's words are built only for a state that keeps a log
        st.emit("enter", "{_owner:name} brings {_employee} into the Workplace on {space} "
                "({_cost} Clout spent).", _owner=owner, _employee=st.piece_name(card),
                space=st.geo.names[space], _cost=cost)
    if bumped is not None:
        bumps(st, card, bumped[0])
        push_arrival(st, bumped, -1)


def enter_prompt(st: SquidIncState, seat: int, card: int, owner: int, clout: int,
                 cost: int) -> str:
    return _("Choose a bottom-Tier space for {employee}").format(employee=st.piece_name(card))


GUARD = Question(guard_prompt, guard_options, guard_placed, name="guard")
ARRIVE = Question(arrive_prompt, arrive_options, arrived, name="arrive")
RISE = Question(rise_prompt, rise_options, risen, name="rise")
ENTER = Question(enter_prompt, enter_options, entered, name="enter")
STEPS = (guard, arrive, demote, rise, enter)
QUESTIONS = (GUARD, ARRIVE, RISE, ENTER)

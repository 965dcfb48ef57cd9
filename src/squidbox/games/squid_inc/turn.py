"""A turn (rulebook "A Turn"): Choose an Employee, keep it in the Mailroom or Dismiss it for
Clout, Bring Employees into the Workplace, Activate Abilities; then the next player's turn
begins. Each step of the turn is a step on the decision stack (engine/stack.py) named after it
(`choose`, `keep`, `bring`, `activate`) that asks the player whose turn it is; the answer pushes
the moves it sets off and then the turn's next step (`then`: at once when it set off none), so
the moves are made first. The step
waiting under the moves is the turn's step the table shows (`SquidIncState.phase`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from squidbox.engine import Later
from squidbox.engine.stack import Question
from squidbox.i18n import N_

from .abilities import ABILITIES, ability_task, can_use
from .actions import End, Take, ToMailroom, Use
from .clout import clout
from .line import refill
from .scoring import final_scores, winners
from .workplace import enter

if TYPE_CHECKING:
    from .state import SquidIncState


def begin_turn(st: SquidIncState) -> None:
    """A turn begins with the line topped up from the deck. With both empty, the rulebook
    ends the game in the endgame (after the one extra reshuffle of its note) and otherwise
    makes the Dismissed pile the new deck (its "reshuffle"). Only then comes our house
    rule (not in the rulebook, see the rulings): without the endgame the game also ends
    once `reshuffle_limit` reshuffles are used up, or when there is nothing to reshuffle,
    because the rulebook's end, a full board, may never come."""
    if not (st.line or st.deck):
        if st.endgame:
            if not st.reshuffle_owed or not st.dismissed:
                end_game(st)
                return
        elif st.reshuffles >= st.game.data.reshuffle_limit or not st.dismissed:
            st.emit("house_rule_end", "The deck and the Unemployed Line are empty and the "
                    "Workplace was never filled: by our house rule (after "
                    "{reshuffles} reshuffles) the game ends here.", reshuffles=st.reshuffles)
            end_game(st)
            return
        st.deck, st.dismissed = st.dismissed, []
        st.rng.shuffle(st.deck)
        st.reshuffles += 1
        st.reshuffle_owed = False
        st.emit("reshuffle", "The Dismissed pile is shuffled into a new deck of {_cards} "
                "cards.", _cards=len(st.deck))
    refill(st)
    st.push(choose)


def end_game(st: SquidIncState) -> None:
    """Nothing is pushed: with no question asked, the game is over."""
    if not st.recording:  # the scores are only told here; returns() works them out
        return
    totals = final_scores(st)
    best = winners(st)
    st.emit("game_over", N_("{_best:names} is the Big Fish with {_clout} Clout.")
            if len(best) == 1 else N_("{_best:names} share the win with {_clout} Clout."),
            winners=best, scores=list(totals), _best=best, _clout=totals[best[0]])


# ---- Choose an Employee -------------------------------------------------------------------------
def choose(st: SquidIncState) -> None:
    """Choose an Employee from the line; a line left empty (its last card drawn was a Security
    Guard's) begins the turn again, which reshuffles or ends the game."""
    if st.line:
        st.decide(st.current, CHOOSE_EMPLOYEE)
    else:
        begin_turn(st)


def choose_options(st: SquidIncState, seat: int) -> list[str]:
    return st.game.take_actions[:len(st.line)]


def chosen(st: SquidIncState, seat: int, choice: str) -> None:
    move = st.move_of(choice)
    assert type(move) is Take
    card = st.line.pop(move.slot)
    refill(st)  # the rest slide toward +1 and the line is refilled
    st.chosen = [card, st.game.data.line_modifiers[move.slot]]
    st.then(keep)


# ---- keep it, or Dismiss it for Clout -----------------------------------------------------------
def keep(st: SquidIncState) -> None:
    st.decide(st.current, KEEP_OR_DISMISS)


def keep_options(st: SquidIncState, seat: int) -> list[str]:
    room = len(st.mailrooms[seat]) < st.game.data.mailroom_capacity
    return ["mailroom", "dismiss"] if room else ["dismiss"]


def kept(st: SquidIncState, seat: int, choice: str) -> None:
    assert st.chosen is not None
    card, modifier = st.chosen
    st.chosen = None
    if type(st.move_of(choice)) is ToMailroom:
        st.mailrooms[seat].append([card, 0])
        if st.recording:
            st.emit("mailroom", "{_seat:name} takes {employee} from the {_modifier:+d} "
                    "space and puts it in the Mailroom. {_line}", _seat=seat,
                    employee=st.piece_name(card), _modifier=modifier,
                    _line=Later(st.game.line_text, st.line[:]))
    else:
        dismiss_for_clout(st, seat, card, modifier)
    st.then(bring)


def dismiss_for_clout(st: SquidIncState, seat: int, card: int, modifier: int) -> None:
    bonuses = st.passives(seat, "dismiss_bonus")  # usually none: no generator
    bonus = sum(p["amount"] for p in bonuses) if bonuses else 0
    amount = max(0, st.value_of(card) + modifier + bonus)
    st.dismissed.append(card)
    if amount and (st.mailrooms[seat] or seat in st.owner):
        # Logged once the Clout is placed (clout.py), in one event.
        st.push(clout, amount=amount, card=card, modifier=modifier)
    elif st.recording:
        st.emit("dismiss_for_clout", "{_seat:name} takes {employee} from the "
                "{_modifier:+d} space and Dismisses it for {amount} Clout. {_line}",
                _seat=seat, employee=st.piece_name(card), _modifier=modifier,
                amount=amount, _line=Later(st.game.line_text, st.line[:]))


# ---- Bring Employees into the Workplace ---------------------------------------------------------
def bring(st: SquidIncState) -> None:
    """Every Employee in the Mailroom with the Clout to enter must: one at a time, then
    Activate Abilities."""
    if not st.decide(st.current, BRING_IN):
        activate(st)


def bring_options(st: SquidIncState, seat: int) -> list[str]:
    """"hire <n>" for each Employee in the player's Mailroom with the Clout to enter."""
    room = st.mailrooms[seat]
    if not room:
        return []
    hire, value, options = st.game.hire_actions, st.game.piece_value, []
    discounts = st.passives(seat, "hire_discount")
    for slot, (card, held) in enumerate(room):
        # Without Sam's discount, hire_cost is the printed value (read without its call).
        cost = st.hire_cost(seat, card, discounts) if discounts else value[card]
        if held >= cost:
            options.append(hire[slot])
    return options


def hired(st: SquidIncState, seat: int, choice: str) -> None:
    card, held = st.mailrooms[seat].pop(st.slot_named(choice))
    cost = st.hire_cost(seat, card)
    st.clout_spent += cost
    st.push(enter, card=card, owner=seat, clout=held - cost, cost=cost)
    st.push(bring)


# ---- Activate Abilities -------------------------------------------------------------------------
def activate(st: SquidIncState) -> None:
    st.decide(st.current, ACTIVATE_ABILITIES)


def activate_options(st: SquidIncState, seat: int) -> list[str]:
    """"use <space>" for each of the player's Employees that may use its ability now (in the
    board's order), then "end"."""
    activation_cost, piece_type, board, clout_on = (
        st.game.activation_cost, st.piece_type, st.board, st.clout)
    used, entered = st.used, st.entered
    use, options = st.game.space_actions[Use], []
    for space in st.own_spaces(seat):
        piece = board[space]
        cost = activation_cost[piece]
        if cost is None or clout_on[space] < cost or piece in used or piece in entered:
            continue
        clout_on[space] -= cost  # judged as it will be, once paid
        usable = can_use(st, ability_task(piece, piece_type[piece], seat, cost),
                         clout_on[space])
        clout_on[space] += cost
        if usable:
            options.append(use[space])
    options.append(st.game.end_action)
    return options


def activated(st: SquidIncState, seat: int, choice: str) -> None:
    if type(st.move_of(choice)) is End:
        st.current = (seat + 1) % st.num_players
        st.used, st.entered = [], []
        begin_turn(st)
        return
    space = st.space_named(choice)
    piece = st.board[space]
    emp = st.game.data.employees[st.piece_type[piece]]
    st.clout[space] -= emp.cost
    st.clout_spent += emp.cost
    st.used.append(piece)
    if st.recording:  # the log's words are built only for a state that keeps a log
        st.emit("activate", N_("{_seat:name} activates {_label} ({_cost} Clout spent).")
                if emp.cost else N_("{_seat:name} activates {_label}."),
                _seat=seat, _label=st.logged_label(space), _cost=emp.cost)
    ABILITIES[emp.ability].start(st, ability_task(piece, st.piece_type[piece], seat, emp.cost))
    st.then(activate)


# The questions are named after the steps of the turn that ask them (the view's `phase`).
CHOOSE_EMPLOYEE = Question("Choose an Employee", choose_options, chosen, name="choose")
KEEP_OR_DISMISS = Question("Put the Employee in your Mailroom, or Dismiss it for Clout",
                           keep_options, kept, name="keep")
BRING_IN = Question("Bring Employees into the Workplace", bring_options, hired, name="bring")
ACTIVATE_ABILITIES = Question("Activate Abilities", activate_options, activated,
                              name="activate")
STEPS = (choose, keep, bring, activate)
QUESTIONS = (CHOOSE_EMPLOYEE, KEEP_OR_DISMISS, BRING_IN, ACTIVATE_ABILITIES)

"""#3 Using Actions, #4 Events and #7 Game end: the course of a turn.

A turn: advance the clock (first player, normal turns), Merchant debts, start-of-turn Events,
name an Action, its four steps, end-of-turn Events, then an extra turn or the next player.

Where a step's next step would run right after it anyway (nothing pushed or asked before it,
no reaction waiting), the step calls it instead of pushing it: the same things happen in the
same order, without a frame's cost. The end of a turn (rotate, end-of-turn Events, the next
turn) is one frame, `end_turn`; snapshots written before it hold its steps as three frames,
which are still registered and do the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from squidbox.engine import Later
from squidbox.engine.stack import Question, Step
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from . import commanding, event_cards, playing
from .data import COLOUR_OF_ACTION
from .text import crowns_text

if TYPE_CHECKING:
    from .state import DirectorsState

ACTIONS = ("explore", "collect", "recruit", "unleash")
# Log templates (message ids, translated when the log is read); Actions keep their printed names
_USES = N_("{seat:name} uses {_action}.")
_USES_EXTRA = N_("{seat:name} uses {_action} on an extra turn.")
_WINS = N_("The game is over. {_names} wins with {_crowns}.")
_SHARE = N_("The game is over. {_names} share the victory with {_crowns}.")


def begin_turn(st: DirectorsState) -> None:
    if st.current == st.first_player and not st.on_extra_turn:
        if st.clock == st.game.data.turns:
            end_game(st)
            return
        st.clock += 1
        if st.recording:
            st.emit("clock", "Turn {turn} begins.", turn=st.clock)
    st.action = None
    for seat, count in enumerate(st.played):
        if count:  # only a seat that played has new cards (DirectorsState.check_invariants)
            for card in st.areas[seat]:
                card["new"] = False
    st.played = [0] * st.num_players
    pay_debts(st)
    if due_events(st, "start", []):
        st.push(events_at, timing="start", done=[])
        st.push(name_action)
    else:
        name_action(st)


def pay_debts(st: DirectorsState) -> None:
    """Merchant: the money lost at the start of the next turn, whoever's it is."""
    if not any(st.debts):
        return
    for seat in st.turn_order(st.current):
        if st.debts[seat]:
            st.lose(seat, st.debts[seat])
            st.debts[seat] = 0


def name_action(st: DirectorsState) -> None:
    st.ask(st.current, CHOOSE_ACTION)


def choose_action(st: DirectorsState, seat: int) -> list[str]:
    if st.active("Job Fair"):
        return ["recruit"]
    if st.on_extra_turn and st.last_action[seat] == "unleash":
        return [a for a in ACTIONS if a != "unleash"]  # not Unleash twice in a row
    return list(ACTIONS)


def use_action(st: DirectorsState, seat: int, choice: str) -> None:
    st.action = choice
    if st.recording:
        st.emit("action", _USES_EXTRA if st.on_extra_turn else _USES, seat=seat,
                _action=choice.capitalize())
    if choice == "unleash":
        # Falconer, below its line: anyone may play it from hand for $0, in turn order.
        st.game.flow.reaction_window(st, playing.FALCONER, st.turn_order(seat))
        st.push(first_line)
        st.push(commanding.command_step)
    elif choice == "recruit":
        first_line(st)  # pushes the plays: commanding comes after them
        st.push(commanding.command_step)
    else:
        first_line(st)  # Explore draws, Collect gains: nothing comes between
        commanding.command_step(st)
    st.push(end_turn)


CHOOSE_ACTION = Question(N_("Name an Action"), choose_action, use_action)


def first_line(st: DirectorsState) -> None:
    """Step 1 (skipped under Vacation)."""
    if st.active("Vacation"):
        st.emit("vacation", "Vacation: the first line of the Action is skipped.")
        return
    numbers = st.game.data.actions
    seat = st.current
    if st.action == "explore":
        st.draw(seat, numbers.explore_draw)
    elif st.action == "collect":
        st.gain(seat, numbers.collect_money)
    elif st.action == "recruit":
        offer_plays(st, seat, numbers.recruit_plays)
    else:
        st.take_minus(seat, numbers.unleash_minus)
        st.gain(seat, numbers.unleash_money)
        offer_plays(st, seat, numbers.unleash_plays)


def offer_plays(st: DirectorsState, seat: int, count: int) -> None:
    """"You may play 1 card", `count` times: the first offer at once, the others after it."""
    if count:
        playing.offer_play(st, seat=seat)
    for _later in range(count - 1):
        st.push(playing.offer_play, seat=seat)


def rotate_step(st: DirectorsState) -> None:
    """Steps 3 and 4: rotate the Action's colour, un-rotate the others (Unleash: all)."""
    colour = COLOUR_OF_ACTION.get(st.action or "")
    cards = st.game.data.cards
    for card in st.areas[st.current]:
        card["rotated"] = cards[card["card"]].colour == colour


def end_turn(st: DirectorsState) -> None:
    """Steps 3 and 4, the end-of-turn Events, then the next turn: one frame, as the turn's
    end waits for nothing else (snapshots written before it hold its three steps as frames)."""
    rotate_step(st)
    if due_events(st, "end", []):
        events_at(st, timing="end", done=[])
        st.push(finish_turn)
    else:
        finish_turn(st)


def events_at(st: DirectorsState, timing: str, done: list[str]) -> None:
    """Resolve the active Events of this timing; the current player picks the order."""
    if st.over:
        return
    due = due_events(st, timing, done)
    if len(due) == 1:
        st.push(event_cards.event, name=due[0])
        st.push(events_at, timing=timing, done=[*done, due[0]])
    elif due:
        st.ask(st.current, CHOOSE_EVENT, timing=timing, done=done)


def due_events(st: DirectorsState, timing: str, done: list[str]) -> list[str]:
    """The active Events of this timing not yet resolved."""
    if not st.event_names:  # a game without Events: nothing to look up, twice a turn
        return []
    return [e for e in st.event_names if e not in done and st.active(e)
            and st.game.data.events[e].trigger == timing]


def choose_event(st: DirectorsState, seat: int, timing: str, done: list[str]) -> list[str]:
    return [f"resolve {e}" for e in due_events(st, timing, done)]


def event_chosen(st: DirectorsState, seat: int, choice: str, timing: str,
                 done: list[str]) -> None:
    name = st.game.named[choice]
    st.push(event_cards.event, name=name)
    st.push(events_at, timing=timing, done=[*done, name])


CHOOSE_EVENT = Question(N_("Choose the Event to resolve next"), choose_event, event_chosen)


def finish_turn(st: DirectorsState) -> None:
    seat = st.current
    st.last_action[seat] = st.action
    if st.extra_turns:
        st.extra_turns -= 1
        st.on_extra_turn = True
    else:
        st.on_extra_turn = False
        st.current = (seat + 1) % st.num_players
    begin_turn(st)


def end_game(st: DirectorsState) -> None:
    """#7: after turn 10; crowns in play minus -1 tokens; tied players share the victory."""
    st.over = True
    st.stack.clear()
    st.reactions.clear()
    if not st.recording:  # the scores and winners below are the log's (returns() has its own)
        return
    scores = [st.score(seat) for seat in range(st.num_players)]
    winners = st.winners()
    st.emit("game_over", _WINS if len(winners) == 1 else _SHARE, scores=scores,
            winners=winners, _names=Later(_joined, tuple(st.seat_name(s) for s in winners)),
            _crowns=Later(crowns_text, scores[winners[0]]))


def _joined(names: tuple[str, ...]) -> str:
    """ "Ann and Bo", in the reader's language."""
    return (" " + _("and") + " ").join(names)


STEPS: list[Step] = [begin_turn, name_action, first_line, rotate_step, end_turn, events_at,
                     finish_turn]
QUESTIONS = [CHOOSE_ACTION, CHOOSE_EVENT]

"""SQUID's round on the decision stack (engine/stack.py), by the rulebook: where the guard
starts, the call "Für den Sieg!" (everyone at once), the trick windows (b) and (c), the guard
action, elimination and the end of the game.

A round runs as the frames start_round (the call, asked of everyone at once) → reveal_call
(then window (b)) → reveal_guard_action (then window (c)) → carry_out → start_round. The
question asked now names the moment the view calls its `phase` (START, CALL, AFTER_MOVE,
AFTER_REVEAL).

The trick windows (rulebook "So funktionieren die Tricks", moments (b) and (c)) are reaction
windows. The asking order is our ruling (rulings.md in this folder):

- the first asked is the owner of the character under the guard (the one at risk), then the
  other players clockwise round the table (seat order 0, 1, 2, …);
- each asked player plays one fitting trick or passes;
- every trick played changes the situation, so everyone who passed is asked again, once more
  starting with the owner of the character now under the guard;
- the window closes when every eligible player has passed since the last trick.

Eligible: still in the game and holding at least one trick. The number of tricks in a hand is
public, so skipping empty hands reveals nothing; a player holding no fitting trick is still
asked (and can only pass), since skipping them would tell the table what their hand holds.
A window asks the first seat of its order (`window`), and the question carries the seats after
it (`rest`), asked next if it passes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from squidbox.engine import Later
from squidbox.engine.stack import Flow, Question, Reaction
from squidbox.i18n import N_

from . import circle as circle_rules
from .actions import PlayTrick, StartOn
from .text import calls_text, moved_text, out_text

if TYPE_CHECKING:
    from .state import SquidCircleState

START, CALL, AFTER_MOVE, AFTER_REVEAL, OVER = (
    "start", "call", "after_move", "after_reveal", "over")
PASS = "pass"


# ---- setup: where the guard starts --------------------------------------------------------------
def place_guard(s: SquidCircleState) -> None:
    """The starting player ("die jüngste Person") puts the guard on a character of their own
    colour. In the even layout every one of their characters has the same neighbours all round
    the circle, so the first is taken; in the random and grouped layouts the choice matters and
    the starting player makes it (START)."""
    chosen = s.options["guard_start"]
    seat = s.rng.randrange(s.num_players) if chosen == "random" else chosen
    s.guard = next(i for i, c in enumerate(s.circle) if s.owner(c) == seat)
    if s.options["layout"] != "even" and len(start_options(s, seat)) > 1:
        s.emit("guard_start_choice", "{seat:name} chooses which of their characters the "
               "guard starts on.", seat=seat)
        s.ask(seat, START_ON)
        return
    # nobody chose: the line names the guard, not a player, as what moved
    s.emit("guard_start", "The guard starts on {character}: {seat:name} is the starting "
           "player.", seat=seat, character=s.character_name(s.circle[s.guard]))


def start_options(s: SquidCircleState, seat: int) -> list[str]:
    per_colour = s.game.data.characters_per_colour
    return [s.game.moves.text[StartOn(c % per_colour + 1)]
            for c in sorted(c for c in s.circle if s.owner(c) == seat)]


def start_on(s: SquidCircleState, seat: int, choice: str) -> None:
    move = s.game.moves.decode[choice]
    assert type(move) is StartOn
    character = seat * s.game.data.characters_per_colour + move.number - 1
    s.guard = s.circle.index(character)
    guard_placed(s, seat)


def guard_placed(s: SquidCircleState, seat: int) -> None:
    s.emit("guard_start", "{seat:name} puts the guard on {character}.",
           seat=seat, character=s.character_name(s.circle[s.guard]))


# ---- 1. moving the guard: the call "Für den Sieg!" ----------------------------------------------
def start_round(s: SquidCircleState) -> None:
    s.round += 1
    s.quick_game = False
    s.votes = [None] * s.num_players
    s.push(reveal_call)
    s.ask_all([seat for seat in range(s.num_players) if s.active[seat]], VOTE)


def vote_options(s: SquidCircleState, seat: int) -> list[str]:
    """Asked until the seat has voted: show 0 or 1, or a (a) trick's sign with the card in
    hand."""
    return [] if s.votes[seat] is not None else s.call_options(seat)


def vote(s: SquidCircleState, seat: int, choice: str) -> None:
    """A hidden submission: the voter's log shows the choice, everyone else's only that the
    seat has voted; the choice itself is revealed with all the others (reveal_call)."""
    s.votes[seat] = choice
    if s.recording:
        value, trick = s.game.call_of[choice]
        s.emit_private(
            (seat,),
            s.entry("vote", "You vote {vote}{_trick}.", seat=seat, vote=value,
                    _trick="" if trick is None else f" ({s.trick_name(trick)})"),
            s.entry("vote", "{seat:name} has voted.", seat=seat),
        )


def reveal_call(s: SquidCircleState) -> None:
    """On "Sieg" all hands are shown; (a) tricks are proved and discarded after the call. Then
    window (b), then the guard action."""
    s.mark_reveal()  # the votes are shown
    s.last_call = [None] * s.num_players
    call_of = s.game.call_of
    calls = []
    total = 0
    for seat, action in enumerate(s.votes):
        if action is None:
            continue
        value, trick = call_of[action]
        s.last_call[seat] = value
        total += value
        if trick is not None:
            s.discard_trick(seat, trick)
        calls.append((seat, value, trick))
    s.votes = [None] * s.num_players
    s.move_guard(total)
    if s.recording:
        where = s.character_name(s.circle[s.guard])
        s.emit("call", "Round {round}, the call: {_calls}; {_moved}.",
               round=s.round, votes=list(s.last_call), total=total,
               character=where, named_seats=[seat for seat, _v, _t in calls],
               _calls=Later(calls_text, s._seat_names(), s.game.data.tricks, calls),
               _moved=Later(moved_text, total, where))
    window_then(s, AFTER_MOVE, reveal_guard_action)


# ---- the trick windows (b) and (c) --------------------------------------------------------------
def eligible(s: SquidCircleState, seat: int, rest: list[int] | None = None) -> bool:
    """Asked in a window (public facts only): still in the game and holding a trick."""
    return s.active[seat] and bool(s.hands[seat])


def window_order(s: SquidCircleState) -> list[int]:
    """Who a window asks, in order: the eligible seats from the owner of the character under
    the guard, clockwise. Only a trick played changes who is eligible, and it opens the
    window afresh."""
    first, seats, active, hands = s.threatened, s.num_players, s.active, s.hands
    order = [*range(first, seats), *range(first)]
    return [seat for seat in order if active[seat] and hands[seat]]  # eligible, inline


def window(s: SquidCircleState, moment: str, order: list[int]) -> None:
    """Ask the first seat of `order` (the others after it if it passes); none left: the window
    closes, and the frames below run on. Called, not pushed: nothing comes between a pass and
    the next seat's question."""
    if order:
        s.ask(order[0], WINDOWS[moment], rest=order[1:])


def window_then(s: SquidCircleState, moment: str, then: Callable[[SquidCircleState], None]
                ) -> None:
    """Open the window at `moment`, then do `then`: pushed below the question when someone is
    asked, at once when nobody holds a trick (a frame less: nothing could come between)."""
    order = window_order(s)
    if order:
        s.push(then)
        window(s, moment, order)
    else:
        then(s)


def fitting(s: SquidCircleState, seat: int, moment: str) -> list[str]:
    """The seat's tricks that may be played at `moment` (private: its hand)."""
    fits = s.game.trick_actions_at[moment]
    return [fits[t] for t in sorted(set(s.hands[seat])) if t in fits]


def answered(s: SquidCircleState, seat: int, choice: str, moment: str, rest: list[int]) -> None:
    """A pass asks the next seat of the window; a trick opens the window afresh."""
    if choice == PASS:
        if s.recording:
            s.emit("pass", "{seat:name} passes.", seat=seat)
        window(s, moment, rest)
        return
    move = s.game.moves.decode[choice]
    assert type(move) is PlayTrick
    play_trick(s, seat, move.trick)
    window(s, moment, window_order(s))  # everyone who passed is asked again


# The two windows' private parts and answers, one function each (module functions, not
# closures, so that each is one named thing a test or a planted bug can reach).
def tricks_after_move(s: SquidCircleState, seat: int, rest: list[int]) -> list[str]:
    return fitting(s, seat, AFTER_MOVE)


def tricks_after_reveal(s: SquidCircleState, seat: int, rest: list[int]) -> list[str]:
    return fitting(s, seat, AFTER_REVEAL)


def answered_after_move(s: SquidCircleState, seat: int, choice: str, rest: list[int]) -> None:
    answered(s, seat, choice, AFTER_MOVE, rest)


def answered_after_reveal(s: SquidCircleState, seat: int, choice: str, rest: list[int]) -> None:
    answered(s, seat, choice, AFTER_REVEAL, rest)


def play_trick(s: SquidCircleState, seat: int, trick: int) -> None:
    s.discard_trick(seat, trick)
    kind = s.game.data.tricks[trick]
    if kind.key == "second_chance":
        second_chance(s, seat, kind.name)
        return
    if kind.key == "quick_game":
        s.quick_game = True
    s.move_guard(1)
    if s.recording:
        s.emit("trick", "{seat:name} plays {trick}: the guard moves on to {character}.",
               seat=seat, trick=kind.name, character=s.character_name(s.circle[s.guard]))


# ---- 2. the decision: the guard action ----------------------------------------------------------
def reveal_guard_action(s: SquidCircleState) -> None:
    """The guard action is turned up; then window (c), then it is carried out."""
    turn_up_guard_action(s)
    window_then(s, AFTER_REVEAL, carry_out)


def turn_up_guard_action(s: SquidCircleState) -> None:
    """The owner of the character under the guard turns the top guard action face up onto the
    discard pile (an empty pile is refilled from the shuffled discards)."""
    s.mark_reveal()  # the top guard action is turned face up
    if not s.guard_pile:
        s.guard_pile = sorted(s.guard_discard)
        s.guard_discard = []
        s.rng.shuffle(s.guard_pile)
        s.emit("guard_reshuffle", "The guard action discards are shuffled into a new pile.",
               cards=len(s.guard_pile))
    s.revealed = s.guard_pile.pop()
    s.guard_discard.append(s.revealed)
    if s.recording:
        s.emit("guard_action", "{seat:name} reveals {action} for {_character}.",
               seat=s.threatened, action=s.guard_action_name(s.revealed),
               _character=s.character_name(s.circle[s.guard]))


def second_chance(s: SquidCircleState, seat: int, trick: str) -> None:
    """Zweite Chance: the revealed action is ignored and the owner of the character under the
    guard draws a new one (yourself, or the player you make draw again)."""
    assert s.revealed is not None
    ignored = s.guard_action_name(s.revealed)
    s.emit("trick", "{seat:name} plays {trick}: {ignored} is ignored.",
           seat=seat, trick=trick, ignored=ignored)
    s.revealed = None
    turn_up_guard_action(s)


def carry_out(s: SquidCircleState) -> None:
    """The revealed guard action happens to the character under the guard; then the next
    round (or, in Schnelles Spiel, a spared character sends the guard on to the next one)."""
    assert s.revealed is not None
    key = s.game.data.guard_actions[s.revealed].key
    s.revealed = None
    seat = s.threatened
    if key == "pow":
        pow_character(s)
        if s.winner is not None:
            return
    else:
        if key == "new_trick":
            drawn = s.draw_trick()
            s.take_tricks(seat, [] if drawn is None else [drawn])
        if s.quick_game:
            spared = s.character_name(s.circle[s.guard])
            s.move_guard(1)
            if s.recording:
                s.emit("quick_game", "{_spared} is spared, so Schnelles Spiel moves the guard on "
                       "to {_to}.", _spared=spared, _to=s.character_name(s.circle[s.guard]))
            reveal_guard_action(s)
            return
    start_round(s)


def pow_character(s: SquidCircleState) -> None:
    """POW: the character goes back in the box, the circle closes and the guard stands on the
    next character clockwise (which is not checked again this round)."""
    character = s.circle.pop(s.guard)
    s.boxed.append(character)
    s.guard %= len(s.circle)
    seat = s.owner(character)
    if s.recording:
        s.emit("pow", "POW! {character} is out; the guard moves on to {_to}.",
               character=s.character_name(character), seat=seat,
               _to=s.character_name(s.circle[s.guard]))
    per_colour = s.game.data.characters_per_colour
    if all(c // per_colour != seat for c in s.circle):  # none of the seat's is left
        eliminate(s, seat)
    colours = circle_rules.colours_left(s.circle, per_colour)
    if len(colours) == 1:
        end_game(s, colours.pop())


def eliminate(s: SquidCircleState, seat: int) -> None:
    """A player with no character left in the circle is out; their tricks are discarded face
    up."""
    s.active[seat] = False
    s.mark_reveal()  # the tricks are discarded face up
    dropped = [s.trick_name(t) for t in s.hands[seat]] if s.recording else []
    s.trick_discard.extend(s.hands[seat])
    s.hands[seat] = []
    s.emit("out", "{seat:name} has no character left and is out{_rest}",
           seat=seat, discarded=dropped, _rest=Later(out_text, tuple(dropped)))


def end_game(s: SquidCircleState, seat: int) -> None:
    s.winner = seat
    s.quick_game = False
    s.emit("game_over", "Only {winner:name} is left in the circle: {winner:name} wins.",
           winner=seat)


# ---- the questions and the one Flow -------------------------------------------------------------
START_ON = Question(N_("setup: the starting player puts the guard on one of their own "
                       "characters"), start_options, start_on, name=START)
VOTE = Question(
    N_('the call "Für – den – Sieg!": everyone secretly shows 0 or 1 (or a Zeige trick)'),
    vote_options, vote, name=CALL)
WINDOWS = {
    AFTER_MOVE: Reaction(N_("the guard has moved: anyone may now play Zum nächsten Charakter "
                            "or Schnelles Spiel"), AFTER_MOVE, eligible, tricks_after_move,
                         answered_after_move),
    AFTER_REVEAL: Reaction(N_("a guard action is revealed: anyone may now play Zweite Chance"),
                           AFTER_REVEAL, eligible, tricks_after_reveal, answered_after_reveal),
}
QUESTIONS = (START_ON, VOTE, *WINDOWS.values())
STEPS: tuple[Callable[..., None], ...] = (
    place_guard, start_round, reveal_call, reveal_guard_action, carry_out)

FLOW = Flow(steps=STEPS, questions=QUESTIONS)

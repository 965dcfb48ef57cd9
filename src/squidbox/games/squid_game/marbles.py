"""4 - MARBLES: pair up tokens in turn, then each pair plays Odd Even (hidden choices, revealed
together) or our digital Closest to the Wall; the winner of each pair survives.

g["at"] maps each token still playing to its group (an index into g["groups"]; None until
placed). A group holds one token (single) or two (a pair).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from squidbox.engine import HiddenChoice
from squidbox.engine.stack import Question
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from . import campaign
from .actions import (
    ALONE,
    GUESS,
    HIDE,
    ODD_EVEN,
    WALL,
    Alone,
    Guess,
    Hide,
    Roll,
    Wall,
    roll_action,
)
from .stage import Stage, chip, decoded, pass_turn, token_actions, token_of
from .tokens import turn_order

if TYPE_CHECKING:
    from .state import SquidGameState

# The view's "step" names; ODD_EVEN and WALL (the actions' texts) name two steps too.
PAIR, SELECT, MODE, KEEP = "pair", "select", "mode", "keep"
MODES = (N_("Odd Even"), N_("Wall"))  # a mode as the log names it (its action's text, titled)
YOU_TEXT = {HIDE[0]: N_("You hide 1."), HIDE[1]: N_("You hide 2."),
            GUESS[0]: N_("You guess odd."), GUESS[1]: N_("You guess even.")}
# Odd Even revealed: [more than one marble hidden][the guess was right]
ODD_EVEN_TEXT = (
    (N_("{hidden} marble hidden; the guess was {guess:t}: wrong."),
     N_("{hidden} marble hidden; the guess was {guess:t}: right.")),
    (N_("{hidden} marbles hidden; the guess was {guess:t}: wrong."),
     N_("{hidden} marbles hidden; the guess was {guess:t}: right.")),
)


class Duel(TypedDict):
    """The pair playing now: `mine` (the selector's token) against `theirs` (the opponent's)."""

    group: int  # its index in `groups`
    selector: int  # the seat that selected the pair
    mine: int
    theirs: int
    opponent: int  # the seat of `theirs`
    hide: int | None  # Odd Even: the marbles hidden (1 or 2), face down until both are in
    guess: str | None  # Odd Even: "odd" or "even", face down until both are in
    rolls: list[int | None]  # Wall: how far `theirs`, then `mine`, rolled (cm)


class MarblesData(TypedDict):
    """Marbles' part of the state (`s.g` while it is played)."""

    at: dict[str, int | None]  # each token still playing: its group (None until paired)
    groups: list[list[int]]  # the pairs (a single token until its partner comes)
    played: list[int]  # group indices whose game is over
    order: list[int]  # the turn order
    turn: int  # index in `order` of the seat whose turn it is
    chosen: int | None  # the token the pairing seat has picked, before its partner
    duel: Duel | None


def marbles_data(s: SquidGameState) -> MarblesData:
    return cast(MarblesData, s.g)


def duel_of(s: SquidGameState) -> Duel:
    duel = marbles_data(s)["duel"]
    assert duel is not None, "no pair is playing"
    return duel


class Marbles(Stage):
    name = "marbles"
    title = N_("Marbles")
    # Odd Even, played at once: the marbles hidden are the selector's, the guess the
    # opponent's, until both are shown (and the duel ends).
    choices = (
        HiddenChoice("g.duel.hide", lambda s, _: duel_of(s)["selector"], lambda s, _: (1, 2)),
        HiddenChoice("g.duel.guess", lambda s, _: duel_of(s)["opponent"],
                     lambda s, _: ("odd", "even")),
    )

    def setup(self, s: SquidGameState) -> None:
        order = turn_order(s.team)
        s.g = MarblesData({
            "at": {str(t): None for team in s.team for t in team},
            "groups": [],
            "played": [],
            "order": order,
            "turn": 0,
            "chosen": None,
            "duel": None,
        })
        s.emit("order", "Turn order: {order:names}.", order=order)
        next_pairer(s, first=True)

    # ---- Pair up ------------------------------------------------------------------------------
    def unplaced(self, s: SquidGameState, seat: int) -> list[int]:
        at, key = marbles_data(s)["at"], s.tokens.key
        return [t for t in s.playing(seat) if at[key[t]] is None]

    def singles(self, s: SquidGameState) -> list[int]:
        return sorted(group[0] for group in marbles_data(s)["groups"] if len(group) == 1)

    def can_pair(self, s: SquidGameState, seat: int) -> bool:
        if self.unplaced(s, seat):
            return True
        singles = self.singles(s)
        return len(singles) > 1 and any(s.owner(t) == seat for t in singles)

    def own_singles(self, s: SquidGameState, seat: int) -> list[int]:
        return [t for t in self.singles(s) if s.owner(t) == seat]

    def placing_token(self, s: SquidGameState, seat: int) -> int:
        """The token being placed or paired up: the one chosen, else the only candidate."""
        chosen: int | None = marbles_data(s)["chosen"]
        if chosen is not None:
            return chosen
        return (self.unplaced(s, seat) or self.own_singles(s, seat))[0]

    def group_of(self, s: SquidGameState, token: int) -> int:
        """The group of a token already paired up (or standing alone)."""
        group = marbles_data(s)["at"][s.tokens.key[token]]
        assert group is not None, f"{token} is not paired up yet"
        return group

    # ---- Rules: select a pair, then play it ---------------------------------------------------
    def open_pairs(self, s: SquidGameState, seat: int) -> list[int]:
        """Your tokens in pairs that have not played yet."""
        g = marbles_data(s)
        at, key, groups = g["at"], s.tokens.key, g["groups"]
        return [t for t in s.playing(seat)
                if (group := at[key[t]]) is not None and len(groups[group]) == 2
                and group not in g["played"]]

    # ---- what a player sees -------------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = marbles_data(s)
        duel = g["duel"]
        shown: dict[str, object] | None = None
        if duel is not None:
            shown = {
                "group": duel["group"], "selector": duel["selector"], "mine": duel["mine"],
                "theirs": duel["theirs"], "opponent": duel["opponent"],
                "rolls": list(duel["rolls"])}
            shown["hidden"] = duel["hide"] is not None
            shown["guessed"] = duel["guess"] is not None
            if s.choice_seen("g.duel.hide", viewer):
                shown["my_hide"] = duel["hide"]
            if s.choice_seen("g.duel.guess", viewer):
                shown["my_guess"] = duel["guess"]
        return {
            "at": dict(g["at"]),
            "groups": [list(group) for group in g["groups"]],
            "played": list(g["played"]),
            "order": list(g["order"]),
            "turn": g["turn"],
            "step": STEP_OF.get(s.asking()),
            "chosen": g["chosen"],
            "duel": shown,
        }

    def check(self, s: SquidGameState) -> None:
        g = marbles_data(s)
        for key, group in g["at"].items():
            assert group is None or int(key) in g["groups"][group]
        assert g["chosen"] is None or str(g["chosen"]) in g["at"]
        assert all(len(group) <= 2 for group in g["groups"])
        assert all(len(g["groups"][group]) == 2 for group in g["played"])

    def token_place(self, view: dict[str, Any], names: list[str], token: int) -> str:
        """A button names the token's partner only, never the token itself."""
        place = view["game"]["at"][str(token)]
        if place is None:
            return _("not placed")
        partners = [t for t in view["game"]["groups"][place] if t != token]
        if not partners:
            return _("single")
        owner = next(p for p, team in enumerate(view["teams"]) if partners[0] in team)
        return _("paired with {name} {token}").format(name=names[owner],
                                                      token=f"{partners[0]:03d}")

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        lines = [_("Turn order {order}").format(order=" ".join(names[p] for p in g["order"]))]
        for index, group in enumerate(g["groups"]):
            if group:
                state = _("played") if index in g["played"] else _("to play")
                lines.append(f"  {' & '.join(chip(t, view, names) for t in group)}"
                             + f" ({state if len(group) == 2 else _('single')})")
        waiting = sorted(chip(int(t), view, names) for t, x in g["at"].items() if x is None)
        if waiting:
            lines.append("  " + _("not yet placed: {tokens}").format(tokens=" ".join(waiting)))
        if g["chosen"] is not None:
            lines.append("  " + _("being placed: {token}").format(
                token=chip(g["chosen"], view, names)))
        duel = g["duel"]
        if duel:
            lines.append("  " + _("playing: {mine} (chose) against {theirs}; rolls {rolls}").format(
                mine=chip(duel["mine"], view, names), theirs=chip(duel["theirs"], view, names),
                rolls=duel["rolls"]))
        return lines


# ---- the game on the decision stack (engine/stack.py) ----------------------------------------
def next_pairer(s: SquidGameState, first: bool = False) -> None:
    """Pair up, taking turns; the singles left over survive; then the pairs play."""
    g = marbles_data(s)
    if pass_turn(g, lambda seat: MARBLES.can_pair(s, seat), first):
        s.ask(g["order"][g["turn"]], PAIR_UP)
        return
    for token in MARBLES.singles(s):
        s.survive(token, N_("no token is left to pair with"))
    g["turn"] = 0
    next_selector(s, first=True)


def pair_options(s: SquidGameState, seat: int) -> list[str]:
    """First the token you place (or, once you are out of tokens, the single of yours you
    pair up), when you have a choice; then alone, or the single to pair it with."""
    unplaced = MARBLES.unplaced(s, seat)
    if marbles_data(s)["chosen"] is None:
        own = unplaced or MARBLES.own_singles(s, seat)
        if len(own) > 1:
            return token_actions(s, own)
    token = MARBLES.placing_token(s, seat)
    singles = token_actions(s, [t for t in MARBLES.singles(s) if t != token])
    return [ALONE, *singles] if unplaced else singles


def paired(s: SquidGameState, seat: int, choice: str) -> None:
    g = marbles_data(s)
    if g["chosen"] is None and len(MARBLES.unplaced(s, seat) or MARBLES.own_singles(s, seat)) > 1:
        g["chosen"] = token_of(s, choice)  # step 1 of 2: which of your tokens
        s.ask(seat, PAIR_UP)
        return
    token = MARBLES.placing_token(s, seat)
    g["chosen"] = None
    if (single := g["at"][str(token)]) is not None:  # out of tokens: your single leaves it
        g["groups"][single] = []
    move = decoded(s, choice)
    if type(move) is Alone:
        g["at"][str(token)] = len(g["groups"])
        g["groups"].append([token])
        if s.recording:
            s.emit("pair", "{_owner:name} {token:03d} stands alone.", token=token,
                   _owner=s.owner(token))
    else:
        partner = token_of(s, choice)
        group = MARBLES.group_of(s, partner)
        g["groups"][group].append(token)
        g["at"][str(token)] = group
        if s.recording:
            s.emit("pair", "{_owner:name} {token:03d} pairs up with {_partner_owner:name} "
                   "{partner:03d}.", token=token, partner=partner, _owner=s.owner(token),
                   _partner_owner=s.owner(partner))
    next_pairer(s)


def next_selector(s: SquidGameState, first: bool = False) -> None:
    """Taking turns, a player selects one of their pairs that has not played; none left: the
    game is over."""
    g = marbles_data(s)
    if pass_turn(g, lambda seat: bool(MARBLES.open_pairs(s, seat)), first):
        s.ask(g["order"][g["turn"]], SELECT_PAIR)
        return
    campaign.finish_game(s)


def select_options(s: SquidGameState, seat: int) -> list[str]:
    return token_actions(s, MARBLES.open_pairs(s, seat))


def selected(s: SquidGameState, seat: int, choice: str) -> None:
    g = marbles_data(s)
    token = token_of(s, choice)
    group = MARBLES.group_of(s, token)
    other = next(t for t in g["groups"][group] if t != token)
    g["duel"] = {"group": group, "selector": seat, "mine": token, "theirs": other,
                 "opponent": s.owner(other), "hide": None, "guess": None,
                 "rolls": [None, None]}
    if s.recording:
        s.emit("select", "{_owner:name} {_token:03d} and {_other_owner:name} {_other:03d} play.",
               tokens=[token, other], _owner=s.owner(token), _token=token,
               _other_owner=s.owner(other), _other=other)
    s.ask(seat, KEEP_ONE if s.owner(other) == seat else CHOOSE_MODE)


def keep_options(s: SquidGameState, seat: int) -> list[str]:
    return token_actions(s, sorted(marbles_data(s)["groups"][duel_of(s)["group"]]))


def kept(s: SquidGameState, seat: int, choice: str) -> None:
    """Both tokens of the pair are yours: keep one, the other is eliminated."""
    keep = token_of(s, choice)
    group = marbles_data(s)["groups"][duel_of(s)["group"]]
    loser = next(t for t in group if t != keep)
    s.survive(keep, N_("its teammate in the pair is eliminated"))
    end_duel(s, loser, N_("{_by:name} keeps {_kept:03d}"), _by=seat, _kept=keep)


def mode_options(s: SquidGameState, seat: int) -> list[str]:
    return [ODD_EVEN, WALL]


def mode_chosen(s: SquidGameState, seat: int, choice: str) -> None:
    if s.recording:
        s.emit("mode", "{_by:name} chooses {_mode:t}.", mode=choice, _by=seat,
               _mode=choice.title())
    if type(decoded(s, choice)) is Wall:
        ask_roll(s)
        return
    duel = duel_of(s)
    s.push(odd_even)
    s.ask_all([duel["selector"], duel["opponent"]], HIDE_OR_GUESS)


# ---- Odd Even: the selector hides 1 or 2 marbles, the opponent guesses, at once ----------------
def hide_options(s: SquidGameState, seat: int) -> list[str]:
    duel = duel_of(s)
    if seat == duel["selector"]:
        return list(HIDE) if duel["hide"] is None else []
    return list(GUESS) if duel["guess"] is None else []


def hidden_or_guessed(s: SquidGameState, seat: int, choice: str) -> None:
    duel = duel_of(s)
    move = decoded(s, choice)
    if seat == duel["selector"]:
        assert type(move) is Hide
        duel["hide"] = move.marbles
        hidden = N_("{seat:name} hides marbles in a hand.")
    else:
        assert type(move) is Guess
        duel["guess"] = move.guess
        hidden = N_("{seat:name} has guessed.")
    if s.recording:
        s.emit_private((seat,), s.entry("marbles", YOU_TEXT[choice], seat=seat),
                       s.entry("marbles", hidden, seat=seat))


def odd_even(s: SquidGameState) -> None:
    s.mark_reveal()  # the hidden marbles and the guess are shown
    duel = duel_of(s)
    hidden, guess = duel["hide"], duel["guess"]
    assert hidden is not None and guess is not None, "both play before Odd Even is shown"
    right = (hidden % 2 == 1) == (guess == "odd")
    s.emit("odd_even", ODD_EVEN_TEXT[hidden > 1][right], hidden=hidden, guess=guess)
    winner, loser = (duel["theirs"], duel["mine"]) if right else (duel["mine"], duel["theirs"])
    s.survive(winner, N_("won at Odd Even"))
    end_duel(s, loser, N_("lost at Odd Even"))


# ---- Closest to the wall (digital) -------------------------------------------------------------
def ask_roll(s: SquidGameState) -> None:
    """The opponent rolls first, then the selector."""
    duel = duel_of(s)
    s.ask(duel["opponent"] if duel["rolls"][0] is None else duel["selector"], ROLL)


def roll_options(s: SquidGameState, seat: int) -> list[str]:
    return [roll_action(kind) for kind in s.data.roll_kinds]


def rolled(s: SquidGameState, seat: int, choice: str) -> None:
    data = s.data
    move = decoded(s, choice)
    assert type(move) is Roll
    k = move.kind
    kind = data.roll_kinds[k]
    duel = duel_of(s)
    first = duel["rolls"][0] is None
    mover, other = (duel["theirs"], duel["mine"]) if first else (duel["mine"], duel["theirs"])
    if s.rng.randrange(100) < data.off_table_percent[k]:
        s.emit("roll", "{seat:name} rolls {_kind:t}: off the table!", seat=seat,
               distance=None, _kind=kind)
        s.survive(other, N_("the other marble rolled off the table"))
        end_duel(s, mover, N_("its marble rolled off the table"))
        return
    span = data.farthest_cm[k] - data.nearest_cm[k] + 1
    distance = data.nearest_cm[k] + s.rng.randrange(span)
    duel["rolls"][0 if first else 1] = distance
    s.emit("roll", "{seat:name} rolls {_kind:t}: {distance} cm from the red line.",
           seat=seat, distance=distance, _kind=kind)
    if first:
        ask_roll(s)
        return
    theirs, mine = duel["rolls"]
    assert theirs is not None and mine is not None  # both have rolled
    if theirs == mine:
        duel["rolls"] = [None, None]
        s.emit("roll", "Equally close: both roll again.")
        ask_roll(s)
        return
    winner, loser = (duel["mine"], duel["theirs"]) if mine < theirs else \
        (duel["theirs"], duel["mine"])
    s.survive(winner, N_("rolled closest to the wall"))
    end_duel(s, loser, N_("rolled farther from the wall"))


def end_duel(s: SquidGameState, loser: int, why: str, **why_data: Any) -> None:
    g = marbles_data(s)
    s.eliminate(loser, why, **why_data)
    g["played"].append(duel_of(s)["group"])
    g["duel"] = None
    next_selector(s)


PAIR_UP = Question("Pair up a token", pair_options, paired, name="marbles_pair")
SELECT_PAIR = Question("Select a pair to play", select_options, selected, name="marbles_select")
KEEP_ONE = Question("Keep one token of the pair", keep_options, kept, name="marbles_keep")
CHOOSE_MODE = Question("Odd Even or closest to the wall", mode_options, mode_chosen,
                       name="marbles_mode")
HIDE_OR_GUESS = Question("Odd Even: hide marbles, or guess", hide_options, hidden_or_guessed,
                         name="marbles_odd_even")
ROLL = Question("Roll your marble toward the wall", roll_options, rolled, name="marbles_roll")
STEP_OF: dict[str | None, str] = {  # the view's "step", by the question asked now
    "marbles_pair": PAIR, "marbles_select": SELECT, "marbles_keep": KEEP, "marbles_mode": MODE,
    "marbles_odd_even": ODD_EVEN, "marbles_roll": WALL}
STEPS = [odd_even]
QUESTIONS = [PAIR_UP, SELECT_PAIR, KEEP_ONE, CHOOSE_MODE, HIDE_OR_GUESS, ROLL]


MARBLES = Marbles()

"""Employee abilities (rulebook "Activate Abilities" and "Ability Clarifications").

An Employee's data names its ability kind and parameters (data.toml); each kind below is one
small class: `usable` (may it be activated now), `options` and `choose` (its decisions, stage by
stage), or `start` for a kind that needs no decision. `usable` is asked of every Employee a
player could activate at every decision (bots ask it millions of times), so each kind answers
it from the board without building its option strings: unless the kind has a rule of its own,
it says whether its first question would list anything (tests/games/squid_inc/test_usable.py
holds each kind to that). An ability in progress is an `ability` step on the decision stack,
its arguments an `AbilityTask`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict, Unpack

from squidbox.engine.stack import Question
from squidbox.i18n import gettext as _

from . import workplace as wp
from .actions import Pick, Push
from .board import DIRECTION_NAMES
from .data import COPY_KINDS, PASSIVE_KINDS
from .line import take_from_line

if TYPE_CHECKING:
    from .state import SquidIncState

class AbilityTask(TypedDict):
    """An ability in progress: the arguments of its `ability` step."""

    actor: int  # the piece using it (a copier uses another's ability as its own)
    emp: int  # the Employee whose data gives the parameters
    player: int
    stage: int  # which of the kind's questions comes next
    picks: list[str]  # the earlier choices
    paid: int  # Clout spent to activate it


def ability_task(actor: int, emp: int, player: int, paid: int) -> AbilityTask:
    return {"actor": actor, "emp": emp, "player": player, "stage": 0, "picks": [], "paid": paid}


class Ability:
    """A kind that asks the acting player one or more questions."""

    kind: str
    # At most how many questions the kind asks (its stages) and how many moves of the
    # Workplace (a Promote, Demote, Float or Dismiss) it sets off: length.py bounds a game's
    # decisions with them (tests/games/squid_inc/test_length.py plays games against them).
    questions = 0
    moves = 0

    def most_questions(self, params: dict[str, int]) -> int:
        return self.questions

    def most_moves(self, params: dict[str, int]) -> int:
        return self.moves

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        """Whether the first question lists anything (each kind says it more cheaply)."""
        return bool(self.options(st, task))

    def start(self, st: SquidIncState, task: AbilityTask) -> None:
        st.push(ability, **task)

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        return []

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        raise AssertionError(f"{self.kind} takes no decision")

    def prompt(self, st: SquidIncState, task: AbilityTask) -> str:
        return _(st.game.data.employees[task["emp"]].text)

    # helpers
    @staticmethod
    def here(st: SquidIncState, task: AbilityTask) -> int:
        return st.board.index(task["actor"])

    @staticmethod
    def picks(st: SquidIncState, spaces: list[int]) -> list[str]:
        pick = st.game.space_actions[Pick]
        return [pick[s] for s in spaces]

    @staticmethod
    def adjacent(st: SquidIncState, task: AbilityTask) -> list[int]:
        board = st.board
        if task["actor"] not in board:
            return []
        return [s for s in st.geo.neighbours[board.index(task["actor"])] if board[s] >= 0]

    @staticmethod
    def param(st: SquidIncState, task: AbilityTask, name: str) -> int:
        return st.game.data.employees[task["emp"]].params[name]

    @staticmethod
    def any_adjacent(st: SquidIncState, task: AbilityTask) -> bool:
        """Whether adjacent() lists anything."""
        actor = task["actor"]
        if actor not in st.board:
            return False
        board = st.board
        return any(board[s] >= 0 for s in st.geo.neighbours[board.index(actor)])


class FloatAdjacent(Ability):
    """Float an adjacent Employee: straight away from the floater, or (option float_direction
    "choose") in any direction but back toward the floater."""

    kind = "float_adjacent"
    questions = 2
    moves = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return self.any_adjacent(st, task)

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        if task["stage"] == 0:
            return self.picks(st, self.adjacent(st, task))
        here, target = self.here(st, task), st.space_named(task["picks"][0])
        back = st.geo.direction(target, here)
        text = st.game.moves.text
        return [text[Push(d)] for d in range(len(DIRECTION_NAMES)) if d != back]

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        if task["stage"] == 0 and st.options["float_direction"] == "choose":
            task["picks"].append(action)
            task["stage"] = 1
            st.push(ability, **task)  # the ability goes on to its next question
            return
        if task["stage"] == 0:
            wp.float_piece(st, self.here(st, task), st.space_named(action))
            return
        direction = st.direction_named(action)
        wp.float_piece(st, self.here(st, task), st.space_named(task["picks"][0]), direction)


class DemoteAdjacent(Ability):
    kind = "demote_adjacent"
    questions = 1
    moves = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return self.any_adjacent(st, task)

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        return self.picks(st, self.adjacent(st, task))

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        wp.demote_space(st, st.space_named(action))


class TransferClout(Ability):
    """The Operator: spend X Clout from itself (the activation Clout counts toward X) and put X
    Clout from the supply on another Employee you control."""

    kind = "transfer_clout"
    questions = 2

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        player, board = task["player"], st.board
        return bool(st.mailrooms[player]) or any(
            owner == player and board[s] != task["actor"] for s, owner in enumerate(st.owner))

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        if task["stage"] == 0:
            mine = [s for s in st.own_spaces(task["player"]) if st.board[s] != task["actor"]]
            return self.picks(st, mine) + st.mailroom_picks([task["player"]])
        spare = st.clout[self.here(st, task)]
        top = min(task["paid"] + spare, st.game.data.largest_amount)
        return st.game.amount_actions[max(task["paid"], 1):top + 1]

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        if task["stage"] == 0:
            task["picks"].append(action)
            task["stage"] = 1
            st.push(ability, **task)  # the ability goes on to its next question
            return
        total = st.amount_named(action)
        extra = total - task["paid"]
        st.clout[self.here(st, task)] -= extra
        st.clout_spent += extra
        st.add_clout(task["picks"][0], total)


class PromoteSelf(Ability):
    """Phinny: Promote herself exactly `steps` Tiers, Bumps as usual at each step."""

    kind = "promote_self"

    def most_moves(self, params: dict[str, int]) -> int:
        return params["steps"]  # one Promote a Tier, and no question

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        piece = task["actor"]
        tier = st.geo.tier_of[self.here(st, task)]
        steps = self.param(st, task, "steps")
        if tier + steps > st.geo.top:
            return False
        return all(wp.empties(st, tier + k) or wp.lesser(st, tier + k, piece)
                   for k in range(1, steps + 1))

    def start(self, st: SquidIncState, task: AbilityTask) -> None:
        for _step in range(self.param(st, task, "steps")):
            wp.promote(st, task["actor"])


class SwapWithMailroom(Ability):
    """Esther: swap an Employee you control in the Workplace with one in another player's
    Mailroom; each keeps its Clout and changes hands."""

    kind = "swap_with_mailroom"
    questions = 2

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        player = task["player"]
        return (any(room for p, room in enumerate(st.mailrooms) if p != player)
                and player in st.owner)

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        others = [p for p in range(st.num_players) if p != task["player"]]
        if task["stage"] == 0:
            if not st.mailroom_picks(others):
                return []
            return self.picks(st, st.own_spaces(task["player"]))
        return st.mailroom_picks(others)

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        if task["stage"] == 0:
            task["picks"].append(action)
            task["stage"] = 1
            st.push(ability, **task)  # the ability goes on to its next question
            return
        space = st.space_named(task["picks"][0])
        seat, slot = st.mailroom_named(action)
        card, clout = st.mailrooms[seat][slot]
        piece, _owner, piece_clout = wp.lift(st, space)
        st.mailrooms[seat][slot] = [piece, piece_clout]
        wp.put(st, space, card, task["player"], clout)
        st.entered.append(card)
        st.emit("swap", "{_employee} takes {_space}; {_leaving} goes to {_seat:name}'s Mailroom.",
                _employee=st.piece_name(card), _space=st.geo.names[space],
                _leaving=st.piece_name(piece), _seat=seat)


class DismissOpponent(Ability):
    kind = "dismiss_opponent"
    questions = 1
    moves = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        player = task["player"]
        return any(owner >= 0 and owner != player for owner in st.owner)

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        return self.picks(st, st.opponent_spaces(task["player"]))

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        space = st.space_named(action)
        st.emit("iris", "{_label} is Dismissed.", _label=st.logged_label(space))
        wp.dismiss(st, space)


class DemoteOpponents(Ability):
    """Reggie: choose `count` Employees controlled by opponents, then Demote each in turn."""

    kind = "demote_opponents"

    def most_questions(self, params: dict[str, int]) -> int:
        return params["count"]  # a pick for each, then a Demote for each

    def most_moves(self, params: dict[str, int]) -> int:
        return params["count"]

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return len(st.opponent_spaces(task["player"])) >= self.param(st, task, "count")

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        chosen = {st.space_named(p) for p in task["picks"]}
        return self.picks(st, [s for s in st.opponent_spaces(task["player"]) if s not in chosen])

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        task["picks"].append(action)
        if len(task["picks"]) < self.param(st, task, "count"):
            st.push(ability, **task)
            return
        for pick in task["picks"]:
            st.push(wp.demote, piece=st.board[st.space_named(pick)])


class RemoveClout(Ability):
    """Union Leader Jillian: remove up to `most` Clout from any Employee in the Workplace."""

    kind = "remove_clout"
    questions = 2

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return any(st.clout)  # Clout is never negative

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        if task["stage"] == 0:
            return self.picks(st, [s for s in range(st.geo.size) if st.clout[s] > 0])
        held = st.clout[st.space_named(task["picks"][0])]
        return st.game.amount_actions[1:min(held, self.param(st, task, "most")) + 1]

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        if task["stage"] == 0:
            task["picks"].append(action)
            task["stage"] = 1
            st.push(ability, **task)  # the ability goes on to its next question
            return
        amount = st.amount_named(action)
        space = st.space_named(task["picks"][0])
        st.clout[space] -= amount
        st.clout_spent += amount
        st.emit("remove_clout", "{_amount} Clout removed from {_label}.", _amount=amount,
                _label=st.logged_label(space))


class TierBonus(Ability):
    """Accountant Jacqueline: each other Employee you control on her Tier gains `amount`."""

    kind = "tier_bonus"

    def targets(self, st: SquidIncState, task: AbilityTask) -> list[int]:
        here = self.here(st, task)
        tier = st.geo.tier_spaces[st.geo.tier_of[here]]
        return [s for s in tier if s != here and st.owner[s] == task["player"]]

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return bool(self.targets(st, task))

    def start(self, st: SquidIncState, task: AbilityTask) -> None:
        amount = self.param(st, task, "amount")
        for space in self.targets(st, task):
            st.add_clout(st.game.space_actions[Pick][space], amount)


class ReplaceFromMailroom(Ability):
    """Bella the Temp: discard her (her Clout is lost); an Employee from your Mailroom takes her
    space with its Clout."""

    kind = "replace_from_mailroom"
    questions = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return bool(st.mailrooms[task["player"]])

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        return st.mailroom_picks([task["player"]])

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        seat, slot = st.mailroom_named(action)
        card, clout = st.mailrooms[seat].pop(slot)
        replace_actor(st, task, card, clout)


class ReplaceFromLine(Ability):
    """Cardi the Temp: discard her; an Employee from the Unemployed Line takes her space."""

    kind = "replace_from_line"
    questions = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return bool(st.line)

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        return st.line_picks()

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        card = take_from_line(st, action)
        replace_actor(st, task, card, 0)


def replace_actor(st: SquidIncState, task: AbilityTask, card: int, clout: int) -> None:
    space = st.board.index(task["actor"])
    temp, _owner, lost = wp.lift(st, space)
    st.dismissed.append(temp)
    st.clout_spent += lost
    wp.put(st, space, card, task["player"], clout)
    st.entered.append(card)
    st.emit("temp", "{_temp} leaves; {_employee} takes {_space}.", _temp=st.piece_name(temp),
            _employee=st.piece_name(card), _space=st.geo.names[space])


class DiscardFromLine(Ability):
    kind = "discard_from_line"
    questions = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return bool(st.line)

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        return st.line_picks()

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        card = take_from_line(st, action)
        st.dismissed.append(card)
        st.emit("discard", "{_employee} is discarded from the Unemployed Line.",
                _employee=st.piece_name(card))


class HireFromLine(Ability):
    kind = "hire_from_line"
    questions = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return bool(st.line) and (len(st.mailrooms[task["player"]])
                                  < st.game.data.mailroom_capacity)

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        if len(st.mailrooms[task["player"]]) >= st.game.data.mailroom_capacity:
            return []
        return st.line_picks()

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        card = take_from_line(st, action)
        st.mailrooms[task["player"]].append([card, 0])
        st.emit("headhunt", "{_employee} goes to {_seat:name}'s Mailroom.",
                _employee=st.piece_name(card), _seat=task["player"])


class PromoteByBump(Ability):
    """HR Agent: Promote itself by Bumping an Employee of lesser Clout Value on the next Tier
    (rulebook: "there must be an Employee on the next Tier to Demote. This is a Bump")."""

    kind = "promote_by_bump"
    moves = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return wp.can_rise(st, task["actor"], must_bump=True)

    def start(self, st: SquidIncState, task: AbilityTask) -> None:
        wp.promote(st, task["actor"], must_bump=True)


class TakeControlAdjacent(Ability):
    """Poacher: take control of an adjacent Employee another player controls."""

    kind = "take_control_adjacent"
    questions = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        actor = task["actor"]
        if actor not in st.board:
            return False
        player, owner = task["player"], st.owner
        return any(owner[s] not in (-1, player) for s in st.geo.neighbours[st.board.index(actor)])

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        return self.picks(st, [s for s in self.adjacent(st, task)
                               if st.owner[s] not in (-1, task["player"])])

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        space = st.space_named(action)
        st.emit("poach", "{_label} now works for {_seat:name}.", _label=st.logged_label(space),
                _seat=task["player"])
        st.owner[space] = task["player"]


class Copier(Ability):
    """Use another Employee's ability as if this Employee had it (never a copier's nor a
    passive one: `copyable`)."""

    questions = 1  # whose ability; then the copied ability's own (length.py adds them)

    def sources(self, st: SquidIncState, task: AbilityTask) -> list[tuple[str, int]]:
        """(action, employee index) for each Employee whose ability may be copied."""
        return []

    def source_types(self, st: SquidIncState, task: AbilityTask) -> list[int]:
        """The employee indices of sources(), without their actions."""
        return []

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return any(copyable(st, task, emp) for emp in self.source_types(st, task))

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        return [action for action, emp in self.sources(st, task) if copyable(st, task, emp)]

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        emp = dict(self.sources(st, task))[action]
        copied = ability_task(task["actor"], emp, task["player"], task["paid"])
        st.emit("copy", "{_employee} uses the ability of {_copied}.",
                _employee=st.piece_name(task["actor"]), _copied=st.game.data.employees[emp].name)
        ABILITIES[st.game.data.employees[emp].ability].start(st, copied)


def copyable(st: SquidIncState, task: AbilityTask, emp: int) -> bool:
    kind = st.game.data.employees[emp].ability
    if kind in PASSIVE_KINDS or kind in COPY_KINDS:
        return False
    copied = ability_task(task["actor"], emp, task["player"], task["paid"])
    return can_use(st, copied, st.clout[st.board.index(task["actor"])])


class CopyFromMailroom(Copier):
    kind = "copy_from_mailroom"

    def sources(self, st: SquidIncState, task: AbilityTask) -> list[tuple[str, int]]:
        return [(st.game.pick_mailroom_actions[seat][slot], st.type_of(card))
                for seat in range(st.num_players)
                for slot, (card, _clout) in enumerate(st.mailrooms[seat])]

    def source_types(self, st: SquidIncState, task: AbilityTask) -> list[int]:
        return [st.type_of(card) for room in st.mailrooms for card, _clout in room]


class CopyAdjacent(Copier):
    kind = "copy_adjacent"

    def sources(self, st: SquidIncState, task: AbilityTask) -> list[tuple[str, int]]:
        return [(st.game.space_actions[Pick][s], st.type_of(st.board[s]))
                for s in self.adjacent(st, task)]

    def source_types(self, st: SquidIncState, task: AbilityTask) -> list[int]:
        return [st.type_of(st.board[s]) for s in self.adjacent(st, task)]


class CloutToMailroom(Ability):
    """Placement Agent: put `amount` Clout on an Employee in your Mailroom."""

    kind = "clout_to_mailroom"
    questions = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return bool(st.mailrooms[task["player"]])

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        return st.mailroom_picks([task["player"]])

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        st.add_clout(action, self.param(st, task, "amount"))


class PromoteSelfOrAdjacent(Ability):
    """Middle Manager: Promote itself or an adjacent Employee."""

    kind = "promote_self_or_adjacent"
    questions = 1
    moves = 1

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        if task["actor"] not in st.board:
            return False
        return wp.can_rise(st, task["actor"]) or any(
            wp.can_rise(st, st.board[s]) for s in self.adjacent(st, task))

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        if task["actor"] not in st.board:
            return []
        spaces = [self.here(st, task), *self.adjacent(st, task)]
        return self.picks(st, [s for s in spaces if wp.can_rise(st, st.board[s])])

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        wp.promote(st, st.board[st.space_named(action)])


class GiveCloutAdjacent(Ability):
    """Walinda (free): move any number of the Clout on her onto one adjacent Employee."""

    kind = "give_clout_adjacent"
    questions = 2

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return spare > 0 and self.any_adjacent(st, task)

    def options(self, st: SquidIncState, task: AbilityTask) -> list[str]:
        if task["stage"] == 0:
            return self.picks(st, self.adjacent(st, task))
        held = min(st.clout[self.here(st, task)], st.game.data.largest_amount)
        return st.game.amount_actions[1:held + 1]

    def choose(self, st: SquidIncState, task: AbilityTask, action: str) -> None:
        if task["stage"] == 0:
            task["picks"].append(action)
            task["stage"] = 1
            st.push(ability, **task)  # the ability goes on to its next question
            return
        amount = st.amount_named(action)
        st.clout[self.here(st, task)] -= amount
        st.clout[st.space_named(task["picks"][0])] += amount
        st.emit("give", "{_employee} moves {_amount} Clout to {_label}.",
                _employee=st.piece_name(task["actor"]), _amount=amount,
                _label=st.logged_label(st.space_named(task["picks"][0])))


class Passive(Ability):
    """Deedra, Sam and the Security Guard are never activated (the turn steps read them)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def usable(self, st: SquidIncState, task: AbilityTask, spare: int) -> bool:
        return False


ABILITIES: dict[str, Ability] = {
    a.kind: a for a in (
        FloatAdjacent(), DemoteAdjacent(), TransferClout(), PromoteSelf(), SwapWithMailroom(),
        DismissOpponent(), DemoteOpponents(), RemoveClout(), TierBonus(), ReplaceFromMailroom(),
        ReplaceFromLine(), DiscardFromLine(), HireFromLine(), PromoteByBump(),
        TakeControlAdjacent(), CopyFromMailroom(), CopyAdjacent(), CloutToMailroom(),
        PromoteSelfOrAdjacent(), GiveCloutAdjacent(),
        *(Passive(kind) for kind in sorted(PASSIVE_KINDS)),
    )
}


def can_use(st: SquidIncState, task: AbilityTask, spare: int) -> bool:
    """Whether the ability in `task` may be used by its actor, `spare` Clout left after paying:
    the Tier rule of its data, then the kind's own condition."""
    emp = st.game.data.employees[task["emp"]]
    if emp.tiers is not None and st.geo.tier_of[st.board.index(task["actor"])] not in emp.tiers:
        return False
    return ABILITIES[emp.ability].usable(st, task, spare)


def ability(st: SquidIncState, actor: int, emp: int, player: int, stage: int,
            picks: list[str], paid: int) -> None:
    """An ability's next question (with one option, taken at once; with none, a target has
    vanished and the ability ends). `decide` written out, so that the kind's options and
    choice are given the one AbilityTask built here."""
    task: AbilityTask = {"actor": actor, "emp": emp, "player": player, "stage": stage,
                         "picks": picks, "paid": paid}
    kind = ABILITIES[st.game.data.employees[emp].ability]
    options = kind.options(st, task)
    if len(options) > 1:
        st.ask_found(st.current, ABILITY, options, dict(task))
    elif options:
        kind.choose(st, task, options[0])


def ability_options(st: SquidIncState, seat: int, **task: Unpack[AbilityTask]) -> list[str]:
    return ABILITIES[st.game.data.employees[task["emp"]].ability].options(st, task)


def ability_chosen(st: SquidIncState, seat: int, choice: str,
                   **task: Unpack[AbilityTask]) -> None:
    ABILITIES[st.game.data.employees[task["emp"]].ability].choose(st, task, choice)


def ability_prompt(st: SquidIncState, seat: int, **task: Unpack[AbilityTask]) -> str:
    emp = st.game.data.employees[task["emp"]]
    return f"{st.piece_name(task['actor'])}: {_(emp.text)}"


ABILITY = Question(ability_prompt, ability_options, ability_chosen, name="ability")
STEPS = (ability,)
QUESTIONS = (ABILITY,)

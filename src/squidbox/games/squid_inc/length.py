"""A bound on the decisions of one game of Squid, Inc., from the rules as implemented and the
data file (`SquidInc.max_game_length`; docs/research.md). Not tight: a real bound of every
legal game (tests/games/squid_inc/test_length.py plays random games against each factor).

decisions <= turns x decisions a turn + Security Guard cards drawn, where

- turns: every turn takes a card from the Unemployed Line, and a card enters the line at most
  once a pass through the deck (it leaves the Dismissed pile for the deck only when the deck
  and the line are both empty). Passes: the first deck, at most `reshuffle_limit`
  reshuffles before the board fills, and the one more the rulebook's endgame note may owe.
- a Security Guard card drawn asks for one placement, and each is drawn once a pass.
- a turn: choose (1), keep or Dismiss (1), place the Clout (at most 3: whom, split or not, how
  much), bring each Employee of a full Mailroom in (a question and its move each), activate
  Employees (each at most once a turn, and each was in the Workplace when the step began, as
  one entering later counts as just placed: so at most one a space; one question, and its
  ability, each) and end (1).
- a move (Promote, Demote, Float, Dismiss, entering): at most one choice of its own and the
  fall of a piece it lifts. A falling piece lands or Bumps one of lesser Clout Value, who
  falls in turn from the Tier below: at most one landing a Tier, then one Security Guard
  placed when one falls off the bottom (a Guard never Bumps, so that ends it).
- an ability: its kind's questions and moves (abilities.py); a copier asks whose ability,
  then uses any ability but a copier's.
"""

from __future__ import annotations

from .abilities import ABILITIES, Copier
from .board import Geometry
from .data import PASSIVE_KINDS, SquidIncData


def deck_passes(data: SquidIncData) -> int:
    return 1 + data.reshuffle_limit + 1


def most_turns(data: SquidIncData) -> int:
    employee_cards = len(data.card_types()) - data.guard_cards
    return employee_cards * deck_passes(data)


def most_fall(geo: Geometry) -> int:
    """Decisions a lifted piece's fall may ask: a landing a Tier, then a Security Guard."""
    return len(geo.tier_spaces) + 1


def most_move(geo: Geometry) -> int:
    return 1 + most_fall(geo)


def most_questions_and_moves(data: SquidIncData, emp: int) -> tuple[int, int]:
    """The ability questions and the moves using Employee `emp`'s ability may take; a copier's
    are its own question and the most of any ability it may copy."""
    employee = data.employees[emp]
    kind = ABILITIES[employee.ability]
    if not isinstance(kind, Copier):
        return kind.most_questions(employee.params), kind.most_moves(employee.params)
    copyable = [most_questions_and_moves(data, other) for other, e in enumerate(data.employees)
                if e.ability not in PASSIVE_KINDS and not isinstance(ABILITIES[e.ability], Copier)]
    return (kind.questions + max((q for q, _m in copyable), default=0),
            max((m for _q, m in copyable), default=0))


def most_ability(data: SquidIncData, geo: Geometry, emp: int) -> int:
    """Decisions using Employee `emp`'s ability may take (the "use" question not counted)."""
    questions, moves = most_questions_and_moves(data, emp)
    return questions + moves * most_move(geo)


def most_in_a_turn(data: SquidIncData, geo: Geometry) -> int:
    """Decisions of one turn, the Security Guard cards it draws not counted."""
    ability = max(most_ability(data, geo, emp) for emp in range(len(data.employees)))
    choose_keep_and_clout = 1 + 1 + 3
    bring = data.mailroom_capacity * (1 + most_move(geo))
    activate = geo.size * (1 + ability) + 1
    return choose_keep_and_clout + bring + activate


def max_game_length(data: SquidIncData, geo: Geometry) -> int:
    return (most_turns(data) * most_in_a_turn(data, geo)
            + data.guard_cards * deck_passes(data))

"""An ability's `usable` (asked at every decision, so answered without building option strings)
says exactly whether its first question would list anything: for every kind whose rule is just
that, at positions of seeded games, for every Employee on the board as the one using it (as a
copier would), `usable` agrees with `options`. The HR Agent's agrees with its Promotion's."""

from __future__ import annotations

import random

from squidbox.games.squid_inc import workplace as wp
from squidbox.games.squid_inc.abilities import ABILITIES, Ability, ability_task

from .positions import DATA, GAME, position

# The kinds with a rule of their own (not "its first question lists something").
OWN_RULE = {"promote_self", "demote_opponents", "tier_bonus", "give_clout_adjacent",
            "promote_by_bump", "none", "dismiss_bonus", "hire_discount"}
KINDS = sorted({e.ability for e in DATA.employees} - OWN_RULE)
EMPLOYEE_OF = {e.ability: index for index, e in enumerate(DATA.employees)}


def positions(games: int = 6, every: int = 3):
    yield position({"1A1": ("Lumbergh", "Y", 0), "1B1": ("Sam", "P", 0)})  # empty Mailrooms
    for seed in range(games):
        players = 2 + seed % 3
        options = {"float_direction": "choose"} if seed % 2 else {}
        state, rng = GAME.new_game(players, seed, options), random.Random(seed)
        while not state.is_terminal():
            if len(state.history) % every == 0:
                yield state
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(sorted(state.legal_actions(seat))))


def test_usable_says_whether_the_first_question_lists_anything():
    checked = {kind: [0, 0] for kind in KINDS}  # kind: [usable, not usable]
    for state in positions():
        for space, piece in enumerate(state.board):
            owner = state.owner[space]
            if owner < 0:
                continue
            for kind in KINDS:
                task = ability_task(piece, EMPLOYEE_OF[kind], owner, 1)
                usable = ABILITIES[kind].usable(state, task, state.clout[space])
                assert usable == Ability.usable(ABILITIES[kind], state, task, 0), (kind, task)
                checked[kind][0 if usable else 1] += 1
            task = ability_task(piece, EMPLOYEE_OF["promote_by_bump"], owner, 1)
            assert ABILITIES["promote_by_bump"].usable(state, task, 0) == bool(
                wp.rise_options(state, owner, piece=piece, must_bump=True))
    seen_both = [kind for kind, (yes, no) in checked.items() if yes and no]
    assert set(seen_both) == set(KINDS), checked  # each kind both usable and not, somewhere

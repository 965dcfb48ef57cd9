"""Setup, the three steps of a turn, the deck, the endgame and the tie-breaks."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from squidbox.games.squid_inc.scoring import winners
from squidbox.games.squid_inc.state import ACTIVATE, CHOOSE, OVER

from .positions import GAME, at, play, position

YELLOW, PURPLE = 0, 1
ALL_SPACES = list(GAME.geo.names)


def test_a_security_guard_dealt_at_setup_is_replaced_and_shuffled_back():
    state = GAME.new_game(2, seed=3)
    guard_card = next(c for c in range(42) if state.is_guard(c))
    others = [c for c in range(42) if not state.is_guard(c)]
    state.mailrooms = [[], []]
    state.deck = others[:10] + [guard_card]  # the Guard is the top card
    state._deal_mailrooms()
    dealt = [c for room in state.mailrooms for c, _ in room]
    assert len(dealt) == 4 and not any(state.is_guard(c) for c in dealt)
    assert guard_card in state.deck and len(state.deck) == 11 - 4


def test_the_first_player_has_the_most_clout_in_the_mailroom():
    firsts = set()
    for seed in range(40):
        state = GAME.new_game(3, seed=seed)
        totals = [sum(state.value_of(c) for c, _ in room) for room in state.mailrooms]
        assert totals[state.first_player] == max(totals)
        assert all(not state.is_guard(c) for room in state.mailrooms for c, _ in room)
        while state.task():  # a Guard card drawn for the line: the first player places it
            assert state.task()["t"] == "guard" and state.current == state.first_player
            state.apply(state.first_player, state.legal_actions(state.first_player)[0])
        assert len(state.line) == 3 and sum(len(r) for r in state.mailrooms) == 6
        firsts.add(state.first_player)
    assert firsts == {0, 1, 2}


def test_clout_may_be_split_between_one_mailroom_and_one_workplace_employee():
    state = position({"1A1": ("Lumbergh", "Y", 0)}, line=["Reggie", "Poacher"], phase=CHOOSE,
                     mailrooms={"Y": [("Iris", 0), ("Phinny", 0)]})
    play(state, "take +1", "dismiss")
    assert state.legal_actions(YELLOW) == ["clout M1", "clout M2", "clout 1A1"]
    play(state, "clout M1", "split 1A1")
    assert state.legal_actions(YELLOW) == ["amount 1", "amount 2", "amount 3", "amount 4"]
    play(state, "amount 2")
    assert at(state, "1A1") == ("Lumbergh", "Y", 2) and state.mailrooms[YELLOW][0][1] == 3


def test_a_full_mailroom_forces_a_dismissal():
    state = position(line=["Reggie", "Poacher"], phase=CHOOSE,
                     mailrooms={"Y": [("Iris", 0), ("Phinny", 0), ("Esther", 0)]})
    play(state, "take +0")
    # "mailroom" is not open to Yellow: the Dismissal is forced, the Clout waits for a place.
    assert state.legal_actions(YELLOW) == ["clout M1", "clout M2", "clout M3"]
    assert state.dismissed and state.piece_name(state.dismissed[-1]) == "Poacher"


def test_bringing_in_is_mandatory_removes_exactly_the_cost_and_blocks_the_ability():
    state = position({"1B1": ("Iris", "P", 0), "1D2": ("Middle Manager", "Y", 2)},
                     line=["Reggie", "Poacher"], phase=CHOOSE,
                     mailrooms={"Y": [("Lumbergh", 4), ("Phinny", 0)]})
    play(state, "take +1", "dismiss", "clout M1", "all")  # Lumbergh: 4 + 5 = 9 >= 3
    assert state.legal_actions(YELLOW)[0] == "to 1A1"  # no choice but where
    play(state, "to 1A1")
    assert at(state, "1A1") == ("Lumbergh", "Y", 6)  # 9 - 3, the excess stays
    assert not state.endgame  # the board is far from full
    assert state.phase == ACTIVATE
    assert state.legal_actions(YELLOW) == ["use 1D2", "end"]  # Lumbergh just arrived


def test_several_eligible_employees_enter_in_the_order_chosen():
    state = position(line=["Reggie", "Poacher"], phase=CHOOSE,
                     mailrooms={"Y": [("Lumbergh", 3), ("Esther", 4)]})
    play(state, "take +1", "mailroom")
    assert state.legal_actions(YELLOW) == ["hire M1", "hire M2"]
    play(state, "hire M2", "to 1C1", "to 1D1")
    assert at(state, "1C1") == ("Esther", "Y", 0) and at(state, "1D1") == ("Lumbergh", "Y", 0)


def test_an_empty_line_and_deck_reshuffle_the_dismissed_pile():
    state = position({"1A1": ("Iris", "Y", 0)}, line=["Reggie"], deck=[], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 0)], "P": [("Phinny", 0)]})
    dismissed = len(state.dismissed)
    play(state, "take +1", "mailroom")  # Yellow's turn ends (nothing to activate)
    # Purple's turn begins with an empty line: the Dismissed pile becomes the deck.
    assert state.current == PURPLE and state.reshuffles == 1
    assert len(state.line) == 3 and state.dismissed == []
    assert len(state.deck) + len(state.line) == dismissed


def test_the_game_ends_after_the_reshuffle_limit_if_the_board_never_fills():
    state = position({"1A1": ("Iris", "Y", 0)}, line=["Reggie"], deck=[], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 0)]})
    state.reshuffles = GAME.data.reshuffle_limit
    assert state.end_reason() is None  # the game goes on
    play(state, "take +1", "mailroom")
    assert state.is_terminal() and state.phase == OVER
    assert state.end_reason() == "reshuffle_limit"
    state.reshuffles = 0  # ended by the house rule before its limit: the pile was empty
    assert state.end_reason() == "nothing_to_reshuffle"
    # The house rule says so in the log: it is not the rulebook's end.
    assert [e["type"] for e in state.log(None)][-2:] == ["house_rule_end", "game_over"]


def test_the_house_rule_limit_is_late_and_never_cuts_the_rulebooks_endgame():
    assert GAME.data.reshuffle_limit >= 5
    # One reshuffle short of the limit the rulebook's reshuffle still happens.
    state = position({"1A1": ("Iris", "Y", 0)}, line=["Reggie"], deck=[], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 0)]})
    state.reshuffles = GAME.data.reshuffle_limit - 1
    play(state, "take +1", "mailroom")
    assert not state.is_terminal() and state.reshuffles == GAME.data.reshuffle_limit
    # In the endgame only the rulebook's end applies, with no house rule in the log.
    ended = position(full_board_but(), line=["Reggie"], deck=[], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 0)]})
    play(ended, "take +1", "mailroom")
    assert ended.is_terminal()
    assert "house_rule_end" not in [e["type"] for e in ended.log(None)]


def full_board_but(*empty):
    """Every space taken by a Security Guard or a Purple Employee, except `empty`."""
    board = {s: "Guard" for s in ALL_SPACES[:GAME.data.guard_tiles]}
    fillers = [e.name for e in GAME.data.employees[:-1] for _ in range(e.copies)
               if e.name not in ("Esther", "Reggie", "Poacher", "Phinny", "Iris")]
    for space in ALL_SPACES[GAME.data.guard_tiles:]:
        board[space] = (fillers.pop(), "P", 0)
    for space in empty:
        del board[space]
    return board


def test_filling_the_last_space_starts_the_endgame_which_ends_with_deck_and_line():
    state = position(full_board_but("4A2"), line=["Reggie", "Poacher"], deck=[], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 3), ("Phinny", 0)], "P": [("Iris", 0)]})
    play(state, "take +1", "dismiss", "clout M1")  # Esther enters, Bumping a Guard…
    play(state, state.legal_actions(YELLOW)[0])
    assert state.endgame and not state.reshuffle_owed
    assert not state.is_terminal() and state.current == PURPLE
    assert state.end_reason() is None  # the endgame has begun, the game is not over
    play(state, "mailroom")  # Purple takes the last card (forced) and keeps it
    assert state.is_terminal()  # deck and line empty after the endgame: the game ends
    assert state.end_reason() == "board_full"
    assert state.returns() in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])


def test_a_move_into_the_last_empty_space_that_frees_another_is_no_endgame():
    board = full_board_but("2C2")
    board["1A1"] = ("Phinny", "Y", 4)
    state = position(board)
    play(state, "use 1A1")  # her first step takes 2C2 (forced) and frees 1A1
    assert at(state, "2C2") == ("Phinny", "Y", 0) and at(state, "1A1") is None
    assert not state.endgame


def test_filled_by_the_last_line_card_the_deck_is_reshuffled_once_more():
    state = position(full_board_but("4A2"), line=["Reggie"], deck=[], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 3), ("Phinny", 0)]})
    state.reshuffles = GAME.data.reshuffle_limit  # the software safety limit does not apply
    play(state, "take +1", "dismiss", "clout M1")
    play(state, state.legal_actions(YELLOW)[0])
    assert state.endgame and state.reshuffle_owed is False
    assert state.reshuffles == GAME.data.reshuffle_limit + 1
    assert not state.is_terminal() and state.line  # the rulebook's note: play on


def test_ties_go_to_workplace_employees_then_mailroom_employees_then_share():
    base = {"1A1": ("Lumbergh", "Y", 0), "1B1": ("HR Agent", "P", 0)}
    assert winners(position(base)) == [YELLOW, PURPLE]
    more_staff = {"1A1": ("Lumbergh", "Y", 0), "1B1": ("Middle Manager", "P", 0),
                  "1C1": ("Director of Hiring", "P", 0)}
    assert winners(position(more_staff)) == [PURPLE]
    mailroom = position(base, mailrooms={"Y": [("Iris", 0)]})
    assert winners(mailroom) == [YELLOW]
    shared = position(base)
    shared.stack, shared.pending = [], None  # the game is over
    assert shared.returns() == [0.5, 0.5]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_random_games_keep_the_turn_rules(seed, players):
    """Mandatory Bring: no Mailroom Employee of the mover has its Clout once abilities start;
    the game ends only with deck and line empty; scores follow the scoring formula."""
    state = GAME.new_game(players, seed=seed)
    chooser = random.Random(seed)
    while not state.is_terminal():
        seat = state.to_move()[0]
        if state.phase == ACTIVATE and not state.task() and not state.used:
            room = state.mailrooms[seat]
            assert all(k < state.hire_cost(seat, c) for c, k in room)
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert not state.deck and not state.line
    for seat in range(players):
        expected = sum(state.value_of(state.board[s]) * GAME.geo.multipliers[GAME.geo.tier_of[s]]
                       + state.clout[s] for s in state.own_spaces(seat))
        assert state.scores()[seat] == expected

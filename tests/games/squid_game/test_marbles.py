"""MARBLES: pairing up, a lone token survives, own pairs, Odd Even, Closest to the Wall."""

from .positions import PINK, RED, WHITE, single, step, texts


def test_pairing_in_turn_and_the_lone_token_survives():
    state = single("marbles", [[325, 1], [21], [349]])
    assert state.to_move() == [WHITE]
    assert state.legal_actions(WHITE) == ["token 1", "token 325"]  # which token: White's call
    state.apply(WHITE, "token 325")
    state.apply(WHITE, "alone")  # White 325 stands alone
    state.apply(PINK, "token 325")  # Pink 021 pairs with it
    state.apply(RED, "alone")  # Red 349 alone
    state.apply(WHITE, "alone")  # White 001 alone
    # Pink has nothing left to place; Red is out of tokens but has a single (349): on its
    # turn it must pair it with the other single, White 001.
    assert state.to_move() == [RED]
    assert state.legal_actions(RED) == ["token 1"]
    state.apply(RED, "token 1")
    assert step(state) == "select"
    assert [g for g in state.g["groups"] if g] == [[325, 21], [1, 349]]


def test_a_token_nobody_can_pair_with_survives():
    state = single("marbles", [[325], [21], [17]])
    state.apply(WHITE, "alone")
    state.apply(PINK, "token 325")
    state.apply(RED, "alone")
    assert "Red 017 survives: no token is left to pair with." in texts(state)
    assert state.to_move() == [WHITE]  # the first player selects a pair first


def paired(seed=0):
    state = single("marbles", [[325], [21], [17]], seed=seed)
    state.apply(WHITE, "alone")
    state.apply(PINK, "token 325")
    state.apply(RED, "alone")
    state.apply(WHITE, "token 325")
    state.apply(WHITE, "odd even")
    return state


def test_odd_even_is_chosen_in_secret_and_a_right_guess_wins():
    state = paired()
    assert state.to_move() == [WHITE, PINK]
    state.apply(PINK, "guess odd")
    assert "Pink has guessed." in texts(state)
    duels = {seat: state.view(seat)["state"]["game"]["duel"] for seat in (WHITE, PINK, RED, None)}
    assert duels[PINK]["my_guess"] == "odd" and duels[PINK]["guessed"]  # the guesser's own
    assert "my_guess" not in duels[WHITE] and "my_guess" not in duels[RED]
    assert duels[WHITE]["my_hide"] is None and "my_hide" not in duels[PINK]
    assert duels[None]["guessed"] and "my_guess" not in duels[None]
    state.apply(WHITE, "hide 1")
    assert state.bank == [[325], [], []] and state.is_terminal()


def test_odd_even_a_wrong_guess_loses():
    state = paired()
    state.apply(WHITE, "hide 2")
    state.apply(PINK, "guess odd")
    assert state.bank == [[], [21], []]


def test_an_own_pair_keeps_one_token_and_loses_the_other():
    state = single("marbles", [[325, 1], [21], [349]])
    state.apply(WHITE, "token 325")
    state.apply(WHITE, "alone")
    state.apply(PINK, "alone")
    state.apply(RED, "token 21")
    state.apply(WHITE, "token 325")  # White 001 pairs with its own 325
    state.apply(WHITE, "token 1")  # select the pair
    assert state.legal_actions(WHITE) == ["token 1", "token 325"]
    state.apply(WHITE, "token 325")
    assert state.bank[WHITE] == [1] and 325 in state.team[WHITE]


def test_closest_to_the_wall_the_opponent_rolls_first_and_off_the_table_loses():
    outcomes = set()
    for seed in range(40):
        state = single("marbles", [[325], [21], [17]], seed=seed)
        state.apply(WHITE, "alone")
        state.apply(PINK, "token 325")
        state.apply(RED, "alone")
        state.apply(WHITE, "token 325")
        state.apply(WHITE, "wall")
        assert state.to_move() == [PINK]
        state.apply(PINK, "roll hard")
        log = texts(state)
        if "Pink rolls hard: off the table!" in log:
            assert state.bank[PINK] == [21] and state.is_terminal()
            outcomes.add("off")
            continue
        assert state.to_move() == [WHITE]
        state.apply(WHITE, "roll soft")
        while not state.is_terminal():  # equal distances roll again
            state.apply(state.to_move()[0], state.legal_actions(state.to_move()[0])[0])
        outcomes.add("rolled")
        assert len(state.bank[WHITE] + state.bank[PINK]) == 1
    assert outcomes == {"off", "rolled"}


def test_you_choose_which_token_to_place_and_which_single_to_pair_up():
    # "Take turns placing a token ... When you are out of tokens to place, if you have a token
    # by itself, pair it up with another single token." Which token is the player's call: here
    # White keeps its 325 as the single nobody can pair with, so 325 survives.
    state = single("marbles", [[1, 69, 325], [21], [349]])
    assert state.legal_actions(WHITE) == ["token 1", "token 69", "token 325"]
    state.apply(WHITE, "token 325")
    state.apply(WHITE, "alone")
    state.apply(PINK, "alone")
    state.apply(RED, "alone")
    state.apply(WHITE, "token 1")
    state.apply(WHITE, "alone")
    assert state.legal_actions(PINK) == ["token 1", "token 325", "token 349"]
    state.apply(PINK, "token 349")  # Pink, out of tokens, pairs its single 021 with Red 349
    assert state.legal_actions(WHITE) == ["alone", "token 1", "token 325"]
    state.apply(WHITE, "alone")  # White 069, its last token
    # White is out of tokens with three singles: it chooses which to pair up, then with whom.
    assert state.legal_actions(WHITE) == ["token 1", "token 69", "token 325"]
    state.apply(WHITE, "token 1")
    assert state.legal_actions(WHITE) == ["token 69", "token 325"]
    state.apply(WHITE, "token 69")
    assert "White 325 survives: no token is left to pair with." in texts(state)
    assert [g for g in state.g["groups"] if g] == [[325], [349, 21], [69, 1]]

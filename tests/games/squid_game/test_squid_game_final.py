"""SQUID GAME (the sixth game): the rulebook's round walkthrough and the winning rules."""

from squidbox.games.squid_game.squid_game import SAFE, SQUARE, speed_token_holder

from .positions import (
    BLUE,
    GAME,
    GREEN,
    PINK,
    RED,
    WHITE,
    YELLOW,
    play_cards,
    reached,
    single,
    texts,
)


def walkthrough_position():
    """Before the pictured round: White 325, Green 056, Pink 021 and Blue 240 (space 3) in the
    Triangle; Yellow 068, Blue 067 and Red 349 in the Square; Green 107 in the Safe Zone.
    Blue holds the Speed Token, so White is the first stabber clockwise from it."""
    state = single("squid_game", [[325], [21], [349], [68], [56, 107], [67, 240]])
    state.g.update(to_place=[], round=1, speed=BLUE)
    state.g["at"] = {"325": 5, "56": 2, "21": 1, "240": 3, "68": SQUARE, "67": SQUARE,
                     "349": SQUARE, "107": SAFE}
    play_cards(state)
    return state


def test_the_rulebook_round_walkthrough():
    state = walkthrough_position()
    for seat, card in [(BLUE, "block"), (WHITE, "stab"), (PINK, "stab"), (YELLOW, "push"),
                       (GREEN, "move"), (RED, "move")]:
        assert card in state.legal_actions(seat)
        state.apply(seat, card)
    log = texts(state)
    # 2.a White 325 stabs and eliminates Green 056.
    assert "Green 056 is eliminated: stabbed by White." in log
    # 2.b Pink can only stab Blue 240, who blocked: Pink 021 is eliminated instead.
    assert "Pink 021 is eliminated: it stabbed at a blocking player." in log
    assert 240 in state.team[BLUE]
    # 3 Yellow 068 pushes and eliminates the blocking Blue 067.
    assert "Blue 067 is eliminated: pushed out of the court by Yellow." in log
    # 4 Green moves 107 to the Square; Red moves 349 to 1 in the Triangle.
    assert "Green 107 moves to the Square." in log
    assert "Red 349 moves to space 1 of the Triangle." in log
    # The round ends: Blue 240 advances to 4 and Red 349 to 2.
    at = state.g["at"]
    assert at["240"] == 4 and at["349"] == 2 and at["107"] == SQUARE
    assert state.team[PINK] == [] and state.bank[PINK] == [21]
    assert state.g["speed"] == WHITE  # the Speed Token passes clockwise
    assert state.g["round"] == 2 and state.to_move() == [WHITE, RED, YELLOW, GREEN, BLUE]


def test_stabs_resolve_before_pushes_and_moves_from_the_speed_token_clockwise():
    state = walkthrough_position()
    state.g["speed"] = PINK  # now Pink stabs before White
    for seat, card in [(BLUE, "block"), (WHITE, "stab"), (PINK, "stab"), (YELLOW, "push"),
                       (GREEN, "move"), (RED, "move")]:
        state.apply(seat, card)
    # Pink goes first and may stab Green 056, who is not blocking: no forced death for Pink.
    assert 21 in state.team[PINK]
    assert "Green 056 is eliminated: stabbed by Pink." in texts(state)
    # White then finds only the blocking Blue 240 and dies instead.
    assert state.bank[WHITE] == [325]


def test_the_speed_token_goes_to_the_fewest_tokens_then_the_highest_token():
    # Pink and Red have one token each; Pink's 021 beats Red's 017.
    assert speed_token_holder([[1, 69], [21], [17]]) == PINK
    assert speed_token_holder([[1], [21, 70], [17, 44]]) == WHITE


def test_a_token_leaving_space_8_reaches_the_squid_head_and_wins():
    state = single("squid_game", [[325], [21], [349]])
    state.g.update(to_place=[], round=1, speed=WHITE)
    state.g["at"] = {"325": 8, "21": 8, "349": SAFE}
    play_cards(state)
    state.apply(WHITE, "move")
    state.apply(PINK, "block")
    state.apply(RED, "move")
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.bank[PINK] == [21] and state.bank[RED] == [349]  # every other token is out


def test_the_end_of_round_advance_stops_at_space_8():
    state = single("squid_game", [[325], [21], [349]])
    state.g.update(to_place=[], round=1, speed=WHITE)
    state.g["at"] = {"325": 8, "21": 7, "349": SAFE}
    play_cards(state)
    for seat in (WHITE, PINK, RED):
        state.apply(seat, "block")
    assert state.g["at"] == {"325": 8, "21": 8, "349": SAFE}
    assert not state.is_terminal()


def test_the_last_team_standing_wins():
    state = single("squid_game", [[325], [21], [349]])
    state.g.update(to_place=[], round=1, speed=WHITE)
    state.g["at"] = {"325": SQUARE, "21": SQUARE, "349": SAFE}
    play_cards(state)
    # White stabs Pink; Red is the only other team and it is in the Safe Zone.
    state.apply(WHITE, "stab")
    state.apply(PINK, "move")
    assert not state.is_terminal()
    state.apply(RED, "move")
    assert state.bank[PINK] == [21]
    state.g["at"]["349"] = SQUARE
    state._legal = {}
    state.apply(WHITE, "stab")
    state.apply(RED, "move")
    assert state.is_terminal() and state.returns() == [1.0, 0.0, 0.0]


def test_safe_zone_tokens_cannot_be_stabbed_or_pushed():
    state = single("squid_game", [[325], [21], [349]])
    state.g.update(to_place=[], round=1, speed=WHITE)
    state.g["at"] = {"325": SQUARE, "21": SAFE, "349": SAFE}
    play_cards(state)
    state.apply(WHITE, "stab")
    state.apply(PINK, "block")
    state.apply(RED, "block")
    assert "White has nobody to stab." in texts(state)
    assert state.bank == [[], [], []]


def test_placement_one_token_of_your_choice_in_the_square_the_rest_safe():
    state = single("squid_game", [[325, 1], [21], [349, 17]])
    assert state.to_move() == [WHITE, RED]  # Pink's only token goes to the Square at once
    assert state.g["at"]["21"] == SQUARE
    assert state.g["speed"] == PINK  # the fewest tokens
    state.apply(WHITE, "token 1")
    state.apply(RED, "token 349")
    assert state.g["at"] == {"325": SAFE, "1": SQUARE, "21": SQUARE, "349": SQUARE, "17": SAFE}
    assert state.to_move() == [WHITE, PINK, RED]  # now everyone plays a card


def test_a_snapshot_with_the_cards_outside_the_stack_loads_mid_round():
    """As the release that kept the revealed cards still to resolve in g["queue"] wrote it."""
    state = reached({"game": "squid_game", "tokens": 3}, 4, lambda s: (
        s.pending["kind"] == "squid_game_choose"
        and any(f[0] == "squid_game_card" for f in s.stack)))
    old = state.to_json()
    fields = old["state"]
    cards = [args for name, args in fields["stack"] if name == "squid_game_card"]
    fields["stack"] = [frame for frame in fields["stack"]
                       if frame[0] not in ("squid_game_card", "squid_game_end_round")]
    fields["g"]["queue"] = [[args["seat"], args["card"]] for args in reversed(cards)]
    loaded = GAME.from_json(old, verify=True)
    assert loaded.to_json() == state.to_json()
    assert loaded.view(0)["state"]["game"]["queue"] == fields["g"]["queue"]

"""RED LIGHT GREEN LIGHT: the Doll, moves, eliminations, the 0 Push and the countdown."""

from .positions import GAME, PINK, RED, WHITE, YELLOW, play_cards, reached, single, texts

GREEN_LIGHT = 0  # the data file's first Doll card is a Green Light
RED_4_5 = 3  # Red Light showing 4 and 5


def field(at, doll, seats=3):
    """Tokens on lanes (0 = behind the starting line); `doll` is the next Doll card."""
    teams = [[] for _ in range(seats)]
    for token in at:
        teams[GAME.tokens.owner[token]].append(token)
    state = single("red_light_green_light", teams)
    g = state.g
    g["at"] = {str(t): lane for t, lane in at.items()}
    g["deck"] = [doll]
    g["discard"] = [c for c in range(len(GAME.data.doll_cards)) if c != doll]
    g.update(to_enter=[], played=[None] * seats)
    play_cards(state)
    return state


def test_a_0_push_eliminates_an_opponent_in_your_lane_after_everyone_moved():
    # White 325 waits in lane 3 with its 0 Push; Pink 021 moves from lane 2 into lane 3.
    state = field({325: 3, 21: 2, 349: 5}, doll=GREEN_LIGHT)
    state.apply(WHITE, "card 0")
    state.apply(PINK, "card 1")
    state.apply(RED, "card 1")
    assert state.g["at"]["325"] == 3  # the pusher does not move
    assert state.bank[PINK] == [21]
    assert "Pink 021 is eliminated: pushed by White's 0 Push." in texts(state)
    assert state.g["at"]["349"] == 6  # out of reach of lanes 3 and 4


def test_the_highest_token_on_the_board_pushes_first():
    # Yellow 366 and White 325 both push, both in lane 3: Yellow's higher token goes first
    # and pushes White's only token, so White has nothing left to push with.
    state = field({325: 3, 21: 1, 349: 8, 366: 3}, doll=GREEN_LIGHT, seats=4)
    for seat, card in [(WHITE, "card 0"), (PINK, "card 1"), (RED, "card 1"),
                       (YELLOW, "card 0")]:
        state.apply(seat, card)
    # Pink 021 moved into lane 2: out of Yellow's reach (lanes 3 and 4); only White is there.
    assert state.bank[WHITE] == [325]
    assert 366 in state.team[YELLOW] and 21 in state.team[PINK]
    assert "White has no token to push." in texts(state)


def test_a_token_behind_the_line_pushes_behind_the_line_or_in_lane_1():
    state = field({325: 0, 21: 0, 349: 2}, doll=GREEN_LIGHT)
    state.apply(WHITE, "card 0")
    state.apply(PINK, "card 1")
    state.apply(RED, "card 5")
    # Pink 021 moved to lane 1; Red 349 to lane 7. White may push Pink only.
    assert state.bank == [[], [21], []]


def test_choosing_among_several_push_targets():
    state = field({325: 3, 21: 4, 349: 3}, doll=GREEN_LIGHT)
    state.apply(WHITE, "card 0")
    state.apply(PINK, "card 0")
    state.apply(RED, "card 0")
    # Three pushers: White 325 < Red 349, Pink 021 lowest. Red pushes first and chooses.
    assert state.to_move() == [RED]
    assert state.legal_actions(RED) == ["token 21", "token 325"]


def test_red_light_eliminates_the_token_closest_to_the_doll():
    state = field({325: 6, 1: 2, 69: 0, 21: 3}, doll=RED_4_5)
    state.apply(WHITE, "card 5")
    state.apply(PINK, "card 3")
    assert state.bank[WHITE] == [325]  # closest to the Doll, not the one that "moved"
    assert state.g["at"]["1"] == 2 and state.g["at"]["69"] == 0  # White did not move
    assert state.g["at"]["21"] == 6
    assert "The Doll shows Red Light: 4, 5." in texts(state)


def test_a_caught_token_alone_behind_the_line_is_eliminated():
    state = field({325: 0, 21: 3}, doll=RED_4_5)
    state.apply(WHITE, "card 4")
    state.apply(PINK, "card 1")
    assert state.bank[WHITE] == [325]


def test_crossing_into_the_dolls_space_survives_and_the_timer_counts_down():
    state = field({325: 8, 21: 3}, doll=GREEN_LIGHT)
    state.apply(WHITE, "card 3")
    state.apply(PINK, "card 1")
    assert "White 325 survives: crossed into the Doll's space." in texts(state)
    assert 325 in state.team[WHITE] and "325" not in state.g["at"]
    # That was the last Doll card: the Timer counts down and the cards are reshuffled.
    assert state.g["timer"] == "05:00"
    assert len(state.g["deck"]) == len(GAME.data.doll_cards) and state.g["discard"] == []


def test_reaching_the_last_lane_is_not_yet_the_dolls_space():
    # "Any token that crosses into the Doll's space survives": lane 10 is still a lane.
    last = GAME.data.rlgl_lanes
    state = field({325: last - 2, 21: last - 3}, doll=GREEN_LIGHT)
    state.apply(WHITE, "card 2")  # 325 lands on the last lane
    state.apply(PINK, "card 4")  # 021 goes one lane past it
    assert state.g["at"].get("325") == last
    assert "21" not in state.g["at"] and 21 in state.team[PINK]
    assert "Pink 021 survives: crossed into the Doll's space." in texts(state)
    assert not any("White 325 survives" in text for text in texts(state))


def test_tokens_left_at_00_00_are_eliminated():
    state = field({325: 8, 21: 3, 1: -1}, doll=GREEN_LIGHT)
    state.g["timer"] = "05:00"
    state.apply(WHITE, "card 1")
    state.apply(PINK, "card 1")
    assert state.is_terminal()
    assert state.bank[WHITE] == [1, 325] and state.bank[PINK] == [21]


def test_each_round_a_waiting_token_steps_behind_the_line():
    state = single("red_light_green_light", [[1, 69], [21], [17]])
    assert state.to_move() == [WHITE]  # White picks which of two tokens enters
    state.apply(WHITE, "token 69")
    assert state.g["at"] == {"1": -1, "69": 0, "21": 0, "17": 0}
    assert state.to_move() == [WHITE, PINK, RED]


def test_a_snapshot_with_the_pushes_outside_the_stack_loads_mid_push():
    """As the release that kept the 0 Pushes still to play in g["pushers"] wrote it: the one
    choosing its target first, under one frame that went through them."""
    state = reached({"game": "red_light_green_light", "tokens": 4}, 4, lambda s: (
        s.pending["kind"] == "rlgl_push" and any(f[0] == "rlgl_push" for f in s.stack)))
    old = state.to_json()
    fields = old["state"]
    waiting = [args["seat"] for name, args in reversed(fields["stack"]) if name == "rlgl_push"]
    fields["stack"] = [["rlgl_push", {}]]
    fields["g"]["pushers"] = [state.pending["seat"], *waiting]
    loaded = GAME.from_json(old, verify=True)
    assert loaded.to_json() == state.to_json()
    assert loaded.view(0)["state"]["game"]["pushers"] == fields["g"]["pushers"]

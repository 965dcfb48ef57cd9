"""GLASS BRIDGE: the rulebook's chain reaction, choosing sides, the 0 Push, the VIPs."""

from squidbox.games.squid_game.glass_bridge import strips_needed

from .positions import GAME, PINK, RED, WHITE, play_cards, reached, single, step, texts

LEFT, RIGHT = 0, 1
FRONT, TILE_1, TILE_2, TILE_3, FAR = 5, 6, 7, 8, 9  # one strip of 6 positions, 3 tiles


def bridge(at, broken, revealed, timer="15:00"):
    """White 325, Pink 021, Red 349: the bridge built, cells as above."""
    state = single("glass_bridge", [[325], [21], [349]])
    g = state.g
    g.update(bridge_side="right", round=1, timer=timer,
             tiles=list(broken), revealed=list(revealed), spots=[None] * 6)
    g["at"] = {str(t): cell for t, cell in at.items()}
    play_cards(state)
    return state


def test_the_number_of_strips_and_tiles_follows_the_survivors():
    assert [strips_needed(n, 6) for n in (1, 6, 7, 12, 13, 19, 24)] == [1, 1, 2, 2, 3, 4, 4]
    state = single("glass_bridge", [[325, 1], [21, 70], [349, 17], [68]])
    assert len(state.g["spots"]) == 12 and len(state.g["tiles"]) == 7


def test_the_rulebook_chain_reaction():
    # Red plays 3 but stops after one step: two tokens already stand on tile 1.
    state = bridge({349: FRONT, 325: TILE_1, 21: TILE_1}, broken=[LEFT, RIGHT, LEFT],
                   revealed=[True, False, False])
    state.apply(WHITE, "card 1")
    state.apply(PINK, "card 2")
    state.apply(RED, "card 3")
    assert state.to_move() == [RED]  # Red chooses which of the two to push
    assert state.legal_actions(RED) == ["token 21", "token 325"]
    state.apply(RED, "token 325")
    # White 325 is pushed onto tile 2: as it is White's token, White picks the side.
    assert state.to_move() == [WHITE]
    assert state.legal_actions(WHITE) == ["side left", "side right"]
    state.apply(WHITE, "side left")
    assert "White 325 leaps to the left of tile 2: tempered glass." in texts(state)
    assert state.g["at"]["349"] == TILE_1 and state.g["at"]["325"] == TILE_2


def test_a_chain_reaction_onto_broken_glass_eliminates_the_pushed_token():
    state = bridge({349: FRONT, 325: TILE_1, 21: TILE_1}, broken=[LEFT, RIGHT, LEFT],
                   revealed=[True, False, False])
    for seat, card in [(WHITE, "card 1"), (PINK, "card 2"), (RED, "card 3")]:
        state.apply(seat, card)
    state.apply(RED, "token 21")
    state.apply(PINK, "side right")
    assert state.bank[PINK] == [21]
    assert "Pink 021 is eliminated: fell through broken glass." in texts(state)


def test_the_highest_card_moves_first_then_clockwise():
    state = bridge({349: FRONT, 325: 4, 21: 3}, broken=[LEFT, LEFT, LEFT],
                   revealed=[False, False, False])
    for seat, card in [(WHITE, "card 2"), (PINK, "card 5"), (RED, "card 1")]:
        state.apply(seat, card)
    movers = state.view(None)["state"]["game"]["movers"]
    assert movers == [[RED, 1], [WHITE, 2]]  # Pink first, then Red, then White
    assert state.to_move() == [PINK]  # Pink's token reaches tile 1: it picks a side


def test_a_token_crossing_the_bridge_ends_its_move_and_the_next_mover_is_asked():
    # Pink (the highest card) crosses from tile 3; Red, next clockwise, picks a token to move.
    state = single("glass_bridge", [[325], [21], [349, 17]])
    state.g.update(bridge_side="right", round=1, timer="15:00", tiles=[LEFT] * 3,
                   revealed=[True] * 3, spots=[None] * 6)
    state.g["at"] = {"325": FRONT, "21": TILE_3, "349": 3, "17": 4}
    play_cards(state)
    for seat, card in [(WHITE, "card 1"), (PINK, "card 2"), (RED, "card 1")]:
        state.apply(seat, card)
    assert "Pink 021 survives: crossed the Glass Bridge." in texts(state)
    assert state.to_move() == [RED] and state.legal_actions(RED) == ["token 17", "token 349"]
    assert state.view(WHITE)["state"]["game"]["motion"] is None  # no move under way any more


def test_a_0_push_needs_a_token_sharing_your_position():
    state = bridge({325: FRONT, 349: FRONT, 21: 2}, broken=[LEFT, LEFT, LEFT],
                   revealed=[False, False, False])
    for seat, card in [(WHITE, "card 0"), (PINK, "card 1"), (RED, "card 1")]:
        state.apply(seat, card)
    # Red and Pink tie on 1; Red's token is closer to the bridge, so Red moves first, onto
    # tile 1, and picks the side. White's token is then alone: nothing to push.
    assert state.to_move() == [RED]
    state.apply(RED, "side right")
    assert "White has no token to push." in texts(state)
    # Pink moved from 2 to 3; the next round's slide closes the gap behind the front.
    assert state.g["at"] == {"325": FRONT, "349": TILE_1, "21": FRONT - 1}


def test_the_0_push_lets_the_pusher_choose_the_side():
    # Red 349 shares the front position with White 325; Red's 0 Push sends White onto tile 1.
    state = bridge({325: FRONT, 349: FRONT, 21: 2}, broken=[LEFT, LEFT, LEFT],
                   revealed=[False, False, False])
    for seat, card in [(WHITE, "card 0"), (PINK, "card 1"), (RED, "card 0")]:
        state.apply(seat, card)
    # Pink moves first (highest card); then Red (clockwise), who pushes White and picks.
    assert state.to_move() == [RED]
    assert state.legal_actions(RED) == ["side left", "side right"]
    state.apply(RED, "side left")
    assert state.bank[WHITE] == [325]
    assert "White 325 is eliminated: fell through broken glass." in texts(state)


def test_the_vips_cut_the_timer_when_the_last_tile_is_revealed_early():
    state = bridge({325: TILE_2, 349: FRONT, 21: 4}, broken=[LEFT, LEFT, RIGHT],
                   revealed=[True, True, False], timer="10:00")
    state.g["hands"] = [[1], [1, 3], [1, 2]]
    for seat, card in [(WHITE, "card 1"), (PINK, "card 3"), (RED, "card 2")]:
        state.apply(seat, card)
    # Pink 021 walks onto tile 2; Red 349 follows, finds it full and pushes a token onto the
    # last tile, revealing it at 10:00.
    while step(state) == "choose":
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.g["revealed"] == [True, True, True]
    assert state.g["timer"] == "05:00"
    assert any("the VIPs get bored" in t for t in texts(state))
    assert state.g["hands"] == [[0, 1, 2, 3, 4, 5]] * 3  # all cards back at the end of the round


def test_tokens_still_on_the_bridge_at_00_00_are_eliminated():
    state = bridge({325: TILE_1, 349: FRONT, 21: FRONT}, broken=[LEFT, LEFT, RIGHT],
                   revealed=[True, False, False], timer="05:00")
    state.g["hands"] = [[0], [0], [0]]  # the last cards before the Timer runs out
    for seat in (WHITE, PINK, RED):
        state.apply(seat, "card 0")
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.team == [[], [], []]
    assert any("at 00:00" in t for t in texts(state))


def test_you_choose_which_of_your_tokens_claims_a_mannequin():
    # "Take turns placing a token above a mannequin": White sends its 001, not its 325, to
    # the first mannequin.
    state = single("glass_bridge", [[325, 1], [21], [349]])
    assert state.legal_actions(WHITE) == ["token 1", "token 325"]
    state.apply(WHITE, "token 1")
    assert state.legal_actions(WHITE) == [f"spot {k}" for k in range(1, 7)]
    state.apply(WHITE, "spot 1")
    assert state.g["spots"][0] == 1
    state.apply(PINK, "spot 2")
    state.apply(RED, "spot 3")
    assert state.legal_actions(WHITE) == ["spot 4", "spot 5", "spot 6"]  # 325 is the last
    state.apply(WHITE, "spot 6")
    assert state.g["spots"] == [1, 21, 349, None, None, 325]


def test_the_vips_cut_in_the_round_of_the_last_cards_replaces_the_countdown():
    # Same round as above, but these are everyone's last cards: the VIPs set 05:00 and the
    # cards come back; the Timer does not also count down to 00:00.
    state = bridge({325: TILE_2, 349: FRONT, 21: 4}, broken=[LEFT, LEFT, RIGHT],
                   revealed=[True, True, False], timer="10:00")
    state.g["hands"] = [[1], [3], [2]]
    for seat, card in [(WHITE, "card 1"), (PINK, "card 3"), (RED, "card 2")]:
        state.apply(seat, card)
    while step(state) == "choose":
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.g["timer"] == "05:00" and not state.is_terminal()
    assert state.g["hands"] == [[0, 1, 2, 3, 4, 5]] * 3


def as_written_with_moves_in_g(doc):
    """A snapshot as the release that kept Glass Bridge's moves outside the stack wrote it: the
    seats still to move in g["movers"], the moving token in g["motion"], a side asked by the
    token choice question."""
    fields = doc["state"]
    turns = [args for name, args in fields["stack"] if name == "glass_bridge_turn"]
    fields["stack"] = [frame for frame in fields["stack"]
                       if frame[0] not in ("glass_bridge_turn", "glass_bridge_end_round")]
    fields["g"]["movers"] = [[args["seat"], args["value"]] for args in reversed(turns)]
    fields["g"]["motion"] = None
    pending = fields["pending"]
    if pending["kind"] == "glass_bridge_leap":
        args = pending["args"]
        fields["g"]["motion"] = {"token": args["token"], "steps": args["steps"],
                                 "chooser": pending["seat"]}
        fields["pending"] = {"seat": pending["seat"], "kind": "glass_bridge_choose",
                             "args": {"kind": "side", "options": [], "value": 0}}
    return doc


def test_a_snapshot_with_the_moves_outside_the_stack_loads_mid_move():
    for kind in ("glass_bridge_choose", "glass_bridge_leap"):
        state = reached({"game": "glass_bridge", "tokens": 4}, 4,
                        lambda s, kind=kind: s.pending["kind"] == kind)
        old = as_written_with_moves_in_g(state.to_json())
        assert "movers" in old["state"]["g"]
        loaded = GAME.from_json(old, verify=True)
        assert loaded.to_json() == state.to_json()
        assert loaded.view(0) == state.view(0)

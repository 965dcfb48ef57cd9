"""Each trick of the rulebook ("So funktionieren die Tricks") and the windows it is played in."""

from .positions import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    call,
    pass_window,
    position,
    tokens,
    trick,
    under_guard,
)

SIX = "R1 B1 G1 R2 B2 G2"


def names(state, seat):
    return [state.trick_name(t) for t in state.hands[seat]]


# ---- (a) during the call ----------------------------------------------------------------------
def test_zeige_2_counts_plus_2_and_is_discarded_only_after_the_call():
    state = position(SIX, players=3, guard="R1", hands={RED: ["Zeige 2"]},
                     guard_pile=["Leeres Magazin"])
    assert "play Zeige 2" in state.legal_actions(RED)
    state.apply(RED, "play Zeige 2")
    assert names(state, RED) == ["Zeige 2"]  # still in the fist until "Sieg"
    assert state.trick_discard == []
    state.apply(BLUE, "vote 1")
    state.apply(GREEN, "vote 0")
    assert state.last_call == [2, 1, 0]
    assert under_guard(state) == "R2"  # 3 clockwise from R1
    assert state.trick_discard == [trick("Zeige 2")] and state.hands[RED] == []


def test_zeige_minus_1_can_move_the_guard_backwards():
    state = position(SIX, players=3, guard="R1", hands={BLUE: ["Zeige −1"]},
                     guard_pile=["Leeres Magazin"])
    call(state, 0, "play Zeige −1", 0)
    assert state.last_call == [0, -1, 0]
    assert under_guard(state) == "G2"  # one step counter-clockwise, round the end of the list
    assert state.log(None)[-2]["text"] == (
        "Round 1, the call: Red 0, Blue -1 (Zeige −1), Green 0; "
        "the guard moves 1 counter-clockwise to Green 2.")


def test_zeige_minus_1_can_cancel_a_finger_so_the_guard_stays():
    state = position(SIX, players=3, guard="B1", hands={BLUE: ["Zeige −1"]},
                     guard_pile=["Leeres Magazin"])
    call(state, 1, "play Zeige −1", 0)
    assert under_guard(state) == "B1"


def test_two_zeige_minus_1_move_the_guard_two_back():
    state = position(SIX, players=3, guard="G1", hands={RED: ["Zeige −1"], GREEN: ["Zeige −1"]},
                     guard_pile=["Leeres Magazin"])
    call(state, "play Zeige −1", 0, "play Zeige −1")
    assert under_guard(state) == "R1"


def test_a_call_trick_is_offered_only_with_the_card_in_hand():
    state = position(SIX, players=3, guard="R1", hands={RED: ["Zeige 2", "Zweite Chance"]})
    assert state.legal_actions(RED) == ["vote 0", "vote 1", "play Zeige 2"]
    assert state.legal_actions(BLUE) == ["vote 0", "vote 1"]


# ---- (b) after the guard has moved ------------------------------------------------------------
def test_zum_naechsten_charakter_moves_the_guard_on_and_the_action_applies_there():
    state = position(SIX, players=3, guard="R1", hands={RED: ["Zum nächsten Charakter"]},
                     guard_pile=["POW"])
    call(state, 0, 0, 0)
    assert state.asking == RED
    assert state.legal_actions(RED) == ["play Zum nächsten Charakter", "pass"]
    state.apply(RED, "play Zum nächsten Charakter")
    assert tokens(state) == "R1 G1 R2 B2 G2"  # the POW hit Blue 1 instead of Red 1
    assert under_guard(state) == "G1"


def test_zum_naechsten_charakter_can_be_chained_by_several_players():
    state = position(SIX, players=3, guard="R1", guard_pile=["POW"],
                     hands={RED: ["Zum nächsten Charakter"], BLUE: ["Zum nächsten Charakter"]})
    call(state, 0, 0, 0)
    state.apply(RED, "play Zum nächsten Charakter")  # to Blue 1: Blue is asked first now
    assert state.asking == BLUE
    state.apply(BLUE, "play Zum nächsten Charakter")  # to Green 1
    assert tokens(state) == "R1 B1 R2 B2 G2"


def test_one_player_may_play_several_tricks_in_a_window():
    state = position(SIX, players=3, guard="R1", guard_pile=["POW"],
                     hands={RED: ["Zum nächsten Charakter", "Zum nächsten Charakter"],
                            GREEN: ["Zeige 2"]})
    call(state, 0, 0, 0)
    state.apply(RED, "play Zum nächsten Charakter")  # to Blue 1; Blue holds nothing
    assert state.asking == GREEN
    state.apply(GREEN, "pass")
    assert state.asking == RED  # Red may play again
    state.apply(RED, "play Zum nächsten Charakter")  # to Green 1
    assert state.asking == GREEN
    state.apply(GREEN, "pass")
    pass_window(state)  # Green may answer the POW, and passes
    assert tokens(state) == "R1 B1 R2 B2 G2"


def test_schnelles_spiel_repeats_until_a_character_is_eliminated():
    state = position(SIX, players=3, guard="R1",
                     hands={RED: ["Schnelles Spiel"]},
                     guard_pile=["Leeres Magazin", "Neuer Trick", "POW"],
                     trick_pile=["Zweite Chance"])
    call(state, 0, 0, 0)
    state.apply(RED, "play Schnelles Spiel")
    # B1 Leeres Magazin, on to G1 Neuer Trick (Green draws), on to R2 POW: the loop stops.
    texts = [e["text"] for e in state.log(None)]
    assert "Blue reveals Leeres Magazin for Blue 1." in texts
    assert "Green reveals Neuer Trick for Green 1." in texts
    assert "Red reveals POW for Red 2." in texts
    assert names(state, GREEN) == ["Zweite Chance"]
    pass_window(state)  # Green, holding a trick now, may answer the POW
    assert tokens(state) == "R1 B1 G1 B2 G2" and under_guard(state) == "B2"
    assert state.phase == "call" and state.round == 2 and not state.quick_game


def test_schnelles_spiel_opens_a_window_c_after_every_reveal_of_the_loop():
    state = position(SIX, players=3, guard="R1",
                     hands={RED: ["Schnelles Spiel"], YELLOW: [], GREEN: ["Zweite Chance"]},
                     guard_pile=["Leeres Magazin", "POW", "Leeres Magazin", "POW"])
    call(state, 0, 0, 0)
    state.apply(RED, "play Schnelles Spiel")  # to Blue 1
    state.apply(GREEN, "pass")  # window (b) closes: Leeres Magazin for Blue 1
    assert state.phase == "after_reveal" and state.asking == GREEN
    state.apply(GREEN, "pass")  # on to Green 1: POW
    assert under_guard(state) == "G1" and state.quick_game
    state.apply(GREEN, "play Zweite Chance")  # Green redraws: Leeres Magazin, on to R2: POW
    assert tokens(state) == "R1 B1 G1 B2 G2"
    assert state.phase == "call"


def test_the_schnelles_spiel_loop_gets_no_new_window_b():
    state = position(SIX, players=3, guard="R1", guard_pile=["Leeres Magazin", "POW"],
                     hands={RED: ["Schnelles Spiel"], BLUE: ["Zum nächsten Charakter"]})
    call(state, 0, 0, 0)
    state.apply(RED, "play Schnelles Spiel")  # to Blue 1; Blue is asked
    state.apply(BLUE, "pass")
    # Leeres Magazin for Blue 1, then straight on to Green 1 and the next draw: only window (c)
    # opens in between, where Blue's (b) trick does not fit.
    assert state.revealed is not None and state.legal_actions(BLUE) == ["pass"]
    state.apply(BLUE, "pass")
    assert under_guard(state) == "G1" and state.phase == "after_reveal"
    assert state.legal_actions(BLUE) == ["pass"]
    state.apply(BLUE, "pass")
    assert tokens(state) == "R1 B1 R2 B2 G2"
    assert names(state, BLUE) == ["Zum nächsten Charakter"]


# ---- (c) after a guard action is revealed -----------------------------------------------------
def test_zweite_chance_lets_you_redraw_your_own_pow():
    state = position(SIX, players=3, guard="R1", hands={RED: ["Zweite Chance"]},
                     guard_pile=["POW", "Leeres Magazin"])
    call(state, 0, 0, 0)
    state.apply(RED, "pass")  # window (b)
    assert state.revealed is not None and state.phase == "after_reveal"
    state.apply(RED, "play Zweite Chance")
    assert tokens(state) == SIX  # POW ignored, Leeres Magazin spares Red 1
    assert [state.guard_action_name(a) for a in state.guard_discard] == ["POW", "Leeres Magazin"]
    assert "Red plays Zweite Chance: POW is ignored." in [e["text"] for e in state.log(None)]


def test_zweite_chance_makes_another_player_draw_again():
    state = position(SIX, players=3, guard="R1", hands={RED: ["Zweite Chance"]},
                     guard_pile=["Leeres Magazin", "POW"])
    call(state, 0, 1, 0)  # to Blue 1
    state.apply(RED, "pass")
    state.apply(RED, "play Zweite Chance")  # Blue's lucky draw is ignored
    texts = [e["text"] for e in state.log(None)]
    assert texts.count("Blue reveals Leeres Magazin for Blue 1.") == 1
    assert "Blue reveals POW for Blue 1." in texts
    assert tokens(state) == "R1 G1 R2 B2 G2"


def test_a_new_reveal_opens_a_new_window_c():
    state = position(SIX, players=3, guard="R1", guard_pile=["POW", "POW", "Leeres Magazin"],
                     hands={RED: ["Zweite Chance"], BLUE: ["Zweite Chance"]})
    call(state, 0, 0, 0)
    pass_window(state)
    state.apply(RED, "play Zweite Chance")  # POW ignored; new draw: POW again
    assert state.asking == BLUE  # Red holds no more tricks; Blue may answer the new reveal
    state.apply(BLUE, "play Zweite Chance")  # ignored again: Leeres Magazin
    assert tokens(state) == SIX


# ---- the asking order -------------------------------------------------------------------------
def test_the_owner_under_the_guard_is_asked_first_then_clockwise():
    state = position("R1 B1 G1 Y1", players=4, guard="R1", guard_pile=["Leeres Magazin"],
                     hands={RED: ["Zeige 2"], BLUE: ["Zweite Chance"], GREEN: ["Zeige 2"],
                            YELLOW: ["Zum nächsten Charakter"]})
    call(state, 0, 0, 1, 1)  # guard to Green 1
    asked = []
    while state.phase == "after_move":
        asked.append(state.asking)
        state.apply(state.asking, "pass")
    assert asked == [GREEN, YELLOW, RED, BLUE]


def test_a_player_without_a_fitting_trick_is_still_asked_and_may_only_pass():
    state = position(SIX, players=3, guard="R1", hands={BLUE: ["Zeige 2"]})
    call(state, 0, 0, 0)
    assert state.to_move() == [BLUE]
    assert state.legal_actions(BLUE) == ["pass"]


def test_every_pass_in_a_window_is_logged_in_public():
    state = position(SIX, players=3, guard="R1", guard_pile=["Leeres Magazin"],
                     hands={RED: ["Zeige 2"], GREEN: ["Zweite Chance"]})
    call(state, 0, 0, 0)
    state.apply(RED, "pass")
    state.apply(GREEN, "pass")  # window (b) closes: the guard action is revealed
    texts = [e["text"] for e in state.log(BLUE)]
    assert texts[-3:] == ["Red passes.", "Green passes.", "Red reveals Leeres Magazin for Red 1."]
    assert state.log(None)[-3] == {"type": "pass", "text": "Red passes.", "seat": RED,
                                   "named_seats": [RED]}


def test_players_without_tricks_are_not_asked():
    state = position(SIX, players=3, guard="R1", hands={GREEN: ["Zweite Chance"]},
                     guard_pile=["Leeres Magazin"])
    call(state, 0, 0, 0)
    assert state.eligible() == [False, False, True]  # in the game and holding a trick
    assert state.asking == GREEN
    state.apply(GREEN, "pass")
    assert state.phase == "after_reveal" and state.asking == GREEN


def test_a_trick_reopens_the_window_to_everyone_who_passed():
    state = position(SIX, players=3, guard="R1", guard_pile=["Leeres Magazin"],
                     hands={RED: ["Zeige 2"], BLUE: ["Zum nächsten Charakter"],
                            GREEN: ["Zeige 2"]})
    call(state, 0, 0, 0)
    state.apply(RED, "pass")
    state.apply(BLUE, "play Zum nächsten Charakter")  # to Blue 1: Blue asked first
    assert state.passed == [False, False, False]
    assert state.asking == GREEN  # Blue has no trick left
    state.apply(GREEN, "pass")
    assert state.asking == RED  # Red passed before the change and is asked again

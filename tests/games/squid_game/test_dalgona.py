"""DALGONA: placement, drawing at least one card, Crack!, advancing and Kicking the Lighter."""

from squidbox.games.squid_game import dalgona
from squidbox.games.squid_game.dalgona import DALGONA

from .positions import PINK, RED, WHITE, asked_now, single, texts

CIRCLE, TRIANGLE, STAR, UMBRELLA, CRACK = range(5)


def mid_turn(at, deck, drawn=(TRIANGLE,)):
    """White's turn, already drawn `drawn`; `deck` lists the next cards, next one first."""
    state = single("dalgona", [[325, 1], [21], [349]])
    g = state.g
    g["at"] = {str(t): list(place) for t, place in at.items()}
    g.update(placing=[], order=[WHITE, PINK, RED], turn=0)
    rest = [c for c in sorted(DALGONA.full_deck(state)) if c not in drawn]
    for card in deck:
        rest.remove(card)
    g["deck"] = rest + list(reversed(deck))
    g["drawn"] = list(drawn)
    asked_now(state)
    if drawn:
        state.ask(WHITE, dalgona.POKE)  # draw again or stop
    return state


def test_placing_all_your_tokens_in_turn():
    state = single("dalgona", [[325, 1], [21], [349]])
    assert state.to_move() == [WHITE]  # most tokens
    state.apply(WHITE, "shape star")
    assert state.to_move() == [WHITE]  # all your tokens, then the next player
    state.apply(WHITE, "shape circle")
    assert state.to_move() == [PINK]
    assert state.g["at"] == {"1": [STAR, 0], "325": [CIRCLE, 0], "21": None, "349": None}


def test_a_turn_starts_with_a_compulsory_draw():
    state = single("dalgona", [[325], [21], [349]])
    assert state.g["order"] == [RED, WHITE, PINK]  # Red 349 is the highest token
    for seat in (RED, WHITE, PINK):
        state.apply(seat, "shape star")
    # Red's turn began with one card drawn for it; Crack! first would already end it.
    drawn = [e for e in state.log(None) if e["type"] == "draw"]
    assert drawn and drawn[0]["seat"] == RED


def test_crack_after_the_first_card_eliminates_one_of_your_tokens():
    state = mid_turn({325: (CIRCLE, 1), 1: (STAR, 0), 21: (CIRCLE, 0), 349: (STAR, 2)},
                     deck=[CRACK])
    state.apply(WHITE, "draw")
    assert state.to_move() == [WHITE]
    assert state.legal_actions(WHITE) == ["token 1", "token 325"]
    state.apply(WHITE, "token 1")
    assert state.bank[WHITE] == [1]
    assert state.to_move() == [PINK] or state.g["turn"] == 1


def test_crack_as_the_first_card_eliminates_an_opponents_token():
    state = mid_turn({325: (CIRCLE, 1), 21: (CIRCLE, 0), 349: (STAR, 2)}, deck=[CRACK],
                     drawn=())
    dalgona.draw(state, WHITE)  # the compulsory first draw of White's turn
    state._legal = {}
    assert state.legal_actions(WHITE) == ["token 21", "token 349"]
    state.apply(WHITE, "token 349")
    assert state.bank == [[], [], [349]]


def test_a_shape_advances_your_token_and_out_of_the_last_section_it_survives():
    state = mid_turn({325: (CIRCLE, 2), 21: (CIRCLE, 0), 349: (STAR, 2)}, deck=[CIRCLE])
    state.apply(WHITE, "draw")
    assert "White 325 survives: completed the circle." in texts(state)
    assert 325 in state.team[WHITE]
    # White has no token left on the board: the turn is over.
    assert state.g["turn"] >= 1


def test_kick_the_lighter_advances_another_players_token():
    state = mid_turn({325: (CIRCLE, 1), 21: (STAR, 0), 349: (STAR, 1)}, deck=[STAR])
    state.apply(WHITE, "draw")
    assert state.legal_actions(WHITE) == ["token 21", "token 349"]
    state.apply(WHITE, "token 349")
    assert state.g["at"]["349"] == [STAR, 2]
    assert "White Kicks the Lighter." in texts(state)
    assert state.legal_actions(WHITE) == ["draw", "stop"]


def test_unfinished_dalgonas_at_00_00_are_eliminated():
    state = mid_turn({325: (CIRCLE, 1), 21: (STAR, 0), 349: (STAR, 1)}, deck=[])
    state.g["timer"] = "05:00"
    state.g["turn"] = 2
    state.g["order"] = [PINK, RED, WHITE]
    state.apply(WHITE, "stop")
    assert state.is_terminal()
    assert state.bank == [[325], [21], [349]]

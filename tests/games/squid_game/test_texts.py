"""What the log and the buttons say: the recruited token, how the final was won, Tug of War
cards in words, Glass Bridge plurals, Red Light moves before survivals, Marbles partners."""

from squidbox.games.squid_game import campaign
from squidbox.games.squid_game.results import results

from .positions import GAME, PINK, RED, WHITE, asked_now, play_cards, single, step, texts
from .test_red_light_green_light import GREEN_LIGHT, field
from .test_tug_of_war import A, B, battle


def test_the_recruit_line_names_the_recruited_token_not_the_highest():
    state = GAME.new_game(3, seed=1)
    for _ in range(7):
        for seat in range(3):
            state.apply(seat, state.legal_actions(seat)[-1])
    pink = list(GAME.tokens.of_seat(PINK))  # ascending
    state.team[PINK], state.reserve[PINK], state.bank[PINK] = pink[-2:], pink[:1], pink[1:-2]
    state.g = {}
    asked_now(state)
    campaign.finish_game(state)  # the first game is over: Pink's one spare joins
    assert state.team[PINK] == sorted([pink[0], *pink[-2:]])
    assert f"Pink recruits {pink[0]:03d}, its last token." in texts(state)
    state.check_invariants()


def final(at, teams=([325], [21], [349])):
    from squidbox.games.squid_game.squid_game import SAFE, SQUARE
    state = single("squid_game", [list(team) for team in teams])
    state.g.update(to_place=[], round=1, speed=WHITE)
    state.g["at"] = {key: {"square": SQUARE, "safe": SAFE}.get(value, value)
                     for key, value in at.items()}
    play_cards(state)
    return state


def test_the_end_text_says_how_the_final_was_won():
    state = final({"325": 8, "21": 8, "349": "safe"})
    for seat, action in ((WHITE, "move"), (PINK, "block"), (RED, "move")):
        state.apply(seat, action)
    assert results(state).tie_break == ("White's token reached the Squid Head first. Out in "
                                        "this order: Pink and Red together; the later out "
                                        "ranks higher.")
    state = final({"325": "square", "21": "square", "349": "safe"})
    for seat, action in ((WHITE, "stab"), (PINK, "move"), (RED, "move")):
        state.apply(seat, action)
    state.g["at"]["349"] = final({"349": "square"}).g["at"]["349"]
    state._legal = {}
    state.apply(WHITE, "stab")
    state.apply(RED, "move")
    assert state.is_terminal() and "White is the only team left." in texts(state)
    assert results(state).tie_break == ("White was the only team left in the final Squid "
                                        "Game. Out in this order: Pink, then Red; the later "
                                        "out ranks higher.")


def test_tokens_left_at_the_squid_head_are_eliminated_by_the_winner_not_by_a_won_game():
    """Every other token goes, the winner's teammates too: the line says who reached the
    Squid Head, never "the game is won" about the winning team's own tokens."""
    state = final({"325": 8, "1": "safe", "21": 8, "349": "safe"}, teams=([325, 1], [21], [349]))
    for seat, action in ((WHITE, "move"), (PINK, "block"), (RED, "move"), (WHITE, "token 325")):
        state.apply(seat, action)
    lines = texts(state)
    assert "White 001 is eliminated: White 325 reached the Squid Head." in lines
    assert "Pink 021 is eliminated: White 325 reached the Squid Head." in lines
    assert not any("the game is won" in line for line in lines)


def test_tug_of_war_cards_are_written_in_words():
    state = battle({1: A, 69: A, 21: B, 70: B, 17: 2})
    for seat, cards in ((WHITE, (3, 1)), (PINK, (0, 2)), (RED, (5,))):
        for card in cards:
            state.apply(seat, f"play {card} on {'ABC'[seat]}")
    assert "A vs B: cards 3 and 1 against 0 and 2, totals 4–2, 1 zero; team B wins." in texts(
        state)


def test_the_glass_bridge_counts_strips_and_tiles_in_words():
    state = single("glass_bridge", [[325], [21], [349]])
    line = next(t for t in texts(state) if "mannequin" in t)
    assert line.startswith("3 tokens: 1 mannequin strip, ") and "(s)" not in line
    state = single("glass_bridge", [[325, 1, 69], [21, 70], [349, 17], [68]])
    line = next(t for t in texts(state) if "mannequin" in t)
    assert line.startswith("8 tokens: 2 mannequin strips, ")


def test_a_red_light_move_is_logged_with_its_tokens_before_they_survive():
    state = field({325: 8, 21: 3}, doll=GREEN_LIGHT)
    state.apply(WHITE, "card 3")
    state.apply(PINK, "card 1")
    lines = texts(state)
    moved = lines.index("White moves 3 lanes (325→Doll).")
    assert moved < lines.index("White 325 survives: crossed into the Doll's space.")


def label(state, seat, action):
    return GAME.action_label(state.view(seat), action)


def test_marbles_buttons_name_the_partner_never_the_token_itself():
    state = single("marbles", [[325, 1], [21], [349]])
    state.apply(WHITE, "token 325")
    state.apply(WHITE, "alone")
    assert label(state, PINK, "token 325") == "White 325 (single)"
    state.apply(PINK, "token 325")  # Pink 021 pairs up with White 325
    state.apply(RED, "alone")
    state.apply(WHITE, "alone")
    state.apply(RED, "token 1")
    assert step(state) == "select"
    assert label(state, WHITE, "token 325") == "White 325 (paired with Pink 021)"
    assert label(state, WHITE, "token 1") == "White 001 (paired with Red 349)"

"""A turn, the end of a round and the end of the game, rule by rule."""

import random

import pytest

from .positions import GAME, position

TWO = ["Red", "Blue"]
SYMBOLS_2P = """
    D H T D H
    T D H T D
    H T D H T
"""


def test_placing_on_an_empty_tile_or_your_own_takes_one_cube():
    state = position("""
        R . . . .
        . . . . .
        . . . . .
    """, colours=TWO, symbols=SYMBOLS_2P, hands={0: ["Drop", "Drop"], 1: ["Hammers"]}, current=0)
    supply = state.supply[0]
    state.apply(0, "place A1")  # own tile: reinforced
    assert (state.owner[0], state.cubes[0], state.supply[0]) == (0, 2, supply - 1)


@pytest.mark.parametrize("defending", [1, 2, 3])
def test_taking_a_tile_costs_one_cube_more_than_the_opponent_has_and_returns_theirs(defending):
    state = position(f"""
        B{defending} . . . .
        . . . . .
        . . . . .
    """, colours=TWO, symbols=SYMBOLS_2P, hands={0: ["Drop"], 1: ["Hammers"]}, current=0)
    red, blue = state.supply
    state.apply(0, "place A1")
    assert (state.owner[0], state.cubes[0]) == (0, defending + 1)
    assert state.supply == [red - defending - 1, blue + defending]


def test_a_tile_you_cannot_afford_is_not_offered():
    # Red has 10 cubes on the board, 2 left: Blue's 2-cube Drop tile would cost 3.
    state = position("""
        B2 R5 R5 . .
        . . . . .
        . . . . .
    """, colours=TWO, symbols="D H T D H  T D H T D  H T D H T".replace("  ", " "),
        hands={0: ["Drop"]}, current=0)
    assert state.supply[0] == 2
    legal = state.legal_actions(0)
    assert "place A1" not in legal
    assert {"place D1", "place B2", "place C3"} <= set(legal)


def test_a_tile_costing_exactly_the_cubes_left_is_offered_and_uses_them_all():
    # Red has 9 cubes on the board, 3 left: Blue's 2-cube Drop tile costs exactly 3.
    state = position("""
        B2 R5 R4 . .
        . . . . .
        . . . . .
    """, colours=TWO, symbols=SYMBOLS_2P, hands={0: ["Drop"], 1: ["Hammers"]}, current=0)
    assert state.supply[0] == 3
    assert "place A1" in state.legal_actions(0)
    state.apply(0, "place A1")
    assert (state.owner[0], state.cubes[0], state.supply) == (0, 3, [0, 12])


def test_with_no_tile_holding_more_cubes_than_the_supply_a_dearer_tile_is_still_refused():
    # Red has 2 cubes left and no tile holds more than 2, yet Blue's 2-cube tile costs 3.
    state = position("""
        B2 R2 R2 . R2
        R2 . R2 . .
        . . . . .
    """, colours=TWO, symbols=SYMBOLS_2P, hands={0: ["Drop"]}, current=0)
    assert state.supply[0] == 2
    assert state.legal_actions(0) == ["place D1", "place B2", "place E2", "place C3"]


def test_a_card_that_can_place_no_cube_is_played_without_effect():
    state = position("""
        R2 R2 R2 R2 R2
        R2 . . . .
        . . . . .
    """, colours=TWO, symbols=SYMBOLS_2P, hands={0: ["Drop", "Hammers"], 1: ["Drop"]},
        current=0)
    assert state.supply[0] == 0
    assert state.legal_actions(0) == ["discard Drop", "discard Hammers"]
    before = [list(hand) for hand in state.hands]
    state.apply(0, "discard Drop")
    assert sum(state.hands[0]) == sum(before[0]) - 1
    assert state.discard[0] == 1
    assert state.log(1)[-1]["text"] == "Red plays Drop and can place no cube."


def test_a_dead_card_may_be_discarded_while_another_card_can_still_place():
    # Red has 2 cubes left; every Drop tile is Blue's with 2 cubes (cost 3): Drop is dead.
    state = position("""
        B2 R5 R5 B2 .
        .  B2 .  .  B2
        .  .  B2 .  .
    """, colours=TWO, symbols=SYMBOLS_2P, hands={0: ["Drop", "Hammers"]}, current=0)
    assert state.supply == [2, 2]
    assert state.legal_actions(0) == [
        "place B1", "place E1", "place C2", "place A3", "place D3", "discard Drop"]


def test_excess_cubes_go_back_after_scoring():
    state = position("""
        R3 B2 . . .
        . . . . .
        . . . . .
    """, colours=TWO, symbols=SYMBOLS_2P, hands={1: ["Three Circles"]}, current=1)
    state.apply(1, "place C1")  # Blue's last card ends the round
    assert state.cubes[:3] == [1, 1, 1]
    assert state.supply == [11, 10]


def play_round(state, chooser):
    start_round = state.round
    while not state.is_terminal() and state.round == start_round:
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("shift", "step"), [("right", -1), ("left", +1)])
def test_the_starting_player_shifts_each_round(shift, step):
    state = GAME.new_game(3, seed=5, options={"start_shift": shift})
    chooser = random.Random(5)
    starters = [state.start_player]
    while not state.is_terminal():
        play_round(state, chooser)
        if not state.is_terminal():
            starters.append(state.start_player)
            assert state.to_move() == [state.start_player]
    assert starters == [(starters[0] + step * k) % 3 for k in range(3)]


@pytest.mark.parametrize(("players", "rows", "cards"), [(2, 3, 27), (3, 4, 36), (4, 5, 45)])
def test_board_and_deck_follow_the_player_count(players, rows, cards):
    state = GAME.new_game(players, seed=1)
    assert (state.geo.columns, state.geo.rows) == (5, rows)
    assert len(state.symbols_in_play) == players + 1
    for symbol in state.symbols_in_play:
        assert state.tile_symbols.count(symbol) == 5
    assert len(state.deck) + sum(map(sum, state.hands)) == cards
    assert all(sum(hand) == 5 for hand in state.hands)
    assert state.supply == [12] * players


def test_chosen_symbols_are_used():
    state = GAME.new_game(2, seed=1, options={"symbols": ["Wheel", "Drop", "Arrow"]})
    assert [GAME.data.symbols[s] for s in state.symbols_in_play] == ["Drop", "Wheel", "Arrow"]


def test_a_game_is_three_rounds_of_five_cards_each():
    state = GAME.new_game(4, seed=9)
    chooser = random.Random(9)
    while not state.is_terminal():
        play_round(state, chooser)
    assert len(state.history) == 3 * 5 * 4
    assert len(state.round_points) == 3
    assert state.scores() == [sum(r[seat] for r in state.round_points) for seat in range(4)]


def test_advanced_rule_keeps_the_two_unplayed_cards_and_deals_five_new_ones():
    # "Still only play 5 cards in each round" … "Deal 5 new cards to each player": nothing
    # discards the two extra cards, so they stay in hand.
    state = GAME.new_game(2, seed=3, options={"advanced": True})
    assert state.options["advanced_leftovers"] == "keep"  # the default
    assert all(sum(hand) == 7 for hand in state.hands)
    chooser = random.Random(3)
    while state.round == 1:
        if sum(state.played) == 9:  # the last card of the round: what is left now is kept
            kept = [list(hand) for hand in state.hands]
            kept[state.current] = None
            deck_before = len(state.deck)
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert not [e for e in state.log(None) if e["type"] == "discard_unplayed"]
    assert sum(state.discard) == 10  # only the played cards
    assert len(state.deck) == deck_before - 10  # 5 new cards each
    assert all(sum(hand) == 7 for hand in state.hands)
    for seat, hand in enumerate(state.hands):
        if kept[seat] is not None:
            assert sum(kept[seat]) == 2
            assert all(hand[s] >= k for s, k in enumerate(kept[seat]))
    dealt = [e for e in state.log(None) if e["type"] == "deal"]
    assert [e["count"] for e in dealt[-2:]] == [5, 5]  # the new cards, not the whole hand


def cards_held(hand):
    symbols = GAME.data.symbols
    return sorted(symbols[s] for s, k in enumerate(hand) for _ in range(k))


def card_played(state, action):
    """The symbol of the card an action plays."""
    move = GAME.moves.decode[action]
    return move.symbol if hasattr(move, "symbol") else state.tile_symbols[move.tile]


@pytest.mark.parametrize("players", [2, 4])
def test_the_deal_log_names_only_the_cards_dealt_in_each_round(players):
    # Advanced rule, kept leftovers: rounds 2 and 3 deal 5 cards on top of the 2 kept. Each seat
    # reads exactly the 5 it was dealt (its hand less what it kept); the others read "5 cards".
    state = GAME.new_game(players, seed=4, options={"advanced": True})
    chooser = random.Random(4)
    rounds_dealt = 0
    viewers = [None, *range(players)]
    while not state.is_terminal():
        seen = {viewer: len(state.log(viewer)) for viewer in viewers}
        kept = {}  # per seat, its hand after its last card of the round
        round_number = state.round
        while state.round == round_number and not state.is_terminal():
            seat = state.to_move()[0]
            action = chooser.choice(state.legal_actions(seat))
            kept[seat] = list(state.hands[seat])
            kept[seat][card_played(state, action)] -= 1
            state.apply(seat, action)
        if state.is_terminal():
            break
        rounds_dealt += 1
        for viewer in viewers:
            deals = [e for e in state.log(viewer)[seen[viewer]:] if e["type"] == "deal"]
            assert [e["seat"] for e in deals] == list(range(players))
            assert [e.get("count") or len(e["cards"]) for e in deals] == [5] * players
            assert ["cards" in e for e in deals] == [seat == viewer for seat in range(players)]
            if viewer is not None:
                assert sum(kept[viewer]) == 2
                dealt = deals[viewer]["cards"]
                assert sorted(cards_held(kept[viewer]) + dealt) == cards_held(state.hands[viewer])
    assert rounds_dealt == 2


def test_advanced_rule_can_discard_the_unplayed_cards_face_up_instead():
    options = {"advanced": True, "advanced_leftovers": "discard"}
    state = GAME.new_game(2, seed=3, options=options)
    assert all(sum(hand) == 7 for hand in state.hands)
    assert len(state.deck) == 13
    chooser = random.Random(3)
    play_round(state, chooser)
    assert len(state.history) == 10
    unplayed = [e for e in state.log(None) if e["type"] == "discard_unplayed"]
    assert [len(e["cards"]) for e in unplayed] == [2, 2]
    # 14 new cards from a deck of 13: the 10 played and 4 unplayed cards are reshuffled.
    reshuffles = [e for e in state.log(None) if e["type"] == "reshuffle"]
    assert [e["cards"] for e in reshuffles] == [14]
    assert all(sum(hand) == 7 for hand in state.hands)  # round 2 dealt


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("leftovers", ["keep", "discard"])
def test_advanced_games_never_run_out_of_cards(players, leftovers):
    # Cards no one holds are always enough for the next deal: 27/36/45 cards against at most
    # 14/21/28 in hands (see the rulings). Every step checks that cards are conserved.
    for seed in range(3):
        options = {"advanced": True, "advanced_leftovers": leftovers}
        state = GAME.new_game(players, seed=seed, options=options)
        chooser = random.Random(seed)
        while not state.is_terminal():
            play_round(state, chooser)
            state.check_invariants()
        assert len(state.history) == 3 * 5 * players
        assert all(sum(hand) == (2 if leftovers == "keep" else 0) for hand in state.hands)


def test_the_discards_are_reshuffled_when_the_deck_runs_out():
    # 2 players: 27 cards, 10 dealt a round, so round 3 needs the discards.
    state = GAME.new_game(2, seed=11)
    chooser = random.Random(11)
    play_round(state, chooser)
    play_round(state, chooser)
    reshuffles = [e for e in state.log(None) if e["type"] == "reshuffle"]
    assert len(reshuffles) == 1
    assert reshuffles[0]["cards"] == 20
    assert all(sum(hand) == 5 for hand in state.hands)


def test_a_tie_for_the_most_points_is_a_shared_win():
    state = GAME.new_game(3, seed=1)
    state.round_points = [[4, 4, 2]]
    state.current = -1
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5, 0.0]
    assert state.winners() == [0, 1]


def test_hands_are_private_and_the_deck_order_is_hidden():
    state = GAME.new_game(3, seed=2)
    view = state.view(0)
    assert view["state"]["hand"] == {
        GAME.data.symbols[s]: k for s, k in enumerate(state.hands[0]) if k}
    assert "deck" not in view["state"] and view["state"]["deck_size"] == len(state.deck)
    assert state.view(None)["state"]["hand"] is None
    dealt = [e for e in state.log(1) if e["type"] == "deal"]
    assert "cards" in dealt[1] and "cards" not in dealt[0] and "cards" not in dealt[2]

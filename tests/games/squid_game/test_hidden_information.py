"""Face-down plays stay hidden until the reveal; the Glass Bridge hides its broken sides."""

import random

from .positions import GAME, PINK, RED, WHITE, play_cards, single


def test_a_face_down_tug_of_war_card_shows_only_its_team_to_the_others():
    state = single("tug_of_war", [[1, 69], [21, 70], [17]])
    state.g["at"] = {"1": 0, "69": 0, "21": 1, "70": 1, "17": 2}
    play_cards(state)
    state.apply(WHITE, "play 0 on A")
    assert state.view(WHITE)["state"]["game"]["my_cards"] == [[0, "A"]]
    seen_by_pink = state.view(PINK)["state"]["game"]
    assert seen_by_pink["my_cards"] == [] and seen_by_pink["cards_behind"][WHITE] == ["A"]
    assert "White plays a card face down behind team A." in [e["text"] for e in state.log(PINK)]
    assert state.resample(PINK, random.Random(1), records=True).history == [(WHITE, "?")]


def test_unrevealed_glass_tiles_are_hidden_and_resampled():
    state = single("glass_bridge", [[325], [21], [349]])
    assert state.view(WHITE)["state"]["game"]["tiles"] == [None, None, None]
    layouts = {tuple(state.resample(WHITE, random.Random(k)).g["tiles"]) for k in range(20)}
    assert len(layouts) > 1


def test_squid_game_cards_are_revealed_together():
    state = single("squid_game", [[325], [21], [349]])
    state.apply(WHITE, "stab")
    assert state.view(RED)["state"]["game"]["has_played"] == [True, False, False]
    assert state.view(RED)["state"]["game"]["my_card"] is None
    state.apply(PINK, "block")
    state.apply(RED, "move")
    assert state.view(RED)["state"]["game"]["revealed"] == ["stab", "block", "move"]


def test_every_game_alone_and_the_campaign_reach_the_end():
    for options in [{}, *GAME.option_presets]:
        for players in (3, 6):
            state = GAME.new_game(players, seed=11, options=options)
            chooser = random.Random(11)
            while not state.is_terminal():
                seat = chooser.choice(state.to_move())
                state.apply(seat, chooser.choice(state.legal_actions(seat)))
                state.check_invariants()
            assert abs(sum(state.returns()) - 1.0) < 1e-9


def test_the_heuristic_prefers_more_living_tokens_and_progress_to_the_squid_head():
    state = single("squid_game", [[325, 1], [21], [349]])
    state.g.update(to_place=[], round=1, speed=WHITE)
    state.g["at"] = {"325": 8, "1": -1, "21": 0, "349": 0}
    play_cards(state)
    values = [GAME.evaluate_view(state.view(seat), seat) for seat in (WHITE, PINK, RED)]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[WHITE] > values[PINK] == values[RED]

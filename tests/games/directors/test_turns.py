"""#1 setup, #2 deck and discard, #3 Actions, #5 playing, #6 Directors, #7 game end."""

import random

import pytest

from squidbox import InvalidOptions

from .positions import GAME, act, command, deciding, done, in_play, table


def test_setup_deals_four_cards_and_five_dollars_and_the_clock_reads_one():
    state = GAME.new_game(4, seed=11)
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
    assert state.money == [5, 5, 5, 5]
    assert state.clock == 1 and state.current == state.first_player
    assert deciding(state) == (state.first_player, "choose_action")
    assert state.event_names == []
    assert len(state.deck) == len(GAME.data.deck()) - 16


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_the_events_option_picks_that_many_events(count):
    state = GAME.new_game(3, seed=5, options={"events": count})
    assert len(state.event_names) == count


def test_named_events_are_used():
    state = GAME.new_game(2, seed=5, options={"events": ["Dance", "Eruption"]})
    assert state.event_names == ["Dance", "Eruption"]


def test_explore_draws_two_commands_blue_rotates_blue_and_unrotates_the_rest():
    state = table(hands={0: []}, deck=["Villain", "Bishop", "Hero", "Hero"],
                  play={0: ["Horse", "Hunter (rotated)", "Squire (rotated)",
                            "Magpie (rotated)"]})
    act(state, "explore")
    # Horse was commanded (draw 2, each other player draws 1); rotated Magpie was not.
    assert sorted(state.hands[0]) == ["Bishop", "Hero", "Hero", "Villain"]
    assert len(state.hands[1]) == len(state.hands[2]) == 1
    assert in_play(state, 0) == ["Horse (rotated)", "Hunter", "Magpie (rotated)", "Squire"]


def test_with_five_cards_of_the_colour_you_choose_four_and_the_fifth_is_not_commanded():
    state = table(money={0: 0}, play={0: ["Healer", "Healer", "Leprechaun", "Merchant",
                                         "Unicorn"]})
    act(state, "collect")
    assert deciding(state) == (0, "select_for_action")
    act(state, "select Healer", "select Healer", "select Leprechaun", "select Unicorn")
    while not done(state) or state.current == 0:
        act(state, state.legal_actions(state.to_move()[0])[0])
    # $5 (Collect) + 5 + 5 (Healers) + 10 (Leprechaun); Merchant's $12 never came.
    assert state.money[0] == 25
    assert in_play(state, 0) == sorted(f"{c} (rotated)" for c in
                                       ["Healer", "Healer", "Leprechaun", "Merchant", "Unicorn"])


def test_nothing_is_commanded_on_the_first_turn_even_a_red_card_recruited():
    state = table(turn=1, money={0: 5}, hands={0: ["Squire"]}, play={0: ["Alpha"]})
    act(state, "recruit", "play Squire")
    assert state.money[0] == 5  # Squire costs $0; Alpha was not commanded
    assert state.current == 1 and in_play(state, 0) == ["Alpha (rotated)", "Squire (rotated)"]


def test_a_played_card_enters_rotated_and_its_action_does_not_command_it():
    state = table(money={0: 5}, hands={0: ["Alpha"]})
    act(state, "recruit", "play Alpha")
    assert in_play(state, 0) == ["Alpha (rotated)"]
    assert state.money[0] == 5 and state.current == 1


def test_playing_is_optional_and_needs_the_money():
    state = table(money={0: 4}, hands={0: ["Hero", "Horse"]})
    act(state, "recruit")
    assert state.legal_actions(0) == ["play Horse", "pass"]
    act(state, "pass")
    assert in_play(state, 0) == [] and state.current == 1


def test_unleash_takes_five_minus_gains_ten_plays_and_unrotates_everything():
    state = table(money={0: 0}, hands={0: ["Villain"]},
                  play={0: ["Hero (rotated)", "Hunter (rotated)"]})
    act(state, "unleash", "pass")  # first, whoever holds cards may play a Falconer for $0
    assert deciding(state) == (0, "choose_play")
    act(state, "play Villain")
    assert state.minus[0] == 5 and state.money[0] == 0
    assert in_play(state, 0) == ["Hero", "Hunter", "Villain"]
    assert state.current == 1


def test_recruit_commands_both_inventor_and_overlord_but_inventor_makes_overlord_do_nothing():
    # #6: Recruit commands Inventor and Overlord; Overlord commanded by Inventor does nothing.
    state = table(money={0: 10}, hands={0: ["Overlord"]}, play={0: ["Inventor", "Hero"]})
    act(state, "recruit", "pass")
    assert deciding(state) == (0, "choose_play")  # Inventor commanded by Recruit
    act(state, "play Overlord")
    act(state, "command Overlord")
    assert state.current == 1  # no Blue card was commanded: Overlord did nothing
    assert state.hands[0] == []


def test_a_director_commanding_itself_does_nothing_the_second_time():
    state = table(play={0: ["Watchdog"]})
    command(state, "Watchdog")
    act(state, "return Watchdog")
    assert state.hands[0] == ["Watchdog"] and done(state)


def test_the_discard_pile_is_shuffled_under_the_deck_when_the_deck_runs_short():
    state = table(deck=["Hero"], discard=["Horse"], rest="discard", hands={0: []})
    pile = len(state.discard)
    state.draw(0, 2)
    assert state.hands[0][0] == "Hero"  # the old deck card is drawn first
    assert state.discard == [] and len(state.deck) == pile - 1


def test_when_no_cards_are_left_you_draw_what_there_is():
    everything_else = sorted(GAME.data.deck())
    everything_else.remove("Hero")
    state = table(deck=["Hero"], hands={0: [], 1: everything_else})
    state.draw(0, 3)
    assert state.hands[0] == ["Hero"] and state.deck == [] and state.discard == []


def test_the_game_ends_after_turn_ten_and_tied_leaders_share_the_victory():
    state = table(players=2, turn=10, current=1, first=0,
                  play={0: ["Villain", "Hunter"], 1: ["Warlord", "Alpha", "Horse"]},
                  minus={1: 1})
    act(state, "collect")
    while not state.is_terminal():
        act(state, state.legal_actions(state.to_move()[0])[-1])
    assert state.scores() == [6.0, 6.0]
    assert state.returns() == [0.5, 0.5]


def test_score_is_crowns_in_play_minus_tokens_and_can_be_negative():
    state = table(play={0: ["Hero (rotated)"]}, hands={0: ["Villain"]}, minus={0: 5})
    assert state.score(0) == 3 - 5


def test_turn_order_runs_from_the_first_player_and_the_clock_advances_with_them():
    state = table(players=3, turn=2, current=2, first=1, hands={2: []})
    act(state, "collect")
    assert state.current == 0 and state.clock == 2
    act(state, "collect")
    assert state.current == 1 and state.clock == 3


@pytest.mark.parametrize("events", [4, -1, ["Dance", "Dance"], ["Disco"], True,
                                    ["Dance", "Party", "Protest", "Snowfall"]])
def test_bad_event_options_are_refused(events):
    with pytest.raises(InvalidOptions):
        GAME.new_game(3, seed=1, options={"events": events})


def test_random_events_option_uses_zero_to_three():
    counts = {len(GAME.new_game(2, seed=s, options={"events": "random"}).event_names)
              for s in range(40)}
    assert counts == {0, 1, 2, 3}


def test_a_snapshot_from_before_end_turn_loads_its_three_turn_end_frames_as_one():
    # Snapshots written before `end_turn` hold a turn's end as three frames (rotate, the
    # end-of-turn Events, the next turn); they load as this release writes them.
    from squidbox.games.directors.state import OLD_TURN_END

    for seed in range(20):
        state, chooser = GAME.new_game(3, seed=seed), random.Random(seed)
        while not state.is_terminal() and ["end_turn", {}] not in state.stack:
            seat = chooser.choice(state.to_move())
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
        if ["end_turn", {}] in state.stack:
            break
    old = state.to_json()
    at = old["state"]["stack"].index(["end_turn", {}])
    old["state"]["stack"][at:at + 1] = [[name, dict(args)] for name, args in OLD_TURN_END]
    assert GAME.from_json(old, verify=True).to_json() == state.to_json()

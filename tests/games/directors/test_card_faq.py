"""#10 Player card FAQ: one scenario per entry, in the rulebook's order. Seat 0 is "you"
unless said otherwise; in 3 players the previous player of seat 0 is seat 2."""

import pytest

from .positions import act, command, deciding, done, in_play, table


def test_advisor_previous_player_chooses_and_you_may_play_up_to_two():
    state = table(money={0: 5}, hands={0: ["Hero", "Horse", "Spy"]})
    command(state, "Advisor")
    assert deciding(state) == (2, "advisor_bonus")
    act(state, "bonus play", "play Hero", "play Horse")
    assert in_play(state, 0) == ["Hero (rotated)", "Horse (rotated)"]
    assert done(state) and state.hands[0] == ["Spy"]


@pytest.mark.parametrize(("bonus", "cards", "money"), [("bonus draw", 2, 0),
                                                       ("bonus money", 0, 5)])
def test_advisor_you_get_the_draw_or_money_bonus_the_previous_player_chooses(bonus, cards, money):
    state = table(money={0: 0}, hands={0: []})
    command(state, "Advisor")
    act(state, bonus)
    assert len(state.hands[0]) == cards and state.money == [money, 0, 0] and done(state)
    assert len(state.hands[2]) == 0


def test_advisor_blue_card_played_during_explore_is_not_commanded_by_it():
    state = table(money={0: 5}, hands={0: []}, deck=["Hero", "Horse"],
                  play={0: ["Advisor"]})
    act(state, "explore")  # draws Hero and Horse; Advisor is commanded
    act(state, "bonus play", "play Hero", "pass")
    assert state.hands[0] == ["Horse"]  # Hero's draw 2 never happened
    assert state.current == 1


def test_agent_is_commanded_when_played_and_plays_another_card_costing_five_or_less():
    state = table(money={0: 15}, hands={0: ["Agent", "Nightmare", "Villain"]})
    act(state, "recruit", "play Agent")
    assert state.legal_actions(0) == ["play Nightmare", "pass"]  # Villain costs $10
    act(state, "play Nightmare")
    assert state.money[0] == 0
    # Recruit's last steps un-rotate the Gold Agent and the Blue Nightmare.
    assert in_play(state, 0) == ["Agent", "Nightmare"] and state.current == 1


def test_agent_plays_only_a_card_costing_five_or_less_even_with_money_for_more():
    state = table(money={0: 30}, hands={0: ["Agent", "Nightmare", "Villain", "Horse"]})
    act(state, "recruit", "play Agent")
    assert state.legal_actions(0) == ["play Horse", "play Nightmare", "pass"]


def test_agent_you_still_have_to_be_able_to_pay_for_the_second_card():
    state = table(money={0: 14}, hands={0: ["Agent", "Nightmare", "Horse"]})
    act(state, "recruit", "play Agent")
    # $4 left after the $10 Agent: the $5 Nightmare cannot be paid for, the $0 Horse can.
    assert state.legal_actions(0) == ["play Horse", "pass"]
    act(state, "play Horse")
    assert state.money[0] == 4 and state.hands[0] == ["Nightmare"]


def test_agent_played_on_another_players_turn_still_plays_another_card():
    state = table(money={1: 15}, hands={0: [], 1: ["Agent", "Hero"]})
    command(state, "Squire")  # each player in turn order may play 1 card
    act(state, "play Agent")
    assert deciding(state) == (1, "choose_play")
    act(state, "play Hero")
    assert in_play(state, 1) == ["Agent (rotated)", "Hero (rotated)"]


def test_agent_a_gold_card_it_plays_during_collect_is_not_commanded_by_collect():
    state = table(money={0: 10}, hands={0: ["Agent", "Healer"], 1: [], 2: []},
                  play={0: ["Warlord"]})
    act(state, "collect", "play Agent", "play Healer")  # Warlord plays Agent, Agent plays Healer
    assert state.money[0] == 10 + 5 + 5 - 10 - 5  # Healer's $5 never came
    assert in_play(state, 0) == ["Agent (rotated)", "Healer (rotated)", "Warlord (rotated)"]
    assert state.current == 1


def test_agent_is_not_commanded_on_the_first_turn():
    state = table(turn=1, money={0: 15}, hands={0: ["Agent", "Hero"]})
    act(state, "recruit", "play Agent")
    assert state.current == 1 and state.hands[0] == ["Hero"]


def test_alpha_counts_only_this_turns_plays():
    state = table(money={0: 5}, hands={0: ["Horse"]}, played={0: 1})
    command(state, "Alpha")
    act(state, "play Horse")
    assert state.money[0] == 5 + 2 * 2


def test_alpha_a_red_card_played_by_recruit_counts_but_is_not_commanded_by_it():
    state = table(money={0: 0}, hands={0: ["Squire"], 1: ["Hero"], 2: []}, play={0: ["Alpha"]})
    act(state, "recruit", "play Squire")
    # Recruit commands only Alpha (nothing left to play): $2 for the 1 card played this turn.
    assert state.money[0] == 2
    assert state.current == 1 and in_play(state, 1) == []  # Squire never offered seat 1 a play


def test_alpha_on_an_extra_turn_does_not_count_the_previous_turns_plays():
    state = table(turn=7, events=["Meteor Shower"], money={0: 0},
                  hands={0: ["Horse"], 1: [], 2: []}, play={0: ["Alpha"]})
    act(state, "unleash", "pass", "play Horse")  # no Falconer; Unleash plays Horse
    assert state.current == 0 and state.on_extra_turn and state.money[0] == 10
    act(state, "recruit")  # Recruit commands Alpha, with nothing to play
    assert state.money[0] == 10  # Horse was played on the previous turn: it does not count
    assert state.current == 1


def test_artisan_with_an_empty_hand_still_draws_five():
    state = table(hands={0: []})
    command(state, "Artisan")
    assert len(state.hands[0]) == 5


def test_artisan_discards_the_hand_then_draws_five():
    state = table(hands={0: ["Hero", "Villain"]}, deck=["Horse"] * 2 + ["Spy"] * 2 + ["Bishop"])
    command(state, "Artisan")
    assert sorted(state.discard) == ["Hero", "Villain"]
    assert sorted(state.hands[0]) == ["Bishop", "Horse", "Horse", "Spy", "Spy"]


def test_bandit_after_recruiting_makes_each_other_player_lose_six_or_everything():
    # Real turns: you Recruit, the others Collect, then your Collect commands Bandit. Your
    # token moves onto Collect only after that turn, so Bandit still sees the Recruit.
    state = table(money={1: 5, 2: 0}, hands={0: [], 1: [], 2: []}, play={0: ["Bandit"]})
    act(state, "recruit", "collect", "collect")
    assert state.money[1:] == [10, 5]
    act(state, "collect")
    assert state.money[1:] == [4, 0]  # $6 each, or everything


def test_bandit_without_recruiting_last_turn_makes_them_lose_three():
    state = table(money={1: 5, 2: 5}, hands={0: [], 1: [], 2: []}, play={0: ["Bandit"]})
    act(state, "explore", "collect", "collect", "collect")
    assert state.money[1:] == [7, 7]


def test_bishop_discarders_first_then_drawers_in_turn_order():
    state = table(hands={0: ["Hero", "Horse", "Spy"], 1: ["Hero", "Horse"],
                         2: ["Villain", "Villain", "Agent"]},
                  minus={0: 5, 1: 1, 2: 0}, deck=["Magpie", "Magpie", "Patron", "Patron"])
    command(state, "Bishop")
    assert deciding(state) == (0, "bishop_discard")
    act(state, "discard Hero", "discard Horse", "discard Spy")
    # Seat 1 cannot discard 3 and is not asked; seat 2 declines.
    assert deciding(state) == (2, "bishop_discard")
    act(state, "pass")
    assert state.minus == [2, 3, 2]
    assert sorted(state.hands[1]) == ["Hero", "Horse", "Magpie", "Magpie"]
    assert sorted(state.hands[2]) == ["Agent", "Patron", "Patron", "Villain", "Villain"]


def test_bishop_a_player_declining_does_not_stop_the_next_from_discarding():
    state = table(hands={0: ["Hero", "Horse", "Spy"], 1: ["Hero", "Horse", "Spy"], 2: []},
                  minus={0: 0, 1: 3}, deck=["Magpie", "Magpie"])
    command(state, "Bishop")
    act(state, "pass")
    assert deciding(state) == (1, "bishop_discard")
    act(state, "discard Hero", "discard Horse", "discard Spy")
    assert state.minus == [2, 0, 2] and len(state.hands[0]) == 5 and state.hands[1] == []


def test_bishop_discarding_three_with_fewer_than_three_tokens_is_allowed():
    state = table(hands={0: ["Hero", "Horse", "Spy"], 1: [], 2: []}, minus={0: 1})
    command(state, "Bishop")
    act(state, "discard Hero", "discard Horse", "discard Spy")
    assert state.minus[0] == 0


def test_captain_discards_one_and_commands_only_it():
    state = table(hands={0: ["Hero", "Villain"]}, deck=["Horse", "Horse"])
    command(state, "Captain")
    act(state, "discard Hero", "pass")
    assert sorted(state.hands[0]) == ["Horse", "Horse", "Villain"]  # Hero drew 2
    assert state.money[0] == 5  # and 3 in hand <= 5: $5


def test_captain_with_one_card_in_hand_discards_and_commands_it():
    state = table(hands={0: ["Hero"]}, deck=["Horse", "Horse"])
    command(state, "Captain")
    act(state, "discard Hero")  # nothing left to discard: Hero is commanded at once
    assert sorted(state.hands[0]) == ["Horse", "Horse"] and state.money[0] == 5 and done(state)


def test_captain_directors_it_commands_do_nothing():
    state = table(hands={0: ["Spy", "Mimic"], 2: ["Hero"]})
    command(state, "Captain")
    act(state, "discard Spy", "discard Mimic")
    assert state.hands[0] == [] and sorted(state.discard) == ["Mimic", "Spy"]
    act(state, "command Spy")
    assert done(state) and state.known[2] == []


def test_captain_a_director_discarded_from_a_one_card_hand_does_nothing():
    state = table(hands={0: ["Spy"], 2: ["Hero"]})
    command(state, "Captain")
    act(state, "discard Spy")
    assert done(state) and state.known[2] == []


def test_captain_with_an_empty_hand_asks_nothing():
    state = table(hands={0: []})
    command(state, "Captain")
    assert done(state)


def test_cultist_commanded_draws_two_then_discards_one():
    state = table(money={0: 0}, hands={0: ["Hero"]}, deck=["Horse", "Spy"])
    command(state, "Cultist")
    assert deciding(state) == (0, "discard_one")
    assert state.legal_actions(0) == ["discard Hero", "discard Horse", "discard Spy"]
    act(state, "discard Spy")
    assert sorted(state.hands[0]) == ["Hero", "Horse"] and state.discard == ["Spy"]
    assert done(state)


def test_cultist_discarded_from_hand_may_be_played_for_free():
    state = table(money={0: 0}, hands={0: ["Cultist"]})
    command(state, "Hunter")
    act(state, "name Red", "discard Cultist")
    assert deciding(state) == (0, "cultist")
    act(state, "play Cultist")
    assert in_play(state, 0) == ["Cultist (rotated)"] and state.money[0] == 7


def test_cultist_discarded_on_another_players_turn_may_be_played_for_free():
    state = table(money={1: 0}, hands={1: ["Cultist", "Hero"]})
    command(state, "Raider")
    act(state, "keep Hero", "play Cultist")
    assert in_play(state, 1) == ["Cultist (rotated)"] and state.money[1] == 0


def test_cultist_discarded_from_the_deck_cannot_be_played():
    state = table(money={0: 20}, deck=["Cultist", "Hero", "Spy"])
    command(state, "Mimic")
    assert deciding(state) == (0, "mimic_choice")


def test_cultist_played_normally_costs_five():
    state = table(money={0: 5}, hands={0: ["Cultist"]})
    act(state, "recruit", "play Cultist")
    assert state.money[0] == 0


def test_diplomat_reveals_the_card_just_drawn_and_commands_it_in_hand():
    state = table(hands={0: []}, deck=["Hero", "Horse", "Horse"])
    command(state, "Diplomat")
    act(state, "command Hero")
    assert sorted(state.hands[0]) == ["Hero", "Horse", "Horse"]  # Hero stays in hand
    assert state.known[0] == ["Hero"] and state.money[0] == 5


def test_diplomat_directors_it_commands_do_nothing():
    state = table(hands={0: ["Spy"], 2: ["Hero"]}, deck=["Villain"])
    command(state, "Diplomat")
    act(state, "command Spy")
    assert done(state) and state.known[2] == []


def test_diplomat_revealing_is_optional():
    state = table(hands={0: []}, deck=["Hero"])
    command(state, "Diplomat")
    act(state, "pass")
    assert state.hands[0] == ["Hero"] and state.known[0] == [] and state.money[0] == 0
    assert done(state)


def test_falconer_costs_five_normally():
    state = table(money={0: 5}, hands={0: ["Falconer"]})
    command(state, "Squire")
    act(state, "play Falconer")
    assert state.money[0] == 0


def test_falconer_is_free_when_you_yourself_unleash():
    state = table(money={0: 0}, hands={0: ["Falconer"], 1: [], 2: []})
    act(state, "unleash")
    assert deciding(state) == (0, "falconer")  # "any player (you or someone else)"
    act(state, "play Falconer")
    # Free, then Unleash's first line: -5 crowns and $10; Unleash un-rotates everything.
    assert state.money[0] == 10 and state.minus[0] == 5
    assert in_play(state, 0) == ["Falconer"] and state.current == 1


def test_falconer_both_copies_are_free_when_another_player_unleashes():
    state = table(money={1: 0}, hands={0: [], 1: ["Falconer", "Falconer"], 2: []})
    act(state, "unleash")
    assert deciding(state) == (1, "falconer")
    act(state, "play Falconer", "play Falconer")
    assert in_play(state, 1) == ["Falconer (rotated)"] * 2 and state.money[1] == 0


def test_no_one_is_asked_for_a_falconer_once_every_copy_is_on_the_discard_pile():
    # Both Falconers are face up: none can hide in a hand, so Unleash asks nobody.
    state = table(money={0: 0}, hands={0: ["Horse"], 1: ["Hero"], 2: ["Squire"]},
                  discard=["Falconer", "Falconer"])
    act(state, "unleash")
    assert deciding(state)[1] != "falconer"
    act(state, "play Horse")
    assert in_play(state, 0) == ["Horse"]


def test_falconer_when_commanded_gains_three_and_draws_one():
    state = table(money={0: 0}, hands={0: []})
    command(state, "Falconer")
    assert state.money[0] == 3 and len(state.hands[0]) == 1


def test_familiar_plays_one_of_three_and_takes_minus_one():
    state = table(money={0: 10}, deck=["Villain", "Hero", "Horse"])
    command(state, "Familiar")
    assert state.legal_actions(0) == ["play Hero", "play Horse", "play Villain", "pass"]
    act(state, "play Villain")
    assert state.minus[0] == 1 and state.money[0] == 0
    assert sorted(state.discard) == ["Hero", "Horse"]


def test_familiar_a_gold_card_it_plays_during_collect_is_not_commanded_by_collect():
    state = table(money={0: 0}, hands={0: []}, play={0: ["Familiar"]},
                  deck=["Healer", "Hero", "Horse"])
    act(state, "collect", "play Healer")  # $5 from Collect pays for the Healer
    assert state.money[0] == 0 and state.minus[0] == 1  # Healer's $5 never came
    assert in_play(state, 0) == ["Familiar (rotated)", "Healer (rotated)"]
    assert state.current == 1


def test_familiar_shuffles_first_when_the_deck_is_short():
    state = table(money={0: 0}, deck=["Hero"], discard=[], rest="discard")
    command(state, "Familiar")
    assert "Hero" in state.discard and len(state.discard) == 3 + 0
    act(state, "pass")
    assert state.minus[0] == 0


def test_golem_skipping_the_draw_still_gains_and_the_play_is_optional():
    state = table(money={0: 0}, hands={0: ["Hero"]})
    command(state, "Golem")
    act(state, "bonus draw")
    assert state.money[0] == 5 and state.hands[0] == ["Hero"]
    assert state.legal_actions(0) == ["play Hero", "pass"]
    act(state, "pass")
    assert in_play(state, 0) == [] and done(state)


def test_golem_a_gold_card_it_plays_during_collect_is_not_commanded_by_collect():
    state = table(money={0: 0}, hands={0: ["Healer"], 1: [], 2: []}, play={0: ["Golem"]},
                  deck=["Spy"])
    act(state, "collect", "bonus draw", "play Healer")  # Collect $5, Golem $5, Healer -$5
    assert state.money[0] == 5 and state.hands[0] == []  # Healer's $5 never came
    assert in_play(state, 0) == ["Golem (rotated)", "Healer (rotated)"] and state.current == 1


def test_golem_previous_player_makes_you_skip_the_play():
    state = table(money={0: 0}, hands={0: []}, deck=["Horse"])
    command(state, "Golem")
    act(state, "bonus play")
    assert state.hands[0] == ["Horse"] and state.money[0] == 5 and done(state)


def test_golem_previous_player_makes_you_skip_the_money():
    state = table(money={0: 0}, hands={0: []}, deck=["Horse"])
    command(state, "Golem")
    assert deciding(state) == (2, "golem_skip")
    act(state, "bonus money")
    assert state.money[0] == 0
    act(state, "play Horse")  # drew it, then may play it
    assert in_play(state, 0) == ["Horse (rotated)"]


def test_healer_removes_two_tokens_when_the_previous_player_collected():
    # Real turns: the previous player (seat 2) Collects, then your Collect commands Healer.
    state = table(minus={0: 3}, hands={0: [], 1: [], 2: []}, play={0: ["Healer"]},
                  deck=["Spy"] * 2 + ["Magpie"] * 2)
    act(state, "explore", "explore", "collect", "collect")
    assert state.money[0] == 5 + 5 and state.minus[0] == 1


def test_healer_just_gains_five_otherwise():
    # You Collected last turn, the previous player Explored: only $5. Overlord (Recruit)
    # commands the rotated Healer.
    state = table(minus={0: 3}, hands={0: [], 1: [], 2: []}, play={0: ["Healer", "Overlord"]},
                  deck=["Spy"] * 2 + ["Magpie"] * 2)
    act(state, "collect")  # Healer: the previous player has no last Action yet, $5
    assert state.money[0] == 10 and state.minus[0] == 3
    act(state, "explore", "explore", "recruit", "command Healer")
    assert state.money[0] == 15 and state.minus[0] == 3


def test_hero_draws_before_counting_the_hand():
    state = table(hands={0: ["Spy"] * 2 + ["Villain"] * 2})
    command(state, "Hero")
    assert len(state.hands[0]) == 6 and state.money[0] == 0
    state = table(hands={0: ["Spy", "Spy", "Villain"]})
    command(state, "Hero")
    assert len(state.hands[0]) == 5 and state.money[0] == 5


def test_horse_each_other_player_must_draw_one():
    state = table(hands={0: [], 1: [], 2: []})
    command(state, "Horse")
    assert [len(h) for h in state.hands] == [2, 1, 1] and done(state)


def test_hunter_with_an_empty_hand_still_names_a_colour_and_gains_three():
    state = table(hands={0: [], 1: ["Hero"], 2: ["Villain"]})
    command(state, "Hunter")
    act(state, "name Blue")
    assert state.money[0] == 3
    assert deciding(state) == (1, "hunter_other")
    act(state, "discard Hero")
    assert deciding(state) == (2, "hunter_other")
    assert state.legal_actions(2) == ["pass"]  # no Blue card
    act(state, "pass")
    assert state.money == [3, 4, 0]


def test_hunter_not_discarding_with_cards_in_hand_gains_three():
    state = table(hands={0: ["Spy"], 1: [], 2: []})
    command(state, "Hunter")
    act(state, "name Gold", "pass")
    assert state.money[0] == 3 and state.hands[0] == ["Spy"] and done(state)


def test_hunter_discarding_gains_seven():
    state = table(hands={0: ["Spy"], 1: [], 2: []})
    command(state, "Hunter")
    act(state, "name Gold", "discard Spy")
    assert state.money[0] == 7


def test_inventor_commands_a_red_card_played_this_turn():
    state = table(money={0: 0}, hands={0: ["Squire"], 1: ["Horse"], 2: []},
                  play={0: ["Inventor"]})
    act(state, "recruit", "play Squire")  # Recruit's play; Squire not commanded by Recruit
    # Inventor (commanded by Recruit) has nothing left to play, but commands the Squire.
    assert deciding(state) == (0, "inventor_command")
    assert state.legal_actions(0) == ["command Squire"]
    act(state, "command Squire")
    assert deciding(state) == (1, "choose_play")  # Squire: each player may play 1 card


def test_inventor_directors_it_commands_do_nothing():
    state = table(money={0: 10}, hands={0: ["Overlord"]}, play={0: ["Hero"]})
    command(state, "Inventor")
    act(state, "play Overlord", "command Overlord")
    assert done(state) and state.hands[0] == []


def test_kitsune_exchanges_same_cost_cards_keeping_their_rotation():
    state = table(money={0: 0}, hands={0: []},
                  play={0: ["Kitsune", "Hero", "Horse"], 1: ["Bishop (rotated)", "Villain"]})
    command(state, "Kitsune")
    assert state.legal_actions(0) == ["give Hero", "give Kitsune", "pass"]  # no $0 card there
    act(state, "give Hero")
    assert state.legal_actions(0) == ["take Bishop (rotated)"]  # only the same cost
    act(state, "take Bishop (rotated)")
    assert in_play(state, 0) == ["Bishop (rotated)", "Horse", "Kitsune"]
    assert in_play(state, 1) == ["Hero", "Villain"]
    # Neither card counts as played this turn by its new holder.
    assert not any(c["new"] for area in state.areas for c in area)


def test_kitsune_exchanging_is_optional_and_not_asked_without_a_match():
    state = table(money={0: 0}, hands={0: []}, play={0: ["Kitsune", "Hero"], 1: ["Bishop"]})
    command(state, "Kitsune")
    act(state, "pass")
    assert in_play(state, 0) == ["Hero", "Kitsune"] and done(state)
    state = table(money={0: 0}, hands={0: []}, play={0: ["Kitsune", "Hero"], 1: ["Horse"]})
    command(state, "Kitsune")
    assert done(state)  # nobody holds a card costing $5 or $10


def test_kitsune_with_several_holders_you_choose_the_player():
    state = table(money={0: 0}, hands={0: []},
                  play={0: ["Kitsune", "Hero"], 1: ["Bishop"], 2: ["Healer (rotated)"]})
    command(state, "Kitsune")
    act(state, "give Hero")
    assert deciding(state) == (0, "kitsune_target")
    assert state.legal_actions(0) == ["target 2", "target 3"]
    act(state, "target 3", "take Healer (rotated)")
    assert in_play(state, 0) == ["Healer (rotated)", "Kitsune"]
    assert in_play(state, 2) == ["Hero"] and in_play(state, 1) == ["Bishop"]


def test_kitsune_a_card_exchanged_away_is_still_commanded_by_explore():
    state = table(money={0: 0}, hands={0: []}, deck=["Spy", "Spy", "Villain", "Villain"],
                  play={0: ["Kitsune", "Horse"], 1: ["Hunter"]})
    act(state, "explore", "command Kitsune")
    act(state, "pass", "give Horse", "take Hunter")
    # Horse was chosen for Explore, so it is still commanded, from seat 1's play area.
    assert len(state.hands[0]) == 4
    assert in_play(state, 1) == ["Horse"]
    assert in_play(state, 0) == ["Hunter", "Kitsune (rotated)"]


def test_kitsune_a_blue_card_received_in_the_exchange_is_not_commanded_by_explore():
    state = table(money={0: 0}, hands={0: []}, deck=["Villain", "Villain"],
                  play={0: ["Kitsune"], 1: ["Mastermind"]})
    act(state, "explore", "pass", "give Kitsune", "take Mastermind")
    # The un-rotated Blue Mastermind was not chosen for Explore: it is not commanded (no play
    # is offered) and it is rotated with the other Blue cards.
    assert state.current == 1
    assert in_play(state, 0) == ["Mastermind (rotated)"] and in_play(state, 1) == ["Kitsune"]


def test_leprechaun_on_turns_two_to_five_gains_ten_without_tokens():
    for turn in (2, 5):
        state = table(turn=turn)
        command(state, "Leprechaun")
        assert state.money[0] == 10 and state.minus[0] == 0
    state = table(turn=6)
    command(state, "Leprechaun")
    assert state.money[0] == 10 and state.minus[0] == 2


def test_magpie_the_whole_payment_is_chosen_before_any_card_is_drawn():
    state = table(money={0: 7}, hands={0: []}, deck=["Hero", "Horse", "Spy"])
    command(state, "Magpie")
    act(state, "pay")
    assert state.hands[0] == [] and state.money[0] == 5  # paid $2, nothing drawn yet
    act(state, "pay", "pass")
    assert sorted(state.hands[0]) == ["Hero", "Horse"] and state.money[0] == 3 and done(state)
    state = table(money={0: 3}, hands={0: []})
    command(state, "Magpie")
    act(state, "pay")  # $1 left: no second payment, so the 1 card is drawn at once
    assert len(state.hands[0]) == 1 and done(state)
    state = table(money={0: 9}, hands={0: []})
    command(state, "Magpie")
    act(state, "pass")  # pay $0 for nothing
    assert state.hands[0] == [] and state.money[0] == 9 and done(state)


def test_magpie_exactly_two_dollars_pays_once():
    state = table(money={0: 2}, hands={0: []})
    command(state, "Magpie")
    act(state, "pay")
    assert state.money[0] == 0 and len(state.hands[0]) == 1 and done(state)


def test_magpie_pays_two_up_to_four_times():
    state = table(money={0: 7}, hands={0: []})
    command(state, "Magpie")
    act(state, "pay", "pay", "pay")
    assert state.money[0] == 1 and len(state.hands[0]) == 3 and done(state)
    state = table(money={0: 20}, hands={0: []})
    command(state, "Magpie")
    act(state, "pay", "pay", "pay", "pay")
    assert state.money[0] == 12 and done(state)


def test_mastermind_blue_cards_it_plays_are_not_commanded_by_explore():
    state = table(money={0: 0}, hands={0: ["Horse"], 1: [], 2: []}, play={0: ["Mastermind"]},
                  deck=["Villain", "Villain"])
    act(state, "explore", "play Horse", "pass")  # $0 Horse; no money for the $10 Villains
    assert [len(h) for h in state.hands] == [2, 0, 0]  # Horse (draw 2, others 1) never ran
    assert in_play(state, 0) == ["Horse (rotated)", "Mastermind (rotated)"]
    assert state.current == 1


def test_mastermind_plays_one_card_at_each_cost_in_any_order():
    state = table(money={0: 25}, hands={0: ["Villain", "Villain", "Hero", "Hero", "Horse"]})
    command(state, "Mastermind")
    act(state, "play Villain")
    assert state.legal_actions(0) == ["play Hero", "play Horse", "pass"]  # no second $10
    act(state, "play Hero")
    assert state.legal_actions(0) == ["play Horse", "pass"]
    act(state, "play Horse")
    assert in_play(state, 0) == ["Hero (rotated)", "Horse (rotated)", "Villain (rotated)"]
    assert sorted(state.hands[0]) == ["Hero", "Villain"]


def test_merchant_loses_eight_at_the_start_of_the_next_turn_after_end_events():
    state = table(money={0: 0}, play={0: ["Merchant"]}, events=["Crowdfunding"], turn=9,
                  minus={0: 2})
    act(state, "collect")
    assert state.money[0] == 17
    act(state, "pay")  # Crowdfunding at the end of the turn still sees the $17
    assert state.money[0] == 4 and state.current == 1  # then the next turn takes $8 (all 12)


def test_merchant_commanded_twice_loses_twice():
    state = table(money={0: 0}, hands={0: []}, deck=["Merchant", "Hero", "Spy"])
    command(state, "Mimic")
    act(state, "command Merchant")  # Mimic commands it twice: $24, then $16 to lose
    assert state.money[0] == 24 and state.debts[0] == 16


def test_mimic_commands_one_of_the_three_twice_and_all_stay_discarded():
    state = table(hands={0: []}, deck=["Horse", "Villain", "Spy"])
    command(state, "Mimic")
    act(state, "command Horse")
    assert len(state.hands[0]) == 4 and len(state.hands[1]) == 2
    assert sorted(state.discard) == ["Horse", "Spy", "Villain"]


def test_mimic_shuffles_first_when_the_deck_is_short():
    state = table(hands={0: []}, deck=["Horse"], rest="discard")
    command(state, "Mimic")
    # Horse, then two cards from the discard pile shuffled under it: 3 discarded after all.
    assert deciding(state) == (0, "mimic_choice") and "command Horse" in state.legal_actions(0)
    assert len(state.discard) == 3 and "Horse" in state.discard


def test_mimic_directors_it_commands_do_nothing():
    state = table(hands={0: [], 2: ["Hero"]}, deck=["Spy", "Villain", "Horse"])
    command(state, "Mimic")
    act(state, "command Spy")
    assert done(state) and state.known[2] == []


def test_nightmare_others_keep_two_unrotated_and_rotated_cards_stay_rotated():
    state = table(play={1: ["Hero", "Horse", "Villain", "Spy (rotated)"],
                        2: ["Hero", "Hunter (rotated)"]})
    command(state, "Nightmare")
    act(state, "spare Hero")
    assert state.legal_actions(1) == ["spare Horse", "spare Villain"]
    act(state, "spare Villain")
    assert in_play(state, 1) == ["Hero", "Horse (rotated)", "Spy (rotated)", "Villain"]
    assert in_play(state, 2) == ["Hero", "Hunter (rotated)"] and done(state)


def test_nightmare_a_player_with_two_unrotated_cards_is_not_asked():
    state = table(play={1: ["Hero", "Horse", "Spy (rotated)"], 2: []})
    command(state, "Nightmare")
    assert done(state) and in_play(state, 1) == ["Hero", "Horse", "Spy (rotated)"]


def test_overlord_commands_a_blue_then_a_gold_card_rotated_or_not():
    state = table(hands={0: []}, play={0: ["Overlord", "Horse (rotated)", "Healer"]})
    command(state, "Overlord")
    act(state, "command Horse", "command Healer")
    assert len(state.hands[0]) == 2 and state.money[0] == 5


def test_overlord_with_no_gold_card_still_commands_the_blue_one():
    state = table(hands={0: [], 1: [], 2: []}, play={0: ["Overlord", "Horse"]})
    command(state, "Overlord")
    act(state, "command Horse")
    assert [len(h) for h in state.hands] == [2, 1, 1] and done(state)


def test_overlord_directors_it_commands_do_nothing():
    state = table(hands={0: [], 2: ["Hero"]}, play={0: ["Spy"]})
    command(state, "Overlord")
    act(state, "command Spy")
    assert done(state) and state.known[2] == []


def test_patron_may_play_even_without_gaining():
    state = table(money={0: 8}, hands={0: ["Hero"]})
    command(state, "Patron")
    assert state.money[0] == 8
    act(state, "play Hero")
    assert state.money[0] == 3
    state = table(money={0: 5}, hands={0: []})
    command(state, "Patron")
    assert state.money[0] == 8


def test_patron_a_blue_card_it_plays_during_explore_is_not_commanded_by_explore():
    state = table(money={0: 0}, hands={0: ["Horse"], 1: [], 2: []}, play={0: ["Patron"]},
                  deck=["Villain", "Villain"])
    act(state, "explore", "play Horse")  # Patron: $3, then the $0 Horse
    assert [len(h) for h in state.hands] == [2, 0, 0] and state.money[0] == 3
    assert in_play(state, 0) == ["Horse (rotated)", "Patron (rotated)"] and state.current == 1


def test_puppeteer_commands_two_cards_of_different_costs_and_they_stay_put():
    state = table(money={1: 12}, hands={0: []},
                  play={2: ["Villain (rotated)", "Horse", "Hunter"]})
    command(state, "Puppeteer")
    act(state, "command Villain")
    assert state.legal_actions(0) == ["command Horse", "command Hunter"]
    act(state, "command Horse")
    # Villain hits every other player, the previous player (seat 2) too.
    assert state.minus == [0, 2, 1]
    assert in_play(state, 2) == ["Horse", "Hunter", "Villain (rotated)"]


def test_puppeteer_a_hunter_it_commands_still_affects_the_previous_player():
    state = table(hands={0: ["Spy"], 1: [], 2: ["Horse"]}, play={2: ["Hunter"]})
    command(state, "Puppeteer")
    act(state, "command Hunter")  # the only cost: no second card
    assert deciding(state) == (0, "hunter_colour")  # you command it: you name the colour
    act(state, "name Blue", "discard Spy")
    assert deciding(state) == (2, "hunter_other")  # its owner is one of "the other players"
    act(state, "discard Horse")
    assert state.money == [7, 0, 4] and in_play(state, 2) == ["Hunter"] and done(state)


def test_puppeteer_with_one_cost_commands_only_one():
    state = table(hands={0: [], 2: ["Hero"]}, play={2: ["Horse", "Spy"]},
                  deck=["Villain", "Villain"])
    command(state, "Puppeteer")
    act(state, "command Spy")
    # Spy is a Director: it does nothing (no reveal), and there is no second cost.
    assert done(state) and state.known[2] == []


def test_raider_keeps_one_and_discards_three():
    state = table(hands={1: ["Hero", "Horse", "Spy", "Villain"], 2: ["Hero"]})
    command(state, "Raider")
    assert deciding(state) == (1, "raider_keep")
    act(state, "keep Villain")
    assert state.hands[1] == ["Villain"] and sorted(state.discard) == ["Hero", "Horse", "Spy"]
    assert state.hands[2] == ["Hero"] and done(state)


def test_sphinx_pays_for_an_extra_turn_without_advancing_the_clock():
    state = table(money={0: 10}, play={0: ["Sphinx"]}, hands={0: []})
    act(state, "recruit", "pay")
    assert state.current == 0 and state.on_extra_turn and state.clock == 3
    assert state.legal_actions(0) == ["explore", "collect", "recruit", "unleash"]


def test_sphinx_paying_is_optional():
    state = table(money={0: 10}, play={0: ["Sphinx"]}, hands={0: []})
    act(state, "recruit", "pass")
    assert state.current == 1 and state.money[0] == 10 and not state.on_extra_turn


def test_sphinx_no_unleash_twice_in_a_row_and_nothing_on_an_extra_turn():
    state = table(money={0: 20}, play={0: ["Sphinx"]}, hands={0: []},
                  extra_turn=True, last_action={0: "unleash"})
    assert "unleash" not in state.legal_actions(0)
    act(state, "recruit")
    assert state.current == 1 and state.money[0] == 20


def test_sphinx_one_command_may_be_paid_for_several_times():
    # "If you command a Sphinx and pay for it multiple times in one turn, you can take
    # multiple extra turns in a row."
    state = table(money={0: 25}, play={0: ["Sphinx"]}, hands={0: []})
    act(state, "recruit", "pay", "pay")
    assert state.money[0] == 5 and deciding(state) == (0, "choose_action")  # $5: no third
    assert state.current == 0 and state.on_extra_turn and state.extra_turns == 1
    act(state, "collect")
    assert state.current == 0 and state.on_extra_turn and state.extra_turns == 0
    act(state, "collect")
    assert state.current == 1 and state.clock == 3


def test_sphinx_one_payment_per_command_is_an_option():
    state = table(money={0: 25}, play={0: ["Sphinx"]}, hands={0: []},
                  options={"sphinx_payments": "one"})
    act(state, "recruit", "pay")
    assert state.money[0] == 15 and state.extra_turns == 0 and state.on_extra_turn
    act(state, "collect")
    assert state.current == 1


def test_sphinx_commanded_twice_pays_twice_for_two_extra_turns():
    state = table(money={0: 20}, hands={0: []}, deck=["Sphinx", "Hero", "Hero"])
    command(state, "Mimic")
    act(state, "command Sphinx", "pay", "pay")
    assert state.extra_turns == 2 and state.money[0] == 0
    state = table(money={0: 20}, hands={0: []}, play={0: ["Sphinx", "Sphinx"]},
                  options={"sphinx_payments": "one"})
    act(state, "recruit", "pay", "pay")
    assert state.extra_turns == 1 and state.current == 0 and state.on_extra_turn


def test_spy_reveals_cheap_cards_which_stay_in_hand_and_commands_one():
    state = table(hands={0: [], 2: ["Horse", "Villain", "Hero"]})
    command(state, "Spy")
    assert state.known[2] == ["Hero", "Horse"]
    act(state, "command Horse")
    assert {"Hero", "Horse", "Villain"} <= set(state.hands[2])
    assert len(state.hands[0]) == 2 and len(state.hands[2]) == 4  # Horse: others draw 1


def test_spy_directors_it_commands_do_nothing():
    state = table(hands={0: [], 2: ["Watchdog"]}, play={0: ["Hero"]})
    command(state, "Spy")
    act(state, "command Watchdog")
    assert done(state) and in_play(state, 0) == ["Hero"] and state.hands[0] == []


def test_spy_nothing_happens_without_cheap_cards():
    state = table(hands={2: ["Villain"]})
    command(state, "Spy")
    assert done(state)


def test_squire_others_play_in_turn_order_and_their_cards_stay_rotated():
    state = table(money={0: 5, 1: 5, 2: 5}, hands={0: ["Hero"], 1: ["Hero"], 2: ["Horse"]},
                  play={0: ["Squire"]})
    act(state, "recruit", "pass")  # Recruit's own play
    act(state, "play Hero", "play Hero", "play Horse")
    assert [in_play(state, s) for s in (1, 2)] == [["Hero (rotated)"], ["Horse (rotated)"]]
    act(state, "collect")  # seat 1's own turn: its Hero is still rotated from seat 0's turn
    assert len(state.hands[1]) == 0


def test_squire_a_red_card_it_plays_during_recruit_is_not_commanded_by_recruit():
    state = table(money={0: 0}, hands={0: ["Alpha"], 1: [], 2: []}, play={0: ["Squire"]})
    act(state, "recruit", "pass", "play Alpha")  # Recruit's own play passed; Squire's play
    assert state.money[0] == 0  # Alpha ($2 a card played) never ran
    assert in_play(state, 0) == ["Alpha (rotated)", "Squire (rotated)"] and state.current == 1


def test_unicorn_commanded_removes_one_and_played_refunds_ten():
    state = table(money={0: 10}, minus={0: 2}, hands={0: ["Unicorn"]})
    act(state, "recruit", "play Unicorn")
    assert state.money[0] == 10
    command(state, "Unicorn", seat=0)
    assert state.minus[0] == 1


def test_vampire_only_players_with_four_cards_lose_one_costing_five_or_more():
    state = table(play={1: ["Hero", "Horse", "Spy", "Villain (rotated)"],
                        2: ["Hero", "Horse", "Villain"]})
    command(state, "Vampire")
    assert state.legal_actions(1) == ["discard Hero", "discard Villain (rotated)"]
    act(state, "discard Villain (rotated)")
    assert state.score(1) == 3 + 1 + 1 and done(state)


def test_vampire_nothing_without_cards_costing_five():
    state = table(play={1: ["Horse", "Spy", "Magpie", "Squire"]})
    command(state, "Vampire")
    assert done(state)


def test_villain_ten_dollars_or_more_take_two():
    state = table(money={1: 10, 2: 9})
    command(state, "Villain")
    assert state.minus == [0, 2, 1]


def test_watchdog_commands_a_card_then_returns_it():
    state = table(money={0: 5}, hands={0: []}, play={0: ["Watchdog", "Hero (rotated)"]})
    command(state, "Watchdog")
    act(state, "return Hero (rotated)")
    assert sorted(state.hands[0]).count("Hero") == 1 and len(state.hands[0]) == 3
    assert state.known[0] == ["Hero"] and in_play(state, 0) == ["Watchdog"]
    assert state.score(0) == 1


def test_watchdog_the_returned_card_can_be_replayed_the_same_turn():
    state = table(money={0: 0}, hands={0: [], 1: [], 2: []},
                  play={0: ["Watchdog", "Squire", "Hero (rotated)"]}, deck=["Spy", "Spy"])
    act(state, "recruit", "command Watchdog", "return Hero (rotated)")
    assert state.money[0] == 5 and "Hero" in state.hands[0]  # Hero ran: 2 cards, $5
    act(state, "play Hero")  # Squire, commanded next: Hero is played again, for $5
    assert state.money[0] == 0 and state.hands[0] == ["Spy", "Spy"]
    assert in_play(state, 0) == ["Hero", "Squire (rotated)", "Watchdog (rotated)"]
    assert state.current == 1 and state.score(0) == 3 + 1 + 1  # Hero counts again


def test_watchdog_returns_a_card_recruit_is_about_to_command_and_it_is_still_commanded():
    state = table(money={0: 0}, hands={0: []}, play={0: ["Watchdog", "Falconer"]},
                  deck=["Hero", "Horse"])
    act(state, "recruit", "command Watchdog", "return Falconer")
    # Watchdog commanded Falconer ($3, draw 1) and returned it; Recruit still commands it.
    assert state.money[0] == 6
    assert sorted(state.hands[0]) == ["Falconer", "Hero", "Horse"]
    assert in_play(state, 0) == ["Watchdog (rotated)"] and state.current == 1


def test_watchdog_returns_only_the_chosen_card_not_another_copy():
    state = table(money={0: 0}, hands={0: []},
                  play={0: ["Watchdog", "Kitsune", "Kitsune (rotated)"], 1: ["Villain"]})
    command(state, "Watchdog")
    act(state, "return Kitsune")  # Kitsune is commanded: it gives itself away
    act(state, "give Kitsune", "take Villain")
    # The chosen Kitsune has left play, so nothing returns; the other Kitsune stays.
    assert state.hands[0] == [] and state.known[0] == []
    assert in_play(state, 0) == ["Kitsune (rotated)", "Villain", "Watchdog"]
    assert in_play(state, 1) == ["Kitsune"] and done(state)
    assert all(set(c) == {"card", "rotated", "new"} for area in state.areas for c in area)


def test_warlord_a_gold_card_it_plays_during_collect_is_not_commanded_by_collect():
    state = table(money={0: 0}, hands={0: ["Healer"], 1: [], 2: []}, play={0: ["Warlord"]})
    act(state, "collect", "play Healer")  # Collect $5, Warlord $5, Healer -$5
    assert state.money[0] == 5  # Healer's $5 never came
    assert in_play(state, 0) == ["Healer (rotated)", "Warlord (rotated)"] and state.current == 1


def test_warlord_gains_five_and_may_play():
    state = table(money={0: 0}, hands={0: ["Hero"]})
    command(state, "Warlord")
    act(state, "play Hero")
    assert state.money[0] == 0 and in_play(state, 0) == ["Hero (rotated)"]

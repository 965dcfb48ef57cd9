"""#4 and #11 Events: one scenario per Event FAQ entry (and Party, which has none)."""

from dataclasses import replace

import pytest

from squidbox.games.directors import Directors

from .positions import GAME, act, command, deciding, done, in_play, step, table


def test_event_is_active_only_on_its_white_clocks():
    state = table(turn=4, events=["Eruption"])
    assert state.active("Eruption")
    state.clock = 5
    assert not state.active("Eruption")


def test_cleaning_pays_other_players_who_discard_on_your_turn():
    state = table(turn=2, events=["Cleaning"], hands={0: [], 1: ["Hero", "Horse", "Spy"], 2: []})
    command(state, "Bishop")
    act(state, "discard Hero", "discard Horse", "discard Spy")
    assert state.money[1] == 3


def test_cleaning_counts_discards_from_the_deck_and_from_play():
    state = table(turn=2, events=["Cleaning"], hands={0: []}, deck=["Spy", "Hero", "Villain"])
    command(state, "Mimic")
    assert state.money[0] == 3
    state = table(turn=2, events=["Cleaning"],
                  play={1: ["Hero", "Horse", "Spy", "Magpie"]})
    command(state, "Vampire")
    act(state, "discard Hero")
    assert state.money[1] == 1


def test_commerce_discards_inventor_from_play_to_play_agent_for_free():
    state = table(turn=3, events=["Commerce"], money={0: 0}, hands={0: ["Agent"]},
                  play={0: ["Inventor (rotated)"]})
    step(state, "event", name="Commerce")
    act(state, "discard Inventor (rotated)", "play Agent")
    assert in_play(state, 0) == ["Agent"] and state.money[0] == 0
    assert state.discard == ["Inventor"] and state.score(0) == 4


def test_commerce_the_new_card_costs_at_most_the_discarded_one():
    state = table(turn=3, events=["Commerce"], money={0: 20},
                  hands={0: ["Horse", "Villain"]}, play={0: ["Hero (rotated)", "Alpha"]})
    step(state, "event", name="Commerce")
    # Alpha ($0) can only buy a $0 card, and Horse is cheapest in hand: both may go.
    assert state.legal_actions(0) == ["discard Alpha", "discard Hero (rotated)", "pass"]
    act(state, "discard Hero (rotated)")
    assert state.legal_actions(0) == ["play Horse", "pass"]  # not the $10 Villain
    act(state, "play Horse")
    assert in_play(state, 0) == ["Alpha", "Horse"] and state.money[0] == 20
    state = table(turn=3, events=["Commerce"], hands={0: ["Villain"]}, play={0: ["Hero"]})
    step(state, "event", name="Commerce")
    assert state.legal_actions(0) == ["pass"]  # nothing in play costs as much as the Villain


def test_commerce_is_optional_and_needs_a_hand_and_a_play_area():
    state = table(turn=3, events=["Commerce"], hands={0: ["Horse"]}, play={0: ["Hero"]})
    step(state, "event", name="Commerce")
    act(state, "pass")
    assert in_play(state, 0) == ["Hero"] and state.hands[0] == ["Horse"] and done(state)
    state = table(turn=3, events=["Commerce"], hands={0: []}, play={0: ["Hero"]})
    step(state, "event", name="Commerce")
    assert done(state)


def test_commerce_only_the_new_card_is_unrotated():
    state = table(turn=3, events=["Commerce"], money={0: 0}, hands={0: ["Horse"]},
                  play={0: ["Spy (rotated)", "Hero"]})
    step(state, "event", name="Commerce")
    act(state, "discard Hero", "play Horse")
    assert in_play(state, 0) == ["Horse", "Spy (rotated)"]
    assert [c["rotated"] for c in state.areas[0] if c["card"] == "Horse"] == [False]


def test_commerce_new_card_can_be_commanded_by_this_turns_action():
    # The FAQ overrides "Cards that are played are always rotated": the Action commands it.
    state = table(turn=3, events=["Commerce"], money={0: 0}, hands={0: ["Horse"], 1: [], 2: []},
                  play={0: ["Hero"]}, first=1)
    step(state, "begin_turn")  # Commerce comes at the start of the turn
    act(state, "discard Hero", "play Horse")
    assert in_play(state, 0) == ["Horse"]
    act(state, "explore")
    assert [len(h) for h in state.hands] == [4, 1, 1]  # Explore's 2, Horse's 2, 1 each
    assert in_play(state, 0) == ["Horse (rotated)"] and state.current == 1


def test_commerce_new_card_entering_rotated_is_an_option():
    state = table(turn=3, events=["Commerce"], money={0: 0}, hands={0: ["Horse"], 1: [], 2: []},
                  play={0: ["Hero"]}, first=1, options={"commerce_new_card": "rotated"})
    step(state, "begin_turn")
    act(state, "discard Hero", "play Horse")
    assert in_play(state, 0) == ["Horse (rotated)"]
    act(state, "explore")
    assert [len(h) for h in state.hands] == [2, 0, 0] and state.current == 1


def test_commerce_new_card_can_be_commanded_by_a_director_this_turn():
    state = table(turn=3, events=["Commerce"], money={0: 0}, hands={0: ["Horse"], 1: [], 2: []},
                  play={0: ["Hero", "Inventor"]}, first=1,
                  options={"commerce_new_card": "rotated"})
    step(state, "begin_turn")
    act(state, "discard Hero", "play Horse", "recruit")
    act(state, "command Horse")  # Inventor commands the card played this turn
    assert len(state.hands[1]) == 1


def test_crowdfunding_pays_five_to_remove_every_token():
    state = table(turn=9, events=["Crowdfunding"], money={0: 5}, minus={0: 1})
    step(state, "event", name="Crowdfunding")
    act(state, "pay")
    assert state.minus[0] == 0 and state.money[0] == 0


def test_crowdfunding_is_optional_and_needs_tokens_and_five_dollars():
    state = table(turn=9, events=["Crowdfunding"], money={0: 5}, minus={0: 2})
    step(state, "event", name="Crowdfunding")
    act(state, "pass")
    assert state.minus[0] == 2 and state.money[0] == 5 and done(state)
    for money, minus in ((5, 0), (4, 2)):
        state = table(turn=9, events=["Crowdfunding"], money={0: money}, minus={0: minus})
        step(state, "event", name="Crowdfunding")
        assert done(state)


def test_dance_all_players_draw_two_and_cannot_decline():
    state = table(turn=3, events=["Dance"], current=0, first=1, hands={0: [], 1: [], 2: []})
    step(state, "begin_turn")
    assert deciding(state) == (0, "dance_choice")  # at the start of the turn, before the Action
    act(state, "bonus draw")
    assert [len(h) for h in state.hands] == [2, 2, 2] and done(state)


def test_eruption_discards_one_card_of_each_colour_the_sole_card_too():
    state = table(turn=4, events=["Eruption"],
                  play={0: ["Hero", "Horse", "Villain"]})
    step(state, "event", name="Eruption")
    act(state, "discard Horse")
    # The only Gold card goes; there is no Red card, so only two cards are discarded.
    assert in_play(state, 0) == ["Hero"] and sorted(state.discard) == ["Horse", "Villain"]
    assert state.score(0) == 3


def test_expedition_after_exploring_plays_up_to_two_free_cards():
    state = table(turn=2, events=["Expedition"], money={0: 0}, hands={0: ["Horse", "Spy"]},
                  deck=["Villain", "Villain"])
    act(state, "explore", "play Horse", "play Spy")
    assert in_play(state, 0) == ["Horse (rotated)", "Spy (rotated)"]


def test_expedition_plays_only_zero_dollar_cards():
    state = table(turn=2, events=["Expedition"], money={0: 10}, hands={0: ["Hero", "Horse"]},
                  deck=["Villain", "Villain"])
    act(state, "explore")
    assert state.legal_actions(0) == ["play Horse", "pass"]


def test_expedition_does_nothing_without_exploring():
    state = table(turn=2, events=["Expedition"], money={0: 0}, hands={0: ["Horse"]})
    act(state, "collect")
    assert state.current == 1 and in_play(state, 0) == []


def test_job_fair_only_recruit_even_after_recruiting():
    state = table(turn=6, events=["Job Fair"], last_action={0: "recruit"},
                  play={0: ["Squire (rotated)"]})
    assert state.legal_actions(0) == ["recruit"]
    act(state, "recruit")
    assert state.current == 1  # nothing to command: the Red cards are still rotated


def test_masquerade_hero_previous_player_draws_and_gains_if_you_hold_five_or_fewer():
    # "if you have 5 or fewer in hand": your hand (4) is counted, not the previous player's
    # (4 + the 2 drawn = 6).
    state = table(turn=5, events=["Masquerade"], hands={0: ["Spy"] * 2 + ["Horse"] * 2,
                                                         2: ["Hero"] * 2 + ["Villain"] * 2})
    command(state, "Hero")
    assert len(state.hands[2]) == 6 and state.money[2] == 5
    assert len(state.hands[0]) == 4 and state.money[0] == 0


def test_masquerade_hero_nothing_gained_when_you_hold_more_than_five():
    state = table(turn=5, events=["Masquerade"], hands={0: ["Spy"] * 2 + ["Horse"] * 2
                                                         + ["Hero"] * 2, 2: []})
    command(state, "Hero")
    assert len(state.hands[2]) == 2 and state.money == [0, 0, 0]


def test_meteor_shower_gives_one_extra_turn_and_the_clock_stays():
    state = table(turn=7, events=["Meteor Shower"], last_action={0: "collect"})
    act(state, "unleash")
    assert state.current == 0 and state.on_extra_turn and state.clock == 7
    assert "unleash" not in state.legal_actions(0)
    act(state, "collect")
    assert state.current == 1  # no second extra turn from the extra turn


def test_meteor_shower_other_events_of_the_turn_are_still_active_on_the_extra_turn():
    state = table(turn=6, events=["Meteor Shower", "Dance"], hands={0: [], 1: [], 2: []},
                  current=2, first=0)
    act(state, "collect")  # seat 2 ends turn 6; seat 0 turns the clock to 7
    assert state.clock == 7 and deciding(state) == (0, "dance_choice")
    act(state, "bonus money", "collect")
    assert state.money[0] == 3 + 5 and state.on_extra_turn and state.clock == 7
    assert deciding(state) == (0, "dance_choice")  # Dance is active on the extra turn too
    act(state, "bonus money")
    assert state.money[0] == 3 + 5 + 3


def test_meteor_shower_with_a_sphinx_gives_both_extra_turns_and_no_more():
    state = table(turn=7, events=["Meteor Shower"], money={0: 10}, hands={0: [], 1: [], 2: []},
                  play={0: ["Sphinx"]})
    act(state, "recruit", "pay")  # Sphinx's extra turn, then Meteor Shower's at the turn's end
    assert state.current == 0 and state.on_extra_turn and state.extra_turns == 1
    act(state, "collect")
    assert state.current == 0 and state.on_extra_turn and state.extra_turns == 0
    act(state, "collect")  # Meteor Shower is not active on the extra turns it follows
    assert state.current == 1 and not state.on_extra_turn and state.clock == 7


@pytest.mark.parametrize(("plays", "minus"), [(0, 2), (1, 0), (2, 2), (3, 0)])
def test_performance_exactly_one_or_three_plus_cards_played_is_safe(plays, minus):
    # Cards really played this turn: Recruit's play, then one more per Squire it commands.
    # Seat 1 also plays a card on your turn (Squire): it is not yours and does not count.
    hand = ["Horse", "Spy", "Artisan"][:plays]
    state = table(turn=8, events=["Performance"], money={0: 0},
                  hands={0: hand, 1: ["Hunter"], 2: []}, play={0: ["Squire"] * (plays - 1)})
    act(state, "recruit")
    for name in hand:
        act(state, f"play {name}")
        if deciding(state) == (1, "choose_play"):
            act(state, "play Hunter")
    assert len(state.areas[0]) == plays + max(0, plays - 1) and state.hands[0] == []
    assert len(state.areas[1]) == (1 if plays > 1 else 0)
    assert state.current == 1 and state.minus[0] == minus


def test_protest_rotates_your_zero_dollar_cards_only():
    state = table(turn=6, events=["Protest"], play={0: ["Horse", "Hero"]})
    step(state, "event", name="Protest")
    assert in_play(state, 0) == ["Hero", "Horse (rotated)"]
    state = table(turn=6, events=["Protest"], play={0: ["Hero", "Villain"]})
    step(state, "event", name="Protest")
    assert in_play(state, 0) == ["Hero", "Villain"]  # no $0 card: nothing happens


def test_party_gains_three():
    state = table(turn=1, events=["Party"])
    step(state, "event", name="Party")
    assert state.money[0] == 3


def test_snowfall_rotates_again_the_cards_played_this_turn():
    state = table(turn=9, events=["Snowfall"], money={0: 0}, hands={0: ["Horse"]})
    act(state, "recruit", "play Horse")
    # Recruit un-rotated the Blue Horse; Snowfall at the end of the turn rotates it again.
    assert in_play(state, 0) == ["Horse (rotated)"] and state.current == 1


def test_snowfall_and_expedition_together_are_resolved_in_the_order_you_choose():
    # With the proposed clocks they never share a turn: give Expedition turn 10 as well.
    events = dict(GAME.data.events)
    events["Expedition"] = replace(events["Expedition"], turns=(2, 4, 10))
    game = Directors(replace(GAME.data, events=events))
    state = table(turn=10, events=["Snowfall", "Expedition"], money={0: 0}, game=game,
                  hands={0: ["Horse", "Spy"]}, deck=["Hero", "Hero"])
    act(state, "explore")
    assert state.legal_actions(0) == ["resolve Expedition", "resolve Snowfall"]
    act(state, "resolve Snowfall", "play Horse", "play Spy")
    # Snowfall is over, so it does not touch them; played cards still enter play rotated.
    assert in_play(state, 0) == ["Horse (rotated)", "Spy (rotated)"] and state.current == 1


def test_tournament_ties_get_nothing():
    state = table(turn=5, events=["Tournament"], hands={0: ["Hero", "Spy"], 1: ["Hero", "Spy"]})
    step(state, "event", name="Tournament")
    assert state.money[0] == 0
    state = table(turn=5, events=["Tournament"], hands={0: ["Hero", "Spy"], 1: ["Hero"]})
    step(state, "event", name="Tournament")
    assert state.money[0] == 4


def test_vacation_on_unleash_skips_its_first_line_but_still_unrotates():
    state = table(turn=5, events=["Vacation"], money={0: 0}, hands={0: ["Horse"], 1: [], 2: []},
                  play={0: ["Hero (rotated)", "Squire (rotated)"]})
    act(state, "unleash", "pass")  # "pass": no Falconer (asked of everyone holding cards)
    # No -5 crowns, no $10, no card to play; every card is still un-rotated.
    assert state.minus[0] == 0 and state.money[0] == 0 and state.hands[0] == ["Horse"]
    assert in_play(state, 0) == ["Hero", "Squire"] and state.current == 1


def test_vacation_skips_the_first_line_but_still_commands():
    state = table(turn=5, events=["Vacation"], hands={0: []}, play={0: ["Horse"]})
    act(state, "explore")
    assert len(state.hands[0]) == 2  # Horse's 2, not Explore's
    assert in_play(state, 0) == ["Horse (rotated)"]


def test_zoo_opening_plays_a_card_instead_of_commanding():
    state = table(turn=4, events=["Zoo Opening"], money={0: 10}, hands={0: ["Villain"]},
                  play={0: ["Horse"]})
    act(state, "explore")
    assert deciding(state) == (0, "zoo_opening")
    act(state, "play Villain")
    assert len(state.hands[1]) == 0  # Horse did not run
    assert sorted(c["card"] for c in state.areas[0]) == ["Horse", "Villain"]


def test_zoo_opening_works_even_for_a_director_commanding_a_director():
    state = table(turn=4, events=["Zoo Opening"], money={0: 10}, hands={0: ["Villain"]},
                  play={0: ["Spy"]})
    command(state, "Spy", by_director=True)
    act(state, "play Villain")
    assert in_play(state, 0) == ["Spy", "Villain (rotated)"]

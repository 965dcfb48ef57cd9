"""#9 public information: play areas, rotation, money, tokens, hand sizes and the discard pile
are public; hands and the deck's order are not."""

import random

from .positions import act, command, table


def test_a_view_shows_your_hand_and_only_the_size_of_the_others():
    state = table(hands={0: ["Hero"], 1: ["Villain", "Spy"]}, play={1: ["Horse (rotated)"]},
                  money={1: 7}, minus={1: 2}, discard=["Bishop"])
    view = state.view(0)["state"]
    assert view["hand"] == ["Hero"]
    other = view["players"][1]
    assert other["hand_size"] == 2 and "Villain" not in str(other)
    assert other["in_play"] == [{"card": "Horse", "rotated": True, "new": False}]
    assert (other["money"], other["minus"]) == (7, 2)
    assert view["discard"] == ["Bishop"]
    assert state.view(None)["state"]["hand"] is None


def test_revealed_cards_stay_known_in_the_hand_when_resampling():
    state = table(hands={0: [], 2: ["Horse", "Villain", "Hero"]})
    command(state, "Spy")  # seat 2 reveals Hero and Horse
    act(state, "command Hero")
    for key in range(5):
        resampled = state.resample(0, random.Random(key))
        assert {"Hero", "Horse"} <= set(resampled.hands[2])
        assert len(resampled.hands[2]) == 3


def test_the_card_raider_lets_you_keep_is_hidden_from_the_others():
    state = table(hands={1: ["Hero", "Horse", "Spy"]})
    command(state, "Raider")
    act(state, "keep Spy")
    assert state.history[-1] == (1, "keep Spy")
    assert state.resample(0, random.Random(1), records=True).history[-1] == (1, "?")
    assert "Spy" not in str(state.log(0)[-3:])


def test_another_seats_draw_shows_only_how_many_and_the_deck_order_is_never_shown():
    state = table(hands={0: []}, deck=["Villain", "Bishop"])
    act(state, "explore")
    mine = [e for e in state.log(0) if e["type"] == "draw"]
    theirs = [e for e in state.log(1) if e["type"] == "draw"]
    assert mine[-1]["cards"] == ["Villain", "Bishop"]
    assert "cards" not in theirs[-1] and "Villain" not in theirs[-1]["text"]
    view = state.view(1)["state"]
    assert "deck" not in view and view["deck_size"] == len(state.deck)
    assert "Villain" not in str(view) and "Villain" not in str(state.view(None))


def test_a_card_watchdog_returned_stays_known_in_hand_when_resampling():
    state = table(hands={0: ["Spy", "Horse"]}, play={0: ["Watchdog", "Healer (rotated)"]})
    command(state, "Watchdog")
    act(state, "return Healer (rotated)")
    for key in range(5):
        resampled = state.resample(1, random.Random(key))
        assert "Healer" in resampled.hands[0] and len(resampled.hands[0]) == 3
        resampled.check_invariants()


def test_a_card_shown_again_is_known_once_and_a_second_copy_when_shown():
    # What everyone knows of a hand stays put when a bot resamples it: never more than was shown.
    state = table(hands={0: ["Horse", "Horse", "Hero"]})
    state.reveal(0, ["Horse"])
    state.reveal(0, ["Horse"])  # the same card shown again
    assert state.known[0] == ["Horse"]
    state.reveal(0, ["Horse", "Horse"])  # both at once: the second copy is known now
    assert state.known[0] == ["Horse", "Horse"]

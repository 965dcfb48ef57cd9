"""The call is a simultaneous hidden choice: nothing of a vote shows until all are in."""

import random

from squidbox import i18n

from .positions import BLUE, GREEN, RED, call, position

SIX = "R1 B1 G1 R2 B2 G2"


def test_a_vote_stays_hidden_until_everyone_has_chosen():
    state = position(SIX, players=3, guard="R1", hands={RED: ["Zeige 2"]})
    before = {seat: state.view(seat)["state"] for seat in (BLUE, GREEN, None)}
    state.apply(RED, "play Zeige 2")
    assert state.to_move() == [BLUE, GREEN]
    for seat in (BLUE, GREEN, None):
        view = state.view(seat)["state"]
        assert view["my_vote"] is None
        assert view["players"][RED]["tricks"] == 1  # the card stays in the fist
        assert view["players"][RED]["has_voted"]
        assert {k: v for k, v in view.items() if k != "players"} == {
            k: v for k, v in before[seat].items() if k != "players"}
    # The log tells the voter their own choice and everyone else only that Red has voted.
    assert [e["text"] for e in state.log(RED)] == ["You vote 2 (Zeige 2)."]
    assert [e["text"] for e in state.log(BLUE)] == ["Red has voted."]
    assert state.log(GREEN) == state.log(None) == state.log(BLUE)
    assert "vote" not in state.log(BLUE)[0] and "Zeige" not in str(state.log(None))
    assert state.view(RED)["state"]["my_vote"] == "play Zeige 2"


def test_every_vote_is_logged_redacted_and_the_reveal_shows_them_all():
    state = position(SIX, players=3, guard="R1", guard_pile=["Leeres Magazin"])
    call(state, 1, 0, 1)
    assert [e["text"] for e in state.log(BLUE)][:3] == [
        "Red has voted.", "You vote 0.", "Green has voted."]
    assert [e["text"] for e in state.log(None)][:3] == [
        "Red has voted.", "Blue has voted.", "Green has voted."]
    assert state.log(RED)[0] == {"type": "vote", "text": "You vote 1.", "seat": RED, "vote": 1}
    assert state.log(None)[3]["type"] == "call"  # then the reveal, in public


def test_a_resample_keeps_only_the_redacted_vote_entries_of_others():
    state = position(SIX, players=3, guard="R1", hands={RED: ["Zeige 2"]})
    state.apply(RED, "play Zeige 2")
    resampled = state.resample(BLUE, random.Random(1), records=True)
    assert "Zeige" not in str(resampled.log(BLUE)) and "Zeige" not in str(resampled.events)


def test_others_see_a_hidden_vote_as_unknown_in_a_resampled_history():
    state = position(SIX, players=3, guard="R1")
    state.apply(RED, "vote 1")
    resampled = state.resample(BLUE, random.Random(3), records=True)
    assert resampled.history == [(RED, "?")]
    assert state.resample(RED, random.Random(3), records=True).history == [(RED, "vote 1")]


def test_a_resample_redraws_others_pending_votes_from_their_possible_choices():
    state = position(SIX, players=3, guard="R1", hands={RED: ["Zeige 2"], GREEN: ["Zeige −1"]})
    state.apply(RED, "vote 0")
    seen = set()
    for key in range(40):
        resampled = state.resample(BLUE, random.Random(key))
        vote = resampled.votes[RED]
        assert vote in resampled.call_options(RED)
        seen.add(vote)
        assert resampled.view(BLUE) == state.view(BLUE)
    assert len(seen) > 1  # the true vote is not kept
    assert seen <= {"vote 0", "vote 1", "play Zeige 2", "play Zeige −1"}


def test_the_votes_are_revealed_together_once_the_last_is_in():
    state = position(SIX, players=3, guard="R1", guard_pile=["Leeres Magazin"])
    call(state, 1, 0, 1)
    reveal = next(e for e in state.log(None) if e["type"] == "call")
    assert reveal["votes"] == [1, 0, 1] and reveal["total"] == 2
    assert reveal["text"] == ("Round 1, the call: Red 1, Blue 0, Green 1; "
                              "the guard moves 2 clockwise to Green 1.")
    assert reveal["named_seats"] == [0, 1, 2]  # the seats whose calls it lists


def test_hands_are_private_but_their_sizes_are_public():
    state = position(SIX, players=3, guard="R1", hands={RED: ["Zeige 2", "Zweite Chance"]})
    assert state.view(RED)["state"]["hand"] == ["Zeige 2", "Zweite Chance"]
    assert state.view(BLUE)["state"]["hand"] == []
    assert state.view(None)["state"]["hand"] is None
    assert state.view(BLUE)["state"]["players"][RED]["tricks"] == 2
    assert "Zweite" not in str(state.view(BLUE)) and "Zweite" not in str(state.view(None))


def test_a_german_reader_sees_its_own_vote_and_only_that_others_voted():
    state = position(SIX, players=3, guard="R1", hands={RED: ["Zeige 2"]})
    state.apply(RED, "play Zeige 2")
    with i18n.language("de"):
        mine, theirs = state.log(RED)[-1], state.log(BLUE)[-1]
    assert mine["type"] == theirs["type"] == "vote"
    assert mine["vote"] == 2 and "vote" not in theirs
    assert mine["text"] != theirs["text"]
    state.apply(BLUE, "vote 0")
    state.apply(GREEN, "vote 1")
    with i18n.language("de"):
        call_in_german = next(e for e in state.log(BLUE) if e["type"] == "call")["text"]
    assert "Rot 2 (Zeige 2), Blau 0, Grün 1" in call_in_german  # colours in German too

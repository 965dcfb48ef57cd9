"""Rules with many cases, checked over generated positions."""

from hypothesis import given, settings
from hypothesis import strategies as st

from squidbox.games.directors.data import COLOUR_OF_ACTION

from .positions import GAME, act, command, in_play, table

CARD_NAMES = sorted(GAME.data.cards)
ROTATED = " (rotated)"

play_areas = st.lists(
    st.tuples(st.sampled_from(CARD_NAMES), st.booleans()), min_size=0, max_size=8,
    unique_by=lambda card: card[0],
).map(lambda cards: [name + (ROTATED if rotated else "") for name, rotated in cards])


@settings(max_examples=60, deadline=None)
@given(area=play_areas, action=st.sampled_from(["explore", "collect", "recruit", "unleash"]))
def test_steps_three_and_four_rotate_the_actions_colour_and_unrotate_the_rest(area, action):
    # Turn 1: nothing is commanded, so only the rotation steps touch the play area.
    state = table(turn=1, play={0: area}, hands={0: []}, money={0: 0})
    act(state, action)
    colour = COLOUR_OF_ACTION.get(action)
    expected = sorted(
        name.removesuffix(ROTATED) + (ROTATED if GAME.data.cards[
            name.removesuffix(ROTATED)].colour == colour else "")
        for name in area)
    assert in_play(state, 0) == expected
    assert state.current == 1


@settings(max_examples=60, deadline=None)
@given(deck_size=st.integers(0, 6), discard_size=st.integers(0, 6), count=st.integers(0, 8))
def test_drawing_takes_the_deck_first_then_the_shuffled_discards_then_stops(
        deck_size, discard_size, count):
    names = sorted(GAME.data.deck())
    deck, discard = names[:deck_size], names[deck_size:deck_size + discard_size]
    rest = names[deck_size + discard_size:]
    state = table(hands={0: [], 1: rest}, deck=deck, discard=discard)
    state.draw(0, count)
    drawn = min(count, deck_size + discard_size)
    assert len(state.hands[0]) == drawn
    assert sorted(state.hands[0][:min(count, deck_size)]) == sorted(deck[:min(count, deck_size)])
    assert state.discard == ([] if count > deck_size else discard)
    state.check_invariants()


@settings(max_examples=40, deadline=None)
@given(money=st.lists(st.integers(0, 20), min_size=2, max_size=4),
       tokens=st.lists(st.integers(0, 5), min_size=5, max_size=5))
def test_villain_gives_one_token_and_one_more_from_ten_dollars(money, tokens):
    players = len(money) + 1
    state = table(players=players, money={s + 1: m for s, m in enumerate(money)},
                  minus={s: tokens[s] for s in range(players)})
    command(state, "Villain")
    for seat, cash in enumerate(money, start=1):
        assert state.minus[seat] == tokens[seat] + 1 + (cash >= 10)
    assert state.minus[0] == tokens[0]

import pytest
from hypothesis import given
from hypothesis import strategies as st

from squidbox.engine import Rng, Rng1
from squidbox.engine.jsoncopy import copy_json
from squidbox.engine.rng import GAMMA, _refit, mix64

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner,
                                                                 max_size=4),
    max_leaves=20,
)


@given(json_values)
def test_copy_json_is_equal_and_independent(value):
    copied = copy_json(value)
    assert copied == value
    if isinstance(value, list):
        copied.append("new")
        assert copied != value


def test_copy_json_refuses_non_json():
    with pytest.raises(TypeError, match="not a JSON value"):
        copy_json({"a": (1, 2)})


@given(st.integers(min_value=-(2**62), max_value=2**62), st.integers(0, 50))
def test_rng_is_a_function_of_seed_and_draws(seed, skip):
    a, b = Rng(seed), Rng(seed)
    for _ in range(skip):
        a.randrange(10)
    b = Rng.from_json(a.to_json())
    items_a, items_b = list(range(20)), list(range(20))
    a.shuffle(items_a)
    b.shuffle(items_b)
    assert items_a == items_b
    assert a.copy().randrange(1000) == a.randrange(1000)


def test_rng_draws_known_values_on_every_machine():
    # Pinned: a change here would change every recorded game and snapshot (format 2).
    rng = Rng(7)
    items = list(range(10))
    rng.shuffle(items)
    assert items == [3, 7, 9, 8, 4, 5, 6, 2, 0, 1]
    assert rng.randrange(1000) == 509
    assert rng.to_json() == [7, 10]
    assert Rng(-5).sample(range(20), 4) == [13, 5, 2, 4]


def test_the_format_1_generator_still_draws_what_it_always_drew():
    # Pinned before engine format 2: games stored in format 1 replay with these draws.
    rng = Rng1(7)
    items = list(range(10))
    rng.shuffle(items)
    assert items == [3, 9, 1, 8, 2, 7, 4, 5, 6, 0]
    assert rng.randrange(1000) == 77
    assert rng.to_json() == [7, 2]


def test_a_draw_is_a_half_of_the_splitmix64_word_of_its_counter():
    seed = 123456789
    key = mix64(seed)
    rng = Rng(seed)
    for word_number in range(4):
        word = mix64((key + (word_number + 1) * GAMMA) % 2**64)
        assert rng.randrange(2**32) == word >> 32
        assert rng.randrange(2**32) == word & 0xFFFFFFFF


@given(st.integers(min_value=-(2**64), max_value=2**64), st.integers(0, 7),
       st.integers(2, 70))
def test_shuffle_and_sample_are_the_randrange_steps_of_fisher_yates(seed, skip, n):
    a, b = Rng(seed, skip), Rng(seed, skip)
    items, expected = list(range(n)), list(range(n))
    a.shuffle(items)
    for i in range(n - 1, 0, -1):
        j = b.randrange(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and a.to_json() == b.to_json()
    k = min(3, n)
    pool = list(range(n))
    c = Rng(seed, skip)
    for i in range(k):
        j = i + c.randrange(n - i)
        pool[i], pool[j] = pool[j], pool[i]
    assert Rng(seed, skip).sample(range(n), k) == pool[:k]


def test_randrange_rejects_the_values_that_would_bias_it():
    stop = 3 * 2**30  # the top quarter of 32-bit values must be redrawn
    rng = Rng(11)
    values = [rng.randrange(stop) for _ in range(4000)]
    assert max(values) < stop and rng.draws == 4000  # a redraw uses no further draw
    thirds = [sum(v // 2**30 == t for v in values) for t in range(3)]
    assert all(1200 < count < 1470 for count in thirds), thirds
    assert _refit(2**32 - 1, stop) < stop


def test_randrange_refuses_an_empty_or_too_wide_range():
    for stop in (0, -1, 2**32 + 1):
        with pytest.raises(ValueError, match="randrange"):
            Rng(1).randrange(stop)


@pytest.mark.parametrize("seed", range(20))
def test_the_redeal_shuffle_is_random_shuffle(seed):
    """engine/zones.py writes out random.Random.shuffle for speed: same order, same draws."""
    import random

    from squidbox.engine.zones import shuffle

    for n in (0, 1, 2, 5, 33, 200):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(n)), list(range(n))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b and ours.getstate() == theirs.getstate()

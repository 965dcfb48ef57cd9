"""Variants: data edits by dotted key change play, go through each game's own
validation, and bad keys or values are refused naming the file, the key and what is allowed."""

from pathlib import Path

import pytest

from squidbox.engine import DataFileError
from squidbox.sim import SimulationPlan, make_backend, play_plan
from squidbox.variant import make_variant, parse_variant_spec, shipped_data_file, variant_game


def play_rate(variant, card: str, games: int = 20) -> float:
    """Times `card` was played per time it was drawn: 3-player Directors, greedy bots."""
    plan = SimulationPlan("directors", 3, ("heuristic:samples=1",), games, seed=4,
                          variant=variant)
    records = []
    play_plan(plan, make_backend("local", 1), records.append)
    def total(category):
        return sum(sum(r["pieces"].get(category, {}).get(card, [0])) for r in records)
    return total("played") / total("drawn")


def test_making_a_card_free_shows_in_its_play_rate():
    free = make_variant("directors", edits=["cards.Agent.cost=0"])
    assert variant_game(free).data.cards["Agent"].cost == 0
    shipped, cheap = play_rate(None, "Agent"), play_rate(free, "Agent")
    assert cheap > shipped + 0.25, (shipped, cheap)  # measured: 0.0 at $10, 0.47 when free


@pytest.mark.parametrize(("game", "edit", "read"), [
    ("grid_squid", "squid.bonus=5", lambda d: d.squid_bonus),
    ("grid_squid", "line_points.5=7", lambda d: d.line_points[5]),
    ("squid_circle", "tricks.show_two.vote=3", lambda d: d.tricks[d.trick_index("show_two")].vote),
    ("squid_game", "marbles.off_table_percent.2=50", lambda d: d.off_table_percent[2]),
    ("squid_inc", "employees.lumbergh.clout=4",
     lambda d: next(e.clout for e in d.employees if e.name == "Lumbergh")),
    ("squid_inc", "tiers[3].multiplier=9", lambda d: d.tiers[3].multiplier),
    ("directors", "events.job_fair.turns=[2, 3]", lambda d: list(d.events["Job Fair"].turns)),
    ("directors", 'cards.Magpie.text="Draw."', lambda d: d.cards["Magpie"].text),
])
def test_every_game_takes_natural_dotted_keys(game, edit, read):
    data = variant_game(make_variant(game, edits=[edit])).data
    value = edit.partition("=")[2]
    expected = {"[2, 3]": [2, 3], '"Draw."': "Draw."}.get(value) or int(value)
    assert read(data) == expected


@pytest.mark.parametrize(("edit", "words"), [
    ("cards.Magpi.cost=4", ["unknown key 'cards.Magpi.cost'", "Magpie", "Advisor"]),
    ("cards.Magpie.price=4", ["cards.Magpie has no 'price'", "cost, crowns"]),
    ("cards.Magpie.cost=four", ["cards.Magpie.cost must be an integer", "'four'"]),
    ("cards.Magpie.cost=[4]", ["cards.Magpie.cost must be an integer"]),
    ("cards.Magpie.cost=-1", ["with --set cards.Magpie.cost=-1", "must be at least 0"]),
    ("cards.Magpie.colour=Purple", ["must be one of Blue, Gold, Red"]),
    ("setup.hand.size=3", ["setup.hand is a single value"]),
    ("setup.max_events=40", ["setup.max_events", "must be at most the 16 Events"]),
    ("cards.Magpie.cost", ["--set wants KEY=VALUE"]),
    ("cards..cost=1", ["is not a dotted key"]),
])
def test_bad_keys_and_values_name_the_file_the_key_and_what_is_allowed(edit, words):
    with pytest.raises(DataFileError) as refused:
        make_variant("directors", edits=[edit])
    message = str(refused.value)
    assert str(shipped_data_file("directors")) in message
    for word in words:
        assert word in message, message


def test_list_entries_are_named_or_numbered_and_unknown_ones_list_both():
    with pytest.raises(DataFileError, match=r"a number from 0 to 21 or a name: .*Lumbergh"):
        make_variant("squid_inc", edits=["employees.Bob.clout=2"])
    with pytest.raises(DataFileError, match="a number from 0 to 3"):
        make_variant("squid_inc", edits=["tiers.4.rows=1"])


def test_a_data_file_is_validated_and_named_in_errors(tmp_path: Path):
    text = shipped_data_file("grid_squid").read_text().replace("rounds = 3", "rounds = 1")
    edited = tmp_path / "one_round.toml"
    edited.write_text(text)
    variant = make_variant("grid_squid", edited, ["squid.bonus=4"])
    assert variant.label == f"--data {edited} --set squid.bonus=4"
    assert variant_game(variant).data.rounds == 1
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("rounds = 1", "rounds = 0"))
    with pytest.raises(DataFileError, match=f"{broken}: rounds must be at least 1"):
        make_variant("grid_squid", broken)
    with pytest.raises(DataFileError, match="cannot read data file"):
        make_variant("grid_squid", tmp_path / "missing.toml")
    (tmp_path / "bad.toml").write_text("rounds = = 1")
    with pytest.raises(DataFileError, match="not valid TOML"):
        make_variant("grid_squid", tmp_path / "bad.toml")


def test_compare_sides_are_shipped_a_file_or_edits(tmp_path: Path):
    assert parse_variant_spec("grid_squid", "shipped") is None
    both = parse_variant_spec("grid_squid", "rounds=2; squid.bonus=3")
    assert both.edits == ("rounds=2", "squid.bonus=3")
    with pytest.raises(DataFileError, match="give 'shipped', a data file"):
        parse_variant_spec("grid_squid", "rounds=2;a.toml")

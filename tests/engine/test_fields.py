"""FIELDS from typed declarations (engine/fields.py): order, Fixed, inheritance, and a state
that declares its FIELDS twice is refused."""

from __future__ import annotations

import pytest

from squidbox.engine import Field, Fixed, State
from squidbox.games.grid_squid.state import GridSquidState


class Declared(State):  # abstract: only its class attributes are looked at
    layout: Fixed[list[int]]  # set at setup only
    derived: dict[str, int]  # not game data: no Field mark
    hands: Field[list[list[int]]]
    round: Field[int]


class MoreDeclared(Declared):
    extra: Field[bool]


def test_fields_come_from_the_marked_annotations_in_order() -> None:
    assert Declared.FIELDS == ("layout", "hands", "round")
    assert Declared.FIXED_FIELDS == ("layout",)


def test_a_subclass_adds_its_fields_after_its_bases() -> None:
    assert MoreDeclared.FIELDS == ("layout", "hands", "round", "extra")
    assert MoreDeclared.FIXED_FIELDS == ("layout",)


def test_fields_declared_twice_are_refused() -> None:
    with pytest.raises(TypeError, match="twice"):
        class Twice(State):  # noqa: F841
            FIELDS = ("hands",)
            hands: Field[list[int]]


def test_grid_squid_declares_its_fields_by_type() -> None:
    assert GridSquidState.FIELDS[:2] == GridSquidState.FIXED_FIELDS == (
        "symbols_in_play", "tile_symbols")
    assert "hands" in GridSquidState.FIELDS and "geo" not in GridSquidState.FIELDS

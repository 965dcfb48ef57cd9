"""Each game's piece texts come from its data file, with the file's PROPOSED marks."""

from __future__ import annotations

from pathlib import Path

import pytest

import squidbox
from squidbox.games.pieces import comment_statuses
from squidbox.registry import game_part


def values(game_id: str, key: str) -> dict[str, tuple[object, bool]]:
    book = game_part(game_id, "pieces").pieces(squidbox.get_game(game_id))
    return {label: (value, proposed) for label, value, proposed in book.pieces[key].values}


def test_comment_statuses_read_end_of_line_header_and_block_comments(tmp_path: Path) -> None:
    path = tmp_path / "data.toml"
    path.write_text("# PROPOSED: the sizes\nwidth = 5\n\nheight = 3  # CONFIRMED\n"
                    "[cards.Hero]   # cost (C)\ncost = 2\n[[people]]\nage = 1\n"
                    "[[people]]\nage = 2  # INFERRED\n", encoding="utf-8")
    assert comment_statuses(path) == {"width": "proposed", "height": "confirmed",
                                      "cards.Hero": "confirmed", "cards.Hero.cost": "confirmed",
                                      "people.1.age": "inferred"}


def test_directors_cards_mark_what_the_rulebook_does_not_confirm() -> None:
    data = squidbox.get_game("directors").data
    cultist = values("directors", "card:Cultist")  # "[cards.Cultist]   # cost (C)"
    assert cultist["cost"] == (f"${data.cards['Cultist'].cost}", False)
    assert cultist["crowns"] == (data.cards["Cultist"].crowns, True)
    assert cultist["colour"][1] is True


def test_squid_inc_marks_a_proposed_ability() -> None:
    lumbergh = values("squid_inc", "employee:Lumbergh")  # ability = ... # PROPOSED
    assert lumbergh["ability"][1] is True and lumbergh["Clout Value"] == (3, False)


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_every_piece_has_a_name_kind_and_some_text(game_id: str) -> None:
    book = game_part(game_id, "pieces").pieces(squidbox.get_game(game_id)).to_json()
    assert book["pieces"]
    for key, piece in book["pieces"].items():
        assert piece["key"] == key and piece["name"] and piece["kind"]
        assert piece["text"] or piece["values"], key


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_the_proposed_marks_are_sent_to_designers_only(game_id: str) -> None:
    book = game_part(game_id, "pieces").pieces(squidbox.get_game(game_id))
    for_players, for_designers = book.to_json(), book.to_json(proposed=True)
    assert not any(value["proposed"] for piece in for_players["pieces"].values()
                   for value in piece["values"])
    assert not any(piece["proposed"] for piece in for_players["pieces"].values())
    assert any(piece["proposed"] for piece in for_designers["pieces"].values())

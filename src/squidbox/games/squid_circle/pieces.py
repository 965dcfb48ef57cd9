"""SQUID's pieces as players read them: tricks (German name, and the English text or in German
the rulebook's, with the moment they may be played), guard actions, characters and the guard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from squidbox.games.pieces import Piece, Pieces, comment_statuses, look

from .data import DATA_FILE

if TYPE_CHECKING:
    from .game import SquidCircle

MOMENTS = {
    "call": "while voting (during \"Für den Sieg!\")",
    "after_move": "after the guard has moved",
    "after_reveal": "after a guard action is revealed",
}


def pieces(game: SquidCircle) -> Pieces:
    data = game.data
    statuses = comment_statuses(DATA_FILE)
    colours = look(__package__)
    found = Pieces.of(game)
    mix = data.mixes.get("proposed")
    for index, trick in enumerate(data.tricks):
        piece = found.add(Piece(f"trick:{trick.name}", "Trick", trick.name, text=trick.english,
                                colour=colours["moment_fills"].get(trick.moment),
                                extra={"english": trick.english.split(":")[0]},
                                texts={"de": trick.german}))
        piece.value("play it", MOMENTS.get(trick.moment, trick.moment))
        if mix is not None:
            piece.value("copies (default mix)", mix.tricks[index],
                        statuses.get("mixes.proposed") == "proposed")
    for index, action in enumerate(data.guard_actions):
        piece = found.add(Piece(f"guard_action:{action.name}", "Guard action", action.name,
                                text=action.english,
                                colour=colours["guard_action_fills"].get(action.key),
                                extra={"english": action.english.split(":")[0]},
                                texts={"de": action.german}))
        if mix is not None:
            piece.value("copies (default mix)", mix.guard_actions[index],
                        statuses.get("mixes.proposed") == "proposed")
    found.add(Piece("character", "Character", "Character",
                    text="A player's figure in the circle, in its owner's colour. When the guard "
                         "stops behind it, its owner draws a guard action; POW puts it out. A "
                         "player with no character left in the circle is out."))
    found.add(Piece("guard", "Guard", "The guard (Wächter)",
                    text="Moves clockwise by the sum of everyone's votes. The owner of the "
                         "character it stops behind draws a guard action."))
    found.add(Piece("vote:0", "Vote", "Show 0 (flat hand)",
                    text="Your vote adds nothing: the guard moves by the others' votes."))
    found.add(Piece("vote:1", "Vote", "Show 1 (one finger)",
                    text="Your vote moves the guard 1 character further clockwise."))
    for name, status in (("colours", "colour names"),):
        if statuses.get(name) == "proposed":
            found.notes.append(f"The {status} are PROPOSED (the rulebook's pictures are lost).")
    if mix is not None:
        found.notes.append(f"Default deck mix (PROPOSED): {mix.description}.")
    return found

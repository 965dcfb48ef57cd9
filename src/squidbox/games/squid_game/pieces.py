"""Squid Game's pieces as players read them: team tokens (whose number matters), player cards,
Doll cards, Dalgona shapes, the six games, and what each kind of choice is for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from squidbox.games.pieces import Piece, Pieces, comment_statuses, look

from .data import DATA_FILE

if TYPE_CHECKING:
    from .data import SquidGameData
    from .game import SquidGame
    from .state import SquidGameState

STAGES = {
    "red_light_green_light": "Play a card: if the Doll's Red Light shows your number you lose "
                             "your token nearest the Doll, else all your tokens move that many "
                             "lanes. 0 (Push) eliminates an opponent's token near yours.",
    "dalgona": "Spread your tokens over the shapes, then turn cards: a shape advances one of "
               "your tokens there (past the last section it survives), Crack! eliminates one.",
    "tug_of_war": "Place tokens on six teams (three ropes), then play a card behind each team "
                  "you are on. The higher total wins; an odd number of 0s makes the lower win.",
    "marbles": "Pair tokens up; each pair plays Odd or even or Closest to the wall. The winner "
               "of each pair survives.",
    "glass_bridge": "Line up, play cards to move; on the bridge choose left or right glass: the "
                    "wrong one breaks. Crossing the last tile survives.",
    "squid_game": "Everyone plays Block, Stab, Push or Move at once, resolved in that order. The "
                  "first token to reach the Squid Head wins.",
}
PLACES = {
    "waiting": "Red Light, Green Light: tokens not yet on the field; one is placed behind the "
               "start line each round.",
    "start line": "Red Light, Green Light: behind the start line; a token here moves with the "
                  "others when you are not seen.",
    "lane": "Red Light, Green Light: a lane of the field; the Doll is beyond the last one, and a "
            "token that reaches it survives.",
    "safe zone": "Squid Game: tokens here cannot be Stabbed or Pushed.",
    "square": "Squid Game: the Square; Move takes a token from here into the Triangle.",
    "triangle": "Squid Game: the Triangle's numbered spaces; moving on from 8 reaches the Squid "
                "Head and wins.",
}
# What each step of a game asks for (key: "step:<game>:<step or the pending choice's kind>"):
# shown under the game's heading, so a token button ("Pink 096 (...)") says what it is for.
STEPS = {
    "red_light_green_light:enter": "Enter: a team with no token behind the start line puts one "
                                   "of its waiting tokens there; choose which.",
    "red_light_green_light:play": "Play a card face down. If the Doll's Red Light shows your "
                                  "number you lose your token closest to the Doll; otherwise "
                                  "all your tokens move that many lanes. 0 (Push) moves nothing "
                                  "but eliminates an opponent's token.",
    "red_light_green_light:push": "Your 0 Push: choose the opponent's token it eliminates, in a "
                                  "lane where you have a token or the lane ahead of it.",
    "dalgona:place": "Place: put each of your tokens on the first section of a shape.",
    "dalgona:draw": "Your turn: turn the next card (draw) or stop. Only three turns each before "
                    "00:00 eliminates every unfinished token.",
    "dalgona:advance": "A shape card: choose which of your tokens on that shape moves one "
                       "section on.",
    "dalgona:kick": "Kick the Lighter: none of your tokens is on that shape, so you advance "
                    "another player's token on it; choose which.",
    "dalgona:crack own": "Crack!: choose which of your tokens on the board is eliminated; your "
                         "turn ends.",
    "dalgona:crack opponent": "Crack! as your first card: choose an opponent's token to "
                              "eliminate; your turn ends.",
    "tug_of_war:place": "Place a token on a rope team with a free place; the two teams of a "
                        "battle may differ by at most one token.",
    "tug_of_war:cards": "Play one card face down behind a team for each of your tokens on it. "
                        "The higher total wins; each 0 turns that around (two 0s cancel).",
    "glass_bridge:place": "Claim a mannequin position on the line for one of your tokens.",
    "glass_bridge:build": "Play a card: the total of everyone's cards builds the bridge, odd at "
                          "the left end of the line, even at the right.",
    "glass_bridge:play": "Play a card face down: you move that many positions; the highest "
                         "card moves first.",
    "glass_bridge:mover": "Choose which of your tokens moves.",
    "glass_bridge:push target": "Your 0 Push: choose the token sharing your position that is "
                                "pushed one position on.",
    "glass_bridge:side": "Leap: choose the left or right glass of the next tile; the fragile "
                         "one breaks and the token falls.",
    "glass_bridge:chain": "A position holds two tokens: choose which of the tokens there is "
                          "pushed one position on.",
    "squid_game:place": "Choose the token that starts in the Square; the rest start in the "
                        "Safe Zone.",
    "squid_game:play": "Play Block, Stab, Push or Move face down; they resolve in that order, "
                       "from the Speed Token holder clockwise.",
    "squid_game:stab": "Stab: choose the other team's token to eliminate, in a zone where you "
                       "have a token.",
    "squid_game:stab fails": "Every token you could Stab is blocking: choose which of your "
                             "own tokens is eliminated.",
    "squid_game:push": "Push: choose a blocking token in your zone to push out (eliminated).",
    "squid_game:move": "Move: choose which of your tokens moves one step on.",
}
CHOICES = {
    "block": "Block: your tokens cannot be Stabbed this round (they can still be Pushed).",
    "stab": "Stab: eliminate another player's token in the same zone as one of yours.",
    "push": "Push: push a Blocking token in your zone out of the court (eliminated).",
    "move": "Move: Safe Zone to Square, Square to the Triangle, or one space on in it.",
    "guess odd": "Guess odd: you win if the other player hid 1 marble.",
    "guess even": "Guess even: you win if the other player hid 2 marbles.",
    "hide 1": "Hide 1 marble: the other player must guess odd to beat you.",
    "hide 2": "Hide 2 marbles: the other player must guess even to beat you.",
    "draw": "Turn over the next Dalgona card.",
    "stop": "Stop turning cards; your turn ends.",
    "side left": "Leap onto the left glass of the next tile.",
    "side right": "Leap onto the right glass of the next tile.",
    "alone": "Place this token by itself (another may pair with it later).",
    "wall": "Play Closest to the wall: both roll a marble; nearer to the line wins.",
    "odd even": "Play Odd or even: one hides marbles, the other guesses.",
}


def pieces(game: SquidGame) -> Pieces:
    data = game.data
    statuses = comment_statuses(DATA_FILE)
    drawing = look(__package__)
    found = Pieces.of(game, drawing["fills"])
    numbers_proposed = statuses.get("tokens") == "proposed"
    for colour, numbers in data.tokens.items():
        for number in numbers:
            piece = found.add(Piece(
                f"token:{number}", "Team token", f"{colour} {number:03d}",
                text="A member of the team. When players tie for who goes first, the highest "
                     "token number goes first; some games use it to order pushes and ties."))
            piece.value("number", f"{number:03d}", numbers_proposed)
    cards_proposed = statuses.get("player_cards.values") == "proposed"
    for value in data.card_values:
        text = ("The 0 Push: move nothing, but push (eliminate) an opponent's token instead."
                if value == 0 else f"Move {value}, or count {value} in a total.")
        found.add(Piece(f"card:{value}", "Player card", f"Card {value}", text=text,
                        colour=drawing["fills"]["card"])
                  ).value("value", value, cards_proposed)
    doll_proposed = statuses.get("red_light_green_light.doll_cards") == "proposed"
    for index, caught in enumerate(data.doll_cards):
        name = "Green Light" if not caught else "Red Light " + ", ".join(map(str, caught))
        text = ("Everyone moves." if not caught else
                f"Players who played {' or '.join(map(str, caught))} were seen: they lose "
                "their token closest to the Doll and do not move.")
        found.add(Piece(f"doll:{index}", "Doll card", name, text=text,
                        colour=drawing["fills"]["doll_green" if not caught else "doll_red"])
                  ).value("catches", ", ".join(map(str, caught)) or "nobody", doll_proposed)
    shapes_proposed = statuses.get("dalgona.sections") == "proposed"
    for shape, cards, sections in zip(data.shapes, data.shape_cards, data.shape_sections,
                                      strict=True):
        piece = found.add(Piece(f"shape:{shape}", "Dalgona shape", shape.capitalize(),
                                text=f"Each {shape} card drawn advances one of your tokens on "
                                     "this shape one section; past the last section it survives."))
        piece.value("sections", sections, shapes_proposed)
        piece.value("cards in the deck", cards, statuses.get("dalgona.shape_cards") == "proposed")
        found.add(Piece(f"choice:shape {shape}", "Choice", f"shape {shape}",
                        text=f"Dalgona placement: put your token on the {shape} ({sections} "
                             f"sections to poke through; {cards} of the cards are {shape}s)."))
    found.add(Piece("crack", "Dalgona card", "Crack!",
                    text="Eliminate one of your tokens on the Dalgona board; your turn ends. As "
                         "your first card: eliminate an opponent's token instead."))
    for place, text in PLACES.items():
        found.add(Piece(f"place:{place}", "Place", place, text=text))
    for piece in [*rope_teams(data), *bridge_places(data, statuses)]:
        found.add(piece)
    for stage, text in STAGES.items():
        found.add(Piece(f"stage:{stage}", "Game", drawing["stage_titles"][stage], text=text))
    for step, text in STEPS.items():
        stage, name = step.split(":")
        found.add(Piece(f"step:{step}", "Step", f"{drawing['stage_titles'][stage]}: {name}",
                        text=text))
    for choice, text in CHOICES.items():
        found.add(Piece(f"choice:{choice}", "Choice", choice, text=text))
    for value in data.card_values:
        found.add(Piece(f"choice:card {value}", "Choice", f"card {value}",
                        text=f"Play your {value} card face down"
                             + (" (the Push: instead of moving, push an opponent's token)."
                                if value == 0 else f" (move {value})."),))
        for team in data.tug_teams:
            found.add(Piece(f"choice:play {value} on {team}", "Choice",
                            f"card {value} behind team {team}",
                            text=f"Tug of War: your {value} card counts for team {team}'s pull"
                                 + (" (a 0 makes the lower total win)." if value == 0
                                    else ".")))
    for team in data.tug_teams:
        found.add(Piece(f"choice:team {team}", "Choice", f"team {team}",
                        text=f"Tug of War: put your token on rope team {team}; the team with "
                             "the higher pull wins its battle and its tokens survive."))
    for spot in range(1, data.max_strips * data.positions_per_strip + 1):
        found.add(Piece(f"choice:spot {spot}", "Choice", f"spot {spot}",
                        text=f"Glass Bridge: claim place {spot} on the line; the cards decide "
                             "afterwards which end goes onto the bridge first."))
    for kind, off, near, far in zip(data.roll_kinds, data.off_table_percent, data.nearest_cm,
                                    data.farthest_cm, strict=True):
        piece = found.add(Piece(f"choice:roll {kind}", "Choice", f"roll {kind}",
                                text=f"Roll a {kind} marble: {off}% chance it leaves the table "
                                     f"(you lose), else it stops {near}–{far} cm from the line."))
        piece.value("off the table", f"{off}%", statuses.get("marbles.off_table_percent")
                    == "proposed")
    return found


def rope_teams(data: SquidGameData) -> list[Piece]:
    """Tug of War's rope teams: neighbours in the data's list pull against each other."""
    teams = data.tug_teams
    found = []
    for index, team in enumerate(teams):
        rival = teams[index ^ 1] if index ^ 1 < len(teams) else None
        against = f" against team {rival} (battle {index // 2 + 1})" if rival else ""
        piece = Piece(
            f"rope:{team}", "Rope team", f"Rope team {team}",
            text=f"Tug of War: tokens placed here pull{against}. Each owner then plays one card "
                 "behind the team for each of their tokens on it. The higher total wins, but "
                 "each 0 turns that around (two 0s cancel); the losing team's tokens fall.")
        piece.value("places", data.tug_slots_per_team)
        found.append(piece)
    return found


def bridge_places(data: SquidGameData, statuses: dict[str, str]) -> list[Piece]:
    """The Glass Bridge: the line of mannequin positions and the glass tiles."""
    per_strip = data.positions_per_strip
    position = Piece(
        "place:mannequin", "Place", "Mannequin position",
        text="Glass Bridge: a place on the line before the bridge. Claim one for a token; the "
             "total of everyone's cards then builds the bridge at one end of the line (odd: "
             "left, even: right), next to the tokens at that end. A position holds "
             f"{data.position_capacity} tokens; a third one arriving pushes one on.")
    position.value("places a strip", per_strip, statuses.get(
        "glass_bridge.positions_per_strip") == "proposed")
    position.value("strips at most", data.max_strips)
    tile = Piece(
        "place:glass tile", "Place", "Glass tile",
        text="Glass Bridge: a tile of two panes, left and right; one of them is fragile. A "
             "token leaping onto a tile names a side: the fragile pane breaks and the token "
             "falls, the tempered one holds it. A broken pane is drawn dark. Crossing the "
             "last tile survives.")
    tile.value("tiles at most", data.bridge_max_tiles)
    tile.value("tokens a tile holds", data.position_capacity)
    return [position, tile]


def example(state: SquidGameState) -> SquidGameState:
    """The how-to-play page's example table: the first game under way (the line-ups chosen,
    each seat taking its lowest numbers), since before that the board is empty."""
    while not state.is_terminal() and state.view(None)["state"]["phase"] in ("lineup", "recruit"):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state

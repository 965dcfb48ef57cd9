"""What the buttons say: placing a drawn Security Guard says so."""

from squidbox.games.squid_inc.state import CHOOSE

from .positions import GAME, play, position

YELLOW = 0


def test_the_guard_buttons_say_they_place_the_security_guard():
    state = position({s: "Guard" for s in ("4A1", "4A2")}, line=["Lumbergh", "Iris", "Reggie"],
                     deck=["Poacher", "Security Guard"], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 0)]})
    play(state, "take +1")  # the Guard card is drawn: Yellow places the tile on Tier 3
    view = state.view(YELLOW)
    labels = [GAME.action_label(view, a) for a in state.legal_actions(YELLOW)]
    assert labels == [f"place the Security Guard on {s}" for s in ("3A1", "3B1", "3A2", "3B2")]

"""The Security Guard rules (rulebook "Security Guards")."""

from squidbox.games.squid_inc.state import CHOOSE

from .positions import at, play, position, where

YELLOW, PURPLE = 0, 1
TIER_FOUR = ("4A1", "4A2")


def guards(state):
    return where(state, "Security Guard")


def test_a_drawn_guard_card_puts_a_tile_on_the_highest_available_tier():
    state = position({s: "Guard" for s in TIER_FOUR}, line=["Lumbergh", "Iris", "Reggie"],
                     deck=["Poacher", "Security Guard"], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 0)]})
    play(state, "take +1")
    # The Guard card is drawn first: Tier 4 is full, so Yellow places it on Tier 3.
    assert state.legal_actions(YELLOW) == ["to 3A1", "to 3B1", "to 3A2", "to 3B2"]
    play(state, "to 3B2")
    assert at(state, "3B2") == ("Security Guard", None, 0)
    assert state.piece_name(state.dismissed[-1]) == "Security Guard"  # the card is discarded
    assert [state.piece_name(c) for c in state.line] == ["Iris", "Reggie", "Poacher"]


def test_a_guard_bumped_off_the_bottom_tier_returns_on_the_highest_available_tier():
    bottom = {s: "Guard" for s in ("1A1", "1B1", "1C1", "1D1", "1A2", "1B2", "1C2")}
    bottom.update({s: "Guard" for s in ("3A1", "3B1", "3A2", "3B2")})
    state = position({**bottom, "1D2": ("Lumbergh", "P", 0), "2A1": ("Iris", "P", 0)},
                     line=["Reggie", "Poacher"], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 3), ("Phinny", 0)]})
    play(state, "take +0", "dismiss", "clout M1")  # Esther 3 + 5 >= 4: she must enter
    # No empty bottom space: Esther Bumps a lesser Employee (a Guard or Lumbergh).
    assert "bump 1A1" in state.legal_actions(YELLOW) and "bump 1D2" in state.legal_actions(YELLOW)
    play(state, "bump 1A1")
    assert at(state, "1A1") == ("Esther", "Y", 4)
    assert state.legal_actions(YELLOW) == [f"to {s}" for s in TIER_FOUR]  # the Guard re-enters
    assert state.view(PURPLE)["state"]["pending"]["moving"] == "Security Guard"  # shown moving
    play(state, "to 4A1")
    assert len(guards(state)) == 11 and not state.guard_supply


def test_bumping_a_non_guard_from_the_bottom_tier_dismisses_it_and_brings_a_guard():
    bottom = {s: ("Lumbergh" if s == "1A1" else "Middle Manager", "P", 0)
              for s in ("1A1", "1B1", "1C1", "1D1")}
    bottom.update({s: ("Restructuring Agent", "P", 0) for s in ("1A2", "1B2")})
    bottom.update({"1C2": ("Phinny", "P", 0), "1D2": ("Iris", "P", 0)})
    state = position(bottom, line=["Reggie", "Poacher"], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 0), ("Sam", 0)]})
    play(state, "take +0", "dismiss", "clout M1")  # Esther (4) gets 5: enters, 1 left
    # Lesser than 4: the Lumbergh, Middle Managers and Restructuring Agents (not Phinny, Iris).
    legal = state.legal_actions(YELLOW)
    assert "bump 1C2" not in legal and "bump 1D2" not in legal and "bump 1B1" in legal
    play(state, "bump 1B1")
    assert state.piece_name(state.dismissed[-1]) == "Middle Manager"
    assert state.task() == {"t": "guard", "piece": -1}  # Yellow places a new Guard


def test_the_entry_bump_may_be_declined_and_the_newcomer_is_then_dismissed():
    # Rulebook: "If there are no empty spaces, you *may* Dismiss any other Employee of lesser
    # Clout Value from the x1 Tier ... If there are no empty spaces or you can't Bump another
    # Employee, your Employee is Dismissed."
    bottom = {s: ("Middle Manager", "Y", 1) for s in ("1A1", "1B1", "1C1", "1D1")}
    bottom.update({s: ("Placement Agent", "Y", 0) for s in ("1B2", "1C2")})
    bottom.update({"1A2": ("Restructuring Agent", "P", 0), "1D2": ("Iris", "P", 0)})
    state = position(bottom, line=["Poacher", "Reggie"], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 0), ("Sam", 0)]})
    spent = state.clout_spent
    play(state, "take +1", "dismiss", "clout M1", "all")  # Esther (4) gets 6 and must enter
    legal = state.legal_actions(YELLOW)
    assert "decline" in legal and "bump 1A1" in legal and "bump 1D2" not in legal
    assert state.board[state.game.space_index["1A2"]] == 0 and "bump 1A2" in legal  # card 0
    label = state.game.action_label(state.view(YELLOW), "decline")
    assert label == "make no Bump: Esther is Dismissed"
    play(state, "decline")  # Yellow keeps their own Employees
    assert state.piece_name(state.dismissed[-1]) == "Esther"
    assert state.clout_spent == spent + 6  # her cost and the 2 left over are lost
    assert where(state, "Middle Manager") == ["1A1", "1B1", "1C1", "1D1"]
    assert len(guards(state)) == 0  # she never was in the Workplace: no Security Guard
    assert "dismiss" in [e["type"] for e in state.log(None)][-3:]


def test_an_employee_with_no_room_and_nobody_lesser_is_dismissed():
    bottom = {s: ("Restructuring Agent", "P", 0) for s in ("1A1", "1B1", "1C1")}
    bottom.update({s: ("Middle Manager", "P", 0) for s in ("1D1", "1A2", "1B2")})
    bottom.update({"1C2": ("Lumbergh", "P", 0), "1D2": ("Iris", "P", 0)})
    state = position(bottom, line=["Poacher", "Reggie"], phase=CHOOSE,
                     mailrooms={"Y": [("Headhunter", 0), ("Phinny", 0)]})
    spent = state.clout_spent
    play(state, "take +1", "dismiss", "clout M1")  # Headhunter (2) gets 6, nobody below 2
    assert state.piece_name(state.dismissed[-1]) == "Headhunter"
    assert state.clout_spent == spent + 6  # its cost and the 4 left over are lost
    assert len(guards(state)) == 0  # dismissed from the Mailroom, not the Workplace


def test_a_guard_is_not_dismissed_unless_the_board_is_full():
    state = position({"1A1": ("Lumbergh", "Y", 3), "1B1": "Guard", "1A2": ("Iris", "Y", 0)})
    play(state, "use 1A1", "pick 1B1")  # Demoted from the bottom Tier: back on top
    assert state.legal_actions(YELLOW) == [f"to {s}" for s in TIER_FOUR]
    play(state, "to 4A2")
    assert guards(state) == ["4A2"] and state.guard_supply == list(range(42 + 1, 42 + 11))


def test_clout_on_a_guard_is_lost_when_it_leaves_the_bottom_tier():
    state = position({"1A1": ("Walinda", "Y", 3), "1B1": "Guard", "1C1": ("Lumbergh", "Y", 3)})
    spent = state.clout_spent
    play(state, "use 1A1", "amount 2")  # Walinda moves 2 Clout onto the Guard (forced)
    play(state, "use 1C1", "to 4A1")  # Lumbergh Demotes it off the bottom: back on top
    assert at(state, "4A1") == ("Security Guard", None, 0)
    assert state.clout_spent == spent + 3 + 2  # Lumbergh's activation and the Guard's 2


def test_a_promoted_guard_with_room_above_goes_to_the_next_tier():
    state = position({"1A1": ("Middle Manager", "Y", 2), "1B1": "Guard",
                      "2A1": ("Iris", "P", 0)})
    play(state, "use 1A1", "pick 1B1")
    assert state.legal_actions(YELLOW) == ["to 2B1", "to 2C1", "to 2A2", "to 2B2", "to 2C2"]


def test_a_guard_returns_on_the_bottom_tier_when_only_it_has_room():
    upper = ["2A1", "2B1", "2C1", "2A2", "2B2", "2C2", "3A1", "3B1", "3A2", "3B2", "4A1", "4A2"]
    board = {s: "Guard" for s in upper[:10]}
    board.update({"4A1": ("Iris", "P", 0), "4A2": ("Reggie", "P", 0)})
    state = position({**board, "1A1": ("Lumbergh", "Y", 3), "1B1": "Guard",
                      "1A2": ("Esther", "Y", 0)})
    play(state, "use 1A1", "pick 1B1")  # Demoted off the bottom Tier: back on the highest
    assert state.legal_actions(YELLOW) == ["to 1B1", "to 1C1", "to 1D1", "to 1B2", "to 1C2",
                                           "to 1D2"]  # ... which is now the bottom Tier


def test_a_promoted_guard_moves_to_the_next_available_space_and_never_bumps():
    full_two = {s: ("Poacher", "P", 0) for s in ("2A1", "2B1", "2C1")}
    full_two.update({"2A2": ("Esther", "P", 0), "2B2": ("Reggie", "P", 0),
                     "2C2": ("Phinny", "P", 0)})
    state = position({**full_two, "1A1": ("Middle Manager", "Y", 2), "1B1": "Guard",
                      "1A2": ("Iris", "P", 0)})
    play(state, "use 1A1")
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1A2", "pick 1B1"]
    play(state, "pick 1B1")
    # Tier 2 is full and a Guard never Bumps: it goes on to the next Tier with room.
    assert state.legal_actions(YELLOW) == ["to 3A1", "to 3B1", "to 3A2", "to 3B2"]


def test_a_demoted_guard_never_bumps_and_skips_a_full_tier():
    full_one = {s: ("Restructuring Agent", "P", 0) for s in ("1A1", "1B1", "1C1")}
    full_one.update({s: ("Middle Manager", "P", 0) for s in ("1D1", "1A2", "1B2")})
    full_one.update({"1C2": ("Reggie", "P", 0), "1D2": ("Iris", "P", 0)})
    state = position({**full_one, "2A1": ("Lumbergh", "Y", 3), "2B1": "Guard",
                      "2A2": ("Phinny", "P", 0)})
    play(state, "use 2A1", "pick 2B1")
    # Tier 1 is full and a Guard never Bumps: it drops off the bottom and comes back in on
    # the highest Tier with room.
    assert state.legal_actions(YELLOW) == [f"to {s}" for s in TIER_FOUR]
    play(state, "to 4A1")
    assert guards(state) == ["4A1"]


def test_a_security_guard_is_named_as_nobodys_and_an_employee_as_its_owners():
    state = position({"4A1": "Guard", "3A1": ("Iris", "P", 0)}, line=["Lumbergh", "Reggie"],
                     phase=CHOOSE)
    space = state.geo.names.index
    assert state.label(space("4A1")) == "Security Guard on 4A1"
    assert state.label(space("3A1")) == "Purple's Iris on 3A1"

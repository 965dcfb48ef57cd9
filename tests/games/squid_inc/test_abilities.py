"""One scenario per Employee ability (data.toml gives each its kind and parameters)."""

import pytest

from squidbox.engine import IllegalAction
from squidbox.games.squid_inc.state import BRING, CHOOSE

from .positions import at, play, position, where

YELLOW, PURPLE = 0, 1


def names(state, cards):
    return [state.piece_name(c) for c in cards]


def test_restructuring_agent_floats_off_an_upper_tier_demotes():
    state = position({"2B1": ("Restructuring Agent", "Y", 3), "2C1": ("Poacher", "P", 0),
                      "2B2": "Guard"})
    play(state, "use 2B1", "pick 2C1")
    assert at(state, "2C1") == ("Restructuring Agent", "Y", 0)
    assert "to 1A1" in state.legal_actions(YELLOW)  # Floated off Tier 2: Demoted to Tier 1
    play(state, "to 1D1")
    assert at(state, "1D1") == ("Poacher", "P", 0)


def test_with_the_float_direction_option_the_player_picks_the_push():
    state = position({"1C1": ("Restructuring Agent", "Y", 3), "1D1": ("Iris", "P", 0),
                      "1D2": ("Reggie", "P", 0), "1B1": ("Lumbergh", "Y", 0)},
                     options={"float_direction": "choose"})
    play(state, "use 1C1", "pick 1D1")
    assert state.legal_actions(YELLOW) == ["push up", "push down", "push right"]  # not back
    play(state, "push down")  # Iris pushes Reggie off the bottom of Tier 1: Dismissed
    assert at(state, "1D1") == ("Restructuring Agent", "Y", 0)
    assert at(state, "1D2") == ("Iris", "P", 0)
    assert state.piece_name(state.dismissed[-1]) == "Reggie"


def test_lumbergh_demotes_an_adjacent_employee():
    state = position({"2A1": ("Lumbergh", "Y", 4), "2B1": ("Iris", "P", 2), "2A2": "Guard"})
    play(state, "use 2A1", "pick 2B1", "to 1C2")
    assert at(state, "1C2") == ("Iris", "P", 2)
    assert at(state, "2A1") == ("Lumbergh", "Y", 1)


def test_the_operator_spends_x_clout_and_gives_x_to_another_of_yours():
    state = position({"1A1": ("The Operator", "Y", 5), "1B1": ("Iris", "Y", 0)},
                     mailrooms={"Y": [("Esther", 1)]})
    play(state, "use 1A1")
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1B1", "pick P1 M1"]
    play(state, "pick P1 M1")
    assert state.legal_actions(YELLOW) == ["amount 2", "amount 3", "amount 4", "amount 5"]
    play(state, "amount 4")
    assert at(state, "1A1") == ("The Operator", "Y", 1)
    assert state.mailrooms[YELLOW][0][1] == 1 + 4


def test_phinny_rises_exactly_two_tiers_and_not_from_the_x5_tier():
    state = position({"1A1": ("Phinny", "Y", 4), "1B1": ("Middle Manager", "Y", 0)})
    play(state, "use 1A1", "to 2B2", "to 3B1")
    assert where(state, "Phinny") == ["3B1"]
    high = position({"3A1": ("Phinny", "Y", 9), "3B1": ("Iris", "Y", 5)})
    assert "use 3A1" not in high.legal_actions(YELLOW)


GREATER_THAN_PHINNY = [("Iris", "P", 0), ("Poacher", "P", 0), ("Poacher", "P", 0),
                       ("Poacher", "P", 0), ("Esther", "P", 0), ("Reggie", "P", 0)]


def test_phinny_rises_from_a_full_tier_two_to_the_top():
    tier_two = dict(zip(("2B1", "2C1", "2A2", "2B2", "2C2"), GREATER_THAN_PHINNY, strict=False))
    state = position({**tier_two, "2A1": ("Phinny", "Y", 4), "1A1": ("Lumbergh", "Y", 0)})
    play(state, "use 2A1", "to 3A1", "to 4A1")
    assert where(state, "Phinny") == ["4A1"]


def test_a_demoted_employee_passes_a_full_tier_with_nobody_lesser():
    # Rulebook: "If there are no Employees of lesser Clout Value, continue to Demote the
    # Employee until a space is found or it is Dismissed."
    full_two = dict(zip(("2A1", "2B1", "2C1", "2A2", "2B2", "2C2"), GREATER_THAN_PHINNY,
                        strict=True))
    state = position({**full_two, "3A1": ("Lumbergh", "Y", 3), "3B1": ("Phinny", "P", 0)})
    play(state, "use 3A1")  # Phinny is the only neighbour; Tier 2 has no one below 4
    assert state.legal_actions(YELLOW)[0] == "to 1A1"  # on to Tier 1, which has room
    play(state, "to 1A1")
    assert at(state, "1A1") == ("Phinny", "P", 0)


def test_phinny_needs_room_or_someone_lesser_on_both_tiers_above():
    full_two = dict(zip(("2A1", "2B1", "2C1", "2A2", "2B2", "2C2"), GREATER_THAN_PHINNY,
                        strict=True))
    blocked = position({**full_two, "1A1": ("Phinny", "Y", 4), "1B1": ("Lumbergh", "Y", 0)})
    assert "use 1A1" not in blocked.legal_actions(YELLOW)  # Tier 2: full, nobody lesser
    full_three = dict(zip(("3A1", "3B1", "3A2", "3B2"), GREATER_THAN_PHINNY, strict=False))
    blocked = position({**full_three, "1A1": ("Phinny", "Y", 4), "1B1": ("Lumbergh", "Y", 0)})
    assert "use 1A1" not in blocked.legal_actions(YELLOW)  # Tier 3: full, nobody lesser
    # A full Tier with someone lesser (a Guard) is no obstacle: Phinny Bumps it.
    with_guard = {**full_two, "2C2": "Guard"}
    state = position({**with_guard, "1A1": ("Phinny", "Y", 4), "1B1": ("Lumbergh", "Y", 0)})
    play(state, "use 1A1")  # the Bump is forced, then the Guard moves down, then Phinny rises
    assert at(state, "2C2") == ("Phinny", "Y", 0)


def test_esther_swaps_with_another_players_mailroom_employee():
    state = position({"2A1": ("Esther", "Y", 4), "1A1": ("Iris", "Y", 2),
                      "1B1": ("Reggie", "P", 0), "1D2": ("Middle Manager", "Y", 2)},
                     mailrooms={"P": [("Lumbergh", 3), ("Phinny", 0)]})
    play(state, "use 2A1", "pick 1A1", "pick P2 M1")
    assert at(state, "1A1") == ("Lumbergh", "Y", 3)
    assert names(state, [c for c, _ in state.mailrooms[PURPLE]]) == ["Iris", "Phinny"]
    assert state.mailrooms[PURPLE][0][1] == 2
    # Lumbergh has the Clout and a target, but just arrived: no ability this turn.
    assert state.legal_actions(YELLOW) == ["use 1D2", "end"]


def test_iris_dismisses_an_opponents_employee_and_a_guard_comes_in():
    state = position({"1A1": ("Iris", "Y", 5), "2B1": ("Poacher", "P", 4),
                      "1B1": ("Reggie", "P", 0), "1A2": ("Lumbergh", "Y", 0)})
    play(state, "use 1A1")
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1B1", "pick 2B1"]  # not her own side
    play(state, "pick 2B1", "to 4A2")
    assert where(state, "Poacher") == [] and names(state, state.dismissed[-1:]) == ["Poacher"]
    assert at(state, "4A2") == ("Security Guard", None, 0)


def test_reggie_demotes_two_opponents_employees_in_turn():
    state = position({"2A1": ("Reggie", "Y", 4), "2B1": ("Poacher", "P", 0),
                      "1A1": ("Iris", "P", 0), "1B1": ("Lumbergh", "Y", 0)})
    play(state, "use 2A1")
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1A1", "pick 2B1"]  # not Lumbergh
    play(state, "pick 2B1", "to 1C1")  # Iris, the only other target, is forced
    # The Poacher lands first, then Iris is Demoted off the bottom Tier.
    assert at(state, "1C1") == ("Poacher", "P", 0)
    assert where(state, "Iris") == [] and names(state, state.dismissed[-1:]) == ["Iris"]


def test_reggie_needs_two_opponent_targets():
    state = position({"2A1": ("Reggie", "Y", 4), "2B1": ("Poacher", "P", 0)})
    assert "use 2A1" not in state.legal_actions(YELLOW)


def test_jillian_removes_up_to_three_clout_from_any_employee():
    state = position({"1A1": ("Union Leader Jillian", "Y", 2), "3A1": ("Poacher", "P", 5),
                      "1B1": ("Iris", "Y", 1), "3B1": ("Reggie", "P", 0)})
    play(state, "use 1A1")
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1B1", "pick 3A1"]  # only with Clout
    play(state, "pick 3A1")
    assert state.legal_actions(YELLOW) == ["amount 1", "amount 2", "amount 3"]
    play(state, "amount 3")
    assert at(state, "3A1") == ("Poacher", "P", 2)


def test_jacqueline_gives_one_clout_to_each_other_of_yours_on_her_tier():
    state = position({"2A1": ("Accountant Jacqueline", "Y", 3), "2C2": ("Iris", "Y", 0),
                      "2B1": ("Reggie", "Y", 1), "2C1": ("Poacher", "P", 0),
                      "1A1": ("Lumbergh", "Y", 0)})
    play(state, "use 2A1")
    assert at(state, "2C2")[2] == 1 and at(state, "2B1")[2] == 2
    assert at(state, "2C1")[2] == 0 and at(state, "1A1")[2] == 0  # not Purple's, not Tier 1
    assert at(state, "2A1")[2] == 0


def test_bella_is_replaced_by_any_employee_from_your_mailroom():
    state = position({"3A1": ("Bella the Temp", "Y", 2), "1A1": ("Lumbergh", "Y", 0)},
                     mailrooms={"Y": [("Iris", 1), ("Phinny", 0)]})
    play(state, "use 3A1", "pick P1 M1")
    assert at(state, "3A1") == ("Iris", "Y", 1)  # whatever its Clout Value; keeps its Clout
    assert names(state, state.dismissed[-1:]) == ["Bella the Temp"]
    assert state.clout_spent == 1 + 1  # Bella's activation and her one remaining Clout


def test_a_temps_replacement_has_just_arrived_and_cannot_act_this_turn():
    state = position({"1B1": ("Bella the Temp", "Y", 1), "1A1": ("Iris", "P", 0),
                      "1D1": ("Middle Manager", "Y", 2)},
                     mailrooms={"Y": [("Lumbergh", 3), ("Phinny", 0)]})
    play(state, "use 1B1", "pick P1 M1")
    assert at(state, "1B1") == ("Lumbergh", "Y", 3)  # Clout and a target, but just arrived
    assert state.legal_actions(YELLOW) == ["use 1D1", "end"]


def test_cardi_is_replaced_from_the_line_which_slides_and_refills():
    state = position({"2A1": ("Cardi the Temp", "Y", 1), "1A1": ("Lumbergh", "Y", 0)},
                     line=["Iris", "Poacher", "Reggie"], deck=["Esther"])
    play(state, "use 2A1", "pick line +0")
    assert at(state, "2A1") == ("Poacher", "Y", 0)
    assert names(state, state.line) == ["Iris", "Reggie", "Esther"]


def test_director_of_hiring_discards_a_line_card():
    state = position({"1A1": ("Director of Hiring", "Y", 1), "1B1": ("Lumbergh", "Y", 0)},
                     line=["Iris", "Poacher", "Reggie"], deck=["Esther"])
    play(state, "use 1A1", "pick line +1")
    assert names(state, state.line) == ["Poacher", "Reggie", "Esther"]
    assert names(state, state.dismissed[-1:]) == ["Iris"]


def test_headhunter_hires_from_the_line_only_with_mailroom_room():
    state = position({"1A1": ("Headhunter", "Y", 2), "1B1": ("Lumbergh", "Y", 0)},
                     line=["Iris", "Poacher", "Reggie"], deck=["Esther"])
    play(state, "use 1A1", "pick line -1")
    assert names(state, [c for c, _ in state.mailrooms[YELLOW]]) == ["Reggie"]
    full = position({"1A1": ("Headhunter", "Y", 2), "1B1": ("Lumbergh", "Y", 0)},
                    mailrooms={"Y": [("Iris", 0), ("Phinny", 0), ("Esther", 0)]},
                    line=["Poacher"])
    assert "use 1A1" not in full.legal_actions(YELLOW)


def test_hr_agent_promotes_by_bumping_a_lesser_employee_on_the_next_tier():
    # Rulebook: "there must be an Employee on the next Tier to Demote. This is a Bump", and a
    # Bump takes an Employee of lesser Clout Value: the HR Agent (3) may not Bump a Poacher (5).
    state = position({"1A1": ("HR Agent", "Y", 3), "1B1": ("Lumbergh", "Y", 0),
                      "2A1": ("Poacher", "P", 1), "2B1": ("Placement Agent", "P", 1),
                      "2C1": "Guard"})
    play(state, "use 1A1")
    assert sorted(state.legal_actions(YELLOW)) == ["bump 2B1", "bump 2C1"]  # not the Poacher
    play(state, "bump 2B1", "to 1A1")  # never an empty space: the HR Agent must Bump
    assert at(state, "2B1") == ("HR Agent", "Y", 0)
    assert at(state, "1A1") == ("Placement Agent", "P", 1)
    greater = position({"1A1": ("HR Agent", "Y", 3), "1B1": ("Lumbergh", "Y", 0),
                        "2A1": ("Poacher", "P", 1), "2B1": ("Iris", "P", 0)})
    assert "use 1A1" not in greater.legal_actions(YELLOW)  # only greater Clout Values there
    alone = position({"1A1": ("HR Agent", "Y", 3), "1B1": ("Lumbergh", "Y", 0)})
    assert "use 1A1" not in alone.legal_actions(YELLOW)  # nobody on the next Tier to Bump


def test_poacher_takes_control_of_an_adjacent_employee():
    state = position({"1B1": ("Poacher", "Y", 5), "1C1": ("Iris", "P", 3),
                      "1A1": ("Reggie", "P", 0), "1B2": "Guard", "2A1": ("Lumbergh", "P", 0)})
    play(state, "use 1B1")
    # Adjacent and controlled by someone else: not the Guard (no controller), not Tier 2.
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1A1", "pick 1C1"]
    play(state, "pick 1C1")
    assert at(state, "1C1") == ("Iris", "Y", 3)
    assert at(state, "1A1") == ("Reggie", "P", 0)


def test_professor_parodist_uses_an_ability_from_any_mailroom():
    state = position({"1B1": ("Professor Parodist", "Y", 3), "1C1": ("Iris", "P", 0),
                      "1A1": ("Reggie", "Y", 0)},
                     mailrooms={"P": [("Lumbergh", 0), ("Deedra", 0)]})
    play(state, "use 1B1")
    # Lumbergh's Demote is the only copy (Deedra's passive ability cannot be): forced; now
    # Parodist chooses whom to Demote among the Employees adjacent to it.
    assert state.task()["emp"] == state.type_of(state.mailrooms[PURPLE][0][0])
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1A1", "pick 1C1"]
    play(state, "pick 1C1")  # Parodist Demotes the adjacent Iris: off the bottom Tier
    assert names(state, state.dismissed[-1:]) == ["Iris"]


def test_parodist_copying_the_operator_spends_at_least_its_own_cost():
    state = position({"1A1": ("Professor Parodist", "Y", 5), "1B1": ("Iris", "Y", 0)},
                     mailrooms={"Y": [("Phinny", 0)], "P": [("Deedra", 0), ("The Operator", 0)]})
    play(state, "use 1A1")
    # Any player's Mailroom (not Deedra's passive ability), named by seat and slot.
    assert state.legal_actions(YELLOW) == ["pick P1 M1", "pick P2 M2"]
    play(state, "pick P2 M2", "pick 1B1")
    assert state.legal_actions(YELLOW) == ["amount 3", "amount 4", "amount 5"]  # X >= 3
    play(state, "amount 4")
    assert at(state, "1A1")[2] == 1 and at(state, "1B1")[2] == 4


def test_miss_mummer_may_copy_walinda_with_her_own_clout():
    state = position({"1A1": ("Miss Mummer", "Y", 5), "1B1": ("Walinda", "Y", 0),
                      "1A2": ("Reggie", "P", 0)})
    play(state, "use 1A1")  # Walinda's is the only ability to copy: forced
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1A2", "pick 1B1"]
    play(state, "pick 1B1")
    assert state.legal_actions(YELLOW) == ["amount 1", "amount 2"]  # what is left after 3
    play(state, "amount 2")
    assert at(state, "1A1")[2] == 0 and at(state, "1B1")[2] == 2


def test_miss_mummer_uses_an_adjacent_employees_ability():
    state = position({"1A1": ("Miss Mummer", "Y", 3), "1B1": ("Restructuring Agent", "P", 0),
                      "1C1": ("Placement Agent", "P", 0), "1D1": ("Iris", "P", 0),
                      "1A2": ("Reggie", "Y", 0)})
    play(state, "use 1A1")
    # Copy Reggie (two opponents to Demote) or the Agent's Float.
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1A2", "pick 1B1"]
    play(state, "pick 1B1")
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1A2", "pick 1B1"]  # Float whom?
    play(state, "pick 1B1")  # Mummer Floats the Agent, who pushes Iris off the Tier
    assert at(state, "1B1") == ("Miss Mummer", "Y", 0)
    assert at(state, "1C1") == ("Restructuring Agent", "P", 0)
    assert at(state, "1D1") == ("Placement Agent", "P", 0)
    assert names(state, state.dismissed[-1:]) == ["Iris"]


def test_a_copier_cannot_copy_a_copier_or_a_security_guard():
    state = position({"1B1": ("Miss Mummer", "Y", 3), "1A1": ("Professor Parodist", "P", 0),
                      "1C1": "Guard", "1B2": ("Lumbergh", "P", 0)})
    play(state, "use 1B1")  # only Lumbergh's Demote may be copied: forced
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1A1", "pick 1B2", "pick 1C1"]
    alone = position({"1B1": ("Miss Mummer", "Y", 3), "1A1": ("Professor Parodist", "P", 0),
                      "1C1": "Guard"}, mailrooms={"P": [("Iris", 0)]})
    assert "use 1B1" not in alone.legal_actions(YELLOW)


def test_placement_agent_clout_brings_the_employee_in_next_turn():
    state = position({"1A1": ("Placement Agent", "Y", 2), "1B1": ("Lumbergh", "Y", 0)},
                     mailrooms={"Y": [("Reggie", 2), ("Iris", 0)]}, line=["Esther", "Poacher"])
    play(state, "use 1A1", "pick P1 M1")
    assert state.mailrooms[YELLOW][0][1] == 4  # Reggie (4) now has enough…
    assert state.current == PURPLE and where(state, "Reggie") == []  # …but not this turn
    play(state, "take +1", "mailroom")  # Purple's turn
    play(state, "take +1", "mailroom")  # Yellow's next turn: the Bring step takes Reggie in
    play(state, "to 1C1")
    assert at(state, "1C1") == ("Reggie", "Y", 0)


def test_middle_manager_promotes_itself_or_an_adjacent_employee():
    state = position({"1A1": ("Middle Manager", "Y", 2), "1B1": ("Iris", "P", 0)})
    play(state, "use 1A1")
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1A1", "pick 1B1"]
    play(state, "pick 1B1", "to 2C1")
    assert at(state, "2C1") == ("Iris", "P", 0)  # promoting an opponent is allowed


def test_walinda_is_free_and_moves_her_clout_to_an_adjacent_employee():
    state = position({"1A1": ("Walinda", "Y", 3), "1B1": ("Iris", "Y", 1),
                      "1A2": ("Reggie", "P", 0)})
    play(state, "use 1A1", "pick 1B1")
    assert state.legal_actions(YELLOW) == ["amount 1", "amount 2", "amount 3"]
    play(state, "amount 2")
    assert at(state, "1A1")[2] == 1 and at(state, "1B1")[2] == 1 + 2  # added to what it had
    empty_handed = position({"1A1": ("Walinda", "Y", 0), "1B1": ("Iris", "Y", 0)})
    assert "use 1A1" not in empty_handed.legal_actions(YELLOW)
    one = position({"1A1": ("Walinda", "Y", 1), "1B1": ("Iris", "Y", 0)})
    assert "use 1A1" in one.legal_actions(YELLOW)


def test_deedra_adds_one_clout_when_you_dismiss_from_the_line():
    state = position({"1A1": ("Deedra", "Y", 0)}, line=["Lumbergh", "Reggie"], phase=CHOOSE,
                     mailrooms={"Y": [("Esther", 0), ("Iris", 0)]})
    play(state, "take +1", "dismiss", "clout M2", "all")
    dismissal = [e for e in state.log(None) if e["type"] == "dismiss_for_clout"][-1]
    assert dismissal["amount"] == 3 + 1 + 1  # Clout Value, +1 space, Deedra
    # Iris (5) has enough and must enter the Workplace; Deedra is never activated.
    assert state.phase == BRING and state.task()["t"] == "enter"


def test_sam_lowers_the_clout_needed_to_enter():
    state = position({"1A1": ("Sam", "Y", 0)}, line=["Lumbergh", "Reggie", "Poacher"],
                     phase=CHOOSE, mailrooms={"Y": [("Iris", 2), ("Phinny", 0)]})
    play(state, "take -1", "dismiss", "clout M1", "all")  # Iris: 2 + 4 = 6, needs only 5 - 1
    # Bring step: Iris enters paying 4 and keeps 2 (without Sam she would keep 1).
    play(state, "to 1D2")
    assert at(state, "1D2") == ("Iris", "Y", 2)


def test_sam_brought_in_this_turn_does_not_lower_the_cost_yet():
    # Rulebook: Sam's ability is activated for free, and "Employees that were just placed in
    # the Workplace from the Mailroom this turn may not activate their abilities".
    state = position(line=["Lumbergh", "Reggie", "Poacher"], phase=CHOOSE,
                     mailrooms={"Y": [("Sam", 0), ("Iris", 4)]})
    play(state, "take +1", "dismiss", "clout M1")  # Sam: 3 + 1 = 4 >= 2, brought in (forced)
    play(state, "to 1A1")
    assert at(state, "1A1") == ("Sam", "Y", 2)
    # Iris has 4 of her 5: with Sam's discount she would enter, but Sam just arrived.
    assert state.current == PURPLE and where(state, "Iris") == []
    assert state.mailrooms[YELLOW][0][1] == 4
    # On Yellow's next turn Sam works: Iris enters paying 4.
    play(state, "take +1", "mailroom")  # Purple
    play(state, "take +1", "mailroom", "to 1B1")  # Yellow: Iris's Bring step
    assert at(state, "1B1") == ("Iris", "Y", 0)


def test_an_ability_is_used_once_per_turn_and_needs_its_clout():
    state = position({"1A1": ("Middle Manager", "Y", 5), "1B1": ("Lumbergh", "Y", 2),
                      "1C1": ("Iris", "P", 0)})
    assert "use 1B1" not in state.legal_actions(YELLOW)  # 2 Clout, needs 3
    play(state, "use 1A1", "pick 1A1", "to 2A1")
    assert "use 2A1" not in state.legal_actions(YELLOW)  # still has 3 Clout, but used
    with pytest.raises(IllegalAction):
        state.apply(YELLOW, "use 2A1")

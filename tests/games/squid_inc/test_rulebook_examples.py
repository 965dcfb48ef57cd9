"""The rulebook's own examples, played through the real turn flow."""

from squidbox.games.squid_inc.scoring import clout_tokens, final_scores, tier_totals, winners
from squidbox.games.squid_inc.state import CHOOSE

from .positions import GAME, at, play, position

YELLOW, PURPLE = 0, 1


def test_lumbergh_from_the_plus_one_space_gives_four_clout():
    state = position(line=["Lumbergh", "Headhunter", "Middle Manager"], phase=CHOOSE,
                     mailrooms={"Y": [("Iris", 0), ("Esther", 0)]})
    play(state, "take +1", "dismiss", "clout M1")
    assert state.mailrooms[YELLOW][0][1] == 4  # Clout Value 3, +1 from the space
    assert state.piece_name(state.dismissed[-1]) == "Lumbergh"
    assert [state.piece_name(c) for c in state.line][:2] == ["Headhunter", "Middle Manager"]


def test_the_same_employee_from_the_minus_one_space_gives_two():
    state = position(line=["Headhunter", "Middle Manager", "Lumbergh"], phase=CHOOSE,
                     mailrooms={"Y": [("Iris", 0), ("Esther", 0)]})
    play(state, "take -1", "dismiss", "clout M2")
    assert state.mailrooms[YELLOW][1][1] == 2


SCORING_EXAMPLE = {
    # Yellow: bottom Tier 5 + 3 = 8, top Tier 4 x 7 = 28, 7 Clout tokens.
    "1A1": ("Iris", "Y", 4), "1B1": ("Lumbergh", "Y", 0), "4A1": ("Phinny", "Y", 3),
    # Purple: bottom 4+3+3+2+2 = 14, second Tier (4+2) x 3 = 18, third 5 x 5 = 25, 17 tokens.
    "1C1": ("Reggie", "P", 0), "1D1": ("HR Agent", "P", 0),
    "1C2": ("Restructuring Agent", "P", 0), "1A2": ("Middle Manager", "P", 0),
    "1B2": ("Placement Agent", "P", 0), "2A1": ("Esther", "P", 7),
    "2B1": ("The Operator", "P", 0), "3A1": ("Poacher", "P", 10),
    # Security Guards score nothing for anyone.
    "4A2": "Guard", "3B1": "Guard",
}


def test_scoring_example_yellow_43_purple_74():
    state = position(SCORING_EXAMPLE)
    assert tier_totals(state, YELLOW) == [8, 0, 0, 28]
    assert tier_totals(state, PURPLE) == [14, 18, 25, 0]
    assert (clout_tokens(state, YELLOW), clout_tokens(state, PURPLE)) == (7, 17)
    assert final_scores(state) == [43, 74]
    assert winners(state) == [PURPLE]


def test_promote_into_a_full_tier_bumps_a_lesser_employee_who_is_demoted():
    # The Headhunter (2) is Promoted by the adjacent Middle Manager; Tier 2 is full and the
    # Director of Hiring (1) is its only Employee of lesser Clout Value.
    full_tier_two = {
        "2A1": ("Lumbergh", "P", 0), "2B1": ("Esther", "P", 0), "2C1": ("Iris", "P", 0),
        "2A2": ("Director of Hiring", "P", 0), "2B2": ("Poacher", "P", 0),
        "2C2": ("Phinny", "P", 0),
    }
    state = position({**full_tier_two, "1A1": ("Headhunter", "Y", 1),
                      "1B1": ("Middle Manager", "Y", 2)})
    play(state, "use 1B1")
    assert sorted(state.legal_actions(YELLOW)) == ["pick 1A1", "pick 1B1"]
    play(state, "pick 1A1")  # the only Bump is forced: Headhunter takes 2A2
    assert at(state, "2A2") == ("Headhunter", "Y", 1)
    # The Director of Hiring is Demoted to Tier 1, where the Headhunter's space is free.
    assert "to 1A1" in state.legal_actions(YELLOW)
    play(state, "to 1A1")
    assert at(state, "1A1") == ("Director of Hiring", "P", 0)


def test_reggie_promoted_may_take_either_empty_space_of_the_next_tier():
    tier_two = {s: "Guard" for s in ("2A1", "2B1", "2C1", "2A2")}
    state = position({**tier_two, "1A1": ("Reggie", "Y", 0), "1B1": ("Middle Manager", "Y", 2)})
    play(state, "use 1B1", "pick 1A1")
    assert state.legal_actions(YELLOW) == ["to 2B2", "to 2C2"]
    play(state, "to 2C2")
    assert at(state, "2C2") == ("Reggie", "Y", 0) and at(state, "1A1") is None


def test_float_chain_dismisses_the_placement_agent_floated_off_the_bottom_tier():
    state = position({"1B1": ("Restructuring Agent", "Y", 3), "1C1": ("Miss Mummer", "P", 1),
                      "1D1": ("Placement Agent", "P", 2), "1B2": ("Headhunter", "P", 0)})
    play(state, "use 1B1", "pick 1C1")
    assert at(state, "1C1") == ("Restructuring Agent", "Y", 0)
    assert at(state, "1D1") == ("Miss Mummer", "P", 1)
    assert state.piece_name(state.dismissed[-1]) == "Placement Agent"
    # The Dismissal brings a Security Guard in, placed by Yellow on the highest Tier with room.
    assert state.legal_actions(YELLOW) == ["to 4A1", "to 4A2"]
    play(state, "to 4A2")
    assert at(state, "4A2") == ("Security Guard", None, 0)
    assert state.clout_spent == 3 + 2  # the activation and the Agent's lost Clout


def test_a_float_pushes_the_whole_line_of_employees_behind_the_target():
    # The Agent on 1D1 is the first card of the deck (card 0): every piece counts, whatever
    # its number.
    state = position({"1D1": ("Restructuring Agent", "P", 0),
                      "1B1": ("Restructuring Agent", "Y", 3), "1C1": ("Iris", "P", 0)})
    assert state.board[GAME.space_index["1D1"]] == 0
    play(state, "use 1B1")  # Iris is the only neighbour: forced; she pushes the Agent off
    assert at(state, "1C1") == ("Restructuring Agent", "Y", 0)
    assert at(state, "1D1") == ("Iris", "P", 0)
    assert state.dismissed[-1] == 0


def test_a_demotion_sets_off_a_chain_of_bumps_down_to_a_dismissal():
    # Lumbergh Demotes the Poacher (5) into a full Tier 2: it Bumps Reggie (4), who drops into
    # a full Tier 1 and Bumps the Headhunter (2), who falls off the bottom: Dismissed.
    tier_two = {"2A1": ("Reggie", "P", 1), "2B1": ("Poacher", "Y", 0), "2C1": ("Esther", "P", 0),
                "2A2": ("Iris", "P", 0), "2B2": ("Poacher", "P", 0), "2C2": ("HR Agent", "P", 0)}
    tier_one = {s: ("Middle Manager", "P", 0) for s in ("1A1", "1B1", "1C1", "1D1")}
    tier_one.update({s: ("Placement Agent", "P", 0) for s in ("1A2", "1B2")})
    tier_one.update({"1C2": ("Headhunter", "P", 2), "1D2": ("Headhunter", "P", 0)})
    state = position({**tier_two, **tier_one, "3A1": ("Lumbergh", "Y", 3),
                      "3B1": ("Poacher", "P", 4)})
    play(state, "use 3A1")  # the Poacher is Lumbergh's only neighbour: forced
    # Tier 2 is full; lesser than the Poacher (5): Reggie, Esther, HR Agent.
    assert sorted(state.legal_actions(YELLOW)) == ["bump 2A1", "bump 2C1", "bump 2C2"]
    play(state, "bump 2A1")
    assert at(state, "2A1") == ("Poacher", "P", 4)
    # Reggie (4) finds Tier 1 full: every Employee there is lesser.
    play(state, "bump 1C2")
    assert at(state, "1C2") == ("Reggie", "P", 1)
    # The Headhunter is Demoted from the bottom Tier: Dismissed, its 2 Clout lost.
    assert state.piece_name(state.dismissed[-1]) == "Headhunter"
    assert state.task() == {"t": "guard", "piece": -1}

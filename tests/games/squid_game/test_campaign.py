"""The campaign: starting tokens, recruitment before each game, six games, one winner."""

import random

import pytest

from squidbox.engine import DataFileError, InvalidOptions
from squidbox.games.squid_game import data as data_file
from squidbox.games.squid_game.campaign import GAME_ORDER

from .positions import GAME


def play_out(state, seed):
    chooser = random.Random(seed)
    games_seen = []
    while not state.is_terminal():
        if state.phase == "play" and (not games_seen or games_seen[-1] != state.games[
                state.stage]):
            games_seen.append(state.games[state.stage])
            if state.stage > 0:
                # Recruitment happened: each team holds its survivors plus one new token.
                survivors = state.results[-1]["survivors"]
                for seat, team in enumerate(state.team):
                    assert len(team) == len(survivors[seat]) + 1
        seat = chooser.choice(state.to_move())
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return games_seen


def test_each_team_chooses_seven_tokens_to_start():
    state = GAME.new_game(3, seed=1)
    assert state.phase == "lineup" and state.to_move() == [0, 1, 2]
    assert state.legal_actions(0) == [f"token {n}" for n in GAME.tokens.of_seat(0)]
    for _ in range(7):
        for seat in range(3):
            state.apply(seat, state.legal_actions(seat)[-1])
    assert state.team[0] == [218, 251, 286, 325, 372, 403, 431]
    assert state.phase == "play" and state.games[state.stage] == "red_light_green_light"


@pytest.mark.parametrize("players", [3, 6])
def test_the_six_games_in_order_and_the_winner_is_the_final_winners_team(players):
    for seed in range(3):
        state = GAME.new_game(players, seed=seed)
        assert play_out(state, seed) == list(GAME_ORDER)
        returns = state.returns()
        assert state.winner is not None  # Squid Game always ends with a last team or a winner
        assert returns[state.winner] == 1.0 and sum(returns) == 1.0
        assert state.team[state.winner], "the winning token survives"
        for seat in range(players):
            assert len(state.team[seat]) + len(state.bank[seat]) + len(state.reserve[seat]) == 12
            assert state.reserve[seat] == []  # 7 + 5 recruits


def test_a_single_game_deals_the_given_number_of_tokens():
    state = GAME.new_game(4, seed=3, options={"game": "tug_of_war", "tokens": 5})
    assert [len(team) for team in state.team] == [5] * 4
    assert state.games == ["tug_of_war"]


def test_glass_bridge_alone_is_limited_to_its_24_positions():
    with pytest.raises(InvalidOptions):
        GAME.new_game(6, seed=0, options={"game": "glass_bridge", "tokens": 5})


def test_the_data_file_is_checked(tmp_path):
    text = data_file.DATA_FILE.read_text()
    broken = tmp_path / "data.toml"
    broken.write_text(text.replace("shape_cards = [3, 3, 2, 2]", "shape_cards = [3, 3]"))
    with pytest.raises(DataFileError, match="dalgona.shape_cards"):
        data_file.load(broken)
    broken.write_text(text.replace('timer_start = "10:00"', 'timer_start = "12:00"'))
    with pytest.raises(DataFileError, match="red_light_green_light.timer_start"):
        data_file.load(broken)
    broken.write_text(text.replace("Blue = [34,", "Blue = [1,"))
    with pytest.raises(DataFileError, match="tokens"):
        data_file.load(broken)


def test_before_each_later_game_every_team_recruits_one_token_even_if_wiped_out():
    state = GAME.new_game(3, seed=4, options={"recruits": "random"})
    assert [len(team) for team in state.team] == [7, 7, 7]
    chooser = random.Random(4)
    while state.stage == 0:
        seat = chooser.choice(state.to_move())
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    survivors = state.results[0]["survivors"]
    assert [len(team) for team in state.team] == [len(t) + 1 for t in survivors]
    assert [len(reserve) for reserve in state.reserve] == [4, 4, 4]


def test_a_campaign_starts_with_the_rulebooks_tokens_whatever_the_tokens_option():
    # The tokens option sets the team size of one game played alone, not of a campaign.
    state = GAME.new_game(3, seed=1, options={"game": "campaign", "tokens": 3})
    assert state.to_pick == [GAME.data.start_tokens] * 3

"""Every sentence of the rulebook's FAQ (#10 player cards, #11 Events) has its scenario.

`FAQ` lists each sentence (symbols written out in words) with the scenario tests that fail when
its rule is broken, or, for a sentence that only describes a way of keeping track at the table,
`TABLE_AID` and why there is nothing to model. A card's FAQ is its sentences in the rulebook's
order; a card or Event missing here, or a test name that does not exist, fails.
"""

from itertools import groupby

import pytest

from . import test_card_faq, test_event_faq, test_turns
from .positions import GAME

TABLE_AID = "table aid"
MODULES = (test_card_faq, test_event_faq, test_turns)

FAQ = [
    # ---- #10 Player card FAQ ----
    ("Advisor", "Whatever the previous player chooses, you get that bonus.",
     ["test_advisor_previous_player_chooses_and_you_may_play_up_to_two",
      "test_advisor_you_get_the_draw_or_money_bonus_the_previous_player_chooses"]),
    ("Advisor", "If they choose to let you play 2 cards, you can play 0-2 cards.",
     ["test_advisor_previous_player_chooses_and_you_may_play_up_to_two",
      "test_advisor_blue_card_played_during_explore_is_not_commanded_by_it"]),
    ("Advisor", "If you play a Blue card, that card won't be commanded by Explore this turn.",
     ["test_advisor_blue_card_played_during_explore_is_not_commanded_by_it"]),
    ("Agent", "The bolded ability only matters when you play it.",
     ["test_agent_is_commanded_when_played_and_plays_another_card_costing_five_or_less"]),
    ("Agent", "When you do, you immediately command it, and so can play another card costing $5 "
     "or less.",
     ["test_agent_is_commanded_when_played_and_plays_another_card_costing_five_or_less",
      "test_agent_plays_only_a_card_costing_five_or_less_even_with_money_for_more"]),
    ("Agent", "You still have to be able to pay for the second card you're playing if it costs "
     "$5.", ["test_agent_you_still_have_to_be_able_to_pay_for_the_second_card"]),
    ("Agent", "You can still play another card with this if you play it on another player's turn "
     "(with e.g. Squire).",
     ["test_agent_played_on_another_players_turn_still_plays_another_card"]),
    ("Agent", "If you play a Gold card, that card won't be commanded by Collect this turn.",
     ["test_agent_a_gold_card_it_plays_during_collect_is_not_commanded_by_collect"]),
    ("Agent", "If it's the first turn of the game, you can't command Agent.",
     ["test_agent_is_not_commanded_on_the_first_turn"]),
    ("Alpha", "If you play a Red card, that card won't be commanded by Recruit this turn.",
     ["test_alpha_a_red_card_played_by_recruit_counts_but_is_not_commanded_by_it"]),
    ("Alpha", "You can set aside cards you play this turn as you play them, to remember how much "
     "cards you played this turn (putting them with your other cards at end of turn).",
     (TABLE_AID, "the state counts the cards each player played this turn")),
    ("Alpha", "If you command this on an extra turn (with Meteor Shower), this does not count any "
     "cards played on the previous turn.",
     ["test_alpha_on_an_extra_turn_does_not_count_the_previous_turns_plays"]),
    ("Artisan", "If you've 0 cards in hand, you still draw 5 cards.",
     ["test_artisan_with_an_empty_hand_still_draws_five"]),
    ("Bandit", "You can remember that you Recruited last turn by your rotated Red cards.",
     (TABLE_AID, "the state keeps each player's last Action")),
    ("Bandit", "Move your token onto an Action after you finish your turn, not when you are about "
     "to use that Action.",
     ["test_bandit_after_recruiting_makes_each_other_player_lose_six_or_everything"]),
    ("Bandit", "If another player doesn't have enough $ to lose, they just lose everything.",
     ["test_bandit_after_recruiting_makes_each_other_player_lose_six_or_everything"]),
    ("Bandit", "If you Recruited, they lose a total of $6; if you didn't, they just lose $3.",
     ["test_bandit_after_recruiting_makes_each_other_player_lose_six_or_everything",
      "test_bandit_without_recruiting_last_turn_makes_them_lose_three"]),
    ("Bishop", "If a player doesn't successfully discard 3 cards, they have to draw 2 cards and "
     "take -2 crowns.", ["test_bishop_discarders_first_then_drawers_in_turn_order"]),
    ("Bishop", "A player can discard 3 cards, even if they don't have -3 crowns to remove.",
     ["test_bishop_discarding_three_with_fewer_than_three_tokens_is_allowed"]),
    ("Bishop", "Players that want to discard do so first in turn order, and then all players that "
     "have to draw do so second, in turn order.",
     ["test_bishop_discarders_first_then_drawers_in_turn_order"]),
    ("Captain", "You can choose to just discard 1 card, in which case you will only command 1 "
     "card.", ["test_captain_discards_one_and_commands_only_it",
               "test_captain_with_one_card_in_hand_discards_and_commands_it"]),
    ("Captain", "Directors you command with this do nothing.",
     ["test_captain_directors_it_commands_do_nothing"]),
    ("Cultist", "The bolded ability only matters when you discard it from your hand.",
     ["test_cultist_discarded_from_hand_may_be_played_for_free",
      "test_cultist_discarded_from_the_deck_cannot_be_played"]),
    ("Cultist", "When you play this normally (e.g. with Squire), you pay $5.",
     ["test_cultist_played_normally_costs_five"]),
    ("Cultist", "You can play this for free if you discard it from your hand during your turn "
     "(with e.g. Hunter), or during another player's turn (with e.g. Raider).",
     ["test_cultist_discarded_from_hand_may_be_played_for_free",
      "test_cultist_discarded_on_another_players_turn_may_be_played_for_free"]),
    ("Cultist", "If you discard it from the top of the deck (with e.g. Mimic), you can't play it.",
     ["test_cultist_discarded_from_the_deck_cannot_be_played"]),
    ("Diplomat", "You can reveal the card you just drew if it costs $5 or less.",
     ["test_diplomat_reveals_the_card_just_drawn_and_commands_it_in_hand"]),
    ("Diplomat", "The card you reveal remains in your hand, unless something causes you to play "
     "or discard it.", ["test_diplomat_reveals_the_card_just_drawn_and_commands_it_in_hand"]),
    ("Diplomat", "Directors you command with this do nothing.",
     ["test_diplomat_directors_it_commands_do_nothing"]),
    ("Falconer", "The bolded ability only matters when it's in your hand.",
     ["test_falconer_when_commanded_gains_three_and_draws_one",
      "test_falconer_both_copies_are_free_when_another_player_unleashes"]),
    ("Falconer", "When you play this normally (e.g. with Squire), you pay $5.",
     ["test_falconer_costs_five_normally"]),
    ("Falconer", "When you play this when any player (you or someone else) uses Unleash, you pay "
     "$0.", ["test_falconer_is_free_when_you_yourself_unleash",
             "test_falconer_both_copies_are_free_when_another_player_unleashes"]),
    ("Falconer", "If you have 2 Falconers in hand, you may play both of them for free.",
     ["test_falconer_both_copies_are_free_when_another_player_unleashes"]),
    ("Familiar", "You can only play 1 of the 3 cards you discarded.",
     ["test_familiar_plays_one_of_three_and_takes_minus_one"]),
    ("Familiar", "If you do play a card, you have to take -1 crown in addition to paying its "
     "cost.", ["test_familiar_plays_one_of_three_and_takes_minus_one"]),
    ("Familiar", "Cards you don't play stay in the discard pile.",
     ["test_familiar_plays_one_of_three_and_takes_minus_one"]),
    ("Familiar", "If you play a Gold card, that card won't be commanded by Collect this turn.",
     ["test_familiar_a_gold_card_it_plays_during_collect_is_not_commanded_by_collect"]),
    ("Familiar", "If the deck doesn't have enough cards in it, shuffle first.",
     ["test_familiar_shuffles_first_when_the_deck_is_short"]),
    ("Golem", "Whatever the previous player chooses, you ignore that bonus.",
     ["test_golem_previous_player_makes_you_skip_the_money",
      "test_golem_previous_player_makes_you_skip_the_play",
      "test_golem_skipping_the_draw_still_gains_and_the_play_is_optional"]),
    ("Golem", 'The bonuses happen in order, so if they make you ignore "gain $5," you draw 1 card, '
     "then may play 1 card.", ["test_golem_previous_player_makes_you_skip_the_money"]),
    ("Golem", "If they let you play 1 card, playing one is optional.",
     ["test_golem_skipping_the_draw_still_gains_and_the_play_is_optional"]),
    ("Golem", "If you play a Gold card, that card won't be commanded by Collect this turn.",
     ["test_golem_a_gold_card_it_plays_during_collect_is_not_commanded_by_collect"]),
    ("Healer", "You can remember that the previous player Collected on their last turn by their "
     "rotated Gold cards.", (TABLE_AID, "the state keeps each player's last Action")),
    ("Healer", "Move your token onto an Action after you finish your turn, not when you are about "
     "to use that Action.", ["test_healer_removes_two_tokens_when_the_previous_player_collected",
                             "test_healer_just_gains_five_otherwise"]),
    ("Healer", "If they Collected, you gain $5 and remove -2 crowns; if they didn't, you just "
     "gain $5.", ["test_healer_removes_two_tokens_when_the_previous_player_collected",
                  "test_healer_just_gains_five_otherwise"]),
    ("Hero", "You draw the 2 before you check how many cards you have in hand.",
     ["test_hero_draws_before_counting_the_hand"]),
    ("Horse", "Each other player must draw 1 card; it is not optional.",
     ["test_horse_each_other_player_must_draw_one"]),
    ("Hunter", "If you've 0 cards in hand, you still choose a color for the other players.",
     ["test_hunter_with_an_empty_hand_still_names_a_colour_and_gains_three"]),
    ("Hunter", "If you do discard, you gain a total of $7; if you didn't, you just gain $3.",
     ["test_hunter_discarding_gains_seven",
      "test_hunter_with_an_empty_hand_still_names_a_colour_and_gains_three"]),
    ("Hunter", "If another player discards, they gain $4; if they don't, they gain nothing.",
     ["test_hunter_with_an_empty_hand_still_names_a_colour_and_gains_three"]),
    ("Inventor", "If you play a Red card, that card won't be commanded by Recruit this turn (but "
     "you can command it with Inventor).", ["test_inventor_commands_a_red_card_played_this_turn"]),
    ("Inventor", "If you don't play 1 card with this, you can still command another 1 card that "
     "you played this turn.", ["test_inventor_commands_a_red_card_played_this_turn"]),
    ("Inventor", "You can set aside cards you play this turn as you play them, to remember your "
     "options with this (putting them with your other cards at end of turn).",
     (TABLE_AID, "the state marks the cards played this turn")),
    ("Inventor", "Directors you command with this do nothing.",
     ["test_inventor_directors_it_commands_do_nothing"]),
    ("Kitsune", "If you play a Blue card, that card won't be commanded by Explore this turn, and "
     "if you receive a Blue card from the exchange, it also won't be commanded.",
     ["test_kitsune_a_blue_card_received_in_the_exchange_is_not_commanded_by_explore"]),
    ("Kitsune", "Exchanging cards in play is optional.",
     ["test_kitsune_exchanging_is_optional_and_not_asked_without_a_match"]),
    ("Kitsune", "If you exchange, the cards must have the same cost, but don't need to have the "
     "same color.", ["test_kitsune_exchanges_same_cost_cards_keeping_their_rotation"]),
    ("Kitsune", "You can exchange any card you have in play, including one you're about to "
     "command with Explore (it will still be commanded), or Kitsune itself, or the card you just "
     "played.", ["test_kitsune_a_card_exchanged_away_is_still_commanded_by_explore",
                 "test_kitsune_a_blue_card_received_in_the_exchange_is_not_commanded_by_explore"]),
    ("Kitsune", "If the card you're exchanging is rotated, it will stay rotated; if the card you "
     "take from the other player is rotated, it will stay rotated.",
     ["test_kitsune_exchanges_same_cost_cards_keeping_their_rotation"]),
    ("Leprechaun", "If it's turns 2-5, you gain $10; otherwise you gain $10 and take -2 crowns.",
     ["test_leprechaun_on_turns_two_to_five_gains_ten_without_tokens"]),
    ("Magpie", "You can pay for this 0-4 times.", ["test_magpie_pays_two_up_to_four_times",
                                                  "test_magpie_exactly_two_dollars_pays_once"]),
    ("Magpie", "So you can either pay $0 for nothing, or pay $2 for 1 card, or pay $4 for 2 cards, "
     "or pay $6 for 3 cards, or pay $8 for 4 cards.",
     ["test_magpie_the_whole_payment_is_chosen_before_any_card_is_drawn",
      "test_magpie_pays_two_up_to_four_times"]),
    ("Mastermind", "You play a card costing $0, then one costing $5, then another one costing "
     "$10, in any order.", ["test_mastermind_plays_one_card_at_each_cost_in_any_order"]),
    ("Mastermind", "If you play any Blue cards, they won't be commanded by Explore this turn.",
     ["test_mastermind_blue_cards_it_plays_are_not_commanded_by_explore"]),
    ("Merchant", "This does something when you command it, and it also does something later.",
     ["test_merchant_loses_eight_at_the_start_of_the_next_turn_after_end_events",
      "test_merchant_commanded_twice_loses_twice"]),
    ("Merchant", "You lose $8 at the start of the next turn (no matter whose turn it is), after "
     "doing any Events that triggered at the end of your turn.",
     ["test_merchant_loses_eight_at_the_start_of_the_next_turn_after_end_events"]),
    ("Merchant", "If you don't have $8 to lose by then, you just lose everything.",
     ["test_merchant_loses_eight_at_the_start_of_the_next_turn_after_end_events"]),
    ("Mimic", "You can only command 1 of the 3 cards you discarded.",
     ["test_mimic_commands_one_of_the_three_twice_and_all_stay_discarded"]),
    ("Mimic", "You command the card once, and then you command it again.",
     ["test_mimic_commands_one_of_the_three_twice_and_all_stay_discarded"]),
    ("Mimic", "All 3 cards you discard stay in the discard pile.",
     ["test_mimic_commands_one_of_the_three_twice_and_all_stay_discarded"]),
    ("Mimic", "If the deck doesn't have enough cards in it, shuffle first.",
     ["test_mimic_shuffles_first_when_the_deck_is_short"]),
    ("Mimic", "Directors you command with this do nothing.",
     ["test_mimic_directors_it_commands_do_nothing"]),
    ("Nightmare", "Normally the other players will end up with 2 cards un-rotated, with "
     "everything else rotated.",
     ["test_nightmare_others_keep_two_unrotated_and_rotated_cards_stay_rotated"]),
    ("Nightmare", "Previously rotated cards (due to e.g. Actions) will remain rotated.",
     ["test_nightmare_others_keep_two_unrotated_and_rotated_cards_stay_rotated"]),
    ("Nightmare", "Rotated cards can't be commanded by Actions, but can be commanded by Directors "
     "and Events.", ["test_job_fair_only_recruit_even_after_recruiting",
                     "test_overlord_commands_a_blue_then_a_gold_card_rotated_or_not"]),
    ("Overlord", "You first command a Blue card (if you have any), then you command a Gold card "
     "(if you have any).", ["test_overlord_commands_a_blue_then_a_gold_card_rotated_or_not",
                            "test_overlord_with_no_gold_card_still_commands_the_blue_one"]),
    ("Overlord", "It doesn't matter if the cards are rotated or not.",
     ["test_overlord_commands_a_blue_then_a_gold_card_rotated_or_not"]),
    ("Overlord", "Directors you command with this do nothing.",
     ["test_overlord_directors_it_commands_do_nothing"]),
    ("Patron", "Even if you didn't gain $3 with this, you can still play 1 card.",
     ["test_patron_may_play_even_without_gaining"]),
    ("Patron", "If you play a Blue card, that card won't be commanded by Explore this turn.",
     ["test_patron_a_blue_card_it_plays_during_explore_is_not_commanded_by_explore"]),
    ("Puppeteer", "First command any card that the previous player has in play, then command a "
     "card with a different cost.",
     ["test_puppeteer_commands_two_cards_of_different_costs_and_they_stay_put"]),
    ("Puppeteer", "It doesn't matter if the cards are rotated or not.",
     ["test_puppeteer_commands_two_cards_of_different_costs_and_they_stay_put"]),
    ("Puppeteer", "If all their cards in play have the same cost, you can only choose one of them.",
     ["test_puppeteer_with_one_cost_commands_only_one"]),
    ("Puppeteer", "The cards you command stay in that player's play area, and don't get "
     "rotated/un-rotated.",
     ["test_puppeteer_commands_two_cards_of_different_costs_and_they_stay_put"]),
    ("Puppeteer", "Cards you command that affect other players (like Hunter and Villain) still "
     "affect that player.",
     ["test_puppeteer_commands_two_cards_of_different_costs_and_they_stay_put",
      "test_puppeteer_a_hunter_it_commands_still_affects_the_previous_player"]),
    ("Puppeteer", "Directors you command with this do nothing.",
     ["test_puppeteer_with_one_cost_commands_only_one"]),
    ("Raider", "For example, if another player has 4 cards in hand, they choose 1 card in their "
     "hand, and discard the other 3 cards.", ["test_raider_keeps_one_and_discards_three"]),
    ("Sphinx", "The extra turn is like a normal turn, except you can't use Unleash a 2nd time in "
     "a row.", ["test_sphinx_pays_for_an_extra_turn_without_advancing_the_clock",
                "test_sphinx_no_unleash_twice_in_a_row_and_nothing_on_an_extra_turn"]),
    ("Sphinx", "All other Events that were active this turn will still be active on the extra "
     "turn.", ["test_meteor_shower_other_events_of_the_turn_are_still_active_on_the_extra_turn",
               "test_meteor_shower_with_a_sphinx_gives_both_extra_turns_and_no_more"]),
    ("Sphinx", "Extra turns do not affect the turn count.",
     ["test_sphinx_pays_for_an_extra_turn_without_advancing_the_clock"]),
    ("Sphinx", "If you command a Sphinx and pay for it multiple times in one turn, you can take "
     "multiple extra turns in a row.",
     ["test_sphinx_one_command_may_be_paid_for_several_times",
      "test_sphinx_one_payment_per_command_is_an_option",
      "test_sphinx_commanded_twice_pays_twice_for_two_extra_turns"]),
    ("Sphinx", "If you command a Sphinx on an extra turn (doesn't matter if it was created by "
     "Sphinx or Meteor Shower), nothing happens.",
     ["test_sphinx_no_unleash_twice_in_a_row_and_nothing_on_an_extra_turn",
      "test_meteor_shower_with_a_sphinx_gives_both_extra_turns_and_no_more"]),
    ("Spy", "The cards the other player reveals remain in their hand, unless something causes "
     "them to play or discard it.",
     ["test_spy_reveals_cheap_cards_which_stay_in_hand_and_commands_one"]),
    ("Spy", "If the previous player's hand has no cards costing $5 or less, nothing happens.",
     ["test_spy_nothing_happens_without_cheap_cards"]),
    ("Spy", "Directors you command with this do nothing.",
     ["test_spy_directors_it_commands_do_nothing"]),
    ("Squire", "If you play a Red card, that card won't be commanded by Recruit this turn.",
     ["test_squire_a_red_card_it_plays_during_recruit_is_not_commanded_by_recruit"]),
    ("Squire", "If another player plays a card during your turn, that card is still rotated "
     "during their next turn.",
     ["test_squire_others_play_in_turn_order_and_their_cards_stay_rotated"]),
    ("Unicorn", "When you command this, you remove -1 crown; when you play this, you gain $10, "
     "effectively refunding the $10 you paid to play this.",
     ["test_unicorn_commanded_removes_one_and_played_refunds_ten"]),
    ("Vampire", "When a card leaves your play area, you lose the crowns from it.",
     ["test_vampire_only_players_with_four_cards_lose_one_costing_five_or_more"]),
    ("Vampire", "If another player has 3 cards or less in play, or they don't have any cards in "
     "play costing $5 or more, they don't have to do anything.",
     ["test_vampire_only_players_with_four_cards_lose_one_costing_five_or_more",
      "test_vampire_nothing_without_cards_costing_five"]),
    ("Villain", "If a player has $10 or more, they take a total of -2 crowns; if they have $9 or "
     "less, they just take -1 crown.", ["test_villain_ten_dollars_or_more_take_two"]),
    ("Watchdog", "When a card leaves your play area, you lose the crowns from it.",
     ["test_watchdog_commands_a_card_then_returns_it"]),
    ("Watchdog", "You can return any card, including one that you're about to command with "
     "Recruit (it will still be commanded), or a card you commanded earlier this turn.",
     ["test_watchdog_returns_a_card_recruit_is_about_to_command_and_it_is_still_commanded",
      "test_watchdog_returns_only_the_chosen_card_not_another_copy"]),
    ("Watchdog", "You can replay the card later the same turn.",
     ["test_watchdog_the_returned_card_can_be_replayed_the_same_turn"]),
    ("Watchdog", "Directors you command with this do nothing.",
     ["test_watchdog_returns_only_the_chosen_card_not_another_copy"]),
    ("Warlord", "If you play a Gold card, that card won't be commanded by Collect this turn.",
     ["test_warlord_a_gold_card_it_plays_during_collect_is_not_commanded_by_collect"]),
    # ---- #11 Event FAQ ----
    ("Cleaning", "This counts cards discarded for any reason, including Vampire and Mimic.",
     ["test_cleaning_counts_discards_from_the_deck_and_from_play"]),
    ("Cleaning", "This affects the other players during your turn.",
     ["test_cleaning_pays_other_players_who_discard_on_your_turn"]),
    ("Cleaning", "For example, if another player discarded 3 cards to a Bishop you commanded, "
     "they'll gain $3 from this.", ["test_cleaning_pays_other_players_who_discard_on_your_turn"]),
    ("Commerce", "For example, you can discard an Inventor from play to play an Agent for free.",
     ["test_commerce_discards_inventor_from_play_to_play_agent_for_free",
      "test_commerce_the_new_card_costs_at_most_the_discarded_one"]),
    ("Commerce", "You can discard a card that's rotated.",
     ["test_commerce_discards_inventor_from_play_to_play_agent_for_free"]),
    ("Commerce", "You can command the new card you played on the same turn.",
     ["test_commerce_new_card_can_be_commanded_by_this_turns_action",
      "test_commerce_new_card_entering_rotated_is_an_option",
      "test_commerce_new_card_can_be_commanded_by_a_director_this_turn"]),
    ("Commerce", "When a card leaves your play area, you lose the crowns from it.",
     ["test_commerce_discards_inventor_from_play_to_play_agent_for_free"]),
    ("Crowdfunding", "If you have -1 crown or less, you may still pay $5 to remove all your "
     "-crowns.", ["test_crowdfunding_pays_five_to_remove_every_token",
                  "test_crowdfunding_is_optional_and_needs_tokens_and_five_dollars"]),
    ("Dance", "If you choose to have all players draw 2 cards, the other players cannot decline.",
     ["test_dance_all_players_draw_two_and_cannot_decline"]),
    ("Eruption", "If you only have 1 card of a color in play, you must discard it.",
     ["test_eruption_discards_one_card_of_each_colour_the_sole_card_too"]),
    ("Eruption", "If you don't have any cards of a color in play, you discard one fewer card.",
     ["test_eruption_discards_one_card_of_each_colour_the_sole_card_too"]),
    ("Eruption", "When a card leaves your play area, you lose the crowns from it.",
     ["test_eruption_discards_one_card_of_each_colour_the_sole_card_too"]),
    ("Expedition", "If you Explored, you can play 1-2 cards that cost $0.",
     ["test_expedition_after_exploring_plays_up_to_two_free_cards",
      "test_expedition_plays_only_zero_dollar_cards",
      "test_expedition_does_nothing_without_exploring"]),
    ("Expedition", "You can resolve Snowfall before this, and play 2 cards that won't be rotated.",
     ["test_snowfall_and_expedition_together_are_resolved_in_the_order_you_choose"]),
    ("Job Fair", "You cannot use Explore, Collect, or Unleash.",
     ["test_job_fair_only_recruit_even_after_recruiting"]),
    ("Job Fair", "If you used Recruit on the previous turn, you will have to use Recruit again, "
     "with no cards to command.", ["test_job_fair_only_recruit_even_after_recruiting"]),
    ("Masquerade", "For example, if you command a Hero, the previous player draws the 2 cards you "
     "would've received, and then if you have 5 or fewer cards in hand, the previous player "
     "gains $5.",
     ["test_masquerade_hero_previous_player_draws_and_gains_if_you_hold_five_or_fewer",
      "test_masquerade_hero_nothing_gained_when_you_hold_more_than_five"]),
    ("Meteor Shower", "The extra turn is like a normal turn, except you can't use Unleash a 2nd "
     "time in a row.", ["test_meteor_shower_gives_one_extra_turn_and_the_clock_stays"]),
    ("Meteor Shower", "All other Events that were active this turn will still be active on the "
     "extra turn.",
     ["test_meteor_shower_other_events_of_the_turn_are_still_active_on_the_extra_turn"]),
    ("Meteor Shower", "Extra turns do not affect the turn count.",
     ["test_meteor_shower_gives_one_extra_turn_and_the_clock_stays",
      "test_meteor_shower_with_a_sphinx_gives_both_extra_turns_and_no_more"]),
    ("Performance", "If you played exactly 1 card, or played 3+ cards, this will not affect you.",
     ["test_performance_exactly_one_or_three_plus_cards_played_is_safe"]),
    ("Performance", "Otherwise, you will take -2 crowns.",
     ["test_performance_exactly_one_or_three_plus_cards_played_is_safe"]),
    ("Protest", "If you don't have any cards in play costing $0, this does nothing.",
     ["test_protest_rotates_your_zero_dollar_cards_only"]),
    ("Snowfall", "You can set aside cards you play this turn as you play them, to remember what "
     "to rerotate with this (putting them with your other cards at end of turn).",
     ["test_snowfall_rotates_again_the_cards_played_this_turn"]),
    ("Tournament", "If you're tied with another player in number of cards in hand, you don't get "
     "+$4.", ["test_tournament_ties_get_nothing"]),
    ("Vacation", "This skips the first line of text on Actions, which is different for each "
     "Action.", ["test_vacation_skips_the_first_line_but_still_commands",
                 "test_vacation_on_unleash_skips_its_first_line_but_still_unrotates"]),
    ("Vacation", "Everything else on the Action (commanding, rotating, etc.) is still done as "
     "normal.", ["test_vacation_skips_the_first_line_but_still_commands",
                 "test_vacation_on_unleash_skips_its_first_line_but_still_unrotates"]),
    ("Zoo Opening", "Instead of doing the instructions on the card you're commanding, you play a "
     "card costing $5 or more.", ["test_zoo_opening_plays_a_card_instead_of_commanding"]),
    ("Zoo Opening", "You can do this even if it's a Director commanding another Director.",
     ["test_zoo_opening_works_even_for_a_director_commanding_a_director"]),
]

# Cards and Events the rulebook's FAQ has no entry for; they are covered by their own tests.
NO_FAQ_ENTRY = {"Party": "test_party_gains_three"}


def scenario(name):
    return next((getattr(m, name) for m in MODULES if hasattr(m, name)), None)


@pytest.mark.parametrize(("subject", "sentence", "covered_by"), FAQ,
                         ids=[f"{s}: {t[:40]}" for s, t, _ in FAQ])
def test_each_faq_sentence_names_scenarios_that_exist(subject, sentence, covered_by):
    assert subject in GAME.data.cards or subject in GAME.data.events
    if isinstance(covered_by, tuple):
        assert covered_by[0] == TABLE_AID and covered_by[1], "a table aid says why"
        return
    assert covered_by and all(scenario(name) for name in covered_by), covered_by


def test_every_card_and_event_has_its_faq_sentences():
    listed = {subject for subject, _, _ in FAQ}
    missing = [n for n in [*GAME.data.cards, *GAME.data.events]
               if n not in listed and n not in NO_FAQ_ENTRY]
    assert missing == []
    assert all(scenario(name) for name in NO_FAQ_ENTRY.values())


def test_sentences_are_listed_once_and_each_cards_together():
    seen = [(subject, sentence) for subject, sentence, _ in FAQ]
    assert len(set(seen)) == len(seen)
    runs = [subject for subject, _ in groupby(subject for subject, _, _ in FAQ)]
    assert len(runs) == len(set(runs))

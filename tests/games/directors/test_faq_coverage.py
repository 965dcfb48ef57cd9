"""Every card and every Event of the data file has its FAQ scenario."""

from . import test_card_faq, test_event_faq
from .positions import GAME


def scenario_names(module):
    return [name for name in dir(module) if name.startswith("test_")]


def slug(name):
    return name.lower().replace(" ", "_")


def test_every_card_has_a_faq_scenario():
    names = scenario_names(test_card_faq)
    missing = [card for card in GAME.data.cards
               if not any(n.startswith(f"test_{slug(card)}_") for n in names)]
    assert missing == []


def test_every_event_has_a_faq_scenario():
    names = scenario_names(test_event_faq)
    missing = [event for event in GAME.data.events
               if not any(n.startswith(f"test_{slug(event)}_") for n in names)]
    assert missing == []

"""Every step and question of Squid Game, in one Flow (engine/stack.py): the campaign's picks
and each game's rounds. Each module lists its own STEPS and QUESTIONS."""

from __future__ import annotations

from squidbox.engine.stack import Flow

from . import (
    campaign,
    dalgona,
    glass_bridge,
    marbles,
    red_light_green_light,
    squid_game,
    tug_of_war,
)

MODULES = (campaign, red_light_green_light, dalgona, tug_of_war, marbles, glass_bridge, squid_game)

FLOW = Flow(
    steps=[step for module in MODULES for step in module.STEPS],
    questions=[question for module in MODULES for question in module.QUESTIONS],
)

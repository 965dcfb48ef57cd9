"""Every step and question of Squid Game, in one Flow (engine/stack.py): the campaign's picks
and each game's rounds. Each module lists its own STEPS and QUESTIONS."""

from __future__ import annotations

from squidbox.engine.stack import Flow

from . import campaign, dalgona, red_light_green_light

FLOW = Flow(
    steps=[*campaign.STEPS, *red_light_green_light.STEPS, *dalgona.STEPS],
    questions=[*campaign.QUESTIONS, *red_light_green_light.QUESTIONS, *dalgona.QUESTIONS],
)

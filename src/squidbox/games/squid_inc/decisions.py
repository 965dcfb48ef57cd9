"""Squid, Inc.'s Flow: every step and question of the game on the engine's decision stack
(engine/stack.py), gathered from the modules that write them: the turn's steps (turn.py), the
line's refill (line.py), placing a Dismissal's Clout (clout.py), the moves in the Workplace
(workplace.py) and the abilities (abilities.py). Every decision belongs to the player whose
turn it is.
"""

from __future__ import annotations

from squidbox.engine.stack import Flow

from . import abilities, clout, line, turn, workplace

FLOW = Flow(
    steps=[*turn.STEPS, *line.STEPS, *clout.STEPS, *workplace.STEPS, *abilities.STEPS],
    questions=[*turn.QUESTIONS, *clout.QUESTIONS, *workplace.QUESTIONS, *abilities.QUESTIONS],
)

"""Passing automatically: a person's choice to let "pass" be answered for them when it is the
only thing they can do.

Reaction windows ask everyone in turn ("Anyone may now play Falconer"), also those who hold
nothing that fits, because skipping them would tell the table what their hand holds. A person
may ask to pass automatically in that case. Two rules keep that as secret as asking everyone:

1. The automatic answer is given only when the seat's *only* legal action is "pass": never when
   it holds something that fits (then the person decides, as always).
2. Its timing must not show that it was automatic. On a shared server the answer comes after a
   delay drawn from `HumanDelay`, a log-normal distribution, the usual model of human response
   times, with a median of about 2 s and never under 0.8 s, so an automatic pass looks like a
   person who glanced at their hand and passed. The delay is drawn *before* the seat's legal
   actions are looked at, from an unseeded system random source, and is drawn the same way
   whatever the seat holds; the hand decides only whether anything is sent when the delay ends
   (a seat holding a fitting card sends nothing, so nothing is observable). Whether a seat
   passes automatically is never shown to the others, and its pass is logged exactly like a
   chosen one.

In the terminal against bots nobody can watch the clock (bots see states, not time), so the
terminal passes at once; at a shared screen (hot-seat) the device is still handed to the seat,
as it would be to choose, so the others learn nothing from who is handed the device.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

PASS = "pass"


def passes_automatically(legal: list[str]) -> bool:
    """Whether a seat that asked to pass automatically is passed for: "pass" is all it can do."""
    return legal == [PASS]


@dataclass(frozen=True)
class HumanDelay:
    """Seconds before an automatic pass: log-normal (median `median`, log-spread `spread`),
    kept within [shortest, longest]. The defaults put 90% of delays between about 0.9 and 4.6
    seconds, the time a person takes to see that nothing in their hand fits and press "pass"."""

    median: float = 2.0
    spread: float = 0.5
    shortest: float = 0.8
    longest: float = 10.0

    def draw(self, rng: random.Random | None = None) -> float:
        """One delay. It takes no game state: by construction it cannot depend on a hand."""
        source = rng if rng is not None else _SYSTEM
        value = source.lognormvariate(math.log(self.median), self.spread)
        return min(self.longest, max(self.shortest, value))


_SYSTEM = random.SystemRandom()  # unseeded: an opponent cannot predict the delays

"""THE VIPS: they bet on the games and act when they get bored.

- Tug of War: a battle still tied after counting tokens bores them: both sides are eliminated.
- Glass Bridge: if the last tile is revealed while the Timer reads 15:00 or 10:00, they cut the
  Timer to 05:00 (and players take back all their cards at the end of the round).
"""

from __future__ import annotations

from squidbox.i18n import N_

TIE_REASON = N_("the VIPs get bored of a tied Tug of War")


def bored_by_bridge(timer: str, steps: tuple[str, ...]) -> bool:
    """Whether revealing the final tile now makes the VIPs cut the Timer."""
    return steps.index(timer) < steps.index(cut_timer(steps))


def cut_timer(steps: tuple[str, ...]) -> str:
    """The value the VIPs set: the last marker before 00:00 (05:00)."""
    return steps[-2]

"""SQUID's log texts built when the log is read (engine `Later`), in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from squidbox.i18n import gettext as _

from .data import TrickType


def calls_text(names: tuple[str, ...], tricks: Sequence[TrickType],
               calls: list[tuple[int, int, int | None]]) -> str:
    """"Red 1, Blue 0 (Zeige 0)": each call of a reveal."""
    return ", ".join(
        f"{names[seat]} {value}" + ("" if trick is None else f" ({tricks[trick].name})")
        for seat, value, trick in calls)


def moved_text(total: int, where: str) -> str:
    if total == 0:
        return _("the guard stays on {where}").format(where=where)
    if total > 0:
        return _("the guard moves {count} clockwise to {where}").format(count=total, where=where)
    return _("the guard moves {count} counter-clockwise to {where}").format(count=-total,
                                                                             where=where)


def drawn_text(names: tuple[str, ...]) -> str:
    return ", ".join(names) or _("no trick")


def out_text(dropped: tuple[str, ...]) -> str:
    return _(", discarding {cards}.").format(cards=", ".join(dropped)) if dropped else "."

"""Snapshots written before SQUID ran on the decision stack kept the round's moment in `phase`,
the seat asked in `asking` and a window's passes in `passed`; `upgraded` rewrites such a
snapshot with the stack and the question asked at that point, as this release writes it
(docs/engine.md, "Snapshots from before the stack"). A window's passes need no field: they are
the eligible seats before the one asked in the window's order (flow.py)."""

from __future__ import annotations

from typing import Any

from .flow import AFTER_MOVE, AFTER_REVEAL, CALL, START

# Per moment: the one frame below the question asked then.
BELOW = {START: "start_round", CALL: "reveal_call", AFTER_MOVE: "reveal_guard_action",
         AFTER_REVEAL: "carry_out"}


def upgraded(doc: Any) -> Any:
    try:
        fields = doc["state"]
        phase, asking = fields["phase"], fields["asking"]
    except (KeyError, TypeError):
        return doc
    if "stack" in fields:
        return doc
    fields = {key: value for key, value in fields.items()
              if key not in ("phase", "asking", "passed")}
    stack: list[list[Any]] = []
    pending: dict[str, Any] | None = None
    if phase in BELOW:
        stack = [[BELOW[phase], {}]]
    if phase == START:
        pending = {"seat": asking, "kind": START, "args": {}}
    elif phase == CALL:
        pending = {"seats": [seat for seat, (active, vote) in
                             enumerate(zip(fields["active"], fields["votes"], strict=True))
                             if active and vote is None],
                   "kind": CALL, "args": {}}
    elif phase in (AFTER_MOVE, AFTER_REVEAL):
        pending = {"seat": asking, "kind": phase, "args": {"rest": rest_of_window(fields, asking)}}
    fields["stack"], fields["pending"] = stack, pending
    return {**doc, "state": fields}


def rest_of_window(fields: dict[str, Any], asking: int) -> list[int]:
    """The seats after `asking` in the window's order: the eligible seats from the owner of
    the character under the guard, clockwise (flow.window_order, read off the snapshot)."""
    seats = len(fields["active"])
    character = fields["circle"][fields["guard"]]
    per_colour = len(fields["circle"] + fields["in_front"] + fields["boxed"]) // seats
    first = character // per_colour
    active, hands = fields["active"], fields["hands"]
    order = [seat for seat in ((first + offset) % seats for offset in range(seats))
             if active[seat] and hands[seat]]
    return order[order.index(asking) + 1:]

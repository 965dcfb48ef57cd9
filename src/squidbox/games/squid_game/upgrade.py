"""Snapshots written before Squid Game ran on the decision stack: each game kept its step in
`g["step"]` (and a token choice in `g["pending"]`); `upgraded` rewrites such a snapshot with the
stack and the question asked at that point, as this release writes it (docs/engine.md,
"Snapshots from before the stack"). Red Light Green Light's 0 Pushes, Glass Bridge's moves and
the final's revealed cards then still ran outside the stack (the 0 Pushes to play in
`g["pushers"]`, the seats still to move in `g["movers"]`, the moving token in `g["motion"]`, the
cards still to resolve in `g["queue"]`): those become frames too."""

from __future__ import annotations

from typing import Any

from .data import SquidGameData

Frames = list[list[Any]]
Pending = dict[str, Any] | None


def upgraded(doc: Any, data: SquidGameData) -> Any:
    return final_cards_on_the_stack(bridge_moves_on_the_stack(
        pushes_on_the_stack(on_the_stack(doc, data))))


def on_the_stack(doc: Any, data: SquidGameData) -> Any:
    try:
        fields = doc["state"]
        phase, g = fields["phase"], fields["g"]
    except (KeyError, TypeError):
        return doc
    if "stack" in fields or not isinstance(g, dict):
        return doc
    fields = dict(fields)
    if phase in ("lineup", "recruit"):
        to_pick = fields.get("to_pick") or []
        stack, pending = [["start_game", {}]], asked_all(
            [seat for seat, left in enumerate(to_pick) if left], "pick")
    elif phase == "play" and "step" in g:
        g = {key: value for key, value in g.items() if key not in ("step", "pending")}
        game = fields["games"][fields["stage"]]
        stack, pending = STAGES[game](doc["state"]["g"], fields["team"], data)
        fields["g"] = g
    else:
        stack, pending = [], None
    fields["stack"], fields["pending"] = stack, pending
    return {**doc, "state": fields}


def pushes_on_the_stack(doc: Any) -> Any:
    """Red Light Green Light's 0 Pushes still to play (`g["pushers"]`, the one choosing its
    target first, under a frame that went through them) become one frame each, above the
    round's end."""
    try:
        fields = doc["state"]
        g, stack = fields["g"], fields["stack"]
        pushers = g["pushers"]
    except (KeyError, TypeError):
        return doc
    fields = dict(fields)
    fields["g"] = {key: value for key, value in g.items() if key != "pushers"}
    still = [["rlgl_end_round", {}], *(["rlgl_push", {"seat": seat}]
                                       for seat in reversed(pushers[1:]))]
    fields["stack"] = [frame for old in stack
                       for frame in (still if old == ["rlgl_push", {}] else [old])]
    return {**doc, "state": fields}


def bridge_moves_on_the_stack(doc: Any) -> Any:
    """Glass Bridge's seats still to move become turn frames (above the round's end), and a
    side asked of a moving token the leap question that carries its move."""
    try:
        fields = doc["state"]
        g, stack, pending = fields["g"], fields["stack"], fields["pending"]
        movers, motion = g["movers"], g["motion"]
    except (KeyError, TypeError):
        return doc
    fields = dict(fields)
    fields["g"] = {key: value for key, value in g.items() if key not in ("movers", "motion")}
    if pending is not None and pending["kind"] == "glass_bridge_choose":
        stack = [*stack, ["glass_bridge_end_round", {}],
                 *(["glass_bridge_turn", {"seat": seat, "value": value}]
                   for seat, value in reversed(movers))]
        if pending["args"]["kind"] == "side":
            pending = asked(pending["seat"], "glass_bridge_leap", token=motion["token"],
                            steps=motion["steps"])
    fields["stack"], fields["pending"] = stack, pending
    return {**doc, "state": fields}


def final_cards_on_the_stack(doc: Any) -> Any:
    """The final's revealed cards still to resolve become card frames above the round's end."""
    try:
        fields = doc["state"]
        g, stack, pending = fields["g"], fields["stack"], fields["pending"]
        queue = g["queue"]
    except (KeyError, TypeError):
        return doc
    fields = dict(fields)
    fields["g"] = {key: value for key, value in g.items() if key != "queue"}
    if pending is not None and pending["kind"] == "squid_game_choose":
        stack = [*stack, ["squid_game_end_round", {}],
                 *(["squid_game_card", {"seat": seat, "card": card}]
                   for seat, card in reversed(queue))]
    fields["stack"] = stack
    return {**doc, "state": fields}


def asked(seat: int, question: str, /, **args: Any) -> Pending:
    return {"seat": seat, "kind": question, "args": args}


def asked_all(seats: list[int], question: str) -> Pending:
    return {"seats": seats, "kind": question, "args": {}} if seats else None


def playing(g: dict[str, Any], team: list[int]) -> list[int]:
    return [t for t in team if str(t) in g["at"]]


def red_light_green_light(g: dict[str, Any], teams: list[list[int]],
                          data: SquidGameData) -> tuple[Frames, Pending]:
    step = g["step"]
    if step == "enter":
        return [["rlgl_play", {}]], asked_all(list(g["to_enter"]), "rlgl_enter")
    if step == "push":
        return [["rlgl_push", {}]], asked(g["pushers"][0], "rlgl_push")
    on_board = [seat for seat, team in enumerate(teams)
                if any(g["at"].get(str(t), -1) >= 0 for t in team)]
    return [["rlgl_reveal", {}]], asked_all(
        [seat for seat in on_board if g["played"][seat] is None], "rlgl_play")


def dalgona(g: dict[str, Any], teams: list[list[int]],
            data: SquidGameData) -> tuple[Frames, Pending]:
    step = g["step"]
    if step == "place":
        return [], asked(g["placing"][0], "dalgona_place")
    if step == "choose":
        p = g["pending"]
        return [], asked(p["seat"], "dalgona_choose", kind=p["kind"], options=p["options"])
    return [], asked(g["order"][g["turn"]], "dalgona_poke")


def tug_of_war(g: dict[str, Any], teams: list[list[int]],
               data: SquidGameData) -> tuple[Frames, Pending]:
    if g["step"] == "place":
        return [], asked(g["order"][g["turn"]], "tug_place")
    due = [min(len(playing(g, team)), data.tug_max_cards) for team in teams]
    return [["tug_pull", {}]], asked_all(
        [seat for seat, plays in enumerate(g["plays"]) if len(plays) < due[seat]], "tug_cards")


def marbles(g: dict[str, Any], teams: list[list[int]],
            data: SquidGameData) -> tuple[Frames, Pending]:
    step, duel = g["step"], g["duel"]
    if step in ("pair", "select"):
        return [], asked(g["order"][g["turn"]], f"marbles_{step}")
    if step in ("keep", "mode"):
        return [], asked(duel["selector"], f"marbles_{step}")
    if step == "wall":
        roller = duel["opponent"] if duel["rolls"][0] is None else duel["selector"]
        return [], asked(roller, "marbles_roll")
    seats = [seat for seat, choice in ((duel["selector"], duel["hide"]),
                                       (duel["opponent"], duel["guess"])) if choice is None]
    return [["odd_even", {}]], asked_all(seats, "marbles_odd_even")


def glass_bridge(g: dict[str, Any], teams: list[list[int]],
                 data: SquidGameData) -> tuple[Frames, Pending]:
    step = g["step"]
    if step == "place":
        return [], asked(g["order"][g["turn"]], "glass_bridge_place")
    if step == "choose":
        p = g["pending"]
        return [], asked(p["seat"], "glass_bridge_choose", kind=p["kind"],
                         options=p["options"], value=p["value"])
    seats = [seat for seat, team in enumerate(teams)
             if g["played"][seat] is None and playing(g, team)]
    then = "glass_bridge_build" if step == "build" else "glass_bridge_reveal"
    return [[then, {}]], asked_all(seats, f"glass_bridge_{step}")


def squid_game(g: dict[str, Any], teams: list[list[int]],
               data: SquidGameData) -> tuple[Frames, Pending]:
    step = g["step"]
    if step == "place":
        return [["squid_game_round", {}]], asked_all(list(g["to_place"]), "squid_game_place")
    if step == "choose":
        p = g["pending"]
        return [], asked(p["seat"], "squid_game_choose", kind=p["kind"], options=p["options"])
    seats = [seat for seat, team in enumerate(teams)
             if g["played"][seat] is None and playing(g, team)]
    return [["squid_game_reveal", {}]], asked_all(seats, "squid_game_play")


STAGES = {
    "red_light_green_light": red_light_green_light, "dalgona": dalgona,
    "tug_of_war": tug_of_war, "marbles": marbles, "glass_bridge": glass_bridge,
    "squid_game": squid_game,
}

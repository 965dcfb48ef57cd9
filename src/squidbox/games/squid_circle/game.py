"""SQUID: the game object, its options, its actions and its text rendering."""

from __future__ import annotations

from typing import Any

from squidbox.engine import Game, Option
from squidbox.games.names import shown as shown_names
from squidbox.i18n import N_, ngettext
from squidbox.i18n import gettext as _

from . import data as data_file
from . import heuristic
from .actions import PlayTrick, StartOn, Vote, action_table, vote_value
from .circle import LAYOUTS
from .data import SquidCircleData
from .flow import AFTER_MOVE, AFTER_REVEAL, CALL, FLOW, OVER, PASS, QUESTIONS
from .state import SquidCircleState
from .upgrade import upgraded

# The moment of the round (the view's phase) in words: the question asked now, or the end.
PHASE_TITLES = {question.name: str(question.prompt) for question in QUESTIONS}
PHASE_TITLES[OVER] = N_("the game is over")


class SquidCircle(Game):
    id = "squid_circle"
    name = "SQUID (the guard card game)"
    state_class = SquidCircleState
    flow = FLOW
    simultaneous = True
    # One preset keeps the conformance run short; tests/games/squid_circle plays the other
    # variants (3 characters at 4–6 players, grouped layout) through the same checks.
    option_presets = ({"layout": "random", "mix": "long", "guard_start": 0},)

    def __init__(self, data: SquidCircleData | None = None) -> None:
        self.data = data if data is not None else data_file.load()
        self.min_players = self.data.min_players
        self.max_players = self.data.max_players
        per_colour = self.data.characters_per_colour
        self.options = (
            Option("characters", "recommended", "characters of each colour in the circle: "
                   '"recommended" (3 at 2–3 players, 2 at 4–6, as the rulebook advises) or a '
                   "number", choices=("recommended", *range(2, per_colour + 1))),
            Option("layout", "even", "how the colours are laid out: evenly spread (rulebook), "
                   "or the variants random or in colour groups", choices=LAYOUTS),
            Option("guard_start", "random", 'whose character the guard starts on: "random" or a '
                   "seat number (the rulebook: the youngest player, who picks which of their "
                   "characters in the random and grouped layouts)", check=_check_seat),
            Option("mix", "proposed", "the deck mix from the data file (the card lists are "
                   "lost; see the rulings)", choices=tuple(self.data.mixes)),
        )
        self.moves = action_table(self.data)
        text = self.moves.text  # the texts by kind, for listing legal actions
        self.plain_votes = (text[Vote(0)], text[Vote(1)])
        self.start_actions = tuple(text[StartOn(k)] for k in range(1, per_colour + 1))
        self.trick_actions = tuple(text[PlayTrick(t)] for t in range(len(self.data.tricks)))
        self.call_actions = frozenset(self.plain_votes) | {
            a for a, t in zip(self.trick_actions, self.data.tricks, strict=True)
            if t.moment == CALL}
        # What each call action counts and the trick it shows (None: a plain vote), and per
        # moment the trick actions by trick type: looked up on every vote and window.
        self.call_of: dict[str, tuple[int, int | None]] = {}
        for action in self.call_actions:
            move = self.moves.decode[action]
            shown = move.trick if type(move) is PlayTrick else None
            self.call_of[action] = (vote_value(self.data, move), shown)
        self.trick_actions_at = {
            moment: {t: a for t, (a, trick) in enumerate(
                zip(self.trick_actions, self.data.tricks, strict=True)) if trick.moment == moment}
            for moment in (CALL, AFTER_MOVE, AFTER_REVEAL)}  # every moment, even one no trick has
        super().__init__()

    def from_json(self, doc: Any, verify: bool = False) -> SquidCircleState:
        """Snapshots written before the decision stack (their `phase`) load too."""
        return super().from_json(upgraded(doc), verify)  # type: ignore[return-value]

    def upgraded(self, doc: Any) -> Any:
        """A snapshot as this release writes it, from one written before the decision stack."""
        return upgraded(doc)

    def evaluate_view(self, view: dict[str, Any], seat: int) -> float:
        return heuristic.evaluate(self.data, self.moves, view, seat)

    def all_actions(self) -> list[str]:
        return list(self.moves.actions)

    def seat_names(self, num_players: int) -> list[str]:
        return list(self.data.colours[:num_players])

    def names_in(self, language: str) -> dict[str, str]:
        """The colours as a reader of `language` reads them (games/names.py): the German
        interface shows the data file's `german_colours`; the state keeps `colours`."""
        if language != "de":
            return {}
        return dict(zip(self.data.colours, self.data.german_colours, strict=True))

    # ---- text ------------------------------------------------------------------------------------
    def render(self, view: dict[str, Any]) -> str:
        """The board as text, the colours named in the reader's language."""
        return shown_names(self, self._render(view))

    def _render(self, view: dict[str, Any]) -> str:
        state = view["state"]
        names = view["seat_names"]
        lines = [_("SQUID · round {round} · {phase}").format(
            round=state["round"], phase=_(PHASE_TITLES[state["phase"]]))]
        circle = state["circle"]
        lines.append(ngettext("Circle, clockwise ({count} character; * = guard):",
                              "Circle, clockwise ({count} characters; * = guard):",
                              len(circle)).format(count=len(circle)))
        cells = [("*" if i == state["guard"] else " ") + entry["character"]
                 for i, entry in enumerate(circle)]
        lines.extend("   " + "  ".join(cells[i:i + 6]) for i in range(0, len(cells), 6))
        if state["guard"] is None:
            lines.append(_("{name} is placing the guard on one of their own characters.").format(
                name=names[state["asking"]]))
        else:
            under = circle[state["guard"]]["character"]
            lines.append(_("The guard stands on {character} ({name}).").format(
                character=under, name=names[state["threatened"]])
                + (" " + _("Schnelles Spiel is running.") if state["quick_game"] else ""))
        if state["revealed"] is not None:
            lines.append(_("Revealed guard action: {action}.").format(action=state["revealed"]))
        lines.append("")
        for player in state["players"]:
            marker = "▶" if player["seat"] in view["to_move"] else " "
            status = (_("{count} in circle, {tricks} trick{s}").format(
                count=player["characters"], tricks=player["tricks"],
                s="" if player["tricks"] == 1 else "s") if player["active"] else _("out"))
            extra = " · " + _("has chosen") if player["has_voted"] else ""
            extra += " · " + _("passed") if player["passed"] else ""
            last = state["last_call"][player["seat"]]
            extra += (" · " + _("last call {value}").format(value=last)
                      if last is not None and player["active"] else "")
            colour = shown_names(self, player["colour"])
            lines.append(f" {marker} {colour:<7} {status}{extra}")
        lines.append("")
        lines.append(_("Guard actions: {count} in the pile; discards: {discards}").format(
            count=state["guard_pile"], discards=_counts(state["guard_discard"])))
        lines.append(_("Tricks: {count} in the pile; discards: {discards}").format(
            count=state["trick_pile"], discards=_counts(state["trick_discard"])))
        if state["hand"] is not None:
            lines.append(_("Your tricks ({name}): {tricks}").format(
                name=names[view["seat"]], tricks=", ".join(state["hand"]) or _("none")))
        if state["my_vote"] is not None:
            lines.append(_("Your hidden choice: {vote}").format(vote=state["my_vote"]))
        return "\n".join(lines)

    def action_label(self, view: dict[str, Any], action: str) -> str:
        return shown_names(self, self._action_label(view, action))

    def _action_label(self, view: dict[str, Any], action: str) -> str:
        state = view["state"]
        move = self.moves(action)
        if action == PASS:
            return _("pass: play no trick now")
        if type(move) is StartOn:
            name = f"{view['seat_names'][view['seat']]} {move.number}"
            place = [e["character"] for e in state["circle"]].index(name)
            before = state["circle"][place - 1]["character"]
            after = state["circle"][(place + 1) % len(state["circle"])]["character"]
            return _("put the guard on {name} (between {before} and {after})").format(
                name=name, before=before, after=after)
        if type(move) is Vote:
            value = move.value
            if value:
                return _("show {value} (index finger): the guard moves {value} more").format(
                    value=value)
            return _("show {value} (flat hand): the guard moves {value} more").format(value=value)
        assert type(move) is PlayTrick
        trick = self.data.tricks[move.trick]
        circle = state["circle"]
        english = _(trick.english)
        if trick.moment == CALL:
            return _("{name} ({text}), shown after the call").format(name=trick.name, text=english)
        if trick.moment == AFTER_MOVE:
            after = circle[(state["guard"] + 1) % len(circle)]["character"]
            return _("{name} ({text}): the guard goes to {character}").format(
                name=trick.name, text=english, character=after)
        under = circle[state["guard"]]["character"]
        return _("{name} ({text}): {character} faces a new guard action").format(
            name=trick.name, text=english, character=under)


def _check_seat(value: Any, num_players: int) -> str | None:
    if value == "random" or (type(value) is int and 0 <= value < num_players):
        return None
    return f'give "random" or a seat number from 0 to {num_players - 1}'


def _counts(names: list[str]) -> str:
    if not names:
        return _("none")
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
    return ", ".join(f"{name} ×{k}" for name, k in seen.items()) + " " + _("(top: {name})").format(
        name=names[-1])

"""6 - SQUID GAME: everyone plays Block, Stab, Push or Move face down; they resolve in that
order (ties from the Speed Token clockwise); tokens in the Triangle advance each round; the
first token to reach the Squid Head, or the last team standing, wins.

g["at"] maps each token still playing to its space: SAFE, SQUARE, or 1..8 in the Triangle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from squidbox.engine import HiddenChoice, Later, each_seat
from squidbox.engine.stack import Question
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from . import campaign
from .actions import FINAL_CARDS
from .stage import Stage, cards_text, chip, choice_asked, token_actions, token_of

if TYPE_CHECKING:
    from .state import SquidGameState

SAFE, SQUARE = -1, 0
BLOCK, STAB, PUSH, MOVE = "block", "stab", "push", "move"
CARDS = FINAL_CARDS  # (BLOCK, STAB, PUSH, MOVE): also their resolution order
PLACE, PLAY, CHOOSE = "place", "play", "choose"
STAB_TARGET, STAB_FAILS, PUSH_TARGET, MOVE_TOKEN = "stab", "stab fails", "push", "move"
CHOOSES = {STAB_TARGET: N_("{name} chooses whom to stab"),  # the terminal's line for a choice
           STAB_FAILS: N_("{name} chooses whom to stab fails"),
           PUSH_TARGET: N_("{name} chooses whom to push"),
           MOVE_TOKEN: N_("{name} chooses whom to move")}
CARD_NAMES = (N_("Block"), N_("Stab"), N_("Push"), N_("Move"))  # "You play Block."
MOVED_TO_SQUARE = N_("{_owner:name} {token:03d} moves to the Square.")
MOVED_IN_TRIANGLE = N_("{_owner:name} {token:03d} moves to space {space} of the Triangle.")


class FinalData(TypedDict):
    """The final Squid Game's part of the state (`s.g` while it is played)."""

    at: dict[str, int]  # each token still playing: its space (SAFE, SQUARE, 1..8)
    speed: int  # the seat holding the Speed Token
    to_place: list[int]  # seats choosing the token that enters the Square
    played: list[str | None]  # per seat, its card played face down this round
    revealed: list[str | None] | None  # the cards last shown, per seat
    blocking: list[int]  # seats that played Block this round
    round: int


def final_data(s: SquidGameState) -> FinalData:
    return cast(FinalData, s.g)


def zone(space: int) -> str | None:
    """Stab and Push reach within a zone: the Square, or the whole Triangle. The Safe Zone is
    no zone: its tokens can neither be reached nor reach."""
    if space == SAFE:
        return None
    return "square" if space == SQUARE else "triangle"


def speed_token_holder(teams: list[list[int]]) -> int:
    """The player with the least tokens; a tie goes to the highest-numbered token."""
    playing = [seat for seat, team in enumerate(teams) if team]
    return min(playing, key=lambda seat: (len(teams[seat]), -max(teams[seat])))


class SquidGameFinal(Stage):
    name = "squid_game"
    title = N_("Squid Game")
    # The card each seat played face down this round, its own until all are revealed.
    choices = (HiddenChoice("g.played", each_seat, lambda s, seat: CARDS, per_item=True),)

    def setup(self, s: SquidGameState) -> None:
        s.g = FinalData({
            "at": {str(t): SAFE for team in s.team for t in team},
            "speed": 0,
            "to_place": [],
            "played": [None] * s.num_players,
            "revealed": None,
            "blocking": [],
            "round": 0,
        })
        if self._last_team_standing(s):
            return
        final_data(s)["speed"] = speed_token_holder(s.team)
        s.emit("speed", "{seat:name} takes the Speed Token.", seat=final_data(s)["speed"])
        for seat in range(s.num_players):
            if len(s.team[seat]) == 1:
                self.to_square(s, s.team[seat][0])
            elif s.team[seat]:
                final_data(s)["to_place"].append(seat)
        s.push(squid_game_round)
        s.ask_all(list(final_data(s)["to_place"]), PLACE_TOKEN)

    def to_square(self, s: SquidGameState, token: int) -> None:
        final_data(s)["at"][str(token)] = SQUARE
        if s.recording:
            s.emit("place", "{_owner:name} {token:03d} enters the Square.", token=token,
                   _owner=s.owner(token))

    # ---- Reveal and resolve in order -------------------------------------------------------------
    def reveal(self, s: SquidGameState) -> None:
        s.mark_reveal()  # the hidden plays are shown
        g = final_data(s)
        played = g["played"]
        g["revealed"] = list(played)
        g["played"] = [None] * s.num_players
        clockwise = [(g["speed"] + k) % s.num_players for k in range(s.num_players)]
        g["blocking"] = [seat for seat in clockwise if played[seat] == BLOCK]
        if s.recording:
            s.emit("reveal", "Cards: {_shown}.", cards=list(played),
                   _shown=Later(cards_text, s.names, played, clockwise, True))
            for seat in g["blocking"]:
                s.emit("block", "{seat:name} blocks.", seat=seat)
        for card in (STAB, PUSH, MOVE):
            for seat in clockwise:
                if played[seat] == card:
                    s.push(squid_game_card, seat=seat, card=card)
        s.push(squid_game_end_round)

    def play_card(self, s: SquidGameState, seat: int, card: str) -> None:
        """Resolve one revealed Stab, Push or Move (a game won on the way clears the rest)."""
        if not s.playing(seat):
            return
        if card == STAB:
            self._stab(s, seat)
        elif card == PUSH:
            self._offer(s, seat, PUSH_TARGET, self.push_targets(s, seat),
                        N_("{seat:name} has nobody blocking to push."))
        else:
            self._offer(s, seat, MOVE_TOKEN, s.playing(seat), "")

    def queue(self, s: SquidGameState) -> list[list[int | str]]:
        """The revealed cards still to resolve this round, in order: [seat, card]."""
        return [[args["seat"], args["card"]] for name, args in reversed(s.stack)
                if name == "squid_game_card"]

    def _zones_of(self, s: SquidGameState, seat: int) -> set[str | None]:
        at, key = final_data(s)["at"], s.tokens.key
        return {zone(at[key[t]]) for t in s.playing(seat)} - {None}

    def _reachable(self, s: SquidGameState, seat: int, others: list[int]) -> list[int]:
        """The tokens of the `others` (other seats) in a zone with one of yours, ascending."""
        zones = self._zones_of(s, seat) if others else None
        if not zones:  # nobody to reach, or no token of yours in a zone
            return []
        at, key = final_data(s)["at"], s.tokens.key
        return sorted(t for other in others for t in s.playing(other) if zone(at[key[t]]) in zones)

    def stab_targets(self, s: SquidGameState, seat: int) -> tuple[list[int], list[int]]:
        """(tokens you may stab, your tokens that die if only blockers can be reached).
        Nobody can stab a player who played Stab too."""
        g = final_data(s)
        played, blocking, at = g["revealed"], g["blocking"], g["at"]
        assert played is not None, "stabs are resolved once the cards are shown"
        stabbable = [other for other in range(s.num_players)
                     if other != seat and played[other] != STAB]
        open_ = self._reachable(s, seat, [other for other in stabbable if other not in blocking])
        if open_:
            return open_, []
        blockers = self._reachable(s, seat, [other for other in stabbable if other in blocking])
        blocked_zones = {zone(at[str(t)]) for t in blockers}
        return [], [t for t in s.playing(seat) if zone(at[str(t)]) in blocked_zones]

    def push_targets(self, s: SquidGameState, seat: int) -> list[int]:
        return self._reachable(s, seat, final_data(s)["blocking"])

    def _stab(self, s: SquidGameState, seat: int) -> None:
        targets, doomed = self.stab_targets(s, seat)
        if targets:
            self._offer(s, seat, STAB_TARGET, targets, "")
        elif doomed:
            s.emit("stab", "{seat:name} can only stab a blocking player.", seat=seat)
            self._offer(s, seat, STAB_FAILS, doomed, "")
        else:
            s.emit("stab", "{seat:name} has nobody to stab.", seat=seat)

    def _offer(self, s: SquidGameState, seat: int, kind: str, options: list[int],
               none_text: str) -> None:
        if len(options) > 1:
            s.ask(seat, CHOOSE_TOKEN, kind=kind, options=options)
        elif options:
            self.resolve(s, seat, kind, options[0])
        elif none_text:
            s.emit(kind, none_text, seat=seat)

    def resolve(self, s: SquidGameState, seat: int, kind: str, token: int) -> None:
        if kind == STAB_TARGET:
            s.eliminate(token, N_("stabbed by {_by:name}"), _by=seat)
        elif kind == STAB_FAILS:
            s.eliminate(token, N_("it stabbed at a blocking player"))
        elif kind == PUSH_TARGET:
            s.eliminate(token, N_("pushed out of the court by {_by:name}"), _by=seat)
        else:
            self._move(s, token)
            return
        self._last_team_standing(s)

    def _move(self, s: SquidGameState, token: int) -> None:
        """Safe Zone to Square, Square to Triangle 1, Triangle n to n+1; from the last space to
        the Squid Head, which wins."""
        at = final_data(s)["at"]
        space = at[str(token)]
        if space == s.data.triangle_spaces:
            self._reach_squid_head(s, token)
            return
        at[str(token)] = space + 1
        if s.recording:
            s.emit("move", MOVED_TO_SQUARE if space == SAFE else MOVED_IN_TRIANGLE, token=token,
                   space=space + 1, _owner=s.owner(token))

    def _reach_squid_head(self, s: SquidGameState, token: int) -> None:
        s.emit("squid_head", "{_owner:name} {token:03d} reaches the Squid Head!", token=token,
               _owner=s.owner(token))
        # the winner's teammates too: one token wins
        for key in sorted(final_data(s)["at"], key=int):
            if int(key) != token:
                s.eliminate(int(key), N_("{winner:name} {head:03d} reached the Squid Head"),
                            winner=s.owner(token), head=token)
        s.winner = s.owner(token)
        s.survive(token, N_("it won the Squid Game"))
        campaign.finish_game(s)
        s.results[-1]["won_by"] = "squid_head"

    def _last_team_standing(self, s: SquidGameState) -> bool:
        """If at any time only one team is left, it wins; if none is, nobody does."""
        alive = [seat for seat in range(s.num_players) if s.playing(seat)]
        if len(alive) > 1:
            return False
        if alive:
            s.winner = alive[0]
            s.emit("last_team", "{seat:name} is the only team left.", seat=alive[0])
            for key in sorted(final_data(s)["at"], key=int):
                s.survive(int(key), N_("last team standing"))
        campaign.finish_game(s)
        if alive:
            s.results[-1]["won_by"] = "last_team"
        return True

    def end_round(self, s: SquidGameState) -> None:
        """Advance every token in the Triangle (not beyond the last space); pass the Speed
        Token clockwise."""
        g = final_data(s)
        last = s.data.triangle_spaces
        at = g["at"]
        for key, space in at.items():
            if space >= 1:
                at[key] = min(space + 1, last)
        g["speed"] = (g["speed"] + 1) % s.num_players
        if s.recording:
            s.emit("advance", "Tokens in the Triangle advance; the Speed Token passes to "
                   "{speed:name}.", speed=g["speed"])
        squid_game_round(s)

    # ---- what a player sees --------------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = final_data(s)
        pending = choice_asked(s, "squid_game_choose")
        return {
            "at": dict(g["at"]),
            "triangle_spaces": s.data.triangle_spaces,
            "speed": g["speed"],
            "step": STEP_OF.get(s.asking()),
            "round": g["round"],
            "to_place": list(g["to_place"]),
            "has_played": [v is not None for v in g["played"]],
            "my_card": None if viewer is None else s.shown_choice("g.played", viewer, viewer),
            "revealed": None if g["revealed"] is None else list(g["revealed"]),
            "queue": self.queue(s),
            "blocking": list(g["blocking"]),
            "pending": None if pending is None else {
                "seat": pending["seat"], "kind": pending["kind"],
                "options": list(pending["options"])},
        }

    def check(self, s: SquidGameState) -> None:
        for space in final_data(s)["at"].values():
            assert SAFE <= space <= s.data.triangle_spaces

    def where(self, game_view: dict[str, Any], place: Any) -> str:
        if place == SAFE:
            return _("Safe Zone")
        if place == SQUARE:
            return _("Square")
        return _("Triangle {number}").format(number=place)

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        lines = [_("Round {round} · Speed Token: {name}").format(round=g["round"],
                                                                name=names[g["speed"]])]
        for space in range(g["triangle_spaces"], SAFE - 1, -1):
            here = sorted(chip(int(t), view, names) for t, x in g["at"].items() if x == space)
            lines.append(f"  {self.where(g, space):>11}: {' '.join(here)}")
        if g["revealed"]:
            lines.append("  " + _("last cards: {cards}").format(cards=", ".join(
                f"{names[p]} {_(c)}" for p, c in enumerate(g["revealed"]) if c)))
        if g["pending"]:
            lines.append("  " + _(CHOOSES[g["pending"]["kind"]]).format(
                name=names[g["pending"]["seat"]]))
        if g["my_card"]:
            lines.append("  " + _("your face-down card: {card}").format(card=_(g["my_card"])))
        return lines


# ---- the questions and steps (engine/stack.py) ----------------------------------------------
def place_options(s: SquidGameState, seat: int) -> list[str]:
    return token_actions(s, s.playing(seat)) if seat in final_data(s)["to_place"] else []


def placed(s: SquidGameState, seat: int, choice: str) -> None:
    SQUID_GAME.to_square(s, token_of(s, choice))
    final_data(s)["to_place"].remove(seat)


def squid_game_round(s: SquidGameState) -> None:
    """A round: everyone still playing plays a card face down, all at once; then the reveal."""
    g = final_data(s)
    g["round"] += 1
    g["played"] = [None] * s.num_players
    g["blocking"] = []
    s.push(squid_game_reveal)
    s.ask_all(range(s.num_players), PLAY_CARD)


def card_options(s: SquidGameState, seat: int) -> list[str]:
    if final_data(s)["played"][seat] is not None or not s.playing(seat):
        return []
    return list(CARDS)


def card_played(s: SquidGameState, seat: int, choice: str) -> None:
    final_data(s)["played"][seat] = choice
    if s.recording:
        s.emit_private((seat,), s.entry("play", "You play {_card:t}.", seat=seat,
                                        _card=choice.title()),
                       s.entry("play", "{seat:name} plays a card face down.", seat=seat))


def squid_game_reveal(s: SquidGameState) -> None:
    SQUID_GAME.reveal(s)


def token_options(s: SquidGameState, seat: int, kind: str, options: list[int]) -> list[str]:
    return token_actions(s, options)


def token_chosen(s: SquidGameState, seat: int, choice: str, kind: str,
                 options: list[int]) -> None:
    SQUID_GAME.resolve(s, seat, kind, token_of(s, choice))


def squid_game_card(s: SquidGameState, seat: int, card: str) -> None:
    SQUID_GAME.play_card(s, seat, card)


def squid_game_end_round(s: SquidGameState) -> None:
    SQUID_GAME.end_round(s)


PLACE_TOKEN = Question("Choose the token that enters the Square", place_options, placed,
                       name="squid_game_place")
PLAY_CARD = Question("Play a card face down", card_options, card_played, name="squid_game_play")
CHOOSE_TOKEN = Question("Choose a token", token_options, token_chosen, name="squid_game_choose")
STEP_OF: dict[str | None, str] = {  # the view's "step", by the question asked now
    "squid_game_place": PLACE, "squid_game_play": PLAY, "squid_game_choose": CHOOSE}
STEPS = [squid_game_round, squid_game_reveal, squid_game_card, squid_game_end_round]
QUESTIONS = [PLACE_TOKEN, PLAY_CARD, CHOOSE_TOKEN]


SQUID_GAME = SquidGameFinal()

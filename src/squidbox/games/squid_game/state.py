"""Squid Game: the state. Campaign bookkeeping lives here and in campaign.py; each of the six
games is a Stage (one module each) that keeps its own data in the `g` field."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any, TypedDict, cast

from squidbox.engine import Field, Fixed, HiddenChoice, Later, State
from squidbox.engine.events import Entry
from squidbox.engine.stack import Frame, StackState
from squidbox.games.names import shown_log
from squidbox.i18n import N_

from . import campaign
from .dalgona import DALGONA, DalgonaData
from .flow import FLOW
from .glass_bridge import GLASS_BRIDGE, BridgeData
from .marbles import MARBLES, MarblesData
from .red_light_green_light import RED_LIGHT_GREEN_LIGHT, LightData
from .squid_game import SQUID_GAME, FinalData
from .stage import InPlay, Stage
from .tug_of_war import TUG_OF_WAR, TugData

if TYPE_CHECKING:
    from squidbox.engine import Zone

    from .data import SquidGameData
    from .game import SquidGame
    from .tokens import Tokens

STAGES: dict[str, Stage] = {
    stage.name: stage
    for stage in (RED_LIGHT_GREEN_LIGHT, DALGONA, TUG_OF_WAR, MARBLES, GLASS_BRIDGE, SQUID_GAME)
}

# A token leaving play, and why: the reason is a template of its own (docs/engine.md
# "Logging"), worded in the reader's language inside the sentence.
ELIMINATED = N_("{seat:name} {token:03d} is eliminated: {_why}.")
SURVIVES = N_("{seat:name} {token:03d} survives: {_why}.")


class NoGame(TypedDict):
    """`g` while no game is played (tokens being chosen, the campaign over): empty."""


# The current game's own data: each game's module says what it keeps (and reads it as its own
# type through its accessor, `bridge_data(s)` and so on).
StageData = LightData | DalgonaData | TugData | MarblesData | BridgeData | FinalData | NoGame


def reason_text(reason: Entry, names: tuple[str, ...]) -> str:
    return str(reason.shown(names)["text"])


class SquidGameState(StackState, State):
    game: SquidGame
    data: SquidGameData
    tokens: Tokens
    names: tuple[str, ...]

    # The game's data (FIELDS, engine/fields.py).
    games: Fixed[list[str]]  # the games to play, in order (all six, or one alone; set at setup)
    stage: Field[int]  # index of the current game in `games`
    phase: Field[str]  # lineup, recruit, play or over
    team: Field[list[list[int]]]  # per seat, its living team members (token numbers, ascending)
    reserve: Field[list[list[int]]]  # per seat, tokens set aside, not yet recruited
    bank: Field[list[list[int]]]  # per seat, eliminated tokens (the piggy bank)
    to_pick: Field[list[int]]  # per seat, tokens still to choose from the reserve
    g: Field[StageData]  # the current game's own data (see each game's module)
    winner: Field[int | None]  # the seat whose token won the final Squid Game, or None
    # per finished game: its name, each team's survivors (final: how it was won)
    results: Field[list[dict[str, Any]]]
    stack: Field[list[Frame]]  # frames still to do (engine/stack.py)
    # the question asked now: seat (or seats, asked at once), kind, args
    pending: Field[dict[str, Any] | None]

    def _setup(self) -> None:
        self._derive()
        self.stack, self.pending = [], None
        campaign.setup(self)
        self.game.flow.run(self)

    def _derive(self) -> None:
        self.data = self.game.data
        self.tokens = self.game.tokens
        self.names = tuple(self.seat_names())  # for log texts built when the log is read
        self._playing: tuple[dict[str, Any], list[list[int]]] | None = None  # see playing()

    def seat_names(self) -> list[str]:
        return self.game.seat_names(self.num_players)

    @property
    def current(self) -> Stage:
        return STAGES[self.games[self.stage]]

    def asking(self) -> str | None:
        """The kind of question asked now (a stage's view names its step after it)."""
        return None if self.pending is None else self.pending["kind"]

    # ---- shared helpers for the games -------------------------------------------------------
    def owner(self, token: int) -> int:
        return self.tokens.owner[token]

    # A token in a log template is "{_owner:name} {token:03d}", logged with _owner=owner(token)
    # (docs/engine.md "Logging"); eliminate and survive log their token so.

    def playing(self, seat: int) -> list[int]:
        """The seat's tokens still playing the current game, ascending (a fresh list).

        Asked very often (every option and move looks at it), it is worked out once for every
        seat and kept until the game's `at` is another dict (a new game, a clone, a loaded
        state); a token leaving play (eliminate, survive) is taken out of it there: the only
        ways it changes."""
        at = self.in_play()
        known = self._playing
        if known is None or known[0] is not at:
            key = self.tokens.key
            known = self._playing = (at, [[t for t in team if key[t] in at]
                                          for team in self.team])
        return known[1][seat][:]

    def in_play(self) -> dict[str, object]:
        """Where each token still playing the current game stands, as every game keeps it in
        g["at"] (the campaign only looks tokens up there and takes them out)."""
        return cast(InPlay, self.g)["at"]

    def _leaves_play(self, seat: int, token: int) -> None:
        """Take `token` out of the kept tokens in play (see playing()), before `at` loses it."""
        known = self._playing
        if known is not None and known[0] is self.in_play() and token in known[1][seat]:
            known[1][seat].remove(token)

    def eliminate(self, token: int, why: str, **why_data: Any) -> None:
        """`why` is a log template (docs/engine.md "Logging") over `why_data`."""
        seat = self.owner(token)
        self._leaves_play(seat, token)
        self.team[seat].remove(token)
        insort(self.bank[seat], token)
        self.in_play().pop(self.tokens.key[token], None)
        if self.recording:
            self.emit("eliminated", ELIMINATED, seat=seat, token=token,
                      _why=Later(reason_text, Entry("why", why, why_data), self.names))

    def survive(self, token: int, why: str, **why_data: Any) -> None:
        seat = self.owner(token)
        self._leaves_play(seat, token)
        del self.in_play()[self.tokens.key[token]]
        if self.recording:
            self.emit("survives", SURVIVES, seat=seat, token=token,
                      _why=Later(reason_text, Entry("why", why, why_data), self.names))

    # ---- the protocol hooks (the game's flow is FLOW: one lookup less on every decision) ------
    def _to_move(self) -> list[int]:
        return FLOW.to_move(self)

    def _legal_actions(self, player: int) -> list[str]:
        return FLOW.options(self, player)

    def _apply(self, player: int, action: str) -> None:
        FLOW.answer(self, action, player)

    def _action_is_public(self, player: int, action: str) -> bool:
        # Stages judge by the action alone: hidden plays use their own action names.
        return action not in self.game.hidden_actions

    def _is_terminal(self) -> bool:
        return self.phase == campaign.OVER

    def _returns(self) -> list[float]:
        winners = campaign.winners_of(self)
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.num_players)]

    def scores(self) -> list[float]:
        return [float(len(team)) for team in self.team]

    def log(self, viewer: int | None) -> list[dict[str, Any]]:
        """The log, its colours named in the reader's language (the data keep "Red")."""
        self._check_viewer(viewer)
        return shown_log(self, viewer)

    def _view(self, viewer: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "games": list(self.games),
            "stage": self.stage,
            "phase": self.phase,
            "teams": [list(team) for team in self.team],
            "reserve": [list(r) for r in self.reserve],
            "bank": [list(b) for b in self.bank],
            "to_pick": list(self.to_pick),
            "winner": self.winner,
            "results": [{"game": r["game"], "survivors": [list(t) for t in r["survivors"]]}
                        for r in self.results],
        }
        if self.phase == campaign.PLAY:
            view["game"] = self.current.view(self, viewer)
        return view

    def zones(self) -> tuple[Zone, ...]:
        return self.current.zones if self.phase == campaign.PLAY else ()

    def choices(self) -> tuple[HiddenChoice, ...]:
        return self.current.choices if self.phase == campaign.PLAY else ()

    def check_invariants(self) -> None:
        assert len(self.team) == len(self.reserve) == len(self.bank) == self.num_players
        for seat in range(self.num_players):
            held = sorted(self.team[seat] + self.reserve[seat] + self.bank[seat])
            assert held == list(self.tokens.of_seat(seat)), f"tokens of seat {seat} not conserved"
            assert self.team[seat] == sorted(self.team[seat]), "team not sorted"
            assert 0 <= self.to_pick[seat] <= len(self.reserve[seat]) or self.phase == "play"
        assert 0 <= self.stage < len(self.games)
        assert self.phase in (campaign.LINEUP, campaign.RECRUIT, campaign.PLAY, campaign.OVER)
        if self.phase == campaign.PLAY:
            for key in self.in_play():
                assert int(key) in self.team[self.owner(int(key))], f"{key} in play, not in team"
            self.current.check(self)
        else:
            assert self.g == {}
        assert self.winner is None or self.games[-1] == "squid_game"
        self.game.flow.check(self)

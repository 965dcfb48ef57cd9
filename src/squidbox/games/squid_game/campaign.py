"""The campaign: SETUP (choose 7 of your 12 tokens), the six games in order, RECRUITMENT
before each later game, and WINNING THE GAME. A single game can also be played on its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from squidbox.engine import Later
from squidbox.engine.stack import Question
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from .stage import survivors_text, token_actions, token_of

if TYPE_CHECKING:
    from .state import SquidGameState

CAMPAIGN = "campaign"
GAME_ORDER = (
    "red_light_green_light", "dalgona", "tug_of_war", "marbles", "glass_bridge", "squid_game",
)
LINEUP, RECRUIT, PLAY, OVER = "lineup", "recruit", "play", "over"


def setup(s: SquidGameState) -> None:
    n = s.num_players
    mode = s.options["game"]
    s.games = list(GAME_ORDER) if mode == CAMPAIGN else [mode]
    s.stage = 0
    s.team = [[] for _ in range(n)]
    s.reserve = [list(s.tokens.of_seat(seat)) for seat in range(n)]
    s.bank = [[] for _ in range(n)]
    s.g = {}
    s.winner = None
    s.results = []
    wanted = s.data.start_tokens if mode == CAMPAIGN else s.options["tokens"]
    s.to_pick = [wanted] * n
    s.phase = LINEUP
    if mode != CAMPAIGN or s.options["recruits"] == "random":
        _pick_at_random(s)
    else:
        s.emit("setup", "Each team chooses its {_wanted} starting tokens.", _wanted=wanted)
    _start_when_picked(s)


def _pick_at_random(s: SquidGameState) -> None:
    for seat in range(s.num_players):
        chosen = sorted(s.rng.sample(s.reserve[seat], s.to_pick[seat]))
        for number in chosen:
            _recruit(s, seat, number)


def _recruit(s: SquidGameState, seat: int, number: int) -> None:
    s.reserve[seat].remove(number)
    s.team[seat].append(number)
    s.team[seat].sort()
    s.to_pick[seat] -= 1


def pick_options(s: SquidGameState, seat: int) -> list[str]:
    return token_actions(s, s.reserve[seat]) if s.to_pick[seat] else []


def token_picked(s: SquidGameState, seat: int, choice: str) -> None:
    """A team chooses a token from its reserve (SETUP, or RECRUITMENT)."""
    number = token_of(s, choice)
    _recruit(s, seat, number)
    if s.recording:
        s.emit("recruit", N_("{seat:name} starts with {token:03d}.") if s.phase == LINEUP
               else N_("{seat:name} recruits {token:03d}."), seat=seat, token=number)


PICK = Question("Choose a token from your reserve", pick_options, token_picked, name="pick")


def _start_when_picked(s: SquidGameState) -> None:
    """Every team picks its tokens (all at once), then the next game starts."""
    s.push(start_game)
    s.ask_all(range(s.num_players), PICK)


def start_game(s: SquidGameState) -> None:
    s.phase = PLAY
    stage = s.current
    s.g = {}
    if s.recording:
        s.emit("game", N_("Game {_number}: {_title:t}.") if len(s.games) > 1 else "{_title:t}.",
               game=stage.name, _number=s.stage + 1, _title=stage.title)
    stage.setup(s)


def finish_game(s: SquidGameState) -> None:
    """A game is over: its survivors go on; before the next game each team recruits one."""
    survivors = [list(team) for team in s.team]
    s.results.append({"game": s.games[s.stage], "survivors": survivors})
    s.clear_stack()  # whatever the game still had to do is void
    if s.recording:
        s.emit("survivors", "{_title:t} is over. Survivors: {_survivors}", survivors=survivors,
               _title=s.current.title, _survivors=Later(_survivors_text, s.names, survivors))
    s.g = {}
    if s.winner is not None or s.stage == len(s.games) - 1:
        end(s)
        return
    s.stage += 1
    s.phase = RECRUIT
    s.to_pick = [1 if s.reserve[seat] else 0 for seat in range(s.num_players)]
    if s.options["recruits"] == "random":
        _pick_at_random(s)
    else:
        for seat in range(s.num_players):
            if len(s.reserve[seat]) == 1:
                last = s.reserve[seat][0]
                _recruit(s, seat, last)
                s.emit("recruit", "{seat:name} recruits {token:03d}, its last token.",
                       seat=seat, token=last)
    _start_when_picked(s)


def end(s: SquidGameState) -> None:
    s.phase = OVER
    s.g = {}
    winners = winners_of(s)
    s.emit("game_over", N_("{_names} wins.") if len(winners) == 1
           else N_("{_names} share the win."), winners=winners,
           _names=Later(_names_text, s.names, tuple(winners)))


def _names_text(names: Sequence[str], seats: tuple[int, ...]) -> str:
    """ "Red", "Red and Pink" in the reader's language."""
    return (" " + _("and") + " ").join(names[seat] for seat in seats)


def _survivors_text(names: Sequence[str], survivors: list[list[int]]) -> str:
    return "; ".join(f"{names[seat]} {survivors_text(team)}" for seat, team in enumerate(survivors))


def winners_of(s: SquidGameState) -> list[int]:
    """WINNING THE GAME: the team of the token that wins the final Squid Game. A single game
    other than Squid Game is won by the teams with the most survivors (our ruling); if nobody
    survives, every team is tied and shares (returns always add up to 1)."""
    if s.games[-1] == "squid_game" and s.winner is not None:
        return [s.winner]
    last = s.results[-1]["survivors"]
    best = max(len(team) for team in last)
    return [seat for seat, team in enumerate(last) if len(team) == best]


STEPS = [start_game]
QUESTIONS = [PICK]

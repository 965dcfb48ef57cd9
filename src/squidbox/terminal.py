"""Playing a game in the terminal: humans at some seats (hot-seat when several), bots at the rest.

Input and output are injectable (`read` works like `input`, `write` like `print`) so tests can
drive a game without a subprocess. Works for every game through the engine protocol alone.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from .autopass import PASS, passes_automatically
from .bots import Bot
from .engine import Action, Game, InvalidOptions, State
from .games.names import shown
from .i18n import gettext as _
from .terminal_cards import cards_text

Read = Callable[[str], str]
Write = Callable[[str], None]


class Quit(Exception):
    """The person at the keyboard stopped the game (q, or the end of input)."""


class _Undo(Exception):  # noqa: N818 (a request, not an error)
    """The person at the keyboard takes back `seat`'s last decision (u)."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


def play_in_terminal(
    game: Game,
    num_players: int,
    bots: Mapping[int, Bot],
    seed: int,
    options: Mapping[str, Any] | None = None,
    read: Read = input,
    write: Write = print,
    clear: Callable[[], None] | None = None,
    auto_pass: Collection[int] = (),
) -> int:
    """Play one game; seats in `bots` are played by them, the others by people. Returns the exit
    code (0, also when someone quits). Raises InvalidOptions for bad options or seats.
    With several people (hot-seat), `clear` is called after each of their moves so the next
    person does not see the previous one's hand (the command line clears the screen).
    Seats in `auto_pass` start with automatic passing on (the key a switches it per seat): when
    "pass" is a seat's only legal action it is answered for them (see squidbox/autopass.py)."""
    state = game.new_game(num_players, seed, options)
    if any(type(s) is not int or not 0 <= s < num_players for s in bots):
        raise InvalidOptions(f"bot seats must be 0 to {num_players - 1}, got {sorted(bots)}")
    table = _Table(game, state, bots, read, write, clear)
    table.auto_pass.update(s for s in auto_pass if s in table.humans)
    try:
        table.play()
    except Quit as stop:
        write(str(stop))
    return 0


class _Table:
    def __init__(self, game: Game, state: State, bots: Mapping[int, Bot], read: Read,
                 write: Write, clear: Callable[[], None] | None) -> None:
        self.game, self.state, self.bots = game, state, bots
        self.read, self.write, self.clear = read, write, clear
        # Options may rename seats; SQUID's colours are read in the reader's language.
        self.names: list[str] = [shown(game, name) for name in state.view(None)["seat_names"]]
        self.humans = [s for s in range(state.num_players) if s not in bots]
        # What scrolls by as it happens: with one person at the keyboard, their own log (so
        # they see their own hidden choices); with several (hot-seat), only the public log.
        self.watcher = self.humans[0] if len(self.humans) == 1 else None
        self.public_shown = 0  # entries of log(watcher) written so far
        self.seen = dict.fromkeys(self.humans, 0)  # entries of log(seat) that seat has seen
        self.public_mark = dict.fromkeys(self.humans, 0)  # public_shown at seat's last prompt
        self.last_human: int | None = None
        self.auto_pass: set[int] = set()  # seats passed for when "pass" is all they can do

    def play(self) -> None:
        self.announce()
        self.show_public()
        state = self.state
        while not state.is_terminal():
            seat = min(state.to_move())  # simultaneous decisions: one at a time, in seat order
            bot = self.bots.get(seat)
            try:
                action = bot.choose(state, seat) if bot is not None else self.ask(seat)
            except _Undo as undo:
                self.take_back(undo.seat)
                continue
            state.apply(seat, action)
            if not state.is_terminal():
                self.show_public()
        self.show_end()

    def announce(self) -> None:
        state = self.state
        self.write(_("{game}: {players} players, seed {seed}.").format(
            game=_(self.game.name), players=state.num_players, seed=state.seed))
        humans = ", ".join(self.names[s] for s in self.humans)
        bots = ", ".join(f"{self.names[s]} ({bot.name})" for s, bot in sorted(self.bots.items()))
        if not self.humans:
            self.write(_("Bots only: {bots}. The game plays itself.").format(bots=bots))
        else:
            self.write(_("People: {names}.").format(names=humans)
                       + (" " + _("Bots: {bots}.").format(bots=bots) if bots else ""))
            self.write(_("At each prompt type an action's number (or its name), h to list the "
                         "actions again, c for the full text of the cards in view, a to pass "
                         "automatically when pass is all you can do, u to take back your last "
                         "move (until another seat decides or something hidden or random "
                         "comes up), or q to quit."))

    def take_back(self, seat: int) -> None:
        """Undo `seat`'s last decision (allowed: checked by the caller) and say so; what was
        written of the logs stays written, and their counts go back with them."""
        self.state.undo(seat)
        public = len(self.state.log(self.watcher))
        self.public_shown = min(self.public_shown, public)
        for human in self.humans:
            self.seen[human] = min(self.seen[human], len(self.state.log(human)))
            self.public_mark[human] = min(self.public_mark[human], public)
        self.write("  · " + _("{name} took back a move.").format(name=self.names[seat]))

    def undo_request(self, seat: int) -> _Undo | None:
        """The undo of `seat`'s last decision, or None after saying why it is not allowed."""
        reason = self.state.undo_refusal(seat)
        if reason is None:
            return _Undo(seat)
        self.write(_("No undo: {reason}.").format(reason=reason))
        return None

    def show_public(self) -> None:
        entries = self.state.log(self.watcher)[self.public_shown:]
        self.public_shown += len(entries)
        self.write_entries(entries)

    def show_private(self, seat: int) -> None:
        """The entries of seat's log not yet shown to it, minus the public ones already written."""
        log = self.state.log(seat)
        written = self.state.log(self.watcher)[self.public_mark[seat]:self.public_shown]
        fresh = []
        for entry in log[self.seen[seat]:]:
            if entry in written:
                written.remove(entry)
            else:
                fresh.append(entry)
        self.seen[seat], self.public_mark[seat] = len(log), self.public_shown
        self.write_entries(fresh)

    def write_entries(self, entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            self.write(f"  · {entry.get('text', entry)}")

    def ask(self, seat: int) -> Action:
        name = self.names[seat]
        if len(self.humans) > 1 and self.last_human != seat:
            self.write("\n=== " + _("Pass the device to {name}. {name}, press Enter when "
                                    "ready.").format(name=name) + " ===")
            while (answer := self.prompt("").strip().lower()) == "u" and \
                    self.last_human is not None:  # the one who just decided takes it back
                if (undo := self.undo_request(self.last_human)) is not None:
                    raise undo
            if answer == "q":
                raise Quit(_("Game stopped."))
        self.last_human = seat
        self.show_private(seat)
        legal = self.state.legal_actions(seat)
        if seat in self.auto_pass and passes_automatically(legal):
            return self.pass_automatically(seat)
        view = self.state.view(seat)
        self.write(self.game.render(view))
        labels = [self.game.action_label(view, action) for action in legal]
        self.show_actions(labels)
        while True:
            answer = self.prompt(_("{name}, your choice (1-{count}, h, c, a, u, q): ").format(
                name=name, count=len(legal))).strip()
            if answer.lower() == "q":
                raise Quit(_("Game stopped."))
            if answer.lower() == "u":
                if (undo := self.undo_request(seat)) is not None:
                    raise undo
                continue
            if answer.lower() == "c":
                self.write(cards_text(self.game, self.state, seat))
                continue
            if answer.lower() == "h":
                self.show_actions(labels)
                continue
            if answer.lower() == "a":
                self.toggle_auto_pass(seat)
                if seat in self.auto_pass and passes_automatically(legal):
                    return self.pass_automatically(seat)
                continue
            problem = _choice_problem(answer, len(legal))
            named = self.game.canonical_action(answer)  # a name, or its ASCII spelling
            if problem is None or named in legal:
                if self.clear is not None and len(self.humans) > 1:
                    self.clear()
                return legal[int(answer) - 1] if problem is None else named
            self.write(problem)

    def toggle_auto_pass(self, seat: int) -> None:
        name = self.names[seat]
        if seat in self.auto_pass:
            self.auto_pass.discard(seat)
            self.write(_("Automatic pass is off for {name}: you choose at every prompt.").format(
                name=name))
        else:
            self.auto_pass.add(seat)
            self.write(_("Automatic pass is on for {name}: when pass is all you can do, it is "
                         "answered for you (a turns it off).").format(name=name))

    def pass_automatically(self, seat: int) -> Action:
        """Answer "pass" for a seat that holds nothing that fits. At a shared screen the seat
        was handed the device as for any question, and hands it on after reading this."""
        self.write(_("{name}: nothing you hold fits now, so you pass automatically.").format(
            name=self.names[seat]))
        if len(self.humans) > 1:
            if self.prompt(_("Press Enter to hand on (a turns automatic pass off): ")).strip() \
                    .lower() == "a":
                self.toggle_auto_pass(seat)
            if self.clear is not None:
                self.clear()
        return PASS

    def show_actions(self, labels: list[str]) -> None:
        width = len(str(len(labels)))
        for number, label in enumerate(labels, 1):
            self.write(f"  {number:>{width}}. {label}")

    def prompt(self, text: str) -> str:
        try:
            return self.read(text)
        except EOFError:
            raise Quit("\n" + _("End of input: game stopped.")) from None

    def show_end(self) -> None:
        state = self.state
        self.write("\n=== " + _("Game over") + " ===")
        self.write(self.game.render(state.view(None)))
        self.show_public()
        scores, returns = state.scores(), state.returns()
        self.write(_("Results:"))
        width = max(len(name) for name in self.names)
        for seat, name in enumerate(self.names):
            bot = self.bots.get(seat)
            who = _("bot: {bot}").format(bot=bot.name) if bot is not None else _("person")
            score = "" if scores is None else _("score {score}").format(
                score=f"{scores[seat]:g}") + " · "
            self.write(f"  {name:<{width}}  {score}" + _("return {value}").format(
                value=f"{returns[seat]:g}") + f"  ({who})")


def _choice_problem(answer: str, count: int) -> str | None:
    """Why `answer` is not an action number from 1 to count, or None when it is one."""
    if not answer:
        return _("Please type a number from 1 to {count} (h lists the actions, q quits).").format(
            count=count)
    try:
        number = int(answer)
    except ValueError:
        return _("{answer} is not a number: type 1 to {count}, h or q.").format(
            answer=repr(answer), count=count)
    if not 1 <= number <= count:
        return _("There is no action {answer}: choose 1 to {count}.").format(answer=answer,
                                                                             count=count)
    return None

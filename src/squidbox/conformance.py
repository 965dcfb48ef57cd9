"""The five guarantees of DESIGN.md, checked on seeded random playouts of any registered game.

Used by tests/conformance/ and by `squidbox fuzz`. Works through the engine protocol alone.

A game's declared zones (engine/zones.py) and hidden choices (engine/choices.py) are checked
against its view and its resample: a view must not change when a pile or value hidden from the
viewer changes, must change when one the viewer sees changes, and the game's resample must vary
every hidden pile and value that could vary. A search state (no log, no history) playing the
same decisions as the recording state must reach the same game state: search states take
shortcuts of their own (Grid Squid scores them without building the log's details).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from .engine import HIDDEN_ACTION, Game, IllegalAction, SnapshotError, State
from .engine.choices import HiddenChoice, Key, hidden_entries
from .engine.zones import Zone, chance_unchanged, hidden_piles, piles, redeal

# A hidden pile is held to vary under resampling when one uniform redeal would leave it as it is
# with at most this chance; ZONE_RESAMPLES resamples then all leave it unchanged with a chance
# below 1e-9 (0.25 ** 15), so a failure is a forgotten zone, not bad luck.
ZONE_MAX_CHANCE_UNCHANGED = 0.25
ZONE_RESAMPLES = 15
# A hidden value is held to vary when a fresh draw keeps it with a chance of at most one half;
# CHOICE_RESAMPLES resamples then all keep it with a chance below 1e-9 (0.5 ** 30).
CHOICE_RESAMPLES = 30

GARBAGE_ACTIONS: tuple[Any, ...] = (None, 42, "", "nonsense", ["place"], {"a": 1}, 3.5)


class ConformanceError(AssertionError):
    """A guarantee does not hold; the message says how to reproduce it."""


@dataclass
class PlayoutReport:
    game: str
    num_players: int
    seed: int
    options: dict[str, Any]
    decisions: int = 0
    deep_checks: int = 0
    resamples_that_changed_hidden_state: int = 0
    returns: list[float] = field(default_factory=list)


def check_playout(
    game: Game,
    num_players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    deep_every: int = 1,
    max_decisions: int = 200_000,
) -> PlayoutReport:
    """Play one seeded random game, checking every guarantee along the way.

    Invariants are checked after every action and the replay at the end. The full checks
    (snapshot, clone isolation, leaks, illegal input) run every `deep_every` decisions, or with
    deep_every=0 at decisions 0, 1, 2, 4, 8, 16, … and at the end: a few per game, however long.
    """
    report = PlayoutReport(game.id, num_players, seed, dict(options or {}))
    chooser = random.Random(seed)
    state = game.new_game(num_players, seed=seed, options=options)
    max_decisions = min(max_decisions, game.max_game_length(num_players, state.options))
    where = f"{game.id} players={num_players} seed={seed} options={report.options}"

    def fail(problem: str) -> ConformanceError:
        return ConformanceError(f"{where} after {report.decisions} decisions: {problem}")

    try:
        search = state.clone(records=False)  # plays the same decisions without log or history
        state.check_invariants()
        while not state.is_terminal():
            if _deep_now(report.decisions, deep_every):
                check_deeply(game, state, chooser, report)
                _check_search_state(state, search)
            player, action = _random_decision(game, state, chooser)
            state.apply(player, action)
            search.apply(player, action)
            state.check_invariants()
            report.decisions += 1
            if report.decisions > max_decisions:
                raise fail(f"no end after {max_decisions} decisions (the game's bound)")
        check_deeply(game, state, chooser, report)
        _check_search_state(state, search)
        _check_terminal(game, state)
        _check_replay(game, state, seed, options)
    except ConformanceError:
        raise
    except Exception as e:  # any crash or failed invariant is a conformance failure
        raise fail(f"{type(e).__name__}: {e}") from e
    report.returns = state.returns()
    return report


def _deep_now(decision: int, deep_every: int) -> bool:
    if deep_every > 0:
        return decision % deep_every == 0
    return decision & (decision - 1) == 0  # 0 and the powers of two


def _random_decision(game: Game, state: State, chooser: random.Random) -> tuple[int, str]:
    movers = state.to_move()
    assert movers, "a state that is not terminal has nobody to move"
    assert len(set(movers)) == len(movers), f"to_move repeats a seat: {movers}"
    player = chooser.choice(movers)
    legal = state.legal_actions(player)
    assert legal, f"seat {player} is to move but has no legal action"
    assert len(set(legal)) == len(legal), f"legal actions repeat: {legal}"
    for action in legal:
        assert game.action_from_id(game.action_to_id(action)) == action, f"action id of {action}"
    return player, chooser.choice(legal)


def check_deeply(game: Game, state: State, chooser: random.Random, report: PlayoutReport) -> None:
    report.deep_checks += 1
    _check_snapshot(game, state)
    _check_clone_isolation(state, chooser)
    _check_zones(state, chooser, report)  # before the leak check: its message names the zone
    _check_choices(state, chooser, report)  # and this one names the hidden choice
    _check_no_leaks(state, chooser, report)
    _check_illegal_input(game, state, chooser)


def _check_snapshot(game: Game, state: State) -> None:
    """Guarantee 2: from_json(to_json()) is exact, and the snapshot is plain JSON."""
    doc = state.to_json()
    assert json.loads(json.dumps(doc)) == doc, "to_json is not plain JSON"
    restored = game.from_json(json.loads(json.dumps(doc)))
    assert restored.to_json() == doc, "from_json(to_json()) differs"
    for viewer in [None, *range(state.num_players)]:
        view = state.view(viewer)
        assert json.loads(json.dumps(view)) == view, "view is not plain JSON"
        assert restored.view(viewer) == view, "restored state shows a different view"


def _check_clone_isolation(state: State, chooser: random.Random) -> None:
    """Guarantee 3: playing on a clone changes neither the original nor another clone."""
    before = state.to_json()
    played_on = state.clone()
    untouched = state.clone()
    _play_randomly(played_on, chooser, steps=3)
    assert state.to_json() == before, "playing on a clone changed the original"
    assert untouched.to_json() == before, "playing on a clone changed another clone"


def _check_no_leaks(state: State, chooser: random.Random, report: PlayoutReport) -> None:
    """Guarantee 4: what a player sees is the same in every state resampled for that player,
    and resampling depends on nothing the player cannot see."""
    original = state.to_json()
    public_view, public_log = state.view(None), state.log(None)
    for player in range(state.num_players):
        key = chooser.getrandbits(32)
        resampled = state.resample(player, random.Random(key), records=True)
        resampled.check_invariants()
        search_state = state.resample(player, random.Random(key))
        assert search_state.to_json()["state"] == resampled.to_json()["state"], (
            "resampling without records redeals differently")
        assert resampled.view(player) == state.view(player), f"seat {player}'s view leaks"
        assert resampled.log(player) == state.log(player), f"seat {player}'s log leaks"
        assert resampled.view(None) == public_view, "the spectator view leaks"
        assert resampled.log(None) == public_log, "the spectator log leaks"
        twice = state.resample(player, random.Random(key ^ 0x5EED), records=True).resample(
            player, random.Random(key), records=True)
        resampled_doc = resampled.to_json()
        assert twice.to_json() == resampled_doc, (
            f"resample({player}) depends on information seat {player} cannot see")
        if resampled_doc["state"] != original["state"]:
            report.resamples_that_changed_hidden_state += 1
        _play_randomly(resampled, chooser, steps=3)
    assert state.to_json() == original, "resample changed the original"


def _check_zones(state: State, chooser: random.Random, report: PlayoutReport) -> None:
    """The declared zones agree with the view and the resample (module docstring). It runs at
    deep checks 1, 2, 4, 8, ... only: a few per game, however often the other checks run."""
    zones = state.zones()
    if not zones or not _deep_now(report.deep_checks - 1, 0):
        return
    viewers: list[int | None] = [None, *range(state.num_players)]
    views = {viewer: state.view(viewer) for viewer in viewers}
    for player in range(state.num_players):
        for pool, hidden in hidden_piles(state, zones, player).items():
            redealt = state.clone(records=False)
            redeal(redealt, zones, player, random.Random(chooser.getrandbits(32)), pool)
            assert redealt.view(player) == views[player], (
                f"seat {player}'s view shows cards of {_named(hidden)}, declared hidden from it")
            assert redealt.view(None) == views[None], (
                f"the spectator view shows cards of {_named(hidden)}, declared hidden")
    for viewer in viewers:
        for zone, seat in piles(state, zones):
            if zone.seen_by(seat, viewer):
                _check_shown(state, zones, zone, seat, viewer, views[viewer])
    for player in range(state.num_players):
        _check_redealt(state, zones, player, chooser)


def _named(hidden: list[tuple[Zone, int | None]]) -> str:
    return ", ".join(sorted({zone.field if seat is None else f"{zone.field}[{seat}]"
                             for zone, seat in hidden}))


def _check_shown(state: State, zones: tuple[Zone, ...], zone: Zone, seat: int | None,
                 viewer: int | None, view: dict[str, Any]) -> None:
    """A pile `viewer` may see by the declaration shows in its view: trading one of its cards
    for a different card of its pool (or, in an ordered pile, swapping two) changes the view."""
    cards = zone.cards(state, seat)
    faces = zone.faces(state, cards)
    changed = state.clone(records=False)
    for i, card in enumerate(cards):
        if zone.ordered:
            j = next((j for j in range(i + 1, len(cards)) if faces[j] != faces[i]), None)
            if j is not None:
                cards[i], cards[j] = cards[j], cards[i]
                zone.put(changed, seat, cards)
                break
        other = _different_card(state, zones, zone, seat, faces[i])
        if other is not None:
            other_zone, other_seat, k = other
            their = other_zone.cards(state, other_seat)
            cards[i], their[k] = their[k], card
            zone.put(changed, seat, cards)
            other_zone.put(changed, other_seat, their)
            break
    else:
        return  # every card of the pool is alike: nothing to trade
    where = zone.field if seat is None else f"{zone.field}[{seat}]"
    who = "the spectator" if viewer is None else f"seat {viewer}"
    assert changed.view(viewer) != view, (
        f"{where} is declared seen by {who}, but {who}'s view does not show its cards")


def _different_card(state: State, zones: tuple[Zone, ...], zone: Zone, seat: int | None,
                    face: Any) -> tuple[Zone, int | None, int] | None:
    """A card of `zone`'s pool, in another pile, that looks unlike `face`: (zone, seat, index)."""
    for other, other_seat in piles(state, zones):
        if other.pool != zone.pool or (other is zone and other_seat == seat):
            continue
        for k, their in enumerate(other.faces(state, other.cards(state, other_seat))):
            if their != face:
                return other, other_seat, k
    return None


def _check_redealt(state: State, zones: tuple[Zone, ...], player: int,
                   chooser: random.Random) -> None:
    """The game's resample varies every pile hidden from `player` that a uniform redeal would
    leave unchanged with a chance of at most ZONE_MAX_CHANCE_UNCHANGED."""
    to_vary = []
    for hidden in hidden_piles(state, zones, player).values():
        pool = [face for zone, seat in hidden
                for face in zone.faces(state, zone.unknown_cards(state, seat))]
        for zone, seat in hidden:
            pile = zone.faces(state, zone.unknown_cards(state, seat))
            if pile and chance_unchanged(zone, pile, pool) <= ZONE_MAX_CHANCE_UNCHANGED:
                to_vary.append((zone, seat, _as_compared(zone, seat, state)))
    for _ in range(ZONE_RESAMPLES):
        if not to_vary:
            return
        resampled = state.resample(player, random.Random(chooser.getrandbits(32)))
        to_vary = [(zone, seat, before) for zone, seat, before in to_vary
                   if _as_compared(zone, seat, resampled) == before]
    assert not to_vary, (
        f"resample({player}) never redeals {_named([(z, s) for z, s, _ in to_vary])}, "
        f"declared hidden from seat {player} ({ZONE_RESAMPLES} resamples)")


def _as_compared(zone: Zone, seat: int | None, state: State) -> list[Any]:
    faces = zone.faces(state, zone.cards(state, seat))
    return faces if zone.ordered else sorted(faces)


def _check_choices(state: State, chooser: random.Random, report: PlayoutReport) -> None:
    """The declared hidden choices agree with the view and the resample (module docstring), at
    every deep check (a value is chosen for a moment only: a vote until all are in). Setting a
    chosen value to another possible one changes the view of exactly the viewers that may see
    it, and `resample(p)` varies every value `p` may not see that a fresh draw would keep with
    a chance of at most one half."""
    choices = state.choices()
    if not choices:
        return
    viewers: list[int | None] = [None, *range(state.num_players)]
    views = {viewer: state.view(viewer) for viewer in viewers}
    for choice in choices:
        for key in list(choice.keys(state)):
            other = _another_value(state, choice, key)
            if other is None:
                continue
            changed = state.clone(records=False)
            choice.set(changed, key, other)
            for viewer in viewers:
                who = "the spectator" if viewer is None else f"seat {viewer}"
                if choice.seen_by(state, key, viewer):
                    assert changed.view(viewer) != views[viewer], (
                        f"{_entry(choice, key)} is declared seen by {who}, but {who}'s view "
                        "does not show it")
                else:
                    assert changed.view(viewer) == views[viewer], (
                        f"{who}'s view shows {_entry(choice, key)}, declared hidden from it")
    for player in range(state.num_players):
        to_vary = [(choice, key, choice.get(state, key))
                   for choice, key in hidden_entries(state, choices, player)
                   if _may_vary(state, choice, key)]
        for _ in range(CHOICE_RESAMPLES):
            if not to_vary:
                break
            resampled = state.resample(player, random.Random(chooser.getrandbits(32)))
            to_vary = [(choice, key, before) for choice, key, before in to_vary
                       if choice.get(resampled, key) == before]
        assert not to_vary, (
            f"resample({player}) never redraws "
            f"{', '.join(_entry(choice, key) for choice, key, _ in to_vary)}, declared hidden "
            f"from seat {player} ({CHOICE_RESAMPLES} resamples)")


def _entry(choice: HiddenChoice, key: Key) -> str:
    return choice.field if key is None else f"{choice.field}[{key}]"


def _another_value(state: State, choice: HiddenChoice, key: Key) -> Any:
    """A possible value of the entry other than the one it holds, or None if there is none."""
    current = choice.get(state, key)
    values = choice.values(state, key)
    if choice.part is None:
        return next((value for value in values if value != current), None)
    unused = next((value for value in values if value not in current), None)
    return None if unused is None else [unused, *current[1:]]


def _may_vary(state: State, choice: HiddenChoice, key: Key) -> bool:
    """Whether a fresh draw would keep the entry as it is with a chance of at most one half."""
    current = choice.get(state, key)
    values = list(choice.values(state, key))
    if choice.part is None:
        return bool(values) and values.count(current) * 2 <= len(values)
    return len(values) >= 2 and len(values) > len(current)


def _check_search_state(state: State, search: State) -> None:
    """A search state that played the same decisions holds the same game state."""
    def game_state(doc: dict[str, Any]) -> dict[str, Any]:
        return {part: value for part, value in doc.items() if part not in ("events", "history")}

    assert game_state(search.to_json()) == game_state(state.to_json()), (
        "a search state (no log) playing the same decisions reaches another game state")


def _check_illegal_input(game: Game, state: State, chooser: random.Random) -> None:
    """Guarantee 5: anything not listed raises IllegalAction and changes nothing."""
    before = state.to_json()
    movers = state.to_move()
    attempts: list[tuple[Any, Any]] = []
    waiting = [p for p in range(state.num_players) if p not in movers]
    if waiting:
        seat = chooser.choice(waiting)
        attempts.append((seat, chooser.choice(game.actions)))
        assert state.legal_actions(seat) == [], "a seat not to move has legal actions"
    for player in movers:
        legal = set(state.legal_actions(player))
        unlisted = [a for a in game.actions if a not in legal]
        if unlisted:
            attempts.append((player, chooser.choice(unlisted)))
        attempts.extend((player, garbage) for garbage in GARBAGE_ACTIONS)
    some_action = chooser.choice(game.actions)
    attempts.extend((seat, some_action) for seat in (-1, state.num_players, None, "0", 0.0))
    records = (len(state.history), len(state.events))
    for player, action in attempts:
        try:
            state.apply(player, action)
        except IllegalAction as e:
            assert str(e), "IllegalAction without a message"
        else:
            raise AssertionError(f"apply({player!r}, {action!r}) was accepted")
        assert (len(state.history), len(state.events)) == records, (
            f"rejected apply({player!r}, {action!r}) was recorded")
    assert state.to_json() == before, "a rejected action changed the state"
    bad_seats: tuple[Any, ...] = (-1, state.num_players, "x")  # "x": not even a number
    for bad_seat in bad_seats:
        for method in (state.legal_actions, state.view, state.log):
            try:
                method(bad_seat)
            except IllegalAction:
                continue
            raise AssertionError(f"{method.__name__}({bad_seat!r}) was accepted")


def _check_terminal(game: Game, state: State) -> None:
    assert state.to_move() == [], "a finished game still has seats to move"
    for player in range(state.num_players):
        assert state.legal_actions(player) == [], "a finished game still has legal actions"
    returns = state.returns()
    assert len(returns) == state.num_players, "returns has the wrong length"
    assert all(isinstance(r, float) for r in returns), "returns must be floats"
    if game.returns_sum is not None:
        assert abs(sum(returns) - game.returns_sum) < 1e-9, f"returns {returns} do not add up"


def _check_replay(game: Game, state: State, seed: int, options: dict[str, Any] | None) -> None:
    """Guarantee 2: seed + options + history replays to the identical snapshot."""
    doc = state.to_json()
    replayed = game.replay(state.num_players, seed, options, state.history)
    assert replayed.to_json() == doc, "replaying seed + history gives a different state"
    try:
        game.from_json(doc, verify=True)
    except SnapshotError as e:
        raise AssertionError(f"a genuine snapshot fails verification: {e}") from e


def _play_randomly(state: State, chooser: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        player = chooser.choice(state.to_move())
        state.apply(player, chooser.choice(state.legal_actions(player)))
        state.check_invariants()


# ---- undo ---------------------------------------------------------------------------------------
@dataclass
class UndoReport:
    game: str
    num_players: int
    seed: int
    options: dict[str, Any]
    decisions: int = 0
    undos: int = 0  # single undos taken and compared with the state before
    revealing: int = 0  # decisions the resample check found revealing something to a seat
    drawing: int = 0  # decisions that drew from the generator


def check_undo_playout(
    game: Game,
    num_players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    resamples: int = 3,
    reveal_every: int = 1,
    max_decisions: int | None = None,
) -> UndoReport:
    """Play one seeded random game, checking undo at every decision:

    - wherever the deciding seat may undo, one undo gives exactly the state before its last
      decision (snapshot, every seat's and the spectator's view and log, and what each seat may
      undo), and redoing the decision gives the state after it again; a refused undo changes
      nothing;
    - nothing drawn or revealed can be undone. A draw is seen in the snapshot's generator
      counter; a reveal is found apart from the game's own `mark_reveal()` calls: the state
      before the decision is resampled `resamples` times from each seat's view and the same
      decision taken; if the seat's view or new log entries then differ from the real ones,
      the decision showed it something hidden (for a decision the seat does not see, any
      other decision open in the resampled state that looks the same to it will do).
      The reveal check runs every `reveal_every` decisions (always before a decision that
      could be undone after).

    Each undo replays the game from its seed, so a long game costs its length squared:
    `max_decisions` stops the check early (the game need not end).
    """
    report = UndoReport(game.id, num_players, seed, dict(options or {}))
    chooser = random.Random(seed)
    state = game.new_game(num_players, seed=seed, options=options)
    where = f"{game.id} players={num_players} seed={seed} options={report.options}"
    floor = 0  # no undo may reach back before this many decisions
    before = _capture(state)
    try:
        while not state.is_terminal() and report.decisions != max_decisions:
            player, action = _random_decision(game, state, chooser)
            check_reveal = report.decisions % max(1, reveal_every) == 0
            revealed_to = (_revealed_to(state, player, action, chooser, resamples)
                           if check_reveal else None)
            draws = state.to_json()["rng"][1]
            state.apply(player, action)
            report.decisions += 1
            drew = state.to_json()["rng"][1] != draws
            report.drawing += drew
            if revealed_to is not None:
                report.revealing += 1
            if drew or revealed_to is not None:
                floor = len(state.history)
            undoable = [state.undoable(seat) for seat in range(num_players)]
            if not check_reveal and undoable[player]:
                # a window the reveal check skipped: check this decision after all
                trial = state.clone()
                trial.undo(player)
                revealed_to = _revealed_to(trial, player, action, chooser, resamples)
                if revealed_to is not None:
                    floor = len(state.history)
            for seat, count in enumerate(undoable):
                if len(state.history) - count < floor:
                    why = ("it drew from the generator" if drew else
                           f"it showed seat {revealed_to} something hidden (the game has no "
                           "mark_reveal() where its rule reveals it)")
                    raise AssertionError(
                        f"seat {seat} may undo {count} decisions, back before decision "
                        f"{floor} ({player}, {action!r}), but {why}")
                if count and seat != player:
                    raise AssertionError(f"seat {seat} may undo although seat {player} "
                                         "decided last")
            after = _capture(state)
            if undoable[player]:
                _check_one_undo(state, player, action, before, after)
                report.undos += 1
            _check_refused_undos(state, undoable, after)
            before = after
    except AssertionError as e:
        raise ConformanceError(f"{where} at decision {report.decisions}: {e}") from e
    except Exception as e:
        raise ConformanceError(
            f"{where} at decision {report.decisions}: {type(e).__name__}: {e}") from e
    return report


Capture = tuple[Any, ...]


def _capture(state: State) -> Capture:
    """Everything anyone can read of a state: snapshot, views, logs, what may be undone."""
    viewers = [None, *range(state.num_players)]
    return (state.to_json(), [state.view(v) for v in viewers], [state.log(v) for v in viewers],
            [state.undoable(seat) for seat in range(state.num_players)])


def _check_one_undo(state: State, player: int, action: str, before: Capture,
                    after: Capture) -> None:
    trial = state.clone()
    trial.undo(player)
    trial.check_invariants()
    undone = _capture(trial)
    for part, name in enumerate(("snapshot", "views", "logs", "undoable counts")):
        assert undone[part] == before[part], f"undo by seat {player} gives other {name}"
    trial.apply(player, action)
    assert _capture(trial) == after, "redoing an undone decision gives another state"


def _check_refused_undos(state: State, undoable: list[int], after: Capture) -> None:
    for seat, count in enumerate(undoable):
        if count:
            continue
        reason = state.undo_refusal(seat)
        assert reason, f"seat {seat} may not undo but no reason is given"
        try:
            state.undo(seat)
        except IllegalAction as e:
            assert str(e) == reason, "undo refused with another reason than undo_refusal"
        else:
            raise AssertionError(f"seat {seat} could undo although undoable() said 0")
    assert _capture(state) == after, "a refused undo changed the state"


def _revealed_to(state: State, player: int, action: str, chooser: random.Random,
                 resamples: int) -> int | None:
    """The first seat that `player`'s taking `action` shows something hidden, found by
    resampling (see check_undo_playout), or None."""
    actual = state.clone()
    actual.apply(player, action)
    for seat in range(state.num_players):
        log_length = len(state.log(seat))
        seen = (actual.view(seat), actual.log(seat)[log_length:])
        sees_action: bool | None = None
        for _ in range(resamples):
            guess = state.resample(seat, random.Random(chooser.getrandbits(32)), records=True)
            if _outcome(guess, player, action, seat, log_length) == seen:
                continue
            if sees_action is None:
                sees_action = seat == player or _sees_action(actual, seat)
            # A decision the seat does not see may have been any other one.
            if sees_action or not any(
                    _outcome(guess, player, other, seat, log_length) == seen
                    for other in guess.legal_actions(player) if other != action):
                return seat
    return None


def _outcome(state: State, player: int, action: str, seat: int, log_length: int) -> Any:
    """What `seat` sees after `player` takes `action` in (a clone of) `state`; None when the
    action is not possible there."""
    if action not in state.legal_actions(player):
        return None
    after = state.clone()
    after.apply(player, action)
    return after.view(seat), after.log(seat)[log_length:]


def _sees_action(after: State, seat: int) -> bool:
    """Whether `seat` learnt which action was taken last (its history shows it)."""
    return after.resample(seat, random.Random(0), records=True).history[-1][1] != HIDDEN_ACTION

"""The five guarantees of DESIGN.md, checked on seeded random playouts of any registered game.

Used by tests/conformance/ and by `squidbox fuzz`. Works through the engine protocol alone.

A game's declared zones (engine/zones.py) are checked against its view and its resample: a
view must not change when a zone hidden from the viewer is redealt, must change when a zone the
viewer sees changes, and the game's resample must vary every hidden pile that could vary. What
is not a card in a declared zone (a face-down vote redrawn by a hand-written `_resample`) has
the one limit left: a resample that leaves such a value exactly as it truly is looks, from
outside, like a public value, so it must be read against `_view`.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from .engine import Game, IllegalAction, SnapshotError, State
from .engine.zones import Zone, chance_unchanged, hidden_piles, piles, redeal

# A hidden pile is held to vary under resampling when one uniform redeal would leave it as it is
# with at most this chance; ZONE_RESAMPLES resamples then all leave it unchanged with a chance
# below 1e-9 (0.25 ** 15), so a failure is a forgotten zone, not bad luck.
ZONE_MAX_CHANCE_UNCHANGED = 0.25
ZONE_RESAMPLES = 15

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
        state.check_invariants()
        while not state.is_terminal():
            if _deep_now(report.decisions, deep_every):
                check_deeply(game, state, chooser, report)
            player, action = _random_decision(game, state, chooser)
            state.apply(player, action)
            state.check_invariants()
            report.decisions += 1
            if report.decisions > max_decisions:
                raise fail(f"no end after {max_decisions} decisions (the game's bound)")
        check_deeply(game, state, chooser, report)
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
    for bad_seat in (-1, state.num_players, "x"):
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
